"""Borderless tables (columns aligned by whitespace) on pages the tests write themselves."""
from __future__ import annotations

from pathlib import Path

import pymupdf

from core.config import ChunkingSettings
from core.ingest.chunking import chunk_markdown
from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.tables_text import plausible

ROWS = [["Distribution", "R name", "Arguments"], ["beta", "beta", "shape1, shape2"],
        ["binomial", "binom", "size, prob"], ["Cauchy", "cauchy", "location, scale"],
        ["gamma", "gamma", "shape, scale"]]
COLUMNS = (72, 200, 300)
PROSE = ("The archive service stores original files in a content-addressed folder for later "
         "review, and the cleanup service removes stale thumbnails once a week on Sundays. ") * 4


def _page(doc: pymupdf.Document) -> pymupdf.Page:
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 60, 523, 200), PROSE, fontsize=11, fontname="helv")
    return page


def _table_pdf(path: Path) -> Path:
    """Prose, a caption, then a whitespace-aligned table (no ruling lines), then prose."""
    doc = pymupdf.open()
    page = _page(doc)
    page.insert_text((72, 250), "Table 2: Distributions and their arguments", fontsize=10, fontname="helv")
    for r, row in enumerate(ROWS):
        for x, cell in zip(COLUMNS, row):
            page.insert_text((x, 280 + 16 * r), cell, fontsize=10, fontname="hebo" if r == 0 else "helv")
    page.insert_textbox(pymupdf.Rect(72, 380, 523, 600), PROSE, fontsize=11, fontname="helv")
    doc.save(path)
    return path


def test_whitespace_table_is_found_with_its_caption_and_embedded_by_labels(tmp_path):
    parsed = pdf_to_markdown(_table_pdf(tmp_path / "t.pdf"), tmp_path / "a")
    assert ("Table 2: Distributions and their arguments\n| Distribution | R name | Arguments |\n|---|---|---|\n"
            "| beta | beta | shape1, shape2 |") in parsed.markdown
    assert parsed.markdown.count("Cauchy") == 1  # cells are not repeated as loose text
    _, chunks = chunk_markdown("d", parsed.title, parsed.markdown, ChunkingSettings())
    table = [c for c in chunks if c.kind == "table"]
    assert len(table) == 1 and "| gamma | gamma | shape, scale |" in table[0].text
    # HiQA: title, caption, header and row labels are embedded, never the data cells
    assert "Table 2: Distributions" in table[0].embed_text and "beta, binomial, Cauchy, gamma" in table[0].embed_text
    assert "shape1" not in table[0].embed_text


def test_prose_lists_and_code_are_not_tables(tmp_path):
    doc = pymupdf.open()
    page = _page(doc)
    for i, item in enumerate(["First item of a bulleted list", "Second item", "Third item", "Fourth"]):
        page.insert_text((72, 250 + 16 * i), "\u2022", fontsize=10, fontname="helv")
        page.insert_text((90, 250 + 16 * i), item, fontsize=10, fontname="helv")
    for i, (code, comment) in enumerate([("x = f(a);", "/* first */"), ("y = g(x);", "/* second */"),
                                         ("z = h(y);", "/* third */")]):
        page.insert_text((72, 340 + 14 * i), code, fontsize=10, fontname="cour")
        page.insert_text((250, 340 + 14 * i), comment, fontsize=10, fontname="cour")
    left = "Left column text starts here and runs on for a while in the archive service."
    right = "Right column text follows later and tells the cleanup service what to remove."
    page.insert_textbox(pymupdf.Rect(72, 420, 285, 560), left * 2, fontsize=11, fontname="helv")
    page.insert_textbox(pymupdf.Rect(310, 420, 523, 560), right * 2, fontsize=11, fontname="helv")
    doc.save(tmp_path / "p.pdf")
    markdown = pdf_to_markdown(tmp_path / "p.pdf", tmp_path / "a").markdown
    assert "|---|" not in markdown


def test_plausible_rejects_definition_lists_signatures_and_indexes():
    assert plausible(ROWS)
    assert not plausible([["NONE", "No output at all."], ["ERROR", "Only error messages."],
                          ["WARN", "Warnings and errors."]])
    assert not plausible([["double gammafn (double x)", "[Function]"], ["double beta (double a)", "[Function]"],
                          ["double choose (double n)", "[Function]"]])
    assert not plausible([["container, 359", "cstdio, 12"], ["icase, 553", "NaN, 780"], ["ref, 60", "not_fn, 522"]])
    assert not plausible([["a", "b"], ["c", "d"]])  # too few rows
