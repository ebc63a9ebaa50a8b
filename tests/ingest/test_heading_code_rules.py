"""Heading rules for manuals full of code and for their contents pages (outline ignored)."""
from __future__ import annotations

import pymupdf

from core.ingest.pdf.headings import contents_pages, key, numbered_depth
from core.ingest.pdf.headings_chapters import chapter_openers
from core.ingest.pdf.headings_merge import merge_heading
from core.ingest.pdf.layout import Line, page_lines
from tests.ingest.heading_fixtures import body, headings_of, write_pdf

H1, H2 = (16, "hebo"), (13, "hebo")
CODE = "opt_merge -share_all -nomux [selection] -- merge identical cells"


def _line(text: str, page: int = 1, index: int = 0) -> Line:
    return Line(text, (72.0, 100.0 + 14 * index, 500.0, 112.0 + 14 * index), 10.0, False, page, index, block=index)


def test_the_body_size_is_the_prose_size_when_small_code_listings_outweigh_it(tmp_path):
    listing = [("\n".join([CODE] * 25), 8, "cour")]  # more characters than the prose, in smaller type
    page = [("1 Overview", *H1), *body(), ("The structure of this document is as follows:", 10, "helv"),
            *listing, ("1.1 Commands", *H2), *body()]
    found = headings_of(write_pdf(tmp_path / "a.pdf", [page]), tmp_path / "assets")
    assert found == [(1, "1 Overview"), (2, "1.1 Commands")]


def _row(path, pieces) -> Line:
    """The single line PyMuPDF reads from `pieces` (x, text, font) set on one baseline."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x, text, font in pieces:
        page.insert_text((x, 100), text, fontsize=10, fontname=font)
    doc.save(path)
    lines = page_lines(pymupdf.open(path)[0], 1)
    assert len(lines) == 1
    return lines[0]


def test_a_listing_line_number_leaves_its_row_code_and_code_leaves_a_bold_heading_bold(tmp_path):
    numbered = _row(tmp_path / "a.pdf", [(72, "12", "helv"), (100, "techmap -map +/mul_map.v", "cour")])
    assert numbered.mono
    heading = _row(tmp_path / "b.pdf", [(72, "7.1.2", "hebo"), (110, "dynamic/1", "cour")])
    assert heading.bold and not heading.mono
    prose = _row(tmp_path / "c.pdf", [(72, "7.1.2", "helv"), (110, "dynamic/1", "cour")])
    assert not prose.bold and not prose.mono


def test_sections_after_a_chapter_without_numbered_sections_are_kept(tmp_path):
    pages = [[("1 Introduction", *H1), *body(), ("1.1 Scope", *H2), *body()],
             [("CHAPTER", 10, "hebo"), ("TWO", *H1), ("Reference", *H1), *body(3)],
             [("CHAPTER", 10, "hebo"), ("THREE", *H1), ("Usage", *H1), *body(),
              ("3.1 Setup", *H2), *body(), ("3.2 Use", *H2), *body()]]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found][-3:] == ["Usage", "3.1 Setup", "3.2 Use"]


def test_a_number_that_is_part_of_the_title_is_no_section_number():
    titles = ("3D plots", "64-bit integers", "1Introduction", "2.3. Use", "A.1 x", "8.1.1 1D vs 2D")
    assert [numbered_depth(t) for t in titles] == [0, 0, 1, 2, 2, 3]
    assert (key("3D plots"), key("1Introduction")) == ("3dplots", "introduction")


def test_the_contents_last_page_without_leaders_is_contents():
    toc = [_line(f"{n} Chapter {n} {10 * n}", 1, n) for n in range(1, 6)]
    last = [_line("V Bugs 303", 2, 0), _line("Known limitations 303", 2, 1), _line("VI Index 305", 2, 2)]
    prose = [_line("Gnuplot is a portable command-line driven graphing utility.", 3, 0),
             _line("Version 5.4 was released in 2020", 3, 1)]
    assert contents_pages([toc, last, prose]) == {0, 1}


def test_a_chapter_label_run_into_its_number_is_a_label():
    labels, titles = chapter_openers([[_line("CHAPTER1"), _line("Introduction", index=1)]])
    assert labels == {(1, 0)} and titles == {(1, 1)}


def test_a_display_title_whose_line_boxes_overlap_is_one_heading():
    first = Line("The Maxima Program and Standard", (112.0, 306.9, 500.0, 341.3), 25.0, True, 7, 0, block=0)
    wrapped = Line("Packages", (257.2, 336.8, 354.8, 371.1), 25.0, True, 7, 1, block=1)  # 4.4 pt overlap
    assert merge_heading([first, wrapped], 0, body=10)[1:] == ("The Maxima Program and Standard Packages", (0, 1))
