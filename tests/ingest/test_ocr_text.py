"""OCR post-correction: bold measured from the ink, noise words dropped, split words joined
(core.ingest.pdf.ocr_bold, ocr_text, ocr_words), on pages and readings the tests make."""
from __future__ import annotations

import io

import numpy as np
import pymupdf
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, pdf_to_markdown
from core.ingest.pdf import parse
from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_text import join_split, mend_text, noise_words, unsure_pairs
from core.ingest.pdf.ocr_words import OcrWord, page_words, stroke_width
from tests.ingest.scan_fixtures import H, W

BODY = ("The calibration report lists every sensor with its serial number and drift. Replace "
        "the humidity probe when its drift exceeds four percent in one quarter of the year.")
HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"


def _scan_with_headings(path, bold: bool):
    """A scanned page: two numbered headings at the body's size, in bold or regular type."""
    sheet = pymupdf.open()
    page = sheet.new_page(width=W, height=H)
    y = 72.0
    for heading in ("1.1 Sensor checks", "1.2 Probe replacement"):
        page.insert_text((72, y), heading, fontsize=11, fontname="hebo" if bold else "helv")
        y += 8
        spare = page.insert_textbox(pymupdf.Rect(72, y, W - 72, y + 200), BODY, fontsize=11, fontname="helv")
        y += 200 - spare + 30
    doc = pymupdf.open()
    scan = doc.new_page(width=W, height=H)
    scan.insert_image(scan.rect, stream=page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY).tobytes("png"))
    doc.save(path)
    return path


def _headings(tmp_path, bold: bool, monkeypatch) -> list[str]:
    structure = parse.ocr_structure  # bold from the ink is off by default (SCAN_RESULTS.md round 4)
    monkeypatch.setattr(parse, "ocr_structure", lambda p, s, w=None, **kw: structure(p, s, w, bold=True, **kw))
    path = _scan_with_headings(tmp_path / f"scan-{bold}.pdf", bold)
    md = pdf_to_markdown(path, tmp_path / "a", ocr=OcrJob(OcrSettings(dpi=300), tmp_path / "w")).markdown
    return [ln.lstrip("# ") for ln in md.splitlines() if ln.startswith("#")]


def test_bold_headings_at_body_size_are_found_on_a_scan(tmp_path, monkeypatch):
    assert _headings(tmp_path, bold=True, monkeypatch=monkeypatch) == ["1.1 Sensor checks", "1.2 Probe replacement"]


def test_the_same_lines_in_regular_type_stay_body_text(tmp_path, monkeypatch):
    assert _headings(tmp_path, bold=False, monkeypatch=monkeypatch) == []


def test_stroke_width_is_the_median_run_of_ink():
    ink = np.zeros((4, 20), dtype=bool)
    ink[:, 2:5] = True  # a stem 3 px wide
    ink[:, 10:13] = True
    ink[0, 0:20] = True  # one long serif does not move the median
    assert stroke_width(ink) == 3
    assert stroke_width(np.zeros((3, 3), dtype=bool)) == 0


def _blank_png(width: int = 1000, height: int = 400) -> bytes:
    buf = io.BytesIO()
    Image.new("L", (width, height), 255).save(buf, format="PNG")
    return buf.getvalue()


def _tsv(rows) -> str:
    """Tesseract TSV word rows: (line number, left, top, width, height, conf, text), at 72 dpi."""
    body = [f"5\t1\t1\t1\t{line}\t{i}\t{x}\t{y}\t{w}\t{h}\t{conf}\t{text}"
            for i, (line, x, y, w, h, conf, text) in enumerate(rows, start=1)]
    return "\n".join([HEADER, *body]) + "\n"


def _line(text: str, y: float, index: int = 0, height: float = 14) -> Line:
    return Line(text=text, bbox=(0.0, y, 1000.0, y + height), size=10.0, bold=False, page=1, index=index, block=index)


def test_unsure_pieces_of_a_word_the_document_knows_are_joined():
    rows = [(1, 10, 10, 30, 12, 96.0, "The"), (1, 50, 10, 20, 12, 1.0, "TF"), (1, 74, 10, 20, 12, 3.0, "TP"),
            (1, 100, 10, 60, 12, 96.0, "client"),
            (2, 10, 40, 40, 12, 96.0, "reads"), (2, 60, 40, 30, 12, 96.0, "big"), (2, 95, 40, 50, 12, 96.0, "array")]
    words = page_words(_blank_png(), _tsv(rows), dpi=72)
    pages = [[_line("The TF TP client", 10, 0), _line("reads big array", 40, 1)],
             [_line("TFTP and tftp and TFTP use a bigarray and one more bigarray big", 100, 0)]]
    out = mend_text(pages, {1: words}, scanned={1})
    assert [ln.text for ln in out[0]] == ["The TFTP client", "reads big array"]  # read with confidence: apart
    assert out[1] == pages[1]  # a born-digital page is left alone


def test_pieces_stay_apart_when_the_word_is_unknown_or_a_piece_more_frequent():
    vocab_text = "into the net and to the sea to the shore to the end"
    vocab = __import__("collections").Counter(vocab_text.split())
    pairs = {("net", "ascii"), ("in", "to")}
    assert join_split("the net ascii mode", vocab, pairs) == "the net ascii mode"  # "netascii" unknown
    assert join_split("go in to the sea", vocab, pairs) == "go in to the sea"  # "to" outnumbers "into"
    vocab.update(["netascii", "netascii"])
    assert join_split("the net ascii. mode", vocab, pairs | {("net", "ascii.")}) == "the netascii. mode"


def test_unsure_pairs_are_neighbours_on_one_line_only():
    w = [OcrWord(0, 0, 1, 1, 3, "a", 20.0, 1), OcrWord(2, 0, 3, 1, 3, "b", 95.0, 1),
         OcrWord(0, 5, 1, 6, 3, "c", 10.0, 2), OcrWord(2, 5, 3, 6, 3, "d", 95.0, 2)]
    assert unsure_pairs(w) == {("a", "b"), ("c", "d")}


def test_icons_and_dot_leaders_read_as_words_are_dropped():
    rows = [(1, 10, 10, 30, 40, 25.7, "BY"), (1, 50, 20, 40, 12, 96.0, "The"), (1, 95, 20, 40, 12, 96.0, "value"),
            (1, 140, 20, 40, 12, 96.0, "is"), (1, 185, 20, 40, 12, 96.0, "saved"),
            (2, 10, 60, 60, 12, 96.0, "Contents"), (2, 75, 60, 80, 12, 12.0, "eeecece"), (2, 160, 60, 10, 12, 95.0, "3"), (2, 175, 60, 40, 12, 9.0, "2......."),
            (3, 10, 90, 60, 12, 20.0, "timeout"), (3, 75, 90, 30, 12, 15.0, "::="),
            (4, 10, 120, 30, 12, 5.0, "ee"), (5, 10, 150, 60, 12, 96.0, "timeout")]
    words = page_words(_blank_png(), _tsv(rows), dpi=72)
    sure = __import__("collections").Counter(["the", "value", "timeout", "contents", "by"])
    assert [w.text for w in noise_words(words, sure)] == ["BY", "eeecece", "::=", "ee"]
    pages = [[_line("BY The value is saved", 10, 0, height=40), _line("Contents eeecece 3 2.......", 60, 1),
              _line("timeout ::=", 90, 2), _line("ee", 120, 3), _line("timeout", 150, 4)]]
    out = mend_text(pages, {1: words}, scanned={1})  # "timeout" is read with confidence on line 5: kept
    assert [ln.text for ln in out[0]] == ["The value is saved", "Contents 3 2.......", "timeout", "timeout"]  # "ee": line dropped


def test_a_bold_line_is_a_heading_only_when_it_reads_as_words():
    from core.ingest.pdf.ocr_bold import mark_bold
    words = [OcrWord(0, y, 100, y + 10, stroke, "w" * 8, 95.0, n)
             for n, (y, stroke) in enumerate([(0, 6), (20, 6), (40, 6), (60, 3), (80, 3), (100, 3), (120, 3)])]
    texts = ["3.6 Unions", "=A|BIC.", "Pid = pid()", "plain body text", "more body", "and more", "the end"]
    lines = [_line(t, 20 * i - 2, i) for i, t in enumerate(texts)]
    out = mark_bold([lines], {1: words})
    assert [ln.bold for ln in out[0]] == [True, False, False, False, False, False, False]
