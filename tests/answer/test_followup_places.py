"""Follow-ups of probe batch 15 (written before the rules were changed): a phrase with a
preposition takes the place of the earlier question's phrase with the same one ("and by
port?", "and of a path?", "what about with rpm?"); a noun phrase after "what about" is a thing,
not an action ("line numbers"), and keeps the earlier thing's place ("in nano"); "Which file
configures …" asks about the file that configures, though the tagger reads "configures" as a
noun. Batch 16: "its history" in a question whose own subject owns it ("Where does zsh store its
history?") starts fresh, and as a referent is told by its owner ("the history of bash"); "and the
maximum?" after "the default cache size" asks the maximum cache size; another action keeps the
earlier one-word tool ("with zip"). Tuning rows once hidden: a made-up name takes the place of the
earlier one of its kind ("nosort" for "the noinit option"), a phrase sharing the earlier phrase's
head takes its place and keeps its owner ("Biber's output encoding"), and "its default width" of
"the default shape of a node" is the node's. Batch 17: a number takes the place of the earlier
question's only number ("and 644?"), and "same for X?" asks what "what about X?" asks. Batch 18: a
place the action already says is not added again ("in gdb"), a head shared with the earlier
question's verb is no shared phrase ("download"), and "it" of "what does it mean?" is the thing asked."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.lexicon import third_person_verb
from core.answer.wording import same_preposition, sibling_name
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    # batch 15
    ("How do I kill a process by name?", "And by port?", "How do I kill a process by port?"),
    ("What is the maximum length of a file name on ext4?", "And of a path?", "What is the maximum length of a path on ext4?"),
    ("How do I list installed packages with dpkg?", "What about with rpm?", "How do I list installed packages with rpm?"),
    ("How do I enable syntax highlighting in nano?", "What about line numbers?", "How do I enable line numbers in nano?"),
    ("Which file configures DNS servers on Debian?", "Is it overwritten on reboot?",
     "Is the file that configures DNS servers on Debian overwritten on reboot?"),
    ("What is the default number of chains in an MrBayes run?", "and of runs?",
     "What is the default number of runs in an MrBayes run?"),
    # batch 16
    ("Where does bash store its history?", "How many lines does it keep?", "How many lines does the history of bash keep?"),
    ("What is the default cache size of SQLite?", "and the maximum?", "What is the maximum cache size of SQLite?"),
    ("Which option of grep prints line numbers?", "Does it work with -r too?",
     "Does the option of grep that prints line numbers work with -r too?"),
    ("How do I compress a directory with zip?", "And exclude a subdirectory?", "How do I exclude a subdirectory with zip?"),
    # batch 17
    ("What does chmod 755 mean?", "And 644?", "What does chmod 644 mean?"),
    ("How do I create an archive with tar?", "Same for a zip file?", "How do I create a zip file with tar?"),
    # batch 18
    ("How do I set a breakpoint in gdb?", "And remove it?", "How do I remove a breakpoint in gdb?"),
    ("How do I download a file with wget?", "And resume a broken download?", "How do I resume a broken download in wget?"),
    ("What is the default umask on Debian?", "What does it mean for new files?",
     "What does the default umask on Debian mean for new files?"),
    # chains of follow-ups (the earlier question is the rewrite of the one before)
    ("How do I create a branch in git?", "How do I switch to it?", "How do I switch to a branch in git?"),  # lower-case
    ("How do I switch to a branch?", "And delete it afterwards?", "How do I delete a branch afterwards?"),
    ("How do I make a symbolic link with ln?", "And a hard one?", "How do I make a hard link with ln?"),
    ("Where does vim keep its swap files?", "How do I change that directory?",
     "How do I change the directory of the swap files of vim?"),  # "vim" read as an adverb still owns "its"
    # tuning rows once hidden
    ("What does the noinit option of Biber do?", "what about nosort?", "What does the nosort option of Biber do?"),
    ("Which option sets Biber's input encoding?", "and the output encoding?", "Which option sets Biber's output encoding?"),
    ("What is the default shape of a node in dot?", "and its default width?", "What is the default width of a node in dot?"),
])
def test_follow_ups_take_the_place_of_the_right_phrase(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_the_thing_owning_both_stays_and_a_program_asked_about_stays():
    assert same_preposition("What is the range of the blockSize100k parameter of BZ2_bzCompressInit?", "of verbosity") == ""
    assert same_preposition("What is the default gap open probability for phmmer?", "for gap extension") == ""


def test_an_english_word_is_no_sibling_name():
    assert sibling_name("What is the memory used for compression with the bzip2 flag -1?", "decompression") == ""
    assert sibling_name("What does the noinit option of Biber do?", "nosort") == "What does the nosort option of Biber do?"


def test_present_forms_of_verbs_come_from_the_lemma_index():
    assert [third_person_verb(w) for w in ("configures", "copies", "formats", "servers", "files", "Debian")] == \
        ["configure", "copy", "format", "", "file", ""]


def test_its_owned_by_the_questions_own_subject_starts_fresh():
    fresh = "Where does zsh store its history?"
    out = standalone(fresh, [Turn("Where does bash store its history?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)
    assert standalone("How do I change its colour?", [Turn("How do I draw a circle in Asymptote?")], llm=None).rewritten


def test_a_number_stays_after_the_name_it_goes_with():
    assert standalone("How are the bits counted?", [Turn("What does chmod 755 mean?")], llm=None).text == \
        "How are the bits counted in chmod 755?"  # before: "in 755 chmod"
    assert standalone("how is the phase shift given?", [Turn("What does set_sqrs generate in expEYES?")], llm=None).text \
        == "How is the phase shift given in expEYES set_sqrs?"


def test_an_its_whose_owner_the_phrase_names_stays():
    out = standalone("How do I change that?", [Turn("Where does Biber write its log file?")], llm=None)
    assert (out.text, out.readable) == ("How do I change where Biber writes its log file?", True)
