"""The entry a description belongs to.

Reference manuals list options and functions as entries: a head line that names the thing
("show-available-fonts bool", "enter_loop(State) -> _ Types:") and sentences that describe it
without naming it again ("If bool is #t, list available font names …"). Asked "which option
lists the available font names?", the reader finds the describing sentence, and a quote of it
alone does not say the name. So, for a question that asks for an option, a command or a
function, the quote of the first sentence of an entry opens with the entry's head line (shown
as a prefix: "show-available-fonts bool … If bool is #t, …").

Example:
    >>> head_line("show-available-fonts bool"), head_line("Default: #f."), head_line("The sum is 3 and the rest")
    (True, False, False)
"""
from __future__ import annotations

import re
from dataclasses import replace

from core.answer.answer_type import asked_shape
from core.answer.question import QuestionInfo
from core.answer.reading import Reading
from core.answer.terms import tokens
from core.answer.units import Unit

_NAME = re.compile(r"[A-Za-z]\w*(?:[-_:][A-Za-z0-9]\w*)+|[A-Za-z]\w*\(|^-{1,2}[A-Za-z]")  # a-b, a_b, f(, --opt
_PROTOTYPE = re.compile(r"^(?:[A-Za-z_]\w*[\s*]+){1,4}([A-Za-z_]\w*)\s*\([^()]*\)\s*;?$")  # "BZFILE * BZ2_bzdopen ( int fd );"
_FUNCTION = re.compile(r"[A-Za-z_][\w:.]*\(")  # "lcd(Pid, Dir) -> ok", "ssh_sftp:aread("
_ENDS = (".", "!", "?", ";", ",")
MAX_WORDS = 8  # a head line's words; a signature's arguments may take it to SIGNATURE_WORDS
SIGNATURE_WORDS = 12


def head_line(text: str) -> bool:
    """A line that names an entry: short, no sentence end, opening with a code-like name (a
    capitalised one only with '_', '(' or ':' in it: "Set-up Guide" is a heading), or a C
    prototype."""
    line = text.strip()
    if any(line.count(a) != line.count(b) for a, b in ("()", "{}", "[]")):
        return False  # a piece of a longer line: "timeout()} | {dtimeout, dtimeout()} |"
    proto = _PROTOTYPE.match(line)
    if proto and len(line.split()) <= SIGNATURE_WORDS and (line.endswith(";") or "*" in line or "_" in proto.group(1)):
        return True  # C: a ';', a pointer or a snake_case name ("No additional markup (Recommended choice)" is none)
    name = _NAME.match(line)
    if name is None or line[:1].isupper() and not re.search(r"[_(:]", name.group(0)):
        return False
    most = SIGNATURE_WORDS if name.group(0).endswith("(") or "(" in line[name.end():name.end() + 1] else MAX_WORDS
    return (len(line.split()) <= most and not line.endswith(_ENDS)
            and not re.search(r" = | [<>] ", line))  # "State = term()": a type; "tool in > out": a command line


def _heads(unit: Unit, before: Unit | None) -> str:
    """The head line of the entry `unit` opens: the unit before it in its passage when that is a
    head line, else the definition term or caption it is read with when they were set after the
    unit before it (it is the first sentence under them)."""
    same = before is not None and before.number == unit.number
    if same and before.kind == "prose" and head_line(before.text):
        return before.text.strip()
    earlier = set(before.context.split(" | ")) if same else set()  # a term or caption set before `before` is stale
    parts = unit.context.split(" | ")[:2]
    return next((p for j, p in enumerate(parts) if p and p not in (unit.title, unit.section) and p not in earlier
                 and not (j and " = " in parts[j - 1] and " " not in p.strip())  # "Reason = a() | b()": a type's tail
                 and head_line(p)), "")


def _new_name(head: str, question: str) -> bool:
    """The head line names something the question does not write."""
    asked = {w.lower() for w in tokens(question)} | {w.lower() for w in re.findall(r"[\w.:/#-]+", question)}
    proto = _PROTOTYPE.match(head)
    names = [proto.group(1)] if proto else [m.group(0).rstrip("(") for m in _NAME.finditer(head)]
    return any(n.lower() not in asked for n in names)


def with_entry_head(q: QuestionInfo, reading: Reading, unit: Unit, before: Unit | None) -> Reading:
    """`reading` with the entry's head line as its prefix, for a question that asks for an
    option or command (see the module docstring), or a "How do I …?" one answered by a
    function's entry ("lcd(Pid, Dir) -> ok | {error, Reason} Types: … Changes the working
    directory to Dir for the local client."); any other reading as it is."""
    how = q.kind not in ("option", "command") and asked_shape(q) == "code"
    if q.kind not in ("option", "command") and not how or reading.prefix or unit.text.strip() not in reading.sentence \
            or reading.answer in ("Yes", "No") or unit.kind != "prose":
        return reading
    head = _heads(unit, before)  # verbatim, "Types:" and all: the span on the page is found from the quote
    if how and not _FUNCTION.match(head.strip()):
        return reading  # a "How do I …?" is answered by a function's name, not by any head line
    if not head or not _new_name(head, q.text) or " ".join(head.split()) in " ".join(reading.sentence.split()):
        return reading  # read_around may have read it already ("svg-woff bool" / "This option is required …")
    return replace(reading, prefix=head)
