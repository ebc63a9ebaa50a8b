"""Typed, frozen settings, one dataclass per subsystem, combined in `Settings`.

Values come from, in increasing priority: the defaults below, an optional `folio.toml`
in the data directory (or the path in FOLIO_CONFIG), and `FOLIO_*` environment variables.
Secrets (the LLM key) are read from the environment once, here, at the edge.

Example:
    >>> s = Settings.load(data_dir="folio-doc-example", env={})  # nothing is written there
    >>> s.chunking.max_words
    220
"""
from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from core.errors import ConfigError

DEFAULT_DATA_DIR = "~/.folio"


@dataclass(frozen=True)
class ChunkingSettings:
    """How sections are cut into chunks."""

    max_words: int = 220
    overlap_words: int = 30


@dataclass(frozen=True)
class MarkdownSettings:
    """PDF -> Markdown: "rules" (layout and fonts, the default) or "llm" (HiQA's sliding-window
    LLM formatter: `window` pages per call, `padding` pages of context on each side)."""

    mode: str = "rules"
    window: int = 4
    padding: int = 1


@dataclass(frozen=True)
class EmbedSettings:
    """Embedding model: a sentence-transformers path; empty = packaged all-MiniLM-L6-v2.
    `device`: "auto" (CUDA when torch sees a GPU, else CPU), "cpu", "cuda", "cuda:N", "mps"."""

    model: str = ""
    batch_size: int = 32
    device: str = "auto"


@dataclass(frozen=True)
class StoreSettings:
    """Backends: embedded unless a server URL is given."""

    chroma_url: str = ""  # FOLIO_CHROMA_URL, e.g. http://localhost:8000
    es_url: str = ""  # FOLIO_ES_URL, e.g. http://localhost:9200
    namespace: str = "folio"  # collection / index name prefix


@dataclass(frozen=True)
class GraphSettings:
    """Chunk-Interaction Graph density."""

    keyword_threshold: int = 2  # T: shared keywords needed for a keyword edge
    semantic_top_k: int = 5  # semantic edges per chunk
    semantic_min_cosine: float = 0.3
    max_keyword_df: float = 0.02  # keywords in more than this share of chunks are ignored
    rare_keyword_df: int = 3  # one shared keyword held by at most this many chunks is enough
    keyword_mode: str = "shapes"  # shapes | spacy | tagger | nounchunks | yake | tfidf | llm (core/index/keyword_modes.py)
    mention_fanout: int = 3  # first chunks of a document that a title mention links to


@dataclass(frozen=True)
class RetrieveSettings:
    """Retriever defaults."""

    default_retriever: str = "multiroute"  # answer first most often on the test sets (benchmarks/answer_sets/BASELINE.md)
    k: int = 10
    multiroute_alpha: float = 0.6
    multiroute_beta: float = 0.1
    rrf_k: int = 60
    graph_budget: int = 30  # passages a graph retriever may visit
    gnn_alpha: float = 0.5  # GNN-Ret: weight of a node's own distance (rest: best message)
    gnn_top_k: int = 3  # GNN-Ret: closest nodes that send messages in each layer
    gnn_layers: int = 1
    gnn_mention_alpha: float = 0.25  # own weight along a title mention (< 0: treat as keyword edge)
    gnn_alphas: tuple = ()  # GNN-Ret per-layer alpha^l (the paper's setting); empty: gnn_alpha in every layer
    gnn_clamp: bool = True  # keep min(own, mixed): a message never pushes a passage down (False: the paper's update)
    rgnn_beta: float = 0.9  # RGNN-Ret: weight of the current step (rest: the earlier steps)
    rgnn_trained_beta: bool = True  # RGNN-Ret: use beta from data_dir/models/rgnn.json when trained
    rgnn_max_steps: int = 4  # RGNN-Ret: sub-questions at most, if self-critique never says yes
    rgnn_passages: int = 3  # RGNN-Ret: passages each sub-answer reads
    hop_cap: int = 20  # learned next-hop model: candidates it scores per step (latency vs recall)
    hop_mode: str = "replace"  # iier with a learned model: replace the hand scorer, or combine (hand walk + learned term)
    kgp_seeding: str = "bm25"  # KGP seeds: bm25 | tfidf | knn (the paper compares TF-IDF and KNN)
    kgp_branch: int = 1  # KGP: neighbours visited per expanded node (the paper's branching factor)


@dataclass(frozen=True)
class LLMSettings:
    """OpenAI-compatible endpoint; empty base_url and model means no LLM (extractive reader)."""

    base_url: str = ""
    api_key: str = field(default="", repr=False)
    model: str = ""
    timeout_s: float = 60.0
    max_retries: int = 2
    temperature: float = 0.0
    merge_system: bool = False  # put the rules in the user turn (chat formats that drop system turns)
    ollama_url: str = "http://localhost:11434"  # a local Ollama server the Chat page offers models from

    @property
    def configured(self) -> bool:
        """True when an endpoint and a model are both set."""
        return bool(self.base_url and self.model)


@dataclass(frozen=True)
class OcrSettings:
    """OCR of pages without a text layer (Tesseract). `languages` as Tesseract names them,
    joined by '+' ('eng+deu'; each needs its tesseract-ocr-LANG package); pages are rendered at
    `dpi` and read `jobs` at a time; pages whose mean word confidence is below `low_confidence`
    are named in the file's summary line. `enabled=False` leaves scanned pages unread."""

    enabled: bool = True
    languages: str = "eng"
    dpi: int = 300
    jobs: int = 2
    low_confidence: float = 60.0
    psm: int = 0  # Tesseract page segmentation mode; 0: 4 (lines) or 3 on pages in columns (SCAN_RESULTS.md)
    prepare: bool = True  # undo skew and smooth noise before reading (core.ingest.pdf.ocr_image)
    tables: bool = False  # scanned tables by their rules, marks as bullets (ocr_rules); off: SCAN_ROUND5.md
    headings: bool = False  # numbered titles, code and signatures told apart on scans (ocr_headings); off: SCAN_ROUND7.md
    own_picture: bool = False  # read a full-page scan's own pixels at its own dpi (ocr_source); off: retrieval not measured, SCAN_ROUND6.md


@dataclass(frozen=True)
class VisionSettings:
    """A vision model that describes figures, on the LLM's endpoint (OPENAI_BASE_URL,
    OPENAI_API_KEY); empty = figures are described by their caption and nearby text."""

    model: str = ""


@dataclass(frozen=True)
class WalkSettings:
    """Bounds on walking a folder for PDFs (`[walk]` in folio.toml, or FOLIO_WALK_*): a walk
    that reaches one stops with an error naming the setting, so a typo such as `/` cannot hang."""

    max_entries: int = 200_000  # files and folders looked at
    max_pdfs: int = 10_000  # PDFs found
    seconds: float = 60.0  # wall time


@dataclass(frozen=True)
class FormatSettings:
    """Reading files other than PDFs (`[formats]` in folio.toml): a spreadsheet with more than
    `max_cells` cells is refused (FOLIO_MAX_CELLS); Office files are rendered to PDF pages by
    LibreOffice unless `render` is off (FOLIO_RENDER=0), each within `render_timeout_s`."""

    max_cells: int = 2_000_000
    render: bool = True
    render_timeout_s: float = 180.0


@dataclass(frozen=True)
class WorkerSettings:
    """The background job worker that adds files: its own process (default) or a thread of
    the app, at lower CPU priority and with fewer torch threads, so questions are not starved."""

    mode: str = "process"  # process | thread (FOLIO_WORKER)
    nice: int = 10  # added to the worker process's niceness
    threads: int = 0  # torch threads of the worker; 0 = half the CPU cores
    linger_s: float = 10.0  # an idle worker waits this long for more jobs before it exits
    write_window_s: float = 30.0  # an add job saves the full-text index this often (core/library/write_window.py)


@dataclass(frozen=True)
class FolderSettings:
    """Watched folders (`[folders]` in folio.toml, FOLIO_WATCH): how changes are noticed and
    how long a file must stay still before it is read."""

    watch: str = "auto"  # auto (inotify, polling where events are not delivered) | native | polling
    debounce_s: float = 0.3  # quiet time after the last event before a sync is queued
    settle_s: float = 1.0  # no close-write event seen: a file modified more recently is still being written
    give_up_s: float = 60.0  # a PDF without its end marker this long is read anyway (and fails)
    poll_s: float = 2.0  # the polling observer's interval, and how often missing roots are looked for


@dataclass(frozen=True)
class Settings:
    """All of Folio's settings, passed around as one object."""

    data_dir: Path
    chunking: ChunkingSettings = ChunkingSettings()
    markdown: MarkdownSettings = MarkdownSettings()
    embed: EmbedSettings = EmbedSettings()
    stores: StoreSettings = StoreSettings()
    graph: GraphSettings = GraphSettings()
    retrieve: RetrieveSettings = RetrieveSettings()
    llm: LLMSettings = LLMSettings()
    ocr: OcrSettings = OcrSettings()
    vision: VisionSettings = VisionSettings()
    walk: WalkSettings = WalkSettings()
    worker: WorkerSettings = WorkerSettings()
    formats: FormatSettings = FormatSettings()
    folders: FolderSettings = FolderSettings()
    max_file_mb: int = 200

    @staticmethod
    def load(data_dir: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> "Settings":
        """Build settings from defaults, folio.toml and FOLIO_* variables (see module doc)."""
        env = os.environ if env is None else env
        root = Path(data_dir or env.get("FOLIO_DATA_DIR") or DEFAULT_DATA_DIR).expanduser()
        toml_path = Path(env.get("FOLIO_CONFIG", root / "folio.toml"))
        file_values: dict[str, Any] = {}
        if toml_path.is_file():
            try:
                file_values = tomllib.loads(toml_path.read_text("utf-8"))
            except tomllib.TOMLDecodeError as exc:
                raise ConfigError(f"{toml_path}: not valid TOML ({exc}); fix or delete the file") from exc

        def section(cls: type, name: str, env_map: Mapping[str, str]) -> Any:
            values = dict(file_values.get(name, {}))
            for attr, var in env_map.items():
                if var in env and env[var] != "":
                    values[attr] = env[var]
            return _build(cls, name, values)

        return Settings(
            data_dir=root,
            chunking=section(ChunkingSettings, "chunking", {}),
            markdown=section(MarkdownSettings, "markdown", {"mode": "FOLIO_MARKDOWN"}),
            embed=section(EmbedSettings, "embed", {"model": "FOLIO_EMBED_MODEL", "device": "FOLIO_EMBED_DEVICE"}),
            stores=section(StoreSettings, "stores", {"chroma_url": "FOLIO_CHROMA_URL", "es_url": "FOLIO_ES_URL"}),
            graph=section(GraphSettings, "graph", {"keyword_mode": "FOLIO_KEYWORDS"}),
            retrieve=section(RetrieveSettings, "retrieve", {"default_retriever": "FOLIO_RETRIEVER"}),
            llm=section(
                LLMSettings,
                "llm",
                {"base_url": "OPENAI_BASE_URL", "api_key": "OPENAI_API_KEY", "model": "FOLIO_LLM_MODEL",
                 "merge_system": "FOLIO_LLM_MERGE_SYSTEM", "timeout_s": "FOLIO_LLM_TIMEOUT",
                 "ollama_url": "FOLIO_OLLAMA_URL"},
            ),
            ocr=section(OcrSettings, "ocr", {"enabled": "FOLIO_OCR", "languages": "FOLIO_OCR_LANGUAGES",
                                             "dpi": "FOLIO_OCR_DPI", "jobs": "FOLIO_OCR_JOBS",
                                             "tables": "FOLIO_OCR_TABLES", "headings": "FOLIO_OCR_HEADINGS",
                                             "own_picture": "FOLIO_OCR_OWN_PICTURE"}),
            vision=section(VisionSettings, "vision", {"model": "FOLIO_VLM_MODEL"}),
            walk=section(WalkSettings, "walk", {"max_entries": "FOLIO_WALK_MAX_ENTRIES",
                                                "max_pdfs": "FOLIO_WALK_MAX_PDFS", "seconds": "FOLIO_WALK_SECONDS"}),
            worker=section(WorkerSettings, "worker", {"mode": "FOLIO_WORKER"}),
            formats=section(FormatSettings, "formats", {"max_cells": "FOLIO_MAX_CELLS", "render": "FOLIO_RENDER",
                                                        "render_timeout_s": "FOLIO_RENDER_TIMEOUT"}),
            folders=section(FolderSettings, "folders", {"watch": "FOLIO_WATCH"}),
            max_file_mb=int(env.get("FOLIO_MAX_FILE_MB", file_values.get("max_file_mb", 200))),
        )


def _build(cls: type, name: str, values: Mapping[str, Any]) -> Any:
    """Instantiate a settings dataclass, converting strings to the declared field types."""
    known = {f.name: f for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, raw in values.items():
        if key not in known:
            raise ConfigError(f"unknown setting [{name}] {key}; valid: {', '.join(sorted(known))}")
        default = known[key].default
        try:
            if isinstance(default, bool):
                kwargs[key] = _as_bool(raw)
            else:
                kwargs[key] = type(default)(raw) if not isinstance(default, str) else str(raw)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"setting [{name}] {key}={raw!r} is not a valid {type(default).__name__}") from exc
    return cls(**kwargs)


def _as_bool(raw: Any) -> bool:
    """Read a boolean from TOML (bool) or an environment string (1/0, true/false, yes/no)."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(text)
