"""Real browser, answers you can check (issue 25): ask on Chat and see the quoted first line
with the answer words in bold; open Show on page on its citation and find the strong (blue)
mark's pixels over the answer sentence (a table row) and nowhere else; ask about something
the library does not hold and see the decline first ("The documents do not say …"), then the
closest evidence.

Streamlit (the `server` fixture of test_browser.py) serves a data dir holding the generated
maintenance guide of the span tests, built in-process first so the browser only asks.
Screenshots go to FOLIO_SCREENSHOT_DIR (default: the test's temp dir).
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from core.answer.quote import CLOSEST
from core.evidence.render import PAD
from tests.app.browser import final_answer, launch_chromium, open_page, switched_on_until
from tests.app.test_browser import CHROMIUM, server  # noqa: F401 - `server` is a fixture
from tests.evidence.span_fixtures import OTHER_ROWS, ROW, make_span_pdf

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium (apt-get install chromium)")]
DECLINE = "The documents do not say"


@pytest.fixture
def guide(tmp_path, embedder) -> Path:
    """The guide's PDF, added to the data dir the `server` fixture serves (tmp_path/data)."""
    from core.config import Settings
    from core.library import Library

    pdf = make_span_pdf(tmp_path / "guide.pdf")
    lib = Library(Settings.load(tmp_path / "data", env={}), embedder=embedder)
    lib.add([pdf])
    lib.catalog.close()
    return pdf


def ask(page, question: str, expect: str):
    """Send a question; wait until `expect` is in the newest chat message and the run ended;
    return that message."""
    box = page.get_by_test_id("stChatInputTextArea")
    box.wait_for(timeout=180_000)  # a busy machine draws the first page slowly
    box.fill(question)
    box.press("Enter")
    # the answer drawn in full, not the streamed text that held `expect` a moment before
    message = final_answer(page, expect)
    page.get_by_test_id("stSpinner").wait_for(state="detached", timeout=180_000)
    return message


def blue(png: bytes) -> np.ndarray:
    """Mask of the strong mark's pixels: the span's blue (red low, green and blue high)."""
    pix = pymupdf.Pixmap(png)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3].astype(int)
    return (rgb[..., 0] < 150) & (rgb[..., 1] > 160) & (rgb[..., 2] > 220)


def area(rects, shape, scale: float, grow: float = PAD) -> np.ndarray:
    """Pixels of `rects` (PDF points, each grown by `grow`) in an image drawn at `scale` px/pt."""
    mask = np.zeros(shape, dtype=bool)
    for r in rects:
        mask[max(0, int((r.y0 - grow) * scale)):int(np.ceil((r.y1 + grow) * scale)),
             max(0, int((r.x0 - grow) * scale)):int(np.ceil((r.x1 + grow) * scale))] = True
    return mask


def strong_mark_over(png: bytes, pdf: Path, page_no: int, phrases, others) -> None:
    """The blue pixels lie over the words of `phrases` on the page (their lines, padded) and
    cover them; none lies over the words of `others`."""
    with pymupdf.open(pdf) as doc:
        page = doc[page_no - 1]
        words = [r for p in phrases for r in page.search_for(p)]
        elsewhere = [r for p in others for r in page.search_for(p)]
        scale = pymupdf.Pixmap(png).width / page.rect.width
    mark = blue(png)
    assert words and mark.sum() > 200
    assert not (mark & ~area(words, mark.shape, scale, grow=PAD + 1)).any()  # 1 pt for rounding at this scale
    for r in words:
        assert mark[area([r], mark.shape, scale)].mean() > 0.5, r  # the word's background is blue
    assert not (mark & area(elsewhere, mark.shape, scale, grow=-2 * PAD)).any()


def test_quoted_first_line_its_mark_on_the_page_and_a_decline(guide, server, tmp_path):
    from playwright.sync_api import sync_playwright

    shots = os.environ.get("FOLIO_SCREENSHOT_DIR", str(tmp_path))
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = open_page(browser, viewport={"width": 1400, "height": 1600})
        page.set_default_timeout(120_000)  # each step waits for its condition, up to this on a busy CPU
        page.goto(server + "/", timeout=120_000)
        answer = ask(page, "How often is the valve seal replaced?", "12 months")
        first = answer.locator("[data-testid='stMarkdownContainer'] p").first
        assert first.inner_text().startswith("“") and "valve seal" in first.inner_text()  # a quote of the row
        assert "12 months" in first.locator("strong").all_inner_texts()  # the answer words, bold
        answer_expander = page.get_by_test_id("stExpander").first
        switched_on_until(answer_expander, page.get_by_text("the supporting sentence in blue").first)
        image = page.locator("img[alt*='with the chunk highlighted']").first
        image.wait_for(timeout=180_000)
        png = page.request.get(image.get_attribute("src")).body()
        strong_mark_over(png, guide, 2, ROW, [cell for row in OTHER_ROWS for cell in row])
        page.screenshot(path=f"{shots}/answer-marked.png", full_page=True)

        declined = ask(page, "How do I configure PostgreSQL replication?", DECLINE)
        text = declined.locator("[data-testid='stMarkdownContainer']").first.inner_text()
        assert text.lstrip().startswith(DECLINE), text  # said first
        assert text.index(DECLINE) < text.index(CLOSEST.split(" (")[0])  # then the closest evidence
        page.screenshot(path=f"{shots}/answer-declined.png", full_page=True)
        browser.close()
