"""Make untrusted document text safe to show with `st.markdown`.

Document text (and anything derived from it: answers, titles, heading paths) must never
reach the browser as live HTML or as Markdown/LaTeX markup. `md_escape` neutralises both.

Example:
    >>> md_escape("<b>*hi*</b> $x$")
    '&lt;b&gt;\\\\*hi\\\\*&lt;/b&gt; \\\\$x\\\\$'
"""
from __future__ import annotations

import html
import re

# Every ASCII punctuation character CommonMark lets a backslash escape, plus ':' which
# Streamlit uses for :color[...] and :material/icon: directives.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>$:=^])")


def md_escape(text: str) -> str:
    """HTML-escape, then backslash-escape Markdown and Streamlit markup characters."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))


def md_escape_block(text: str) -> str:
    """`md_escape` keeping paragraph breaks: single newlines become Markdown line breaks."""
    paragraphs = re.split(r"\n\s*\n", str(text).strip())
    return "\n\n".join("  \n".join(md_escape(line) for line in p.splitlines()) for p in paragraphs)


def md_escape_answer(text: str) -> str:
    """`md_escape_block` keeping an answer's own bold marks ('**69**': the words the offline
    reader marks in its quoted sentence); everything else is escaped, and marks that do not
    pair up are escaped too.

    >>> md_escape_answer("“port **69**.” [1]")
    '“port **69**\\\\.” \\\\[1\\\\]'
    """
    pieces = str(text).split("**")
    if len(pieces) % 2 == 0:
        return md_escape_block(text)
    return md_escape_block("\x00".join(pieces)).replace("\x00", "**")  # NUL survives escaping untouched


def shorten(text: str, limit: int = 80, keep_lines: bool = False) -> str:
    """Collapse whitespace and cut to `limit` characters with an ellipsis; `keep_lines` keeps
    line breaks (a code block's '$ ./configure' and '$ make' stay two lines)."""
    lines = str(text).splitlines() if keep_lines else [str(text)]
    flat = "\n".join(" ".join(line.split()) for line in lines if line.strip())
    return flat if len(flat) <= limit else flat[: max(1, limit - 1)].rstrip() + "…"
