"""page_hit@k for question files whose evidence names file and page (bench README definition)."""
from __future__ import annotations

import pytest

from core.errors import IngestError
from core.eval.questions import Question, parse_questions
from core.eval.run import score_question, summarise
from core.types import Chunk, RetrievalResult, ScoredChunk

FILES = {"d1": "manual.pdf", "d2": "other.pdf"}


def chunk(doc: str, first: int, last: int, n: int) -> ScoredChunk:
    return ScoredChunk(Chunk.create(doc_id=doc, doc_title=doc, text=f"t{n}", position=n,
                                    page_start=first, page_end=last), 1.0 / (n + 1))


def test_evidence_pages_alone_make_a_scorable_question():
    (q,) = parse_questions(['{"id": "s1", "question": "What is on page 17?", '
                            '"evidence": [{"file": "manual.pdf", "page": 21}]}'])
    assert q.evidence == (("manual.pdf", 21),) and q.has_pages and not q.has_answers
    with pytest.raises(IngestError, match="evidence page 'x' is not a number"):
        parse_questions(['{"id": "s2", "question": "Q?", "evidence": [{"file": "a.pdf", "page": "x"}]}'])


def test_page_hit_counts_the_right_file_and_a_covering_span():
    q = Question("q", "What is on page 17?", evidence=(("manual.pdf", 21),))
    ranked = [chunk("d2", 21, 21, 0),   # right page, wrong file
              chunk("d1", 19, 20, 1),   # right file, pages before
              chunk("d1", 20, 22, 2)]   # spans page 21: the first hit, rank 3
    row = score_question(q, RetrievalResult(q.question, "dense", tuple(ranked)), (1, 3), 1.0, files=FILES)
    assert (row.metrics["page_hit@1"], row.metrics["page_hit@3"]) == (0.0, 1.0)
    assert "answer_recall@1" not in row.metrics and "recall@1" not in row.metrics


def test_summary_reports_page_hit_only_for_questions_with_pages():
    with_pages = Question("a", "page 21?", evidence=(("manual.pdf", 21),))
    plain = Question("b", "Who?", answer="t1")
    ranked = (chunk("d1", 21, 21, 0), chunk("d1", 3, 3, 1))
    rows = [score_question(q, RetrievalResult(q.question, "bm25", ranked), (1,), 2.0, files=FILES)
            for q in (with_pages, plain)]
    summary = summarise(rows, [with_pages, plain], (1,))
    assert summary["page_hit@1"] == 1.0 and summary["answer_recall@1"] == 0.0
