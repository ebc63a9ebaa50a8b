"""Page labels written as UTF-16 strings with a byte-order mark read as text, at ingest
(geometry) and when a library built before decoding shows them (the viewer)."""
from __future__ import annotations

import pymupdf

from core.evidence.geometry import page_label
from core.evidence.page_labels import decode_label
from core.evidence.viewer import EvidenceViewer
from core.types import Chunk, PageInfo


def utf16(text: str) -> str:
    """A PDF hex string of `text` in UTF-16BE with its byte-order mark: <FEFF0034> for '4'."""
    return "<" + (b"\xfe\xff" + text.encode("utf-16-be")).hex().upper() + ">"


def make_utf16_labelled_pdf(path):
    """Four pages labelled '4', '14', 'iv1' (prefix 'iv' + decimal 1) and 'A-2' (literal string,
    decimal 2 after 'A-' numbering from 1 on the page before)."""
    doc = pymupdf.open()
    for n in range(4):
        doc.new_page().insert_text((72, 72), f"Body text of sheet {n + 1}.")
    nums = (f"0<</P{utf16('4')}>>1<</P{utf16('14')}>>2<</P{utf16('iv')}/S/D>>"
            "3<</P(\\376\\377\\000A\\000-)/S/D/St 2>>")
    doc.xref_set_key(doc.pdf_catalog(), "PageLabels", f"<</Nums[{nums}]>>")
    doc.save(path)
    return path


def test_utf16_page_labels_are_decoded_at_ingest(tmp_path):
    pdf = make_utf16_labelled_pdf(tmp_path / "labels.pdf")
    with pymupdf.open(pdf) as doc:
        assert doc[0].get_label() == "<FEFF0034>"  # what PyMuPDF hands back: the bug's cause
        assert [page_label(p) for p in doc] == ["4", "14", "iv1", "A-2"]


def test_decode_label_keeps_plain_labels_and_decodes_hex():
    assert decode_label("iv") == "iv"
    assert decode_label("A-<3>") == "A-<3>"  # not a hex string: left alone
    assert decode_label("<FEFF00310034>") == "14"
    assert decode_label("<FFFE3400>") == "4"  # little-endian mark
    assert decode_label("<4142>") == "<4142>"  # no mark: could be printed so
    assert decode_label("<EFBBBF41>") == "A"  # UTF-8 mark (PDF 2.0)
    assert decode_label("") == ""


class _Catalog:
    """A catalog built before labels were decoded: it holds the hex text."""

    def document(self, doc_id):
        return None  # a PDF's pages: no slide numbering

    def page_infos(self, doc_id):
        return [PageInfo(n, label, 612, 792) for n, label in ((8, "<FEFF0034>"), (9, "<FEFF0035>"))]


def test_viewer_decodes_labels_stored_by_older_libraries(tmp_path):
    viewer = EvidenceViewer(tmp_path, _Catalog())
    one = Chunk.create(doc_id="d", doc_title="Doc", text="a", page_start=8, page_end=8, position=0)
    two = Chunk.create(doc_id="d", doc_title="Doc", text="b", page_start=8, page_end=9, position=1)
    assert viewer.pages_label(one) == "p. 4 · PDF page 8"
    assert viewer.pages_label(two) == "pp. 4-5 · PDF pages 8-9"
