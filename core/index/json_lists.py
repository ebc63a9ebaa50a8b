"""JSON of a dict of long lists written piece by piece, so a save never holds it whole.

Example:
    >>> import io, json
    >>> out = io.StringIO()
    >>> write_json_lists(out, {"generation": 3, "ids": ["a", "b", "c"], "texts": ["x", "é", ""]}, piece=2)
    >>> json.loads(out.getvalue())
    {'generation': 3, 'ids': ['a', 'b', 'c'], 'texts': ['x', 'é', '']}
"""
from __future__ import annotations

import json
from typing import TextIO


def write_json_lists(out: TextIO, payload: dict, piece: int = 64) -> None:
    """`json.dump(payload, out, ensure_ascii=False)` for a dict whose values are numbers or
    lists, written a few list items at a time (each piece by the C encoder): the records of a
    50,000-chunk library are ~100 MB of text, which one `json.dumps` held twice more at each
    save (the string, then its UTF-8 bytes) in the ingest process."""
    out.write("{")
    for n, (key, value) in enumerate(payload.items()):
        out.write(("" if n == 0 else ", ") + json.dumps(key) + ": ")
        if not isinstance(value, list):
            out.write(json.dumps(value))
            continue
        out.write("[")
        for start in range(0, len(value), piece):
            out.write(("" if start == 0 else ", ") + json.dumps(value[start:start + piece], ensure_ascii=False)[1:-1])
        out.write("]")
    out.write("}")
