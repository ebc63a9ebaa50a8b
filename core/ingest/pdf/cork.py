"""TeX's Cork-encoded ligatures read as their letters ("di\\x1berent" -> "different").

dvips embeds bitmap fonts as Type3 fonts whose glyphs are named by number ("/a28"), with no
Unicode map; MuPDF then gives a glyph's code as the character. Letters and digits keep their
ASCII codes in TeX's T1 (Cork) encoding, but its ligatures sit on control codes 27-31: ff, fi,
fl, ffi, ffl. Read as they came, "files", "first", "different" and "coefficients" lost their
ligature (the parser turned the control character into a space: "raster les", "di erent"). A
code 27-31 next to a letter (after one, or before a lower-case one) is read as its ligature;
elsewhere (math fonts put delimiters there: "\\x13\\x1b +") it is left alone.

Example:
    >>> cork_ligatures("SUN raster\\x1cles, a di\\x1berent \\x1crst pass, su\\x1ex; \\x13\\x1b +")
    'SUN rasterfiles, a different first pass, suffix; \\x13\\x1b +'
"""
from __future__ import annotations

import re

_LIGATURES = {"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl"}
_ANY = re.compile("[\x1b-\x1f]")
_BY_LETTER = re.compile(r"(?<=[^\W\d_])[\x1b-\x1f]|[\x1b-\x1f](?=[a-z])")


def cork_ligatures(text: str) -> str:
    """`text` with each Cork ligature code that touches a letter spelled out."""
    if not _ANY.search(text):
        return text
    return _BY_LETTER.sub(lambda m: _LIGATURES[m.group()], text)
