"""TeX's separate accent glyphs put back on their letters: "M¨obius" reads "Möbius".

Documents typeset by TeX in its old font encoding (OT1: the Computer Modern fonts of many
manuals) draw an accented letter as two glyphs, the spacing accent and then the letter, and
PDF text extraction gives them in that order: "M¨obius", "St´ephane", "Universit´e". Unicode
normalisation (NFKC) then turns the spacing accent into a space and a combining mark, "M ̈obius",
which splits the word: no search finds "Möbius", and the quote shows a stray mark. The accent
is put on the letter after it when the two make one accented letter ("ı" and "ȷ", TeX's dotless
letters, take the accent as "i" and "j"). The acute only goes on a vowel, and one left over is
an apostrophe ("it´s", which NFKC would make "it ́s", reads "it's").

TeX's typewriter fonts draw "~" and "^" with the tilde and circumflex accent glyphs ("˜/.bashrc",
"˜user", "ˆC"), so those two go on a letter only inside a word ("Nu˜nez", "for˜et") and on a
vowel for the circumflex; what is left of them is written "~" and "^".

Example:
    >>> compose_accents("the M\u00a8obius function, St\u00b4ephane, it\u00b4s, \u02dc/.bashrc, \u02c6C, Nu\u02dcnez")
    "the Möbius function, Stéphane, it's, ~/.bashrc, ^C, Nuñez"
"""
from __future__ import annotations

import re
import unicodedata

# spacing accent -> its combining mark
_MARKS = {"\u00a8": "\u0308", "\u00b4": "\u0301", "\u00b8": "\u0327", "\u02d8": "\u0306", "\u02d9": "\u0307",
          "\u02da": "\u030a", "\u02db": "\u0328", "\u02dc": "\u0303", "\u02dd": "\u030b", "\u00af": "\u0304",
          "\u02c6": "\u0302", "\u02c7": "\u030c"}
_ACCENT = re.compile("([" + "".join(_MARKS) + "])([A-Za-z\u0131\u0237])")
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
_VOWELS = frozenset("AEIOUYaeiouy")
_ON_VOWELS = frozenset("\u00b4\u02c6")  # acute, circumflex
_TYPED = frozenset("\u02dc\u02c6")  # tilde, circumflex: TeX's typewriter "~" and "^" too
_LEFT_OVER = str.maketrans({"\u02dc": "~", "\u02c6": "^", "\u00b4": "'"})


def compose_accents(text: str) -> str:
    """`text` with each spacing accent that stands before a letter put on it, when the two
    make one accented letter; the tilde, circumflex and acute left over as "~", "^" and "'"."""
    if text.isascii():
        return text
    return _ACCENT.sub(_composed, text).translate(_LEFT_OVER)


def _composed(found: re.Match) -> str:
    accent, letter = found.group(1), _DOTLESS.get(found.group(2), found.group(2))
    inside = found.start() > 0 and found.string[found.start() - 1].isalpha()
    if accent in _TYPED and not inside or accent in _ON_VOWELS and letter not in _VOWELS:
        return found.group(0)
    one = unicodedata.normalize("NFC", letter + _MARKS[accent])
    return one if len(one) == 1 else found.group(0)
