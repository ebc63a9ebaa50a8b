"""Outline entries land on their own line: named destinations turned into page coordinates,
an outline written twice gives one heading per entry, a title that lost a word takes the page's."""
from __future__ import annotations

from pathlib import Path

import pikepdf
import pymupdf

from core.ingest.pdf import pdf_to_markdown

BODY = "SBCL can be stopped at any time by calling the exit function of its extensions package."


def _named_outline_pdf(path: Path, twice: bool = False) -> None:
    """One page: a code line "* (exit)" near the head, the heading "3.2.1 Exit" near the foot; the
    outline's "Exit" entry goes there through a named destination, as pdfTeX writes it (/XYZ with y
    counted from the page's foot)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "Starting and Stopping", fontsize=16, fontname="helv")
    page.insert_text((72, 120), "To run it, type its name at the shell prompt and then:", fontsize=10)
    page.insert_text((72, 140), "* (exit)", fontsize=9, fontname="cour")
    page.insert_text((72, 160), "ends the session you started.", fontsize=10)
    for i in range(12):
        page.insert_text((72, 200 + 22 * i), f"Filler line {i} of prose that only takes room on the page here.", fontsize=10)
    page.insert_text((72, 640), "3.2.1 Exit", fontsize=12, fontname="hebo")
    page.insert_text((72, 660), BODY, fontsize=10)
    doc.save(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        target = pdf.pages[0].obj
        names = [pikepdf.String("chapter.3"), pikepdf.Array([target, pikepdf.Name.XYZ, 72, 842 - 60, 0]),
                 pikepdf.String("exit.1"), pikepdf.Array([target, pikepdf.Name.XYZ, 72, 842 - 625, 0])]
        pdf.Root.Names = pdf.make_indirect(pikepdf.Dictionary(Dests=pdf.make_indirect(pikepdf.Dictionary(Names=pikepdf.Array(names)))))
        entries = [("Starting and Stopping", "chapter.3"), ("Exit", "exit.1")] * (2 if twice else 1)
        items = [pdf.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(t), Dest=pikepdf.String(d))) for t, d in entries]
        outlines = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines, First=items[0], Last=items[-1],
                                                        Count=len(items)))
        for i, item in enumerate(items):
            item.Parent = outlines
            if i:
                item.Prev = items[i - 1]
            if i + 1 < len(items):
                item.Next = items[i + 1]
        pdf.Root.Outlines = outlines
        pdf.save(path)


def _headed(md: str) -> list[str]:
    """The markdown's lines from the first heading on, blank lines left out."""
    lines = [ln for ln in md.splitlines() if ln.strip() and not ln.startswith("<!--")]
    return lines[next(i for i, ln in enumerate(lines) if ln.startswith("#")):]


def test_a_named_destination_puts_the_heading_on_its_line_not_on_a_code_line(tmp_path):
    pdf = tmp_path / "named.pdf"
    _named_outline_pdf(pdf)
    toc = pymupdf.open(pdf).get_toc(simple=False)
    assert toc[1][3].get("nameddest") == "exit.1"  # the fixture is what pdfTeX writes
    lines = _headed(pdf_to_markdown(pdf, tmp_path / "assets").markdown)
    assert "* (exit)" in lines  # the code line stays body text
    at = lines.index("# Exit")
    assert lines[at + 1] == BODY and "3.2.1 Exit" not in lines


def test_an_outline_written_twice_gives_each_heading_once(tmp_path):
    pdf = tmp_path / "twice.pdf"
    _named_outline_pdf(pdf, twice=True)
    assert len(pymupdf.open(pdf).get_toc()) == 4
    lines = _headed(pdf_to_markdown(pdf, tmp_path / "assets").markdown)
    assert [ln for ln in lines if ln.startswith("#")] == ["# Starting and Stopping", "# Exit"]


def test_the_outline_points_benchmark_counts_headings_at_their_destination(tmp_path, monkeypatch):
    from tests.bench_scripts import load_script

    pdf = tmp_path / "named.pdf"
    _named_outline_pdf(pdf)
    bench = load_script("outline_points", monkeypatch)
    with pymupdf.open(pdf) as doc:
        assert bench.placed_near(doc) == (2, 1, 2)  # raw points put "Exit" on the code line
