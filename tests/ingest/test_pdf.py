"""PDF -> Markdown on generated fixtures: heading tree, table, image, layout, bad inputs."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pymupdf
import pytest

from core.errors import IngestError
from core.ingest.pdf import check_pdf, pdf_to_markdown
from tests.ingest import fixtures as fx

HEADINGS = ["# 1 Introduction", "## 1.1 Scope", "### 1.1.1 Details", "# 2 Data", "## 2.1 Figures", "# 3 Layout"]
TABLE = """Table 1: Throughput by machine
| Machine | Pages/s | Memory |
|---|---|---|
| laptop | 41 | 2 GB |
| server | 180 | 8 GB |
| phone | 7 | 1 GB |"""


def _headings(markdown: str) -> list[str]:
    return [l for l in markdown.splitlines() if l.startswith("#")]


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    """The structured fixture parsed once: (ParsedPdf, on_page calls, tmp dir)."""
    tmp = tmp_path_factory.mktemp("pdf")
    pages: list[tuple[int, int]] = []
    result = pdf_to_markdown(fx.make_pdf(tmp / "m.pdf"), tmp / "assets", on_page=lambda d, t: pages.append((d, t)))
    return result, pages, tmp


def test_outline_heading_tree_and_title(parsed):
    result, pages, _ = parsed
    assert _headings(result.markdown) == HEADINGS
    assert result.title == fx.TITLE and result.pages == 3
    assert pages == [(1, 3), (2, 3), (3, 3)]


def test_detector_without_outline_gives_same_tree(tmp_path):
    pdf = fx.make_pdf(tmp_path / "n.pdf", kind="no_outline")
    assert _headings(pdf_to_markdown(pdf, tmp_path / "a").markdown) == HEADINGS
    # the outline can also be ignored on a PDF that has one
    pdf2 = fx.make_pdf(tmp_path / "o.pdf")
    assert _headings(pdf_to_markdown(pdf2, tmp_path / "b", use_outline=False).markdown) == HEADINGS


def test_page_markers_in_order(parsed):
    result, _, _ = parsed
    assert re.findall(r"<!-- page (\d+) -->", result.markdown) == ["1", "2", "3"]
    assert result.markdown.startswith("<!-- page 1 -->\n")


def test_table_markdown_with_caption_and_no_loose_cells(parsed):
    result, _, _ = parsed
    assert TABLE in result.markdown
    outside = result.markdown.replace(TABLE, "")
    assert "laptop" not in outside and "180" not in outside and "Throughput by machine" not in outside


def test_running_header_footer_and_page_numbers_removed(parsed):
    result, _, _ = parsed
    assert "Draft edition" not in result.markdown
    assert not re.search(r"\bPage \d", result.markdown)


def test_two_column_page_reads_left_then_right(parsed):
    result, _, _ = parsed
    md = result.markdown
    assert md.index("Left column text") < md.index("Right column text") < len(md)
    assert fx.LEFT_COL in md and fx.RIGHT_COL in md


def test_image_saved_with_caption_description(parsed):
    result, _, tmp = parsed
    assert len(result.images) == 1
    img = result.images[0]
    assert img.page == 2 and img.caption == "Figure 1: Calibration target"
    assert Path(img.path).is_file() and Path(img.path).parent == tmp / "assets"
    assert img.description.startswith("Figure 1: Calibration target")
    assert f"![{img.description}](assets/p2-img1.png)" in result.markdown
    # the caption is not repeated as loose text
    assert result.markdown.count("Figure 1: Calibration target") == 1


def test_describe_image_hook_is_used(tmp_path):
    seen = []

    def hook(path, caption, context):
        seen.append((path.name, caption))
        return "a red calibration square"

    result = pdf_to_markdown(fx.make_pdf(tmp_path / "m.pdf"), tmp_path / "a", describe_image=hook)
    assert seen == [("p2-img1.png", "Figure 1: Calibration target")]
    assert "![a red calibration square](a/p2-img1.png)" in result.markdown


def test_title_text_kept_as_plain_text_not_heading(parsed):
    result, _, _ = parsed
    first = result.markdown.split("# 1 Introduction")[0]
    assert fx.TITLE in first and f"# {fx.TITLE}" not in result.markdown


def test_check_pdf_accepts_good_pdf(tmp_path):
    check_pdf(fx.make_pdf(tmp_path / "ok.pdf"), max_mb=5)


@pytest.mark.parametrize("kind, reason", [
    ("empty", "empty file"),
    ("not_pdf", "not a PDF"),
    ("truncated", "truncated"),
    ("encrypted", "encrypted"),
    ("zero_pages", "no pages"),
])
def test_check_pdf_rejects_bad_input(tmp_path, kind, reason):
    path = fx.make_bad_pdf(tmp_path / f"{kind}.pdf", kind)
    with pytest.raises(IngestError) as err:
        check_pdf(path, max_mb=5)
    assert reason in err.value.reason and str(path) in str(err.value)
    assert "\n" not in str(err.value)


def test_check_pdf_rejects_oversize_and_missing(tmp_path):
    path = fx.make_pdf(tmp_path / "big.pdf")
    with pytest.raises(IngestError, match="larger than 0 MB"):
        check_pdf(path, max_mb=0)
    with pytest.raises(IngestError, match="not a file"):
        check_pdf(tmp_path / "absent.pdf", max_mb=5)


def test_image_only_pdf_names_ocr(tmp_path):
    path = fx.make_bad_pdf(tmp_path / "scan.pdf", "image_only")
    check_pdf(path, max_mb=5)  # a valid PDF: the problem is found while parsing
    with pytest.raises(IngestError, match=r"no text layer \(scanned/image-only PDF\); (install tesseract for OCR|OCR is off)"):
        pdf_to_markdown(path, tmp_path / "a")


def test_500_page_pdf_parses(tmp_path):
    path = fx.make_long_pdf(tmp_path / "long.pdf", pages=500)
    start = time.perf_counter()
    result = pdf_to_markdown(path, tmp_path / "a")
    elapsed = time.perf_counter() - start
    assert result.pages == 500
    assert result.markdown.count("<!-- page ") == 500
    assert _headings(result.markdown)[-1] == "# 500 Chapter number 500"
    assert "Page 17" not in result.markdown
    assert elapsed < 60, f"500 pages took {elapsed:.1f}s"


def test_contents_and_index_lines_are_left_out_and_other_leaders_shortened(tmp_path):
    import pymupdf

    doc = pymupdf.open()
    toc = doc.new_page()
    toc.insert_text((72, 72), "Table of Contents", fontsize=16)
    toc.insert_text((72, 92), "A", fontsize=11)  # a letter divider, as in a book index
    for n, (entry, page) in enumerate([("Preface", "iii"), ("1 Introduction", "2"), ("1.1 Scope", "2"),
                                       ("2 Data", "3")]):
        toc.insert_text((72, 110 + 18 * n), f"{entry} . . . . . . . . . . . . . {page}", fontsize=11)
    body = doc.new_page()
    body.insert_text((72, 72), "1 Introduction", fontsize=16)
    body.insert_text((72, 110), "Folio reads PDFs and keeps their structure.", fontsize=11)
    body.insert_text((72, 128), "Ellipses in prose... stay, as does a sentence ending in 3.", fontsize=11)
    body.insert_text((72, 164), "anova . . . . . . . . . . . . . . 58, 60-61", fontsize=11)  # a book index entry
    body.insert_text((72, 182), "Options . . . . . . . . . . see Flags", fontsize=11)
    doc.save(tmp_path / "toc.pdf")
    markdown = pdf_to_markdown(tmp_path / "toc.pdf", tmp_path / "assets").markdown
    assert ". . ." not in markdown and "Contents" not in markdown and "Preface" not in markdown
    assert "\nA\n" not in markdown
    assert "# 1 Introduction" in markdown and "Folio reads PDFs and keeps their structure." in markdown
    assert "Ellipses in prose... stay, as does a sentence ending in 3." in markdown
    assert "anova" not in markdown  # index entries only point at pages, like the contents
    assert "Options … see Flags" in markdown  # other dot leaders are shortened


def test_body_size_running_head_set_low_on_the_page_is_removed(tmp_path):
    """A running head in body type whose row sits 12-15% down a US-letter page (as in the
    Ghostscript colour manual: company name left, page number right) is still dropped."""
    doc = pymupdf.open()
    for n in range(1, 6):
        page = doc.new_page(width=612, height=792)
        page.insert_text((72, 102), "Example Software Inc. www.example.com", fontsize=12, fontname="helv")
        page.insert_text((534, 102), str(n), fontsize=12, fontname="helv")
        page.insert_textbox(pymupdf.Rect(72, 150, 540, 600), f"Body text of page {n} about colour management. " * 8,
                            fontsize=12, fontname="helv")
    doc.save(tmp_path / "low-head.pdf")
    result = pdf_to_markdown(tmp_path / "low-head.pdf", tmp_path / "assets")
    assert "www.example.com" not in result.markdown
    assert all(f"Body text of page {n} " in result.markdown for n in range(1, 6))
    assert not re.search(r"^\d+$", result.markdown, re.M)


def test_code_lines_keep_their_line_breaks(tmp_path):
    """A verbatim block in a fixed-width font reads line by line in its chunk ('$ ./configure'
    then '$ make'), while the prose around it is still joined into paragraphs."""
    from core.config import ChunkingSettings
    from core.ingest.chunking import chunk_markdown

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "To build from source run these commands in the", fontname="helv", fontsize=11)
    page.insert_text((72, 104), "unpacked folder before the first start.", fontname="helv", fontsize=11)
    for n, line in enumerate(("$ ./configure", "$ make", "$ make install")):
        page.insert_text((90, 130 + 14 * n), line, fontname="cour", fontsize=10)
    page.insert_text((72, 190), "The binary lands in the bin folder.", fontname="helv", fontsize=11)
    doc.save(tmp_path / "build.pdf")
    parsed = pdf_to_markdown(tmp_path / "build.pdf", tmp_path / "assets")
    _, chunks = chunk_markdown("d", "Build", parsed.markdown, ChunkingSettings())
    text = "\n".join(c.text for c in chunks)
    assert "$ ./configure\n$ make\n$ make install" in text, text
    assert "run these commands in the unpacked folder" in text  # prose lines still joined
