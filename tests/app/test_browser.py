"""One real-browser end-to-end run: streamlit + headless Debian Chromium driven by Playwright.

Starts `streamlit run app.py` on a free localhost port with a fresh FOLIO_DATA_DIR, uploads
two generated PDFs (one carrying <script>/<img onerror> text), waits for ingestion, asks
questions, opens a citation, views the graph, compare and evaluate pages, and checks that no
document text executed: no dialog fired, no injected element in the DOM. Screenshots go
to FOLIO_SCREENSHOT_DIR (default: a pytest temp dir, never the repository).
FOLIO_E2E_PAGES=N uploads an N-page PDF too and reports upload-to-first-answer time.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.app.fixtures import XSS_QUESTION, make_xss_pdf, write_jsonl
from tests.ingest.fixtures import make_long_pdf, make_structured_pdf

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url: str, proc: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError("streamlit did not become healthy")


@pytest.fixture
def server(tmp_path):
    """A running Streamlit app on a fresh data dir; yields its base URL."""
    port = _free_port()
    env = {**os.environ, "FOLIO_DATA_DIR": str(tmp_path / "data"), "HF_HUB_OFFLINE": "1",
           "FOLIO_IMPORT_ROOTS": str(tmp_path)}  # the Evaluate step types a questions path under it
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
           "--server.address", "127.0.0.1", "--server.headless", "true",
           "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    log = (tmp_path / "streamlit.log").open("w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_healthy(f"http://127.0.0.1:{port}", proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def _ask(page, question: str, expect: str) -> None:
    """Send a chat question and wait until text of its answer is shown and the run ended."""
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(question)
    box.press("Enter")
    try:
        page.get_by_text(expect).first.wait_for(timeout=60_000)
    except Exception:
        page.screenshot(path=os.environ.get("FOLIO_SCREENSHOT_DIR", "/tmp") + "/failed-ask.png", full_page=True)
        raise
    page.get_by_test_id("stSpinner").wait_for(state="detached", timeout=180_000)
    page.wait_for_timeout(1000)


def _no_injection(page) -> None:
    injected = page.evaluate(
        "() => [document.querySelectorAll('img[src=\"x\"]').length,"
        " [...document.scripts].filter(s => s.textContent.includes('folio-')).length]"
    )
    assert injected == [0, 0]


def _library_step(page, server: str, files: list[Path], shots: Path) -> float:
    """Upload the files and wait until the last one is added; returns the click time."""
    page.goto(server + "/Library", timeout=120_000)
    page.locator("input[type=file]").set_input_files([str(f) for f in files], timeout=120_000)
    start = time.perf_counter()
    page.get_by_role("button", name=f"Add {len(files)} file(s)").click()
    for f in files:
        page.get_by_text(f"{f.name}: added").wait_for(timeout=600_000)
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
    page.wait_for_timeout(1500)
    page.screenshot(path=str(shots / "chat.png"), full_page=True)
    _ask(page, XSS_QUESTION, "alert('folio-xss')")  # the payload is shown as text...
    _no_injection(page)  # ...and never as live markup


def _graph_step(page, server: str, shots: Path) -> None:
    """Draw the iier graph for the payload question; nothing from the text becomes markup."""
    page.goto(server + "/Graph", timeout=120_000)
    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").first.click()
    page.get_by_role("option", name="iier").click()
    page.get_by_label("Question", exact=True).fill(XSS_QUESTION)
    page.get_by_label("Question", exact=True).press("Enter")
    page.get_by_role("button", name="Show graph").click()
    frame = page.frame_locator("iframe[title='st.iframe']").first
    frame.locator("canvas").first.wait_for(timeout=120_000)
    page.wait_for_timeout(2500)
    page.screenshot(path=str(shots / "graph.png"), full_page=True)
    _no_injection(page)
    assert frame.locator("img[src='x']").count() == 0


def _compare_step(page, server: str, shots: Path) -> None:
    """Run the default three retrievers side by side."""
    page.goto(server + "/Compare", timeout=120_000)
    page.get_by_label("Question", exact=True).fill("When does the nightly rebuild run?")
    page.get_by_label("Question", exact=True).press("Enter")
    page.get_by_role("button", name="Compare").click()
    page.get_by_role("heading", name="hybrid").wait_for(timeout=120_000)
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
    page.wait_for_timeout(2000)
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
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        start = _library_step(page, server, files, shots)
        other = browser.new_page()  # a second browser session asks at the same time
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
