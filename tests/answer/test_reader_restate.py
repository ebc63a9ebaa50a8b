"""The reader's read-back past a sentence that restates the question (`core.answer.restate`,
off by default): switched on, the name or signature line just before it is quoted with it
(inline texts that fail without the rule), and a sentence that says something new is left as
it is."""
from __future__ import annotations

from core.answer import restate
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

OFF = {"restate_new": -1, "entry_heads": False}  # the entry's signature is quoted by `entry` too: not here
ON = {"restate_new": 3, "restate_back": 16, "entry_heads": False}
QUESTION = "How do I read from a file over SFTP without blocking on the result?"
PASSAGES = [(1, "aread(ChannelPid, Handle, Len) -> {async, N} | Error\n"
                "Reads from an open file over SFTP, without blocking on the result.\n"
                "The actual data is sent as a message to the calling process once the server has answered "
                "the whole request."),
            (2, "read(ChannelPid, Handle, Len) -> {ok, Data} | eof | Error\nReads Len bytes from the file.")]


def _first(question: str, passages: list, **settings) -> str:
    return ExtractiveReader(None, tagger=None, **settings).read(question, passages).render().splitlines()[0]


def test_restates_a_sentence_with_few_words_beyond_the_question() -> None:
    q = analyse_question(QUESTION)
    assert restate.restates(q, "Reads from an open file over SFTP, without blocking on the result.", 3)
    assert not restate.restates(q, "The actual data is sent as a message to the calling process.", 3)
    assert not restate.restates(q, "Reads from an open file over SFTP, without blocking on the result.", -1)


def test_the_name_line_before_a_restating_sentence_is_quoted_with_it() -> None:
    assert "aread" not in _first(QUESTION, PASSAGES, **OFF)
    assert "aread" in _first(QUESTION, PASSAGES, **ON)


def test_the_defaults_switch_the_rule_off() -> None:
    assert ExtractiveReader(None).restate_back == 0
    assert "aread" not in _first(QUESTION, PASSAGES, entry_heads=False)


def test_a_long_line_before_is_not_read() -> None:
    long_name = [(1, "aread(ChannelPid, Handle, Len, Options, Timeout, Extra, More, Flags, Buffer, Size, "
                     "Mode, Owner) -> {async, N} | Error\n" + PASSAGES[0][1].split("\n", 1)[1]), PASSAGES[1]]
    assert "aread" not in _first(QUESTION, long_name, **ON)


def test_a_sentence_that_says_something_new_is_left_as_it_is() -> None:
    q = "Which process gets the data that aread reads?"
    passages = [(1, "Reads data asynchronously.\nThe data that aread reads is sent as a message to the calling "
                    "process, which must be ready to receive it in its mailbox.")]
    assert _first(q, passages, **ON).startswith("“The data that aread reads")
