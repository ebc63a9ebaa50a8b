"""Form fields and annotations as text items at their place on the page.

An AcroForm field gives its label (the /TU tooltip, else its name) and its value ("First
Name: Alice"; a ticked box reads "checked", an empty or unticked one just its label); an
annotation with a note (a comment, a highlight's or a stamp's note, a free-text box) gives
"Comment (author): note". The fields of a page become one item of kind "form" over their
boxes (one chunk, not one per field), each note an item of kind "annotation" on its
rectangle, so they are read where they stand on the page;
the Markdown writer marks its block (`<!-- form -->`, `<!-- annotation -->`) and the
chunker gives it a chunk of that kind. A field's value often stands in the page text too
(its appearance); the item still names which field it belongs to.

Example:
    >>> [it.markdown for it in page_marks(page)]                     # doctest: +SKIP
    ['First Name: Alice; Last Name; Gender: checked', 'Comment (moose): Note in second paragraph']
"""
from __future__ import annotations

import re
from typing import Sequence

import pymupdf

from core.ingest.pdf.layout import Item, normalise_text

FORM, ANNOTATION = "form", "annotation"
MARKERS = {FORM: "<!-- form -->", ANNOTATION: "<!-- annotation -->"}
_WORDY = re.compile(r"[^\W\d_]{3}")
_TICKED = {"CheckBox", "RadioButton"}
_OFF = {"", "off", "no", "false", "0"}
# annotation types whose note is part of the document (links, popups and widgets are not)
_NOTE_KINDS = {"Text": "Comment", "FreeText": "Text box", "Highlight": "Highlight note",
               "Underline": "Underline note", "StrikeOut": "Strike-out note", "Squiggly": "Note",
               "Stamp": "Stamp", "Caret": "Note", "Ink": "Note", "Square": "Note", "Circle": "Note",
               "Line": "Note", "Polygon": "Note", "PolyLine": "Note", "FileAttachment": "Attachment"}


def _clean(text: object) -> str:
    return " ".join(normalise_text(str(text or "")).split())


def field_text(kind: str, name: str, label: str, value: object) -> str:
    """One field as text: 'label: value', 'label: checked', or the label alone (none for an
    empty field with a machine name)."""
    title = _clean(label) or _clean(name)
    if isinstance(value, (list, tuple)):  # a list box with several choices
        value = ", ".join(str(v) for v in value)
    shown = _clean(value)
    if kind in _TICKED:
        shown = "" if shown.lower() in _OFF else "checked"
    if not title or not _WORDY.search(title):  # 'f1_001(0)': a machine name tells nothing
        return f"{title}: {shown}" if title and shown else shown
    return f"{title}: {shown}" if shown else title


def _widgets(page: pymupdf.Page) -> list[Item]:
    """The page's form fields as one item over their boxes, in reading order, '; ' between
    fields (a radio group once)."""
    fields: list[tuple[tuple[float, float], str, tuple]] = []
    seen: set[str] = set()
    for w in page.widgets():
        key = f"{w.field_type_string}:{w.field_name}"
        if key in seen or w.field_type_string == "Button":  # a push button holds no data
            continue
        seen.add(key)
        text = field_text(w.field_type_string, w.field_name or "", w.field_label or "", w.field_value)
        if text:
            fields.append(((round(w.rect.y0), w.rect.x0), text, tuple(w.rect)))
    if not fields:
        return []
    fields.sort()
    boxes = [box for _, _, box in fields]
    union = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    return [Item(FORM, union, markdown="; ".join(text for _, text, _ in fields))]


def _annotations(page: pymupdf.Page) -> list[Item]:
    """The page's annotations that carry a note, as 'Kind (author): note'."""
    items: list[Item] = []
    for annot in page.annots():
        kind = _NOTE_KINDS.get(annot.type[1])
        info = annot.info or {}
        note = _clean(info.get("content")) or _clean(info.get("subject") if kind == "Stamp" else "")
        if kind and note:
            author = _clean(info.get("title"))
            items.append(Item(ANNOTATION, tuple(annot.rect), markdown=f"{kind}{f' ({author})' if author else ''}: {note}"))
    return items


def place_marks(ordered: Sequence[Item], marks: Sequence[Item]) -> list[Item]:
    """Items in reading order with each mark put before the first item that starts below its
    middle (by height alone: a note in the margin is no column of text; a highlight's note
    follows the line it marks)."""
    out = list(ordered)
    for mark in sorted(marks, key=lambda m: m.bbox[1]):
        middle = (mark.bbox[1] + mark.bbox[3]) / 2
        at = next((i for i, it in enumerate(out) if it.kind not in MARKERS and it.bbox[1] > middle), len(out))
        out.insert(at, mark)
    return out


def page_marks(page: pymupdf.Page) -> list[Item]:
    """Form fields, then annotations with notes, of one page (empty for most pages)."""
    if not page.parent.is_pdf or (page.first_widget is None and page.first_annot is None):
        return []
    return _widgets(page) + _annotations(page)
