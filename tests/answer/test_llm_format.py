"""HiQA-style LLM Markdown formatter: windows, padding, calibration, NeedsLLM."""
from __future__ import annotations

import re

import pymupdf
import pytest

from core.answer.llm import OpenAIChat
from core.config import LLMSettings
from core.errors import NeedsLLM
from core.ingest.llm_format import LLMMarkdownFormatter, clean_output, pdf_page_texts, plan_windows
from tests.answer.openai_stub import OpenAIStub

PAGES = [f"Page {n} text about topic {n}." for n in range(1, 6)]


def test_plan_windows():
    spans = [(w.start, w.end, w.pad_start, w.pad_end) for w in plan_windows(7, window=3, padding=2)]
    assert spans == [(1, 3, 1, 5), (4, 6, 2, 7), (7, 7, 5, 7)]
    assert [(w.start, w.end) for w in plan_windows(2, window=5, padding=0)] == [(1, 2)]
    assert plan_windows(0, window=2, padding=1) == []
    with pytest.raises(ValueError, match="W=0"):
        plan_windows(3, window=0, padding=1)


def test_needs_llm():
    with pytest.raises(NeedsLLM, match="OPENAI_BASE_URL"):
        LLMMarkdownFormatter(None).format(PAGES)


def test_clean_output():
    assert clean_output("```markdown\n# 1 A\ntext\n```") == "# 1 A\ntext"
    assert clean_output("# 1 A\n<!-- page 99 -->\ntext") == "# 1 A\ntext"


def _window_reply(body: dict) -> str:
    user = body["messages"][1]["content"]
    current = re.search(r'<data kind="pages">\n(.*?)\n</data>', user, re.DOTALL).group(1)
    first = re.search(r"\[page (\d+)\]", current).group(1)
    return f"```markdown\n# {first} Chapter from page {first}\n<!-- page 42 -->\n{current.count('[page')} pages\n```"


def test_windows_padding_and_calibration(tmp_path):
    with OpenAIStub(reply=_window_reply) as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), cache_dir=tmp_path / "c")
        seen = []
        out = LLMMarkdownFormatter(llm, window=2, padding=1).format(PAGES, on_window=lambda d, t: seen.append((d, t)))
        users = [r["messages"][1]["content"] for r in stub.chat_requests]
    assert seen == [(1, 3), (2, 3), (3, 3)] and out.llm_calls == 3 and out.llm_tokens == 45
    assert "previous-markdown" not in users[0] and "[page 3]" in users[0].split("Padding after")[1]
    second = users[1]
    assert '<data kind="previous-markdown">\n# 1 Chapter from page 1\n2 pages\n</data>' in second
    assert '<data kind="previous-pages">\n[page 1]\nPage 1 text' in second
    assert re.search(r'Padding before.*\[page 2\].*Current window.*\[page 3\].*\[page 4\].*Padding after.*\[page 5\]', second, re.DOTALL)
    assert out.windows[2] == "<!-- page 5 -->\n\n# 5 Chapter from page 5\n1 pages"
    assert out.markdown.count("<!-- page") == 3 and "page 42" not in out.markdown


def test_an_empty_reply_keeps_the_window_pages(tmp_path):
    replies = iter(["# 1 Intro\nfirst window", "   ", "<!-- nothing -->", "# 5 End"])
    with OpenAIStub(reply=lambda body: next(replies)) as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), cache_dir=tmp_path / "c")
        out = LLMMarkdownFormatter(llm, window=2, padding=0).format(PAGES + ["Page 6 text.", "Page 7 text."])
    assert out.fallbacks == (2, 3) and out.llm_calls == 4
    assert out.windows[1] == ("<!-- page 3 -->\n\nPage 3 text about topic 3.\n\n<!-- page 4 -->\n\n"
                              "Page 4 text about topic 4.")
    assert out.windows[2] == "<!-- page 5 -->\n\nPage 5 text about topic 5.\n\n<!-- page 6 -->\n\nPage 6 text."
    assert out.windows[3] == "<!-- page 7 -->\n\n# 5 End"


def test_pdf_page_texts(tmp_path):
    doc = pymupdf.open()
    for text in ("Alpha page", "Beta page"):
        doc.new_page().insert_text((72, 72), text)
    doc.save(tmp_path / "t.pdf")
    assert [t.strip() for t in pdf_page_texts(tmp_path / "t.pdf")] == ["Alpha page", "Beta page"]


def test_levels_from_numbering():
    from core.ingest.llm_format import levels_from_numbering

    md = "<!-- page 1 -->\n# Preface\ntext\n# 2 Usage\n# 2.3 Options\n## 2.3.1 Flags\n# A.1 Annex\n"
    assert levels_from_numbering(md) == (
        "<!-- page 1 -->\n# Preface\ntext\n# 2 Usage\n## 2.3 Options\n### 2.3.1 Flags\n## A.1 Annex\n")


def test_library_ingests_with_the_llm_formatter(make_library, tmp_path):
    from tests.ingest.fixtures import TITLE, make_structured_pdf

    def reply(body):
        current = re.search(r'<data kind="pages">\n(.*?)\n</data>', body["messages"][1]["content"], re.DOTALL).group(1)
        first = int(re.search(r"\[page (\d+)\]", current).group(1))
        return f"# {first} Part {first}\nIntro of part {first}.\n# {first}.1 Details\nThe nightly rebuild runs at 03:15."

    with OpenAIStub(reply=reply) as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), cache_dir=tmp_path / "c")
        lib = make_library(env={"FOLIO_MARKDOWN": "llm"}, llm=llm)
        stages = []
        outcome = lib.add([make_structured_pdf(tmp_path / "m.pdf")], progress=lambda e: stages.append(e.stage))[0]
        windows = len(stub.chat_requests)
    assert outcome.status == "added" and "format" in stages and windows == 1  # 3 pages, window 4
    paths = {c.heading_path for c in lib.catalog.doc_chunks(outcome.doc.doc_id)}
    assert (TITLE, "1 Part 1", "1.1 Details") in paths and outcome.doc.title == TITLE
    hit = lib.retrieve("When does the nightly rebuild run?", "bm25", 1).chunks[0].chunk
    assert hit.heading_path == (TITLE, "1 Part 1", "1.1 Details") and hit.page_start == 1


def test_llm_markdown_mode_without_an_llm_is_a_clear_error(make_library):
    from core.errors import ConfigError

    with pytest.raises(ConfigError, match="FOLIO_MARKDOWN=llm needs an LLM"):
        make_library(env={"FOLIO_MARKDOWN": "llm"})


def test_an_empty_window_is_named_in_the_file_summary(make_library, tmp_path):
    from tests.ingest.fixtures import make_structured_pdf

    with OpenAIStub(reply=lambda body: "") as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), cache_dir=tmp_path / "c")
        lib = make_library(env={"FOLIO_MARKDOWN": "llm"}, llm=llm)
        outcome = lib.add([make_structured_pdf(tmp_path / "m.pdf")])[0]
    assert outcome.status == "added" and outcome.doc.chunks > 0
    assert outcome.message.endswith("; 1 of 1 LLM windows came back empty; their page text was kept as it is")
