"""An "l" Tesseract read as "1", "!" or "|" put back, when the document reads the word with "l".

In the scanned camlidl manual the title came out as "Camlid! user's manual" and the body
held "camlid1", "mid1" and "id1" beside many "camlidl", "midl" and "idl" read with confidence;
"Rep1y", "Channe1Pid" and "she1l" occur in the SSH manual. The title is the root of every
chunk's heading path and "camlidl" is the word a question names the manual by, so one
misread letter reached every chunk of the manual. A token of letters holding one such mark
becomes the word with "l" in its place when that word was read with confidence (`sure`: the
document's words read at Tesseract confidence 60 or more) at least `_SEEN` times and the token
as it stands never was ("TLSv1" is read with confidence, so it stays).

Example:
    >>> from collections import Counter
    >>> mend_marks("Camlid! user's manual", Counter({"camlidl": 5}))
    "Camlidl user's manual"
"""
from __future__ import annotations

import re
from collections import Counter

_SEEN = 2  # the word with "l" must be read with confidence this many times
_TOKEN = re.compile(r"(?<![\w!|])([^\W\d_]*[^\W\d_])([1!|])([^\W\d_]*)(?![\w|])")


def sure_forms(texts: list[str]) -> Counter:
    """Lower-case word forms (letters and digits, outer punctuation stripped) of confidently read words."""
    return Counter(t.strip(".,;:()[]{}\"'").lower() for t in texts)


def mend_marks(text: str, sure: Counter) -> str:
    """`text` with "l" in place of a "1", "!" or "|" inside a word the document knows with "l"."""
    def fix(m: re.Match) -> str:
        word = m.group(1) + "l" + m.group(3)
        if sure[word.lower()] >= _SEEN and not sure[m.group(0).lower()]:
            return word
        return m.group(0)
    return _TOKEN.sub(fix, text)
