"""Reading on from the answering sentence: what it announces, its short neighbour, what goes on.

A sentence that announces what follows ("… the command is" / "> q()", "… the following
command:") brings the line or block it announces (`completed`, and `completed_onward` after a
read-on); a short sentence is read with its neighbour (`read_around`); a next sentence that
goes on from it ("In that case …") is read too (`read_onward`). Each returns the reading as it
was when its case does not apply. Split from `reading` (the Reading type and the quotes).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping

from core.answer.reading import Reading
from core.answer.units import PROMPT, Unit, announces, term_line, term_of


def completed(reading: Reading, unit: Unit, nxt: Unit | None,
              following: Mapping[Unit, Unit] | None = None, block_words: int = 0) -> Reading:
    """The reading of a sentence that announces what follows (`announces`: "… must include the
    statement:", "… the command is" before a code line) read on into the unit that follows it
    in its passage (what it announces: the command, the list's first item), which the quote
    then shows; when that unit is a line of code, the block's next code lines too
    (`following`: reading order) while the quote stays within `block_words` words ("… start
    the program as before: $ cd work $ R"); any other reading as it is."""
    if nxt is None or nxt.number != unit.number or not announces(unit, nxt) or reading.answer in ("Yes", "No") \
            or reading.sentence != unit.text:
        return reading
    head = unit.text.rstrip()
    term = term_of(nxt)
    term = term if term and term_line(term) and term not in unit.context else ""  # a code line read as a term
    sentence = " ".join(p for p in (head, term, *announced_block(nxt, following or {}, block_words,
                                                                 len(head.split()) + len(term.split()))) if p)
    return replace(reading, sentence=sentence, window=None if reading.mark else (len(head) + 1, len(sentence)))


def completed_onward(reading: Reading, read: Unit, nxt: Unit | None, following: Mapping[Unit, Unit],
                     block_words: int) -> Reading:
    """A reading that was read on into the short sentence `read` (`read_around`) brings what
    that sentence announces, as `completed` does for the answering sentence itself: "… extract
    all books from a bibliography. This can be done with the following command:" / "bibtool --
    select{@book} all.bib -o some.bib"; any other reading as it is."""
    head = reading.sentence.rstrip()
    if reading.sentence == read.text or not head.endswith(read.text.rstrip()):
        return reading
    alone = completed(replace(reading, sentence=read.text), read, nxt, following,
                      block_words - (len(head.split()) - len(read.text.split())))
    if alone.sentence == read.text:
        return reading
    sentence = head + alone.sentence[len(read.text.rstrip()):]
    return replace(reading, sentence=sentence, window=None if reading.mark else (len(head) + 1, len(sentence)))


def announced_block(first: Unit, following: Mapping[Unit, Unit], words: int, used: int) -> list[str]:
    """The announced unit's text, then, when it is a code line, the code lines after it in
    the same passage while the quote (`used` words so far) stays within `words` words."""
    out, unit = [first.text.strip()], first
    used += len(first.text.split())
    while first.kind == "code" and (unit := following.get(unit)) is not None and unit.kind == "code" \
            and unit.number == first.number and used + len(unit.text.split()) <= words:
        out.append(unit.text.strip())
        used += len(unit.text.split())
    return out


_ANAPHOR = re.compile(r"^(?:This|These|It|They|Such|That|Those)\b")


def read_around(reading: Reading, unit: Unit, prev: Unit | None, nxt: Unit | None, short: int, total: int,
                confident: bool = False) -> Reading:
    """The answering sentence read with a neighbour of its passage when the two fit in `total`
    words: after the sentence before it when it opens by pointing back ("This is the default
    processor target."), else, unless the reader marks a `confident` answer in it, into the
    sentence after it when it has at most `short` words (the answer often follows the sentence
    that names what is asked: "S=# Specify a strategy for Traces." / "Only 0 is supported in
    this version."). Chosen leaving one tuning set out (`benchmarks/answer_tuning/
    loso_first_line.py`); any other reading as it is."""
    if reading.sentence != unit.text or reading.answer in ("Yes", "No") or total <= 0 or unit.kind == "row":
        return reading  # a table row is read with its header, never glued to the next row
    words = len(unit.text.split())
    # "This option …" under "-1" is not read with the -0 entry's last sentence, unless that one leads into the
    # term ("This can be changed by using the -sOCRLanguage= switch:")
    same_entry = prev is not None and (not _other_entry(prev, unit) or prev.text.rstrip().endswith(":"))
    if prev is not None and prev.number == unit.number and _ANAPHOR.match(unit.text.lstrip()) and same_entry \
            and words + len(prev.text.split()) <= total:
        shift = len(prev.text.strip()) + 1
        return replace(reading, sentence=f"{prev.text.strip()} {unit.text}", mark=_shifted(reading.mark, shift),
                       window=_shifted(reading.window, shift))
    if not confident and nxt is not None and nxt.number == unit.number and words <= short \
            and not unit.text.rstrip().endswith(":") and nxt.kind != "row" and not _other_entry(unit, nxt) \
            and not _unannounced_listing(nxt) and words + len(nxt.text.split()) <= total:
        return replace(reading, sentence=f"{unit.text} {nxt.text.strip()}")
    return reading


def _unannounced_listing(nxt: Unit) -> bool:
    """A line of code without a prompt that nothing announced ("\\layout {", "crossStaff ="):
    no part of the sentence before it."""
    return nxt.kind == "code" and not nxt.lead_in and not PROMPT.match(nxt.text)


def _other_entry(unit: Unit, nxt: Unit) -> bool:
    """The next sentence describes another entry: prose read under a context (a term line, a
    caption) that `unit` is not read under ("gnuplot -xrm …" / "to override the first linetype
    color." after "gnuplot -background coral to change the background color.")."""
    return nxt.kind == "prose" and unit.kind == "prose" and nxt.context != unit.context


_ONWARD = re.compile(r"^(?:In (?:that|this|such an?|either|which) cases?\b|Instead\b|Alternatively\b|Otherwise\b|"
                     r"However\b|Fortunately\b|Unfortunately\b|The recommended\b|To do (?:this|so|that)\b)")
_ONWARD_BROAD = re.compile(_ONWARD.pattern + r"|^(?:This|These|It|They|Such)\b")


def read_onward(reading: Reading, unit: Unit, nxt: Unit | None, total: int, broad: bool = False) -> Reading:
    """The answering sentence read on into the next sentence of its passage when that one opens by
    going on from it ("… then you can pipe it." / "In that case the character '-' is used …",
    "Instead, use Yorick's own cd function:"; `broad`: also "This …", "It …") and the two hold at
    most `total` words (0: never); without a marked answer, a quote cut to its window shows the
    second sentence whole. Any other reading as it is."""
    if total <= 0 or nxt is None or nxt.number != unit.number or reading.sentence != unit.text \
            or reading.answer in ("Yes", "No") or nxt.kind == "row":
        return reading
    if not (_ONWARD_BROAD if broad else _ONWARD).match(nxt.text.lstrip()):
        return reading
    if len(unit.text.split()) + len(nxt.text.split()) > total:
        return reading
    sentence = f"{unit.text} {nxt.text.strip()}"
    window = reading.window if reading.mark else (len(unit.text) + 1, len(sentence))  # a cut quote shows what goes on
    return replace(reading, sentence=sentence, window=window)


def _shifted(at: tuple[int, int] | None, by: int) -> tuple[int, int] | None:
    """Offsets `at` moved `by` characters on (None stays None)."""
    return (at[0] + by, at[1] + by) if at else None
