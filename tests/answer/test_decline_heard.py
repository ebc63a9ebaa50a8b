"""The unheard-words rule hears a question's words in the manual's own wording: another form
of the word, a compound written in one piece or two, the passage's title and heading, and
words that only say how much ("several") are no key words."""
from __future__ import annotations

from core.answer.decline import unheard_terms
from core.answer.decline_heard import Heard, joined_pairs, snowball
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

CDHIT = "-b band_width of alignment, default 20. The bandwidth limits the diagonal search."
PRECEDENCE = ("When an option is given in more than one place, the value given to the function "
              "takes precedence over the one in the configuration file; the decision is made per option.")


def test_word_forms_share_a_snowball_stem():
    assert snowball("configuring") == snowball("configuration")
    heard = Heard(["The configuration decides it."])
    assert heard.holds("configured") and heard.holds("decide")
    assert not heard.holds("soldering")


def test_a_compound_is_heard_in_one_piece_or_two():
    heard = Heard(["Give the file name and the bandwidth."])
    assert heard.holds("filename")  # split into two heard words
    assert joined_pairs("What is the band width?", heard) == {"band", "width"}
    assert not heard.holds("filmname")


def test_band_width_is_not_unheard_beside_bandwidth():
    q = analyse_question("What is the default band width of the alignment diagonal?")
    assert unheard_terms(q, ["The bandwidth limits the alignment."]) == []
    assert unheard_terms(q, ["Set the colour of the plot."]) != []  # the words are still judged


def test_quantity_words_are_no_key_words():
    q = analyse_question("How does it decide which value applies when an option is set in several places?")
    assert unheard_terms(q, [PRECEDENCE]) == []


def test_a_word_in_the_heading_is_heard():
    reader = ExtractiveReader(None)
    question = "Which clustering threshold does the greedy incremental algorithm use?"
    passage = (1, "Sequences are compared against the representatives; the default identity is 0.9.",
               "cd-hit user guide", "Greedy incremental clustering algorithm")
    assert reader.read(question, [passage]).supported
    assert not reader.read(question, [passage[:2]]).supported  # without the heading: other words


def test_an_unrelated_question_is_still_declined():
    result = ExtractiveReader(None).read("How do I solder a surface-mount resistor onto the board?", [(1, CDHIT)])
    assert not result.supported


def test_inflected_and_prefixed_english_words_are_no_names():
    from core.answer.decline import missing_names, names_absent, strong_name

    assert not strong_name("disables") and not strong_name("relabels")
    assert strong_name("vsftpd") and strong_name("qpdf")
    option = "--no-peep Disable peep-hole optimization with built-in rules."
    assert missing_names("Which option disables peep-hole optimization with the built-in rules?", [option]) == []
    assert names_absent("Which command relabels the graph?", "r& Relabel the graph g in order of the partition.") == []
    assert missing_names("Which option of qpdf rotates a page?", [option]) == ["qpdf"]
