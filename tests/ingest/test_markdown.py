"""Section tree and cascading metadata from Folio Markdown."""
from __future__ import annotations

from core.ingest.markdown import parse_sections
from core.ingest.pdf.markdown import escape_line, join_lines
from core.ingest.pdf.layout import normalise_text
from core.types import content_hash

MD = """<!-- page 1 -->

Preface text.

# 1 Intro

Intro text.

## 1.1 Scope

<!-- page 2 -->

Scope text.

### 1.1.1 Deep

Deep text.

<!-- page 4 -->

# 2 Next

Table 9: Sizes
| Name | Size |
|---|---|
| a | 1 |

![Figure 2: A chart](assets/p4-img1.png)

\\# not a heading

## Example

# 3 Again

## Example
"""


def test_heading_paths_levels_and_pages():
    nodes = parse_sections("d", "Doc", MD)
    got = [(n.section.heading_path, n.section.level, n.section.page_start, n.section.page_end) for n in nodes]
    assert got == [
        (("Doc",), 0, 1, 4),
        (("Doc", "1 Intro"), 1, 1, 2),
        (("Doc", "1 Intro", "1.1 Scope"), 2, 1, 2),
        (("Doc", "1 Intro", "1.1 Scope", "1.1.1 Deep"), 3, 2, 2),
        (("Doc", "2 Next"), 1, 4, 4),
        (("Doc", "2 Next", "Example"), 2, 4, 4),
        (("Doc", "3 Again"), 1, 4, 4),
        (("Doc", "3 Again", "Example"), 2, 4, 4),
    ]


def test_parent_links_and_ids():
    nodes = parse_sections("d", "Doc", MD)
    secs = [n.section for n in nodes]
    assert secs[0].parent_id is None and secs[0].section_id == content_hash("d", "Doc")
    assert secs[3].parent_id == secs[2].section_id and secs[4].parent_id == secs[0].section_id
    assert secs[1].section_id == content_hash("d", "Doc", "1 Intro")
    assert len({s.section_id for s in secs}) == len(secs)


def test_blocks_kinds_pages_and_escapes():
    nodes = parse_sections("d", "Doc", MD)
    assert [(b.kind, b.text, b.page) for b in nodes[2].blocks] == [("text", "Scope text.", 2)]
    blocks = nodes[4].blocks
    assert [b.kind for b in blocks] == ["table", "image", "text"]
    assert blocks[0].caption == "Table 9: Sizes" and blocks[0].text.splitlines()[0] == "| Name | Size |"
    assert blocks[1].text == "Figure 2: A chart" and blocks[1].target == "assets/p4-img1.png"
    assert blocks[2].text == "# not a heading"


def test_duplicate_paths_get_distinct_ids():
    nodes = parse_sections("d", "Doc", "# A\n\n## X\n\n## X\n")
    assert nodes[2].section.heading_path == nodes[3].section.heading_path
    assert nodes[2].section.section_id != nodes[3].section.section_id


def test_text_helpers():
    assert normalise_text("e\ufb03cient \ufb01le") == "efficient file"
    assert join_lines(["the configu-", "ration file", "is well-", "Known"]) == "the configuration file is well- Known"
    assert escape_line("#include <x>") == "\\#include <x>" and escape_line("plain") == "plain"


def test_a_first_heading_that_repeats_the_title_is_the_root_not_a_child_of_it():
    md = ("<!-- page 1 -->\n## pg_dump\n\npg_dump extracts a database.\n\n### Options\n\n-a: data only.\n\n"
          "## pg_dump\n\nAgain.\n")
    nodes = parse_sections("d", "pg_dump", md)
    assert [n.section.heading_path for n in nodes] == [("pg_dump",), ("pg_dump", "Options"), ("pg_dump", "pg_dump")]
    assert nodes[0].blocks[0].text == "pg_dump extracts a database."
    other = parse_sections("d", "Guide", "# Setup\n\nRun it.\n")  # a first heading that is not the title stays
    assert [n.section.heading_path for n in other] == [("Guide",), ("Guide", "Setup")]
