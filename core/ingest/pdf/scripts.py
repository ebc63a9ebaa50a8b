"""A change of script inside a run of letters is a word boundary ("habibi" + Arabic).

PDF text often has no space where a line switches script (an Arabic word set right beside
a Latin one), which glues two words into one token that no search finds. A space is put
between two letters of different scripts, except between Latin, Greek and Cyrillic, which
technical text mixes inside one word ("µm", a Greek letter in a formula name).

Example:
    >>> split_scripts("habibi\u062d\u064e\u0628\u064a\u0628\u064a and 5\u00b5m")
    'habibi \u062d\u064e\u0628\u064a\u0628\u064a and 5\u00b5m'
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

_MIXABLE = {"LATIN", "GREEK", "CYRILLIC", "MICRO"}  # 'MICRO SIGN' before NFKC


@lru_cache(maxsize=8192)
def script_of(ch: str) -> str:
    """The script of a letter as the first word of its Unicode name ('' for a non-letter);
    the CJK ideographs and Japanese kana count as one script."""
    if not ch.isalpha():
        return ""
    first = unicodedata.name(ch, "").split(" ", 1)[0]
    return "CJK" if first in {"CJK", "HIRAGANA", "KATAKANA"} else first


def split_scripts(text: str) -> str:
    """`text` with a space wherever two letters of different scripts meet (see module doc)."""
    if text.isascii():
        return text
    out: list[str] = []
    last = ""  # script of the last letter, '' after a non-letter (marks keep their letter's)
    for ch in text:
        s = script_of(ch)
        if s:
            if last and s != last and not (s in _MIXABLE and last in _MIXABLE):
                out.append(" ")
            last = s
        elif not unicodedata.category(ch).startswith("M"):
            last = ""
        out.append(ch)
    return "".join(out)
