"""OCR: pages without a text layer are read by Tesseract and get an invisible text layer.

A page needs OCR when it shows something (a picture or drawings) but has no extractable
text: a scanned page. Each such page is rendered at `dpi` (or taken at its own resolution:
ocr_source) and read once by the Tesseract
program, which writes two things from that one reading: a text-only PDF page (Tesseract's
own PDF renderer with `textonly_pdf=1`: invisible text scaled onto each word's box) and a
TSV of the words with their confidences. The text-only page is laid over the original page
in a copy of the file, so the rest of the parser, and the page view's highlights, read OCR
text exactly as they read born-digital text; the picture's ruling lines are drawn beneath
it (ocr_rules), so the table finder finds a scanned ruled table as it finds a born-digital
one. Pages are read `jobs` at a time, one Tesseract thread each (parallel pages beat
Tesseract's own threads on a few cores).

Example:
    >>> job = OcrJob(OcrSettings(languages="eng"), Path("work"))        # doctest: +SKIP
    >>> result = apply_ocr(Path("scan.pdf"), job)                             # doctest: +SKIP
    >>> result.source_path.name, result.confidence                           # doctest: +SKIP
    ('scan.ocr.pdf', {1: 91.4, 2: 88.0})
"""
from __future__ import annotations

import csv
import io
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping, Sequence

import pymupdf
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf import ocr_cache
from core.ingest.pdf.ocr_words import OcrWord, page_words
from core.ingest.pdf.ocr_image import has_columns, prepare
from core.ingest.pdf.ocr_logo import Box, page_pictures
from core.ingest.pdf.ocr_rules import Rule, draw_rules, find_rules
from core.ingest.pdf.ocr_source import page_picture

_LANGS_DIR = re.compile(r'"([^"]+)"')
_TIMEOUT_S = 300  # one page; a stuck Tesseract must not hang the whole ingest


@dataclass(frozen=True)
class OcrJob:
    """What OCR needs for one file: settings, a folder for the OCR'd copy and page images,
    and `on_page(done, total)` called as pages are read."""

    settings: OcrSettings
    work_dir: Path
    on_page: Callable[[int, int], None] | None = None


@dataclass(frozen=True)
class OcrResult:
    """The file to parse (the OCR'd copy, or the input when no page was read), the mean
    word confidence (0-100) of each OCR'd physical 1-based page, notes for the user, and
    why scanned pages were left unread (what to install), if they were."""

    source_path: Path
    confidence: Mapping[int, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    unavailable: str = ""  # why scanned pages were left unread (what to install)
    words: Mapping[int, tuple[OcrWord, ...]] = field(default_factory=dict)  # page -> its words (ocr_words)
    pictures: Mapping[int, tuple[Box, ...]] = field(default_factory=dict)  # page -> its picture blocks (ocr_logo)


@dataclass(frozen=True)
class PageOcr:
    """Tesseract's reading of one page: the text-only PDF page, its words' confidences,
    its words with their boxes and stroke widths (ocr_words) and the page picture's ruling
    lines (ocr_rules: drawn into the copy for the table finder)."""

    pdf: bytes
    confidences: tuple[float, ...]
    words: tuple[OcrWord, ...] = ()
    rules: tuple[Rule, ...] = ()
    pictures: tuple[Box, ...] = ()


@lru_cache(maxsize=1)
def _list_langs() -> tuple[str, tuple[str, ...]]:
    """(tessdata folder, installed languages) as `tesseract --list-langs` prints them."""
    out = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=30)
    text = out.stdout + out.stderr
    folder = _LANGS_DIR.search(text)
    langs = tuple(ln.strip() for ln in text.splitlines()[1:] if ln.strip() and " " not in ln.strip())
    return (folder.group(1) if folder else ""), langs


def tessdata_dir() -> Path:
    """Tesseract's language data folder (for engines that load it themselves)."""
    return Path(os.environ.get("TESSDATA_PREFIX") or _list_langs()[0])


def ocr_unavailable(languages: str) -> str:
    """'' when Tesseract can read `languages` ('eng+deu'); else what to install, one line."""
    if not shutil.which("tesseract"):
        return "install tesseract for OCR"
    try:
        installed = set(_list_langs()[1])
    except (OSError, subprocess.SubprocessError) as exc:
        return f"tesseract does not run ({type(exc).__name__}); reinstall tesseract-ocr"
    missing = [lang for lang in languages.split("+") if lang and lang not in installed]
    if missing:
        return (f"Tesseract has no data for {'+'.join(missing)} (FOLIO_OCR_LANGUAGES={languages}); "
                f"install tesseract-ocr-{missing[0]} or change the setting")
    return ""


def pages_to_ocr(doc: pymupdf.Document) -> list[int]:
    """0-based numbers of pages that show pictures or drawings but hold no text."""
    wanted = []
    for page in doc:
        if page.get_text("text").strip():
            continue
        if page.get_images(full=False) or page.get_cdrawings():
            wanted.append(page.number)
    return wanted


def read_page(png: bytes, settings: OcrSettings, tmp_root: Path | None = None,
              config: Sequence[str] = ()) -> PageOcr:
    """Run Tesseract once on a page image; return its text-only PDF page and confidences.
    `config` adds Tesseract variables ('thresholding_method=2'), for benchmarks. A reading
    of the same pixels with the same options is taken from FOLIO_OCR_CACHE when set."""
    psm = settings.psm or 3  # Tesseract's 0 only detects orientation: read with its automatic mode
    options = ["-l", settings.languages, "--dpi", str(settings.dpi), "--psm", str(psm),
               *[arg for var in config for arg in ("-c", var)]]
    key = ocr_cache.cache_key(png, options) if os.environ.get(ocr_cache.ENV) else ""
    hit = ocr_cache.cached(key) if key else None
    if hit is not None:
        return _page_ocr(png, hit[0], hit[1], settings.dpi)
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one thread a page: pages run in parallel
    with tempfile.TemporaryDirectory(prefix="page-", dir=tmp_root) as tmp:
        base = Path(tmp) / "page"
        cmd = ["tesseract", "stdin", str(base), *options, "-c", "textonly_pdf=1", "pdf", "tsv"]
        done = subprocess.run(cmd, input=png, capture_output=True, env=env, timeout=_TIMEOUT_S)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.decode("utf-8", "replace").strip()[-200:] or "tesseract failed")
        pdf = base.with_suffix(".pdf").read_bytes()
        tsv = base.with_suffix(".tsv").read_text("utf-8", "replace")
    if key:
        ocr_cache.store(key, pdf, tsv)
    return _page_ocr(png, pdf, tsv, settings.dpi)


def _page_ocr(png: bytes, pdf: bytes, tsv: str, dpi: int) -> PageOcr:
    """A reading's parts from Tesseract's text-only PDF page and TSV of the picture `png`."""
    return PageOcr(pdf, word_confidences(tsv), page_words(png, tsv, dpi), pictures=page_pictures(tsv, dpi))


def word_confidences(tsv: str) -> tuple[float, ...]:
    """Confidences of the recognised words in Tesseract's TSV (level 5, non-empty text)."""
    rows = csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE)
    out = []
    for row in rows:
        if row.get("level") == "5" and (row.get("text") or "").strip():
            try:
                conf = float(row["conf"])
            except (TypeError, ValueError):
                continue
            if conf >= 0:
                out.append(conf)
    return tuple(out)


def render_page(page: pymupdf.Page, settings: OcrSettings) -> tuple[bytes, int, int]:
    """The page as a greyscale PNG, the page segmentation mode to read it with and the PNG's
    dpi. The picture is the scan's own at its own resolution where it has one that reads
    better, else the page rendered at the settings' dpi (ocr_source.page_picture); skew undone
    and noise smoothed when `settings.prepare` (ocr_image.prepare). The mode is `settings.psm`,
    or when that is 0, 3 (find the columns) for a page set in columns and 4 (one column of
    lines) for any other, which keeps a table's rows together where mode 3 reads a table
    column by column."""
    img, dpi = page_picture(page, settings.dpi, settings.own_picture)
    if settings.prepare:
        img = prepare(img)
    psm = settings.psm or (3 if has_columns(img) else 4)
    buf = io.BytesIO()
    img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)  # read at once: speed over size
    return buf.getvalue(), psm, dpi


def _overlay(page: pymupdf.Page, text_pdf: bytes) -> None:
    """Lay Tesseract's invisible text page over `page` (the picture stays as it is)."""
    with pymupdf.open("pdf", text_pdf) as src:
        page.show_pdf_page(page.rect, src, 0, overlay=True, keep_proportion=False)


def apply_ocr(path: Path, job: OcrJob | None) -> OcrResult:
    """OCR the pages of `path` that need it and return the file to parse (see OcrResult).

    Nothing to do (no such page, OCR turned off, or no `job`) returns `path` unchanged; a
    missing Tesseract adds a note naming what to install.
    """
    if job is None or not job.settings.enabled:
        return OcrResult(path)
    with pymupdf.open(path) as doc:
        wanted = pages_to_ocr(doc)
        if not wanted:
            return OcrResult(path)
        reason = ocr_unavailable(job.settings.languages)
        if reason:
            return OcrResult(path, notes=(f"{len(wanted)} scanned pages not read: {reason}",), unavailable=reason)
        job.work_dir.mkdir(parents=True, exist_ok=True)
        confidence, failed, words, pictures = _ocr_pages(doc, wanted, job)
        target = job.work_dir / f"{path.stem}.ocr.pdf"
        doc.save(target, garbage=1, deflate=True)
    notes = confidence_notes(confidence, job.settings.low_confidence) + failed
    return OcrResult(target, confidence, notes, words=words, pictures=pictures)


def _ocr_pages(doc: pymupdf.Document, wanted: Sequence[int], job: OcrJob
               ) -> tuple[dict[int, float], tuple[str, ...], dict[int, tuple[OcrWord, ...]], dict[int, tuple[Box, ...]]]:
    """Read the wanted pages in parallel and overlay their text; return page -> confidence,
    a note per page Tesseract failed on (the rest of the file goes on), page -> words and
    page -> picture blocks.

    Pages are rendered here (PyMuPDF is not thread-safe) a few ahead of the readers, so at
    most about 2 x jobs page images are held at once.
    """
    jobs = max(1, job.settings.jobs)
    confidence: dict[int, float] = {}
    words: dict[int, tuple[OcrWord, ...]] = {}
    pictures: dict[int, tuple[Box, ...]] = {}
    failed: list[str] = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for start in range(0, len(wanted), 2 * jobs):
            batch = wanted[start:start + 2 * jobs]
            for n in batch:  # a scan shown upright by /Rotate: make it upright in the copy, so its
                doc[n].remove_rotation()  # OCR text runs left to right like any other page's
            futures = [pool.submit(_read_rendered, render_page(doc[n], job.settings), job) for n in batch]
            for n, future in zip(batch, futures):
                try:
                    result = future.result()
                except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
                    failed.append(f"OCR failed on page {n + 1} ({type(exc).__name__}: {str(exc)[:80]})")
                    result = PageOcr(b"", ())
                if result.confidences:
                    _overlay(doc[n], result.pdf)
                    if job.settings.tables:  # off by default: SCAN_ROUND5.md
                        draw_rules(doc[n], result.rules)
                    confidence[n + 1] = round(sum(result.confidences) / len(result.confidences), 1)
                    words[n + 1], pictures[n + 1] = result.words, result.pictures
                if job.on_page:
                    job.on_page(start + batch.index(n) + 1, len(wanted))
    return confidence, tuple(failed), words, pictures


def _read_rendered(rendered: tuple[bytes, int, int], job: OcrJob) -> PageOcr:
    """Read a page rendered by `render_page` with the segmentation mode and dpi chosen for it."""
    png, psm, dpi = rendered
    result = read_page(png, replace(job.settings, psm=psm, dpi=dpi), job.work_dir)
    return replace(result, rules=find_rules(png, dpi)) if job.settings.tables else result


def confidence_notes(confidence: Mapping[int, float], low: float, most: int = 8) -> tuple[str, ...]:
    """Summary-line notes: how many pages OCR read, and the low-confidence pages by number."""
    if not confidence:
        return ()
    mean = sum(confidence.values()) / len(confidence)
    notes = [f"OCR read {len(confidence)} pages (mean confidence {mean:.0f})"]
    weak = sorted(p for p, c in confidence.items() if c < low)
    if weak:
        shown = ", ".join(str(p) for p in weak[:most])
        more = f" and {len(weak) - most} more" if len(weak) > most else ""
        notes.append(f"low OCR confidence (< {low:g}) on page{'s' if len(weak) > 1 else ''} {shown}{more}")
    return tuple(notes)
