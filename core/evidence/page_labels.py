"""Printed page labels as text: PDF strings PyMuPDF hands back undecoded.

A page label's prefix is a PDF string; written in UTF-16 with a byte-order mark (common
in DocBook output, e.g. Debian's shared-mime-info-spec.pdf), PyMuPDF returns it as hex
text (`<FEFF0034>`, for a literal string too). It becomes the text it stands for; a label
that is plain text is returned unchanged.

Example:
    >>> decode_label("<FEFF00310034>")
    '14'
    >>> decode_label("<FEFF00690076>1")
    'iv1'
    >>> decode_label("A-3")
    'A-3'
"""
from __future__ import annotations

import codecs
import re

# only strings with a byte-order mark: "<3>" may be a label as printed
_HEX = re.compile(r"<((?:FEFF|FFFE|EFBBBF)[0-9A-F\s]*)>", re.IGNORECASE)
_BOMS = ((codecs.BOM_UTF16_BE, "utf-16-be"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF8, "utf-8"))


def decode_pdf_string(raw: bytes) -> str:
    """A PDF text string's bytes as text: UTF-16/UTF-8 after a byte-order mark, else Latin-1
    (PDFDocEncoding agrees with it on the characters of page labels)."""
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom):].decode(codec, errors="replace")
    return raw.decode("latin-1")


def _hex_string(match: re.Match) -> str:
    digits = "".join(match.group(1).split())
    if len(digits) % 2:
        digits += "0"  # the PDF rule: a missing last digit is 0
    return decode_pdf_string(bytes.fromhex(digits))


def decode_label(label: str) -> str:
    """`label` with its byte-order-marked hex strings (`<FEFF...>`) decoded."""
    return _HEX.sub(_hex_string, label or "").replace("\x00", "").strip()
