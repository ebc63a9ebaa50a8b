"""Take the README screenshots against an existing library (not a test).

    FOLIO_DATA_DIR=LIBRARY .venv/bin/python -m tests.app.make_screenshots \
        --questions ../shared/bench/pdfqa-dev/questions.jsonl --out assets/screenshots

LIBRARY is a data dir holding the PDFs the questions are about. Chat (first citation open), the cited page (Show on page),
Compare (labelled question, four retrievers), Graph (the page's default retriever),
Evaluate (first 12 questions) and Library, each saved as a PNG in --out.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from tests.app.browser import graph_state, launch_chromium, start_app


def shoot(page, url: str, question: dict, qfile: Path, out: Path) -> None:
    """Visit each page, act, and save a screenshot."""
    page.set_viewport_size({"width": 1500, "height": 1700})  # the answer and its first citation, opened
    page.goto(url + "/", timeout=120_000)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=300_000)  # the server's warm-up may still run
    page.get_by_test_id("stChatInputTextArea").fill(question["question"])
    page.get_by_test_id("stChatInputTextArea").press("Enter")
    page.get_by_test_id("stExpander").first.wait_for(timeout=300_000)
    page.get_by_test_id("stExpander").first.locator("summary").click()
    page.get_by_test_id("stExpander").first.locator("canvas, svg").first.wait_for(timeout=60_000)
    page.wait_for_timeout(1500)
    page.screenshot(path=str(out / "chat.png"), full_page=True)
    cited = page.get_by_test_id("stExpander").first
    cited.get_by_text("Show on page").click()  # the cited page, the chunk highlighted
    cited.locator("img[alt*='PDF page']").wait_for(timeout=120_000)
    page.wait_for_timeout(1500)
    cited.screenshot(path=str(out / "page.png"))
    page.set_viewport_size({"width": 1500, "height": 1000})

    page.goto(url + "/Compare", timeout=120_000)
    page.get_by_text("From a labelled set").click()
    page.locator("input[type=file]").set_input_files(str(qfile))
    page.get_by_text("Labelled question").wait_for(timeout=60_000)
    multiselect = page.get_by_test_id("stMultiSelect")
    multiselect.click()
    page.get_by_role("option", name="iier", exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Compare").click()
    page.get_by_role("heading", name="iier").wait_for(timeout=300_000)
    page.wait_for_timeout(1500)
    page.screenshot(path=str(out / "compare.png"), full_page=False)

    page.goto(url + "/Graph", timeout=120_000)
    page.get_by_label("Question", exact=True).fill(question["question"])
    page.get_by_label("Question", exact=True).press("Enter")
    page.get_by_role("button", name="Show graph").click()
    graph_state(page)  # laid out and fitted
    page.wait_for_timeout(500)
    page.screenshot(path=str(out / "graph.png"), full_page=False)

    page.goto(url + "/Evaluate", timeout=120_000)
    page.get_by_label("…or a path on this machine").fill(str(qfile))
    page.get_by_label("…or a path on this machine").press("Enter")
    page.get_by_text("questions loaded").wait_for(timeout=60_000)
    page.get_by_role("button", name="Run").click()
    page.get_by_role("heading", name="Leaderboard", exact=False).wait_for(timeout=600_000)
    page.wait_for_timeout(2500)
    page.screenshot(path=str(out / "evaluate.png"), full_page=True)

    page.goto(url + "/Library", timeout=120_000)
    page.get_by_test_id("stDataFrame").wait_for(timeout=120_000)
    page.wait_for_timeout(1500)
    page.screenshot(path=str(out / "library.png"), full_page=False)


def main() -> None:
    """Start the app on FOLIO_DATA_DIR and take the screenshots."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", required=True)
    parser.add_argument("--out", default="assets/screenshots")
    parser.add_argument("--count", type=int, default=12)
    args = parser.parse_args()
    lines = Path(args.questions).read_text("utf-8").splitlines()[: args.count]
    qfile = Path(tempfile.mkdtemp()) / "questions.jsonl"
    qfile.write_text("\n".join(lines) + "\n", "utf-8")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with start_app(None, env={"FOLIO_IMPORT_ROOTS": str(qfile.parent)}) as url, sync_playwright() as pw:  # FOLIO_DATA_DIR from the environment
        browser = launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        shoot(page, url, json.loads(lines[0]), qfile, out)
        browser.close()


if __name__ == "__main__":
    main()
