"""Check the answer sets against the new-manuals PDFs (fetched by fetch_manuals.sh).

    python benchmarks/answer_sets/verify_sets.py PDF_DIR             # the first library and sets
    python benchmarks/answer_sets/verify_sets.py PDF_DIR --set 2     # manifest-2.json and the -2 sets
    python benchmarks/answer_sets/verify_sets.py PDF_DIR --set 3     # manifest-3.json and the -3 sets

Checks: every manifest PDF is present with its sha256 and page count; ids are unique;
every evidence file is in the manifest and its pages in range; every short-answer part has a
spelling on one of its question's evidence pages (`core.eval.answers.short_answer_ok`, ligature
glyphs read as letters; parts made only of yes/no are exempt); every answer pattern matches an
evidence page (re.I, whitespace collapsed, ligatures unfolded) and the reference answer
satisfies its short answers; unanswerable questions name what they are about. For set N > 1
also: no PDF or Debian package of manifest-N.json is in an earlier set's manifest or pdfqa-dev's,
no PDF file name of it is an evidence file of a tuning set (benchmarks/answer_tuning), and its
ids differ from the earlier sets'. Exit 1 on failure.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import hashlib
import json
import re

import pymupdf

from core.eval.answers import plain, short_answer_ok

HERE = Path(__file__).resolve().parent
YES_NO = {"yes", "no"}
SETS = {"1": ("manifest.json", "new-manuals.jsonl", "followups.jsonl", "unanswerable.jsonl"),
        "2": ("manifest-2.json", "new-manuals-2.jsonl", "followups-2.jsonl", "unanswerable-2.jsonl"),
        "3": ("manifest-3.json", "new-manuals-3.jsonl", "followups-3.jsonl", "unanswerable-3.jsonl")}


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


def tuning_files() -> set[str]:
    """The PDF file names that the tuning sets (benchmarks/answer_tuning) cite as evidence."""
    names = set()
    for path in (HERE.parent / "answer_tuning").glob("*.jsonl"):
        for line in path.read_text("utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            names.update(e["file"] for e in row.get("evidence") or [] if isinstance(e, dict) and e.get("file"))
    return names


def fresh_library(which: str, manifest: list[dict], errors: list[str]) -> None:
    """Library `which` shares no PDF (sha256) and no Debian package with an earlier library or
    with pdfqa-dev, no file with a tuning set, and its sets share no id with the earlier sets'."""
    from bench_paths import bench_dir  # benchmarks/, put on the path in main()

    earlier = [key for key in sorted(SETS) if key < which]
    older = [m for key in earlier for m in json.loads((HERE / SETS[key][0]).read_text("utf-8"))]
    older += json.loads((bench_dir() / "pdfqa-dev" / "manifest.json").read_text("utf-8"))
    packages, shas = {m["deb_package"] for m in older}, {m["sha256"] for m in older}
    errors += [f"{m['file']}: package {m['deb_package']} is already used"
               for m in manifest if m["deb_package"] in packages]
    errors += [f"{m['file']}: already in another library" for m in manifest if m["sha256"] in shas]
    errors += [f"{m['file']}: a tuning set's evidence file" for m in manifest if m["file"] in tuning_files()]
    older_ids = {row["id"] for key in earlier for name in SETS[key][1:] for row in load(name)}
    errors += [f"id {row['id']} is also in an earlier set" for name in SETS[which][1:] for row in load(name)
               if row["id"] in older_ids]


def main() -> int:
    """Run every check; print the problems; 0 when there are none."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf_dir", type=Path, help="the folder fetch_manuals.sh filled")
    ap.add_argument("--set", dest="which", choices=sorted(SETS), default="1", help="which library and sets")
    which = ap.parse_args().which
    errors: list[str] = []
    manifest_name, new_name, followups_name, unanswerable_name = SETS[which]
    manifest = json.loads((HERE / manifest_name).read_text("utf-8"))
    pages = page_texts(ap.parse_args().pdf_dir, manifest, errors)
    sets = {name: load(name) for name in (new_name, followups_name, unanswerable_name)}
    ids = [row["id"] for rows in sets.values() for row in rows]
    errors += [f"duplicate id {i}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for row in sets[new_name] + sets[followups_name]:
        check_row(row, pages, errors)
    errors += [f"{r['id']}: no 'about'" for r in sets[unanswerable_name] if not r.get("about")]
    if which != "1":
        sys.path.insert(0, str(HERE.parent))
        fresh_library(which, manifest, errors)
    for e in errors:
        print(e)
    counts = {name: len(rows) for name, rows in sets.items()}
    print(f"{'FAILED' if errors else 'ok'}: {counts}, {len(manifest)} PDFs, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
