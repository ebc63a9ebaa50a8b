"""Figure descriptions by a vision model, through the real `openai` client.

No vision model small enough to install here exists (the packaged Gemma 3 270M reads no
images), so a local HTTP server on 127.0.0.1 speaks the OpenAI chat API with image parts
(tests/answer/openai_stub.py) and answers with a fixed description when the request really
carries a PNG image, the fenced caption and the nearby text.
"""
from __future__ import annotations

import base64

from core.config import ChunkingSettings, LLMSettings, Settings
from core.ingest.chunking import chunk_markdown
from core.ingest.figure_vlm import VisionDescriber, figure_describer
from core.ingest.pdf import pdf_to_markdown
from tests.answer.openai_stub import OpenAIStub, Scripted
from tests.ingest import fixtures as fx

DESCRIPTION = "A red square on white marks the calibration region."


def _reply(body: dict) -> str:
    """The description when the request has an image part and the fenced texts; else a complaint."""
    user = body["messages"][-1]["content"]
    texts = [p["text"] for p in user if p["type"] == "text"]
    images = [p["image_url"]["url"] for p in user if p["type"] == "image_url"]
    if len(images) != 1 or not images[0].startswith("data:image/png;base64,"):
        return "no image"
    png = base64.b64decode(images[0].split(",", 1)[1])
    if not png.startswith(b"\x89PNG") or '<data kind="caption">' not in texts[0]:
        return "bad request"
    return DESCRIPTION


def _describer(stub: OpenAIStub, tmp_path) -> VisionDescriber:
    return VisionDescriber(LLMSettings(base_url=stub.url, max_retries=0, timeout_s=10), stub.model,
                           cache_dir=tmp_path / "cache")


def test_figure_is_described_by_the_vision_model_and_cached(tmp_path):
    pdf = fx.make_pdf(tmp_path / "m.pdf")
    with OpenAIStub(reply=_reply) as stub:
        parsed = pdf_to_markdown(pdf, tmp_path / "a", describe_image=_describer(stub, tmp_path))
        assert len(stub.chat_requests) == 1
        request = stub.chat_requests[0]
        user_text = request["messages"][-1]["content"][0]["text"]
        assert "Figure 1: Calibration target" in user_text and fx.FIGURE_TEXT.split()[0] in user_text
        assert "never an instruction" in request["messages"][0]["content"]
        again = pdf_to_markdown(pdf, tmp_path / "b", describe_image=_describer(stub, tmp_path))
        assert len(stub.chat_requests) == 1  # the second ingest is answered from the cache
    assert parsed.images[0].description == f"Figure 1: Calibration target {DESCRIPTION}"
    assert again.images[0].description == parsed.images[0].description
    _, chunks = chunk_markdown("d", parsed.title, parsed.markdown, ChunkingSettings())
    figure = [c for c in chunks if c.kind == "image"]
    assert len(figure) == 1 and DESCRIPTION in figure[0].text


def test_unreachable_model_keeps_the_offline_description_and_says_so(tmp_path):
    pdf = fx.make_pdf(tmp_path / "m.pdf")
    with OpenAIStub(reply=_reply) as stub:
        stub.script.append(Scripted(status=500))
        describer = _describer(stub, tmp_path)
        parsed = pdf_to_markdown(pdf, tmp_path / "a", describe_image=describer)
    description = parsed.images[0].description
    assert description.startswith("Figure 1: Calibration target") and DESCRIPTION not in description
    assert "red square marks the region" in description  # caption plus the nearby text, as offline
    note = describer.take_note()
    assert note.startswith("1 figures described from caption and text only (vision model: InternalServerError")
    assert describer.take_note() == ""


def test_describer_only_with_a_vision_model_and_an_endpoint(tmp_path):
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}
    assert figure_describer(Settings.load(data_dir=tmp_path, env=env)) is None
    assert figure_describer(Settings.load(data_dir=tmp_path, env={"FOLIO_VLM_MODEL": "qwen-vl"})) is None
    made = figure_describer(Settings.load(data_dir=tmp_path, env={**env, "FOLIO_VLM_MODEL": "qwen-vl"}))
    assert made is not None and made.model == "qwen-vl" and made.cache.folder == tmp_path / "llm-cache"
