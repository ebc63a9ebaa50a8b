"""The decline rule weighs what the evidence lacks: a verb of the asking ("decide",
"presents") counts half a noun, the answering sentence hears every form of a word
("debug" in "debugger"), and an abbreviation ("e.g.") is no key word."""
from __future__ import annotations

from core.answer.decline import coverage, key_terms, unheard_terms
from core.answer.decline_heard import FRAMING_WEIGHT, Heard, term_weights, written_forms
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

SERVER = "The server sends the certificate named by the cert option. The key file is read at start."


def test_verbs_of_the_asking_weigh_less_than_nouns():
    weights = term_weights("How does the server decide which certificate it presents?")
    assert weights["server"] == weights["certificate"] == 1.0
    assert weights["decide"] == weights["present"] == FRAMING_WEIGHT
    code = term_weights("Which call reads worker_processes and setWidth?")  # code is what is asked about
    assert code["worker"] == code["setwidth"] == 1.0 and code["read"] == FRAMING_WEIGHT


def test_two_unheard_verbs_do_not_decline_but_unheard_nouns_do():
    # half the key words are unheard ("decide", "presents"), but they are the asking's verbs
    asked = "How does the server decide which certificate it presents?"
    assert unheard_terms(analyse_question(asked), [SERVER]) == []
    assert ExtractiveReader(None).read(asked, [(1, SERVER)]).supported
    # the nouns the question is about are not there: another topic
    other = "How does the server pick the keystore password?"
    assert unheard_terms(analyse_question(other), [SERVER]) == ["keystore", "password", "pick"]
    assert not ExtractiveReader(None).read(other, [(1, SERVER)]).supported


def test_coverage_hears_another_form_of_the_word():
    q = analyse_question("Which tool do I need to debug the firmware?")
    assert coverage(q, ["Install gdb, the debugger of the firmware."], {}, 1.0) > 0.6  # debug, firmware of three
    assert coverage(q, ["Install gdb on the host."], {}, 1.0) == 0.0


def test_abbreviations_are_no_key_words():
    q = analyse_question("Which option sets the certificate, e.g. for the server?")
    assert key_terms(q) == ["certificate", "server"]
    assert unheard_terms(q, [SERVER]) == []


def test_words_written_inside_code_or_across_a_hyphen_are_heard():
    text = "Call setLineWidth(w) first. The connect time-out of the HTTPServer is 30 s; the time-\nout is reset."
    assert written_forms(text) >= {"line", "width", "timeout", "http", "server"}
    assert "la" not in written_forms("Typeset with LaTeX.")  # no two-letter pieces
    heard = Heard([text])
    assert heard.holds("width") and heard.holds("timeout")
    question = "Which call sets the line width?"
    code = (1, "Call setLineWidth(w) before drawing.")
    assert unheard_terms(analyse_question(question), [code[1]]) == []
    assert coverage(analyse_question(question), [code[1]], {}, 1.0) == 1.0  # call, line, width
    assert unheard_terms(analyse_question("Which call sets the pen colour and the font?"), [code[1]]) != []
