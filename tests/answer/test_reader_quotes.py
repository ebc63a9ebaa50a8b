"""The offline answer's other quotes are the next-best answers: the sentences of the runner-up
candidate spans (one per sentence, never the first line's, never its answer again), each cut
around its span; today's best-ranked units fill what is left. Fixtures are generated here."""
from __future__ import annotations

from core.answer.candidates import Candidate
from core.answer.reader import ExtractiveReader
from core.answer.reading import Reading, ReaderResult, ReaderSentence, answer_quotes
from core.answer.terms import content_terms
from core.answer.units import Unit

OUTPUT = [
    (1, "Each run of the program writes its results to the output directory. The output directory is kept between "
        "runs. Files of the output directory are named after their inputs."),
    (2, "To choose the output directory, give --outdir before the input files."),
]
QUESTION = "Which option sets the output directory of the program?"


def test_the_runner_up_answer_is_quoted_when_the_first_line_has_none() -> None:
    answer = ExtractiveReader(None).read(QUESTION, OUTPUT).render().splitlines()
    assert "--outdir" not in answer[0]  # the pick: the sentences that match the question's words best
    assert answer[1] == "“To choose the output directory, give --outdir before the input files.” [2]"
    before = ExtractiveReader(None, answer_quotes=0, other_answers=False, other_words=12, fit_words=0)
    assert "--outdir" not in before.read(QUESTION, OUTPUT).render()  # the best-ranked unit after the pick


def test_runner_ups_skip_the_first_lines_sentence_its_answer_and_repeated_sentences() -> None:
    first = Unit("The port is 69 by default.", 1, "prose")
    again = Unit("Clients connect to port 69 unless told otherwise.", 2, "prose")
    other = Unit("A long introduction to the protocol, which the server speaks on port 6969 when it is run in "
                 "test mode by the administrator of the machine.", 3, "prose")
    reading = Reading("69", first.text, 1, (12, 14))
    ranked = [Candidate("69", first, 2.0, 12), Candidate("69", again, 1.5, 22), Candidate("", other, 1.2),
              Candidate("6969", other, 1.1, other.text.index("6969"))]
    (quote,) = answer_quotes((reading,), ranked, 2, 12, content_terms("Which protocol?"), answer="69")
    assert quote.text == other.text and quote.number == 3  # one quote per sentence, the first line's answer skipped
    assert other.text[quote.focus[0]:quote.focus[1]] == "protocol,"  # a sentence candidate: around no span …
    shown = ReaderResult("69", 1, (quote,), 1.0, True, readings=(reading,)).render().splitlines()[1]
    assert "protocol" in shown
    (span,) = answer_quotes((reading,), [Candidate("6969", other, 1.1, other.text.index("6969"))], 2, 12)
    assert other.text[span.focus[0]:span.focus[1]] == "6969"  # … a span candidate: around its span
    line = ReaderResult("69", 1, (span,), 1.0, True, readings=(reading,)).render().splitlines()[1]
    assert "6969" in line and line.startswith("“…")


def test_a_quote_past_the_budget_is_cut_to_the_words_left() -> None:
    reading = Reading("69", "The port is 69 by default and clients connect to it unless they are told to use "
                      "another one.", 1, (12, 14))
    long = ReaderSentence("The server speaks the protocol on another port when it is run in test mode by the "
                          "administrator of the machine.", 2, 0.0)
    kept = ReaderResult("69", 1, (long,), 1.0, True, readings=(reading,), quote_words=12, max_words=28)
    assert len(kept.render().splitlines()) == 1  # 19 + 13 words: left out
    cut = ReaderResult("69", 1, (long,), 1.0, True, readings=(reading,), quote_words=12, max_words=28, fit_words=6)
    lines = cut.render().splitlines()
    assert len(lines) == 2 and lines[1].startswith("“The server speaks") and len(lines[1].split()) <= 28 - 19


def test_a_long_first_line_still_leaves_room_for_one_more_quote() -> None:
    words = ("The server answers on port 69 by default and keeps each transfer's block size at 512 bytes unless the "
             "client asks for a larger one with the blksize option of RFC 2348, which most clients now do.")
    reading = Reading("69", words, 1, (words.index("69"), words.index("69") + 2))
    other = ReaderSentence("Set the port with the port option in the daemon's configuration.", 2, 0.0)
    alone = ReaderResult("69", 1, (other,), 1.0, True, readings=(reading,), first_words=40, quote_words=14,
                         max_words=40, fit_words=8)
    assert len(alone.render().splitlines()) == 1  # 36 words: 4 left, under fit_words
    roomy = ReaderResult("69", 1, (other,), 1.0, True, readings=(reading,), first_words=40, quote_words=14,
                         max_words=40, fit_words=8, lead_room=20)
    lines = roomy.render().splitlines()
    assert len(lines) == 2 and lines[1] == "“Set the port with the port option in the daemon's configuration.” [2]"


def test_a_short_first_line_keeps_the_budget_alone() -> None:
    text = "The server answers on port 69 by default."
    short = Reading("69", text, 1, (text.index("69"), text.index("69") + 2))
    quotes = tuple(ReaderSentence(f"Option {n} sets another part of the daemon's configuration file today.", n, 0.0)
                   for n in (2, 3, 4))
    answers = [ReaderResult("69", 1, quotes, 1.0, True, readings=(short,), quote_words=14, max_words=40, fit_words=8,
                            lead_room=room).render() for room in (0, 20)]
    assert answers[0] == answers[1] and len(answers[0].splitlines()) == 4  # 8 + 11 + 11 + a cut 9 words


LIBRARY = [
    (1, "The third-floor printer uses toner cartridge TN-2420. Spare cartridges are in room 3.14."),
    (2, "To restore a file, open a ticket with the storage team and give the full path and the date."),
    (3, "Nightly backups are kept for 35 days. Monthly backups are kept for 13 months."),
]


def test_a_sentence_about_something_else_is_not_quoted() -> None:
    lines = ExtractiveReader(None).read("Which toner cartridge does the third-floor printer use?", LIBRARY).render()
    assert "TN-2420" in lines.splitlines()[0]
    assert "restore" not in lines and "backups" not in lines  # a small library returns every chunk
    lines = ExtractiveReader(None).read("How long are nightly backups kept?", LIBRARY).render().splitlines()
    assert "35 days" in lines[0] and not any("printer" in line or "restore" in line for line in lines)
