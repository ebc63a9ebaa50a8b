"""A default question's bold mark goes on the value the sentence gives ("900k"), never on a
program name that only holds a digit ("bunzip2"); a value marked "(the default)" is the answer."""
from __future__ import annotations

import re

import pytest

from core.answer.reader import ExtractiveReader
from core.answer.values import is_value, parenthesised_defaults, value_like

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _passages(program: str, size: str) -> list[tuple[int, str]]:
    """A generated manual page of a compressor whose decompressor's name holds a digit."""
    return [
        (1, "The flags -1 through -9 specify the block size to be 100,000 bytes through 900,000 bytes respectively. "
            f"At decompression time, the block size is read from the header of the compressed file, and {program} "
            "then allocates itself just enough memory."),
        (2, f"For files compressed with the default {size} block size, {program} will require about 3700 kbytes "
            f"to decompress. To support decompression of any file on a 4 megabyte machine, {program} has an option "
            "to decompress using half this amount of memory."),
    ]


def _bold(question: str, passages: list[tuple[int, str]]) -> list[str]:
    result = ExtractiveReader(embedder=None).read(question, passages)
    assert result.supported, result
    return _BOLD.findall(result.render().splitlines()[0])


@pytest.mark.parametrize("program,size", [("bunzip2", "900k"), ("unzpack3", "640k"), ("xdec7", "2M")])
def test_the_default_question_marks_the_value_not_the_program_name(program: str, size: str) -> None:
    bold = _bold("What is the default block size?", _passages(program, size))
    assert bold == [size], bold


def test_a_value_marked_the_default_in_brackets_is_the_answer() -> None:
    passages = [(1, "The flags -1 through -9 specify the block size to be 100,000 bytes through "
                    "900,000 bytes (the default) respectively.")]
    assert _bold("What block size does the compressor use by default?", passages) == ["900,000 bytes"]


def test_a_name_with_a_digit_the_sentence_states_as_the_default_stays_marked() -> None:
    passages = [(1, "Default encoding is utf8 unless the preamble asks for another one.")]
    assert _bold("What is the default encoding?", passages) == ["utf8"]


def test_values_and_names() -> None:
    assert all(is_value(t) for t in ("900k", "100,000 bytes", "0.001", "3.5 MB", "10%", '"random"', "--fast",
                                     "level=6", "HKY85", "off"))
    assert not any(is_value(t) for t in ("bunzip2", "libxml2", "the program", "optimised", "9 specify"))
    assert not value_like("bunzip2", "For files compressed with the default 900k block size, bunzip2 will …")
    assert value_like("Relative Colorimetric") and value_like("0.001")
    assert parenthesised_defaults("Use -O2 (default) or -O3.") == [("-O2", 4)]


def test_a_path_is_a_value_and_an_abbreviation_is_not() -> None:
    assert all(is_value(t) for t in ("/etc/foo.conf", "~/.ne", ".bashrc", "out.txt", "./configure", "../lib"))
    assert not any(is_value(t) for t in ("e.g", "i.e", "Fig.3", "and/or"))


def test_a_term_line_that_says_default_states_the_default_of_the_sentence_under_it():
    """zsh's spelling prompt lists its actions as term lines; "n (‘no’) (default)" marks the default one."""
    spell = ("SPROMPT <S>\nThe prompt used for spelling correction. The actions available at the prompt are [nyae]:\n"
             "n (‘no’) (default)\nDiscard the correction and run the command.\n"
             "y (‘yes’) Make the correction and run the command.\n"
             "DIRSTACKSIZE\nThe maximum size of the directory stack, by default there is no limit.")
    first = ExtractiveReader(embedder=None).read("What is the default action at the spelling correction prompt?",
                                                 [(1, spell)]).render().splitlines()[0]
    assert first.replace("**", "").startswith("“Discard the correction and run the command.”")



def test_a_default_stated_for_a_longer_phrase_is_read_as_the_default() -> None:
    """"The default for the console program is off" states a default as "The default is on" does (seen
    in Bacula's console manual, where the next entry's "The default is on." was quoted instead)."""
    entries = (
        "autodisplay on/off This command accepts on or off as an argument, and turns the automatic display of "
        "messages on or off. The default for the console program is off, which means that you are told when "
        "messages are waiting, but they are not shown until you ask.\n"
        "When autodisplay is turned off, you fetch the messages with the messages command. When autodisplay is "
        "turned on, the messages are printed on the console as they come in.\n"
        "automount on/off This command accepts on or off as the argument, and turns the mounting of a volume "
        "after a label command on or off. The default is on. If automount is turned off, you mount the volumes "
        "yourself after a label command.")
    passages = [
        (1, entries, "Console Guide", "Console > Commands"),
        (2, "When the console starts, it reads its configuration file from the current folder. The file allows a "
            "default configuration of the console; only the Director resource is defined.", "Console Guide",
         "Console > Configuration"),
        (3, "The console program can be run with the options below; run it with -s to turn off signals.",
         "Console Guide", "Console > Running the Console Program"),
    ]
    result = ExtractiveReader(embedder=None).read("What is the default for autodisplay in the console program?",
                                                  passages)
    assert result.answer == "off"  # the value it states, not a word of its sentence ("messages")
    assert "The default for the console program is off" in result.render().splitlines()[0]


@pytest.mark.parametrize("sentence, value", [
    ("The default for the console program is off, which means …", "off"),
    ("The default value for the timeout is 30 seconds.", "30 seconds"),
    ("The default is on.", "on"),
    ("The default for gzip is -6.", "-6"),
])
def test_what_a_sentence_states_as_the_default(sentence: str, value: str) -> None:
    from core.answer.spans import default_spans
    assert [m.text for m in default_spans(sentence)][:1] == [value]
