"""Answer sentences: splitting with citations, supporting spans, the support check, flags."""
from __future__ import annotations

from core.answer.qa import answer_question
from core.answer.sentences import best_span, pieces, split_answer
from core.answer.support import FLAG, SupportCheck, cited_span, flag_unsupported, support_note
from core.types import AnswerSentence, Chunk, Citation, RetrievalResult, ScoredChunk
from tests.answer.openai_stub import OpenAIStub
from tests.answer.test_qa import _llm

GUIDE = ("The calibration interval of the flow sensor is fourteen days when the\n"
         "station runs in winter mode, and thirty days otherwise. Spare sensors are kept in the blue cabinet.")
TABLE = ("Table 1: Parts and their replacement interval\n| Part | Replacement | Done by |\n|---|---|---|\n"
         "| valve seal | 12 months | technician |\n| filter mesh | 3 months | operator |")


def test_every_sentence_carries_its_citations():
    text = ("“The bridge opened in **1932**.” [1]\nIt is red [2]. Strauss designed it. It cost $35 million [1][3].\n"
            "See e.g. the history page.")
    assert split_answer(text) == [
        ("“The bridge opened in **1932**.” [1]", (1,)),
        ("It is red [2].", (2,)),
        ("Strauss designed it.", (1, 3)),  # no mark of its own: the next cited sentence's
        ("It cost $35 million [1][3].", (1, 3)),
        ("See e.g. the history page.", ()),  # a line citing nothing stays uncited
    ]


def test_chunk_pieces_keep_a_sentence_cut_by_a_page_break_whole_and_read_table_rows():
    assert pieces(GUIDE)[0] == ("The calibration interval of the flow sensor is fourteen days when the "
                                "station runs in winter mode, and thirty days otherwise.")
    assert pieces(TABLE) == ["Table 1: Parts and their replacement interval", "Part | Replacement | Done by",
                             "valve seal | 12 months | technician", "filter mesh | 3 months | operator"]


def test_best_span_rests_a_bare_answer_on_the_sentence_about_the_question():
    chunks = [("g", GUIDE), ("t", TABLE)]
    span, chunk_id, share = best_span("12 months [2]", chunks, "How often is the valve seal replaced?")
    assert (span, chunk_id, share) == ("valve seal | 12 months | technician", "t", 1.0)
    span, chunk_id, _ = best_span("In winter mode it is fourteen days.", chunks)
    assert chunk_id == "g" and span.startswith("The calibration interval") and span.endswith("otherwise.")
    assert best_span("anything", []) == ("", "", 0.0)


def test_words_only_check_and_flags():
    check = SupportCheck(embedder=None)
    assert check.verdict("Spare sensors are kept in the blue cabinet.", [GUIDE])[0] == "supported"
    assert check.verdict("The pump motor needs new oil every week.", [GUIDE])[0] == "not_found"
    assert check.verdict("Spare sensors are kept in cabinet 7.", [GUIDE])[0] == "partly"  # a number it lacks
    assert check.verdict("Anything at all.", [])[0] == "not_found"
    sentences = [AnswerSentence("A [1].", (1,), verdict="supported"), AnswerSentence("B [1].", (1,), verdict="not_found")]
    assert flag_unsupported("A [1]. B [1].", sentences) == f"A [1]. B [1]. {FLAG}"
    assert support_note(sentences) == "1 of 2 sentences not in the cited pages"
    assert support_note(sentences[:1]) == ""


def _result() -> RetrievalResult:
    chunks = (Chunk.create(doc_id="g", doc_title="Guide", text=GUIDE, position=0),
              Chunk.create(doc_id="g", doc_title="Guide", text=TABLE, position=1))
    return RetrievalResult("q", "dense", tuple(ScoredChunk(c, 1.0 - i / 10) for i, c in enumerate(chunks)))


def test_generated_answer_gets_verdicts_and_its_invented_sentence_flagged(tmp_path, embedder):
    reply = ("The flow sensor is calibrated every fourteen days in winter mode [1]. "
             "The valve seal is replaced every 12 months by a technician [2]. "
             "The sensors are made in Sweden and are sold in boxes of six [1].\n"
             "Spare sensors are kept in the blue cabinet.")  # cites nothing: checked against all the evidence
    with OpenAIStub(reply=lambda body: reply) as stub:
        answer = answer_question("How often is the flow sensor calibrated in winter?", _result(),
                                 _llm(stub, tmp_path), embedder)
    assert answer.mode == "llm" and len(answer.sentences) == 4
    assert [s.verdict for s in answer.sentences] == ["supported", "supported", "not_found", "supported"]
    assert f"boxes of six [1]. {FLAG}\n" in answer.text and answer.text.count(FLAG) == 1
    assert answer.sentences[3].citations == (1,) and answer.sentences[3].span_text.startswith("Spare sensors")
    assert answer.sentences[1].span_text == "valve seal | 12 months | technician"
    assert answer.sentences[1].chunk_id == answer.citations[1].chunk.chunk_id
    assert cited_span(answer.sentences, answer.citations[1]) == "valve seal | 12 months | technician"
    assert support_note(answer.sentences) == "1 of 4 sentences not in the cited pages"


def test_extractive_answer_sentences_are_quotes_with_spans(embedder):
    answer = answer_question("How often is the valve seal replaced?", _result(), None, embedder)
    assert answer.mode == "extractive" and answer.sentences
    for s in answer.sentences:
        assert s.citations and s.span_text and s.verdict == "supported", s
    first = answer.sentences[0]
    assert "12 months" in first.span_text and FLAG not in answer.text
    assert Citation(2, answer.citations[1].chunk).chunk.chunk_id == first.chunk_id
