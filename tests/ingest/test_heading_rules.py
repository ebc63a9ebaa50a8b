"""Outline-less heading rules on generated PDFs with known headings (outline ignored)."""
from __future__ import annotations

from core.ingest.pdf.headings_api import arity
from core.ingest.pdf.headings_chapters import chapter_openers
from core.ingest.pdf.headings_merge import merge_heading
from core.ingest.pdf.layout import Line
from tests.ingest.heading_fixtures import body, headings_of, write_pdf

H1, H2 = (16, "hebo"), (13, "hebo")


def _chapter(n: int, title: str, *sections: str) -> list:
    page = [(f"{n} {title}", *H1), *body(2)]
    for s, name in enumerate(sections, 1):
        page += [(f"{n}.{s} {name}", *H2), *body(2)]
    return page


def test_a_label_repeated_under_many_sections_is_not_a_heading(tmp_path):
    pages = [[(f"{n} Command {name}", *H1), *body(), ("See also", 12, "hebo"), *body()]
             for n, name in enumerate(["alpha", "beta", "gamma"], 1)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert found == [(1, "1 Command alpha"), (1, "2 Command beta"), (1, "3 Command gamma")]


def test_title_page_author_lines_are_not_headings(tmp_path):
    cover = [("Ada Lovelace and Charles Babbage", 14, "helv"),
             ("Analytical Engines Ltd, 12 Example Road", 14, "helv"), *body()]
    pages = [cover] + [_chapter(n, f"Part {n} of the work", "Details") for n in range(1, 4)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Part 1 of the work", "1.1 Details", "2 Part 2 of the work",
                                     "2.1 Details", "3 Part 3 of the work", "3.1 Details"]


def test_code_lines_copyright_notices_and_small_lower_case_words_are_not_headings(tmp_path):
    page = _chapter(1, "Usage", "Options") + [("Pid = pid()", 10, "cobo"), *body(),
                                              ("Copyright 2024 Example Corp.", 10, "hebo"), *body(),
                                              ("textit", 12, "hebo"), *body()]
    found = headings_of(write_pdf(tmp_path / "a.pdf", [page]), tmp_path / "assets")
    assert found == [(1, "1 Usage"), (2, "1.1 Options")]


def test_signatures_head_name_arity_entries_below_their_module(tmp_path):
    sigs = ["open(Host, Options) -> {ok, Pid}", "close(Pid) -> ok", "send(Pid, {File, Mode}, Data) -> ok"]
    page = [("2 Reference Manual", *H1), *body(), ("ftp", 15, "helv"), *body(), ("Exports", 13, "helv")]
    for sig in sigs:
        page += [(sig, 10, "cour"), *body()]
    found = headings_of(write_pdf(tmp_path / "a.pdf", [page]), tmp_path / "assets")
    assert found == [(1, "2 Reference Manual"), (2, "ftp"), (3, "Exports"),
                     (3, "open/2"), (3, "close/1"), (3, "send/3")]


def test_arity_counts_top_level_arguments():
    assert (arity(""), arity("Pid"), arity("A, {B, C}, [D, E]"), arity("F, fun(X, Y) -> Z end")) == (0, 1, 3, 2)


def test_numbered_lines_out_of_sequence_are_not_headings(tmp_path):
    page = _chapter(1, "Standards", "Purpose") + [("9.1 Mandatory cipher suites", 10, "hebo"), *body()]
    pages = [page, _chapter(2, "Usage", "Basics")]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Standards", "1.1 Purpose", "2 Usage", "2.1 Basics"]


def test_sections_of_chapters_whose_number_is_a_word_are_kept(tmp_path):
    pages = [[("CHAPTER", 10, "hebo"), (word, 14, "hebo"), (title, 14, "hebo"), *body(),
              (f"{n}.1 First part", 13, "hebo"), *body(), (f"{n}.2 Second part", 13, "hebo"), *body()]
             for n, (word, title) in enumerate([("ONE", "GETTING STARTED"), ("TWO", "INSTALLING")], 1)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert found == [(1, "GETTING STARTED"), (2, "1.1 First part"), (2, "1.2 Second part"),
                     (1, "INSTALLING"), (2, "2.1 First part"), (2, "2.2 Second part")]


def test_a_running_foot_with_the_page_number_is_not_a_heading(tmp_path):
    pages = [_chapter(1, "Setup", "Install")] + [body(6) for _ in range(3)] + [_chapter(2, "Use", "Run")]
    pdf = write_pdf(tmp_path / "a.pdf", pages, footer="{n} Chapter 1. Setup")
    found = headings_of(pdf, tmp_path / "assets")
    assert [t for _, t in found] == ["1 Setup", "1.1 Install", "2 Use", "2.1 Run"]


def test_appendix_lines_are_chapters_and_unnumbered_headings_nest_one_below_numbered(tmp_path):
    page = _chapter(1, "Intro", "Scope") + [("Appendix A Licence", *H1), *body(), ("Terms", *H2), *body()]
    found = headings_of(write_pdf(tmp_path / "a.pdf", [page]), tmp_path / "assets")
    assert found == [(1, "1 Intro"), (2, "1.1 Scope"), (1, "Appendix A Licence"), (2, "Terms")]


def test_body_size_bold_labels_of_a_numbered_document_are_not_headings(tmp_path):
    pages = [_chapter(n, f"Topic {n}", "Setup", "Use") + [("Worked example", 10, "hebo"), *body()]
             for n in range(1, 4)]
    pages[0] = [("Mar 3, 2021", 16, "hebo"), *body()] + pages[0]
    pages[1] += [("Limits of the tool", 10, "hebo"), *body()]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert found == [(lv, t) for n in range(1, 4)
                     for lv, t in [(1, f"{n} Topic {n}"), (2, f"{n}.1 Setup"), (2, f"{n}.2 Use")]]


def test_body_size_bold_headings_stay_where_few_headings_are_numbered(tmp_path):
    pages = [[("Overview", 16, "hebo"), *body(), ("Limits of the tool", 10, "hebo"), *body(),
              ("Reading files", 10, "hebo"), *body()]]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["Overview", "Limits of the tool", "Reading files"]


def _line(text: str, top: float, index: int, size: float = 14.5) -> Line:
    return Line(text, (100.0, top, 540.0, top + size), size, True, 3, index, block=index)


def test_a_large_title_wrapped_into_one_line_blocks_is_one_heading():
    lines = [_line("CONTROL FILES AND THEIR FIELDS (FROM OLD PACKAGING", 167, 0), _line("MANUAL)", 185, 1),
             _line("16.1 Syntax of control files", 246, 2)]
    assert merge_heading(lines, 0, body=10) == (lines[0], "CONTROL FILES AND THEIR FIELDS (FROM OLD PACKAGING "
                                                "MANUAL)", (0, 1))
    below = [lines[0], _line("16.1 Syntax", 185, 1)]  # a numbered line right below starts a heading
    assert merge_heading(below, 0, body=10)[2] == (0,)
    small = [_line("Bold words", 100, 0, size=10), _line("more bold words", 112, 1, size=10)]
    assert merge_heading(small, 0, body=10)[2] == (0,)  # body-size bold lines in two blocks stay apart


def test_chapter_numbers_in_words_past_twenty_are_labels():
    lines = [_line("CHAPTER", 92, 0, size=10), _line("TWENTYONE", 112, 1), _line("MAINTAINER SCRIPT FLOWCHARTS", 167, 2)]
    labels, titles = chapter_openers([lines])
    assert labels == {(3, 0), (3, 1)} and titles == {(3, 2)}


def test_an_unlabelled_chapter_in_the_chapter_title_type_is_a_chapter(tmp_path):
    big = (16, "hebo")
    pages = [[("CHAPTER", 10, "hebo"), (word, *big), (f"Topic {n}", *big), *body(),
              (f"{n}.1 Setup", *big), *body(), (f"{n}.2 Use", *big), *body()]
             for n, word in enumerate(["ONE", "TWO", "THREE"], 1)]
    pages.append([("Bibliography", *big), *body(3)])
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert found[-1] == (1, "Bibliography")
    assert found[:3] == [(1, "Topic 1"), (2, "1.1 Setup"), (2, "1.2 Use")]
