"""The offline reader across page breaks and on default questions: a sentence cut by a page
break (with its page number and a footnote between the halves) is one unit, one quote and one
supporting span; a question about a default quotes the sentence that states it first; the other quotes are cut
around the question's words."""
from __future__ import annotations

from core.answer.reader import ExtractiveReader
from core.answer.sentences import best_span, pieces
from core.answer.units import continues, split_units

BROKEN = (
    "CMs do have important limitations. Formally, a covariance model can only model a set of basepairs\n\n"
    "1Nothing should go wrong.\n\n6\n\n<!-- page 8 -->\n\n"
    "that is well nested. CMs cannot model pseudoknots in RNA secondary structures."
)
OPTION = ("Option tls_ctrl_session_reuse makes the FTP data connection reuse the TLS session of the control "
          "connection, as vsftpd servers require. Its default is false.")


def test_a_sentence_cut_by_a_page_break_is_one_unit_and_one_piece():
    whole = "Formally, a covariance model can only model a set of basepairs that is well nested."
    assert whole in [u.text for u in split_units(BROKEN, 1)]
    assert "6" not in [u.text for u in split_units(BROKEN, 1)]  # the page number is no sentence
    assert whole in pieces(BROKEN)
    assert best_span(whole, [("c1", BROKEN)])[0] == whole


def test_a_finished_sentence_is_not_joined_to_the_next_line():
    text = "The daemon listens on port 69.\n\n12\n\nthe server may also be told otherwise."
    assert [u.text for u in split_units(text, 1)] == ["The daemon listens on port 69.", "the server may also be told otherwise."]


def test_the_quote_across_a_page_break_is_whole():
    r = ExtractiveReader(None).read("Which set of basepairs can a covariance model model?", [(1, BROKEN)])
    first = r.render().splitlines()[0]
    assert "basepairs that is well nested" in first and first.count("”") == 1


def test_a_default_question_quotes_the_sentence_stating_the_default_first():
    r = ExtractiveReader(None).read(
        "What is the default of the FTP client option that makes the data connection reuse the TLS session?",
        [(1, OPTION)])
    assert r.render().splitlines()[0].startswith("“Its default is")


def test_another_quote_is_cut_around_the_question_words():
    from core.answer.reading import other_quotes
    from core.answer.terms import content_terms
    from core.answer.units import Unit

    long = Unit("Because of the algorithm and its short word filter, cd-hit may not be used for clustering "
                "proteins at <40% identity.", 2, "prose")
    terms = content_terms("Below which identity can cd-hit not be used for clustering proteins?")
    (quote,) = other_quotes((), [long], 1, 12, terms)
    from core.answer.quote import quote_line
    assert "<40%" in quote_line(quote.text, quote.number, quote.focus, 12, bold=False)
    assert "<40%" not in quote_line(long.text, 2, None, 12)  # cut at its start, the answer is lost


CARD = ("print defaults \\d\nset n significant digits / bits \\p n, \\pb n\nquit GP \\q\n"
        "print the list of PARI types \\t\nread file into GP \\r filename")


def test_the_entries_of_a_reference_card_are_units_of_their_own():
    """A short line of words ending on a value ("quit GP \\q") after another is the next entry of a
    reference card, not the rest of a sentence cut by a page break; code lines still join."""
    assert [u.text for u in split_units(CARD, 1)] == CARD.splitlines()
    assert continues("To read every other pixel, set lpixel[0] = {NAXIS1}", "lpixel[1] = {NAXIS2} inc[0] = 2")
    assert continues("a covariance model can only model a set of basepairs", "that is well nested.")
