"""The supporting span of a quoted first line covers every piece the quote reads, not just one.

The reader's first line may read a sentence with a definition term before it and the
sentence after it, or read on over a line it skips; the span (what Show on page marks and
what span_hit grades) must hold all of them. Fixtures are generated here."""
from __future__ import annotations

from core.answer.sentences import best_span, pieces, split_answer

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


FORCE = (
    "-t --test\n"
    "Check integrity of the specified file(s), but don't decompress them.\n"
    "-f --force\n"
    "Force overwrite of output files. Normally, the compressor will not overwrite existing output files. "
    "Also forces it to break hard links to files.\n"
)
PROCESSOR = (
    "The toolkit can query, edit, check and transform documents.\n"
    "Current implementation uses libxslt from GNOME codebase as XSLT processor\n"
    "(see http://xmlsoft.org/ for more details)\n"
    "EXAMPLE:\n"
    "# Transform passing parameters to XSLT stylesheet\n"
    "xmlstarlet tr xsl/param1.xsl -p Count='count(/xml/table/rec)' xml\n"
    "Input xsl/params1.xsl\n"
)


def test_a_term_that_adds_no_new_word_is_in_the_span_when_the_quote_shows_it() -> None:
    line = "“-f --force … Force overwrite of output files. Normally, the compressor will not overwrite existing " \
           "output files.” [1]"
    span, _, _ = best_span(line, [("c1", FORCE)], "Which option forces overwriting of output files?")
    assert span.startswith("-f --force Force overwrite") and span.endswith("existing output files.")
    assert "--test" not in span and "hard links" not in span


def test_a_quote_read_on_over_two_skipped_lines_holds_both_quoted_lines() -> None:
    line = "“Current implementation uses libxslt from GNOME codebase as XSLT processor xmlstarlet tr " \
           "xsl/param1.xsl -p Count='count(/xml/table/rec)' xml” [1]"
    span, _, _ = best_span(line, [("c1", PROCESSOR)], "Which XSLT processor does xmlstarlet tr use?")
    assert span.startswith("Current implementation uses libxslt") and span.endswith("xml")
    assert "toolkit" not in span and "Input" not in span


def test_a_code_line_opening_with_a_hash_is_a_piece_of_the_span_not_a_heading() -> None:
    chunk = ("It is disabled by default. To enable it, you will need to comment out this flag:\n"
             "#define _PORTABLE_PTHREADS\nin the axml.c source file.\n## Next section\nOther text here.")
    line = "“To enable it, you will need to comment out this flag: define _PORTABLE_PTHREADS in the axml.c source " \
           "file.” [1]"
    span, _, _ = best_span(line, [("c1", chunk)], "Which flag enables the portable threads?")
    assert span == "To enable it, you will need to comment out this flag: #define _PORTABLE_PTHREADS in the axml.c " \
                   "source file."
    assert "Next section" not in " ".join(pieces(chunk))  # a heading is still no piece


def test_a_word_the_quote_shows_by_chance_or_a_repeated_line_does_not_join() -> None:
    chunk = ("TeX\nProduce files for inclusion in pdfTeX documents, with the fonts left out.\n"
             "TeX-GS\nIf you want to include more than one PDF in a TeX document, use this option.\n"
             "To enter debug mode, type RETURN now.\n> amplitude = damped(2.5)\nERROR in damped\n"
             "To enter debug mode, type RETURN now.\n")
    line = "“If you want to include more than one PDF in a TeX document, use this option.” [1]"
    span, _, _ = best_span(line, [("c1", chunk)], "How do I include more than one PDF in a TeX document?")
    assert span.endswith("If you want to include more than one PDF in a TeX document, use this option.")
    assert "Produce files" not in span  # "TeX" stands in the quote by chance
    line = "“To enter debug mode, type RETURN now. > amplitude = damped(2.5)” [1]"
    span, _, _ = best_span(line, [("c1", chunk)], "How do I enter debug mode?")
    assert span == "To enter debug mode, type RETURN now. > amplitude = damped(2.5)"


PACKAGES = (
    "Only when a package is loaded are its contents available.\n"
    "To list the packages that this site has installed, type the command\n"
    "> catalog()\n"
    "with no arguments. To load one package, type a command such as\n"
    "> catalog(spline)\n"
)


def test_a_quote_that_reads_on_into_the_next_line_holds_that_line() -> None:
    line = "“To list the packages that this site has installed, type the command > catalog()” [1]"
    span, _, _ = best_span(line, [("c1", PACKAGES)], "How do I list the installed packages?")
    assert span.startswith("To list the packages") and "> catalog() with no arguments." in span
    assert "loaded" not in span and "spline" not in span


def test_a_neighbour_the_quote_does_not_read_into_stays_out() -> None:
    line = "“To list the packages that this site has installed, type the command” [1]"
    span, _, _ = best_span(line, [("c1", PACKAGES)], "How do I list the installed packages?")
    assert span == "To list the packages that this site has installed, type the command"
