"""Form fields and annotation notes become marked chunks at their place on the page; check
boxes drawn beside form labels do not make a table without its first column."""
from __future__ import annotations

import pymupdf

from core.config import ChunkingSettings
from core.ingest.chunking import chunk_markdown
from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.forms import field_text
from core.ingest.pdf.tables_text import has_empty_column, plausible


def _field(page, kind, name, rect, value=None, label=None):
    w = pymupdf.Widget()
    w.field_type, w.field_name, w.rect = kind, name, pymupdf.Rect(rect)
    if label:
        w.field_label = label
    if value is not None:
        w.field_value = value
    page.add_widget(w)


def _form_pdf(path):
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Application form for the reading room.", fontsize=11)
    _field(page, pymupdf.PDF_WIDGET_TYPE_TEXT, "applicant", (200, 100, 400, 120), "Grace Hopper", "Full name")
    _field(page, pymupdf.PDF_WIDGET_TYPE_TEXT, "f1_001(0)", (200, 130, 400, 150))  # empty, machine-named
    _field(page, pymupdf.PDF_WIDGET_TYPE_CHECKBOX, "Member", (200, 160, 215, 175), True)
    page.insert_text((72, 300), "Second paragraph about opening hours of the archive.", fontsize=11)
    page.add_text_annot((400, 310), "Check the Sunday hours with the librarian")
    page.insert_text((72, 500), "Closing remarks on the photocopier.", fontsize=11)
    highlight = page.add_highlight_annot(page.search_for("photocopier")[0])
    highlight.set_info(content="Broken since May", title="Ada")
    highlight.update()
    doc.save(path)
    return path


def test_fields_and_notes_are_marked_blocks_where_they_stand(tmp_path):
    markdown = pdf_to_markdown(_form_pdf(tmp_path / "form.pdf"), tmp_path / "a").markdown
    order = ["Application form", "<!-- form -->\nFull name: Grace Hopper; Member: checked",
             "Second paragraph", "<!-- annotation -->\nComment: Check the Sunday hours with the librarian",
             "Closing remarks", "<!-- annotation -->\nHighlight note (Ada): Broken since May"]
    places = [markdown.find(part) for part in order]
    assert -1 not in places and places == sorted(places), markdown
    assert "f1_001" not in markdown


def test_marked_blocks_become_form_and_annotation_chunks(tmp_path):
    parsed = pdf_to_markdown(_form_pdf(tmp_path / "form.pdf"), tmp_path / "a")
    _, chunks = chunk_markdown("d", parsed.title, parsed.markdown, ChunkingSettings())
    kinds = {c.kind: c.text for c in chunks if c.kind != "text"}
    assert kinds["form"] == "Full name: Grace Hopper; Member: checked"
    assert sorted(c.text for c in chunks if c.kind == "annotation") == [
        "Comment: Check the Sunday hours with the librarian", "Highlight note (Ada): Broken since May"]
    assert all("<!--" not in c.text for c in chunks)


def test_a_document_line_that_looks_like_a_marker_stays_text():
    markdown = "\\<!-- form -->\nnot a field\n"
    _, chunks = chunk_markdown("d", "T", markdown, ChunkingSettings())
    assert [(c.kind, c.text) for c in chunks] == [("text", "<!-- form --> not a field")]


def test_field_text_reads_labels_names_values_and_ticks():
    assert field_text("Text", "First Name", "", "Alice") == "First Name: Alice"
    assert field_text("Text", "f1_001(0)", "", "") == ""
    assert field_text("Text", "f1_001(0)", "", "12") == "f1_001(0): 12"
    assert field_text("CheckBox", "gdpr", "Agree to the policy", "Off") == "Agree to the policy"
    assert field_text("RadioButton", "female", "", "Yes") == "female: checked"
    assert field_text("ListBox", "Fruit", "", ["apple", "pear"]) == "Fruit: apple, pear"


def test_a_column_of_empty_boxes_beside_labels_is_no_table():
    rows = [["", "Agree to privacy policy"], ["", "Other"], ["", "Newsletter"]]
    assert has_empty_column(rows) and not plausible(rows)
    assert not has_empty_column([["Name", ""], ["Alice", "3"], ["Bob", "4"]])
