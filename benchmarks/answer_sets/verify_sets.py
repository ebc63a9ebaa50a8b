"""Check the answer sets against the new-manuals PDFs (fetched by fetch_manuals.sh).

    python benchmarks/answer_sets/verify_sets.py PDF_DIR

Checks: every manifest PDF is present with its sha256 and page count; ids are unique;
every evidence file is in the manifest and its pages in range; every short-answer part has a
spelling on one of its question's evidence pages (`core.eval.answers.short_answer_ok`, ligature
glyphs read as letters; parts made only of yes/no are exempt); every answer pattern matches an
evidence page (re.I, whitespace collapsed, ligatures unfolded) and the reference answer
satisfies its short answers; unanswerable questions name what they are about. Exit 1 on failure.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import hashlib
import json
import re

import pymupdf

from core.eval.answers import plain, short_answer_ok

HERE = Path(__file__).resolve().parent
YES_NO = {"yes", "no"}


def load(name: str) -> list[dict]:
    """The rows of one JSONL set in this folder."""
    return [json.loads(line) for line in (HERE / name).read_text("utf-8").splitlines() if line.strip()]


def page_texts(pdf_dir: Path, manifest: list[dict], errors: list[str]) -> dict[str, list[str]]:
    """file -> page texts (ligatures unfolded, whitespace collapsed); sha256 and pages checked."""
    out = {}
    for m in manifest:
        path = pdf_dir / m["file"]
        if not path.is_file():
            errors.append(f"missing PDF {path}")
            continue
        if hashlib.sha256(path.read_bytes()).hexdigest() != m["sha256"]:
            errors.append(f"{m['file']}: sha256 differs from manifest.json")
        doc = pymupdf.open(path)
        if doc.page_count != m["pages"]:
            errors.append(f"{m['file']}: {doc.page_count} pages, manifest says {m['pages']}")
        out[m["file"]] = [plain(page.get_text()) for page in doc]
    return out


def check_row(row: dict, pages: dict[str, list[str]], errors: list[str]) -> None:
    """One answerable question (new-manuals or follow-up row) against its evidence pages."""
    qid, texts = row["id"], []
    for ev in row["evidence"]:
        file_pages = pages.get(ev["file"])
        if file_pages is None or not 1 <= ev["page"] <= len(file_pages):
            errors.append(f"{qid}: evidence {ev} is not a page of a manifest PDF")
            continue
        texts.append(file_pages[ev["page"] - 1])
    for part in row.get("short_answers", []):
        if {s.lower() for s in part} <= YES_NO:
            continue
        if not any(short_answer_ok(t, [part]) for t in texts):
            errors.append(f"{qid}: short answer part {part} is on none of its evidence pages")
    for pattern in row.get("answer_patterns", []):
        if not any(re.search(pattern, t, re.I) for t in texts):
            errors.append(f"{qid}: pattern {pattern!r} matches none of its evidence pages")
    if row.get("answer") and not short_answer_ok(row["answer"], row["short_answers"]):
        errors.append(f"{qid}: reference answer {row['answer']!r} fails its own short answers")


def main() -> int:
    """Run every check; print the problems; 0 when there are none."""
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    errors: list[str] = []
    manifest = json.loads((HERE / "manifest.json").read_text("utf-8"))
    pages = page_texts(Path(sys.argv[1]), manifest, errors)
    sets = {name: load(name) for name in ("new-manuals.jsonl", "followups.jsonl", "unanswerable.jsonl")}
    ids = [row["id"] for rows in sets.values() for row in rows]
    errors += [f"duplicate id {i}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for row in sets["new-manuals.jsonl"] + sets["followups.jsonl"]:
        check_row(row, pages, errors)
    errors += [f"{r['id']}: no 'about'" for r in sets["unanswerable.jsonl"] if not r.get("about")]
    for e in errors:
        print(e)
    counts = {name: len(rows) for name, rows in sets.items()}
    print(f"{'FAILED' if errors else 'ok'}: {counts}, {len(manifest)} PDFs, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
