"""Follow-up rewrite figures: how often a follow-up is rewritten, shown, and finds its page.

Not collected by pytest. Each row holds `first` (the earlier question), `question` (as typed),
`standalone` (the gold standalone form), `kind` (`follow-up` or `self-contained`) and
`evidence` pages. Offline (no LLM), for every row:

- `rewritten`: the question was rewritten (a self-contained one should never be);
- `shown`: the rewrite reads as a question and is shown as "understood as";
- page_hit@5 of what the app retrieves with (the rewrite, shown or not, else the question as
  typed) beside page_hit@5 of the gold standalone form, with `--retriever` (default hybrid);
  the answer-trust benchmark counts the same text (its rows' `retrieved_as`).

    python benchmarks/answer_tuning/followups.py --data-dir LIB --questions followups.jsonl

The tuning set is `followups-tune.jsonl` (our own: 36 follow-up pairs and 17 self-contained
second questions over the pdfqa-dev manuals, asked of the pdfqa-dev library);
`followups-expeyes.jsonl` (34 follow-up pairs and 19 self-contained second questions over the
expEYES Junior programmer's manual, Debian expeyes-doc-en 4.3-3, which no test set uses) is
tuning too, and so is `followups-bzip2.jsonl` (34 pairs and 22 self-contained over the bzip2
manual, `fetch_bzip2.sh`), and so is `followups-biber.jsonl` (36 pairs and 46 self-contained over
the Biber manual, `fetch_debian_docs.sh DIR biber`), and so is `followups-hmmer.jsonl` (25 pairs and 30
self-contained over the HMMER user's guide, `fetch_debian_docs.sh DIR hmmer`), and so is `followups-velvet.jsonl` (24
pairs and 48 self-contained over the Velvet manual, `fetch_debian_docs.sh DIR velvet`), and so is
`followups-set4.jsonl` (22 pairs and 123 self-contained over set 4's five manuals, `fetch_debian_docs.sh
DIR 4`, asked of one library of all five), and so is `followups-mrbayes.jsonl` (25 pairs and 47 self-contained
over the MrBayes manual, `fetch_debian_docs.sh DIR mrbayes`), and so is `followups-doxygen.jsonl` (15 pairs
and 62 self-contained over the Doxygen manual, `fetch_debian_docs.sh DIR doxygen`); `../answer_sets/followups.jsonl`
is a test set, never tuned on.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import statistics

from core.answer.followup import standalone
from core.config import Settings
from core.eval.pages import document_files, first_page_hit_rank, page_hit_at_k
from core.library import Library
from core.types import Turn


def page_hit(lib: Library, text: str, evidence: list[tuple[str, int]], files: dict, retriever: str) -> float:
    """page_hit@5 of `text`'s retrieval against the evidence pages."""
    chunks = [sc.chunk for sc in lib.retrieve(text, retriever, 5).chunks]
    return page_hit_at_k(first_page_hit_rank(chunks, evidence, files), 5)


def main() -> None:
    """Rewrite every follow-up offline and print the figures as JSON (rows with --rows)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--retriever", default="hybrid")
    ap.add_argument("--rows", type=Path)
    args = ap.parse_args()
    lib = Library(Settings.load(data_dir=args.data_dir))
    files = document_files(lib.catalog.documents())
    rows = []
    for line in args.questions.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        out = standalone(row["question"], [Turn(row["first"])], llm=None)
        evidence = [(e["file"], int(e["page"])) for e in row.get("evidence", [])]
        shown = out.rewritten and getattr(out, "readable", True)
        hit = page_hit(lib, out.text, evidence, files, args.retriever)
        rows.append({"id": row["id"], "kind": row["kind"], "question": row["question"], "rewrite": out.text,
                     "gold": row["standalone"], "rewritten": out.rewritten, "shown": shown, "hit": hit,
                     "gold_hit": page_hit(lib, row["standalone"], evidence, files, args.retriever)})
    follow = [r for r in rows if r["kind"] == "follow-up"]
    fresh = [r for r in rows if r["kind"] != "follow-up"]
    mean = lambda xs: round(statistics.mean(xs), 3) if xs else None  # noqa: E731
    print(json.dumps({
        "follow_ups": {"n": len(follow), "rewritten": mean([float(r["rewritten"]) for r in follow]),
                       "shown": mean([float(r["shown"]) for r in follow]),
                       "page_hit@5": mean([r["hit"] for r in follow]),
                       "standalone_page_hit@5": mean([r["gold_hit"] for r in follow])},
        "self_contained": {"n": len(fresh), "rewritten": sum(r["rewritten"] for r in fresh)}}, indent=1))
    if args.rows:
        args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
