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
from typing import Callable, Sequence

from core.answer import nlp
from core.answer.answer_type import asked_shape
from core.answer.decline import question_names
from core.answer.question import QuestionInfo
from core.answer.reading import Reading
from core.answer.terms import content_terms, tokens
from core.answer.units import Unit, as_written, term_line, term_of
from core.answer.values import SAYS_DEFAULT

_NAME = re.compile(r"[A-Za-z]\w*(?:[-_:][A-Za-z0-9]\w*)+|[A-Za-z]\w*\(|^-{1,2}[A-Za-z]")  # a-b, a_b, f(, --opt
_PROTOTYPE = re.compile(r"^(?:[A-Za-z_]\w*[\s*]+){1,4}([A-Za-z_]\w*)\s*\([^()]*\)\s*;?$")  # "BZFILE * BZ2_bzdopen ( int fd );"
_FUNCTION = re.compile(r"[A-Za-z_][\w:.]*\(")  # "lcd(Pid, Dir) -> ok", "ssh_sftp:aread("
_BACKSLASH = re.compile(r"\\[A-Za-z]+(?![\w{])")  # psql's "\q", not a TeX macro's "\SetKw{…}"
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
    if _BACKSLASH.match(line):  # a meta-command: "\q or \quit", "\timing [ on | off ]"
        return len(line.split()) <= MAX_WORDS and not line.endswith(_ENDS)
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
    found = next((p for j, p in enumerate(parts) if p and p not in (unit.title, unit.section) and p not in earlier
                  and not (j and " = " in parts[j - 1] and " " not in p.strip())  # "Reason = a() | b()": a type's tail
                  and head_line(p)), "")
    heading = unit.section.split(" | ")[0].split(" > ")[-1].strip() if unit.section else ""
    first = not same or before.context.split(" | ")[-2:] != unit.context.split(" | ")[-2:]
    # an option written as its own heading (Sphinx: "##### -q" / "Quiet startup: …"): the first sentence under it
    return found or (heading if first and heading != unit.title and head_line(heading) else "")


def _new_name(head: str, question: str) -> bool:
    """The head line names something the question does not write."""
    asked = {w.lower() for w in tokens(question)} | {w.lower() for w in re.findall(r"[\w.:/#-]+", question)}
    proto = _PROTOTYPE.match(head)
    names = [proto.group(1)] if proto else [m.group(0).rstrip("(") for m in _NAME.finditer(head)]
    names += [m.group(0) for m in _BACKSLASH.finditer(head)]  # "\q or \quit"
    return any(n.lower() not in asked for n in names)


def with_entry_head(q: QuestionInfo, reading: Reading, unit: Unit, before: Unit | None) -> Reading:
    """`reading` with the entry's head line as its prefix (`_with_head`); else, asked which setting does
    something ("Which hidden preference turns off …?"), with the one-word name the answering sentence is
    read under ("skip_ssl_cert_check … Disables the verification of SSL certificates …"): the name is
    the answer."""
    headed = _with_head(q, reading, unit, before)
    term = term_of(unit)
    if headed is not reading or reading.prefix or not _WHICH_NAME.search(q.text) or unit.kind != "prose" \
            or not _ONE_NAME.fullmatch(term) or not _new_name(term, q.text) or term in reading.sentence:
        return headed
    return replace(reading, prefix=term, mark=None)


def _with_head(q: QuestionInfo, reading: Reading, unit: Unit, before: Unit | None) -> Reading:
    """`reading` with the entry's head line as its prefix, for a question that asks for an
    option or command (see the module docstring), or a "How do I …?" one answered by a
    function's entry ("lcd(Pid, Dir) -> ok | {error, Reason} Types: … Changes the working
    directory to Dir for the local client."), or a "What is PS1?" one answered under the name's
    term line (`term_unit`), or a question about a name's default answered under its term line that
    states it ("giopMaxMsgSize default = 2097152"); any other reading as it is."""
    term = term_of(unit)
    names = _asked_names(q.text)
    if q.kind in ("what", "definition") and _names_term(term, names) and _only_names(q, names, unit.title) \
            and not reading.prefix \
            and unit.text.strip() in reading.sentence and term not in reading.sentence:
        return replace(reading, prefix=as_written(term))  # "What does PS1 do?": "PS1 <S> … The primary prompt …"
    if q.default and _names_term(term, names) and SAYS_DEFAULT.search(term) and not reading.prefix \
            and not SAYS_DEFAULT.search(reading.sentence) and term not in reading.sentence:
        return replace(reading, prefix=as_written(term), mark=None)  # "giopMaxMsgSize default = 2097152" / "The
        # largest …": the value is in the head line, so no word of the sentence is marked
    if _points_to_term(reading, unit, before, term):  # "DUnknown … This state is used for the peer disk if …"
        return replace(reading, prefix=as_written(term))
    how = q.kind not in ("option", "command") and asked_shape(q) == "code"
    if q.kind not in ("option", "command") and not how or reading.prefix or unit.text.strip() not in reading.sentence \
            or reading.answer in ("Yes", "No") or unit.kind != "prose":
        return reading
    head = _heads(unit, before)  # verbatim, "Types:" and all: the span on the page is found from the quote
    if how and not (_FUNCTION.match(head.strip()) or _BACKSLASH.match(head.strip())):
        return reading  # a "How do I …?" is answered by a function's or a meta-command's name, not by any head line
    if not head or not _new_name(head, q.text) or " ".join(head.split()) in " ".join(reading.sentence.split()):
        return reading  # read_around may have read it already ("svg-woff bool" / "This option is required …")
    return replace(reading, prefix=as_written(head))


_ONE_NAME = re.compile(r"[A-Za-z_][\w.:-]*[\w]")  # skip_ssl_cert_check, error.log
_WHICH_NAME = re.compile(r"^\s*(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:preference|setting|option|variable|parameter|"
                         r"key|property|directive|keyword|flag|attribute|macro|function|method|hook)s?\b", re.IGNORECASE)
_POINTS_BACK = re.compile(r"(?:This|These|It|They)\b")  # a description that opens by naming its term again


def _points_to_term(reading: Reading, unit: Unit, before: Unit | None, term: str) -> bool:
    """The quoted sentence is the first one under a term line and opens by pointing back at it
    ("This state is used for the peer disk …" under "DUnknown"): without the term the quote
    does not say what it describes, which is what a "Which state …?" asks."""
    first = before is None or before.context != unit.context
    named = term_line(term) or len(term.split()) <= 3 and not re.search(r"[.,;:!?]$", term) \
        and term not in unit.section and term != unit.title  # "DUnknown"; not a heading
    return bool(first and term and named and _POINTS_BACK.match(reading.sentence.strip())
                and not reading.prefix and unit.text.strip() in reading.sentence and term not in reading.sentence
                and reading.answer not in ("Yes", "No"))


TERM_WORDS = 4  # a term line: the name and its markers ("PS1 <S>", "HISTSIZE <S>", "-f, --force")
TERM_SHARE = 0.5  # a term's unit is taken when it scores at least this share of the best unit


def term_unit(q: QuestionInfo, units: Sequence[Unit], scores: Sequence[float],
              rescore: Callable[[QuestionInfo], Sequence[float]] | None = None) -> Unit | None:
    """Asked what a name is or does ("What does PS1 do?"), the unit that is that name's own
    entry among the ranked `units`: its term line ("LISTMAX", read then with the description
    after it) or the first sentence set under it as its term ("PS1 <S>": the description itself),
    when it scores at least TERM_SHARE of the best unit. The sentences that only mention the name
    ("Same as PS1.", "It is expanded in the same way as PS1.") hold its word as well, and
    would otherwise win. Where no entry names it, the sentence that opens with the name and a
    present-tense verb ("The zsh/nearcolor module replaces colours …": `_defines`). None when the
    question names no such term. A kind word the question says ("What does the trim_blocks
    *option* do?") would rank sentences about options in general ("… without the trim_blocks and
    lstrip_blocks options, …") above the entry: with `rescore` (the reader's unit scores for a
    question, per unit of `units`) the units are ranked again without it."""
    names = _asked_names(q.text)
    if q.kind not in ("what", "definition") or not names or not units or not _only_names(q, names, units[0].title):
        return None
    if rescore is not None and q.terms & _KIND_WORDS and q.terms - _KIND_WORDS:
        plain = list(rescore(replace(q, terms=q.terms - _KIND_WORDS)))
        order = sorted(range(len(units)), key=lambda i: -plain[i])
        units, scores = [units[i] for i in order], [plain[i] for i in order]
    at = {(u.number, u.index): u for u in units}
    first_under: dict[tuple[int, str], int] = {}  # (passage, term) -> index of its first sentence
    for u in units:
        key = (u.number, u.context)
        first_under[key] = min(first_under.get(key, u.index), u.index)
    for u, score in zip(units, scores):
        if score < TERM_SHARE * scores[0]:
            break
        after = at.get((u.number, u.index + 1))
        own = u.kind == "prose" and _names_term(u.text, names) and after is not None and after.kind == "prose" \
            and after.text.rstrip().endswith(".")  # a term line and its description
        term = term_of(u)
        if own or _names_term(term, names) and first_under[(u.number, u.context)] == u.index:
            return u
    return next((u for u, score in zip(units, scores) if score >= TERM_SHARE * scores[0] and _defines(u.text, names)),
                None)  # no entry: "The zsh/nearcolor module replaces colours …" says what the name does


_KIND_WORDS = frozenset("option parameter variable setting command flag switch function environment mean module"
                        .split())
# "The NAME module replaces …", "NAME is a …": the name (and a kind word), then a present-tense verb
_DEFINES = r"^(?:The\s+)?{}(?:\s+(?:{}))?\s+(?P<verb>is(?= an? | the | used )|(?!is\b)[a-z]+s)\b"


def _defines(text: str, names: set[str]) -> bool:
    """A sentence that opens with the name as its subject and a verb of the present tense
    (tagged so: "bzip2recover versions prior to 1.0.2 …" opens with a noun)."""
    kinds = "|".join(sorted(_KIND_WORDS))
    said = next((m for n in names if (m := re.match(_DEFINES.format(re.escape(n), kinds), text.strip()))), None)
    if said is None:
        return False
    doc = nlp.tag([text.strip()])[0]
    verb = next((t for t in doc if t.idx == said.start("verb")), None) if doc is not None else None
    if verb is None or verb.tag_ == "VBZ":
        return True
    after = doc[verb.i + 1] if verb.i + 1 < len(doc) else None  # "replaces colours" is tagged a noun too
    return verb.tag_ == "NNS" and after is not None and not {after.tag_, after.lower_} & _NOT_OBJECT


_NOT_OBJECT = frozenset("VBP VBD VBZ VBN RB MD , of and or ( : .".split())  # "versions prior to …", "options are …"


_CALL_FORM = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\(\w{0,12}\)")  # a name asked by its call: "unput(c)", "yywrap()"


def _asked_names(question: str) -> set[str]:
    """The question's names with its options ("--mirror", "-dSAFER": no names to the decline rule,
    whose evidence may write them otherwise, but the entry asked about here)."""
    calls = {part for m in _CALL_FORM.finditer(question) for part in (m.group(0), m.group(1))}  # "unput(c)", "unput"
    return set(question_names(question)) | set(re.findall(r"(?<!\S)-{1,2}[A-Za-z][\w-]+", question)) | calls


def _only_names(q: QuestionInfo, names: set[str], title: str = "") -> bool:
    """The question asks about the name itself ("What does PS1 do?", "What is the --force
    option?", "What does git clone --mirror do?" over the page titled git-clone), not
    about a property of it ("What is the default of LILYPOND_GC_YIELD?")."""
    parts = {p for n in names for p in content_terms(n)} | content_terms(title)
    return all(t in parts or t in _KIND_WORDS for t in q.terms)


def _names_term(line: str, names: set[str]) -> bool:
    """A short line, no sentence, that opens with one of the names ("PS1 <S>", "-f, --force")."""
    words = line.split()
    return 0 < len(words) <= TERM_WORDS and words[0].strip(",;:") in names and not line.rstrip().endswith(_ENDS)


_IDENTIFIER = re.compile(r"\w[_.]\w|\w-\w|^-|[a-z][A-Z][a-z]")  # work_mem, ssl.conf, --xslt, giopMaxMsgSize
OTHER_ENTRY = 0.6  # the score share of a unit set under another name's entry (`entry_weights`)


def entry_weights(question: str, units: Sequence[Unit]) -> list[float] | None:
    """Asked about a name that has an entry of its own among the units ("What is the default
    work_mem?" over "work_mem (integer)" / "… The default value is four megabytes (4MB)."), the
    units set under another name's term line count OTHER_ENTRY of their score: "The default value
    is 2.0, which makes hash-based operations use twice the usual work_mem base amount." is said
    of hash_mem_multiplier, whose entry names work_mem in passing. Only an identifier's name
    counts ("work_mem", "--xslt", "ssl.conf"): a program's name heads example command lines too
    ("dblatex -s mystyle.sty …"). None when no unit is under the asked name's own term (nothing
    changes)."""
    names = {n for n in _asked_names(question) if _IDENTIFIER.search(n)}
    if not names:
        return None
    terms = [term_of(u) for u in units]
    own = [_names_term(t, names) for t in terms]
    if not any(own):
        return None
    return [1.0 if mine or not (t and term_line(t) or _other_head(u, names)) else OTHER_ENTRY
            for u, t, mine in zip(units, terms, own)]


def _other_head(unit: Unit, names: set[str]) -> bool:
    """A line of code that is itself another name's term line ("useTypeCodeIndirections default
    = 1", the head of the entry after the asked giopMaxMsgSize's)."""
    return unit.kind == "code" and term_line(unit.text) and not _names_term(unit.text, names)


def entry_ranked(question: str, ranked: Sequence, pool: Sequence[Unit]) -> list:
    """The ranked candidate answers (`candidates.Candidate`), those of units under another name's
    entry at OTHER_ENTRY of their score (`entry_weights`): a count or a value of the asked
    shape in the next entry ("A value of 0 (the default) selects …") does not outrank the
    asked entry's own ("The default value is three connections.")."""
    weights = entry_weights(question, pool)
    if weights is None:
        return list(ranked)
    other = {u for u, w in zip(pool, weights) if w < 1.0}
    return sorted(ranked, key=lambda c: -(c.score * OTHER_ENTRY if c.unit in other else c.score))
