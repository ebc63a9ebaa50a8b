"""A user's story around a question (another tool, a remark after the question mark) does not
make Folio decline what the library answers, while a question that names nothing but in its
story still declines."""
from __future__ import annotations

from core.answer.decline import missing_names
from core.answer.decline_aside import aside_terms
from core.answer.decline_preamble import told_terms
from core.answer.question import analyse_question, last_sentence
from core.answer.reader import ExtractiveReader

AMC = [(1, "When the answer to the question is not supposed to be taken into account in the grading, one "
            "uses the QuestionIndicative command.", "Auto Multiple Choice", "Indicative question")]
STORY = ("Google Forms lets me add a survey question that gives no points, which my students love. "
         "In AMC, which command keeps a question out of the grading?")


def test_a_story_the_evidence_never_tells_is_set_aside():
    told = told_terms(analyse_question(STORY), [" ".join(AMC[0][1:])])
    assert {"google", "survey", "point", "student"} <= told
    assert "grading" not in told and "command" not in told  # the asking sentence's words stay
    assert not ExtractiveReader(None, story_aside=False).read(STORY, AMC).supported  # the story declined it
    result = ExtractiveReader(None).read(STORY, AMC)
    assert result.supported and "QuestionIndicative" in result.render().splitlines()[0]


def test_the_story_stays_when_the_asking_sentence_names_nothing_or_what_the_evidence_lacks():
    evidence = [" ".join(AMC[0][1:])]
    # names nothing: the story is what the evidence must be about
    assert told_terms(analyse_question("I grade in Gradescope now. How do I keep a question out of the grading?"),
                      evidence) == frozenset()
    # names a tool the evidence lacks
    assert told_terms(analyse_question("AMC grades well. In Gradescope, which command keeps a question out?"),
                      evidence) == frozenset()
    # no story at all
    assert told_terms(analyse_question("In AMC, which command keeps a question out of the grading?"),
                      evidence) == frozenset()


def test_a_remark_after_the_question_mark_is_no_part_of_the_question():
    asked = "What are the default socket options of an Erlang TLS socket? With Python's ssl.wrap_socket I never had to."
    assert last_sentence(asked) == "What are the default socket options of an Erlang TLS socket?"
    assert missing_names(asked, ["Erlang TLS: the default socket options are {mode,list}."]) == []
    # two questions in a row stay together
    assert last_sentence("Who is older? Annie Morton or Terry Richardson?") == \
        "Who is older? Annie Morton or Terry Richardson?"


def test_a_relative_clause_after_an_aside_is_in_passing_too():
    asked = ("Coming from music21, where durations are quarterLength floats: in LilyPond's internal "
             "music representation, how are durations expressed?")
    assert {"music21", "quarterlength"} <= aside_terms(asked)
    assert "duration" not in aside_terms(asked)  # the question asks about durations too
    assert missing_names(asked, ["LilyPond durations are expressed as a rational number."]) == []
    # a clause closed by the question mark is the question, not the aside
    assert aside_terms("How do I add a section break, like in Dorico, which option does it?") == {"dorico"}


def test_as_in_and_as_with_open_an_aside():
    asked = "How do I write a Guile hash table to disk in Racket, as in LilyPond's Scheme tutorial?"
    assert {"lilypond", "tutorial"} <= aside_terms(asked)
    assert missing_names(asked, ["Guile hash tables: hash-set! and hash-ref in LilyPond's Scheme tutorial."]) \
        == ["Racket"]  # before: 1 missing name of 4 (LilyPond and Scheme counted), too few to decline
    assert aside_terms("As with OpenSSH, which port does the Erlang ssh daemon use?") == {"openssh"}
    assert aside_terms("What is a word also known as in bash?") == frozenset()
