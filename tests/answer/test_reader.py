"""The extractive reader on a tiny inline corpus with the real MiniLM embedder."""
from __future__ import annotations

from core.answer.reader import UNSUPPORTED_TEXT, ExtractiveReader, content_terms, split_sentences

PASSAGES = [
    (1, "The Golden Gate Bridge opened to traffic on May 27, 1937. It spans the strait between "
        "San Francisco Bay and the Pacific Ocean. Its towers are 227 metres tall."),
    (2, "Joseph Strauss was the chief engineer of the bridge. The paint colour is called International Orange."),
    (3, "Python lists are mutable sequences. The append method adds one element to the end of a list."),
]


def test_split_sentences_and_terms():
    assert split_sentences("# Head\nOne two three. Four five six!\n| a | b | c |\n|---|---|") == [
        "One two three.", "Four five six!", "| a | b | c |"]
    assert content_terms("What are the bridges of the City?") == {"bridge", "city"}
    assert split_sentences("Ghostscript 9.54 Color Management\nThe Bridge Opened In 1937.\nUse the -dKPreserve option") == [
        "The Bridge Opened In 1937.", "Use the -dKPreserve option"]  # a bare title line is not an answer


def test_answers_from_evidence_with_citations(embedder):
    reader = ExtractiveReader(embedder)
    cases = {
        "Who was the chief engineer of the bridge?": (2, "Joseph Strauss"),
        "When did the Golden Gate Bridge open?": (1, "1937"),
        "How do I add an element to a list?": (3, "append"),
    }
    for question, (number, needle) in cases.items():
        result = reader.read(question, PASSAGES)
        assert result.supported, question
        assert result.sentences[0].number == number and needle in result.sentences[0].text
        assert f"[{number}]" in result.render() and result.render().startswith("Extractive answer")


def test_unrelated_question_is_unsupported(embedder):
    reader = ExtractiveReader(embedder)
    for question in ("What is the boiling point of mercury?", "Who won the 1998 football world cup?"):
        result = reader.read(question, PASSAGES)
        assert not result.supported and result.support < reader.min_support
        assert result.render() == UNSUPPORTED_TEXT


def test_threshold_is_what_decides(embedder):
    question = "When did the Golden Gate Bridge open?"
    score = ExtractiveReader(embedder).read(question, PASSAGES).support
    assert ExtractiveReader(embedder, min_support=score).read(question, PASSAGES).supported
    assert not ExtractiveReader(embedder, min_support=score + 0.01).read(question, PASSAGES).supported


def test_lexical_only_without_embedder():
    result = ExtractiveReader(None).read("What colour is the paint?", PASSAGES)
    assert result.supported and result.sentences[0].number == 2
    assert not ExtractiveReader(None).read("quantum chromodynamics", PASSAGES).supported
