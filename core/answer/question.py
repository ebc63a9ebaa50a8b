"""What a question asks for: its kind, its content terms, its focus noun and its options.

The offline reader picks a different kind of span for each kind of question: a yes/no for
"Can …?", a number for "How many …?", a date for "When …?", a code token for "Which option
…?", and so on. The rules read only the question's wording (the last sentence of it, so a
preamble such as "LilyPond 2.24 requires Guile 2.2." does not decide), never a document.

Example:
    >>> q = analyse_question("By default, how long does the daemon wait for a hello?")
    >>> q.kind, q.default, sorted(q.terms)
    ('duration', True, ['daemon', 'default', 'hello', 'long', 'wait'])
    >>> analyse_question("Who is older, Annie Morton or Terry Richardson?").options
    ('Annie Morton', 'Terry Richardson')
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.answer.terms import content_terms, tokens

KINDS = ("yesno", "choice", "count", "duration", "date", "person", "place", "option", "command",
         "definition", "step", "what")
_AUX = frozenset("is are was were do does did can could has have had will would should may must".split())
_AUX_RE = "is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|must"
_OPTION_NOUNS = r"(?:option|flag|switch|parameter|setting|argument|attribute|variable|property)"
_COMMAND_NOUNS = r"(?:command|function|call|procedure|keyword|macro|method|subcommand|program|tool|routine)"
_PLACE_NOUNS = r"(?:city|country|state|town|village|county|province|region|neighbou?rhood|location|place|island)"
_SECOND_PART = re.compile(r",?\s+and\s+(?=(?:what|which|how|when|where|from which|since which|since when|"
                          r"in which|in what)\b)", re.IGNORECASE)  # not who/whose: "… and who died in 2007"
_WHO_FOCUS = re.compile(r"\bwho (?:is|was|were|are) the ((?:[\w'’-]+ )?[\w'’-]+?)\b(?= of| for| who| that|\?)",
                        re.IGNORECASE)
_DEFINED = [re.compile(p, re.IGNORECASE) for p in (  # the term a definition question asks about, first match wins
    r"\bmean by (?:a |an |the )?(.+?)\s*\?", r"\bwhat is meant by (?:a |an |the )?(.+?)\s*\?",
    r"\bwhat (?:does|do) (?:the |a |an )?(.+?) (?:mean|stand for|do)\b", r"\bwhat (?:is|are|was) (?:a |an |the )?(.+?)\s*\?")]
_NOT = re.compile(r"\(\s*not (?:the |a |an )?([^)]{1,40})\)|,\s*not (?:the |a |an )?([^,?]{1,40}),", re.IGNORECASE)
_BY_HAND = re.compile(r"\bby hand\b", re.IGNORECASE)  # "enable it by hand": manually, not a hand ("hands off to")
_GENERIC_NOUNS = frozenset("client server application manual guide tool program document one library module".split())
_NUMERIC_NOUNS = frozenset("port number size seed resolution limit level length width height percentage rate "
                           "amount depth count total maximum minimum threshold digit dimension".split())
_DEFAULT = re.compile(
    r"\bdefault|\bunless (?:told|set|specified|configured)|\bif (?:you|i|it) (?:do(?:n't| not)|does(?:n't| not)) "
    r"(?:set|pass|give|specify)|\bdoes not set\b|\bif (?:it is |they are )?(?:not set|unset|omitted)|otherwise\b",
    re.IGNORECASE)
_NOT_DEFAULT = re.compile(r"\b(?:instead of|rather than|other than|apart from|besides|not)\s+(?:the\s+|its\s+)?default\w*|"
                          r"^\s*(?:with|in|using|under|for|on)\s+[^,?]*\bdefault\b[^,?]*,|"  # "With RasMol's default mouse
                          # mode on Windows, which mouse action zooms?": the setting asked under, not a default asked
                          r"^\s*how (?:do|can|should) (?:i|you|we) (?:change|set|alter|override|modify|configure)\s+"
                          r"(?:the\s+|its\s+|a\s+|my\s+)?(?:[\w-]+\s+)?default\w*",
                          re.IGNORECASE)  # "… instead of the default optimisation" asks for the other one; "How do I
#                                           change the default editor?" for a way to change it, not the default
_COMPARATIVE = re.compile(
    r"\b(older|younger|earlier|later|first|last|more|fewer|less|larger|smaller|bigger|higher|lower|"
    r"longer|shorter|taller|newer|oldest|youngest|most|least|largest|smallest|highest|lowest)\b", re.IGNORECASE)
_CHOICE_TAIL = re.compile(r"[,:]\s*(?:the\s+)?([^,:?]+?)\s+or\s+(?:the\s+)?([^,:?]+?)\s*(?:[,?]|$)", re.IGNORECASE)
_ALTERNATIVES = re.compile(  # "Are diversions appended or overwritten …?", "… at zero or at one?": not a yes/no
    r"(?<![,;])\s([\w'’-]+)\s+or\s+(?:at\s+|in\s+|on\s+|by\s+|an?\s+|the\s+)?(?!(?:not|no|none|nothing|"
    r"anything|something|more|less|fewer|else|other|others|both|either|neither|so|only|just|also|do|does|did|is|are|"
    r"was|were|can|could|should|must|will|would|have|has|had)\b)[\w'’-]+\b", re.IGNORECASE)
_CHOICE_HEAD = re.compile(r"^(?:of|between)\s+(.+?)\s*,\s*(?:which|who)\b", re.IGNORECASE)
_FOCUS = re.compile(r"\b(?:which|what)\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+?)\s+(?:does|do|did|is|are|was|were|can|could|"
                    r"will|would|should|has|have|had|lets|makes|gives|takes|turns|builds|returns|sends|stops|"
                    r"replaces|skips|uses|of|in|for|from|to|that|when|if|by)\b", re.IGNORECASE)


@dataclass(frozen=True)
class QuestionInfo:
    """A question as the reader sees it.

    `kind` is one of KINDS; `default` is True when the question asks for a default value;
    `terms` are its content terms; `focus` the noun phrase after which/what ("port",
    "black-preservation mode"); `options` the two alternatives of a choice question;
    `comparative` the word that decides a choice ("older", "more"); `same` is True for
    "same …"/"both …" yes/no comparisons; `excluded` the names the question rules out
    ("(not the FTP client)" -> {"ftp"}).
    """

    text: str
    kind: str
    terms: frozenset[str]
    default: bool = False
    focus: str = ""
    options: tuple[str, ...] = ()
    comparative: str = ""
    same: bool = False
    excluded: frozenset[str] = frozenset()

    @property
    def focus_terms(self) -> frozenset[str]:
        """Content terms of the focus phrase."""
        return frozenset(content_terms(self.focus))


_REMARK = re.compile(r"(?<=\?)\s+[A-Z][^?]*$")  # "What is X? With Python I never set it.": a remark after it


def last_sentence(question: str) -> str:
    """The part of the question after its last full stop: the actual question, without a
    remark written after its question mark ("… of a TLS socket? With Python's ssl I never had
    to."; a second question, "Which? A or B?", stays)."""
    parts: list[str] = []
    for piece in re.split(r"(?<=[.!])\s+(?=[A-Z])", question.strip()):
        if parts and re.search(r"(?:\b[A-Z]|\b(?:e\.g|i\.e|vs|St|Dr|Mr|Mrs|Jr|No))\.$", parts[-1]):
            parts[-1] = f"{parts[-1]} {piece}"  # "Gerald R. Ford" is one sentence
        else:
            parts.append(piece)
    asking = [p for p in parts if "?" in p] or parts
    return _REMARK.sub("", asking[-1]) if asking else question


def question_parts(question: str) -> list[str]:
    """A question that asks two things ("Which Guile version …, and what command …?") as two
    questions; the first part keeps any preamble. One-part questions come back unchanged."""
    pieces = _SECOND_PART.split(question.strip(), maxsplit=1)
    if len(pieces) != 2 or len(content_terms(pieces[1])) < 2 or len(content_terms(pieces[0])) < 2:
        return [question]
    first = pieces[0].rstrip(" ,;") + "?"
    return [first, pieces[1][0].upper() + pieces[1][1:]]


def excluded_terms(question: str) -> frozenset[str]:
    """Names a question rules out: "(not the FTP client)", ", not SSH," -> their distinctive words."""
    found: set[str] = set()
    for m in _NOT.finditer(question):
        found |= content_terms(m.group(1) or m.group(2)) - _GENERIC_NOUNS
    return frozenset(found)


def choice_options(question: str) -> tuple[str, ...]:
    """The two alternatives of 'Who is older, A or B?' / 'Of A and B, which …?' ((), if none)."""
    m = _CHOICE_TAIL.search(question)
    if m and len(tokens(m.group(1))) <= 8 and len(tokens(m.group(2))) <= 8:
        return (m.group(1).strip(), m.group(2).strip())
    m = _CHOICE_HEAD.search(question)
    if m:
        parts = re.split(r"\s+(?:and|or)\s+", m.group(1))
        if len(parts) == 2:
            return tuple(p.strip() for p in parts)
    return ()


def _wh_kind(asking: str) -> str:
    """The kind read from the wh-phrase of the asking sentence."""
    low = asking.lower()
    rules = (
        (r"\b(?:first|next|last) (?:step|thing)\b|\bwhich step\b|\bcomes first\b|\bwhat do (?:you|i) do first\b|"
         r"\bbefore (?:starting|running|calling|using)\b", "step"),
        (r"\bhow (?:many|much)\b", "count"),
        (r"\bhow (?:long|often|soon)\b|\bafter how\b|\bwhat (?:time-?out|timeout|delay|interval)\b", "duration"),
        (rf"\bwhen (?:{_AUX_RE})\b|\b(?:what|which) (?:[\w-]+ )?(?:year|date|day|month|decade|century|release|version)\b|\bsince (?:which|what|when)\b", "date"),
        (r"^\s*what (?:is|are|was) (?:a|an|the)?\s*[\w'’.-]+(?:\s+[\w'’.-]+)?\s*\?|\bwhat (?:does|do) [^?]* (?:mean|stand for)\b|"
         r"\bwhat is meant by\b|\bwhat does the .*? do\b|\bwhat (?:is|are) (?:a|an|the) [^?]*\?$", "definition"),
        (rf"\b(?:which|what)\s+(?:[\w-]+\s+){{0,3}}{_OPTION_NOUNS}s?\b|\bwhat do (?:you|i) pass\b", "option"),
        (rf"\b(?:which|what)\s+(?:[\w-]+\s+){{0,3}}{_COMMAND_NOUNS}s?\b", "command"),
        (r"\bwho(?:m|se)?\b", "person"),
        (rf"\bwhere\b|\b(?:which|what|in what)\s+(?:[\w-]+\s+){{0,2}}{_PLACE_NOUNS}\b", "place"),
    )
    for pattern, kind in rules:
        if re.search(pattern, low):
            return kind
    return "what"


def analyse_question(question: str) -> QuestionInfo:
    """Kind, content terms, focus and options of `question` (see QuestionInfo)."""
    asking = last_sentence(question)
    first = (tokens(asking)[:1] or [""])[0].lower()
    options = choice_options(asking)
    comparative = _COMPARATIVE.search(asking)
    same = bool(re.search(r"\b(?:same|both|also|either)\b", asking, re.IGNORECASE))
    if first in _AUX and not options:
        kind = "what" if _ALTERNATIVES.search(asking) else "yesno"  # one of two is asked for, not a verdict
    elif options and (first in ("who", "which", "what") or re.search(r"\bwhich\b|\bwho\b", asking, re.I)):
        kind = "choice"
    else:
        kind = _wh_kind(asking)
    if kind == "yesno" and options:
        kind = "choice"
    excluded = excluded_terms(question)
    if kind == "definition" and _DEFAULT.search(question):
        kind = "what"  # "what is the default value of X?" asks for a value
    defined = (m for p in _DEFINED for m in [p.search(asking)] if m) if kind == "definition" else iter(())
    focus = next(defined, None) or _FOCUS.search(asking) or _WHO_FOCUS.search(asking)
    head = focus.group(1).split()[-1].lower() if focus else ""
    if kind in ("what", "definition") and re.sub(r"s$", "", head) in _NUMERIC_NOUNS:
        kind = "count"
    return QuestionInfo(
        text=question, kind=kind, terms=frozenset(content_terms(_BY_HAND.sub("manually", question))) - excluded,
        excluded=excluded,
        default=bool(_DEFAULT.search(_NOT_DEFAULT.sub(" ", question))), focus=focus.group(1) if focus else "",
        options=options, comparative=comparative.group(1).lower() if comparative else "", same=same,
    )
