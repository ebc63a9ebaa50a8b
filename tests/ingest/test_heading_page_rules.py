"""Page-level heading rules (core.ingest.pdf.headings_pages) and Texinfo's definition lines, on
generated PDFs with known headings (outline ignored)."""
from __future__ import annotations

from core.ingest.pdf.headings import key, numbered_depth
from tests.ingest.heading_fixtures import body, headings_of, write_pdf
from tests.ingest.test_heading_rules import H1, H2, _chapter


def test_author_lines_of_a_title_page_in_the_section_type_are_not_headings(tmp_path):
    cover = [("A library for widgets", 10, "helv"), ("for version 2.1, 3 May 2024", 10, "helv"),
             ("Ada Lovelace (ada@example.org)", *H2), ("The Widget Developers", *H2)]
    pages = [cover] + [_chapter(n, f"Part {n} of the work", "Details") for n in range(1, 4)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Part 1 of the work", "1.1 Details", "2 Part 2 of the work",
                                     "2.1 Details", "3 Part 3 of the work", "3.1 Details"]


def test_a_first_page_with_prose_keeps_its_headings(tmp_path):
    first = [("Overview", *H2), *body(2)]  # 2 paragraphs of body text: not a title page
    pages = [first] + [_chapter(n, f"Part {n} of the work", "Details") for n in range(1, 4)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert "Overview" in [t for _, t in found]


def test_a_book_index_at_the_back_keeps_its_chapter_title_and_loses_its_entries(tmp_path):
    index = [("Concept Index", *H1)] + [(f"{w} . . . . . . . . . . . . {n}", 10, "helv")
                                        for n, w in enumerate(["alpha", "beta", "gamma", "delta", "omega"], 1)]
    pages = [_chapter(n, f"Part {n} of the work", "Details") for n in range(1, 4)] + [index]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages, title=None), tmp_path / "assets")
    assert found[-1] == (1, "Concept Index")
    assert not any("alpha" in t for _, t in found)


def test_an_unnumbered_chapter_in_the_chapter_type_opening_its_page_is_a_chapter(tmp_path):
    pages = [_chapter(n, f"Part {n} of the work", "Details") for n in range(1, 4)]
    pages.append([("GNU General Public License", *H1), *body(2), ("Preamble", *H2), *body(2)])
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages, title=None), tmp_path / "assets")
    assert found[-2:] == [(1, "GNU General Public License"), (2, "Preamble")]


def test_the_wrapped_argument_list_of_a_definition_line_is_not_a_heading(tmp_path):
    page = _chapter(2, "Functions", "Opening") + [
        ("int widget_open_with_flags", 12, "cour"), ("(widget_t w, unsigned int flags, const char *name)", 12, "helv"),
        *body(2)]
    pages = [_chapter(1, "Usage", "Options"), page]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Usage", "1.1 Options", "2 Functions", "2.1 Opening"]


def test_keys_match_texinfo_appendix_entries_and_names_with_dotted_numbers():
    assert key("A Upgrading from previous versions") == key("Appendix A Upgrading from previous versions")
    assert key("1.2 A POSIX conforming test framework") == key("A POSIX conforming test framework")
    assert key("X.509 certificates") == "x509certificates" and numbered_depth("X.509 certificates") == 0
    assert numbered_depth("B.1 Options") == 2 and key("B.1 Options") == "options"


def test_labels_of_a_drawing_are_not_headings(tmp_path):
    labels = [("Power-On", 16, "helv"), ("Init", 16, "helv"), ("Self-Test Error", 16, "helv"),
              ("Operational", 16, "helv"), ("Figure 2: state diagram", 10, "helv")]
    pages = [_chapter(1, "Usage", "Options"), _chapter(2, "States", "Diagram") + labels + body(1)]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Usage", "1.1 Options", "2 States", "2.1 Diagram"]


def test_unnumbered_sections_with_text_between_them_stay(tmp_path):
    page = [("Setup", *H2), *body(1), ("Usage", *H2), *body(1), ("Limits", *H2), *body(1)]
    pages = [_chapter(1, "Usage", "Options"), page]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages), tmp_path / "assets")
    assert [t for _, t in found][-3:] == ["Setup", "Usage", "Limits"]
    assert numbered_depth("C.101 ls - list modules") == 2 and key("C.101 ls - list modules") == "lslistmodules"


def test_a_chapter_opening_with_its_own_contents_keeps_its_title_and_first_section(tmp_path):
    # DocBook: the chapter title, a mini table of contents (entries ending in page numbers),
    # then the first section; the entries make the page a contents page, the headings stay
    names = ["Name", "Synopsis", "Description", "Options"]
    mini = [(f"2.{s}. {name} {s + 4}", 10, "helv") for s, name in enumerate(names, 1)]
    opening = [("2. How to use it", *H1), *mini, ("2.1. Name", *H2), *body(2)]
    rest = [(f"2.{s}. {name}", *H2) for s, name in enumerate(names[1:], 2)]
    pages = [_chapter(1, "Introduction", "Scope"), opening,
             [line for r in rest for line in (r, *body(1))], _chapter(3, "Programming", "Structure")]
    found = headings_of(write_pdf(tmp_path / "a.pdf", pages, title=None), tmp_path / "assets")
    assert [t for _, t in found] == ["1 Introduction", "1.1 Scope", "2. How to use it", "2.1. Name",
                                     "2.2. Synopsis", "2.3. Description", "2.4. Options",
                                     "3 Programming", "3.1 Structure"]
    assert not any(t.endswith(" 5") for _, t in found)  # no mini-contents entry became a heading
