"""Heading fidelity and read speed of the readers of other formats, against candidate libraries.

Each file's reference headings are taken independently of Folio's reader:
  - generated fixtures (tests/ingest/format_fixtures.py): the tree each fixture defines;
  - HTML: the page's h1-h6 (lxml XPath, script/nav excluded);
  - EPUB: the table of contents as PyMuPDF reads it (its own EPUB engine);
  - Markdown: the headings of pandoc's HTML of the file (another Markdown parser);
  - DOCX/ODT made by pandoc from a real HTML page (`--from-html DIR`): that page's h1-h6.
A heading matches when level and text (lower case, letters and digits) are equal; F1 over the
multiset of (level, text). Candidates for DOCX/PPTX/XLSX (`--candidates PY`, a Python with
mammoth and markitdown) are scored on the same files: mammoth (DOCX -> HTML h-tags),
markitdown (-> Markdown '#' lines), pandoc (DOCX/ODT -> HTML).

    python benchmarks/formats_fidelity.py [--real FILE...] [--from-html HTML...] [--candidates PY] [--json]
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.config import FormatSettings  # noqa: E402
from core.ingest.formats import format_of, reader_for  # noqa: E402
from tests.ingest import format_fixtures as fx  # noqa: E402


def key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower())


def f1(pred: list[tuple[int, str]], ref: list[tuple[int, str]]) -> float:
    """F1 of (level, key) multisets (1.0 when both are empty)."""
    p, r = Counter((lv, key(t)) for lv, t in pred), Counter((lv, key(t)) for lv, t in ref)
    hit = sum((p & r).values())
    if not p and not r:
        return 1.0
    prec, rec = hit / max(1, sum(p.values())), hit / max(1, sum(r.values()))
    return 0.0 if hit == 0 else 2 * prec * rec / (prec + rec)


def md_headings(markdown: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{1,6})\s+(.+?)\s*#*$", markdown, re.M)]


def html_headings(html: str) -> list[tuple[int, str]]:
    import lxml.html

    root = lxml.html.document_fromstring(html.encode("utf-8"))
    out = []
    for h in root.xpath("//h1|//h2|//h3|//h4|//h5|//h6"):
        if not h.xpath("ancestor::nav|ancestor::script"):
            out.append((int(h.tag[1]), " ".join(h.text_content().split())))
    return [(lv, t) for lv, t in out if t]


def reference(path: Path, html_source: Path | None) -> list[tuple[int, str]]:
    """The independent reference headings of a real file (see module doc)."""
    import pymupdf

    if html_source is not None:
        return html_headings(html_source.read_text("utf-8", "replace"))
    fmt = format_of(path)
    if fmt == "html":
        return html_headings(path.read_text("utf-8", "replace"))
    if fmt == "epub":
        with pymupdf.open(path) as doc:
            return [(lv, t) for lv, t, _ in doc.get_toc()]
    if fmt == "markdown":
        out = subprocess.run(["pandoc", "-f", "gfm", "-t", "html", str(path)], capture_output=True, text=True)
        return html_headings(f"<html><body>{out.stdout}</body></html>")
    raise ValueError(f"no independent reference for {path}")


def folio(path: Path) -> tuple[list[tuple[int, str]], float]:
    """Folio's headings (Markdown '#' lines; slide and sheet titles are level 1) and seconds."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        parsed = reader_for(format_of(path))(path, Path(tmp), FormatSettings())
    return md_headings(parsed.markdown), time.perf_counter() - start


CANDIDATE = r"""
import json, re, sys, time
path, tool = sys.argv[1], sys.argv[2]
t = time.perf_counter()
if tool == "mammoth":
    import mammoth
    with open(path, "rb") as fh:
        html = mammoth.convert_to_html(fh).value
    heads = [(int(m.group(1)), re.sub("<[^>]+>", "", m.group(2))) for m in re.finditer(r"<h([1-6])[^>]*>(.*?)</h\1>", html)]
else:
    from markitdown import MarkItDown
    md = MarkItDown().convert(path).text_content
    heads = [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{1,6})\s+(.+?)\s*#*$", md, re.M)]
print(json.dumps({"headings": heads, "seconds": time.perf_counter() - t}))
"""


def candidate(py: str, tool: str, path: Path) -> tuple[list, float]:
    if tool == "pandoc":
        start = time.perf_counter()
        out = subprocess.run(["pandoc", "-t", "html", str(path)], capture_output=True, text=True)
        return html_headings(f"<html><body>{out.stdout}</body></html>"), time.perf_counter() - start
    done = subprocess.run([py, "-c", CANDIDATE, str(path), tool], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return [], float("nan")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return [tuple(h) for h in data["headings"]], data["seconds"]


def rows(real: list[Path], from_html: list[Path], work: Path, candidates: str | None) -> list[dict]:
    """One row per file and tool: format, file, tool, F1, seconds."""
    files: list[tuple[Path, list, str]] = []
    for kind in sorted(fx.TREES):
        files.append((fx.make(kind, work / "gen"), fx.TREES[kind], "generated"))
    for path in real:
        files.append((path, reference(path, None), "real"))
    for html in from_html:
        ref = reference(html, html)
        for ext in ("docx", "odt"):
            out = work / "conv" / f"{html.stem}.{ext}"
            out.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["pandoc", "-f", "html", "-t", ext, "-o", str(out), str(html)], check=True)
            files.append((out, ref, f"real (pandoc from {html.name})"))
    out = []
    for path, ref, origin in files:
        fmt = format_of(path)
        heads, secs = folio(path)
        out.append(dict(format=fmt, file=path.name, origin=origin, tool="folio", f1=round(f1(heads, ref), 3),
                        seconds=round(secs, 3), headings=len(ref)))
        tools = {"docx": ["mammoth", "markitdown", "pandoc"], "pptx": ["markitdown"], "xlsx": ["markitdown"],
                 "odt": ["pandoc"]}.get(fmt, []) if candidates else []
        for tool in tools:
            if tool == "pandoc" and not shutil.which("pandoc"):
                continue
            c_heads, c_secs = candidate(candidates, tool, path)
            out.append(dict(format=fmt, file=path.name, origin=origin, tool=tool, f1=round(f1(c_heads, ref), 3),
                            seconds=round(c_secs, 3), headings=len(ref)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--real", nargs="*", default=[], type=Path, help="real HTML, EPUB or Markdown files")
    ap.add_argument("--from-html", nargs="*", default=[], type=Path, help="real HTML pages to convert to DOCX/ODT")
    ap.add_argument("--candidates", help="a Python with mammoth and markitdown installed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = rows(args.real, args.from_html, Path(tmp), args.candidates)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"{'format':9} {'tool':10} {'F1':>5} {'sec':>7} {'refs':>5}  file (origin)")
    for r in result:
        print(f"{r['format']:9} {r['tool']:10} {r['f1']:5.3f} {r['seconds']:7.3f} {r['headings']:5}  "
              f"{r['file']} ({r['origin']})")


if __name__ == "__main__":
    main()
