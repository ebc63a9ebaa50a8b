"""Compare designs that make a table's rows searchable, on question sets over PDFs.

Each PDF is parsed once (the Markdown is cached under WORK, keyed by the file and the
parser's source), chunked as the ingest pipeline does, and every design turns the chunks
into search units: (unit id, the chunk a hit on it returns, text for BM25, text to embed).
The retrievers are Folio's own pieces run in-process (the packaged embedder, BM25TextIndex,
reciprocal-rank fusion with the settings' k and pool), so only the units differ; embeddings
are cached by text, so a design pays only for the texts it adds. A hit on a unit returns
its chunk(s) once, at the unit's best rank; answer_recall@k reads the chunks' texts.

Designs (each on the chunker of this branch, tables cut into row groups of 220 words):
    main       as `today`, but every row group of a table embeds the labels of all its rows
               (main before this branch)
    today      one unit per chunk (the table chunk's BM25 text holds its cells; its
               embedding holds heading path, caption, header and row labels)
    rows       plus one unit per table row (heading path, caption, header and that row,
               embedded and indexed), returning its table chunk
    pointer    the text chunk that shares a table's section and page carries the table's
               cells for BM25 and points to the table: a hit returns the table, then itself
    rowbm25    plus one BM25-only unit per table row (not embedded), returning its table
    small60    as `today` with row groups of at most 60 words
    row1       as `today` with one row per table chunk (caption and header repeated)

    python benchmarks/table_designs.py --pdf-dir DIR --questions Q.jsonl [--questions ...]
        [--work DIR] [--designs today,rows] [--json OUT]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))  # table_units, also when run from elsewhere

from core.config import Settings  # noqa: E402
from core.eval import metrics as m  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.eval.trust import split_half  # noqa: E402
from core.ingest.chunking import chunk_markdown  # noqa: E402
from core.retrieve.fusion import candidate_depth, reciprocal_rank_fusion  # noqa: E402
from core.types import Chunk  # noqa: E402
from table_units import DESIGNS, Unit, all_labels  # noqa: E402


def parser_key() -> str:
    """Hash of the PDF parser's sources: a changed parser re-parses."""
    h = hashlib.sha256()
    for path in sorted((REPO / "core/ingest/pdf").glob("*.py")):
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def parsed(pdf: Path, work: Path) -> tuple[str, str, float]:
    """(title, markdown, parse seconds) of one PDF, from the cache when it is there."""
    from core.ingest.pdf import pdf_to_markdown
    key = hashlib.sha256(pdf.read_bytes()).hexdigest()[:12] + "-" + parser_key()
    cache = work / "md" / f"{pdf.stem}-{key}.json"
    if cache.exists():
        data = json.loads(cache.read_text("utf-8"))
        return data["title"], data["markdown"], data["seconds"]
    start = time.perf_counter()
    out = pdf_to_markdown(pdf, work / "assets" / pdf.stem)
    seconds = time.perf_counter() - start
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"title": out.title, "markdown": out.markdown, "seconds": seconds}), "utf-8")
    return out.title, out.markdown, seconds


def chunked(docs: Sequence[tuple[str, str, str]], group_words: int, settings) -> list[Chunk]:
    """Chunks of (doc id, title, markdown) documents with tables cut into `group_words` groups."""
    import core.ingest.chunking as ck
    from core.ingest.chunk_tables import table_pieces
    ck.table_pieces = lambda block, path, _: table_pieces(block, path, group_words)
    try:
        return [c for d in docs for c in chunk_markdown(*d, settings.chunking)[1]]
    finally:
        ck.table_pieces = table_pieces


class Vectors:
    """Embeddings cached by text under WORK/emb/cache.npz (keys and vectors together)."""

    def __init__(self, work: Path):
        self.dir = work / "emb"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.file = self.dir / "cache.npz"  # keys and vectors in one file, replaced atomically
        self.keys: list[str] = []
        self.matrix = np.zeros((0, 384), np.float32)
        if self.file.exists():
            with np.load(self.file, allow_pickle=False) as data:
                self.keys, self.matrix = [str(k) for k in data["keys"]], data["vectors"]
        elif (self.dir / "keys.json").exists():  # the first version's two files
            self.keys = json.loads((self.dir / "keys.json").read_text())
            self.matrix = np.load(self.dir / "vectors.npy", allow_pickle=False)
        self.row = {k: i for i, k in enumerate(self.keys)}
        self._embedder = None

    def _save(self) -> None:
        tmp = self.dir / f"cache-{os.getpid()}.npz"
        np.savez(tmp, keys=np.array(self.keys), vectors=self.matrix)
        os.replace(tmp, self.file)

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode()).hexdigest()

    def of(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors of `texts`, embedding only those not cached."""
        from core.index.embedder import SentenceEmbedder, embed_sorted
        new = sorted({t for t in texts if self.key(t) not in self.row})
        if new:
            self._embedder = self._embedder or SentenceEmbedder(device="cpu")
            vecs = embed_sorted(self._embedder, new, 32)
            for t in new:
                self.row[self.key(t)] = len(self.keys)
                self.keys.append(self.key(t))
            self.matrix = np.vstack([self.matrix, vecs]).astype(np.float32)
            self._save()
        return self.matrix[[self.row[self.key(t)] for t in texts]]

    def seed(self, data_dir: Path) -> int:
        """Cache the vectors a Folio data dir already holds, keyed by the chunks' embed text."""
        from core.index.catalog import Catalog
        from core.index.factory import make_vector_index
        catalog = Catalog(data_dir / "catalog.sqlite")
        chunks = [c for d in catalog.documents() for c in catalog.doc_chunks(d.doc_id)]
        chunks = [c for c in chunks if self.key(c.embed_text) not in self.row]
        if chunks:
            found = make_vector_index(Settings.load(data_dir)).get([c.chunk_id for c in chunks])
            for c in chunks:
                self.row[self.key(c.embed_text)] = len(self.keys)
                self.keys.append(self.key(c.embed_text))
            self.matrix = np.vstack([self.matrix, np.asarray(found, np.float32)])
            self._save()
        return len(chunks)

    def query(self, text: str) -> np.ndarray:
        from core.index.embedder import SentenceEmbedder
        self._embedder = self._embedder or SentenceEmbedder(device="cpu")
        return np.asarray(self._embedder.embed_query(text), dtype=np.float32)


class Search:
    """Dense, BM25 and hybrid (RRF) over one design's units; results are chunk ids."""

    def __init__(self, units: Sequence[Unit], vectors: Vectors, index_dir: Path, rrf_k: int):
        from core.index.text_bm25 import BM25TextIndex
        self.units = {u.uid: u for u in units}
        self.embedded = [u for u in units if u.embed is not None]
        self.matrix = vectors.of([u.embed for u in self.embedded])
        self.vectors = vectors
        self.text = BM25TextIndex(index_dir)
        self.text.add([u.uid for u in units], [u.bm25 for u in units], ["d"] * len(units))
        self.rrf_k = rrf_k

    def ranked(self, question: str, retriever: str, k: int) -> list[str]:
        """The chunk ids a retriever returns, best first (a unit's chunks at its rank)."""
        depth = candidate_depth(k)
        dense, sparse = [], []
        if retriever in ("dense", "hybrid"):
            scores = self.matrix @ self.vectors.query(question)
            dense = [self.embedded[i].uid for i in np.argsort(-scores, kind="stable")[:depth]]
        if retriever in ("bm25", "hybrid"):
            sparse = [uid for uid, _ in self.text.search(question, depth)]
        units = dense or sparse if retriever != "hybrid" else \
            list(reciprocal_rank_fusion([dense, sparse], k=self.rrf_k))
        out: dict[str, None] = {}
        for uid in units:
            out.update(dict.fromkeys(self.units[uid].returns))
        return list(out)[:k]


def evaluate(search: Search, questions, tables: set[str], texts: dict[str, str], retrievers: Sequence[str]) -> dict:
    """answer_recall@1/@5 per retriever over all questions, the table ones and each half."""
    out: dict = {}
    for name in retrievers:
        ranks = {}
        for q in questions:
            ids = search.ranked(q.question, name, 10)
            ranks[q.qid] = m.first_answer_rank([texts[i] for i in ids], q.answer_patterns, [q.answer, *q.answer_aliases])
        groups = {"all": questions, "table": [q for q in questions if q.qid in tables]}
        groups["table/tune"] = [q for q in groups["table"] if _half(q.qid) == "tune"]
        groups["table/test"] = [q for q in groups["table"] if _half(q.qid) == "test"]
        out[name] = {g: {f"answer_recall@{k}": round(m.mean(m.answer_recall_at_k(ranks[q.qid], k) for q in qs), 3)
                         for k in (1, 5)} | {"n": len(qs)} for g, qs in groups.items() if qs}
        out[name]["ranks"] = {q.qid: ranks[q.qid] for q in groups["table"]}
    return out


def _half(qid: str) -> str:
    try:
        return split_half(qid)
    except ValueError:
        return "test"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pdf-dir", type=Path, action="append", required=True)
    ap.add_argument("--questions", type=Path, action="append", required=True,
                    help="one per --pdf-dir, in the same order")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "folio-table-designs")
    ap.add_argument("--designs", default=",".join(DESIGNS))
    ap.add_argument("--retrievers", default="hybrid,dense,bm25")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--seed", type=Path, action="append", default=[],
                    help="a Folio data dir whose stored vectors fill the embedding cache")
    args = ap.parse_args(argv)
    if len(args.pdf_dir) != len(args.questions):
        ap.error("give one --questions file per --pdf-dir")
    settings = Settings(data_dir=args.work)
    vectors = Vectors(args.work)
    for data_dir in args.seed:
        print(f"# seeded {vectors.seed(data_dir)} vectors from {data_dir}", flush=True)
    report: dict = {}
    for pdf_dir, qfile in zip(args.pdf_dir, args.questions):
        docs, seconds = [], 0.0
        for pdf in sorted(pdf_dir.glob("*.pdf")):
            title, markdown, secs = parsed(pdf, args.work)
            seconds += secs
            docs.append((hashlib.sha1(pdf.name.encode()).hexdigest()[:16], title, markdown))
        questions = read_questions(qfile)
        tables = {r["id"] for r in map(json.loads, qfile.read_text("utf-8").splitlines()) if r.get("type") == "table"}
        for name in args.designs.split(","):
            group_words, make_units, whole = DESIGNS[name]
            chunks = chunked(docs, group_words, settings)
            chunks = all_labels(chunks) if whole else chunks
            texts = {c.chunk_id: c.text for c in chunks}
            units = make_units(chunks)
            with tempfile.TemporaryDirectory() as tmp:
                search = Search(units, vectors, Path(tmp), settings.retrieve.rrf_k)
                result = evaluate(search, questions, tables, texts, args.retrievers.split(","))
            report.setdefault(qfile.parent.name + "/" + qfile.name, {})[name] = result | {"units": len(units)}
            print(json.dumps({"set": str(qfile), "design": name, "units": len(units),
                              **{r: {g: v for g, v in res.items()} for r, res in result.items()}}), flush=True)
        print(f"# {qfile}: parse {seconds:.1f} s (cached parses count their first time)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
