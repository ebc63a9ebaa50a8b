"""Which rewrites are shown as "understood as": a question or a request a person would write, not one that says
a word twice where neither question did, nor one whose pronoun still points outside it."""
from __future__ import annotations

from core.answer.followup import standalone
from core.answer.readable import reads_as_question, said_twice
from core.types import Turn


def test_requests_read_as_written():
    assert reads_as_question("Show me the syntax of the charset command.", "Show me its syntax.")
    assert not reads_as_question("Show me the syntax of the charset command?", "Show me its syntax.")
    assert not reads_as_question("the syntax of the charset command.", "Show me its syntax.")


def test_a_word_said_twice_by_neither_question_is_no_rewrite_to_show():
    assert said_twice("What is the default width of the default shape of a node in dot?", "and its default width?",
                      "What is the default shape of a node in dot?")
    assert said_twice("How do I make Biber sort case sort lowercase before uppercase?",
                      "and how do I make it sort lowercase before uppercase?", "How do I make Biber sort case insensitively?")
    assert not said_twice("What is the default value of the RandomSeed option of AMC?", "what is its default value?",
                          "What does the RandomSeed option of AMC do?")
    assert not said_twice("Which file holds the file list?", "which file holds the file list?", "What is a file list?")


def test_a_botched_rewrite_is_retrieved_but_not_shown():
    out = standalone("and its default width?", [Turn("What is the default shape of a node in dot?")], llm=None)
    assert out.rewritten and not out.readable
    out = standalone("where does it look for it first?", [Turn("What is the default name of Biber's config file?")],
                     llm=None)
    assert out.rewritten and not out.readable
