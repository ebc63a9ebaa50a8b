"""The supporting span on the page: `show CHUNK_ID --span TEXT` marks the chunk lightly and
the span strongly in another colour, on each page the span crosses; `ask --json` gives each
answer sentence's span and its boxes. Checked by pixels against a plain render."""
from __future__ import annotations

import json

import numpy as np
import pymupdf
import pytest

from core.evidence.render import PAD
from tests.evidence.span_fixtures import BREAK, BREAK_HEAD, BREAK_TAIL, OTHER_ROWS, ROW, make_span_pdf
from tests.evidence.test_show import ZOOM, pixels, plain
from tests.test_cli import cli


@pytest.fixture(scope="module")
def library(tmp_path_factory, embedder):
    """The guide in a library (closed again: the CLI processes open it themselves)."""
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("spans")
    pdf = make_span_pdf(root / "guide.pdf")
    lib = Library(Settings.load(root / "lib", env={}), embedder=embedder)
    doc = lib.add([pdf])[0].doc
    chunks = lib.catalog.doc_chunks(doc.doc_id)
    lib.catalog.close()
    return root / "lib", pdf, chunks


def marks(shown: np.ndarray, page_image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(strong, light) pixel masks: changed pixels tinted blue (red cut most) or yellow (blue cut most)."""
    differs = np.any(shown != page_image, axis=2)
    red, blue = shown[..., 0].astype(int), shown[..., 2].astype(int)
    return differs & (red < blue), differs & (blue < red)


def area(rects, shape) -> np.ndarray:
    """Pixels of `rects` (PDF points) grown by PAD, at ZOOM."""
    mask = np.zeros(shape[:2], dtype=bool)
    for r in rects:
        mask[max(0, int((r.y0 - PAD) * ZOOM)):int(np.ceil((r.y1 + PAD) * ZOOM)),
             max(0, int((r.x0 - PAD) * ZOOM)):int(np.ceil((r.x1 + PAD) * ZOOM))] = True
    return mask


def words_of(pdf, page: int, phrases) -> list[pymupdf.Rect]:
    """The rectangles where each phrase is printed on `page` (MuPDF's own search)."""
    with pymupdf.open(pdf) as doc:
        return [r for p in phrases for r in doc[page - 1].search_for(p)]


def strong_mark_is_the_span(shown, page_image, span_rects, other_rects=()) -> None:
    """The strong mark covers every word of the span and lies nowhere outside its lines; the
    light mark is there too (the rest of the chunk) and never over another phrase given."""
    strong, light = marks(shown, page_image)
    lines = area(span_rects, shown.shape)
    assert strong.any() and not (strong & ~lines).any()
    for r in span_rects:
        assert strong[area([r], shown.shape)].mean() > 0.6, r  # the words' background is all marked
    for r in other_rects:  # their inner part: the padding of neighbouring lines may touch
        inner = pymupdf.Rect(r.x0 + 2 * PAD, r.y0 + 2 * PAD, r.x1 - 2 * PAD, r.y1 - 2 * PAD)
        assert not strong[area([inner], shown.shape)].any(), r


def test_span_across_a_page_break_is_marked_on_both_pages(library, tmp_path):
    data_dir, pdf, chunks = library
    chunk = next(c for c in chunks if "calibration interval" in c.text)
    first = cli(data_dir, "show", chunk.chunk_id, "--span", BREAK, "--out", str(tmp_path / "p1.png"))
    assert "the span goes on to PDF page(s) 2" in first.stderr
    shown = pixels(tmp_path / "p1.png")
    strong_mark_is_the_span(shown, plain(pdf, 1), words_of(pdf, 1, [BREAK_HEAD]))
    assert marks(shown, plain(pdf, 1))[1].sum() > 10 * marks(shown, plain(pdf, 1))[0].sum()  # the chunk, lightly
    cli(data_dir, "show", chunk.chunk_id, "--span", BREAK, "--page", "2", "--out", str(tmp_path / "p2.png"))
    strong_mark_is_the_span(pixels(tmp_path / "p2.png"), plain(pdf, 2), words_of(pdf, 2, [BREAK_TAIL]),
                            words_of(pdf, 2, ["Spare sensors are kept"]))


def test_span_in_a_table_row_marks_that_row_only(library, tmp_path):
    data_dir, pdf, chunks = library
    table = next(c for c in chunks if c.kind == "table")
    cli(data_dir, "show", table.chunk_id, "--span", " | ".join(ROW), "--out", str(tmp_path / "row.png"))
    others = words_of(pdf, 2, [cell for row in OTHER_ROWS for cell in row] + ["Replacement"])
    strong_mark_is_the_span(pixels(tmp_path / "row.png"), plain(pdf, 2), words_of(pdf, 2, ROW), others)


def test_a_span_not_in_the_chunk_is_one_clear_error(library):
    data_dir, _, chunks = library
    bad = cli(data_dir, "show", chunks[0].chunk_id, "--span", "purple elephants dance", check=False)
    assert bad.returncode == 2 and "is not among the chunk's words" in bad.stderr


def test_ask_json_gives_every_sentence_its_citation_span_and_boxes(library):
    data_dir, pdf, chunks = library
    out = json.loads(cli(data_dir, "ask", "How often is the valve seal replaced?", "--json").stdout)
    assert out["mode"] == "extractive" and out["sentences"]
    for s in out["sentences"]:
        assert s["citations"] and s["span"] and s["span_boxes"] and s["verdict"] == "supported", s
    first = out["sentences"][0]
    assert "12 months" in first["span"] and "valve seal" in first["span"]
    (row,) = {round(r.y0) for r in words_of(pdf, 2, ROW)}
    assert {(b["page"], round(b["y0"])) for b in first["span_boxes"]} == {(2, row)}
