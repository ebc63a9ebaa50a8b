"""Self-contained questions whose words only look like a follow-up's (probes written before the rule
was changed): a demonstrative that points ahead at what a colon brings, "which one" with its choices
named, an extraposed "it" the parser hangs on the adjective, a closing noun phrase with a relative
clause of its own, a relative "that" ("a token that flex can match"), openers such as "That aside,", a demonstrative that points at a closing wh-clause or
version, and "these days". The same words with nothing to point at still
lean on the earlier question."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.phrases import expletive_its
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I quit R?", "What does this message mean: 'object not found'?"),
    ("How do I start R?", "What are these files: .RData and .Rhistory?"),
    ("Which port does FTP use?", "Which one is faster for large files, FTP or SFTP?"),
    ("How do I start the ssh daemon?", "Which one should I use for keys, RSA or Ed25519?"),
    ("How do I set the TFTP root directory?", "Why is it slow to transfer large files over TFTP?"),
    ("How do I list installed packages in R?", "Where are they stored, the packages that R installs?"),
    ("How do I install MrBayes?", "That aside, how do I set a prior on the branch lengths in MrBayes?"),
    ("How do I quit R?", "By the way, how do I clear the console in R?"),
    ("How do I install Doxygen?", "Who maintains Doxygen these days?"),
    ("How do I compress with bzip2?", "What changed in this release of bzip2, 1.0.8?"),
    ("How do I run MrBayes?", "Can you explain that again, how MrBayes chooses the burn-in?"),
    ("What is yytext in flex?", "What is the maximum length of a token that flex can match by default?"),
    ("How do I start JAGS?", "What is the largest model that JAGS can fit in memory?"),
])
def test_self_contained_questions_are_not_rewritten(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up", [
    ("How do I quit R?", "What does this message mean?"),
    ("Which port does FTP use?", "Which one is faster?"),
    ("How do I set the TFTP root directory?", "Why is it slow?"),
    ("How do I install MrBayes?", "That aside, how do I update it?"),
    ("How do I run MrBayes?", "Can you explain that again?"),
    ("How do I run MrBayes?", "Can you explain that again, how it works?"),
    ("How do I set the k-mer length?", "What happens these days if I set it too high?"),
    ("What is yytext in flex?", "What is the maximum length that it can hold?"),
    ("How do I start JAGS?", "How do I turn that off?"),
])
def test_the_same_words_with_nothing_to_point_at_still_lean(earlier, follow_up):
    assert standalone(follow_up, [Turn(earlier)], llm=None).rewritten


def test_an_it_hung_on_the_adjective_is_expletive():
    question = "Why is it slow to transfer large files over TFTP?"
    assert expletive_its(question) == {question.index("it ")}
    assert expletive_its("Why is it slow?") == set()
