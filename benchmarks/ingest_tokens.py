"""What Folio embeds per chunk: tokens against the reference, the heading path, the cut tail.

    python benchmarks/ingest_tokens.py stats LIBRARY [--questions Q] [--json]
    python benchmarks/ingest_tokens.py reembed LIBRARY OUT --path-levels N

`stats` tokenises every chunk of LIBRARY (a Folio data dir) with the embedding model's
tokenizer, for three texts: the reference's (`text` alone, as benchmarks/ingest_ratio.py
encodes it), Folio's `embed_text` (heading path, then text), and `embed_text` with the
heading path cut to the title plus its last two levels (core/ingest/embed_text.py). Per
text: mean tokens per chunk after the model's truncation (and before it), and the chunks
longer than the model's window (their tail is never embedded). With `--questions` (a
pdfqa-style file with `answer_patterns`), it also counts the chunks holding an answer whose
every match starts past the window, and the questions that no chunk answers inside it.

`reembed` copies LIBRARY to OUT and re-embeds, with the heading path cut to N levels below
the title, every chunk whose embedded text that changes (catalog and vectors; semantic edges
stay as they were), so that `python -m core --data-dir OUT eval ...` measures the cut.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from core.config import Settings  # noqa: E402
from core.index.catalog import Catalog  # noqa: E402
from core.ingest.embed_text import with_short_path  # noqa: E402


def _chunks(library: Path) -> list:
    catalog = Catalog(library / "catalog.sqlite")
    try:
        return [c for d in catalog.documents() for c in catalog.doc_chunks(d.doc_id)]
    finally:
        catalog.close()


def _tokenizer():
    from core.index.embedder import packaged_model_path
    from sentence_transformers import SentenceTransformer

    st = SentenceTransformer(packaged_model_path(), device="cpu")
    return st.tokenizer, st.max_seq_length


def stats(library: Path, questions: Path | None, levels: int = 2) -> dict:
    """Token counts per chunk for the reference, Folio's and the cut embedded text."""
    chunks = _chunks(library)
    tokenizer, window = _tokenizer()
    texts = {"reference text": [c.text for c in chunks], "embed_text": [c.embed_text for c in chunks],
             f"embed_text, path cut to title + {levels}": [with_short_path(c, levels) for c in chunks]}
    out: dict = {"chunks": len(chunks), "window": window}
    for name, rows in texts.items():
        lengths = [len(ids) for ids in tokenizer(rows, add_special_tokens=True)["input_ids"]]
        out[name] = {"tokens_per_chunk": round(statistics.mean(min(n, window) for n in lengths), 1),
                     "untruncated_per_chunk": round(statistics.mean(lengths), 1),
                     "chunks_past_window": sum(n > window for n in lengths)}
    if questions is not None:
        out["answers_in_tail"] = tail_answers(chunks, questions, tokenizer, window)
    return out


def tail_answers(chunks: list, questions: Path, tokenizer, window: int) -> dict:
    """Chunks whose answer matches all start past the window, and questions left unanswered
    inside the window by every chunk."""
    found_in, only_tail, lost = 0, 0, []
    for line in questions.read_text("utf-8").splitlines():
        q = json.loads(line)
        pats = [re.compile(p, re.I) for p in q.get("answer_patterns", [])]
        inside = holding = 0
        for c in chunks:
            text = " ".join(c.embed_text.split())
            starts = [m.start() for p in pats for m in p.finditer(text)]
            if not starts:
                continue
            holding += 1
            enc = tokenizer(text, add_special_tokens=True, return_offsets_mapping=True)
            cut = enc["offset_mapping"][window - 2][1] if len(enc["input_ids"]) > window else len(text)
            ok = min(starts) < cut
            inside += ok
            only_tail += not ok
        found_in += holding > 0
        if holding and not inside:
            lost.append(q["id"])
    return {"questions_with_a_matching_chunk": found_in, "chunks_matching_only_in_tail": only_tail,
            "questions_matched_only_in_tails": lost}


def reembed(library: Path, out: Path, levels: int) -> dict:
    """Copy `library` to `out` and re-embed the chunks whose cut embedded text differs."""
    from core.index.factory import make_embedder, make_vector_index

    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(library, out)
    settings = Settings.load(out)
    chunks = _chunks(out)
    changed = [(c, t) for c in chunks if (t := with_short_path(c, levels)) != c.embed_text]
    if changed:
        vectors = make_embedder(settings).embed([t for _, t in changed])
        make_vector_index(settings).upsert([c.chunk_id for c, _ in changed], vectors, [c.doc_id for c, _ in changed])
        catalog = Catalog(out / "catalog.sqlite")
        with catalog._lock, catalog._db:  # the benchmark's own copy
            catalog._db.executemany("UPDATE chunks SET embed_text=? WHERE chunk_id=?",
                                    [(t, c.chunk_id) for c, t in changed])
        catalog.close()
    return {"chunks": len(chunks), "re_embedded": len(changed), "levels": levels}


def main(argv: list[str] | None = None) -> None:
    """Command line: `stats` or `reembed` (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("stats")
    s.add_argument("library", type=Path)
    s.add_argument("--questions", type=Path)
    r = sub.add_parser("reembed")
    r.add_argument("library", type=Path)
    r.add_argument("out", type=Path)
    r.add_argument("--path-levels", type=int, default=2)
    args = parser.parse_args(argv)
    if args.command == "stats":
        print(json.dumps(stats(args.library, args.questions), indent=1))
    else:
        print(json.dumps(reembed(args.library, args.out, args.path_levels)))


if __name__ == "__main__":
    main()
