"""The coverage the reader declines by reads the answering sentence with the one after it: a
step's sentence and the next one name together what the question asks of (issue 25)."""
from __future__ import annotations

from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.units import split_units

DOT = [
    (1, "The layout procedure used by dot relies on the graph being acyclic. Thus, the first step is to break any "
        "cycles which occur in the input graph by reversing the internal direction of certain cyclic edges. "
        "The next step assigns nodes to discrete ranks or levels.", "Drawing graphs with dot", "Basic Graph Drawing"),
    (2, "Edge labels are placed near the centre of a graph edge by dot. The graph colour is set in dot with bgcolor. "
        "A dot graph may hold subgraphs. Ports of a graph are named by dot. A dot graph is read from a file. "
        "The dot graph title is set with label.", "Drawing graphs with dot", "Attributes"),
    (3, "A dot graph is drawn top to bottom. Each dot graph has a name. A dot graph can be strict. "
        "The dot graph size is given in inches.", "Drawing graphs with dot", "Graphs"),
]


def _units():
    return [u for n, text, *rest in DOT for u in split_units(text, n, *rest)]


def test_the_sentence_after_the_answer_counts_toward_coverage():
    reader, units = ExtractiveReader(None), _units()
    q = analyse_question("What is the first thing dot does to a graph that has loops in it, before putting nodes on levels?")
    step = next(u for u in units if u.text.startswith("Thus, the first step"))
    assert reader._coverage(q, step, units) >= reader.min_coverage  # "nodes", "levels": the next sentence


def test_a_sentence_far_from_the_question_words_is_still_not_covered():
    reader, units = ExtractiveReader(None), _units()
    q = analyse_question("Which printer driver does dot use to print the layout in colour?")
    title = next(u for u in units if u.text.startswith("The dot graph title"))
    assert reader._coverage(q, title, units) < reader.min_coverage
