"""Follow-ups from a walk over PostgreSQL's and the Debian Administrator's Handbook's HTML pages
(stop 49): "Is it safe to use?" points back (its "it" holds the place of nothing after it), a bare
"Is it possible?" after "How do I …?" asks about that action, a name the tagger reads as an adverb
("the PostgreSQL server") stays in the subject, and a rewrite that writes a name in
capitals twice ("VACUUM FULL … a plain VACUUM") is shown."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.phrases import expletive_its
from core.types import Turn

DPKG = "Which dpkg option overwrites a file that belongs to another package?"


@pytest.mark.parametrize("earlier, follow_up, standalone_form", [
    (DPKG, "Is it safe to use?",
     "Is the dpkg option that overwrites a file that belongs to another package safe to use?"),
    ("How do I enable huge pages?", "Is it possible?", "Is it possible to enable huge pages?"),
    ("How do I delete the cache?", "and is it a good idea?", "Is it a good idea to delete the cache?"),
    ("What does VACUUM FULL do?", "How does it differ from a plain VACUUM?",
     "How does VACUUM FULL differ from a plain VACUUM?"),
    ("What port does the PostgreSQL server listen on by default?", "Can I change it?",  # "PostgreSQL" tagged an adverb
     "Can I change the port of the PostgreSQL server?"),
    ("Where is the crontab of a user stored?", "Can I edit it directly?", "Can I edit the crontab of a user directly?"),
    ("Which psql command lists databases?", "and tables?", "Which psql command lists tables?"),  # not "psql tables"
])
def test_the_follow_up_is_rewritten_and_shown(earlier, follow_up, standalone_form):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (standalone_form, True, True)


def test_an_it_that_holds_the_place_of_a_clause_still_starts_fresh():
    earlier = [Turn("How do I enable huge pages?")]
    out = standalone("Is it possible to run two servers on one machine?", earlier, llm=None)
    assert not out.rewritten
    assert expletive_its("What does it mean when groff warns?") and expletive_its("Is it OK to delete the cache?")
    assert not expletive_its("Is it safe to use?") and not expletive_its("Is it possible?")


@pytest.mark.parametrize("earlier, question", [
    ("What is the resolution of the timestamp type?", "How many bytes does the interval type take?"),
    ("Which daemon collects log messages?", "What does the kern facility mean?"),
])
def test_a_thing_named_by_its_kind_starts_fresh(earlier, question):
    assert not standalone(question, [Turn(earlier)], llm=None).rewritten  # "the interval type", "the kern facility"
