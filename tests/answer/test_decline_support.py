"""The word support a decline is read from holds a question's word in another form of it: the
manual's "iteration" for the user's "iterating", "start" for "starting" (issue 25)."""
from __future__ import annotations

import random

from core.answer.decline_heard import shared_beginning, snowball
from core.answer.decline_support import Families, _english, held_terms, word_support
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.units import split_units

NEATO = [
    (1, "The solver moves a node on every iteration. The solver terminates when the energy falls below epsilon.",
     "Drawing graphs with neato", "Solver"),
    (2, "Random initial placement is requested by setting the graph attribute start. "
        "The edge weight sets the strength of the spring.", "Drawing graphs with neato", "Attributes"),
]


def test_a_word_is_held_in_another_english_form_of_it():
    evidence = {"start", "iteration", "statistic", "layout", "bibliographie"}
    asked = {"starting", "iterating", "statistician", "layout", "margin"}
    assert held_terms(asked, evidence) == {"starting", "iterating", "statistician", "layout"}
    assert held_terms({"soldering", "stamp"}, evidence) == set()
    assert held_terms({"bibliography"}, evidence) == set()  # another language's spelling: no form of it


def _held_unit_by_unit(asked: set[str], terms: set[str]) -> set[str]:
    """The rule read word by word for one unit (what `Families` finds once per question)."""
    out = asked & terms
    return out | {t for t in asked - out
                  if any(snowball(w) == snowball(t) and _english(w) for w in terms - asked)
                  or any(shared_beginning(t, w) and _english(w) for w in terms)}


def test_families_read_once_hold_what_each_unit_holds():
    words = ["start", "starting", "started", "starter", "iteration", "iterating", "iterate", "layout",
             "statistic", "statistician", "statistics", "configure", "configuration", "margin", "bibliographie"]
    rng = random.Random(5)
    for _ in range(200):
        asked = set(rng.sample(words, 4))
        units = [set(rng.sample(words, rng.randint(0, 6))) for _ in range(5)]
        families = Families(asked, set().union(*units))
        for unit in units:
            assert families.held(asked, unit) == _held_unit_by_unit(asked, unit)
            part = set(rng.sample(sorted(asked), 2))  # the context's call asks what the text did not hold
            assert families.held(part, unit) == _held_unit_by_unit(part, unit)


def test_a_word_held_in_text_and_context_counts_once():
    weights = {"start": 1.0, "layout": 1.0}
    assert word_support({"starting", "layout"}, [{"start", "layout"}], [{"started"}], weights, 1.0) == 1.0
    assert word_support({"starting", "layout"}, [{"layout"}], [{"started"}], weights, 1.0) == 0.75
    assert word_support({"starting"}, [{"start"}], [set()], weights, 1.0) == 0.5  # one word alone counts half


def test_a_question_in_another_form_of_the_manuals_words_is_answered():
    reader = ExtractiveReader(None)
    question = "When does the solver stop iterating?"  # the guide writes "iteration", "terminates"
    units = [u for n, text, *rest in NEATO for u in split_units(text, n, *rest)]
    assert reader.score_units(analyse_question(question), units, [1, 2])[1] >= reader.min_support
    assert reader.read(question, NEATO).supported


def test_a_question_the_passages_do_not_answer_is_still_declined():
    reader = ExtractiveReader(None)
    assert not reader.read("How do I set the page margins of the printed graph?", NEATO).supported
    assert not reader.read("How do I solder a surface-mount resistor onto the board?", NEATO).supported
