"""What a question asks for: a default or a way to change one; what a thing does, not its name."""
from __future__ import annotations

import pytest

from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.units import split_units

EDITOR = ("Debian provides unified access to the system default editor via the command /usr/bin/editor. "
          "You can change it by the following.\n$ sudo update-alternatives --config editor")
ALTERNATIVES = ("The update-alternatives system picks programs such as editor and www-browser (see Setting a "
                "default text editor).")
RESET = ("The reset command causes all graph-related options that can be set with the set command to return to "
         "their default values.")
SYSTEMCTL = ('| Operation | Command snippets |\n|---|---|\n| Reset failed "$unit" | "systemctl reset-failed $unit" |\n'
             '| Stop "$unit" | "systemctl stop $unit" |')
DENSITY = ("getimages prepares scan images before the analysis and writes them to the scans directory. "
           "--density D: the density used to turn PDF scans into bitmaps. Defaults to 300.")


@pytest.mark.parametrize("question, default", [
    ("How do I change the system default editor?", False),  # a way to change it
    ("How can I set the default font?", False),
    ("What is the default editor?", True),
    ("What density does getimages use unless told otherwise?", True),
])
def test_a_question_asks_for_a_default_only_when_it_asks_what_it_is(question, default) -> None:
    assert analyse_question(question).default is default


def test_a_way_to_change_a_default_is_not_read_from_a_sentence_that_names_one() -> None:
    result = ExtractiveReader(None).read("How do I change the system default editor?",
                                         [(1, ALTERNATIVES, "Reference", "Tips"), (2, EDITOR, "Reference", "Editor")])
    assert "update-alternatives --config editor" in result.render().splitlines()[0]


def test_a_default_asked_without_the_word_is_read_from_the_sentence_that_states_it() -> None:
    result = ExtractiveReader(None).read("What density does getimages use to turn PDF scans into bitmaps unless "
                                         "told otherwise?", [(1, DENSITY, "AMC", "getimages")])
    assert result.render().splitlines()[0] == "“Defaults to **300**.” [1]"


def test_what_a_command_does_is_its_describing_sentence_not_a_row_that_names_it() -> None:
    result = ExtractiveReader(None).read("What does the reset command do?",
                                         [(1, RESET, "gnuplot", "Reset"), (2, SYSTEMCTL, "Reference", "systemd")])
    assert result.render().splitlines()[0].startswith("“The reset command causes all graph-related options")


OCTAVE = ("val = PS2 () old_val = PS2 (new_val)\nQuery or set the secondary prompt string.\n"
          "The default value of the secondary prompt string is \"> \".\n"
          "val = PS4 () old_val = PS4 (new_val) PS4 (new_val, \"local\")\n"
          "Query or set the character string used to prefix output produced when echoing commands is enabled.\n"
          "The default value is \"+ \". See Section 2.4.8 for a description of echoing commands.")


def test_a_default_of_symbols_is_read_under_its_entrys_call_forms() -> None:
    units = split_units(OCTAVE, 1, "GNU Octave", "Customizing the Prompt")
    plus = next(u for u in units if u.text == "The default value is \"+ \".")
    assert plus.context.startswith("val = PS4 () old_val = PS4 (new_val)")  # Octave's call forms: the entry's term
    result = ExtractiveReader(None).read("What is the default value of PS4?",
                                         [(1, OCTAVE, "GNU Octave", "Customizing the Prompt")])
    assert result.render().splitlines()[0] == "“The default value is \"+ \".” [1]"  # "+ " is a value, not nothing
