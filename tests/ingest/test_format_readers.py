"""Every reader on a fixture it generated: the exact heading tree, tables, lists, notes,
pictures and pages; then the Markdown goes through the same section parser as PDFs."""
from __future__ import annotations

import re
import zipfile

import pytest

from core.config import ChunkingSettings, FormatSettings
from core.ingest.chunking import chunk_markdown
from core.ingest.formats import EXTENSIONS, accepted, format_of, reader_for, upload_types
from core.ingest.markdown import parse_sections
from core.ui.uploads import upload_suffix
from tests.ingest import format_fixtures as fx

KINDS = sorted(fx.TREES)


def headings(markdown: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in re.finditer(r"^(#{1,6}) (.+)$", markdown, re.M)]


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("formats")
    out = {}
    for kind in KINDS + ["txt"]:
        path = fx.make(kind, folder)
        out[kind] = reader_for(format_of(path))(path, folder / "assets", FormatSettings())
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_heading_tree_is_exactly_the_sources(parsed, kind):
    assert headings(parsed[kind].markdown) == fx.TREES[kind]


@pytest.mark.parametrize("kind", KINDS)
def test_section_tree_cascades_as_for_pdfs(parsed, kind):
    doc = parsed[kind]
    nodes = parse_sections("d", doc.title, doc.markdown)
    tree = [t for _, t in fx.TREES[kind]]
    if tree[0] == doc.title:  # the title as the first heading is the root itself ("X", not "X > X")
        tree = tree[1:]
    assert [n.section.heading_path[-1] for n in nodes[1:]] == tree
    assert all(n.section.heading_path[0] == doc.title for n in nodes)
    assert chunk_markdown("d", doc.title, doc.markdown, ChunkingSettings())[1]


def test_word_title_lists_captioned_table_and_picture(parsed):
    doc = parsed["docx"]
    assert doc.title == "Field Guide to Birds"
    md = doc.markdown
    assert "- Robins nest in hedges\n\n- Wrens nest in walls" in md
    assert "Table 1: Typical weights\n| Bird | Weight |\n|---|---|\n| Robin | 77 g |\n| Wren | 10 g |" in md
    assert re.search(r"^!\[Map of the survey transects\]\(assets/sample-picture-1\.png\)$", md, re.M)
    assert len(doc.images) == 1 and doc.images[0].read_bytes().startswith(b"\x89PNG")
    table = [n for n in parse_sections("d", doc.title, md) if n.section.heading_path[-1] == "Background"][0]
    assert [b.kind for b in table.blocks] == ["text", "text", "table"]
    assert table.blocks[2].caption == "Table 1: Typical weights"


def test_slides_are_pages_titled_by_their_title_placeholder_with_notes(parsed):
    doc = parsed["pptx"]
    assert doc.pages == 3 and doc.title == "Quarterly Review"
    nodes = parse_sections("d", doc.title, doc.markdown)
    assert [(n.section.heading_path, n.section.page_start) for n in nodes] == [
        (("Quarterly Review",), 1), (("Quarterly Review", "Sales Figures"), 2), (("Quarterly Review", "Slide 3"), 3)]
    assert "Notes: Welcome everyone and introduce the agenda." in nodes[0].blocks[-1].text
    assert nodes[1].blocks[0].kind == "table" and "| North | 120 |" in nodes[1].blocks[0].text


def test_sheets_are_sections_and_used_ranges_tables_with_detected_headers(parsed):
    md = parsed["xlsx"].markdown
    assert "# Prices\n\n| Item | Price | Stock |\n|---|---|---|\n| Apple | 1.5 | 30 |\n| Pear | 2 | 12 |" in md
    # numbers only: no header row, so the column letters head it; an empty row splits the ranges
    assert "# Raw\n\n| A | B | C |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n\n| A | B |\n|---|---|\n| Total | 21 |" in md


def test_opendocument_text_footnote_list_and_table(parsed):
    md = parsed["odt"].markdown
    assert "The project studies river water quality.[1] It began in spring.\n\n[1] Samples taken monthly." in md
    assert "- Upper basin\n\n- Lower basin" in md and "| Mill | 4.2 |" in md


def test_opendocument_slides_and_sheet_without_expanding_repeats(parsed):
    odp = parsed["odp"]
    assert odp.pages == 2 and "Notes: Thank the sponsors first." in odp.markdown
    ods = parsed["ods"].markdown
    assert "| Item | Cost |\n|---|---|\n| Rent | 900 |\n| Food | 300 |" in ods and len(ods) < 200


def test_html_skips_scripts_and_keeps_tables_figures_and_text(parsed):
    doc = parsed["html"]
    assert doc.title == "Gardening Guide" and "never run" not in doc.markdown and "Home" not in doc.markdown
    assert "Table 1: pH ranges\n| Plant | pH |" in doc.markdown
    assert "![A raised bed — Figure 1: raised bed layout]()" in doc.markdown
    assert "Water deeply twice a week <script> stays text." in doc.markdown  # an entity, kept as text



def test_html_keeps_the_space_at_an_inline_elements_edge():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    out = MarkdownOut()  # SQLite's pages number headings so: "2.How WAL Works" was written before
    HtmlWalker(out).walk(parse_html('<h1><span>2. </span>How WAL Works</h1><div>Use <b>bold </b>text<p>More.</p></div>'))
    assert out.markdown() == "# 2. How WAL Works\n\nUse bold text\n\nMore.\n"


def test_html_leaves_out_the_prev_next_bars_of_documentation_generators():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><div id="banner"><a href="/get"><span>Download the ebook</span></a></div>'
            '<ul class="docnav top"><li class="previous"><a href="a.html"><strong>Prev</strong></a></li></ul>'
            '<div class="related" role="navigation"><a href="b.html">next chapter</a></div>'
            '<h2>6.9. Automatic Upgrades</h2><p>Run it <span class="breadcrumb">Home › Guide</span>daily.</p>'
            '<div class="navfooter"><table><tr><td>Up</td><td>Home</td></tr></table></div></body>')
    out = MarkdownOut()  # the Debian Administrator's Handbook (Publican), Sphinx and DocBook pages
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == "## 6.9. Automatic Upgrades\n\nRun it daily.\n"


def test_html_leaves_out_comments_and_the_menus_and_node_bars_of_texinfo_pages():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<html><!-- This is the user\'s manual. Copyright notice. --><!-- Created by GNU Texinfo 5.2 -->'
            '<body><div class="header"><p>Next: <a href="i.html">Installing</a>, Up: <a href="t.html">Top</a></p></div>'
            '<h2>Appendix A Notes</h2><p>Words <!-- hidden --> are checked.</p>'
            '<table class="menu"><tr><td>&bull; <a href="s.html">Suggestion Strategy</a>:</td><td></td></tr></table>'
            '<div class="header"><p>The header of a form</p></div></body></html>')
    out = MarkdownOut()  # GNU Aspell's manual (makeinfo): a comment's text is no content, nor a node's links
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == "## Appendix A Notes\n\nWords are checked.\n\nThe header of a form\n"


def test_html_leaves_out_the_permalink_marks_of_headings_and_entries():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><h1>Install<a class="headerlink" href="#install" title="Link to this heading">¶</a></h1>'
            '<dl><dt id="index-divert"><strong>divert</strong> (number)<a href="#index-divert" '
            'class="copiable-anchor"> &para;</a></dt><dd>See <a href="#install">Install</a>.</dd></dl></body>')
    out = MarkdownOut()  # Sphinx's heading links and Texinfo's copiable anchors: "Install¶" was the heading
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == "# Install\n\ndivert (number)\n\nSee Install.\n"


def test_html_keeps_each_line_of_a_preformatted_block_as_a_line_of_its_own():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><h2>SYNOPSIS</h2><div class="verseblock"><pre class="content"><em>git stash</em> list\n'
            '<em>git stash</em> show [-u]\n\n<em>git stash</em> drop [-q]</pre></div></body>')
    out = MarkdownOut()  # git's manual pages (AsciiDoc): the synopsis is one command form a line, as a PDF gives it
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == "## SYNOPSIS\n\ngit stash list\n\ngit stash show [-u]\n\ngit stash drop [-q]\n"


def test_html_leaves_out_a_picture_that_is_all_of_a_link_to_another_page():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><p id="title"><a href="http://www.debian.org"><img alt="Product Site" src="l.png"/></a></p>'
            '<h2>Backup</h2><p><a href="big.png"><img alt="The backup bank" src="small.png"/></a></p>'
            '<p>See <a href="x.html"><img alt="an icon" src="i.png"/> the guide</a>.</p></body>')
    out = MarkdownOut()  # a site's logo is navigation; a thumbnail of its full-size picture is content
    HtmlWalker(out).walk(parse_html(page))
    assert "Product Site" not in out.markdown()
    assert "The backup bank" in out.markdown() and "an icon" in out.markdown()

def test_html_reads_a_docbook_note_box_as_prose_and_marks_list_items_that_hold_paragraphs():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><ul><li><p>Log in again.</p></li><li>Start screen.</li></ul>'
            '<div class="tip"><table border="0" summary="Tip"><tr><td rowspan="2"><img alt="[Tip]" src="tip.png"/>'
            '</td><th align="left">Tip</th></tr><tr><td><p>Ext4 is the default filesystem.</p><pre>$ mkfs.ext4 /dev/sdb1'
            '</pre></td></tr></table></div><table><tr><th>Tool</th><th>Use</th></tr><tr><td>mkfs</td><td>make one</td>'
            '</tr></table></body>')
    out = MarkdownOut()  # Debian Reference (DocBook): every Note, Tip and Warning is a two-row layout table
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == ("- Log in again.\n\n- Start screen.\n\nExt4 is the default filesystem.\n\n"
                              "$ mkfs.ext4 /dev/sdb1\n\n| Tool | Use |\n|---|---|\n| mkfs | make one |\n")


def test_html_note_box_titled_by_a_heading_opens_no_section_of_its_own():
    from core.ingest.html import HtmlWalker, parse_html
    from core.ingest.md_out import MarkdownOut

    page = ('<body><h2>Connection Settings</h2><p>port: 5432 by default.</p>'
            '<div class="note"><h3 class="title">Note</h3><p>On Windows a value of 0 means 2 hours.</p></div>'
            '<p>tcp_keepalives_interval: seconds between probes.</p>'
            '<div class="warning"><h3 class="title">Dumps and roles</h3><p>Roles are not dumped.</p></div></body>')
    out = MarkdownOut()  # PostgreSQL's DocBook pages: the parameter after a note is no part of a "Note" section
    HtmlWalker(out).walk(parse_html(page))
    assert out.markdown() == ("## Connection Settings\n\nport: 5432 by default.\n\nOn Windows a value of 0 means 2 "
                              "hours.\n\ntcp_keepalives_interval: seconds between probes.\n\nDumps and roles\n\n"
                              "Roles are not dumped.\n")


def test_a_docbook_page_is_titled_with_its_book_and_its_first_heading_is_the_root(tmp_path):
    from core.ingest.html import read

    page = tmp_path / "sect.creating-accounts.html"
    page.write_text('<html><head><title>8.5. Creating Accounts</title><link rel="home" href="index.html" '
                    'title="The Debian Administrator\'s Handbook"/></head><body><h2>8.5. Creating Accounts</h2>'
                    '<p>This is typically done using the adduser command.</p><h3>8.5.1. Groups</h3><p>Add users.</p>'
                    '</body></html>', "utf-8")
    doc = read(page, tmp_path / "assets", FormatSettings())
    assert doc.title == "8.5. Creating Accounts — The Debian Administrator's Handbook"
    assert [n.section.heading_path for n in parse_sections("d", doc.title, doc.markdown)] == [
        (doc.title,), (doc.title, "8.5.1. Groups")]
    plain = tmp_path / "plain.html"  # no book named: the title as written
    plain.write_text("<html><head><title>pg_dump</title></head><body><h2>pg_dump</h2><p>Dumps.</p></body></html>")
    assert read(plain, tmp_path / "assets", FormatSettings()).title == "pg_dump"


def test_markdown_front_matter_title_setext_heading_and_table(parsed):
    doc = parsed["markdown"]
    assert doc.title == "Release Notes 2.1" and "title:" not in doc.markdown
    assert "| 101 | closed |" in doc.markdown and "![Screenshot of the import dialog]()" in doc.markdown


def test_epub_chapters_come_from_its_table_of_contents(parsed):
    doc = parsed["epub"]
    assert doc.title == "Sea Stories"
    assert doc.markdown.count("Chapter One: Harbour") == 1  # the chapter's own h1 is not written twice
    assert "## The Lighthouse\n\nThe keeper lit the lamp at six." in doc.markdown


def test_text_files_keep_paragraphs_and_invent_no_headings(parsed):
    assert parsed["txt"].markdown == "First paragraph line one line two.\n\nSecond paragraph.\n"


def test_one_extension_list_for_walk_upload_and_cli():
    assert format_of("A.DOCX") == "docx" and format_of("b.htm") == "html" and format_of("c.xlsm") == "xlsx"
    assert not accepted("old.doc") and not accepted("photo.jpg") and accepted("x.pdf")
    assert set(upload_types()) == {e[1:] for e in EXTENSIONS}
    assert upload_suffix("Plan 2024.PPTX") == ".pptx" and upload_suffix("../../etc/passwd") == ".pdf"


def test_epub_with_ncx_repeated_spine_files_and_a_contents_page(tmp_path):
    """As a real Debian book is made: manifest items naming one file under #fragments (so the
    spine repeats it), an EPUB 2 NCX, XHTML namespaces, and a contents page of link headings."""
    xhtml = '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>{}</body></html>'
    files = {
        "OEBPS/toc.xhtml": xhtml.format('<h1 class="toc">Contents</h1><h4><a href="ch1.xhtml">1. Boot</a></h4>'),
        "OEBPS/ch1.xhtml": xhtml.format('<h1>1. Boot</h1><p>Press a key.</p><p id="o5"><b>1.1 Menus</b></p>'
                                        '<table><tr><th>Key</th><th>Action</th></tr><tr><td>F1</td><td>help</td>'
                                        '</tr></table>'),
    }
    opf = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata '
           'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Live Manual</dc:title></metadata><manifest>'
           '<item id="t" href="toc.xhtml" media-type="application/xhtml+xml"/>'
           '<item id="a" href="ch1.xhtml" media-type="application/xhtml+xml"/>'
           '<item id="b" href="ch1.xhtml#o5" media-type="application/xhtml+xml"/>'
           '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>'
           '<spine toc="ncx"><itemref idref="t"/><itemref idref="a"/><itemref idref="b"/></spine></package>')
    ncx = ('<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>'
           '<navPoint id="n1"><navLabel><text>1. Boot</text></navLabel><content src="ch1.xhtml"/>'
           '<navPoint id="n2"><navLabel><text>1.1 Menus</text></navLabel><content src="ch1.xhtml#o5"/></navPoint>'
           '</navPoint></navMap></ncx>')
    path = tmp_path / "live.epub"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("mimetype", "application/epub+zip")
        zf.writestr("META-INF/container.xml", '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:'
                    'opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OEBPS/content.opf" '
                    'media-type="application/oebps-package+xml"/></rootfiles></container>')
        zf.writestr("OEBPS/content.opf", opf)
        zf.writestr("OEBPS/toc.ncx", ncx)
        for name, text in files.items():
            zf.writestr(name, text)
    parsed = reader_for("epub")(path, tmp_path / "assets", FormatSettings())
    assert parsed.title == "Live Manual"
    assert headings(parsed.markdown) == [(1, "1. Boot"), (2, "1.1 Menus")]
    assert parsed.markdown.count("Press a key.") == 1 and "| F1 | help |" in parsed.markdown
