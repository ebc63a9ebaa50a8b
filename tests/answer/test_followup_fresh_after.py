"""Self-contained second questions the rewrite used to take for follow-ups (found on the Velvet
tuning set): another setting after a question about an option, a phrase bounded by its own
"of" tail or relative clause, and a question that already holds all the earlier one could lend."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.fresh_after import another_setting, nothing_to_lend
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("What does -cov_cutoff do?", "What is the default maximum gap count?"),
    ("What does -read_trkg do?", "Is the hash length limited?"),
    ("What does -min_contig_lgth do?", "Why must the hash length be an odd number?"),
    ("What is the expected coverage?", "What is the default number of short read categories?"),
    ("How do I pipe reads into velveth?", "And how do I get the reads that are not used in the assembly?"),
    ("How do I set the insert length?", "How do I estimate the insert length and check that it is right?"),
    ("What does -max_branch_length do?", "How long is the maximum branch length by default?"),  # the option spelled out
])
def test_self_contained_second_questions_start_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up", [
    ("What does Biber's --recodedata option do?", "what is the default file called?"),
    ("What does the -dKPreserve option of Ghostscript control?", "what does the value 2 mean?"),
    ("What does hmmbuild's --fragthresh option do?", "what's the default?"),
    ("How do I start R?", "What is the maximum number of iterations?"),
    ("How do I set the insert length?", "and how do I estimate it?"),
])
def test_follow_ups_still_lean(earlier, follow_up):
    assert not another_setting(follow_up, earlier) and not nothing_to_lend(follow_up, earlier)
    assert standalone(follow_up, [Turn(earlier)], llm=None).rewritten


def test_another_setting_needs_an_option_earlier():
    assert another_setting("Is the hash length limited?", "What does -read_trkg do?")
    assert not another_setting("Is the hash length limited?", "How do I run velveth?")
    assert not another_setting("Is the cutoff count limited?", "What does -cov_cutoff do?")  # said earlier
