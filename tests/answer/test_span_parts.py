"""A two-part question's first line is one quote per part: each is its own answer sentence,
cites its own passage and rests its supporting span on that passage's chunk (what Show on
page marks for that citation), even when a quote opens in lower case. Fixtures are generated here."""
from __future__ import annotations

from core.answer.sentences import split_answer
from core.answer.support import SupportCheck, answer_sentences, cited_span
from core.types import Chunk, Citation

GUILE = "LilyPond now requires Guile 2.2. Older versions of Guile are no longer supported."
SANDBOX = ("To experiment with Scheme, run\nlilypond scheme-sandbox\nOnce the sandbox is running, you will "
           "receive a guile prompt.")


def _citations() -> list[Citation]:
    chunks = [Chunk.create(doc_id="d", doc_title="Changes", text=t, embed_text=t, position=i)
              for i, t in enumerate((SANDBOX, GUILE))]
    return [Citation(1, chunks[0]), Citation(2, chunks[1])]


def test_a_line_of_two_quotes_is_two_sentences_though_the_second_opens_in_lower_case() -> None:
    line = "“LilyPond now requires Guile 2.2.” [2] “lilypond scheme-sandbox Once the sandbox is running.” [1]"
    assert split_answer(line) == [("“LilyPond now requires Guile 2.2.” [2]", (2,)),
                                  ("“lilypond scheme-sandbox Once the sandbox is running.” [1]", (1,))]


def test_each_quote_of_a_two_part_line_rests_on_its_own_chunk() -> None:
    citations = _citations()
    line = ("“LilyPond now requires Guile 2.2.” [2] “lilypond scheme-sandbox Once the sandbox is running, "
            "you will receive a guile prompt.” [1]")
    first, second = answer_sentences(line, "Which Guile version does LilyPond require, and what command opens a "
                                     "Scheme sandbox?", citations, SupportCheck(None))
    assert first.citations == (2,) and first.chunk_id == citations[1].chunk.chunk_id
    assert first.span_text == "LilyPond now requires Guile 2.2."
    assert second.citations == (1,) and "scheme-sandbox" in second.span_text
    assert cited_span((first, second), citations[1]) == "LilyPond now requires Guile 2.2."
