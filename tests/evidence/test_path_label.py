"""Where a chunk sits, as every page shows it: a first heading that only repeats the document's
title (an HTML page's <title> and its <h1>; a PDF's metadata title and its first heading) is
written once; a path with none falls back to the title."""
from __future__ import annotations

from core.types import Chunk, Citation


def chunk(path: tuple[str, ...]) -> Chunk:
    return Chunk.create(doc_id="d", doc_title="Printer notes", text="Toner TN-2420.", position=0, heading_path=path)


def test_a_heading_that_repeats_its_parent_is_written_once():
    assert chunk(("Printer notes", "Printer  NOTES", "Toner")).path_label == "Printer notes > Toner"
    assert Citation(1, chunk(("Printer notes", "Printer notes", "Toner"))).label == "[1] Printer notes > Toner, p. 1"


def test_other_paths_are_kept_as_they_are():
    assert chunk(("Manual", "Install", "Manual", "Build")).path_label == "Manual > Install > Manual > Build"
    assert chunk(()).path_label == "Printer notes"


def test_a_heading_under_its_own_page_title_with_the_site_after_it_is_written_once():
    assert chunk(("15 Parameters (zsh)", "15 Parameters", "15.6 Parameters Used By The Shell")).path_label == \
        "15 Parameters (zsh) > 15.6 Parameters Used By The Shell"
    assert chunk(("Automatic Upgrades — Debian Handbook", "Automatic Upgrades", "Setup")).path_label == \
        "Automatic Upgrades — Debian Handbook > Setup"
    assert chunk(("Parameters (zsh)", "Parameters and options", "x")).path_label == \
        "Parameters (zsh) > Parameters and options > x"  # another heading that starts alike stays
