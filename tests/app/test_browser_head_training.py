"""Real browser: on the Evaluate page, load labelled questions, train gnn_rerank's next-hop
head with two held-out folds, and see the run end with the fold table (recall@5 against
plain gnn); a fold count of 1 is refused with the reason first.

Streamlit (the `server` fixture of test_browser.py) runs over a data dir holding the
five-passage corpus, built in-process first; headless Debian Chromium through Playwright.
The screenshot goes to FOLIO_SCREENSHOT_DIR (default: the test's temp dir).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.app.browser import launch_chromium, open_page
from tests.app.fixtures import CORPUS, QUESTIONS, write_jsonl
from tests.app.test_browser import server  # noqa: F401 - `server` is a fixture
from tests.app.test_evaluate_train import BRIDGE

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ALGORITHM = {"id": "q4", "question": "Who wrote the first published algorithm?", "answer": "Ada Lovelace",
             "supporting_ids": ["p1"]}
TRAIN_MS = 400_000  # a child process training on a busy 2-core machine


@pytest.fixture
def corpus(tmp_path, embedder):
    """The data dir the `server` fixture serves (tmp_path/data), holding the corpus."""
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(tmp_path / "data", env={}), embedder=embedder)
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", CORPUS))
    lib.catalog.close()


def test_evaluate_page_trains_the_head_and_shows_its_folds(corpus, server, tmp_path):  # corpus first
    from playwright.sync_api import expect, sync_playwright

    qfile = write_jsonl(tmp_path / "q.jsonl", [*QUESTIONS, BRIDGE, ALGORITHM])
    shots = Path(os.environ.get("FOLIO_SCREENSHOT_DIR") or tmp_path / "screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        page = open_page(launch_chromium(pw), viewport={"width": 1400, "height": 1600})
        page.goto(server + "/Evaluate", timeout=120_000)
        box = page.get_by_label("…or a path on this machine")
        box.fill(str(qfile))
        box.press("Enter")
        page.get_by_text("4 questions loaded").wait_for(timeout=60_000)
        panel = page.get_by_test_id("stExpander").filter(has_text="Train next-hop head")
        panel.get_by_text("Train next-hop head (learned step of gnn_rerank)").click()
        folds = panel.get_by_label("Held-out folds (0: none)")
        folds.fill("1")
        folds.press("Enter")
        panel.get_by_text("choose 0 (train on all, no figures) or at least 2").wait_for(timeout=60_000)
        button = panel.get_by_role("button", name="Train next-hop head")
        expect(button).to_be_disabled(timeout=60_000)  # drawn after the error, maybe in a later frame
        folds.fill("2")
        folds.press("Enter")
        panel.get_by_text("choose 0").wait_for(state="detached", timeout=60_000)
        button.click()
        panel.get_by_text("gnn_rerank uses it from now on").wait_for(timeout=TRAIN_MS)
        panel.get_by_test_id("stDataFrame").wait_for(timeout=60_000)
        expect(panel.get_by_text("Held-out figures")).to_have_count(1, timeout=60_000)
        panel.screenshot(path=str(shots / "evaluate-head.png"))
        page.screenshot(path=str(shots / "evaluate-head-page.png"), full_page=True)
    assert (tmp_path / "data" / "models" / "hop_head" / "head.safetensors").is_file()
