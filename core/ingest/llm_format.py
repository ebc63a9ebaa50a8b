"""Optional LLM Markdown formatter (HiQA): PDF page text to Markdown, a window at a time.

The document's pages are cut into windows of W pages (step W). Each window is sent with K
padding pages on either side, read as context only, and with the previous window's page
text and Markdown, so that the model continues the same chapter numbering and does not
repeat a heading that the previous window opened. Each window's Markdown starts with the
`<!-- page N -->` marker that `core.ingest.markdown` uses for page spans. The model writes
every heading at level 1 with its number; `levels_from_numbering` turns numbers into depth.

Ingestion uses it when FOLIO_MARKDOWN=llm (`[markdown] mode = "llm"`, window and padding in
the same table).

Example:
    >>> [(w.start, w.end, w.pad_start, w.pad_end) for w in plan_windows(5, window=2, padding=1)]
    [(1, 2, 1, 3), (3, 4, 2, 5), (5, 5, 4, 5)]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from core.answer.llm_protocol import ChatModel
from core.answer.prompts import markdown_window_prompt
from core.errors import IngestError, NeedsLLM

_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
_FENCED = re.compile(r"^\s*```(?:markdown|md)?\s*\n(.*?)\n\s*```\s*$", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class Window:
    """Pages start..end (1-based, inclusive) to convert, shown with pad_start..pad_end around."""

    index: int
    start: int
    end: int
    pad_start: int
    pad_end: int


@dataclass(frozen=True)
class FormattedMarkdown:
    """The compiled Markdown, each window's output, and what the LLM calls cost."""

    markdown: str
    windows: tuple[str, ...]
    llm_calls: int
    llm_tokens: int
    fallbacks: tuple[int, ...] = ()  # windows whose reply was empty: their page text was kept


def plan_windows(pages: int, *, window: int, padding: int) -> list[Window]:
    """T = ceil(pages / W) windows of W pages with up to K padding pages each side."""
    if window < 1 or padding < 0:
        raise ValueError(f"window must be >= 1 and padding >= 0 (got W={window}, K={padding})")
    out = []
    for index, start in enumerate(range(1, pages + 1, window)):
        end = min(start + window - 1, pages)
        out.append(Window(index, start, end, max(1, start - padding), min(pages, end + padding)))
    return out


def _pages_text(pages: Sequence[str], first: int, last: int) -> str:
    """Pages first..last (1-based) with a '[page N]' line before each."""
    return "\n".join(f"[page {n}]\n{pages[n - 1].strip()}" for n in range(first, last + 1))


def _plain_pages(pages: Sequence[str], first: int, last: int) -> str:
    """Pages first..last as they are, with the page marker of every page after the first."""
    return "".join((f"\n\n<!-- page {n} -->\n\n" if n > first else "") + pages[n - 1].strip()
                   for n in range(first, last + 1))


def clean_output(text: str) -> str:
    """Unwrap a ```markdown fence and drop comment lines the model may have made up."""
    match = _FENCED.match(text)
    body = match.group(1) if match else text
    return "\n".join(line for line in body.strip().splitlines() if not line.lstrip().startswith("<!--"))


@dataclass(frozen=True)
class LLMMarkdownFormatter:
    """Formats page texts into Markdown with an LLM, W pages a window, K pages padding.

    Example:
        >>> fmt = LLMMarkdownFormatter(llm, window=4, padding=1)     # doctest: +SKIP
        >>> fmt.format(["page one text", "page two text"]).markdown  # doctest: +SKIP
    """

    llm: ChatModel | None
    window: int = 4
    padding: int = 1
    max_tokens: int = 2048
    calibration_chars: int = 1500  # tail of the previous window's input/output sent along

    def format(self, pages: Sequence[str], on_window: Callable[[int, int], None] | None = None) -> FormattedMarkdown:
        """Convert all pages; `on_window(done, total)` is called after each window."""
        if self.llm is None:
            raise NeedsLLM("the LLM Markdown formatter needs an LLM: set OPENAI_BASE_URL and FOLIO_LLM_MODEL")
        plan = plan_windows(len(pages), window=self.window, padding=self.padding)
        outputs: list[str] = []
        calls = tokens = 0
        fallbacks: list[int] = []
        prev_input = prev_output = ""
        for w in plan:
            prompt = markdown_window_prompt(
                _pages_text(pages, w.start, w.end),
                before=_pages_text(pages, w.pad_start, w.start - 1),
                after=_pages_text(pages, w.end + 1, w.pad_end),
                prev_input=prev_input[-self.calibration_chars:],
                prev_output=prev_output[-self.calibration_chars:],
            )
            reply = self.llm.chat(prompt.system, prompt.user, max_tokens=self.max_tokens)
            calls, tokens = calls + (not reply.cached), tokens + reply.tokens
            body = clean_output(reply.text)
            if not any(ch.isalnum() for ch in body):  # an empty reply must not lose the pages
                body = _plain_pages(pages, w.start, w.end)
                fallbacks.append(w.index + 1)
            outputs.append(f"<!-- page {w.start} -->\n\n{body}")
            prev_input, prev_output = _pages_text(pages, w.start, w.end), body
            if on_window:
                on_window(w.index + 1, len(plan))
        return FormattedMarkdown("\n\n".join(outputs) + "\n", tuple(outputs), calls, tokens, tuple(fallbacks))


def levels_from_numbering(markdown: str) -> str:
    """Give each heading the depth its number shows ('# 2.3 Setup' -> '## 2.3 Setup');
    unnumbered headings ('# Preface') stay at level 1. The formatter writes every heading
    as level 1, as HiQA does, and leaves the depth to the numbering."""
    from core.ingest.pdf.headings import numbered_depth

    out = []
    for line in markdown.splitlines():
        match = _HEADING.match(line)
        if match:
            line = "#" * min(6, max(1, numbered_depth(match.group(1)))) + " " + match.group(1)
        out.append(line)
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


def pdf_page_texts(path: Path) -> list[str]:
    """Plain text of every page of a PDF (PyMuPDF), the formatter's input."""
    import pymupdf

    try:
        with pymupdf.open(path) as doc:
            return [page.get_text("text") for page in doc]
    except (OSError, RuntimeError, ValueError) as exc:
        raise IngestError(str(path), f"cannot read the PDF ({exc})") from exc
