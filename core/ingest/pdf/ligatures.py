"""Ligature glyphs of simple fonts read as their letters ("t_t" -> "tt", "T_h" -> "Th").

A simple font (Type1, TrueType, Type3) without a /ToUnicode map is read through the glyph
names of its /Encoding /Differences. MuPDF maps a name it cannot find in the Adobe Glyph
List to U+FFFD ("tt", which has no Unicode ligature) and an underscore ligature to its
first letter only ("t_t" -> "t", "c_t" -> "c"), so "Settings" came out as "Setings" or
"Se\\ufffdings". `fix_ligature_fonts` gives such a font a /ToUnicode map, in memory only,
that spells each ligature glyph as its letters (the AGL rule for underscore names); the
file is not changed.

Example:
    >>> ligature_text("t_t"), ligature_text("f_f_i.alt"), ligature_text("tt"), ligature_text("A")
    ('tt', 'ffi', 'tt', '')
"""
from __future__ import annotations

import re

import pymupdf
from pdfminer.glyphlist import glyphname2unicode  # the Adobe Glyph List (pdfminer: via pdfplumber)

_LETTERS = re.compile(r"^[A-Za-z]{2,4}$")
_UNI = re.compile(r"^uni([0-9A-Fa-f]{4})$")
_DIFF_ITEM = re.compile(r"(\d+)|/([^\s/\[\]]+)")


def _component(name: str) -> str:
    """The text of one component of a glyph name ('' when unknown)."""
    uni = _UNI.match(name)
    if uni:
        return chr(int(uni.group(1), 16))
    if len(name) == 1 and name.isalpha():
        return name
    return glyphname2unicode.get(name, "")


def ligature_text(name: str) -> str:
    """The letters a ligature glyph name stands for ('' when the name is no ligature)."""
    base = name.split(".", 1)[0]  # 't_t.alt', 'fi.sc': the suffix names a variant
    if "_" in base:
        parts = [_component(p) for p in base.split("_")]
        return "".join(parts) if all(parts) else ""
    if _LETTERS.match(base) and _component(base) == "":
        return base  # 'tt', 'ct': letters the glyph list does not know as one name
    return ""


def differences(array: str) -> dict[int, str]:
    """Code -> glyph name from a PDF /Differences array as text ('[1/t_t 2/f_f_i]')."""
    codes: dict[int, str] = {}
    code = 0
    for number, name in _DIFF_ITEM.findall(array):
        if number:
            code = int(number)
        else:
            codes[code] = name
            code += 1
    return codes


def _to_unicode_cmap(mapping: dict[int, str]) -> bytes:
    """A ToUnicode CMap mapping one-byte codes to (possibly several) characters."""
    entries = [f"<{code:02X}> <{''.join(f'{ord(c):04X}' for c in text)}>" for code, text in sorted(mapping.items())]
    body = "\n".join(f"{len(chunk)} beginbfchar\n" + "\n".join(chunk) + "\nendbfchar"
                     for chunk in (entries[i:i + 100] for i in range(0, len(entries), 100)))
    return ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n/CMapName /FolioLigatures def\n"
            "/CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n"
            f"{body}\nendcmap CMapName currentdict /CMap defineresource pop end end").encode()


def _font_mapping(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """Code -> letters of the ligature glyphs of a simple font without /ToUnicode ({} if none)."""
    if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
        return {}
    kind, array = doc.xref_get_key(xref, "Encoding/Differences")
    if kind != "array":
        return {}
    # codes the map leaves out are still read through the encoding's glyph names
    ligatures = {code: ligature_text(name) for code, name in differences(array).items()}
    return {code: text for code, text in ligatures.items() if text and 0 <= code <= 255}


def fix_ligature_fonts(doc: pymupdf.Document) -> int:
    """Give every simple font whose encoding names ligature glyphs a ToUnicode map that spells
    them (in memory; call before reading pages). Returns the number of fonts fixed."""
    if not doc.is_pdf:
        return 0
    seen: set[int] = set()
    fixed = 0
    for page in doc:
        for font in page.get_fonts(full=True):
            xref, ftype = font[0], font[2]
            if xref in seen or ftype not in ("Type1", "TrueType", "Type3", "MMType1"):
                continue
            seen.add(xref)
            mapping = _font_mapping(doc, xref)
            if mapping:
                cmap = doc.get_new_xref()
                doc.update_object(cmap, "<<>>")
                doc.update_stream(cmap, _to_unicode_cmap(mapping))
                doc.xref_set_key(xref, "ToUnicode", f"{cmap} 0 R")
                fixed += 1
    return fixed
