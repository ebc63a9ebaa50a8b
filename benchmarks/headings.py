"""Heading fidelity: Folio's font/numbering detector (outline ignored) against the PDF outline.

For each PDF that has an outline, the outline entries are the reference: (level, title
normalised to lower-case letters/digits without leading numbering). The detector runs
with `use_outline=False`; the outline path (`use_outline=True`) is scored as the share of
outline entries it could place on the exact text line (the rest go to the page top).

    python benchmarks/headings.py PDF... [--json]

Scores: "text+level" needs the same text at the same level; "text+level (offset)" allows one
constant level offset per document (the offset that matches most entries: a detector that
calls every chapter level 2 because the outline starts at 1 loses nothing); "text only"
ignores levels.

"outline depth" (the new rule, printed after the old one) scores only what the outline can
judge. Many producers put only chapters and sections in the outline (LaTeX's default
bookmark depth, Texinfo's and DocBook's settings): an outline whose deepest level is d says
nothing about headings at level d+1 and below, so a detected heading deeper than d (after the
document's offset, chosen as before by the most matches) is left out of the count ("beyond")
instead of being a false positive. Against the old rule it never lowers a score (it removes
detections, never hits), so both are printed, old first. What it does not forgive: every outline
entry still counts (a heading missed, or found deeper than d, is a miss and lowers recall); a
detection deeper than d whose text is an outline entry's stays in the count (a mislevelled
heading, a false positive); every detection at a level <= d counts, so a wrong level offset or
body text taken for a section still costs precision; only the share of detections the outline
cannot see is left out, and "beyond" says how many.

"outline coverage" (printed third) is for partial outlines: outlines that list some parts of a
manual to their sections and skip others (Texinfo's function reference, whose entries are
@deftypefun lines in no outline; a chapter whose sections are @heading lines, never listed; an
appendix listed without its sections). On top of the depth rule, a detection whose text is no
outline entry's is left out ("uncovered" says how many) when the outline is silent where it lies:
(a) its page lies strictly between two outline entries (by target page) more than `GAP_PAGES`
pages apart, or more than `GAP_PAGES` pages after the last entry; or (b) its level L (after the
offset) is deeper than the outline goes there: the enclosing entry one level up (the last entry
of level L-1 at or before its page) has no entry under it, or there is none (the depth rule
applied per outline entry instead of per document). Both come from the outline alone (entries,
levels, target pages), never from the detector's output. What stays counted: every outline
entry (a miss always costs recall), every detection whose text an entry has (at the wrong level
it is a false positive), every level-1 detection, and every detection where the outline lists
entries at its level. What it forgives, and "uncovered" shows how much: body text taken for a
heading inside a long stretch without entries, or at any level below a leaf entry.

Comparison key: lower-case letters and digits, leading numbering removed ("2.3", "Appendix A",
and since this rule came in, a lone capital before a capital, "A Upgrading ..." or "E API reference",
which is Texinfo's outline entry for the page's "Appendix A Upgrading ..."; "X.509" is a name, not
a section number: appendix letters run from A to W), the same on both sides; it is the parser's
`headings.key`, so the outline path places such entries on their line too.

`pages/s` is the detector's whole parse (`pdf_to_markdown`, outline ignored) per CPU second of
this process (one core; on an idle machine wall time is about the same); pooled pages/s is all
pages over all parse seconds.

Document split (fixed; heading rules are tuned on the tuning part only, the test part is
only measured). Tuning part: the pdfqa-dev manuals that have an outline (GS9_Color_Management,
auto-multiple-choice.en, extending, freefem, ftp-1.1.3, tftp-1.0.3, usage, ssl-10.8.7; fetch
them with ../shared/bench/pdfqa-dev/fetch.sh) and eleven Debian manuals, fetched (pinned
version, sha256 checked) by `bash benchmarks/headings_fetch.sh DIR`: set 1 R-data, R-intro
(r-doc-pdf), policy (debian-policy), sdccman (sdcc-doc), why3-manual (why3-doc-pdf); set 2
gnuplot (gnuplot-doc), gprolog (gprolog-doc), maximabook (maxima-doc), sbcl (sbcl-doc),
verilator (verilator), yosys-manual (yosys-doc); set 3 gnutls (gnutls-doc), gcrypt (libgcrypt20-doc),
libtasn1 (libtasn1-doc), dejagnu (dejagnu), liboctave (octave-doc), gmsh (gmsh-doc). Test part: bibtool (bibtool), gmpl (glpk-doc), mpich-install,
mpich-user (mpich-doc), pari-parallel (pari-doc), 4ti2-manual (4ti2-doc), coco-user
(coco-doc), developers-reference (developers-reference), flex (flex-doc), groff-pdfmark
(groff), latex2rtf (latex2rtf-doc), ragel-guide (ragel). Get a package's PDFs with
`apt-get download PKG && dpkg -x PKG*.deb DIR` (gunzip the .pdf.gz ones).

`detector pages/s` is the heading detector alone (`detect_headings`, CPU time) per page;
most of the rest of the parse is table finding: PyMuPDF's `find_tables` runs only on pages
whose ruling can hold a table (`core.ingest.pdf.tables_grid`).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # measure this checkout's parser
from core.ingest.pdf import headings as hd  # noqa: E402
from core.ingest.pdf import headings_outline as ho  # noqa: E402
from core.ingest.pdf import pdf_to_markdown  # noqa: E402
from core.ingest.pdf.layout import page_lines  # noqa: E402
from core.ingest.pdf.running import running_lines  # noqa: E402


def reference(doc: pymupdf.Document) -> list[tuple[int, str]]:
    """Outline entries as (level, key), with a lone title entry removed as the parser does."""
    return [(lv, k) for lv, k, _ in reference_rows(doc)]


def reference_rows(doc: pymupdf.Document) -> list[tuple[int, str, int]]:
    """Outline entries as (level, key, target page), in outline order (see `reference`)."""
    meta = " ".join((doc.metadata or {}).get("title", "").split())
    toc = ho.drop_title_entry([list(r) for r in doc.get_toc(simple=True)], meta)
    return [(int(r[0]), hd.key(str(r[1])), int(r[2])) for r in toc if int(r[0]) >= 1 and hd.key(str(r[1]))]


_DETECTOR_SECONDS = [0.0]


def _timed_detector(*args, **kwargs):
    """`hd.detect_headings`, adding its CPU seconds to `_DETECTOR_SECONDS`."""
    start = time.process_time()
    try:
        return _DETECT(*args, **kwargs)
    finally:
        _DETECTOR_SECONDS[0] += time.process_time() - start


_DETECT, hd.detect_headings = hd.detect_headings, _timed_detector  # parse.py calls hd.detect_headings


def detected(pdf: Path, assets: Path) -> tuple[list[tuple[int, int, str]], float]:
    """Headings the detector writes (outline ignored) as (level, page, key), and the parse's CPU seconds."""
    start = time.process_time()  # CPU time: the figure holds on a shared, loaded machine
    md = pdf_to_markdown(pdf, assets, use_outline=False).markdown
    seconds = time.process_time() - start
    return page_keys(md), seconds


GAP_PAGES = 10  # more pages than this between outline entries: the outline does not cover them


def page_keys(markdown: str) -> list[tuple[int, int, str]]:
    """The Markdown's headings as (level, page, key), pages from the writer's page comments."""
    found, page = [], 0
    for line in markdown.splitlines():
        if (m := re.match(r"^<!-- page (\d+) -->$", line)):
            page = int(m.group(1))
        elif (m := re.match(r"^(#{1,6}) (.+)$", line)) and hd.key(m.group(2)):
            found.append((len(m.group(1)), page, hd.key(m.group(2))))
    return found


def uncovered_pages(entry_pages: list[int], n_pages: int, gap: int = GAP_PAGES) -> set[int]:
    """Pages strictly between two outline entries more than `gap` pages apart, or more than
    `gap` pages after the last entry (pages count from 1)."""
    marks = sorted(set(entry_pages))
    out: set[int] = set()
    for a, b in zip(marks, marks[1:] + [n_pages + 1]):
        if b - a > gap:
            out.update(range(a + 1, b))
    return out


def listed_levels(rows: list[tuple[int, str, int]], n_pages: int) -> dict[int, set[int]]:
    """Per page, the levels the outline lists there: 1, and L when the enclosing outline entry
    at level L-1 (the last one at or before the page) has entries under it; a chapter entry
    with no section entries is silent on the sections its pages hold."""
    listed: dict[int, set[int]] = {}
    stack: list[tuple[int, bool]] = []  # (level, has a child) of the enclosing entries
    has_child = [i + 1 < len(rows) and rows[i + 1][0] > rows[i][0] for i in range(len(rows))]
    at = 0
    for page in range(1, n_pages + 1):
        while at < len(rows) and rows[at][2] <= page:
            stack = [e for e in stack if e[0] < rows[at][0]] + [(rows[at][0], has_child[at])]
            at += 1
        listed[page] = {lv + 1 for lv, child in stack if child} | {1}
    return listed


def within_coverage(judged: list[tuple[int, int, str]], rows: list[tuple[int, str, int]],
                    n_pages: int, gap: int = GAP_PAGES) -> list[tuple[int, str]]:
    """(level, key) of the judged detections (level, page, key) the outline covers: with an
    outline entry's text, or on a page the outline covers (`uncovered_pages`) at a level the
    enclosing entry lists entries at (`listed_levels`: a chapter whose outline entry has no
    sections says nothing of the sections its pages hold)."""
    keys = {k for _, k, _ in rows}
    uncovered = uncovered_pages([p for _, _, p in rows], n_pages, gap)
    listed = listed_levels(rows, n_pages)
    return [(lv, k) for lv, page, k in judged
            if k in keys or (page not in uncovered and lv in listed.get(page, {1}))]


def best_offset(pred: list[tuple[int, str]], gold: list[tuple[int, str]]) -> int:
    """The constant level offset (-3..3) that makes the most detected headings match."""
    return max(range(-3, 4), key=lambda d: (sum((Counter((lv + d, k) for lv, k in pred) & Counter(gold)).values()),
                                            -abs(d)))


def within_outline(shifted: list[tuple[int, str]], gold: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Detected headings the outline can judge: at its levels, or with an outline entry's text."""
    depth = max((lv for lv, _ in gold), default=0)
    keys = {k for _, k in gold}
    return [(lv, k) for lv, k in shifted if lv <= depth or k in keys]


def prf(pred: list, gold: list) -> dict[str, float]:
    """Multiset precision/recall/F1."""
    hit = sum((Counter(pred) & Counter(gold)).values())
    p = hit / len(pred) if pred else 0.0
    r = hit / len(gold) if gold else 0.0
    return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0}


def outline_placed(doc: pymupdf.Document) -> float:
    """Share of outline entries placed on their title line or target point (not the page top)."""
    pages = [page_lines(p, i + 1) for i, p in enumerate(doc)]
    drop = running_lines(pages, [p.rect.height for p in doc])
    kept = [[l for l in ls if (l.page, l.index) not in drop] for ls in pages]
    toc = [list(r) for r in ho.page_points(doc.get_toc(simple=False), doc)]
    found = ho.outline_headings(toc, kept, drop)
    return round(sum(1 for k in found if k[1] >= 0) / max(1, len(found)), 3)


_LISTS = ("pred", "gold", "shift", "in", "cov", "pred_t", "gold_t")  # pooled lists, entries tagged by document


def score_pdf(i: int, pdf: Path, assets: Path, pooled: dict[str, list]) -> dict | None:
    """One PDF's row (None without an outline); its detections and entries, tagged with `i`,
    are added to the `pooled` lists."""
    doc = pymupdf.open(pdf)
    rows_ = reference_rows(doc)
    gold = [(lv, k) for lv, k, _ in rows_]
    if not gold:
        return None
    _DETECTOR_SECONDS[0] = 0.0
    paged, seconds = detected(pdf, assets)
    pred = [(lv, k) for lv, _, k in paged]
    detector = max(_DETECTOR_SECONDS[0], 1e-6)
    offset = best_offset(pred, gold)
    shifted = [(lv + offset, k) for lv, k in pred]
    judged = within_outline(shifted, gold)
    kept = set(judged)
    covered = within_coverage([(lv + offset, pg, k) for lv, pg, k in paged if (lv + offset, k) in kept],
                              rows_, doc.page_count)
    for name, items in zip(_LISTS, (pred, gold, shifted, judged, covered, [k for _, k in pred], [k for _, k in gold])):
        pooled[name] += [(i, *x) if isinstance(x, tuple) else (i, x) for x in items]
    return {"pdf": pdf.name, "outline": len(gold), "detected": len(pred),
            "pages": doc.page_count, "pages_per_s": round(doc.page_count / seconds, 1),
            "detector_pages_per_s": round(doc.page_count / detector, 1),
            "offset": offset, "text+level (offset)": prf(shifted, gold),
            "outline_depth": max(lv for lv, _ in gold), "beyond": len(shifted) - len(judged),
            "text+level (offset, outline depth)": prf(judged, gold),
            "uncovered": len(judged) - len(covered),
            "text+level (offset, outline coverage)": prf(covered, gold),
            "text+level": prf(pred, gold), "text only": prf([k for _, k in pred], [k for _, k in gold]),
            "outline_placed_on_line": outline_placed(doc)}


def main(argv: list[str] | None = None) -> int:
    """Print per-PDF and pooled scores."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdfs", nargs="+", help="PDFs with an outline")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows, lists = [], {name: [] for name in _LISTS}
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(args.pdfs):
            if not Path(name).is_file():
                print(f"missing {name}", file=sys.stderr)
                return 1
            row = score_pdf(i, Path(name), Path(tmp) / str(i), lists)
            rows += [row] if row else []
    seconds = sum(r["pages"] / r["pages_per_s"] for r in rows)
    pages = sum(r["pages"] for r in rows)
    gold = lists["gold"]
    pooled = {"text+level (offset)": prf(lists["shift"], gold),
              "text+level (offset, outline depth)": prf(lists["in"], gold),
              "text+level (offset, outline coverage)": prf(lists["cov"], gold), "pages_per_s": round(pages / seconds, 1),
              "detector_pages_per_s": round(pages / sum(r["pages"] / r["detector_pages_per_s"] for r in rows), 1),
              "text+level": prf(lists["pred"], gold), "text only": prf(lists["pred_t"], lists["gold_t"]),
              "outline_placed_on_line": round(sum(r["outline_placed_on_line"] * r["outline"] for r in rows)
                                              / max(1, sum(r["outline"] for r in rows)), 3)}
    if args.json:
        print(json.dumps({"pdfs": rows, "pooled": pooled}))
    else:
        for r in rows:
            print(_row_line(r))
        print("pooled", json.dumps(pooled))
    return 0


def _row_line(r: dict) -> str:
    """One PDF's scores on a line: old rule (offset) first, then the outline-depth and coverage rules."""
    return (f"{r['pdf']:30s} outline {r['outline']:4d} detected {r['detected']:4d}  "
            f"text+level P/R {r['text+level']['precision']:.2f}/{r['text+level']['recall']:.2f}  "
            f"offset {r['offset']:+d} F1 {r['text+level (offset)']['f1']:.3f}  "
            f"depth {r['outline_depth']} beyond {r['beyond']:3d} "
            f"F1 {r['text+level (offset, outline depth)']['f1']:.3f}  uncovered {r['uncovered']:3d} "
            f"F1 {r['text+level (offset, outline coverage)']['f1']:.3f}  {r['pages_per_s']:.0f} pages/s "
            f"(detector {r['detector_pages_per_s']:.0f})  "
            f"text P/R {r['text only']['precision']:.2f}/{r['text only']['recall']:.2f}  "
            f"outline placed {r['outline_placed_on_line']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
