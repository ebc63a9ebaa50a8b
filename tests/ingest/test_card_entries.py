"""Reference cards and option summaries: lines whose name and value stand apart on one line
(a wide gap between them, in one text block, the values set flush right, so no column of
starts makes them a table) are entries, each a paragraph of its own, instead of one run-on
paragraph of the whole block; a name wrapped onto the line before its value, and a value
wrapped under its own column, stay with their entry; plain paragraphs are untouched."""
from __future__ import annotations

import pymupdf

from core.ingest.pdf import pdf_to_markdown

FONT = 9
RIGHT = 300  # the values' right edge


def _card(path, lines):
    """One block of lines (name or '', value or '', value starts at x instead of flush right)."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    page.insert_text((20, 40), "Metacommands", fontsize=FONT)
    y = 60
    for name, value, *at in lines:
        if name:
            page.insert_text((20, y), name, fontsize=FONT)
        if value:
            page.insert_text((at[0] if at else RIGHT - pymupdf.get_text_length(value, fontsize=FONT), y), value,
                             fontsize=FONT)
        y += 12
    page.insert_text((20, y + 30), "An ordinary sentence after the card stays a paragraph of its own.", fontsize=FONT)
    doc.save(path)
    return pdf_to_markdown(path, path.parent / "assets").markdown


def test_each_entry_of_a_card_is_a_paragraph(tmp_path):
    markdown = _card(tmp_path / "card.pdf", [("quit the program", "\\q"), ("print the defaults", "\\d"),
                                             ("read file into GP", "\\r filename"), ("set n digits", "\\p n")])
    assert "\n\nquit the program \\q\n\nprint the defaults \\d\n\nread file into GP \\r filename\n\nset n digits \\p n\n\n" \
        in markdown
    assert "\n\nAn ordinary sentence after the card stays a paragraph of its own.\n" in markdown


def test_wrapped_names_and_wrapped_values_stay_with_their_entry(tmp_path):
    markdown = _card(tmp_path / "card.pdf", [
        ("-s sort", "Enable sorting of the", 180), ("", "entries in reverse order.", 180),  # the value wraps
        ("number of objects on the heap", ""), ("and their total size", "getheap()"),     # the name wraps
        ("quit the program", "\\q"), ("print the defaults", "\\d"),
    ])
    assert "\n\n-s sort Enable sorting of the entries in reverse order.\n\n" in markdown
    assert "\n\nnumber of objects on the heap and their total size getheap()\n\nquit the program \\q\n\n" in markdown


def test_a_paragraph_with_one_wide_gap_is_no_card(tmp_path):
    markdown = _card(tmp_path / "card.pdf", [("The first line of a paragraph", ""), ("goes on here", "(1)"),
                                             ("and ends here.", "")])
    assert "\n\nThe first line of a paragraph goes on here (1) and ends here.\n\n" in markdown
