"""The answer-shape rules: the shape a question asks for, a sentence that holds one, and the
reader's pick and read-on with each rule on and off (inline texts that fail without the rule)."""
from __future__ import annotations

import pytest

from core.answer import answer_type as at
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

OFF = {"shape_bonus": 0.0, "shape_read_on": 0, "pair_bonus": 0.0}  # the shape rules alone (the word-pair bonus
# lifts the restating sentence of the crowded-graph case above the shape bonus)


@pytest.mark.parametrize("question, shape", [
    ("How do I make the arrowheads twice as big?", "code"),
    ("How can I see which edge a label belongs to?", "code"),
    ("How many inputs may one chain have?", "number"),
    ("What is the range of the workFactor parameter?", "number"),
    ("What is the largest number of columns a table may have?", "number"),
    ("In which folder are the plugin libraries stored?", "path"),
    ("What file extension do saved setups get?", "path"),
    ("Who wrote the block sorting transformation?", ""),
    ("What does the -z option do?", ""),
])
def test_asked_shape(question: str, shape: str) -> None:
    assert at.asked_shape(analyse_question(question)) == shape


def test_holds_a_new_token_of_the_shape() -> None:
    q = "How do I make the arrowheads twice as big?"
    assert at.holds("code", "The attribute arrowsize scales arrowheads.", q)
    assert at.holds("code", "For example, arrowsize=2.0 makes the arrow twice as long.", q)
    assert not at.holds("code", "Arrowheads can be drawn at both ends.", q)
    assert at.holds("number", "Allowable values range from 0 to 250 inclusive.", "What is the range of workFactor?")
    assert not at.holds("number", "See http://example.org/list/2001/06/0016.html.", "How large a buffer?")
    assert not at.holds("number", "3. Almost every routine has a status parameter.", "How long is a header line?")
    assert not at.holds("number", "Each record holds 80 characters.", "Why are records 80 characters?")
    assert at.holds("path", "They are usually stored in “/usr/local/lib/ladspa”.", "In which folder are plugins?")
    assert at.holds("path", "When saving to files, the .ecs file format is used.", "What file extension do setups get?")
    # read as the candidates read paths: an abbreviation or "and/or" is no path
    assert not at.holds("path", "Plugins, e.g. the reverb, read input and/or output.", "In which folder are plugins?")
    assert at.holds("path", "Definitions use the ‘.jsf’ extension.", "What file extension do definitions have?")


def _first(question: str, passages: list, **settings) -> str:
    return ExtractiveReader(None, tagger=None, **settings).read(question, passages).render().splitlines()[0]


def test_shape_bonus_picks_the_sentence_that_holds_the_asked_code() -> None:
    q = "How do I see which edge a label belongs to in a crowded graph?"
    passages = [(1, "In a crowded graph, set the decorate attribute and a line connects each label to its edge. "
                    "Edges are drawn as splines."),
                (2, "It can be difficult, in a crowded graph, to be certain which edge a label belongs to. "
                    "Labels are placed near the middle of their edge.")]
    assert "decorate" not in _first(q, passages, **OFF)
    assert "decorate" in _first(q, passages, **{**OFF, "shape_bonus": 0.05})


def test_read_on_into_the_sentence_that_holds_the_asked_number() -> None:
    q = "What is the range of the workFactor parameter?"
    passages = [(1, "The workFactor parameter controls how the compression phase behaves when presented with worst "
                    "case, highly repetitive, input data. Allowable values range from 0 to 250 inclusive. "
                    "Lower values reduce the amount of effort.")]
    assert "250" not in _first(q, passages, **OFF)
    assert "250" in _first(q, passages, **{**OFF, "shape_read_on": 40})
    assert "250" not in _first(q, passages, **{**OFF, "shape_read_on": 20})  # the two are longer than that


def test_read_on_leaves_a_sentence_that_holds_the_shape() -> None:
    q = "How many inputs may one chain have?"
    passages = [(1, "Every chain has exactly one input and 2 outputs in this example. Chains are cheap.")]
    assert "Chains are cheap" not in _first(q, passages)


def test_defaults_switch_the_shape_rules_on() -> None:
    reader = ExtractiveReader(None)
    assert reader.shape_bonus > 0 and reader.shape_read_on > 0
