"""Headings from the PDF outline: each entry placed on the line that carries its title.

The font/numbering detector (core.ingest.pdf.headings) is the other source; both return a
`{(page, line index): Heading}` map.
"""
from __future__ import annotations

import re
from typing import Sequence

from core.ingest.pdf.headings import Heading, key
from core.ingest.pdf.layout import Line


def outline_headings(toc: Sequence[Sequence], pages: Sequence[Sequence[Line]],
                     skip: set[tuple[int, int]] = frozenset()) -> dict[tuple[int, int], Heading]:
    """Place each outline entry on the line that carries its title.

    `toc` rows are PyMuPDF's `get_toc(simple=False)` rows (level, title, page, dest) or
    simple rows. Among lines with the title's text, the one nearest the entry's target
    point wins. An entry whose title is not on the page is inserted before the first line
    at its target point (`lines` empty), else at the page top (key (page, -1 - n)).
    """
    found: dict[tuple[int, int], Heading] = {}
    used: set[tuple[int, int]] = set()
    seen: set[tuple] = set()
    levels = numbered_levels([(int(row[0]), str(row[1])) for row in toc])
    for n, row in enumerate(toc):
        raw = tex_macros_out(str(row[1]))
        level, title, page = levels[n], " ".join(raw.split()), int(row[2])
        if not title or page < 1 or page > len(pages):
            continue
        target = _target_y(row)
        if (entry := (title, page, target)) in seen:
            continue  # an outline written twice (Yorick's, the copy nested deeper): one heading, the first's level
        seen.add(entry)
        match = _find_title(pages[page - 1], title, used | skip, target)
        if match is None and target is None and page < len(pages):
            match = _find_title(pages[page], title, used | skip, None)
        if match is None and (gap := gapped(raw)) is not None:  # "5 Using " where the page has "5 Using pspp"
            match = _find_gapped(pages[page - 1], gap, used | skip, target)
            title = next((_as_outline(ln.text, raw) for ln in pages[page - 1] if match and (ln.page, ln.index) == match[0]),
                         title)
        if match:
            used.update(match)
            found[match[0]] = Heading(level, title, tuple(i for _, i in match))
            continue
        anchor = _line_at(pages[page - 1], target, found) if target is not None else None
        found[anchor or (page, -1 - n)] = Heading(level, title, ())
    return found


_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)\.?\s")


def numbered_levels(entries: Sequence[tuple[int, str]]) -> list[int]:
    """Each (level, title) entry's level, one deeper than its numbered parent's when the
    outline puts it no deeper ("2.1 Exporting …" at the level of "2 Writing code …", as some
    LaTeX bookmarks do); an entry whose parent number is not in the outline keeps its level."""
    out: list[int] = []
    seen: dict[str, int] = {}  # section number -> its level
    for level, title in entries:
        found = _NUMBER.match(title)
        number = found.group(1) if found else ""
        parent = seen.get(number.rsplit(".", 1)[0]) if "." in number else None
        level = parent + 1 if parent is not None and level <= parent else level
        if number:
            seen[number] = level
        out.append(level)
    return out


_MANGLED = re.compile(r"[\x08\x09\x0a\x0c\x0d][A-Za-z]*")  # "\fam" read as a form feed and "am"


def tex_macros_out(title: str) -> str:
    """An outline title without TeX font macros that its PDF string turned into control
    characters: LaTeX wrote "{\fam \ttfam \tentt parfor}" into the bookmark, and the string's
    escapes made "\f" a form feed and "\t" a tab ("2.3 Using { am tfam entt parfor}"); the macro
    and its group braces go, "2.3 Using parfor", so the title is found on its page. A title with
    no form feed or backspace, or with a tab but no brace, is left as it is."""
    if not ("\x0c" in title or "\x08" in title or ("\t" in title and "{" in title)):
        return title
    return _MANGLED.sub("", title).replace("{", "").replace("}", "")


def page_points(toc: list, doc) -> list:
    """The outline rows with every destination point in page coordinates (origin top left), as
    the lines' boxes are. PyMuPDF gives a named destination's point (pdfTeX, Texinfo, DBLaTeX:
    `nameddest`) as the PDF wrote it, y counted from the page's foot, and a direct one already
    turned; read unturned, "Exit" at the foot of page 17 pointed near its head and took the
    code line "* (exit)" there."""
    out = []
    for row in toc:
        dest = row[3] if len(row) > 3 and isinstance(row[3], dict) else None
        point, page = (dest or {}).get("to"), int(row[2])
        if dest and dest.get("nameddest") and point is not None and 1 <= page <= doc.page_count:
            dest = {**dest, "to": point * doc[page - 1].transformation_matrix}
            row = [*row[:3], dest, *row[4:]]
        out.append(row)
    return out


def _target_y(row: Sequence) -> float | None:
    """The y of an outline entry's destination point, when the PDF gives one."""
    dest = row[3] if len(row) > 3 and isinstance(row[3], dict) else {}
    point = dest.get("to")
    y = getattr(point, "y", None)
    return float(y) if y is not None and y > 0 else None


def _line_at(lines: Sequence[Line], y: float, taken: dict) -> tuple[int, int] | None:
    """(page, index) of the first line whose centre lies at or below y, if free."""
    for ln in lines:
        if (ln.bbox[1] + ln.bbox[3]) / 2 >= y - 3:
            key_ = (ln.page, ln.index)
            return None if key_ in taken else key_
    return None


def _nearest_first(lines: Sequence[Line], target: float | None) -> Sequence[int]:
    """Line indices, those whose middle is nearest the target point first (page order without one)."""
    if target is None:
        return range(len(lines))
    return sorted(range(len(lines)), key=lambda i: abs((lines[i].bbox[1] + lines[i].bbox[3]) / 2 - target))


def _find_title(lines: Sequence[Line], title: str, used: set[tuple[int, int]],
                target: float | None) -> list[tuple[int, int]] | None:
    """(page, index) of the 1-3 consecutive lines whose text equals the title, if any."""
    want = key(title)
    if not want:
        return None
    for i in _nearest_first(lines, target):
        if (lines[i].page, lines[i].index) in used:
            continue
        text = ""
        for j in range(i, min(i + 3, len(lines))):
            text += " " + lines[j].text
            got = key(text)
            if got == want:
                return [(l.page, l.index) for l in lines[i:j + 1]]
            if not want.startswith(got):
                break
    return None


_GAP = re.compile(r"\S {2,}\S|\S\s+$")


def gapped(raw: str) -> re.Pattern | None:
    """A pattern for the page line of an outline title that lost a word, None for a whole title.

    Texinfo writes a macro's text (@sc{pspp}, @acronym) into the page but not into the
    bookmark, which keeps the spaces around it: "5 Using " for "5 Using pspp", "6 The  language"
    for "6 The pspp language". Each such gap may hold one or two words; the rest must match.

    >>> bool(gapped("5 Using ").fullmatch("5 Using pspp")), gapped("5 Using pspp") is None
    (True, True)
    >>> bool(gapped("6 The  language").fullmatch("6 The PSPP language"))
    True
    >>> bool(gapped("Files Used by ").fullmatch("6.8 Files Used by pspp"))
    True
    """
    if not _GAP.search(raw.replace("\t", " ")):
        return None
    pieces = re.split(r" {2,}|\s+$", raw.replace("\t", " ").strip("\n").lstrip())
    word = r"\S+(?:\s+\S+)?"
    body = rf"\s+{word}\s+".join(r"\s+".join(map(re.escape, p.split())) for p in pieces if p.strip())
    tail = rf"\s+{word}" if raw.rstrip("\n") != raw.rstrip() else ""
    number = "" if _NUMBER.match(raw) else r"(?:\d+(?:\.\d+)*\.?\s+)?"  # the page numbers what the outline does not
    return re.compile(number + body + tail + r"\s*", re.IGNORECASE)


def _as_outline(line: str, raw: str) -> str:
    """The page line as the outline would have titled it: without the section number it left out."""
    return " ".join((line if _NUMBER.match(raw) else re.sub(r"^\d+(?:\.\d+)*\.?\s+", "", line)).split())


def _find_gapped(lines: Sequence[Line], pattern: re.Pattern, used: set[tuple[int, int]],
                 target: float | None) -> list[tuple[int, int]] | None:
    """(page, index) of the one line (nearest the target point) that the gapped title matches."""
    for i in _nearest_first(lines, target):
        if (lines[i].page, lines[i].index) not in used and pattern.fullmatch(lines[i].text.strip()):
            return [(lines[i].page, lines[i].index)]
    return None


def drop_title_entry(toc: list[list], title: str) -> list[list]:
    """Remove a lone top-level outline entry that is just the document title; shift the rest up."""
    tops = [r for r in toc if int(r[0]) == 1]
    if len(tops) != 1 or len(toc) < 3 or (title and key(tops[0][1]) != key(title) and toc[0] is not tops[0]):
        return toc
    return [[int(r[0]) - 1, *r[1:]] for r in toc if r is not tops[0]]
