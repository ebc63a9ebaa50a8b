"""The Chat page (and `ask`) lists the citations the answer quotes first, then the other retrieved chunks
under their own caption, so "[3]" of a chunk the answer never quotes is not read as evidence
for it."""
from __future__ import annotations

from core.types import Answer, Chunk, Citation, RetrievalResult
from core.answer.cited import quoted_first


def answer(text: str, n: int = 3) -> Answer:
    cites = tuple(Citation(i, Chunk.create(doc_id="d", doc_title="T", text=f"chunk {i}", position=i))
                  for i in range(1, n + 1))
    return Answer(question="q", text=text, mode="extractive", citations=cites, retrieval=RetrievalResult("q", "dense", ()))


def test_quoted_citations_come_first_and_the_rest_is_marked():
    got = quoted_first(answer("“Spare cartridges are in room 3.14.” [2]"))
    assert [c.number for c in got.citations] == [2, 1, 3] and got.first_unquoted == 1


def test_nothing_is_marked_when_every_citation_or_none_is_quoted():
    assert quoted_first(answer("“a” [1] “b” [2] “c” [3]")).first_unquoted == 0
    assert quoted_first(answer("The documents do not say.")).first_unquoted == 0


def test_ask_prints_the_quoted_citations_then_the_others_under_their_own_line():
    from core.cli.render import answer_text

    lines = answer_text(answer("“Spare cartridges are in room 3.14.” [2]")).splitlines()
    at = lines.index("also retrieved, not quoted in the answer:")
    assert lines[at - 1].startswith("[2] ") and [ln[:3] for ln in lines[at + 1: at + 3]] == ["[1]", "[3]"]
