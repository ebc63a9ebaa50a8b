"""The heading path at the head of a chunk's embedded text, cut to the title and its last levels."""
from __future__ import annotations

from core.ingest.embed_text import short_path, with_short_path
from core.types import Chunk


def _chunk(path: tuple[str, ...], embed_text: str | None = None) -> Chunk:
    text = "Install the package with apt."
    return Chunk.create(doc_id="d", doc_title=path[0], position=0, text=text,
                        embed_text=embed_text if embed_text is not None else " > ".join(path) + "\n" + text,
                        heading_path=path)


def test_a_deep_path_keeps_the_title_and_the_last_two_headings():
    chunk = _chunk(("Manual", "Part I", "Setup", "Install", "Linux"))
    assert with_short_path(chunk, 2) == "Manual > Install > Linux\nInstall the package with apt."


def test_short_paths_and_negative_levels_are_left_whole():
    assert short_path(("Manual", "Setup", "Linux"), 2) == ("Manual", "Setup", "Linux")
    assert short_path(("Manual", "Part I", "Setup", "Linux"), -1) == ("Manual", "Part I", "Setup", "Linux")


def test_an_embedded_text_that_does_not_start_with_the_path_is_not_touched():
    chunk = _chunk(("Manual", "Part I", "Setup", "Linux"), embed_text="Caption: a table\nrow")
    assert with_short_path(chunk, 1) == "Caption: a table\nrow"
