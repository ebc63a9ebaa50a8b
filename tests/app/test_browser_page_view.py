"""Real browser: ask a structural question, click "Show on page" on the citation, and check
that the page image is there, labelled with its printed and physical page, and highlighted
(yellow pixels over the chunk); then step to the next page.

Streamlit (the `server` fixture of test_browser.py) runs over a data dir holding the
generated book, built in-process first so the browser only asks; headless Debian Chromium
through Playwright.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from tests.app.browser import final_answer, open_page, stays_open, switched_on_until
from tests.app.test_browser import CHROMIUM, server  # noqa: F401 - `server` is a fixture
from tests.evidence.fixtures import make_book_pdf

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def book(tmp_path, embedder):
    """The data dir the `server` fixture serves (tmp_path/data), holding the chemnum book."""
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(tmp_path / "data", env={}), embedder=embedder)
    lib.add([make_book_pdf(tmp_path / "chemnum.pdf", "The chemnum manual", "chemnum")])
    lib.catalog.close()


def marked_share(png: bytes) -> float:
    """Share of the image's pixels that are marked: the chunk's marker yellow (red and green
    high, blue low) or, inside it, the supporting span's blue (red low, green and blue high)."""
    pix = pymupdf.Pixmap(png)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3].astype(int)
    yellow = (rgb[..., 0] > 200) & (rgb[..., 1] > 170) & (rgb[..., 2] < 120)
    blue = (rgb[..., 0] < 150) & (rgb[..., 1] > 160) & (rgb[..., 2] > 220)
    return float((yellow | blue).mean())


def shown_image(page, alt_part: str, cited, seconds: float = 180):
    """The viewer's image whose alt text contains `alt_part`, and its PNG bytes; `cited`, the
    citation it is drawn in, is opened again (its switch on again) if a rerun redrew it meanwhile."""
    img = page.locator(f"img[alt*='{alt_part}']").first
    switched_on_until(cited, img, seconds)  # up to 180 s: a busy machine renders the page slowly
    return img, page.request.get(img.get_attribute("src")).body()


def next_page(page, cited, now: str, after: str, seconds: float = 180):
    """Click the citation's "Next page" and return the next page's image (as `shown_image`). A
    click that a rerun swallowed (seen once in a full-suite run beside a CPU burner: the page
    stayed on `now` for 180 s) is made again, but only while no run is going on and the image
    still shows `now`, so a slow rerun is never clicked twice past the page."""
    deadline = time.monotonic() + seconds
    button = cited.get_by_role("button", name="Next page").first
    button.click(timeout=180_000)
    while True:
        try:
            return shown_image(page, after, cited, seconds=20)
        except Exception:
            if time.monotonic() > deadline:
                raise
            running = page.get_by_test_id("stStatusWidget").is_visible()
            if not running and page.locator(f"img[alt*='{now}']").first.is_visible():
                button.click(timeout=60_000)


def why_no_image(page, cited, alt_part: str, log: Path) -> str:
    """What the page showed when the image did not come: the toggle's state, the citation's
    open state and text (an error drawn in its place), the images there, the server's log."""
    toggle = cited.locator("input[type=checkbox]")
    images = page.locator(f"img[alt*='{alt_part}']")
    return "; ".join([
        "citations: " + " | ".join(page.get_by_test_id("stExpander").locator("summary").all_inner_texts()),
        f"toggle checked: {toggle.first.is_checked() if toggle.count() else 'no toggle'}",
        f"citation open: {cited.locator('details').first.get_attribute('open') is not None}",
        f"images with that alt: {images.count()} (visible: {images.first.is_visible() if images.count() else False})",
        "citation text: " + cited.inner_text()[-600:].replace("\n", " / "),
        "server log tail: " + (log.read_text()[-800:] if log.is_file() else "none"),
    ])


def citation_holding(page, text: str):
    """The citation expander whose passage holds `text`, opened (each is opened in turn until
    one shows it: which rank the chunk has is the retriever's business, not this test's)."""
    expanders = page.get_by_test_id("stExpander")
    for i in range(expanders.count()):
        expander = expanders.nth(i)
        stays_open(expander)
        if expander.get_by_text(text).count():
            return expander
    raise AssertionError(f"no citation holds {text!r}: "
                         + " | ".join(expanders.locator("summary").all_inner_texts()))


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium (apt-get install chromium)")
def test_show_on_page_from_a_citation(book, server, tmp_path):  # book first: the data dir exists
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = open_page(browser, viewport={"width": 1400, "height": 1400})
        page.goto(server + "/", timeout=120_000)
        box = page.get_by_test_id("stChatInputTextArea")
        # the app's first run opens the library and loads the embedder: on a busy machine that
        # took longer than fill()'s default 30 s, which failed this test in full-suite runs
        box.wait_for(timeout=180_000)
        box.fill("Open section 3.2 of the chemnum manual")
        box.press("Enter")
        final_answer(page)  # drawn in full from the history, citations and all
        page.get_by_test_id("stExpander").first.wait_for(timeout=180_000)  # the first citation
        page.get_by_test_id("stSpinner").wait_for(state="detached", timeout=180_000)
        cited = citation_holding(page, "Colours in chemnum are named")  # the section's chunk
        alt = "p. 4 · PDF page 7 with the chunk highlighted"
        try:
            _, png = shown_image(page, alt, cited)
        except Exception:  # keep what the page showed, for the failure's reader
            page.screenshot(path=os.environ.get("FOLIO_SCREENSHOT_DIR", str(tmp_path)) + "/page-view-failed.png",
                            full_page=True)
            raise AssertionError("no page image; " + why_no_image(page, cited, alt, tmp_path / "streamlit.log"))
        # the run that drew the image goes on to draw the caption's neighbours and the download
        # button: wait for them (an instant is_visible() failed this test on a loaded machine)
        expect(page.get_by_text("p. 4 · PDF page 7").first).to_be_visible(timeout=180_000)
        assert 0.01 < marked_share(png) < 0.5  # the chunk's lines, not the whole page
        expect(page.get_by_role("button", name="Download the original PDF").first).to_be_visible(timeout=180_000)
        _, after = next_page(page, cited, "p. 4 · PDF page 7", "p. 5 · PDF page 8")
        assert marked_share(after) == 0.0  # the chunk is not on the next page
        page.screenshot(path=os.environ.get("FOLIO_SCREENSHOT_DIR", str(tmp_path)) + "/page-view.png", full_page=True)
        browser.close()
