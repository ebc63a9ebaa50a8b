"""The supporting span of a quoted first line covers every piece the quote reads, not just one.

The reader's first line may read a sentence with a definition term before it and the
sentence after it, or read on over a line it skips; the span (what Show on page marks and
what span_hit grades) must hold all of them. Fixtures are generated here."""
from __future__ import annotations

from core.answer.sentences import best_span, split_answer

OPTIONS = (
    "--mail [address(es)]\n"
    "Send test results to one or more email addresses.\n"
    "--outdir [path]\n"
    "Write log files in directory path.\n"
    "The default is '.', the directory where you start the runner.\n"
    "This option affects only the summary and the detailed log files.\n"
)

WARNINGS = (
    "--disable-warning <nnnn> Disable specific warning with number <nnnn>.\n"
    "--Werror Treat all warnings as errors.\n"
    "--print-search-dirs Display the directories in the compiler's search path\n"
    "--vc Display errors and warnings using MSVC style, so you can use the compiler with the visual studio IDE.\n"
    "--use-stdout Send errors and warnings to stdout instead of stderr.\n"
)


def test_a_term_quoted_before_two_sentences_is_in_the_span() -> None:
    line = "“--outdir [path] … Write log files in directory path. The default is '.', the directory where you " \
           "start the runner.” [1]"
    span, chunk, _ = best_span(line, [("c1", OPTIONS)], "Which option writes the log files in another directory?")
    assert chunk == "c1"
    assert span.startswith("--outdir [path] Write log files") and span.endswith("start the runner.")
    assert "--mail" not in span and "summary" not in span


def test_a_quote_read_on_over_a_skipped_line_holds_both_quoted_lines() -> None:
    line = "“--Werror Treat all warnings as errors. --vc Display errors and warnings using MSVC style, so you can " \
           "use the compiler with the visual studio IDE.” [1]"
    span, _, _ = best_span(line, [("c1", WARNINGS)], "Which option treats all warnings as errors?")
    assert span.startswith("--Werror Treat all warnings as errors.") and "visual studio IDE." in span
    assert "--disable-warning" not in span and "--use-stdout" not in span


def test_a_paraphrase_rests_on_its_own_piece_only() -> None:
    span, _, _ = best_span("Warnings become errors with --Werror [1].", [("c1", WARNINGS)], "")
    assert span == "--Werror Treat all warnings as errors."


def test_a_quote_whose_text_closes_a_curly_quote_with_a_plain_one_is_one_sentence() -> None:
    chunk = ("-M Output a rule for make describing the dependencies of the main source file.\n"
             "-MM Like '-M' but the output mentions only the user header files included with '#include “file\"'. "
             "System header files included with '#include <file>' are omitted.\n")
    line = ("“-MM Like '-M' but the output mentions only the user header files included with '#include “file\"'. "
            "System header files included with '#include <file>' are omitted.” [1]")
    assert split_answer(line) == [(line, (1,))]
    span, _, _ = best_span(line, [("c1", chunk)], "What does the -MM option leave out of the dependency rules?")
    assert span.startswith("-MM Like") and span.endswith("are omitted.")
    assert split_answer("“A is 1.” He said “B is 2.” [1]")[0][0] == "“A is 1.”"  # two quotes: still cut
