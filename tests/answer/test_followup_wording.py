""""Understood as" reads as a question a person would write: fixed cases whose old rewrite was
clumsy (the old text in the comment), from the tuning sets and the browser."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.wording import owner, same_preposition
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, understood", [
    # was "What is the default block size of data in a bzip2 file?"
    ("How do I compress data in a bzip2 file?", "and what is the default block size?",
     "What is the default block size in bzip2?"),
    # was "… of data in bzip2 file?"
    ("How do I recover data from a damaged bzip2 file?", "and what is the default block size?",
     "What is the default block size in bzip2?"),
    # was "Which exit code does Biber return on success on error?"
    ("Which exit code does Biber return on success?", "and on error?", "Which exit code does Biber return on error?"),
    # was "… for a corrupt compressed file for an internal consistency error?"
    ("What exit value does bzip2 return for a corrupt compressed file?", "and for an internal consistency error?",
     "What exit value does bzip2 return for an internal consistency error?"),
    # was "… with bzip2 with -9?"
    ("What is the compressed size of the Calgary Corpus with bzip2 -1?", "and with -9?",
     "What is the compressed size of the Calgary Corpus with bzip2 -9?"),
    # was "What is the default of Biber's --dot-?"
    ("What does Biber's --dot-include option do?", "what is its default?",
     "What is the default of Biber's --dot-include option?"),
    # was "What is the default file called of Biber's --recodedata option?"
    ("What does Biber's --recodedata option do?", "what is the default file called?",
     "What is the default file of Biber's --recodedata option called?"),
    # was "What are the files called of bzip2recover?"
    ("What does bzip2recover write for each block it finds?", "what are those files called?",
     "What are the files of bzip2recover called?"),
    # was "What is the range of the resolution of the programmable voltage source of expEYES Junior?"
    ("What is the resolution of the programmable voltage source of expEYES Junior?", "and its range?",
     "What is the range of the programmable voltage source of expEYES Junior?"),
    # was "What does the stats.txt file?"
    ("What does the contigs.fa file contain?", "and the stats.txt file?", "What does the stats.txt file contain?"),
    # was "What is the option called in 100bp?"
    ("How do I make velvetg print only contigs longer than 100bp?", "what is the option called?",
     "What is the option to make velvetg print only contigs longer than 100bp called?"),
    # was "What operating systems does Windows run on?"
    ("What operating systems does HMMER run on?", "what about Windows?", "Does HMMER run on Windows?"),
    # was "Can Biber be set on the command line?"
    ("What does the nolabel option of Biber do?", "can it be set on the command line?",
     "Can the nolabel option of Biber be set on the command line?"),
    # was "… of the sortexclusion element of a Biber?"
    ("What does the sortexclusion element of a Biber sorting template do?", "can you show an example of it?",
     "Can you show an example of the sortexclusion element of a Biber sorting template?"),
    # was "What current does measure_cap measure capacitance use?"
    ("How does expEYES measure_cap measure capacitance?", "what current does it use?", "What current does measure_cap use?"),
    # was "Can both pins be the same in r2rtime measure?"
    ("What does r2rtime measure in expEYES?", "can both pins be the same?", "Can both pins be the same in r2rtime?"),
    # was not rewritten: "zlib" read as a name and "bundled" as a verb made it a whole question
    ("How do I compile Velvet with OpenMP?", "and with the bundled zlib?", "How do I compile Velvet with the bundled zlib?"),
    # was not rewritten: 'read' read as the verb of "which read categories"
    ("What file formats does velveth support?", "and which read categories?",
     "Which read categories does velveth support?"),
    ("What is the maximum value of NP for the capture function of expEYES?", "and for capture4?",
     "What is the maximum value of NP for capture4 of expEYES?"),
    # was "What is the maximum gap count in Tour used for?"
    ("What is Tour Bus?", "What is the maximum gap count used for?", "What is the maximum gap count in Tour Bus used for?"),
])
def test_understood_as_reads_naturally(earlier, follow_up, understood):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (understood, True, True)


def test_owner_is_the_named_program_not_the_object():
    assert owner("How do I compress data in a bzip2 file?") == ("bzip2", "in")
    assert owner("How do I open a connection with the Erlang FTP client?") == ("the Erlang FTP client", "of")
    assert owner("How do I start?") == ("", "")


def test_same_preposition_keeps_a_named_phrase():
    assert same_preposition("What is the default gap open probability for phmmer?", "for gap extension") == ""
    assert same_preposition("Which exit code does Biber return on success?", "with ftps") == ""
