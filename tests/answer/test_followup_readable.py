"""Which rewrites are shown as "understood as": a question or a request a person would write."""
from __future__ import annotations

from core.answer.readable import reads_as_question


def test_requests_read_as_written():
    assert reads_as_question("Show me the syntax of the charset command.", "Show me its syntax.")
    assert not reads_as_question("Show me the syntax of the charset command?", "Show me its syntax.")
    assert not reads_as_question("the syntax of the charset command.", "Show me its syntax.")
    assert reads_as_question("How do I change the default port of the TFTP daemon?", "how do I change it?")
