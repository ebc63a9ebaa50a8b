"""A small generated library for the scope tests: three PDFs in two folders that all talk
about one place (Aldermoor Station), so the graph links chunks across documents and an
unscoped search finds all three.

    birds/kestrel.pdf   "Kestrel Field Notes"   2 pages
    birds/owl.pdf       "Owl Field Notes"       2 pages
    ice/glacier.pdf     "Glacier Survey"        2 pages
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

PLACE = "Aldermoor Station"
DOCS = {
    "birds/kestrel.pdf": ("Kestrel Field Notes", [
        f"The kestrel pair nested on the radio mast of {PLACE} in April. The falcons hovered "
        "over the meadow hunting voles every morning.",
        f"Ringing at {PLACE} showed the kestrel chicks fledged after thirty days. The warden "
        "counted four young birds on the mast.",
    ]),
    "birds/owl.pdf": ("Owl Field Notes", [
        f"A barn owl roosted in the old boathouse of {PLACE}. Pellets under the beam held vole "
        "skulls and shrew jaws.",
        f"The owl box at {PLACE} was used again in winter. The warden heard the owl screech "
        "at dusk from the boathouse.",
    ]),
    "ice/glacier.pdf": ("Glacier Survey", [
        f"The glacier above {PLACE} retreated forty metres since the last survey. Meltwater "
        "cut a new channel through the moraine.",
        f"Ice cores drilled near {PLACE} record the volcanic ash layer of 1783. The warden "
        "stored the cores in the cold room.",
    ]),
}
QUESTION = f"What did the warden record at {PLACE}?"


def write_pdfs(root: Path) -> dict[str, Path]:
    """Write the three PDFs under `root` (a numbered heading per page, so each page is a
    section of its own); returns title -> path."""
    out = {}
    for rel, (title, pages) in DOCS.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pdf = pymupdf.open()
        pdf.set_metadata({"title": title})
        for n, text in enumerate(pages, 1):
            page = pdf.new_page(width=595, height=842)
            if n == 1:
                page.insert_text((72, 80), title, fontsize=18, fontname="hebo")
            page.insert_text((72, 110), f"{n} {('Spring', 'Winter')[n - 1]} visit", fontsize=14, fontname="hebo")
            page.insert_textbox(pymupdf.Rect(72, 130, 523, 400), text, fontsize=11, fontname="helv")
        pdf.save(path)
        pdf.close()
        out[title] = path
    return out
