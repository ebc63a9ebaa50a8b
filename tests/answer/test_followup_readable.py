"""Which rewrites are shown as "understood as": a question or a request a person would write, not one that says
a word twice where neither question did, nor one whose pronoun still points outside it (those are retrieved
with, only not shown)."""
from __future__ import annotations

from core.answer.followup import standalone
from core.answer.qa import answer_turn
from core.answer.readable import reads_as_question, said_twice
from core.types import RetrievalResult, Turn

HIDDEN = "Where does Biber's config file look for the default name of Biber's config file first?"


def test_requests_read_as_written():
    assert reads_as_question("Show me the syntax of the charset command.", "Show me its syntax.")
    assert not reads_as_question("Show me the syntax of the charset command?", "Show me its syntax.")
    assert not reads_as_question("the syntax of the charset command.", "Show me its syntax.")
    assert reads_as_question("How do I change the default port of the TFTP daemon?", "how do I change it?")


def test_a_word_said_twice_by_neither_question_is_no_rewrite_to_show():
    assert said_twice("What is the default width of the default shape of a node in dot?", "and its default width?",
                      "What is the default shape of a node in dot?")
    assert said_twice("How do I make Biber sort case sort lowercase before uppercase?",
                      "and how do I make it sort lowercase before uppercase?", "How do I make Biber sort case insensitively?")
    assert not said_twice("What is the default value of the RandomSeed option of AMC?", "what is its default value?",
                          "What does the RandomSeed option of AMC do?")
    assert not said_twice("Which file holds the file list?", "which file holds the file list?", "What is a file list?")


def test_a_botched_rewrite_is_retrieved_with_but_not_shown():
    out = standalone("where does it look for it first?", [Turn("What is the default name of Biber's config file?")],
                     llm=None)
    assert out.rewritten and not out.readable
    assert out.text == HIDDEN  # its words find the page
    out = standalone("and its default width?", [Turn("What is the default shape of a node in dot?")], llm=None)
    assert (out.text, out.readable) == ("What is the default width of a node in dot?", True)  # once hidden: its default
    out = standalone("what is its default value?", [Turn("What does the RandomSeed option of AMC do?")], llm=None)
    assert out.rewritten and out.readable


def test_the_answer_records_the_hidden_text_it_was_retrieved_with():
    asked = []

    def retrieve(text: str) -> RetrievalResult:
        asked.append(text)
        return RetrievalResult(question=text, retriever="stub", chunks=())

    answer = answer_turn("where does it look for it first?", retrieve, None, None,
                         history=[Turn("What is the default name of Biber's config file?")])
    assert answer.understood_as == "" and answer.question == "where does it look for it first?"
    assert answer.retrieval.question == asked[0] == HIDDEN


def test_a_hidden_rewrite_is_what_the_next_follow_up_builds_on():
    def retrieve(text: str) -> RetrievalResult:
        return RetrievalResult(question=text, retriever="stub", chunks=())

    first = answer_turn("where does it look for it first?", retrieve, None, None,
                        history=[Turn("What is the default name of Biber's config file?")])
    assert first.understood_as == "" and first.retrieval.question == HIDDEN
    second = answer_turn("and can I change it?", retrieve, None, None, history=[first])
    assert "Biber" in second.retrieval.question  # built on the hidden rewrite, not on "where does it look …"
