"""One real-browser end-to-end run: streamlit + headless Debian Chromium driven by Playwright.

Starts `streamlit run app.py` on a free localhost port with a fresh FOLIO_DATA_DIR. First,
before any other request reaches the fresh server, opens every page by its URL and again
after a reload, and checks the sidebar is Folio's navigation (Chat, Library, ... with
icons). Then uploads two generated PDFs (one carrying <script>/<img onerror> text and a
title with quotes), waits for ingestion, asks questions, opens a citation, views the graph
with the page's default retriever (numbered hops, quotes shown as quotes, fitted to the
frame), compare and evaluate pages, and checks that no document text executed: no dialog
fired, no injected element in the DOM. Screenshots go to FOLIO_SCREENSHOT_DIR (default: a
pytest temp dir, never the repository). FOLIO_E2E_PAGES=N uploads an N-page PDF too and
reports upload-to-first-answer time. Shared helpers: tests/app/browser.py.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from tests.app.browser import (CHROMIUM, FOLIO_NAV, GRAPH, PAGE_TITLES, ROOT, final_answer, free_port,
                               graph_state, launch_chromium, nav_icons, nav_labels, open_page, start_app,
                               wait_healthy)
from tests.app.fixtures import XSS_QUESTION, XSS_TITLE, make_xss_pdf, write_jsonl
from tests.ingest.fixtures import make_long_pdf, make_structured_pdf

_free_port, _wait_healthy = free_port, wait_healthy  # CHROMIUM, ROOT and these: names others import from here
pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def server(tmp_path):
    """A running Streamlit app on a fresh data dir; yields its base URL."""
    roots = {"FOLIO_IMPORT_ROOTS": str(tmp_path)}  # the Evaluate step types a path under it
    with start_app(tmp_path / "data", log=tmp_path / "streamlit.log", env=roots) as url:
        yield url


def _ask(page, question: str, expect: str) -> None:
    """Send a chat question and wait until text of its answer is shown and the run ended."""
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    try:
        page.get_by_text(expect).first.wait_for(timeout=60_000)
    except Exception:
        shots = os.environ.get("FOLIO_SCREENSHOT_DIR") or tempfile.gettempdir()
        page.screenshot(path=str(Path(shots) / "failed-ask.png"), full_page=True)
        raise
    page.get_by_test_id("stSpinner").wait_for(state="detached", timeout=180_000)
    final_answer(page, expect)  # drawn in full from the history (not the streamed text)


def _no_injection(page) -> None:
    injected = page.evaluate(
        "() => [document.querySelectorAll('img[src=\"x\"]').length,"
        " [...document.scripts].filter(s => s.textContent.includes('folio-')).length]"
    )
    assert injected == [0, 0]


def _navigation_step(page, server: str) -> None:
    """Every page by its URL, then reloaded: Folio's navigation and the page's own title.

    Runs first on a fresh server: Streamlit decided how to route a deep link when the
    server's first request came in (a `pages/` folder made it a legacy multipage app)."""
    for path in ("/Compare", "/Graph", "/Library", "/Evaluate", "/"):
        page.goto(server + path, timeout=120_000)
        for attempt in ("opened", "reloaded"):
            if attempt == "reloaded":
                page.reload(timeout=120_000)
            page.get_by_role("heading", name=PAGE_TITLES[path]).wait_for(timeout=120_000)
            where = f"{path} {attempt}"
            assert nav_labels(page) == list(FOLIO_NAV), where
            assert nav_icons(page) == len(FOLIO_NAV), where
            assert page.title().startswith("Folio"), where


def _library_step(page, server: str, files: list[Path], shots: Path) -> float:
    """Upload the files and wait until the last one is added; returns the click time."""
    page.goto(server + "/Library", timeout=120_000)
    page.locator("input[type=file]").set_input_files([str(f) for f in files], timeout=120_000)
    start = time.perf_counter()
    page.get_by_role("button", name=f"Add {len(files)} file(s)").click()
    done = page.get_by_test_id("stExpander").filter(has_text=f"{len(files)} added, 0 failed")
    done.wait_for(timeout=600_000)  # the finished job, folded to one line
    done.locator("summary").click()
    for f in files:
        done.get_by_text(f"{f.name}: added").wait_for()
    page.get_by_test_id("stDataFrame").wait_for()
    page.screenshot(path=str(shots / "library.png"), full_page=True)
    return start


def _chat_step(page, server: str, shots: Path) -> None:
    """Ask, open the first citation (text and route chart), then ask the payload question."""
    page.goto(server + "/", timeout=120_000)
    _ask(page, "When does the nightly rebuild run?", "runs at 03:15")
    page.get_by_test_id("stExpander").first.locator("summary").click()
    page.get_by_text("This manual covers installation").first.wait_for()
    page.get_by_test_id("stExpander").first.locator("canvas, svg").first.wait_for(timeout=30_000)
    page.screenshot(path=str(shots / "chat.png"), full_page=True)
    _ask(page, XSS_QUESTION, "quarantine rules")  # the short answer is the reason...
    cited = page.get_by_test_id("stExpander").filter(has_text="Zebra Ledger").last
    cited.locator("summary").click()
    cited.get_by_text("alert('folio-xss')").wait_for()  # ...the cited chunk shows the payload as text...
    _no_injection(page)  # ...and never as live markup


def _graph_step(page, server: str, shots: Path) -> None:
    """Draw the graph with the page's default retriever for the payload question: numbered
    hops, fitted to the frame, quotes shown as quotes, nothing from the text becomes markup."""
    page.goto(server + "/Graph", timeout=120_000)
    page.get_by_label("Question", exact=True).fill(XSS_QUESTION)
    page.get_by_label("Question", exact=True).press("Enter")
    page.get_by_role("button", name="Show graph").click()
    drawn = graph_state(page)
    page.screenshot(path=str(shots / "graph.png"), full_page=True)
    assert drawn["hops"], "the default retriever drew no numbered hop"
    assert any(XSS_TITLE in label for label in drawn["labels"]), drawn["labels"]
    assert not any(e in t for t in drawn["labels"] + drawn["titles"] for e in ("&#x27;", "&quot;", "&amp;", "&lt;"))
    assert any("<script>alert('folio-xss')</script>" in t for t in drawn["titles"])  # shown as text
    assert drawn["spread"] > 0.5, drawn["spread"]  # fitted: not a dot in the middle of the frame
    _no_injection(page)
    assert page.locator(GRAPH + " img[src='x']").count() == 0


def _compare_step(page, server: str, shots: Path) -> None:
    """Run the default three retrievers side by side (the Chat retriever first)."""
    page.goto(server + "/Compare", timeout=120_000)
    page.get_by_label("Question", exact=True).fill("When does the nightly rebuild run?")
    page.get_by_label("Question", exact=True).press("Enter")
    page.get_by_role("button", name="Compare").click()
    for name in ("multiroute", "dense", "bm25"):
        page.get_by_role("heading", name=name).wait_for(timeout=120_000)
    page.screenshot(path=str(shots / "compare.png"), full_page=True)


def _evaluate_step(page, server: str, shots: Path, tmp_path: Path) -> None:
    """Score three retrievers on two answer-pattern questions; the leaderboard appears."""
    qfile = write_jsonl(tmp_path / "q.jsonl", [
        {"id": "rebuild", "question": "When does the nightly rebuild run?", "answer_patterns": [r"03:15"]},
        {"id": "sundays", "question": "When are stale thumbnails removed?", "answer_patterns": [r"Sundays"]},
    ])
    page.goto(server + "/Evaluate", timeout=120_000)
    page.get_by_label("…or a path on this machine").fill(str(qfile))
    page.get_by_label("…or a path on this machine").press("Enter")
    page.get_by_text("2 questions loaded").wait_for(timeout=60_000)
    page.get_by_role("button", name="Run").click()
    page.get_by_role("heading", name="Leaderboard (2 questions)").wait_for(timeout=300_000)
    page.get_by_test_id("stVegaLiteChart").locator("canvas, svg").first.wait_for(timeout=60_000)  # the chart drawn
    page.screenshot(path=str(shots / "evaluate.png"), full_page=True)


@pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("FOLIO_CI"), reason="needs /usr/bin/chromium (apt-get install chromium)")
def test_upload_ask_cite_graph_compare(server, tmp_path):
    from playwright.sync_api import sync_playwright

    shots = Path(os.environ.get("FOLIO_SCREENSHOT_DIR") or tmp_path / "screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    files = [make_structured_pdf(tmp_path / "Folio manual.pdf"), make_xss_pdf(tmp_path / "zebra.pdf")]
    pages = int(os.environ.get("FOLIO_E2E_PAGES", "0"))
    if pages:
        files.append(make_long_pdf(tmp_path / f"long-{pages}.pdf", pages=pages))
    dialogs: list[str] = []
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = open_page(browser, viewport={"width": 1400, "height": 1000})
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        _navigation_step(page, server)
        start = _library_step(page, server, files, shots)
        other = open_page(browser)  # a second browser session asks at the same time
        other.goto(server + "/", timeout=120_000)
        other.get_by_test_id("stChatInputTextArea").fill("When are stale thumbnails removed?")
        other.get_by_test_id("stChatInputTextArea").press("Enter")
        _chat_step(page, server, shots)
        first_answer_s = time.perf_counter() - start
        other.get_by_text("once a week on Sundays").first.wait_for(timeout=300_000)
        other.close()
        _graph_step(page, server, shots)
        _compare_step(page, server, shots)
        _evaluate_step(page, server, shots, tmp_path)
        browser.close()
    assert dialogs == []
    print(f"\nE2E: upload to two answers {first_answer_s:.1f}s, screenshots in {shots}")
