"""Generated PDFs with a ruled table whose rows are asked about one by one, and prose beside
the table that names the same things (so without its rows the prose wins).

    gases.pdf     "Gas Handbook"     a table of 14 gases: symbol, boiling point, density
    metals.pdf    "Metal Handbook"   a table of 14 metals: symbol, melting point, density
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

GASES = [("helium", "He", "-268.9", "0.1786"), ("neon", "Ne", "-246.0", "0.9002"),
         ("argon", "Ar", "-185.8", "1.784"), ("krypton", "Kr", "-153.4", "3.749"),
         ("xenon", "Xe", "-108.1", "5.894"), ("radon", "Rn", "-61.7", "9.73"),
         ("hydrogen", "H2", "-252.9", "0.0899"), ("nitrogen", "N2", "-195.8", "1.251"),
         ("oxygen", "O2", "-183.0", "1.429"), ("fluorine", "F2", "-188.1", "1.696"),
         ("chlorine", "Cl2", "-34.0", "3.214"), ("methane", "CH4", "-161.5", "0.657"),
         ("ammonia", "NH3", "-33.3", "0.769"), ("ozone", "O3", "-112.0", "2.144")]
METALS = [("iron", "Fe", "1538", "7.87"), ("copper", "Cu", "1085", "8.96"), ("zinc", "Zn", "420", "7.14"),
          ("tin", "Sn", "232", "7.31"), ("lead", "Pb", "327", "11.34"), ("nickel", "Ni", "1455", "8.91"),
          ("cobalt", "Co", "1495", "8.90"), ("silver", "Ag", "962", "10.49"), ("gold", "Au", "1064", "19.30"),
          ("platinum", "Pt", "1768", "21.45"), ("titanium", "Ti", "1668", "4.51"),
          ("tungsten", "W", "3422", "19.25"), ("aluminium", "Al", "660", "2.70"), ("magnesium", "Mg", "650", "1.74")]
DOCS = {
    "gases.pdf": ("Gas Handbook", "Boiling point (C)", GASES, (
        "Krypton, xenon and argon are noble gases used in lamps and insulating windows. The "
        "boiling point of each gas decides how it is stored: krypton and xenon are kept "
        "liquid in cold tanks, helium needs the coldest tanks of all. Table 2 lists the "
        "boiling point and the density of every gas in this handbook.")),
    "metals.pdf": ("Metal Handbook", "Melting point (C)", METALS, (
        "Copper, silver and gold conduct heat well. The melting point of each metal decides "
        "how it is cast: tungsten needs the hottest furnace, tin and lead melt on a kitchen "
        "stove. Table 2 lists the melting point and the density of every metal in this handbook.")),
}


def write_pdf(path: Path, title: str, point: str, rows, prose: str) -> Path:
    """One page: title, a numbered section, the prose, then the ruled table under its caption."""
    pdf = pymupdf.open()
    pdf.set_metadata({"title": title})
    page = pdf.new_page(width=595, height=842)
    page.insert_text((72, 70), title, fontsize=20, fontname="hebo")
    page.insert_text((72, 105), "1 Properties", fontsize=14, fontname="hebo")
    spare = page.insert_textbox(pymupdf.Rect(72, 115, 523, 260), prose, fontsize=11, fontname="helv")
    y = 260 - spare + 10
    page.insert_text((72, y), f"Table 2: {point.split()[0]} point and density", fontsize=10, fontname="helv")
    y += 8
    for r, row in enumerate([("Name", "Symbol", point, "Density (g/L)"), *rows]):
        for c, cell in enumerate(row):
            rect = pymupdf.Rect(72 + c * 110, y + r * 18, 72 + (c + 1) * 110, y + (r + 1) * 18)
            page.draw_rect(rect, color=(0, 0, 0), width=0.8)
            page.insert_text((rect.x0 + 4, rect.y1 - 5), cell, fontsize=10, fontname="helv")
    pdf.save(path)
    pdf.close()
    return path


def write_pdfs(root: Path) -> dict[str, Path]:
    """Both PDFs under `root`; returns file name -> path."""
    root.mkdir(parents=True, exist_ok=True)
    return {name: write_pdf(root / name, *spec) for name, spec in DOCS.items()}
