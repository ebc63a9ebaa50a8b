"""Chunk boxes, page labels and section numbers computed from a generated book PDF."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.config import ChunkingSettings
from core.evidence.geometry import covered_runs, document_geometry, section_number, tokens
from core.ingest.chunking import chunk_markdown
from core.ingest.pdf import pdf_to_markdown
from tests.evidence.fixtures import LABELS, SECTIONS, make_book_pdf


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    root = tmp_path_factory.mktemp("book")
    pdf = make_book_pdf(root / "chemnum.pdf", "The chemnum manual", "chemnum")
    parsed = pdf_to_markdown(pdf, root / "assets")
    sections, chunks = chunk_markdown("d1", parsed.title, parsed.markdown, ChunkingSettings())
    return pdf, sections, chunks, document_geometry(pdf, chunks, sections, parsed.images)


def test_runs_need_consecutive_words_and_drop_stray_phrases():
    chunk = tokens("the nightly rebuild runs at 03:15 every day")
    stream = tokens("at noon the nightly rebuild runs at 03:15 every day and the nightly bus")
    hit = covered_runs(chunk, stream, n=3, min_run=4)
    covered = [w for w, h in zip(stream, hit) if h]
    assert covered == tokens("the nightly rebuild runs at 03:15 every day")  # not 'the nightly bus'


def test_a_common_phrase_far_from_the_chunk_is_not_the_chunk():
    chunk = tokens("the seed is saved in the state file and the default value is equal to 1527384 here")
    page = tokens("width of the field; the default value is 5.8cm. " + "other words " * 10 +
                  "the seed is saved in the state file and the default value is equal to 1527384 here")
    hit = covered_runs(chunk, page, n=3, min_run=4)
    assert [w for w, h in zip(page, hit) if h] == chunk  # not the first 'the default value is'


def test_section_number_from_title_or_printed_line():
    assert section_number("3.2 Colours", []) == "3.2"
    assert section_number("Colours", ["Reference", "3.2\u00a0 Colours", "ochre rgb"]) == "3.2"
    assert section_number("Colours", ["Colours are nice"]) == ""
    assert section_number("A viewport", ["A viewport of chemnum"]) == ""  # a capital A is no number


def test_page_labels_sizes_and_section_numbers(book):
    _, sections, _, geometry = book
    assert [p.label for p in geometry.pages] == LABELS
    assert {(p.width, p.height) for p in geometry.pages} == {(595.0, 842.0)}
    numbers = {s.heading_path[-1]: geometry.section_numbers.get(s.section_id) for s in sections if s.level}
    assert numbers == {**{title: number for _, number, title in SECTIONS}, "Preface": None}


def test_every_chunk_has_boxes_on_its_own_pages(book):
    _, _, chunks, geometry = book
    for chunk in chunks:
        boxes = [b for b in geometry.boxes if b.chunk_id == chunk.chunk_id]
        assert boxes, chunk.text
        assert {b.page for b in boxes} <= set(range(chunk.page_start, chunk.page_end + 1))
        assert all(0 <= b.x0 < b.x1 <= 595 and 0 <= b.y0 < b.y1 <= 842 for b in boxes)


def test_running_head_is_not_highlighted_with_a_chunk_quoting_the_title(book):
    _, _, chunks, geometry = book
    first = chunks[0]  # 'The chemnum manual' + preface: the header repeats the title
    assert all(b.y0 > 60 for b in geometry.boxes if b.chunk_id == first.chunk_id)


def test_table_is_one_box_and_figure_box_is_the_picture_plus_caption(book):
    _, _, chunks, geometry = book
    table = next(c for c in chunks if c.kind == "table" and c.text.startswith("Table 2"))
    figure = next(c for c in chunks if c.kind == "image" and c.text.startswith("Figure 1"))
    assert len([b for b in geometry.boxes if b.chunk_id == table.chunk_id]) == 1
    boxes = sorted((b for b in geometry.boxes if b.chunk_id == figure.chunk_id), key=lambda b: b.y0)
    assert (round(boxes[0].x1 - boxes[0].x0), round(boxes[0].y1 - boxes[0].y0)) == (90, 90)  # the picture
    assert len(boxes) == 2 and boxes[1].y0 > boxes[0].y1  # its caption, below it


def test_chunk_across_a_page_break_has_boxes_on_both_pages(book):
    _, _, chunks, geometry = book
    spanning = [c for c in chunks if c.page_end > c.page_start]
    assert spanning
    for chunk in spanning:
        assert {b.page for b in geometry.boxes if b.chunk_id == chunk.chunk_id} == {chunk.page_start, chunk.page_end}


def test_ocr_confidence_is_kept_per_page(tmp_path):
    pdf = make_book_pdf(tmp_path / "b.pdf", "B", "bee")
    geometry = document_geometry(Path(pdf), [], ocr_confidence={2: 91.5})
    assert [p.ocr_confidence for p in geometry.pages][:3] == [None, 91.5, None]
