"""Broken PDFs: a readable copy of a file that MuPDF cannot open or reads with no pages.

Two repairs are tried in turn, each writing a copy into the ingest's work folder (the
user's file is never changed): qpdf (through pikepdf) rebuilds a damaged cross-reference
table; when the page tree itself is lost (qpdf refuses a catalog without /Kids), the page
tree is rebuilt from the page objects that are still in the file (MuPDF's object scan),
the linearized first page first. Measured on broken samples (benchmarks/repair_compare.py),
this keeps more pages than pdfplumber's text fallback, and the copy keeps layout, fonts
and page boxes for the rest of the parser and the page view. Only a file that no reader
can open is refused. A truncated file (no end-of-file marker) that MuPDF still reads is
added with a note saying its end may be missing.

Example:
    >>> readable = readable_pdf(Path("broken.pdf"), 200, Path("work"))  # doctest: +SKIP
    >>> readable.note                                                       # doctest: +SKIP
    'repaired (qpdf): 4 pages readable (MuPDF read no pages)'
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf

from core.errors import IngestError
from core.ingest.pdf.parse import check_file


@dataclass(frozen=True)
class Readable:
    """The file to parse (the input or a repaired copy) and a note for the summary line."""

    path: Path
    note: str = ""

    @property
    def repaired(self) -> bool:
        """True when `path` is a repaired copy, not the user's file."""
        return self.note.startswith("repaired")


def readable_pdf(path: Path, max_mb: int, work_dir: Path) -> Readable:
    """Check `path` (size, header, password) and return a file MuPDF reads with pages.

    Raises IngestError with one line for a file that is not a PDF, needs a password, or that
    no reader could open or repair."""
    truncated = check_file(path, max_mb)
    problem, pages = mupdf_problem(path)
    if not problem:
        note = f"truncated file (no end-of-file marker): {pages} pages read, its end may be missing"
        return Readable(path, note if truncated else "")
    out = work_dir / f"{path.stem}.repaired.pdf"
    work_dir.mkdir(parents=True, exist_ok=True)
    for how, repair in (("qpdf", qpdf_copy), ("page tree rebuilt", rebuild_page_tree)):
        try:
            repair(path, out)
            pages = mupdf_problem(out)[1]
        except Exception:  # noqa: BLE001 - a repair that fails leaves the next one to try
            continue
        if pages:
            return Readable(out, f"repaired ({how}): {pages} page{'s' if pages > 1 else ''} readable ({problem})")
    raise IngestError(str(path), f"corrupt PDF that no reader could open or repair ({problem})")


def mupdf_problem(path: Path) -> tuple[str, int]:
    """('', pages) when MuPDF reads the file with pages, else (why not, 0); raises
    IngestError for a password-protected file."""
    pymupdf.TOOLS.mupdf_display_errors(False)  # MuPDF's repair chatter is not a user message
    try:
        doc = pymupdf.open(path, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - MuPDF raises several types for bad files
        return f"MuPDF cannot open it: {str(exc)[:80]}", 0
    with doc:
        if doc.needs_pass or doc.is_encrypted:
            raise IngestError(str(path), "encrypted or password-protected PDF; remove the password first")
        return ("", doc.page_count) if doc.page_count else ("MuPDF read no pages", 0)


def qpdf_copy(path: Path, out: Path) -> None:
    """Rewrite the file with qpdf, which rebuilds a damaged cross-reference table."""
    import pikepdf

    with pikepdf.open(path, attempt_recovery=True) as pdf:
        pdf.save(out)


def rebuild_page_tree(path: Path, out: Path) -> None:
    """Write a copy whose page tree lists every page object found in the file."""
    doc = pymupdf.open(path, filetype="pdf")
    with doc:
        pages, first = _page_objects(doc)
        if not pages:
            raise ValueError("no page objects")
        pages.sort(key=lambda x: (x != first, x))
        tree = doc.get_new_xref()
        kids = " ".join(f"{x} 0 R" for x in pages)
        doc.update_object(tree, f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>")
        for x in pages:
            doc.xref_set_key(x, "Parent", f"{tree} 0 R")
        catalog = doc.pdf_catalog()
        if not 0 < catalog < doc.xref_length() or doc.xref_get_key(catalog, "Type") != ("name", "/Catalog"):
            # the catalog is lost too: a new one, named by the trailer
            catalog = doc.get_new_xref()
            doc.update_object(catalog, "<< /Type /Catalog >>")
            doc.xref_set_key(-1, "Root", f"{catalog} 0 R")
        doc.xref_set_key(catalog, "Pages", f"{tree} 0 R")
        doc.save(out, garbage=1)


def _page_objects(doc: pymupdf.Document) -> tuple[list[int], int]:
    """The xrefs of all /Type /Page objects, and the linearized first page's (0 if none)."""
    pages: list[int] = []
    first = 0
    for xref in range(1, doc.xref_length()):
        try:
            kind = doc.xref_get_key(xref, "Type")
            if kind == ("name", "/Page"):
                pages.append(xref)
            elif doc.xref_get_key(xref, "Linearized")[0] != "null":
                first = int(doc.xref_get_key(xref, "O")[1] or 0)
        except Exception:  # noqa: BLE001 - a damaged object is skipped, not fatal
            continue
    return pages, first
