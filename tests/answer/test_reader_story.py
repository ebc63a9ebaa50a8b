"""The question's story weighs nothing when the reader ranks sentences (`core.answer.story`)."""
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.story import story_terms, weighed
from core.answer.terms import unit_overlap

QUESTION = "My old tool printed a summary line at the end of each run. Which option makes frobnicate print the version?"
PASSAGES = [(1, "At the end of each run frobnicate prints a summary line, as the old tool did."),
            (2, "The option --version prints the version.")]


def test_story_terms_are_the_words_only_the_story_uses():
    q = analyse_question(QUESTION)
    assert story_terms(q) == {"old", "tool", "printed", "summary", "line", "end", "run"}  # "each" is a stop word


def test_no_story_without_a_preamble_or_without_an_asking_word():
    assert story_terms(analyse_question("Which option makes frobnicate print the version?")) == frozenset()
    assert story_terms(analyse_question("I use frobnicate to print versions. Which one?")) == frozenset()


def test_weighed_scales_only_the_story_terms():
    q = analyse_question(QUESTION)
    w = weighed(q, {"summary": 2.0, "version": 3.0}, 1.0, 0.5)
    assert w["summary"] == 1.0 and w["version"] == 3.0 and w["tool"] == 0.5


def test_the_asking_sentence_decides_the_answering_sentence():
    r = ExtractiveReader(None).read(QUESTION, PASSAGES)
    assert r.number == 2 and r.answer == "--version"
    assert r.render().splitlines()[0] == "“The option --version prints the version.” [2]"


def test_a_story_weight_of_one_reads_every_word_as_before():
    r = ExtractiveReader(None, story_weight=1.0).read(QUESTION, PASSAGES)
    assert r.number == 1


def test_unit_overlap_counts_the_text_whole_and_the_context_half():
    weights = {"port": 2.0, "default": 1.0}
    got = unit_overlap(["default", "port"], [{"port"}, set()], [set(), {"port", "default"}], weights, 1.0)
    assert got == [2.0 / 3.0, 0.5]


def test_an_asking_sentence_pointing_back_at_the_story_asks_about_it():
    q = analyse_question("I get an error about undefined yywrap(). How do I fix it?")
    assert story_terms(q) == frozenset()  # "fix it": the error is what is asked about
    passages = [(1, "I believe the fix is to insert some extern statements for the routines.", "Flex", "FAQ > Help"),
                (2, "You must supply a yywrap() function of your own, or link to libfl.a.", "Flex",
                 "FAQ > I get an error about undefined yywrap().")]  # with the story aside, "fix" picked 1
    assert ExtractiveReader(None).read(q.text, passages).number == 2


def test_a_pointing_word_beside_other_asking_words_keeps_the_story_aside():
    q = analyse_question("Black never adds a header to my files. Which convert-ly option stops it from adding one?")
    assert {"black", "header"} <= story_terms(q)
