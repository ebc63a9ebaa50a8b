"""A question that asks which option or function does something is answered by the sentence
that describes the entry, and its quote opens with the entry's head line, which names it: fixed
cases in the shapes the PDF parser gives for a LilyPond-style option list and an Erlang-style
function entry; the head line is not added for other questions, for a later sentence of the
entry, or when the sentence already shows it."""
from __future__ import annotations

import pytest

from core.answer.entry import head_line, with_entry_head
from core.answer.question import analyse_question
from core.answer.reading import Reading
from core.answer.units import split_units
from core.answer.reader import ExtractiveReader
from core.answer.sentences import best_span, split_answer
from tests.answer.reader_cases import first_line as _first_line

OPTIONS = (
    "separate-log-files bool\n"
    "For input files file1.ly, file2.ly, output log data to files file1.log, file2.log, if bool is #t. Default: #f.\n"
    "show-available-fonts bool\n"
    "If bool is #t, list available font names as delivered by the fontconfig library. "
    "Appended to this list the program displays the configuration settings of fontconfig itself. Default: #f.\n"
    "strip-output-dir bool\n"
    "If bool is #t, don't use the directory part from input file paths while constructing output file names."
)
FUNCTION = (
    "send_chunk_start(Pid, File) -> ok | {error, Reason} Types:\n"
    "Pid = pid()\n"
    "File = string()\n"
    "Starts transfer of chunks into the file File at the remote server.\n"
    "Sends a chunk of data to the remote server."
)


def test_an_option_question_quotes_the_entry_head_first() -> None:
    line = _first_line("Which option lists the available font names delivered by fontconfig?", OPTIONS)
    assert line.startswith("“show-available-fonts bool … If bool is #t, list available font names")


def test_a_function_question_quotes_the_signature_first() -> None:
    line = _first_line("Which function starts a transfer of chunks into a remote file?", FUNCTION)
    assert line.startswith("“send_chunk_start(Pid, File)") and "Starts transfer of chunks" in line


def test_the_span_on_the_page_holds_the_head_and_the_sentence() -> None:
    reader = ExtractiveReader(embedder=None, tagger=None)
    answer = reader.read("Which option lists the available font names delivered by fontconfig?", [(1, OPTIONS)]).render()
    span, _, _ = best_span(split_answer(answer)[0][0], [("c1", OPTIONS)])
    assert span.startswith("show-available-fonts bool") and "fontconfig library" in span


def test_without_the_rule_the_sentence_alone_is_quoted() -> None:
    line = _first_line("Which option lists the available font names delivered by fontconfig?", OPTIONS, entry_heads=False)
    assert "show-available-fonts" not in line


def test_a_later_sentence_of_an_entry_gets_no_head() -> None:
    units = split_units("-b, --backup-numbered\nNumber the backup files. Old files are never overwritten.", 1)
    q = analyse_question("Which option keeps old files from being overwritten?")
    first, later = units
    assert with_entry_head(q, Reading("", first.text, 1), first, None).prefix == "-b, --backup-numbered"
    assert with_entry_head(q, Reading("", later.text, 1), later, first).prefix == ""


def test_other_questions_get_no_head() -> None:
    line = _first_line("What is the default of the fontconfig font list?", OPTIONS)
    assert "show-available-fonts bool …" not in line


@pytest.mark.parametrize("line, heads", [
    ("show-available-fonts bool", True),
    ("enter_loop(State) -> _ Types:", True),
    ("Module:add_host_key(HostNames, PublicHostKey, ConnectOptions) -> ok", True),
    ("--vector-density density", True),
    ("Set-up Guide", False),                     # a heading
    ("ERROR (damped_wave) math library exception", False),  # no name first
    ("State = term()", False),                    # a type line
    ("Default: #f.", False),
    ("BZFILE * BZ2_bzdopen ( int fd, const char *mode );", True),   # a C prototype
    ("No additional markup (Recommended choice)", False),           # words and a bracket: no prototype
    ("timeout()} | {dtimeout, dtimeout()} |", False),               # a piece of a longer line
    ("convert-ly.py myfile.ly > mynewfile.ly", False),              # a command line
    ("the option list of the compiler and the linker for this build", False),
])
def test_head_lines(line, heads) -> None:
    assert head_line(line) is heads


def test_a_how_do_i_question_answered_by_a_function_entry_quotes_its_signature() -> None:
    """"How do I …?" asks for something to type: when the answering sentence describes a
    function's entry, the function's signature names it (an option list's head does not count)."""
    line = _first_line("How do I start a transfer of chunks into a remote file?", FUNCTION)
    assert line.startswith("“send_chunk_start(Pid, File)") and "Starts transfer of chunks" in line
    line = _first_line("How do I list the available font names delivered by fontconfig?", OPTIONS)
    assert "show-available-fonts" not in line.split("If bool")[0]


def test_the_span_reaches_a_signature_over_many_type_lines() -> None:
    """The span a "How do I …?" answer rests on holds the signature it quotes before "…", and
    the type lines between, however many: Show on page marks the function's name."""
    entry = ("aread(ChannelPid, Handle, Len) -> {async, N} | Error Types:\n"
             "ChannelPid = pid()\nHandle = term()\nLen = integer()\nError = {error, reason()}\nN = term()\n"
             "Reads from an open file, without waiting for the result.\n"
             "If the handle is closed, an error is returned.")
    question = "How do I read from an open file without waiting for the result?"
    answer = ExtractiveReader(embedder=None, tagger=None).read(question, [(1, entry)]).render()
    assert answer.startswith("“aread(ChannelPid, Handle, Len)")
    span, _, _ = best_span(split_answer(answer)[0][0], [("c1", entry)], question)
    assert span.startswith("aread(ChannelPid, Handle, Len) -> {async, N} | Error Types: ChannelPid = pid()")
    assert "Reads from an open file, without waiting for the result." in span


def test_a_cut_quote_does_not_pull_in_the_lines_before_it() -> None:
    """Only a piece that is the whole of the quote's part before "…" joins the span: a window
    that opened on other words leaves the lines before the sentence out."""
    chunk = "x = 1\ny = 2\nThe loop ends when the counter reaches ten."
    span, _, _ = best_span("“y = 2 z … The loop ends when the counter reaches ten.” [1]", [("c1", chunk)])
    assert span == "The loop ends when the counter reaches ten."


PARAMETERS = (
    "prompt <S> <Z>\n"
    "Same as PS1, PS2, PS3 and PS4, respectively.\n"
    "PS1 <S>\n"
    "The primary prompt string, printed before a command is read. The default is '%m%# '.\n"
    "PS2 <S>\n"
    "The secondary prompt, printed when the shell needs more information. It is expanded in the same way as PS1."
)


@pytest.mark.parametrize("question, opening", [
    ("What does PS1 do?", "“PS1 <S> … The primary prompt string, printed before a command is read."),
    ("What is PS2?", "“PS2 <S> … The secondary prompt, printed when the shell needs more information."),
])
def test_asked_what_a_name_is_the_answer_is_its_term_line_and_description(question, opening):
    """The sentences that only mention the name ("Same as PS1, …", "… in the same way as PS1")
    hold its word as well as its own entry does; the term line and its description answer."""
    assert _first_line(question, PARAMETERS).startswith(opening)


def test_a_name_in_a_sentence_is_no_term_line():
    from core.answer.entry import term_unit
    units = split_units("Set PS1 to change it.\nThe PS1 default is short.", 1)
    assert term_unit(analyse_question("What does PS1 do?"), units, [1.0, 1.0]) is None
    units = split_units("PS1 <S>\nThe primary prompt string.", 1)
    assert term_unit(analyse_question("What does the prompt do?"), units, [1.0] * len(units)) is None


ZSH_PARAMETERS = ("Same as PS1, PS2, PS3 and PS4, respectively.\nPS1 <S>\n"
                  "The primary prompt string, printed before a command is read. The default is '%m%# '.\n"
                  "PS2 <S>\nThe secondary prompt. It is expanded in the same way as PS1. The default is '%_> '.")


def test_a_name_with_markers_is_a_term_line_and_its_sentences_answer_for_it():
    """zsh writes "PS1 <S>" (a name and its markers) above each parameter's description: a term line,
    so "the default of PS1" is the default sentence under it, not a decline."""
    from core.answer.units import term_line
    assert term_line("PS1 <S>") and term_line("path <S> <Z> (PATH <S>)") and not term_line("Karl Berry <k@x.org>")
    assert _first_line("What is the default of PS1?", ZSH_PARAMETERS).startswith("“The default is '%m%# '.")


NEARCOLOR = ("It is therefore recommended to be selective in loading the zsh/nearcolor module. "
             "The zsh/nearcolor module replaces colours specified as hex triplets with the nearest colour "
             "in the 88 or 256 colour palettes.")


def test_without_an_entry_what_a_name_does_is_the_sentence_it_opens_with_a_verb():
    """zsh's manual describes a module in prose: the sentence whose subject is the name and whose
    verb is in the present tense says what it does; one that only mentions it does not."""
    assert _first_line("What does the zsh/nearcolor module do?", NEARCOLOR).startswith(
        "“The zsh/nearcolor module replaces colours")


@pytest.mark.parametrize("text, defines", [
    ("bzip2recover is a simple program whose purpose is to search for blocks.", True),
    ("bzip2recover versions prior to 1.0.2 used 32-bit integers.", False),  # a noun after the name
    ("The EXTENDED_GLOB option is always turned on for these patterns.", False),  # "is" without a noun
    ("bzip2recover was added in 0.9.", False),
])
def test_a_defining_sentence_opens_with_the_name_and_a_present_tense_verb(text, defines):
    from core.answer.entry import _defines
    assert _defines(text, {"bzip2recover", "EXTENDED_GLOB"}) is defines


ZSH_OPTIONS = ("AUTO_CONTINUE\nWith this option set, stopped jobs that are removed from the job table are sent a "
               "CONT signal.\nAPPEND_HISTORY <D>\nIf this is set, zsh sessions will append their history list to the "
               "history file, rather than replace it. The file will still be periodically re-written to trim it "
               "(see also the HIST_SAVE_BY_COPY option).\nCHECK_RUNNING_JOBS <Z>\nCheck for both running and "
               "suspended jobs when CHECK_JOBS is enabled.")


@pytest.mark.parametrize("question, opening", [
    ("Which option makes sessions append to the history file instead of replacing it?", "“APPEND_HISTORY <D> … If"),
    ("Which option makes zsh check for running jobs as well as suspended ones?", "“CHECK_RUNNING_JOBS <Z> … Check"),
])
def test_a_see_also_name_or_the_word_set_after_option_is_not_the_option_asked_for(question, opening):
    """"(see also the HIST_SAVE_BY_COPY option)" points at another entry; "With this option set" names none."""
    assert _first_line(question, ZSH_OPTIONS).startswith(opening)


def test_an_option_that_is_its_own_heading_opens_the_quote_of_the_first_sentence_under_it():
    """Ghostscript's Sphinx pages give each switch a heading ("##### -q"); the chunk's heading path ends in it."""
    reader = ExtractiveReader(embedder=None, tagger=None)
    passage = (1, "Quiet startup: suppress normal startup messages, and also do the equivalent of -dQUIET.",
               "Using Ghostscript", "Command line options > Suppress messages > -q")
    line = reader.read("Which Ghostscript switch suppresses startup messages?", [passage]).render().splitlines()[0]
    assert line.startswith("“-q … Quiet startup: suppress normal startup messages")


def test_an_option_name_alone_on_its_line_is_a_term_never_the_end_of_the_sentence_before_it():
    """GNU Aspell's option list (Texinfo HTML): "ignore-repl" after a description without a full stop."""
    units = split_units("ignore,-W\n(integer) Ignore words with N characters or less\nignore-repl\n"
                        "(boolean) Ignore commands to store replacement pairs.", 1)
    assert [(u.text, u.context) for u in units] == [
        ("(integer) Ignore words with N characters or less", "ignore,-W"),
        ("(boolean) Ignore commands to store replacement pairs.", "ignore-repl")]


def test_what_an_option_of_the_page_s_program_does_is_its_entry():
    """git's manual pages: "What does git clone --mirror do?" names the page's program besides the option."""
    reader = ExtractiveReader(embedder=None, tagger=None)
    passage = (1, "--bare\nMake a bare Git repository.\n--mirror\nSet up a mirror of the source repository. "
                  "This implies --bare. Compared to --bare, --mirror not only maps local branches.",
               "git-clone(1) Manual Page", "OPTIONS")
    line = reader.read("What does git clone --mirror do?", [passage]).render().splitlines()[0]
    assert line.startswith("“--mirror … Set up a mirror of the source repository.")


def test_command_forms_that_open_alike_are_lines_of_their_own_not_one_sentence():
    """git's synopses: each line is a form of the command; a line left open by a page break still goes on."""
    units = split_units("git stash clear\ngit stash create [<message>]\n"
                        "The command saves your local modifications away and reverts the working directory to\n"
                        "match the HEAD commit.", 1)
    assert [u.text for u in units] == ["git stash clear", "git stash create [<message>]",
                                       "The command saves your local modifications away and reverts the working "
                                       "directory to match the HEAD commit."]



def test_a_name_asked_by_its_call_form_is_found_where_a_sentence_opens_with_it() -> None:
    text = ("Note that since each unput() puts the given character back at the beginning of the input stream, "
            "pushing back strings must be done back-to-front.\n"
            "unput(c) puts the character c back onto the input stream. It will be the next character scanned.")
    line = _first_line("What does unput(c) do?", text)
    assert line.startswith("“unput(c) puts the character c back onto the input stream.")


JINJA_OPTIONS = (  # options in general mentioned first, in prose; the entries come later
    "For example, without the trim_blocks and lstrip_blocks options, this template keeps its blank lines. "
    "An application sets the trim_blocks option on the environment.\n"
    "trim_blocks\n"
    "If this is set to True the first newline after a block is removed. Defaults to False.\n"
    "lstrip_blocks\n"
    "If this is set to True leading spaces and tabs are stripped from the start of a line. Defaults to False."
)


@pytest.mark.parametrize("question", ["What does trim_blocks do?", "What does the trim_blocks option do?"])
def test_a_kind_word_in_the_question_does_not_hide_the_names_entry(question):
    """ "option" ranks the sentences about options in general above the entry, whose words say
    no "option": the entry is looked for among the units ranked without the kind word."""
    assert _first_line(question, JINJA_OPTIONS).startswith("“trim_blocks … If this is set to True the first newline")


DISK_STATES = ("Outdated\nResource data is consistent, but outdated.\n"
               "DUnknown\nThis state is used for the peer disk if no network connection is available.\n"
               "Consistent\nConsistent data of a node without connection.")


def test_a_description_that_points_back_at_its_term_is_quoted_with_it():
    """ "This state is used …" does not say which state: the term it describes comes first."""
    first = _first_line("Which disk state is used for the peer disk when there is no network connection?",
                        DISK_STATES)
    assert first.startswith("“DUnknown … This state is used for the peer disk")


def test_a_description_that_names_its_subject_gets_no_term_and_a_heading_is_no_term():
    assert _first_line("Which data is consistent but outdated?", DISK_STATES).startswith("“Resource data is")
    under_heading = split_units("This state is used when no connection is available.", 1, "DRBD", "Disk states")
    assert under_heading[0].context.split(" | ")[0] == "Disk states"  # the heading, read as the unit's context
    assert _first_line("Which state is used when no connection is available?",
                       "This state is used when no connection is available.").startswith("“This state")
