"""`python -m core show CHUNK_ID` (the CLI contract): the page image with the chunk highlighted,
checked by pixels against a plain render of the same page."""
from __future__ import annotations

import numpy as np
import pymupdf
import pytest

from core.errors import NotFound
from core.evidence.render import PAD
from core.evidence.viewer import EvidenceViewer
from core.index.catalog import Catalog
from tests.evidence.fixtures import make_book_pdf
from tests.test_cli import cli

ZOOM = 1.5


@pytest.fixture(scope="module")
def library(tmp_path_factory, embedder):
    """A library holding the book; closed again, so the CLI processes open it themselves."""
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("show")
    pdf = make_book_pdf(root / "chemnum.pdf", "The chemnum manual", "chemnum")
    lib = Library(Settings.load(root / "lib", env={}), embedder=embedder)
    doc = lib.add([pdf])[0].doc
    chunks = lib.catalog.doc_chunks(doc.doc_id)
    boxes = {c.chunk_id: lib.catalog.boxes(c.chunk_id) for c in chunks}
    lib.catalog.close()
    return root / "lib", pdf, chunks, boxes


def pixels(png) -> np.ndarray:
    pix = pymupdf.Pixmap(str(png))
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]


def plain(pdf, page: int) -> np.ndarray:
    with pymupdf.open(pdf) as doc:
        pix = doc[page - 1].get_pixmap(matrix=pymupdf.Matrix(ZOOM, ZOOM), alpha=False)
        return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3).copy()


def changed_pixels_lie_over_the_chunk(shown: np.ndarray, page_image: np.ndarray, boxes) -> None:
    """Every pixel that differs from the plain render lies inside a (padded) box of the
    chunk, and most of each box is tinted (the highlight is there, not a speck)."""
    differs = np.any(shown != page_image, axis=2)
    inside = np.zeros_like(differs)
    for b in boxes:
        y0, y1 = int((b.y0 - PAD) * ZOOM), int(np.ceil((b.y1 + PAD) * ZOOM))
        x0, x1 = int((b.x0 - PAD) * ZOOM), int(np.ceil((b.x1 + PAD) * ZOOM))
        inside[max(0, y0):y1, max(0, x0):x1] = True
        assert differs[y0:y1, x0:x1].mean() > 0.5, b
    assert differs.any() and not (differs & ~inside).any()
    ys, xs = np.nonzero(differs)
    tinted = shown[ys, xs].astype(int)
    assert (tinted[:, 2] <= tinted[:, 0]).all()  # yellow: blue reduced, red kept


def test_show_writes_the_page_with_the_chunk_highlighted(library, tmp_path):
    data_dir, pdf, chunks, boxes = library
    chunk = next(c for c in chunks if c.text.startswith("Colours in chemnum"))
    out = cli(data_dir, "show", chunk.chunk_id, "--out", str(tmp_path / "colours.png"))
    assert out.stdout.strip() == str(tmp_path / "colours.png")
    shown = pixels(tmp_path / "colours.png")
    assert shown.shape == plain(pdf, 7).shape  # PDF page 7 (printed 4) at 1.5x
    changed_pixels_lie_over_the_chunk(shown, plain(pdf, 7), boxes[chunk.chunk_id])


def test_chunk_across_a_page_break_shows_either_page(library, tmp_path):
    data_dir, pdf, chunks, boxes = library
    chunk = next(c for c in chunks if c.page_end > c.page_start)
    first = cli(data_dir, "show", chunk.chunk_id)  # default: its first page, in the page cache
    assert f"PDF page(s) {chunk.page_end}" in first.stderr
    own = [b for b in boxes[chunk.chunk_id] if b.page == chunk.page_start]
    changed_pixels_lie_over_the_chunk(pixels(first.stdout.strip()), plain(pdf, chunk.page_start), own)
    second = cli(data_dir, "show", chunk.chunk_id, "--page", str(chunk.page_end), "--out", str(tmp_path / "b.png"))
    own = [b for b in boxes[chunk.chunk_id] if b.page == chunk.page_end]
    changed_pixels_lie_over_the_chunk(pixels(second.stdout.strip()), plain(pdf, chunk.page_end), own)


def test_show_errors_are_one_clear_line(library, tmp_path):
    data_dir, _, chunks, _ = library
    bad = cli(data_dir, "show", "nope", check=False)
    assert bad.returncode == 2 and "no chunk 'nope'" in bad.stderr
    viewer = EvidenceViewer(data_dir, Catalog(data_dir / "catalog.sqlite"))
    with pytest.raises(NotFound, match="PDF pages 1-8"):
        viewer.render(chunks[0].chunk_id, page=99)
    viewer.catalog.close()


def test_citations_name_the_printed_page_and_the_physical_one(library):
    from core.types import Citation

    data_dir, _, chunks, _ = library
    viewer = EvidenceViewer(data_dir, Catalog(data_dir / "catalog.sqlite"))
    body = next(c for c in chunks if c.page_start == c.page_end == 4)  # printed "1" (after i, ii, iii)
    assert viewer.pages_label(body) == "p. 1 · PDF page 4"
    front = next(c for c in chunks if (c.page_start, c.page_end) == (2, 3))
    assert viewer.pages_label(front) == "pp. ii-iii · PDF pages 2-3"
    cover = next(c for c in chunks if c.page_start == c.page_end == 1)
    assert viewer.pages_label(cover) == "p. i · PDF page 1"
    label = viewer.citation_label(Citation(3, body))
    assert label.startswith("[3] ") and label.endswith(", p. 1 · PDF page 4")
    unlabelled = type(body)(**{**body.__dict__, "doc_id": "not-in-the-catalog"})
    assert viewer.pages_label(unlabelled) == "p. 4"  # no labels kept: the physical page, as before
