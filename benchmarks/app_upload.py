"""Measure upload-to-first-answer in a real browser for one generated N-page PDF (not a test).

    .venv/bin/python benchmarks/app_upload.py --pages 100
    .venv/bin/python benchmarks/app_upload.py --pdf R-intro.pdf --question "How do I attach a data frame?"

Starts the app on a fresh temp data dir, uploads the PDF (generated with N pages, or the
given file) through the Library page, waits for "added", asks one question on the Chat page
and waits for its first citation.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests

import argparse
import json
import os
import subprocess
import tempfile
import time

from tests.app.test_browser import CHROMIUM, ROOT, _free_port, _wait_healthy
from tests.ingest.fixtures import make_long_pdf


def run(pages: int, pdf: Path | None, question: str) -> dict:
    """Seconds from clicking Add to ingested, and to the first answer on screen."""
    import pymupdf
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="folio-measure-"))
    pdf = pdf or make_long_pdf(tmp / f"long-{pages}.pdf", pages=pages)
    with pymupdf.open(pdf) as doc:
        pages = doc.page_count
    port = _free_port()
    env = {**os.environ, "FOLIO_DATA_DIR": str(tmp / "data"), "HF_HUB_OFFLINE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--server.fileWatcherType", "none"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page()
            page.goto(url + "/Library", timeout=120_000)
            page.get_by_test_id("stDataFrame").or_(page.get_by_text("No documents yet")).first.wait_for(timeout=120_000)
            page.locator("input[type=file]").set_input_files(str(pdf))
            start = time.perf_counter()
            page.get_by_role("button", name="Add 1 file(s)").click()
            page.get_by_text(f"{pdf.name}: added").wait_for(timeout=1_800_000)
            ingested = time.perf_counter() - start
            page.goto(url + "/", timeout=120_000)
            box = page.get_by_test_id("stChatInputTextArea")
            box.fill(question)
            box.press("Enter")
            page.get_by_test_id("stExpander").first.wait_for(timeout=600_000)
            answered = time.perf_counter() - start
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {"pdf": pdf.name, "pages": pages, "ingest_s": round(ingested, 1), "upload_to_first_answer_s": round(answered, 1),
            "load_avg_1m": os.getloadavg()[0]}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--pdf", type=Path, default=None, help="a real PDF instead of a generated one")
    parser.add_argument("--question", default="What does paragraph 57 explain?")
    args = parser.parse_args()
    print(json.dumps(run(args.pages, args.pdf, args.question)))
