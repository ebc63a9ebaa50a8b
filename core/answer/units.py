"""Cut evidence passages into the units an answer can come from, following PDF structure.

- prose: sentences (bullets split at '•');
- table rows: read with their header, "Attribute: null_terminated | Context: array of pointers";
- definition lists: a term line such as `{port, Port}` or `-dKPreserve = 0 / 1 / 2`, its
  type lines, and the description under it; each description sentence keeps the term as
  its `context`, so "Default is random." is found for a question about port_policy;
- code lines: shell prompts, Erlang shell lines and assignments stay whole.

Every unit also carries its passage's title and heading path in `context` (a Wikipedia
sentence that says "He was born in 1931" is about its title).

Example:
    >>> u = split_units("{port, Port}\\nPort = int()\\nThe port. Default is 69.", 1)
    >>> [(x.kind, x.text, x.context) for x in u][-1]
    ('prose', 'Default is 69.', '{port, Port} Port = int()')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from core.answer.terms import tokens

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|Fig|No|Vol|Dr|Mr|Mrs|Ms|St|Jr|Sr)\.|\b[A-Z]\.)$"
                           r"|^(?:[Ss]tep|[Ss]tage|[Pp]hase|[Pp]art)\s+\d+[.:]$|^\d+[.)]$|^\S+[?!]$")  # "set?": a term
_RULE = re.compile(r"^[|:\-\s]+$")
# A root shell's prompt before a command ("# dpkg-reconfigure tzdata", "# aa-status"), not a comment
# line ("# the name stem of the output files", "# Transform passing parameters …") or a caption.
_ROOT_PROMPT = re.compile(r"^# (?!(?:the|a|an|and|or|to|of|in|for|if|see|this|that|note|use|set|run|now|then)\b)"
                          r"[a-z][\w.+/-]*(?:\s|$)")
SOURCE = re.compile(r"^(?:(?:def|class)\s+\w+.*:|(?:import|from)\s+[\w.]+(?:\s+import\s+[\w., ]+)?|"
                    r"@[\w.]+(?:\(.*\))?)$")  # a line of Python source: "def f():", "import os", "@pytest.mark.skip"
PROMPT = re.compile(r"^(?:\$|%|#|>|\d+>|[\w@.-]+[$#>])\s")
_ASSIGN = re.compile(r"^[\w.{}\[\]<>:/,\s-]{1,60}\s=\s\S")
PAGE_NUMBER = re.compile(r"^(?:\d{1,4}|[ivxl]{1,5}|[Pp]age \d+(?: of \d+)?|\d+/\d+)$")  # page furniture
FOOTNOTE = re.compile(r"^\d{1,2}[A-Z*][^|]{0,200}[.!?]$")  # "1Nothing should go wrong."
_ENDS_SENTENCE = re.compile(r"[.!?:;][\"')\]”’*`]*$")


@dataclass(frozen=True)
class Unit:
    """A piece of one evidence passage: `number` is the passage's citation number, `kind`
    prose / row / code, `context` the text it should be read with (its definition term,
    table caption, heading, passage title), `index` its order inside the passage, `title`
    its passage's document title, `section` its heading path and title."""

    text: str
    number: int
    kind: str
    context: str = ""
    index: int = 0
    title: str = ""
    lead_in: bool = False  # the line before announced it: ended with ':' ("… with this command line:"), or, for
    # a code line, was prose left open ("To quit the R program the command is" / "> q()")
    section: str = ""  # heading path and title: units of one section share it


_CALL = r"(?:(?:\[[^\]]*\]|[A-Za-z_]\w*)\s*=\s*)?[A-Za-z_][\w.]*\s*\([^()]*\)"  # "val = PS4 ()", "[a, b] = f (x)"
_SIGNATURES = re.compile(rf"{_CALL}(?:\s+{_CALL})*")  # an entry's call forms, written on one line
# an option's name alone on its line, as GNU Aspell's manual lists them: "ignore-repl", "ignore,-W"
_OPTION_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:-[a-z0-9]+|,-{1,2}[A-Za-z0-9][\w-]*)")
_MARKED_NAME = re.compile(r"^[A-Za-z_]\w*(?:\s+<\w+>)+(?:\s+\([^()]*\))?$")  # "PS1 <S>", "path <S> <Z> (PATH <S>)"


def term_line(line: str) -> bool:
    """A definition-list term: short, no sentence punctuation, code-like or an option."""
    words = line.split()
    if _SIGNATURES.fullmatch(line.strip()) and len(words) > 1:  # "val = PS4 () old_val = PS4 (new_val)": any length
        return True
    if not words or len(words) > 10 or line.endswith((".", ":", ";", ",")) and not line.endswith("()"):
        return False
    if line.startswith(("{", "-", "\\", "#:")) or _ASSIGN.match(line) or _MARKED_NAME.match(line) \
            or _OPTION_NAME.fullmatch(line.strip()):
        return True
    return bool(re.search(r"[_{}()=/]|\w:\w", line)) and len(words) <= 6


def _sentences(line: str) -> list[str]:
    """Sentences of a prose line, not cut after 'e.g.' or an initial."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(line):
        if out and _ABBREVIATION.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return [p.strip() for piece in out for p in piece.split("•") if p.strip()]


def continues(open_text: str, line: str) -> bool:
    """`line` goes on with the sentence `open_text` left unfinished (no closing punctuation,
    the line starts in lower case): one sentence cut by a page or column break. A short line
    ending on a code-like value after text ending on one is the next entry of a reference card
    ("quit GP \\q" / "print the list of PARI types \\t"), not the rest of a sentence."""
    return bool(open_text) and not _ENDS_SENTENCE.search(open_text) and line[:1].islower() \
        and not (_CODE_END.search(open_text) and _card_entry(line)) and not _same_opening(open_text, line) \
        and not _OPTION_NAME.fullmatch(line.strip())  # the next entry's name ("ignore-repl"), not the sentence's end


def _same_opening(open_text: str, line: str) -> bool:
    """`line` opens with the open text's first two words: the next of a list of command forms
    ("git stash list [<log-options>]" / "git stash show [-u]"), not the rest of a sentence."""
    first, other = open_text.split()[:2], line.split()[:2]
    return len(first) == 2 and first == other


_CODE_END = re.compile(r"(?:\\\w+|[#$%@][\w#]*|\w+\([^()]*\)|[{}<>\[\]~^|]\S*)(?:\s+\w+)?\s*$")
CARD_WORDS = 12  # a reference card's entry: a few words and its value


def _card_entry(text: str) -> bool:
    """A short line of plain words that ends on a code-like value ("read file into GP \\r filename",
    "print time for last result ##"); not a line of code ("lpixel[1] = {NAXIS2}")."""
    words = text.split()
    return len(words) <= CARD_WORDS and all(w.isalpha() for w in words[:2]) and bool(_CODE_END.search(text))


def _title_like(piece: str) -> bool:
    """A short title-case line without closing punctuation: a title or running head."""
    words = tokens(piece)
    return (len(words) <= 8 and not piece.rstrip().endswith((".", "!", "?", ":", ";"))
            and all(w[0].isupper() or w[0].isdigit() for w in words))


def _cells(row: str) -> list[str]:
    """Cells of a Markdown table row ('\\|' inside a cell kept as '|')."""
    inner = row.strip().strip("|")
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def table_row_text(header: list[str], cells: list[str]) -> str:
    """'Header: cell | Header: cell' (cells without a header name stay bare)."""
    parts = [f"{h}: {c}" if h else c for h, c in zip(header + [""] * len(cells), cells) if c]
    return " | ".join(parts)


def _join(*parts: str) -> str:
    """Non-empty parts joined with ' | ' (a definition term comes first); a ' | ' inside brackets
    of a part ("\\timing [ on | off ]") keeps a no-break space after its bar, so the part splits
    back whole (a type's union, "Reason = a() | b()", is read as parts, as before)."""
    return " | ".join(_BRACKETED_BAR.sub(" |\u00a0", p) for p in parts if p)


_BRACKETED_BAR = re.compile(r" \| (?=[^\[\]{}]*[\]}])")  # a bar before the bracket that closes it


def term_of(unit: Unit) -> str:
    """The definition term (or other first context part) a unit is read under: its context's
    first part ("trim_blocks" of "trim_blocks | High Level API | API"), "" without context."""
    return unit.context.split(" | ")[0] if unit.context else ""


def as_written(part: str) -> str:
    """A context part as the page writes it (the no-break space `_join` put after a bar undone)."""
    return part.replace(" |\u00a0", " | ")


def split_units(text: str, number: int, title: str = "", heading: str = "") -> list[Unit]:
    """The units of one passage (see the module docstring), in reading order; `title` is
    the passage's document title, `heading` its section heading."""
    units: list[Unit] = []
    term: list[str] = []
    header: list[str] | None = None
    caption = ""
    after_term = lead_in = False
    section = _join(heading, title)
    cut = -1  # index of a prose unit whose sentence a page break may have cut
    dangling = lambda: _undescribed(term if after_term else [], units, number, title,  # noqa: E731
                                    _join(caption, heading, title), section)
    for line in (ln.strip() for ln in text.splitlines()):
        if not line or line.startswith("<!--") or _RULE.fullmatch(line) and "-" in line or PAGE_NUMBER.match(line):
            continue
        if cut >= 0 and continues(units[cut].text, line):  # the sentence's second half: one unit, one quote
            head, *rest = _sentences(line) or [line]
            units[cut] = replace(units[cut], text=f"{units[cut].text} {head}")
            if not rest:
                continue
            line = " ".join(rest)
        if not FOOTNOTE.match(line) and not _title_like(line):
            cut = -1
        shown, lead_in = lead_in, line.endswith(":")
        if line.startswith("#") and not line.startswith("#:") and not _ROOT_PROMPT.match(line):
            units += dangling()
            caption, term, after_term = line.lstrip("# "), [], False
            continue
        if line.startswith("|"):
            if header is None:
                header = _cells(line)
            else:
                row = table_row_text(header, _cells(line))
                units.append(Unit(row, number, "row", _join(caption, heading, title), len(units), title, False, section))
            continue
        header = None
        if PROMPT.match(line) or SOURCE.match(line):
            if after_term:  # the name-like lines before it got no description: code as well
                units, term = units + dangling(), []
            after_term = False
            shown = shown or bool(units) and units[-1].kind == "prose" and not _closed(units[-1].text)  # `announces`
            units.append(Unit(line, number, "code", _join(caption, heading, title), len(units), title, shown, section))
            continue
        if term_line(line):
            term = term + [line] if term and after_term else [line]
            after_term = True
            continue
        pending, after_term = dangling(), False
        if not term and (_title_like(line) or line.endswith(":") and len(tokens(line)) <= 4):
            caption = line.rstrip(":")
            continue
        ctx = _join(" ".join(term), caption, heading, title)
        sentences = [s for s in _sentences(line) if len(tokens(s)) >= 2]
        if pending and not sentences:  # the name-like lines got no description: lines of code
            units, term = units + pending, []
        units += [Unit(s, number, "prose", ctx, len(units) + i, title, shown and i == 0, section)
                  for i, s in enumerate(sentences)]
        if sentences and not FOOTNOTE.match(line):
            cut = len(units) - 1
    return units + dangling()


def _undescribed(lines: list[str], units: list[Unit], number: int, title: str, context: str,
                 section: str) -> list[Unit]:
    """Name-like lines that no description followed, as code ("Here is an idiom for avoiding them." /
    "divert(`-1')" / "define(`foo', …)" closing a passage): read as terms they would be lost."""
    code = [Unit(line, number, "code", context, len(units) + i, title, False, section) for i, line in enumerate(lines)]
    if code and units and units[-1].kind == "prose" and announces(units[-1], code[0]):
        code[0] = replace(code[0], lead_in=True)
    return code


_CLOSING = (".", "!", "?", ";", ")", '"', "”", "'", "’")


def _closed(text: str) -> bool:
    """Whether a sentence ends as a sentence does (a full stop, a closing bracket or quote)."""
    return text.rstrip().endswith(_CLOSING)


_POINTS_AHEAD = re.compile(r"^(?:The|Use the|Try the) following\b|\b(?:the following|as follows|like this)\W*$|"
                           r"^Here (?:is|are)\b", re.IGNORECASE)  # "Here is a common idiom for avoiding them."


def announces(unit: Unit, nxt: Unit | None) -> bool:
    """Whether `unit` announces the unit after it: it ends with ':' ("… with this command line:"),
    or it is prose left open before a line of code of its passage ("To quit the R program the
    command is" / "> q()"), or prose pointing ahead at it before a command ("You can change it by
    the following." / "$ sudo update-alternatives --config editor"; "The following reconfigure the
    timezone …" before a command read as the next sentence's term; "Here is an idiom for avoiding them.")."""
    if nxt is None:
        return False
    if unit.text.rstrip().endswith(":"):
        return True
    if unit.kind != "prose" or nxt.number != unit.number:
        return False
    if nxt.kind == "code" and not _closed(unit.text):
        return True
    term = term_of(nxt)
    command = nxt.kind == "code" or bool(term) and term_line(term) and term not in unit.context
    return command and bool(_POINTS_AHEAD.search(unit.text.strip()))


def next_units(units: Sequence[Unit], follows: Mapping[int, int]) -> dict[Unit, Unit]:
    """Reading order: each unit's next unit, also across into the passage that continues
    its passage in the document (`follows`: passage number -> number), skipping the
    sentences the two chunks share (chunks overlap)."""
    by_passage: dict[int, list[Unit]] = {}
    for u in units:
        by_passage.setdefault(u.number, []).append(u)
    out: dict[Unit, Unit] = {}
    for number, group in by_passage.items():
        out.update(zip(group, group[1:]))
        seen = {u.text for u in group}
        fresh = [u for u in by_passage.get(follows.get(number, -1), []) if u.text not in seen]
        if fresh:
            out[group[-1]] = fresh[0]
    return out
