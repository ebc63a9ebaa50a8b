"""Reader rules found on the development sets (benchmarks/answer_tuning/dev-set-4.jsonl, dev-set-5.jsonl):
the user's word for the manual's ("smallest" / "minimum"), a quoted command, a path for "where",
a mark that never cuts a word, a named entry's default in its head line, the name that answers
"Which preference …?". Each test turns its rule off and sees the old answer."""
from __future__ import annotations

from core.answer.decline import missing_names
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.reading import closed
from core.answer.same_words import asked_as
from core.answer.spans import path_spans
from core.answer.unit_terms import contents_entries, quoted_words
from core.answer.units import Unit


def _first(question: str, passages: list, **fields) -> str:
    result = ExtractiveReader(None, **fields).read(question, passages)
    assert result.supported
    return result.render().splitlines()[0]


def test_smallest_asked_reads_minimum_written():
    passages = [(1, "Each variable has a rank.", "MATIO", "Reading"),
                (2, "The minimum rank of an array is 2.", "MATIO", "Variables")]
    question = "What is the smallest rank a variable can have?"
    assert _first(question, passages) == "“The minimum rank of an array is 2.” [2]"
    assert "Each variable has a rank" in _first(question, passages, same_words=False)
    assert asked_as({"largest"}, {"maximum", "size"}) == {"largest", "maximum", "size"}
    assert asked_as({"largest"}, {"size"}) == {"size"}


def test_a_quoted_command_counts_only_where_the_unit_quotes_it():
    q = analyse_question("In ne's status bar, what does the letter 'w' mean after I type 'dots on'?")
    units = [Unit("A lower case ‘w’ will appear on the status bar.", 1, "prose"),
             Unit("w is a letter.", 1, "prose"),
             Unit("The command 'Dots on' draws dots.", 2, "prose"),
             Unit("The number of dots on the surface.", 2, "prose")]
    assert list(quoted_words(q, units)) == [0.1, 0.0, 0.1, 0.0]
    code = analyse_question("What does '--prefix=DIR' set?")
    assert list(quoted_words(code, [Unit("Pass --prefix=DIR to configure.", 1, "prose")])) == [0.1]
    assert not quoted_words(q, units, 0.0).any()


def test_the_quoted_command_lifts_its_sentence_in_the_ranking():
    q = analyse_question("What dot density does RasMol use when I type 'dots on'?")
    units = [Unit("RasMol draws dots on a surface; the dot density sets how many.", 1, "prose"),
             Unit("The command 'dots on' uses 100 per atom.", 2, "prose")]
    on, _ = ExtractiveReader(None).score_units(q, units, [1, 2])
    off, _ = ExtractiveReader(None, quoted_bonus=0.0).score_units(q, units, [1, 2])
    assert round(float(on[1] - off[1]), 4) == 0.1 and float(on[0]) == float(off[0])


def test_where_a_program_installs_is_answered_with_a_path():
    assert [m.text for m in path_spans("copy to /usr/local/atlas/lib, ~/.ne/syntax, <dir>/include, a/b")] == \
        ["/usr/local/atlas/lib", "~/.ne/syntax"]
    assert [m.text for m in path_spans("output in project-dir/cr/corrections/pdf, not and/or TCP/IP, see e.g. "
                                       "foo-final.tex and .rasmolrc, http://x.org/a/b")] == \
        ["project-dir/cr/corrections/pdf", "foo-final.tex", ".rasmolrc"]
    passages = [(1, "By default, ATLAS automatically uses the architectural defaults anytime it has results for the "
                    "given architecture. By default, make install will copy all the static libraries to "
                    "/usr/local/atlas/lib.", "ATLAS", "Install")]
    first = _first("Where does ATLAS install its files by default if --prefix is not given?", passages)
    assert "**/usr/local/atlas/lib**" in first


def test_a_mark_never_cuts_a_word():
    text = "The nfsroot needs about 780MB of free disk space."
    start = text.index("about")
    assert text[slice(*closed(text, start, start + len("about 780")))] == "about 780MB"
    assert text[slice(*closed(text, start, start + len("about")))] == "about"


def test_a_named_entry_default_is_read_from_its_head_line():
    passages = [(1, "maxGIOPVersion default = 1.2\nChoose the maximum GIOP version the ORB should support.\n"
                    "giopMaxMsgSize default = 2097152\nThe largest message, in bytes, that the ORB will send or "
                    "receive, to avoid resource starvation.\nIf the limit is exceeded, a MARSHAL exception is thrown.\n"
                    "useTypeCodeIndirections default = 1", "omniORB guide", "GIOP options")]
    first = _first("What is the default value of omniORB's giopMaxMsgSize parameter, the largest GIOP message?",
                   passages)
    assert first.startswith("“giopMaxMsgSize default = 2097152 … The largest message")
    assert "**" not in first  # the value is in the head line: no word of the sentence is marked


def test_which_preference_is_answered_by_the_name_its_sentence_is_read_under():
    passages = [(1, "show_inline_attachments\n'0' or '1'. Show inline attachments in MimeView. Default is '1'.\n"
                    "skip_ssl_cert_check\nDisables the verification of SSL certificates when set to '1'. Default "
                    "value is '0'.\nstatusbar_update_step\nUpdate stepping in progress bars.", "Claws Mail",
                 "Hidden preferences")]
    first = _first("Which hidden preference in Claws Mail turns off verification of SSL certificates?", passages)
    assert first.startswith("“skip_ssl_cert_check … Disables the verification of SSL certificates")
    other = _first("How does Claws Mail turn off verification of SSL certificates?", passages)
    assert not other.startswith("“skip_ssl_cert_check")  # only "Which preference / setting / option …?" asks for it


def test_a_contents_line_counts_half():
    units = [Unit("o: o | Running RasMol Under UNIX or VMS: Command Line Interface", 1, "row",
                  section="Contents | manual"),
             Unit("Command lines are limited to 256 characters.", 2, "prose",
                  section="General Operation > Command Line Interface | manual"),
             Unit("Running RasMol starts an Emacs session with General Operation.", 2, "prose",
                  section="General Operation > Command Line Interface | manual")]
    assert list(contents_entries(units)) == [0.5, 1.0, 1.0]  # a sentence that ends with a heading is no entry
    assert list(contents_entries(units, 1.0)) == [1.0, 1.0, 1.0]


def test_the_longest_asked_is_the_maximum_written_and_not_declined():
    passages = [(1, "o | Running RasMol Under UNIX or VMS\no | Command Line Interface", "manual", "Contents"),
                (2, "Characters typed are processed on the command line. There is an internal restriction that "
                    "command lines are limited to a maximum of 256 characters.", "RasMol manual",
                 "General Operation > Command Line Interface")]
    question = "What is the longest command line RasMol will accept?"
    assert "256 characters" in _first(question, passages)
    units = [Unit("Command lines are limited to a maximum of 256 characters.", 1, "prose"),
             Unit("RasMol reads commands.", 2, "prose")]
    q = analyse_question(question)
    on = ExtractiveReader(None)._coverage(q, units[0], units)
    off = ExtractiveReader(None, same_words=False)._coverage(q, units[0], units)
    assert on > off  # the coverage that declines reads "maximum" as the asked "longest" too


def test_the_default_directory_asked_is_the_path_not_the_other_default(monkeypatch):
    import re

    import core.answer.answer_type as answer_type
    import core.answer.candidates as candidates
    passages = [(1, "The repository is where archives are stored. Type: string, default: /var/archives.\n"
                    "export BM_REPOSITORY_ROOT=\"/var/archives\"\nType: boolean, default: true. The repository root "
                    "directory is owned by root.", "Backup Manager", "The Repository")]
    question = "In Backup Manager, what is the default directory where archives are stored (the repository root)?"
    assert _first(question, passages) == "“Type: string, default: **/var/archives**.” [1]"
    monkeypatch.setattr(candidates, "PATH_FIT", 0.0)
    monkeypatch.setattr(answer_type, "_PATH", re.compile(r"(?!)"))  # no question asks for a path
    assert _first(question, passages) == "“Type: boolean, default: true.” [1]"  # without the path rule


def test_what_file_a_module_produces_is_the_file_name():
    passages = [(1, "The module expand produces a LaTeX source from the original one by expanding included files and "
                    "packages. If the main file is foo.tex then the expanded file will be named foo-final.tex.",
                 "Rubber", "Source file expansion")]
    first = _first("What file does rubber's expand module produce when the main document is foo.tex?", passages)
    assert "foo-final.tex" in first


def test_a_plural_acronym_asked_is_seen_in_the_singular():
    question = "In OpenAFS ACLs, which individual permissions does the shorthand 'write' stand for?"
    evidence = ["The OpenAFS User Guide. You can combine the seven permissions in an ACL entry."]
    assert missing_names(question, evidence) == []
    assert missing_names("In OpenAFS XYZs, which permissions does 'write' stand for?", evidence) == ["XYZs"]
