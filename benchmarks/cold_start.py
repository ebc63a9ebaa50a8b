"""Cold start as a first user meets it: a fresh server, the home page, the first questions.

For each `--code` checkout, starts `streamlit run app.py` on the library, opens the home page
in headless Chromium as soon as the server answers, and measures the seconds until the page
shows (the chat box is there) and, for each question, from sending it to its first citation:

    python benchmarks/cold_start.py --data-dir LIB --code OLD_CHECKOUT --code . \\
        --question "How do I set the seed?" --question "What is the default port?"

Prints one line per checkout (and `--json` rows). The machine's load average is printed
beside the figures: timings taken on a busy machine are slower.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.app.browser import launch_chromium, start_app  # noqa: E402


def first_use(url: str, questions: list[str]) -> dict:
    """Seconds to the shown home page, then to each question's first citation."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        page.goto(url + "/", timeout=300_000)
        box = page.get_by_test_id("stChatInputTextArea")
        box.wait_for(timeout=300_000)
        shown = time.perf_counter() - start
        answers = []
        for n, question in enumerate(questions):
            box.fill(question)
            sent = time.perf_counter()
            box.press("Enter")
            page.get_by_test_id("stChatMessage").nth(2 * n + 1).get_by_test_id("stExpander").first.wait_for(
                timeout=300_000)
            answers.append(round(time.perf_counter() - sent, 2))
        browser.close()
    return {"page_shown_s": round(shown, 2), "answers_s": answers}


def main() -> None:
    """Measure each checkout in turn on the same library."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--code", action="append", required=True, help="a checkout holding app.py")
    parser.add_argument("--question", action="append", required=True)
    parser.add_argument("--delay", type=float, default=0.0,
                        help="seconds between the server's first answer and opening the page")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for code in args.code:
        root = Path(code).resolve()
        with start_app(args.data_dir, root=root) as url:
            time.sleep(args.delay)  # a user who opens the page a while after the server started
            row = {"code": str(root), "delay_s": args.delay, **first_use(url, args.question),
                   "load": os.getloadavg()[0]}
        rows.append(row)
        print(f"{root} (opened {args.delay:g} s after start): page shown {row['page_shown_s']} s, "
              f"answers {row['answers_s']} s "
              f"(load average {row['load']:.1f})", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
