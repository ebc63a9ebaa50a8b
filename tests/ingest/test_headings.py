"""Heading sources on hand-made lines: outline placement and the font/numbering detector."""
from __future__ import annotations

import pymupdf

from core.ingest.pdf.headings import Heading, detect_headings, key
from core.ingest.pdf.headings_outline import drop_title_entry, numbered_levels, outline_headings, tex_macros_out
from core.ingest.pdf.layout import Line


def _line(i: int, text: str, y: float, size: float = 10, bold: bool = False, page: int = 1) -> Line:
    return Line(text, (72, y, 400, y + size + 2), size, bold, page, i, i)


PAGE = [
    _line(0, "Overview", 100, 16, True),
    _line(1, "Body text about the overview of the tool.", 130),
    _line(2, "spawn(Name) -> Pid", 200, 10, True),
    _line(3, "Starts a process.", 220),
    _line(4, "Overview", 300),  # the same words again, in body type, further down
]


def test_outline_title_matched_nearest_target_and_point_fallback():
    toc = [
        [1, "1 Overview", 1, {"kind": 1, "to": pymupdf.Point(72, 101)}],
        [2, "spawn/1", 1, {"kind": 1, "to": pymupdf.Point(72, 198)}],  # title not on the page
        [2, "Missing", 1],  # no title, no point: page top
    ]
    found = outline_headings(toc, [PAGE])
    assert found == {
        (1, 0): Heading(1, "1 Overview", (0,)),
        (1, 2): Heading(2, "spawn/1", ()),
        (1, -3): Heading(2, "Missing", ()),
    }


def test_detector_levels_from_numbering_and_style():
    lines = [
        _line(0, "1 Start", 80, 18, True),
        _line(1, "Plain body text that runs along the whole line of the page here.", 110),
        _line(2, "1.1 First steps", 140, 14, True),
        _line(3, "More body text that runs along the whole line of the page here too.", 170),
        _line(4, "Unnumbered aside", 200, 14, True),
        _line(5, "Even more body text, long enough to be the most common size by far.", 230),
        _line(6, "Note", 260, 10, True),
        _line(7, "a lower-case bold line is not a heading", 290, 10, True),
    ]
    found = detect_headings([lines])
    assert {k: (h.level, h.text) for k, h in found.items()} == {
        (1, 0): (1, "1 Start"), (1, 2): (2, "1.1 First steps"), (1, 4): (2, "Unnumbered aside"),
    }


def test_key_and_title_entry():
    assert key("2.3.1 Data Flow") == key("Data flow") == "dataflow"
    assert key("Appendix A A sample session") == "asamplesession"
    assert key("R and statistics") == "randstatistics"
    toc = [[1, "Manual", 1], [2, "Intro", 2], [2, "Usage", 3]]
    assert drop_title_entry(toc, "Manual") == [[1, "Intro", 2], [1, "Usage", 3]]
    two_tops = [[1, "A", 1], [1, "B", 2], [2, "C", 2]]
    assert drop_title_entry(two_tops, "") == two_tops


def test_unnumbered_heading_in_the_numbered_type_nests_below_the_last_numbered_one():
    body = "Plain body text that runs along the whole line of the page here, long enough."
    heads = ["1.1.1 Scheme sandbox", "1.1.2 Data types", "Pairs", "Lists", "1.1.3 Procedures", "Predicates"]
    lines = []
    for i, text in enumerate(heads):  # Texinfo: unnumbered subsubsections in the same type
        lines += [_line(2 * i, text, 80 + 60 * i, 13), _line(2 * i + 1, body, 100 + 60 * i)]
    found = detect_headings([lines])
    assert [(h.text, h.level) for h in found.values()] == [
        ("1.1.1 Scheme sandbox", 3), ("1.1.2 Data types", 3), ("Pairs", 4), ("Lists", 4),
        ("1.1.3 Procedures", 3), ("Predicates", 4)]


def test_outline_titles_lose_tex_macros_their_pdf_string_mangled():
    mangled = "2.3 Using {\x0cam \ttfam \tentt parfor} and {\x0cam \ttfam \tentt parforprime}"  # "{\fam\ttfam\tentt …}"
    assert " ".join(tex_macros_out(mangled).split()) == "2.3 Using parfor and parforprime"
    assert tex_macros_out("Tabs\tkept") == "Tabs\tkept" and tex_macros_out("{Braces} kept") == "{Braces} kept"


def test_numbered_outline_entries_nest_under_their_parent_number():
    entries = [(1, "1 Interface"), (2, "1.1 Configuration"), (1, "2 Writing code"), (1, "2.1 Exporting"),
               (1, "2.2 Input and output"), (1, "Index"), (1, "3.1 Without its parent")]
    assert numbered_levels(entries) == [1, 2, 1, 2, 2, 1, 1]


def test_an_outline_title_that_lost_a_word_takes_the_page_line():
    """Texinfo leaves a macro's word out of the bookmark but prints it: "5 Using " heads "5 Using pspp"."""
    page = [
        _line(0, "5 Using pspp", 100, 16, True),
        _line(1, "pspp is a tool for the statistical analysis of sampled data.", 130),
        _line(2, "6.8 Files Used by pspp", 200, 12, True),
        _line(3, "Using the tool is described here, in body type.", 230),
    ]
    toc = [
        [1, "5 Using ", 1, {"kind": 1, "to": pymupdf.Point(72, 101)}],
        [2, "Files Used by ", 1, {"kind": 1, "to": pymupdf.Point(72, 201)}],
        [2, "Missing word  here", 1],  # no line fits: placed at the page top under its own title
    ]
    found = outline_headings(toc, [page])
    assert found == {
        (1, 0): Heading(1, "5 Using pspp", (0,)),
        (1, 2): Heading(2, "Files Used by pspp", (2,)),
        (1, -3): Heading(2, "Missing word here", ()),
    }
