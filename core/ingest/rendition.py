"""Pages for files that have none of their own: a PDF rendition kept beside the original.

Office and OpenDocument documents and slides (and RTF) are converted by LibreOffice in
headless mode (`soffice --headless --convert-to pdf`, Debian's libreoffice-*-nogui packages;
no network, a private profile per process, a time limit). Spreadsheets, HTML, Markdown, text
and EPUB are laid out into A4 pages by PyMuPDF's Story from their Folio Markdown, so the text
on the pages is exactly the text that was chunked (a sheet's cells in full, under its name). Without LibreOffice an Office file is still read; its
rendition is None and `Rendition.why_not` says why (the page view then shows the section's
text instead of a page image).

Example:
    >>> # r = render_office(Path("report.docx"), Path("work"), FormatSettings())
    >>> # r.pdf, r.why_not   -> (PosixPath('work/report.pdf'), '')
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from core.config import FormatSettings

NO_LIBREOFFICE = ("no page image: LibreOffice was not installed when this file was added "
                  "(install libreoffice-writer-nogui and -impress-nogui and add it again)")
PAGE_CSS = ("body {font-family: sans-serif; font-size: 10pt; line-height: 1.35;} "
            "h1 {font-size: 17pt;} h2 {font-size: 14pt;} h3 {font-size: 12pt;} h4, h5, h6 {font-size: 10.5pt;} "
            "table {border-collapse: collapse;} td, th {border: 0.5pt solid #999; padding: 2pt; font-size: 9pt;} "
            "p {margin: 0 0 5pt 0;} .picture {color: #555; font-style: italic;}")


@dataclass(frozen=True)
class Rendition:
    """A PDF of the document's pages (None when none could be made), how long it took, and
    why there is none."""

    pdf: Path | None
    seconds: float = 0.0
    why_not: str = ""


def soffice() -> str | None:
    """The LibreOffice program, or None when it is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def _profile() -> Path:
    """This process's LibreOffice profile folder (LibreOffice locks a profile, so processes
    never share one); reused by every conversion of the process, deleted when it exits."""
    import atexit

    profile = Path(tempfile.gettempdir()) / f"folio-lo-{os.getuid()}-{os.getpid()}"
    if not profile.exists():
        atexit.register(shutil.rmtree, profile, True)
    return profile


def render_office(source: Path, work: Path, settings: FormatSettings) -> Rendition:
    """Convert an Office/OpenDocument/RTF file to PDF with LibreOffice (see module doc)."""
    import time

    program = soffice()
    if not settings.render:
        return Rendition(None, why_not="no page image: rendering is off (FOLIO_RENDER=0)")
    if program is None:
        return Rendition(None, why_not=NO_LIBREOFFICE)
    profile = _profile()
    out = work / "rendition"
    out.mkdir(parents=True, exist_ok=True)
    cmd = [program, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--invisible", "--norestore",
           "--nolockcheck", "--nodefault", "--convert-to", "pdf", "--outdir", str(out), str(source)]
    start = time.perf_counter()
    try:
        subprocess.run(cmd, capture_output=True, timeout=settings.render_timeout_s, check=False,
                       stdin=subprocess.DEVNULL, env={**os.environ, "SAL_USE_VCLPLUGIN": "svp"})
    except subprocess.TimeoutExpired:
        return Rendition(None, time.perf_counter() - start,
                         f"no page image: LibreOffice took longer than {settings.render_timeout_s:g} s "
                         "(raise FOLIO_RENDER_TIMEOUT)")
    pdf = out / (source.stem + ".pdf")
    seconds = time.perf_counter() - start
    if not pdf.is_file() or pdf.stat().st_size == 0:
        return Rendition(None, seconds, "no page image: LibreOffice could not convert this file")
    return Rendition(pdf, seconds)


def markdown_html(markdown: str) -> str:
    """HTML of Folio Markdown for the page layout: escaped text (raw HTML in the Markdown is
    shown as text), pictures as their description in italics."""
    import re
    from markdown_it import MarkdownIt

    text = re.sub(r"^<!-- page \d+ -->$", "", markdown, flags=re.M)
    text = re.sub(r"^!\[(.*)\]\(.*\)$", r"*[picture: \1]*", text, flags=re.M)
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)


def layout_pages(markdown: str, target: Path) -> Rendition:
    """Lay Folio Markdown out into A4 pages with PyMuPDF's Story; returns the PDF."""
    import time

    start = time.perf_counter()
    story = pymupdf.Story(html=markdown_html(markdown), user_css=PAGE_CSS)
    target.parent.mkdir(parents=True, exist_ok=True)
    writer = pymupdf.DocumentWriter(str(target))
    page_rect = pymupdf.paper_rect("a4")
    frame = page_rect + (56, 56, -56, -56)
    more = True
    while more:
        device = writer.begin_page(page_rect)
        more, _ = story.place(frame)
        story.draw(device)
        writer.end_page()
    writer.close()
    return Rendition(target, time.perf_counter() - start)
