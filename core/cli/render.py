"""Text and JSON rendering for the CLI, and its tqdm progress bars."""
from __future__ import annotations

import sys
import time
from dataclasses import asdict

from tqdm import tqdm

from core.evidence.originals import megabytes, originals_line
from core.types import Answer, Document, RetrievalResult, ScoredChunk


_STAGE_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}]"


class IngestProgress:
    """Two bars in a terminal: files done (of `files`, when known), and the current file's
    stage (OCR scanned pages, parse pages, embed chunks...). Not a terminal: one plain line per stage, for logs;
    the check and parse lines carry the process's CPU seconds so far (start to first page read)."""

    def __init__(self, files: int | None = None) -> None:
        self._disable = not sys.stderr.isatty()
        self._files = None if self._disable else tqdm(
            total=files, desc="files", unit=" file", file=sys.stderr, dynamic_ncols=True, position=0)
        self._stage_bar: tqdm | None = None
        self._key: tuple[str, str] | None = None

    def __enter__(self) -> "IngestProgress":
        return self

    def __exit__(self, *exc) -> None:
        for bar in (self._stage_bar, self._files):
            if bar is not None:
                bar.close()

    def write(self, line: str) -> None:
        """Print a line to stdout above the bars (a file's one-line summary)."""
        if self._disable:
            print(line, flush=True)
        else:
            tqdm.write(line, file=sys.stdout)

    def update(self, event) -> None:
        """Receive a core.ingest.pipeline.ProgressEvent."""
        key = (event.file, event.stage)
        if self._disable:
            if key != self._key and event.stage not in ("done", "error"):
                # this process's CPU seconds so far: "parse" comes once the first page is read
                cpu = f" (cpu {time.process_time():.2f}s)" if event.stage in ("check", "parse") else ""
                print(f"{event.file}: {event.stage}{cpu}", file=sys.stderr, flush=True)
            self._key = key
            return
        if event.stage in ("done", "error"):
            self._files.update(1)
            return
        if key != self._key:
            if self._stage_bar is not None:
                self._stage_bar.close()
            name = event.file.rsplit("/", 1)[-1][:40]
            self._stage_bar = tqdm(total=max(event.total, 1), desc=f"{name}: {event.stage}", leave=False,
                                   file=sys.stderr, dynamic_ncols=True, position=1, bar_format=_STAGE_FORMAT)
            self._key = key
        self._stage_bar.n = min(event.done, self._stage_bar.total)
        self._stage_bar.refresh()


class EvalProgress:
    """One bar over questions x retrievers."""

    def __init__(self, total: int) -> None:
        self._bar = tqdm(total=total, desc="eval", file=sys.stderr, disable=not sys.stderr.isatty())

    def __enter__(self) -> "EvalProgress":
        return self

    def __exit__(self, *exc) -> None:
        self._bar.close()

    def update(self, *_args, **_kwargs) -> None:
        """Advance by one question."""
        self._bar.update(1)


def outcome_line(o) -> str:
    """One-line summary of an AddOutcome."""
    mark = {"added": "added", "replaced": "replaced", "duplicate": "skipped", "error": "FAILED",
            "synced": "synced"}[o.status]
    stages = ", ".join(f"{k} {v:.1f}s" for k, v in o.stage_seconds.items())
    own = sum(o.stage_seconds.values())
    if stages and o.seconds - own > max(1.0, 0.25 * o.seconds):  # in a folder, files wait behind each other
        stages = f"{own:.1f}s its own: {stages}; the rest behind other files"
    timing = f" in {o.seconds:.1f}s ({stages})" if stages else ""
    return f"{mark:8} {o.source}{timing}: {o.message}"  # the message may end in notes


def doc_dict(d: Document) -> dict:
    """JSON view of a Document."""
    return asdict(d)


def documents_table(docs: list[Document]) -> str:
    """Plain-text table of documents; the path each came from tells same-named files apart."""
    if not docs:
        return "the library is empty; add PDFs with `python -m core ingest PATH`"
    rows = [f"{'id':16}  {'pages':>5}  {'chunks':>6}  {'PDF kept':>8}  {'added':19}  title (file) from"]
    for d in docs:
        kept = megabytes(d.size_bytes) if d.original else ("no" if d.kind != "corpus" else "-")
        where = f" from {d.origin}" if d.origin else ""
        rows.append(f"{d.doc_id:16}  {d.pages:>5}  {d.chunks:>6}  {kept:>8}  {d.added_at[:19]:19}  "
                    f"{d.title} ({d.source}){where}")
    return "\n".join(rows + ([originals_line(docs)] if any(d.kind != "corpus" for d in docs) else []))


def stats_text(stats: dict) -> str:
    """Library counts and graph density, one fact per line."""
    edges = ", ".join(f"{k} {v}" for k, v in sorted(stats["edges"].items())) or "none"
    density = ", ".join(f"{k} {v}" for k, v in stats["neighbours_per_chunk"].items())
    return "\n".join([
        f"documents {stats['documents']}, chunks {stats['chunks']}",
        f"graph nodes {stats['graph_nodes']} ({stats['page_and_section_nodes']} page/section nodes)",
        f"edges: {edges}",
        f"chunk neighbours per chunk: {density}",
    ])


def scored_dict(rank: int, s: ScoredChunk) -> dict:
    """JSON view of a ranked chunk with its metadata and route scores."""
    c = s.chunk
    return {
        "rank": rank, "chunk_id": c.chunk_id, "score": round(float(s.score), 6),
        "routes": {k: round(float(v), 6) for k, v in s.routes.items()},
        "document": c.doc_title, "doc_id": c.doc_id, "kind": c.kind,
        "page_start": c.page_start, "page_end": c.page_end, "heading_path": list(c.heading_path),
        "source_id": c.source_id, "chain": s.chain, "text": c.text,
    }


def result_dict(r: RetrievalResult) -> dict:
    """JSON view of a RetrievalResult: chunks, seeds, hops, timings, LLM calls."""
    return {
        "question": r.question, "retriever": r.retriever,
        "chunks": [scored_dict(i, s) for i, s in enumerate(r.chunks, 1)],
        "seeds": list(r.seeds), "hops": [asdict(h) for h in r.hops],
        "chains": [list(c) for c in r.chains],
        "timings_ms": {k: round(v, 2) for k, v in r.timings_ms.items()},
        "llm_calls": r.llm_calls, "llm_tokens": r.llm_tokens, "notes": list(r.notes),
    }


def result_text(r: RetrievalResult) -> str:
    """Readable ranking with page spans, heading paths and route scores."""
    parts = {k: v for k, v in r.timings_ms.items() if k != "total"}
    total = r.timings_ms.get("total", sum(parts.values()))  # graph retrievers time the whole call
    steps = ", ".join(f"{k} {v:.0f}" for k, v in parts.items())
    lines = [f"{r.retriever}: {len(r.chunks)} chunks in {total:.0f} ms ({steps})"]
    lines += [f"note: {n}" for n in r.notes]
    for i, s in enumerate(r.chunks, 1):
        c = s.chunk
        routes = " ".join(f"{k}={v:.3f}" for k, v in s.routes.items())
        lines.append(f"{i:>2}. {s.score:.4f} [{routes}] {c.path_label} ({c.pages_label})")
        snippet = " ".join(c.text.split())[:160]
        lines.append(f"    {snippet}")
    if r.hops:
        lines.append("path: " + " | ".join(f"{h.step}:{h.source[:8]}-{h.kind}->{h.target[:8]}" for h in r.hops))
    return "\n".join(lines)


def answer_dict(a: Answer) -> dict:
    """JSON view of an Answer with its citations and the retrieval behind it."""
    return {
        "question": a.question, "understood_as": a.understood_as, "answer": a.text, "mode": a.mode,
        "citations": [{"number": c.number, "label": c.label, "chunk_id": c.chunk.chunk_id,
                       "document": c.chunk.doc_title, "page_start": c.chunk.page_start,
                       "page_end": c.chunk.page_end, "heading_path": list(c.chunk.heading_path)}
                      for c in a.citations],
        "sentences": [sentence_dict(s) for s in a.sentences],
        "llm_calls": a.llm_calls, "llm_tokens": a.llm_tokens, "latency_ms": round(a.latency_ms, 1),
        "retrieval": result_dict(a.retrieval),
    }


def sentence_dict(s) -> dict:
    """JSON view of an AnswerSentence: its citations, supporting span, span boxes and verdict."""
    boxes = [{"page": b.page, "x0": b.x0, "y0": b.y0, "x1": b.x1, "y1": b.y1} for b in s.boxes]
    return {"text": s.text, "citations": list(s.citations), "span": s.span_text, "chunk_id": s.chunk_id,
            "span_boxes": boxes, "verdict": s.verdict, "support": s.score}


def answer_text(a: Answer, already_streamed: bool = False, cite_label=None) -> str:
    """Answer text, then its numbered citations (`cite_label(citation)` writes each, e.g. with
    the printed page labels; default `Citation.label`), then its cost."""
    label = {"llm": "", "extractive": "(extractive reader: no LLM configured)\n",
             "unsupported": ""}[a.mode]
    lines = [] if already_streamed else [label + a.text]
    lines.append("")
    from core.answer.cited import ALSO_RETRIEVED, quoted_first  # here: `ingest` never needs them
    from core.answer.support import support_note

    quoted = quoted_first(a)
    for c in quoted.citations:
        if c.number == quoted.first_unquoted:
            lines.append(ALSO_RETRIEVED.lower())
        lines.append((cite_label or (lambda c: c.label))(c))

    note = support_note(a.sentences)
    if note and already_streamed:  # the streamed text could not carry the flags: name the sentences
        lines += [f"not in the cited pages: “{s.text}”" for s in a.sentences if s.verdict == "not_found"]
    lines.append(f"({a.llm_calls} LLM calls, {a.llm_tokens} tokens, {a.latency_ms:.0f} ms{'; ' + note if note else ''})")
    return "\n".join(lines)


def eval_table(report: dict) -> str:
    """Leaderboard text from an eval report's JSON."""
    lines = [f"{report['questions']} questions"]
    for name, metrics in report["retrievers"].items():
        body = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in metrics.items())
        lines.append(f"{name:10} {body}")
    return "\n".join(lines)
