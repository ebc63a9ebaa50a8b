"""The document title (core.ingest.pdf.title) on generated PDFs: which lines of page 1 are the
title, when the metadata title is used, and a manual page's NAME line."""
from __future__ import annotations

from pathlib import Path

from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.title import hint_words, tidy, usable_metadata
from tests.ingest.heading_fixtures import body, write_pdf
from tests.ingest.test_heading_rules import _chapter


def _title(pdf: Path, tmp_path: Path) -> str:
    return pdf_to_markdown(pdf, tmp_path / "assets").title


def _with_metadata(pdf: Path, title: str) -> Path:
    import pymupdf
    doc = pymupdf.open(pdf)
    doc.set_metadata({"title": title})
    out = pdf.with_name("meta-" + pdf.name)
    doc.save(out)
    return out


def test_a_tagline_set_larger_above_the_title_is_not_the_title(tmp_path):
    cover = [("The Leading Open Source Solution", 28, "helv"), ("Gadget Console and Operators Guide", 24, "tiro"),
             ("Ada Lovelace", 12, "tiro"), *body(1)]
    pdf = write_pdf(tmp_path / "gadget-console.pdf", [cover] + [_chapter(n, "Part", "Details") for n in (1, 2)],
                    title=None)
    parsed = pdf_to_markdown(pdf, tmp_path / "assets")
    assert parsed.title == "Gadget Console and Operators Guide"
    assert "The Leading Open Source Solution" in parsed.markdown  # kept as text of the cover


def test_the_largest_type_stays_the_title_when_no_smaller_line_names_the_document(tmp_path):
    cover = [("An Introduction to Gadgets", 28, "helv"), ("Notes on a programming environment", 24, "tiro"),
             *body(1)]
    pdf = write_pdf(tmp_path / "gadget-intro.pdf", [cover] + [_chapter(n, "Part", "Details") for n in (1, 2)],
                    title=None)
    assert _title(pdf, tmp_path) == "An Introduction to Gadgets"


def test_a_version_line_far_below_in_the_title_size_and_a_contents_heading_are_not_the_title(tmp_path):
    cover = [("Gadget 3.9.4", 24, "hebo"), *body(3), ("Version 3.0", 24, "hebo"), ("Contents", 24, "hebo"), *body(1)]
    pdf = write_pdf(tmp_path / "a.pdf", [cover] + [_chapter(n, "Part", "Details") for n in (1, 2)], title=None)
    assert _title(pdf, tmp_path) == "Gadget 3.9.4"


def test_a_metadata_title_that_is_a_file_name_gives_way_to_the_page(tmp_path):
    pdf = write_pdf(tmp_path / "a.pdf", [[*body(1)]] + [_chapter(n, "Part", "Details") for n in (1, 2)],
                    title="Widget Quick Start Guide")
    assert _title(_with_metadata(pdf, "quick.dvi"), tmp_path) == "Widget Quick Start Guide"
    assert _title(_with_metadata(pdf, "Widgets in Practice"), tmp_path) == "Widgets in Practice"


def test_letters_set_apart_are_one_word_in_the_title(tmp_path):
    pdf = write_pdf(tmp_path / "a.pdf", [[*body(1)]] + [_chapter(n, "Part", "Details") for n in (1, 2)],
                    title="W i d g e t - M a n u a l *")  # the base fonts have no en dash or ∗
    assert _title(pdf, tmp_path) == "Widget - Manual"


def test_a_manual_page_is_titled_by_its_name_line(tmp_path):
    page = [("NAME", 11, "hebo"), ("gadget - make gadgets from a template, quickly", 10, "tiro"),
            ("SYNOPSIS", 11, "hebo"), ("gadget [options] file", 10, "tibo"), ("DESCRIPTION", 11, "hebo"),
            *body(4), ("OPTIONS", 11, "hebo"), *body(4)]
    pdf = write_pdf(tmp_path / "gadget.pdf", [page, [*body(6)]], title=None)
    assert _title(pdf, tmp_path) == "gadget - make gadgets from a template"


def test_title_rules_on_their_own():
    assert [usable_metadata(t) for t in ("Binder1.pdf", "zen_of_python.txt", "untitled", "Book1",
                                         "Microsoft Word - notes.docx", "R FAQ", "Book of Widgets")] == \
        [False, False, False, False, False, True, True]
    assert tidy("L A TEX and P h y M L") == "L A TEX and PhyML"  # two letters apart: left as they are
    assert hint_words(["bacula-console", "Bacula Console"]) == {"bacula", "console"}
    assert hint_words(["phyml-manual", "Introduction"]) == {"phyml"}


def test_a_title_set_in_the_chapters_size_below_a_larger_tagline_is_the_title(tmp_path):
    cover = [("The Leading Open Source Solution", 19, "helv"), ("Gadget Console and Operators Guide", 16, "hebo"),
             *body(1)]
    pdf = write_pdf(tmp_path / "gadget-console.pdf", [cover] + [_chapter(n, "Part", "Details") for n in (1, 2)],
                    title=None)  # the chapters' headings are 16 pt bold too
    assert _title(pdf, tmp_path) == "Gadget Console and Operators Guide"


def test_a_numbered_chapter_heading_under_a_tagline_is_not_the_title(tmp_path):
    cover = [("The Leading Open Source Solution", 19, "helv"), *body(1)]
    pages = [cover + _chapter(1, "Gadget Console basics", "Details")] + [_chapter(n, "Part", "Details") for n in (2, 3)]
    pdf = write_pdf(tmp_path / "gadget-console.pdf", pages, title=None)
    assert _title(pdf, tmp_path) == "The Leading Open Source Solution"


def test_a_heading_in_the_title_type_a_blank_line_below_is_not_part_of_the_title(tmp_path):
    cover = [("The Gadget program package", 14, "hebo"), ("Introduction", 14, "hebo"), *body(2)]
    pdf = write_pdf(tmp_path / "gadget_guide.pdf", [cover] + [[*body(3)] for _ in range(2)], title=None)
    assert _title(pdf, tmp_path) == "The Gadget program package"
