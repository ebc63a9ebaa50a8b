"""Table rows whose cells sit on different baselines stay one row and one table."""
from __future__ import annotations

from pathlib import Path

import pymupdf

from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.tables_rows import text_rows

# feature (two lines, code font), state and version centred between the feature's lines
FEATURES = [("psk_key_modes", "(RFC8446)", "C", "22.2"), ("early_data", "(RFC8446)", "C", "23.3"),
            ("cookie_ext", "(RFC8446)", "NC", "-"), ("oid_filters", "(RFC8446)", "NC", "-"),
            ("post_auth", "(RFC8446)", "C", "24.3")]


def _wrapped_table_pdf(path: Path) -> Path:
    """A borderless table whose first cells wrap to two lines in Courier while the other
    cells, in Helvetica, are centred between those two lines."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "Compliance of the extensions", fontsize=14, fontname="hebo")
    page.insert_text((72, 110), "Feature", fontsize=10, fontname="hebo")
    page.insert_text((250, 110), "State", fontsize=10, fontname="hebo")
    page.insert_text((340, 110), "Since", fontsize=10, fontname="hebo")
    for i, (name, rfc, state, since) in enumerate(FEATURES):
        y = 135 + 30 * i
        page.insert_text((72, y), name, fontsize=11, fontname="cour")
        page.insert_text((72, y + 12), rfc, fontsize=11, fontname="cour")
        page.insert_text((250, y + 6), state, fontsize=10, fontname="helv")
        page.insert_text((340, y + 6), since, fontsize=10, fontname="helv")
    doc.save(path)
    return path


def test_a_wrapped_cell_beside_centred_cells_is_one_row(tmp_path):
    page = pymupdf.open(_wrapped_table_pdf(tmp_path / "w.pdf"))[0]
    rows = [r for r in text_rows(page.get_text("words")) if r.box[1] > 120]
    assert [[t for _, t in r.pieces] for r in rows] == [[f"{n} {rfc}", s, v] for n, rfc, s, v in FEATURES]


def test_the_table_is_kept_whole_with_every_row_in_order(tmp_path):
    markdown = pdf_to_markdown(_wrapped_table_pdf(tmp_path / "w.pdf"), tmp_path / "a").markdown
    table = [l for l in markdown.splitlines() if l.startswith("|")]
    assert table[0] == "| Feature | State | Since |"
    assert table[2:] == [f"| {n} {rfc} | {s} | {v} |" for n, rfc, s, v in FEATURES]


def test_a_superscript_stays_beside_its_word():
    words = [(72, 100, 100, 110, "long", 0, 0, 0), (104, 100, 130, 110, "long", 0, 0, 1),
             (131, 97, 134, 104, "1", 0, 1, 0), (200, 100, 230, 110, "64", 0, 2, 0)]
    rows = text_rows(words)
    assert len(rows) == 1 and [t for _, t in rows[0].pieces] == ["long long 1", "64"]
