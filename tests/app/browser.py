"""Shared pieces for real-browser runs: start the app, launch Debian's Chromium, read the page.

Used by the browser tests (tests/app/test_browser*.py), tests/app/make_screenshots.py and
benchmarks/graph_settle.py:

    with start_app(data_dir) as url, sync_playwright() as pw:
        page = open_page(launch_chromium(pw))
        page.goto(url + "/Graph")
        assert nav_labels(page) == list(FOLIO_NAV)
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.servers import free_port

CHROMIUM = "/usr/bin/chromium"  # Debian's package (.ci/install); Playwright's own download is not used
ROOT = Path(__file__).resolve().parents[2]
FOLIO_NAV = ("Chat", "Library", "Compare", "Graph", "Evaluate")  # app.py's st.navigation, in order
PAGE_TITLES = {"/": "Chat with your documents", "/Library": "Library", "/Compare": "Compare retrievers",
               "/Graph": "Evidence graph", "/Evaluate": "Evaluate retrievers"}
GRAPH = ".evidence-graph"  # the Graph page's drawing (core.ui.graph_html), in the page itself


def wait_healthy(url: str, proc: subprocess.Popen, seconds: float = 90) -> None:
    """Wait until Streamlit's health endpoint answers ok (or the process died)."""
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


@contextmanager
def start_app(data_dir: Path | str | None, log: Path | None = None, root: Path = ROOT,
              env: dict[str, str] | None = None) -> Iterator[str]:
    """`streamlit run app.py` from `root` on a free localhost port; yields the base URL.

    `data_dir` becomes FOLIO_DATA_DIR (None: keep the caller's environment); output goes to
    `log` (default: discarded); `env` adds environment variables."""
    port = free_port()
    path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": path, **(env or {})}  # `core` from root
    if data_dir is not None:
        env["FOLIO_DATA_DIR"] = str(data_dir)
    cmd = [sys.executable, "-m", "streamlit", "run", str(root / "app.py"), "--server.port", str(port),
           "--server.address", "127.0.0.1", "--server.headless", "true",
           "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    out = log.open("w") if log is not None else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if log is not None:
            out.close()


def launch_chromium(pw):
    """Headless Debian Chromium through Playwright."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])


LOADED_MS = 120_000  # a step's default deadline: a first page run takes tens of seconds beside a CPU burner


def open_page(browser, **kwargs):
    """A new page (keyword arguments as `browser.new_page`) whose steps wait up to LOADED_MS by
    default, not Playwright's 30 s: on a loaded 2-core machine the first run of a page script
    draws its widgets later than that."""
    page = browser.new_page(**kwargs)
    page.set_default_timeout(LOADED_MS)
    return page


def nav_labels(page) -> list[str]:
    """The sidebar navigation's entries as shown, once the page's title is drawn."""
    page.get_by_test_id("stSidebarNav").wait_for(timeout=60_000)
    links = page.get_by_test_id("stSidebarNavLink")
    return [t.strip().splitlines()[-1].strip() for t in links.all_inner_texts()]


def nav_icons(page) -> int:
    """How many navigation entries carry an icon."""
    return page.get_by_test_id("stSidebarNavLink").locator("[data-testid='stIconMaterial']").count()


def graph_state(page) -> dict:
    """What the Graph page's vis-network drew: labels, numbered edges, and the node spread
    on screen as a share of the frame (a fitted graph fills it; a 'dot' does not)."""
    return graph_eval(page, """
        const pos = Object.values(network.getPositions()).map(p => network.canvasToDOM(p));
        const xs = pos.map(p => p.x), ys = pos.map(p => p.y);
        const box = container.getBoundingClientRect();
        return {labels: nodes.get().map(n => n.label), titles: nodes.get().map(n => n.title),
                hops: edges.get().filter(e => e.label).map(e => e.label),
                spread: Math.max((Math.max(...xs) - Math.min(...xs)) / box.width,
                                 (Math.max(...ys) - Math.min(...ys)) / box.height)};""")


def graph_eval(page, body: str):
    """Run `body` (a function body that returns) on the settled Graph drawing, with vis-network's
    `network`, `nodes`, `edges` and the drawing's `container` in scope."""
    page.locator(GRAPH + "[data-settled]").wait_for(timeout=120_000)
    return page.evaluate("() => { const {network, nodes, edges, container} = window.folioGraph; "
                         + body + " }")


def final_answer(page, expect: str = "", seconds: float = 180):
    """The newest chat answer once drawn in full (holding `expect`): its caption line ("… · LLM
    calls N") comes with the answer drawn from the history, not with the streamed text before
    it, which the same message showed while the answer was being written."""
    messages = page.get_by_test_id("stChatMessage").filter(has_text="LLM calls")
    message = (messages.filter(has_text=expect) if expect else messages).last
    message.wait_for(timeout=seconds * 1000)
    return message


def run_ended(page, seconds: float = 180) -> None:
    """Wait until the app's script run has ended (Streamlit's `data-test-script-state` on
    stApp): every element of the run is drawn, e.g. all of an answer's citations, which come
    after the caption line `final_answer` waits for."""
    page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for(timeout=seconds * 1000)


def stays_open(expander, seconds: float = 60) -> None:
    """Open an expander, again if a rerun redrew it closed (the chat redraws once answered)."""
    deadline = time.monotonic() + seconds
    while expander.locator("details").get_attribute("open") is None:
        assert time.monotonic() < deadline, "the expander did not stay open"
        expander.locator("summary").click()
        try:  # wait for the open state rather than a fixed pause
            expander.locator("details[open]").wait_for(timeout=2_000)
        except Exception:
            pass


def switched_on_until(expander, shown, seconds: float = 180) -> None:
    """Open the citation `expander`, switch on its "Show on page" and wait until `shown` (a
    locator: the page image or its caption) is visible. A rerun that redrew the citation closed
    or its switch off (seen in full-suite runs beside a CPU burner, right after an answer) gets
    the citation opened and the switch turned on again: the switch's own state is read, so it is
    never clicked off."""
    deadline = time.monotonic() + seconds
    while True:
        stays_open(expander)
        switch = expander.locator("input[type=checkbox]").first
        if not switch.is_checked():
            expander.get_by_text("Show on page").first.click()
        try:
            shown.wait_for(timeout=5_000)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise

