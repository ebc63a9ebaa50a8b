"""Follow-ups about programs whose names are English words or sit beside a place (probes of stop 42,
written before the rules were changed): a program named by a plain word after an inverted
auxiliary ("does tar support", "can df print") names the question's own subject; "which of these
commands, paste or join, …" names its choices; "it" after "How do I install pandoc on Linux?" is
pandoc, not Linux; "undo that" undoes the earlier action ("deleting a branch in git"); "and on macOS?"
swaps the place; a rewrite is never cut short ("… option of?")."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.readable import botched, reads_as_question
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I create a gzip archive with tar?", "What other compression formats does tar support?"),
    ("How do I sort numbers with sort?", "What other sort keys does sort accept?"),
    ("How do I check disk usage with du?", "What other units can df print sizes in?"),
    ("How do I print a file with lpr?", "What else does cups need to print to a network printer?"),
    ("How do I join two files with join?", "Which of these commands, paste or join, merges lines by a key field?"),
    ("How do I list files with ls?", "Which of those two options, -a or -A, lists hidden files in ls?"),
    ("How do I create a user in PostgreSQL?", "Which of those privileges, CREATEDB or SUPERUSER, lets a role create databases?"),
])
def test_a_question_naming_its_own_program_or_choices_starts_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up", [
    ("How do I remove all capture modifiers in expEYES?", "what does capture do then?"),
    ("How do I list files with ls?", "What other options does it take?"),
    ("How do I join two files with join?", "Which of these commands merges lines?"),
])
def test_the_same_shapes_without_a_name_still_lean(earlier, follow_up):
    assert standalone(follow_up, [Turn(earlier)], llm=None).rewritten


@pytest.mark.parametrize("earlier, follow_up, rewrite", [
    ("How do I install pandoc on Linux?", "Does it also work on Windows?", "Does pandoc also work on Windows?"),
    ("How do I run inkscape from the command line on Linux?", "What file formats can it export?",
     "What file formats can inkscape export?"),
    ("How do I install texlive on Ubuntu?", "How big is it?", "How big is texlive?"),
    ("How do I run flex from the command line?", "and which options does it take?", "Which options does flex take?"),
    ("Which license does Blender use?", "And GIMP?", "Which license does GIMP use?"),
    ("How do I generate a PDF with pdflatex?", "Why does it need two runs?", "Why does pdflatex need two runs?"),
    ("How do I enable syntax highlighting in nano?", "and in vim?", "How do I enable syntax highlighting in vim?"),
    ("How do I convert an SVG to PNG with rsvg-convert?", "What about to PDF?",
     "How do I convert an SVG to PDF with rsvg-convert?"),
    ("How do I delete a branch in git?", "How do I undo that?", "How do I undo deleting a branch in git?"),
    ("How do I convert the LastGraph file to a .dot file?", "which program turns that into an image?",
     "Which program turns the LastGraph file into an image?"),
    ("Where is the bash startup file on Linux?", "and on macOS?", "Where is the bash startup file on macOS?"),
    ("What does the --jobs option of make do?", "What is its default value?",
     "What is the default value of the --jobs option of make?"),
])
def test_the_rewrite_points_at_the_program_and_swaps_the_place(earlier, follow_up, rewrite):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewrite, True, True)


def test_a_rewrite_cut_short_is_not_shown():
    assert not reads_as_question("What is the default value of the --jobs option of?", "What is its default value?")
    assert not reads_as_question("How do I convert an to PDF to PNG with rsvg-convert?", "What about to PDF?")
    assert reads_as_question("What does the option depend on?", "What does it depend on?")


def test_a_rewrite_whose_its_still_points_outside_is_retrieved_with_but_not_shown():
    earlier = "Where does Firefox store its profiles on Linux?"
    assert botched("Can I move its profiles to another disk in Firefox?", "Can I move them to another disk?", earlier)
    out = standalone("Can I move them to another disk?", [Turn(earlier)], llm=None)  # "its" told by its owner now
    assert (out.text, out.readable) == ("Can I move the profiles of Firefox to another disk?", True)
