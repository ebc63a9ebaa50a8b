"""A table cell's words: a word hyphenated at a line's end is mended with the next line's first
word, as paragraphs are, unless it is a name already hyphenated or code-like (seen in the
Debian Reference and the SDCC manual: "syn- tax", "microcon- trollers", "fonts-crosextra- carlito")."""
from __future__ import annotations

from core.ingest.pdf.tables_rows import cell_text


def _words(*lines: str) -> list[tuple]:
    return [(0, float(y), 0, float(y) + 8, w) for y, line in enumerate(lines) for w in line.split()]


def _cell(*lines: str) -> str:
    return cell_text(_words(*lines), lambda w: w[1])


def test_a_word_broken_at_a_line_end_is_mended():
    assert _cell("apt-get/apt-cache syn-", "tax") == "apt-get/apt-cache syntax"
    assert _cell("Software simulator for microcon-", "trollers") == "Software simulator for microcontrollers"


def test_names_paths_and_keys_keep_their_hyphen():
    assert _cell("fonts-crosextra-", "carlito") == "fonts-crosextra-carlito"
    assert _cell("http://security.debian.org/debian-", "security/") == "http://security.debian.org/debian-security/"
    assert _cell("APT::Config::low-", "level") == "APT::Config::low-level"


def test_a_hyphen_inside_a_line_or_before_a_capital_stays_with_its_space():
    assert cell_text(_words("pre- and post-processing"), lambda w: 0) == "pre- and post-processing"
    assert _cell("Intel-", "Hex") == "Intel- Hex"
