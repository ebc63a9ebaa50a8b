"""The PDF parser, one module per stage: PDF -> Markdown with cascading headings.

    repair.py     a readable copy of a broken file (qpdf, page tree rebuilt)
    layout.py     text lines (rotated ones too), blocks and reading order
    ligatures.py  ligature glyphs of simple fonts spelt as their letters
    scripts.py    a change of script is a word boundary
    running.py    running headers/footers and page numbers
    forms.py      form fields and annotation notes as marked items
    headings.py   heading levels from the outline or from fonts and numbering
    tables.py     tables and their captions
    images.py     pictures and their descriptions
    ocr.py        Tesseract for pages without a text layer (an invisible text layer is added)
    markdown.py   the Markdown writer (page markers, headings, tables, pictures)
    parse.py      the whole pass: `check_pdf`, `pdf_to_markdown`

Example:
    >>> from core.ingest.pdf import pdf_to_markdown      # doctest: +SKIP
    >>> pdf_to_markdown(Path("manual.pdf"), Path("assets")).title  # doctest: +SKIP
    'R: An Introduction'
"""
from core.ingest.pdf.images import ImageInfo
from core.ingest.pdf.ocr import OcrJob
from core.ingest.pdf.parse import ParsedPdf, check_pdf, pdf_to_markdown

__all__ = ["ImageInfo", "OcrJob", "ParsedPdf", "check_pdf", "pdf_to_markdown"]
