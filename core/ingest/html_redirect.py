"""HTML pages that only send the browser elsewhere: skipped by the folder walk, refused when added.

Documentation generators write a stub page for every old node name or anchor: GNU Texinfo's
split manuals hold one per index entry (zsh's HTML manual: 144 of its 186 files), each a
`<meta http-equiv="Refresh" content="0; url=Shell-Grammar.html#Aliasing">` and one line, "The
node you are looking for is at Aliasing." Read as documents they would fill the library with
one-line chunks that outrank the pages holding the text. A page is a redirect when its head
asks for an immediate refresh to another address and its body holds at most `MAX_WORDS`
words; a page that refreshes itself later, or has text of its own, is read as any page.

Only the first `HEAD_BYTES` of a file are read to look for the refresh; the whole file (at
most `MAX_BYTES`) only when one is there. Answers are remembered per (path, size, mtime), so a
watched folder's rescans do not read its pages again.

Example:
    >>> stub = b'<html><head><meta http-equiv="refresh" content="0; url=Grammar.html#Aliasing"></head>'
    >>> redirect_in(stub + b'<body><p>The node you are looking for is at Aliasing.</p></body></html>')
    'Grammar.html#Aliasing'
    >>> redirect_in(stub + b'<body><p>' + b'word ' * 80 + b'</p></body></html>') is None
    True
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from core.ingest.formats import format_of

HEAD_BYTES = 4096  # the refresh sits in the head, before any content
MAX_BYTES = 65536  # a larger page has content of its own
MAX_WORDS = 40  # "The node you are looking for is at Aliasing." and a title
MAX_DELAY = 1.0  # seconds: a later refresh (a status page reloading itself) is no redirect
_REFRESH = re.compile(rb"http-equiv\s*=\s*[\"']?refresh", re.IGNORECASE)
_CONTENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[;,]\s*(?:url\s*=\s*)?[\"']?([^\"'\s]+)", re.IGNORECASE)


def redirect_target(path: str | Path) -> str | None:
    """Where the HTML page at `path` sends the browser when it is only a redirect (see the
    module doc); None for any other page, any other format, or a file that cannot be read."""
    if format_of(path) != "html":
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    if st.st_size > MAX_BYTES:
        return None
    return _cached(str(path), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=4096)
def _cached(path: str, size: int, mtime_ns: int) -> str | None:
    """`redirect_in` of the file's bytes, remembered while its size and mtime stay."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD_BYTES)
            if not _REFRESH.search(head):
                return None
            data = head + fh.read(MAX_BYTES)
    except OSError:
        return None
    return redirect_in(data)


def redirect_in(data: bytes) -> str | None:
    """The address an HTML page (its bytes) refreshes to at once when its body holds at most
    MAX_WORDS words; None otherwise."""
    import lxml.html

    try:
        root = lxml.html.document_fromstring(data)
    except (ValueError, lxml.etree.ParserError):
        return None
    target = None
    for meta in root.iter("meta"):
        if (meta.get("http-equiv") or "").strip().lower() != "refresh":
            continue
        found = _CONTENT.match(meta.get("content") or "")
        if found and float(found.group(1)) <= MAX_DELAY:
            target = found.group(2)
            break
    if target is None:
        return None
    body = root.find("body")
    words = len(body.text_content().split()) if body is not None else 0
    return target if words <= MAX_WORDS else None
