"""Nothing lost from the text layer: ligature glyphs, rotated and vertical text, script
changes, one-line pages, title blocks of short documents, headings with no text under them."""
from __future__ import annotations

import pymupdf

from core.config import ChunkingSettings
from core.ingest.chunking import chunk_markdown
from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.layout import normalise_text
from core.ingest.pdf.ligatures import differences, ligature_text
from core.ingest.pdf.scripts import split_scripts
from tests.ingest.fixtures import raw_pdf

ARABIC = "\u062d\u064e\u0628\u064a\u0628\u064a"  # habibi, with a vowel mark


def _one_line_pdf(path, content: bytes, encoding: bytes):
    """A one-page PDF showing `content` (a text object) in Times-Roman with `encoding`."""
    path.write_bytes(raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Resources << /Font << /F1 5 0 R >> >>"
        b" /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding " + encoding + b" >>",
    ]))
    return path


def _ligature_pdf(path):
    """Times-Roman whose /Differences name ligature glyphs, as TeX and InDesign fonts do."""
    return _one_line_pdf(path, b"BT /F1 12 Tf 20 100 Td (Se\001ings su\002x \004e fa\005 Se\007ings) Tj ET",
                         b"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding"
                         b" /Differences [1 /t_t 2 /f_f_i 4 /T_h 5 /s_t 7 /tt] >>")


def test_ligature_glyph_names_are_spelt_as_their_letters(tmp_path):
    with pymupdf.open(_ligature_pdf(tmp_path / "lig.pdf")) as doc:
        assert "Setings" in doc[0].get_text()  # MuPDF alone drops the second letter
    markdown = pdf_to_markdown(tmp_path / "lig.pdf", tmp_path / "assets").markdown
    assert "Settings suffix The fast Settings" in markdown


def test_ligature_names_and_differences_arrays():
    assert [ligature_text(n) for n in ("t_t", "f_f_l", "c_t.sc", "uni0074_uni0074", "tt", "T_h", "A", "fi")] == \
        ["tt", "ffl", "ct", "tt", "tt", "Th", "", ""]  # "fi": MuPDF knows it
    assert differences("[1/t_t/f_f_i 10 /tt]") == {1: "t_t", 2: "f_f_i", 10: "tt"}


def test_a_change_of_script_parts_words_but_greek_in_latin_stays():
    assert split_scripts(f"habibi{ARABIC}") == f"habibi {ARABIC}"
    assert split_scripts("Python言語です") == "Python 言語です"
    assert split_scripts("5µm and αβc") == "5µm and αβc"
    assert normalise_text(f"habibi\x03{ARABIC}") == f"habibi {ARABIC}"


def test_latin_glued_to_cjk_in_a_pdf_is_two_words(tmp_path):
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "Python言語 manual", fontname="china-s", fontsize=12)
    doc.save(tmp_path / "cjk.pdf")
    assert "Python 言語 manual" in pdf_to_markdown(tmp_path / "cjk.pdf", tmp_path / "a").markdown


def test_rotated_pages_rotated_and_vertical_text_keep_their_words(tmp_path):
    doc = pymupdf.open()
    for rotation in (0, 90, 180, 270):
        page = doc.new_page()
        page.insert_text((72, 100), f"Upright body text on a page turned {rotation} degrees.", fontsize=11)
        page.insert_text((40, 700), f"Margin note {rotation} written upwards", fontsize=9, rotate=90)
        page.set_rotation(rotation)
    doc.save(tmp_path / "rot.pdf")
    parsed = pdf_to_markdown(tmp_path / "rot.pdf", tmp_path / "a")
    for rotation in (0, 90, 180, 270):
        assert f"Upright body text on a page turned {rotation} degrees." in parsed.markdown
        assert f"Margin note {rotation} written upwards" in parsed.markdown
    assert "#" not in parsed.markdown.replace("<!--", "")  # rotated text is never a heading


def test_pages_of_one_repeated_line_keep_it(tmp_path):
    doc = pymupdf.open()
    for _ in range(4):
        doc.new_page().insert_text((72, 60), "The same short line on every page", fontsize=11)
    doc.save(tmp_path / "same.pdf")
    markdown = pdf_to_markdown(tmp_path / "same.pdf", tmp_path / "a").markdown
    assert markdown.count("The same short line on every page") == 4


def test_a_short_paper_keeps_its_author_line_and_date_beside_running_heads(tmp_path):
    doc = pymupdf.open()
    for n in range(1, 4):
        page = doc.new_page()
        if n == 1:
            page.insert_text((72, 60), "Ada Lovelace and Charles Babbage", fontsize=9)
            page.insert_text((72, 100), "Notes on the Analytical Engine", fontsize=20)
            page.insert_text((72, 130), "October 1843", fontsize=9)
        else:
            page.insert_text((72, 60), f"Running head of page {n}", fontsize=9)
        page.insert_textbox(pymupdf.Rect(72, 160, 520, 700), f"Body paragraph {n} about engines. " * 30, fontsize=11)
        page.insert_text((300, 800), str(n), fontsize=9)
    doc.save(tmp_path / "paper.pdf")
    parsed = pdf_to_markdown(tmp_path / "paper.pdf", tmp_path / "a")
    assert "Ada Lovelace and Charles Babbage" in parsed.markdown and "October 1843" in parsed.markdown
    assert "Running head of page" not in parsed.markdown  # small type at one height on pages 2-3


def test_headings_with_no_text_under_them_keep_their_words_in_a_chunk():
    markdown = "<!-- page 1 -->\n\n## Your Name\n\n## January 3, 2024\n\n# Abstract\n\nSome text.\n"
    _, chunks = chunk_markdown("d", "Paper", markdown, ChunkingSettings())
    assert [c.text for c in chunks] == ["Your Name\nJanuary 3, 2024", "Some text."]
    assert chunks[0].heading_path == ("Paper", "Your Name") and chunks[1].heading_path == ("Paper", "Abstract")
    nested = "# Setup\n\n## Install\n\nRun it.\n"  # a parent's heading travels in its child's path
    assert [c.text for c in chunk_markdown("d", "T", nested, ChunkingSettings())[1]] == ["Run it."]


def _accent_pdf(path):
    """TeX's old encoding draws an accented letter as the spacing accent, then the letter."""
    return _one_line_pdf(path, b"BT /F1 12 Tf 20 100 Td (the M\xa8obius function of St\xb4ephane, it\xb4s) Tj ET",
                         b"/WinAnsiEncoding")


def test_separate_accents_go_back_on_their_letters_in_the_text_and_on_the_page(tmp_path):
    from core.evidence.geometry import read_page, tokens
    with pymupdf.open(_accent_pdf(tmp_path / "acc.pdf")) as doc:
        assert "M\u00a8obius" in doc[0].get_text()  # what the text layer holds
        page = read_page(doc[0])
    markdown = pdf_to_markdown(tmp_path / "acc.pdf", tmp_path / "assets").markdown
    assert "the Möbius function of Stéphane, it's" in markdown
    assert tokens("Möbius function of Stéphane") == ["möbius", "function", "of", "stéphane"]
    assert set(tokens("Möbius function of Stéphane")) <= set(page.tokens)  # Show on page finds the words


def _cork_type3_pdf(path):
    """A dvips-style bitmap font: Type3, glyphs named by number (/a27 …), no Unicode map, so MuPDF
    gives each code as the character; 27-31 are T1 (Cork) ligatures: ff, fi, fl, ffi, ffl."""
    content = b"BT /F1 12 Tf 20 100 Td (a di\x1berent \x1crst pass, su\x1ex and \x1doat) Tj ET"
    names = b" ".join(b"/a%d" % c for c in range(27, 123))
    path.write_bytes(raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Resources << /Font << /F1 5 0 R >> >>"
        b" /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 0 500 700] /FirstChar 27"
        b" /LastChar 122 /Widths [" + b" ".join([b"500"] * 96) + b"] /Encoding << /Type /Encoding /Differences [27 "
        + names + b"] >> /CharProcs 6 0 R >>",
        b"<< " + b" ".join(b"/a%d 7 0 R" % c for c in range(27, 123)) + b" >>",
        b"<< /Length 24 >>\nstream\n500 0 0 0 500 700 d1\n\nendstream",
    ]))
    return path


def test_cork_ligature_codes_of_a_bitmap_font_are_read_as_their_letters(tmp_path):
    from core.evidence.geometry import read_page

    pdf = _cork_type3_pdf(tmp_path / "cork.pdf")
    with pymupdf.open(pdf) as doc:
        assert "di\x1berent" in doc[0].get_text()  # what MuPDF gives
        assert {"different", "first", "suffix", "float"} <= set(read_page(doc[0]).tokens)  # the page's words for marks
    assert "a different first pass, suffix and float" in pdf_to_markdown(pdf, tmp_path / "assets").markdown
    assert normalise_text("\x13\x1b +").split() == ["+"]  # a math font's delimiter codes are no ligatures
