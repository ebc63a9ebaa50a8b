"""A pick whose document names nothing the question names gives way to a passage that does
(`core.answer.named_passages`), before the reader declines for it; seen in a walk over Bacula's
utility guide and aptitude's manual: "Which bextract option sets the debug level?" was declined
for aptitude's log-level sentence while the bextract section held "-dnn set debug level to nn"."""
from __future__ import annotations

from dataclasses import replace

from core.answer.reader import ExtractiveReader

QUESTION = "Which bextract option sets the debug level?"
PASSAGES = [(1, "The option --debug-level sets the debug level of every log message the option parser writes.",
             "aptitude user's manual", "Configuration file reference > Available options"),
            (2, "-dnn set debug level to nn", "Bacula Utility Programs", "Volume Utility Tools > bextract"),
            (3, "Please note that some of the current limitations of the program are listed below.",
             "Bacula Utility Programs", "Volume Utility Tools > bextract")]


def test_the_answer_comes_from_the_passage_that_names_the_program():
    result = ExtractiveReader(None).read(QUESTION, PASSAGES)
    assert result.supported
    assert result.readings[0].sentence.startswith("-dnn set debug level")


def test_without_the_retry_the_other_documents_pick_was_declined():
    result = replace(ExtractiveReader(None), named_retry=False).read(QUESTION, PASSAGES)
    assert not result.supported


def test_no_passage_naming_the_program_still_declines():
    passages = [PASSAGES[0], (2, "Logging is configured in the options file.", "aptitude user's manual", "Logging")]
    assert not ExtractiveReader(None).read(QUESTION, passages).supported
