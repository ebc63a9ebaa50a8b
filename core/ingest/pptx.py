"""PowerPoint (.pptx, .pptm) -> Folio Markdown: one section per slide, one page per slide.

python-pptx opens the package. Each slide starts a page (`<!-- page N -->`, N = the slide
number, so a citation names the slide) and a level-1 heading: the text of its title
placeholder, or "Slide N" when it has none. Then its shapes in reading order (top to bottom,
left to right; groups opened): text frames (body placeholders as "- " items), tables (first
row = header), pictures saved with their alt text; then the speaker notes ("Notes: ...").
Macros are never run: only the XML parts are read.

Example:
    >>> # read(Path("deck.pptx"), Path("assets/abc"), FormatSettings()).pages  -> 12 (slides)
"""
from __future__ import annotations

from pathlib import Path

from core.config import FormatSettings
from core.ingest.formats import ParsedFile
from core.ingest.md_out import MarkdownOut, one_line


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read a PowerPoint file (see the module doc)."""
    from pptx import Presentation

    prs = Presentation(str(path))
    out = MarkdownOut()
    images: list[Path] = []
    titles = []
    for number, slide in enumerate(prs.slides, start=1):
        out.page(number)
        title_shape = slide.shapes.title
        title = one_line(title_shape.text_frame.text) if title_shape is not None and title_shape.has_text_frame else ""
        titles.append(title)
        out.heading(1, title or f"Slide {number}")
        for shape in _reading_order(slide.shapes):
            if title_shape is None or shape.shape_id != title_shape.shape_id:
                _shape(shape, out, assets_dir, images, path.stem)
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            notes = one_line(slide.notes_slide.notes_text_frame.text)
            if notes:
                out.paragraph(f"Notes: {notes}")
    title = one_line(prs.core_properties.title or "") or next((t for t in titles if t), "") or path.stem
    return ParsedFile(title, out.markdown(), tuple(images), pages=len(titles))


def _reading_order(shapes) -> list:
    """Shapes top to bottom, then left to right (shapes without a position last)."""
    return sorted(shapes, key=lambda s: (s.top if s.top is not None else 10 ** 12, s.left or 0))


def _shape(shape, out: MarkdownOut, assets_dir: Path, images: list[Path], stem: str) -> None:
    """Write one shape: group, table, picture or text frame."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
        for inner in _reading_order(shape.shapes):
            _shape(inner, out, assets_dir, images, stem)
    elif getattr(shape, "has_table", False) and shape.has_table:
        out.table([[cell.text for cell in row.cells] for row in shape.table.rows])
    elif shape.shape_type == MSO_SHAPE_TYPE.PICTURE:
        alt = shape._element.nvPicPr.cNvPr.get("descr") or shape._element.nvPicPr.cNvPr.get("title") or ""
        assets_dir.mkdir(parents=True, exist_ok=True)
        file = assets_dir / f"{stem[:40]}-picture-{len(images) + 1}.{shape.image.ext}"
        file.write_bytes(shape.image.blob)
        images.append(file)
        out.image(alt or shape.name or "picture", file, assets_dir)
    elif shape.has_text_frame:
        bullets = shape.is_placeholder
        for para in shape.text_frame.paragraphs:
            out.paragraph(para.text, "- " if bullets or para.level > 0 else "")
