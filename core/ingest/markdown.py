"""Read Folio Markdown back as a section tree whose blocks carry cascading metadata.

Every section knows its heading path (document title > chapter > section ...) and page
span; every block (paragraph, table, image) knows its page, taken from the nearest
`<!-- page N -->` marker above it. This is HiQA's cascading metadata: a chunk cut from a
block inherits the path of the section it sits in.

Example:
    >>> nodes = parse_sections("d1", "Guide", "<!-- page 2 -->\\n# Setup\\n\\nRun it.\\n")
    >>> nodes[1].section.heading_path, nodes[1].blocks[0].page
    (('Guide', 'Setup'), 2)
    >>> [n.section.heading_path for n in parse_sections("d1", "Guide", "# Guide\\n\\n## Setup\\n\\nRun it.\\n")]
    [('Guide',), ('Guide', 'Setup')]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterator, Literal

from core.types import Section, content_hash

_PAGE = re.compile(r"^<!-- page (\d+) -->$")
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_IMAGE = re.compile(r"^!\[(.*)\]\((.*)\)$")
_MARKED = re.compile(r"^<!-- (form|annotation) -->$")
BOOK_SEPARATOR = " — "  # between a page's title and its book's (core.ingest.html.with_book)
_ESCAPED = re.compile(r"^\\(?=#|\||!\[|<!--|\\)")


@dataclass(frozen=True)
class Block:
    """One paragraph, table or image of a section, with the page it starts on."""

    kind: Literal["text", "table", "image", "form", "annotation"]
    text: str  # paragraph; table: the Markdown table; image: the description
    page: int
    caption: str = ""  # tables and images
    target: str = ""  # image file path as written in the Markdown


@dataclass(frozen=True)
class SectionNode:
    """A section of the tree with its own blocks (not those of its subsections)."""

    section: Section
    blocks: tuple[Block, ...]


def parse_sections(doc_id: str, title: str, markdown: str) -> list[SectionNode]:
    """Split Markdown into sections in document order; the first is the document root.

    Section ids hash the document id and heading path (plus an occurrence number when a
    path repeats). A section's page span covers its subsections.
    """
    root = _new_section(doc_id, (title,), 0, 1, None, {})
    seen: dict[tuple[str, ...], int] = {}
    nodes: list[tuple[Section, list[Block]]] = [(root, [])]
    stack: list[Section] = [root]
    page = 1
    for kind, payload, new_page in _lines_to_events(markdown):
        page = new_page
        if kind == "heading":
            level, text = payload
            if len(nodes) == 1 and _same_words(text, title):  # the title as the first heading: no "X > X"
                continue
            while stack[-1].level >= level:
                stack.pop()
            parent = stack[-1]
            sec = _new_section(doc_id, parent.heading_path + (text,), level, page, parent.section_id, seen)
            stack.append(sec)
            nodes.append((sec, []))
        elif kind == "block":
            nodes[-1][1].append(payload)
    return _with_page_spans(nodes)


def _same_words(heading: str, title: str) -> bool:
    """The heading says the title again (case, spacing and a closing colon or period aside), or
    the title's part before its book's name ("8.5. Creating Accounts — The Debian …")."""
    def norm(text: str) -> str:
        return " ".join(text.split()).strip(" .:").casefold()
    return bool(norm(heading)) and norm(heading) in (norm(title), norm(title.split(BOOK_SEPARATOR)[0]))


def _new_section(doc_id: str, path: tuple[str, ...], level: int, page: int, parent: str | None,
                 seen: dict[tuple[str, ...], int]) -> Section:
    """A section whose id is unique even when two sections share a heading path."""
    n = seen.get(path, 0)
    seen[path] = n + 1
    parts = (doc_id, *path) if n == 0 else (doc_id, *path, f"#{n}")
    return Section(content_hash(*parts), doc_id, path, level, page, page, parent)


def _with_page_spans(nodes: list[tuple[Section, list[Block]]]) -> list[SectionNode]:
    """Set each section's page_end to the last page of its blocks and subsections."""
    end = {s.section_id: max([s.page_start] + [b.page for b in blocks]) for s, blocks in nodes}
    for sec, _ in reversed(nodes):
        if sec.parent_id is not None:
            end[sec.parent_id] = max(end[sec.parent_id], end[sec.section_id])
    return [SectionNode(replace(s, page_end=end[s.section_id]), tuple(b)) for s, b in nodes]


def _lines_to_events(markdown: str) -> Iterator[tuple[str, object, int]]:
    """Yield ('heading', (level, text), page) and ('block', Block, page) in order."""
    page = 1
    group: list[str] = []
    for line in markdown.splitlines() + [""]:
        stripped = line.strip()
        marker = _PAGE.match(stripped)
        heading = _HEADING.match(stripped)
        if stripped and not marker and not heading:
            group.append(stripped)
            continue
        if group:
            yield "block", _block(group, page), page
            group = []
        if marker:
            page = int(marker.group(1))
        elif heading:
            yield "heading", (len(heading.group(1)), heading.group(2)), page


def _block(lines: list[str], page: int) -> Block:
    """Classify a run of non-blank lines: image, table (with caption line) or paragraph."""
    marked = _MARKED.match(lines[0])
    if marked and len(lines) > 1:  # a PDF form field or annotation note (core.ingest.pdf.forms)
        return Block(marked.group(1), " ".join(_unescape(l) for l in lines[1:]), page)
    image = _IMAGE.match(lines[0])
    if image and len(lines) == 1:
        return Block("image", image.group(1), page, caption=image.group(1), target=image.group(2))
    rows = [i for i, l in enumerate(lines) if l.startswith("|")]
    if len(rows) >= 2 and rows == list(range(rows[0], len(lines))) and rows[0] <= 1:
        caption = _unescape(lines[0]) if rows[0] == 1 else ""
        return Block("table", "\n".join(lines[rows[0]:]), page, caption=caption)
    return Block("text", " ".join(_unescape(l) for l in lines), page)


def _unescape(line: str) -> str:
    """Undo the writer's backslash before text that looks like Markdown structure."""
    return _ESCAPED.sub("", line)
