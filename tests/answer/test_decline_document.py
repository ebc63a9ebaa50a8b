"""The names test's answering document, read whole: a manual about the program asked of writes
its name throughout, so an answering passage that lacks the name (and too few other evidence
passages to tell) is not declined; a manual that names the program once in passing still is."""
from __future__ import annotations

from core.answer.decline import names_absent
from core.answer.decline_document import SUBJECT_DENSITY, subject_test
from core.answer.decline_owner import documents_writing
from core.answer.reader import ExtractiveReader

QUESTION = "How many threads does vsearch launch by default?"
PASSAGES = [(1, "The default is to use all available resources and to launch one thread per logical core.",
             "NAME", "OPTIONS > General options"),
            (2, "Sequences are sorted by decreasing abundance before clustering.", "NAME", "OPTIONS > Clustering"),
            (3, "Run vsearch --fastx_filter to trim reads.", "NAME", "OPTIONS > Filtering")]  # one other passage
FILLER = "Sequences are read from the input file and written to the output file in order. "  # 82 characters


def _written(document: str):
    return documents_writing({"vs": document}.get, ["vs"], {"vs": "NAME"})


def test_the_subject_of_the_answering_document_is_not_absent():
    manual = "vsearch clusters reads. " + FILLER * 20 + "vsearch sorts reads. " + FILLER * 20
    written = _written(manual)
    assert written.density("vsearch", "NAME") >= SUBJECT_DENSITY  # 2 in ~3,300 characters
    assert names_absent(QUESTION, " ".join(PASSAGES[0][1:])) == ["vsearch"]  # the passage alone
    assert names_absent(QUESTION, " ".join(PASSAGES[0][1:]), subject_test(written, "NAME")) == []
    # before: the vsearch manual's option lines lack "vsearch" and its title reads "NAME": declined
    result = ExtractiveReader(None).read(QUESTION, PASSAGES, written)
    assert result.supported and "launch" in result.render().splitlines()[0]


def test_a_name_the_document_writes_once_in_passing_still_declines():
    written = _written("Unlike vsearch, this tool keeps every read. " + FILLER * 100)
    assert written.density("vsearch", "NAME") < SUBJECT_DENSITY
    assert names_absent(QUESTION, " ".join(PASSAGES[0][1:]), subject_test(written, "NAME")) == ["vsearch"]
    assert not ExtractiveReader(None).read(QUESTION, PASSAGES, written).supported


def test_another_documents_subject_does_not_count():
    written = documents_writing({"vs": "vsearch " * 50, "other": FILLER * 10}.get, ["vs", "other"],
                                {"vs": "vsearch manual", "other": "NAME"})
    assert written.density("vsearch", "NAME") == 0.0 and written.density("vsearch", "vsearch manual") > 100
    assert subject_test(written, "") is None and subject_test(lambda name: True, "NAME") is None


def test_answer_question_reads_the_answering_manual_whole():
    from core.answer.qa import answer_question
    from core.types import Chunk, RetrievalResult, ScoredChunk

    chunks = [Chunk.create(doc_id="vs", doc_title="NAME", text=text, position=i, heading_path=(heading,),
                           page_start=i + 1, page_end=i + 1) for i, (_, text, _, heading) in enumerate(PASSAGES)]
    result = RetrievalResult(QUESTION, "hybrid", tuple(ScoredChunk(c, score=1.0) for c in chunks))
    manual = {"vs": "vsearch clusters reads. " + FILLER * 20 + "vsearch sorts reads. " + FILLER * 20}
    assert answer_question(QUESTION, result, None, None, document_text=manual.get).mode == "extractive"
    passing = {"vs": "Unlike vsearch, this tool keeps every read. " + FILLER * 100}
    assert answer_question(QUESTION, result, None, None, document_text=passing.get).mode == "unsupported"
