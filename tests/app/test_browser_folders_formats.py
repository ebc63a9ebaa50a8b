"""Watched folders, "Search in" and a Word file, end to end in headless Chromium on a real server.

1. (issue 20) On a fresh data dir: watch an empty folder from the Library page's "Folders"
   section, copy a generated PDF into it on disk (no click after that), wait until the
   Library page lists it, ask about it once on Chat and see it cited. A second PDF copied in
   the same way is cited beside it; "Search in" one document then cites that one only.
2. (issue 22) Upload a generated DOCX with the Library uploader, ask about it, open "Show on
   page" on its citation and see the page image (its LibreOffice rendition) drawn.

Screenshots of each step go to the test's tmp dir (FOLIO_SCREENSHOT_DIR overrides it).
Shared helpers: tests/app/browser.py, tests/app/test_browser_first_use.py.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pymupdf
import pytest

from tests.app.browser import CHROMIUM, launch_chromium, open_page, run_ended, start_app, switched_on_until
from tests.app.test_browser_first_use import ask, upload

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists() and not os.environ.get("FOLIO_CI"),
                                 reason="needs /usr/bin/chromium (apt-get install chromium)")]
LONG = 600_000  # ms: an add on a loaded machine (embedding, graph) takes minutes, not seconds
SURVEY = ("Quarry Survey Notes", "Benches of the basalt quarry",
          "The surveyors measured the basalt quarry floor at exactly forty-two metres below the ridge.")
SAFETY = ("Quarry Safety Log", "Helmet rules at the basalt quarry",
          "Every worker entering the basalt quarry signed the helmet register kept by the foreman.")
LAMP = ("Lighthouse Keeping Handbook", "Wick Trimming",
        "Keepers trimmed the copper wick every ninety minutes while the storm lantern burned.")


def make_pdf(path: Path, doc: tuple[str, str, str]) -> Path:
    """A one-page PDF: title (metadata and large text), one heading, the sentence, a filler line."""
    title, heading, sentence = doc
    pdf = pymupdf.open()
    pdf.set_metadata({"title": title})
    page = pdf.new_page(width=595, height=842)
    page.insert_text((72, 80), title, fontsize=18, fontname="hebo")
    page.insert_text((72, 115), f"1 {heading}", fontsize=14, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 130, 523, 400), f"{sentence} The notes were filed in the site office.",
                        fontsize=11, fontname="helv")
    pdf.save(path)
    pdf.close()
    return path


def make_docx(path: Path) -> Path:
    """A Word file: a title, two levels of headings, the LAMP sentence under its own heading."""
    import docx

    d = docx.Document()
    d.core_properties.title = LAMP[0]
    d.add_heading(LAMP[0], 0)
    d.add_heading("Lamp Care", 1)
    d.add_paragraph("The lamp room was swept every morning before the lens was polished.")
    d.add_heading(LAMP[1], 2)
    d.add_paragraph(LAMP[2])
    d.add_heading("Fog Signals", 1)
    d.add_paragraph("In fog the keepers sounded the horn twice each minute.")
    d.save(path)
    return path


@pytest.fixture
def served(tmp_path):
    """The app on a fresh data dir, temp folders importable; yields (url, tmp dir)."""
    env = {"FOLIO_IMPORT_ROOTS": str(tmp_path)}
    with start_app(tmp_path / "data", log=tmp_path / "streamlit.log", env=env) as url:
        yield url, tmp_path


def shot(page, shots: Path, name: str) -> None:
    """A full-page screenshot of the current step."""
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def screenshots(tmp_path: Path) -> Path:
    """Where the screenshots go."""
    out = Path(os.environ.get("FOLIO_SCREENSHOT_DIR") or tmp_path / "shots")
    out.mkdir(parents=True, exist_ok=True)
    return out


def open_library(page, url: str) -> None:
    """The Library page, drawn."""
    page.goto(url + "/Library", timeout=120_000)
    page.get_by_role("heading", name="Library", exact=True).wait_for(timeout=120_000)


def watch_folder(page, url: str, folder: Path) -> None:
    """Watch `folder` through the "Folders" section; wait for its first sync to finish."""
    open_library(page, url)
    page.get_by_text(re.compile(r"^Folders \(0 watched\)")).click()
    box = page.get_by_role("textbox", name="Folder to watch")
    box.fill(str(folder))
    box.press("Enter")  # commit the text before the click
    page.get_by_role("button", name="Watch folder").click()
    page.get_by_text(re.compile(r"^Folders \(1 watched\)")).wait_for(timeout=120_000)
    page.get_by_text(f"Watching {folder.resolve()}").wait_for(timeout=120_000)  # kept through the page's redraws
    page.get_by_test_id("stExpander").filter(has_text=f"Synced {folder.resolve()}").first.wait_for(timeout=LONG)
    page.get_by_text(re.compile(r"last sync (?!never)")).first.wait_for(timeout=60_000)  # the folder line redrawn too


def wait_documents(page, n: int) -> None:
    """Wait, with no click, until the Library page (redrawn when the library changes) lists n documents."""
    page.get_by_role("heading", name=f"Documents ({n})").wait_for(timeout=LONG)


def answer_labels(page, question: str) -> list[str]:
    """Ask on Chat once; the citation labels ('[1] Title > Heading, p. 1') of that answer once
    its run ended (a read right after the spinner went saw one citation of several, beside a
    CPU burner)."""
    from playwright.sync_api import expect

    count = page.get_by_test_id("stChatMessage").count()
    ask(page, question)
    answer = page.get_by_test_id("stChatMessage").nth(count + 1)
    expect(answer).to_contain_text("LLM calls", timeout=180_000)  # drawn from the history, not streamed
    run_ended(page)  # its citations come after that caption line, in the same run
    summaries = answer.get_by_test_id("stExpander").locator("summary").all_inner_texts()
    return [s.strip().splitlines()[-1] for s in summaries]  # the label, not the expander's icon name


def open_chat(page, url: str) -> None:
    """The Chat page, ready for a question."""
    page.goto(url + "/", timeout=120_000)
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=120_000)


def search_in(page, title: str) -> None:
    """Sidebar "Search in": Documents, then the one document titled `title`."""
    side = page.get_by_test_id("stSidebar")
    side.get_by_text("Documents", exact=True).click()
    side.get_by_test_id("stMultiSelect").click()
    page.get_by_role("option", name=re.compile(re.escape(title))).click()
    page.keyboard.press("Escape")
    side.get_by_text("Searching in 1 document").wait_for(timeout=120_000)


def test_a_pdf_dropped_in_a_watched_folder_is_cited_and_scope_limits_citations(served):
    from playwright.sync_api import sync_playwright

    url, tmp = served
    shots, folder = screenshots(tmp), tmp / "watched"
    folder.mkdir()
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = open_page(browser, viewport={"width": 1400, "height": 1000})
        watch_folder(page, url, folder)
        shot(page, shots, "1-folder-watched")
        shutil.copy(make_pdf(tmp / "survey.pdf", SURVEY), folder / "survey.pdf")  # on disk, no click
        wait_documents(page, 1)
        page.get_by_text(re.compile(r"1 files, 1 in the library")).wait_for(timeout=120_000)
        shot(page, shots, "2-pdf-added-from-folder")
        open_chat(page, url)
        labels = answer_labels(page, "How deep was the basalt quarry floor below the ridge?")
        shot(page, shots, "3-cited")
        assert labels and all(SURVEY[0] in lab for lab in labels), labels
        page.get_by_text(re.compile("forty-two metres")).first.wait_for(timeout=60_000)  # the sentence is the answer

        shutil.copy(make_pdf(tmp / "safety.pdf", SAFETY), folder / "safety.pdf")
        open_library(page, url)
        wait_documents(page, 2)
        open_chat(page, url)
        question = "What is recorded about the basalt quarry?"
        both = answer_labels(page, question)
        assert any(SURVEY[0] in lab for lab in both) and any(SAFETY[0] in lab for lab in both), both
        search_in(page, SAFETY[0])
        scoped = answer_labels(page, question)
        shot(page, shots, "4-scoped")
        assert scoped and all(SAFETY[0] in lab for lab in scoped), scoped
        browser.close()


def test_an_uploaded_word_file_is_shown_on_its_page(served):
    from playwright.sync_api import expect, sync_playwright

    url, tmp = served
    shots = screenshots(tmp)
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = open_page(browser, viewport={"width": 1400, "height": 1200})
        open_library(page, url)
        upload(page, make_docx(tmp / "lighthouse.docx"), "1 added, 0 failed")
        wait_documents(page, 1)
        shot(page, shots, "5-docx-added")
        open_chat(page, url)
        labels = answer_labels(page, "How often did keepers trim the copper wick?")
        assert labels and LAMP[1] in labels[0], labels  # the Word heading names the citation
        cited = page.get_by_test_id("stExpander").filter(has_text=LAMP[1]).first
        image = cited.locator("img[alt*='with the chunk highlighted']").first
        switched_on_until(cited, image)
        page.wait_for_function("img => img.complete && img.naturalWidth > 100", arg=image.element_handle(),
                               timeout=60_000)
        assert "page 1" in image.get_attribute("alt")
        assert page.get_by_text("LibreOffice was not installed").count() == 0
        # drawn after the image in the same run: wait for it (an instant check can come too early)
        expect(cited.get_by_role("button", name="Download the original DOCX")).to_be_visible(timeout=180_000)
        image.scroll_into_view_if_needed()
        shot(page, shots, "6-docx-on-page")
        browser.close()
