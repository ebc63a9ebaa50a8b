"""Item 2's presentation in the CLI: a decline opens with "The documents do not say …", then
the closest passages under "Closest evidence (not an answer):", never labelled an answer; and a
question in a user's own words ("typeface") is answered, not declined for naming something."""
from __future__ import annotations

from core.answer.qa import answer_question
from core.cli.render import answer_text
from core.types import Chunk, RetrievalResult, ScoredChunk

FONTS = ("The default font is 14-point Times-Roman, in black. Font sizes and colors may be selected "
         "using the attributes fontname, fontsize and fontcolor.")


def _result(text: str) -> RetrievalResult:
    chunk = Chunk.create(doc_id="dot", doc_title="dot guide", text=text, position=0, heading_path=("Labels",),
                         page_start=9, page_end=9)
    return RetrievalResult("q", "hybrid", (ScoredChunk(chunk, score=1.0),))


def test_the_cli_shows_a_decline_first_then_the_closest_evidence():
    answer = answer_question("Which PulseAudio module lowers the latency?", _result(FONTS), None, None)
    lines = answer_text(answer).splitlines()
    assert answer.mode == "unsupported"
    assert lines[0] == "The documents do not say anything about PulseAudio."
    assert lines[1] == "Closest evidence (not an answer):" and "[1]" in lines[2]
    assert "extractive reader" not in lines[0]


def test_a_question_in_the_users_words_is_answered():
    answer = answer_question("What typeface does dot use for text by default?", _result(FONTS), None, None)
    assert answer.mode == "extractive"
    assert "Times-Roman" in answer.text.splitlines()[0]
