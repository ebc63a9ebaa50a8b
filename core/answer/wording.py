"""Wording of the offline follow-up rewrite: the standalone question should read as one a
person would write ("What is the default block size in bzip2?", not "What is the default
block size of data in a bzip2 file?").

- `owner`: what an attribute belongs to after a question that asks for no thing ("How do I
  compress data in a bzip2 file?"): the named program ("bzip2", asked "in bzip2"), else the
  phrase the question is about;
- `means_phrase`: "What is the option called?" after a how-question: the option to do it;
- `same_preposition`: "and on error?" after "Which exit code does Biber return on success?"
  takes the place of "on success" ("… return on error?"), and "with -9" the place of "-1" in
  "with bzip2 -1";
- `instance_of_kind`: "what about Windows?" after "What operating systems does HMMER run on?"
  asks "Does HMMER run on Windows?";
- `other_attribute`: "and its range?" after "What is the resolution of the PVS?" asks "What is
  the range of the PVS?" (not "the range of the resolution of …").

Example:
    >>> owner("How do I compress data in a bzip2 file?")   # doctest: +SKIP
    ('bzip2', 'in')
    >>> same_preposition("Which exit code does Biber return on success?", "on error")   # doctest: +SKIP
    'Which exit code does Biber return on error?'
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.ellipsis import CODE, swap_head
from core.answer.fresh import clause_subject
from core.answer.leaning import ATTRIBUTES, is_name, parse
from core.answer.lexicon import english_word
from core.answer.phrases import MEANS, means_to
from core.answer.referent import named_thing
from core.answer.terms import stem

_ROLES = frozenset("client server daemon user host application program tool package library module option "
                   "function command variable parameter flag script attribute element".split())
PREPOSITIONS = frozenset("on for in with without from at under by over to into of via".split())


def _article_free(phrase: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", phrase.strip(), flags=re.I)


def owner(earlier: str) -> tuple[str, str]:
    """(thing, preposition) for an attribute asked after `earlier`, a question that asks for no
    thing; ("", "") when it names nothing."""
    doc = parse(earlier)
    if doc is None:
        return "", ""
    verbs = {t.lower_ for t in doc if t.pos_ in ("VERB", "AUX")}
    named = named_thing(earlier)
    if named:
        words = _article_free(named).split()
        proper = all(w[:1].isupper() or _is_name_word(w) for w in words)  # "Tour Bus", "Erlang SSH": one name
        if len(words) == 1 or proper or words[-1].lower() in _ROLES or _is_name_word(words[-1]):
            return named, "of" if words[-1].lower() in _ROLES else "in"
        names = [w for w in words if _is_name_word(w)]
        if names:  # "a bzip2 file": bzip2
            return " ".join(names), "in"
    bare = [n for n in question_names(earlier) if n.lower() not in verbs]
    return (bare[0], "in") if bare else ("", "")


def _is_name_word(word: str) -> bool:
    doc = parse(word)
    return bool(CODE.search(word)) or bool(re.search(r"[A-Za-z]\d|\d[A-Za-z]{4,}", word)) or (
        doc is not None and len(doc) == 1 and (is_name(doc[0]) or bool(question_names(word))))


def same_preposition(earlier: str, fragment: str) -> str:
    """`earlier` with its last phrase opened by the fragment's preposition replaced by the
    fragment, when that phrase holds no name, or with its code word replaced by the
    fragment's ("" when neither fits)."""
    words = fragment.strip(" ?.!").split()
    doc = parse(earlier)
    if doc is None or len(words) < 2 or words[0].lower() not in PREPOSITIONS:
        return ""
    preps = [t for t in doc if t.lower_ == words[0].lower() and t.dep_ in ("prep", "agent", "dative")]
    if not preps:
        return ""
    prep = preps[-1]
    end = prep.right_edge.i + 1
    while end < len(doc) and doc[end].text.startswith("-") and CODE.search(doc[end].text):
        end += 1  # "with bzip2 -1": the parser may hang the option off the verb
    span = doc[prep.i: end]
    codes = [t for t in span if CODE.search(t.text) and t.i > prep.i]
    if len(words) == 2 and CODE.search(words[1]) and codes:  # "with -9" for "with bzip2 -1"
        return _joined(doc, codes[-1].i, codes[-1].i + 1, words[1])
    grown = [t for t in span if len(t.text) >= 4 and words[-1].lower().startswith(t.lower_)]
    if grown:
        return ""  # "for capture4" after "for the capture function of expEYES": swap's case
    named = any(t.i > prep.i and (is_name(t) or question_names(t.text)) for t in span)
    if named and prep.lower_ == "of":  # "of verbosity" for "of BZ2_bzCompressInit": the thing owning both stays
        return ""
    outside = any((is_name(t) or question_names(t.text)) for t in doc if not prep.i <= t.i < end)
    swaps_name = bool(question_names(" ".join(words[1:])))  # "on macOS" for "on Linux": a name for a name
    one_for_one = len(words) == 2 and len(span) == 2  # "with rpm" for "with dpkg": one word for one name
    if not outside and not swaps_name and named and not one_for_one:
        return ""  # "for phmmer": the program asked about stays; "with OpenMP" after "compile Velvet" may go
    return _joined(doc, prep.i, end, " ".join(words))


def _joined(doc, lo: int, hi: int, text: str) -> str:
    before = doc[:lo].text_with_ws if lo else ""
    after = doc[hi:].text if hi < len(doc) else ""
    return f"{before}{text}{'' if after[:1] in ('?', '.', ',', '') else ' '}{after}".strip()


_WHAT_IS_OF = re.compile(r"^\s*what\s+(?:is|are)\s+the\s+(.+?)\s+of\s+(.+?)\s*\?*\s*$", re.IGNORECASE)


def other_attribute(earlier: str, attribute: str) -> str:
    """ "What is the <attribute> of X?" when `earlier` asked "What is the <other attribute> of
    X?" ("" for other shapes)."""
    m = _WHAT_IS_OF.match(earlier)
    if not m or attribute.lower() == "default" or set(m.group(1).lower().split()) & ATTRIBUTES:
        return ""  # "the default block size of bzip2": "maximum?" asks the maximum block size
    return f"What is the {attribute} of {m.group(2)}?"


_ITS = re.compile(r"^\s*(?:and\s+)?(?:what\s+(?:is|are)\s+)?its\s+(\w+)\s*\?*\s*$", re.IGNORECASE)


def its_attribute(question: str, earlier: str) -> str:
    """ "and its range?" asked of the thing whose other attribute `earlier` asked (`other_attribute`)."""
    m = _ITS.match(question)
    return other_attribute(earlier, m.group(1)) if m and m.group(1).lower() in ATTRIBUTES else ""


_THE_MEANS = re.compile(rf"\bthe ({'|'.join(sorted(MEANS))})\b(?!\s+(?:of|to|that|for|in)\b)", re.IGNORECASE)


def means_phrase(question: str, earlier: str) -> str:
    """ "What is the option called?" after "How do I make velvetg print only long contigs?":
    the means-word made the means of doing what was asked ("the option to make velvetg …";
    "" for other shapes)."""
    m = _THE_MEANS.search(question)
    means = means_to(earlier, m.group(1)) if m else ""
    return f"{question[:m.start()]}{means}{question[m.end():]}" if means else ""


_KIND_ASKED = re.compile(r"^\s*(?:what|which)\s+(?:[\w-]+\s+){0,2}[\w-]+[^s\W]s\s+(does|do|can)\s+(.+?)\s*\?*\s*$",
                         re.IGNORECASE)


def instance_of_kind(earlier: str, fragment: str) -> str:
    """ "what about Windows?" after "What operating systems does HMMER run on?": one of the kind
    of things asked for → "Does HMMER run on Windows?" ("" for other shapes)."""
    m = _KIND_ASKED.match(earlier)
    word = re.sub(r"^(?:the|a|an)\s+", "", fragment.strip(" ?.!"), flags=re.I)
    named = word[:1].isupper() or _is_name_word(word)
    if not m or len(word.split()) != 1 or not named or word.lower() in earlier.lower():
        return ""
    return f"{m.group(1).capitalize()} {m.group(2)} {word}?"


_NAMED_KIND = re.compile(r"(?<![\w-])([\w.+-]+)(?=\s+(?:option|switch|flag|parameter|function|macro|command|field|variable"
                         r"|setting|directive|keyword|attribute|package|module)s?\b)", re.IGNORECASE)


def sibling_name(earlier: str, fragment: str) -> str:
    """ "what about nosort?" after "What does the noinit option of Biber do?": another name of
    the same kind in its place → "What does the nosort option of Biber do?" ("" when the fragment
    is no single name or the earlier question names no one thing of a kind)."""
    word = re.sub(r"^(?:the|a|an)\s+", "", fragment.strip(" ?.!"), flags=re.I)
    if len(word.split()) != 1 or not _made_up(word):
        return ""
    named = [m for m in _NAMED_KIND.finditer(earlier) if _made_up(m.group(1)) and m.group(1).lower() != word.lower()]
    if len(named) != 1:
        return ""
    m = named[0]
    return f"{earlier[:m.start(1)]}{word}{earlier[m.end(1):]}"


def _made_up(word: str) -> bool:
    """A name no English dictionary has ("nosort", "bzip2"; not "decompression")."""
    return _is_name_word(word) and not english_word(word.lower())


_WH_KIND = re.compile(r"^\s*(what|which)\s+(?:[\w-]+\s+){1,3}?(does|do|did|can|is|are)\s+(.+?)\s*\?*\s*$", re.IGNORECASE)
_KIND_FRAGMENT = re.compile(r"^\s*(?:(?:and|so|also|but)\s+)?(which|what)\s+"
                            r"(?!(?:is|are|was|were|does|do|did|can|could|should|will|would|has|have|about)\b)"
                            r"((?:[\w-]+\s*){1,3}?)\s*\?+\s*$", re.IGNORECASE)


def another_kind(question: str, earlier: str) -> str:
    """ "and which read categories?" after "What file formats does velveth support?": the earlier
    question asked of another kind of thing → "Which read categories does velveth support?"."""
    frag, m = _KIND_FRAGMENT.match(question), _WH_KIND.match(earlier)
    if not frag or not m:
        return ""
    return f"{frag.group(1).capitalize()} {frag.group(2).strip()} {m.group(2).lower()} {m.group(3)}?"


def named_place(subject: str, other: str) -> str:
    """The place phrase a whole new thing keeps from the subject it replaces (" in nano" of
    "syntax highlighting in nano" for "line numbers"; "" when there is none, or when more than a short
    noun phrase comes before it: "doxygen's binaries installed by default on UNIX")."""
    place = re.search(r"\s(?:in|on|with|for|under)\s.+$", subject)
    keeps = place and swap_head(subject, other) == other.strip() and len(subject[:place.start()].split()) <= 3
    return place.group(0) if keeps and place.group(0).strip().lower() not in other.lower() else ""


def told_by_owner(thing: str, earlier: str) -> str:
    """A referent with "its" or "their" told by its owner in the earlier question ("its history" of
    "Where does bash store its history?" is "the history of bash"; "the directory of its swap files" of
    "Where does vim keep its swap files?" is "the directory of the swap files of vim")."""
    m = re.search(r"\b(its|their)\s+(.+)$", thing, re.IGNORECASE)
    doc = parse(earlier) if m else None
    mark = next((t for t in doc if t.lower_ == m.group(1).lower() and t.tag_ == "PRP$"), None) if doc is not None else None
    owner = clause_subject(mark) if mark is not None else None
    name = doc[owner.left_edge.i: owner.i + 1].text if owner is not None else ""
    if not name or name.lower() in thing[:m.start()].lower():  # "where JAGS installs its libraries": its own
        return thing
    return f"{thing[:m.start()]}the {m.group(2)} of {name}"


def shares_head(earlier: str, fragment: str) -> bool:
    """A fragment of two or more words whose last word the earlier question writes too, not as
    its first word ("the output encoding" after "Which option sets Biber's input encoding?")."""
    words = fragment.strip(" ?.!").split()
    if len(words) < 2 or words[0].lower() in PREPOSITIONS:
        return False
    head = stem(words[-1].lower())
    doc = parse(earlier)  # the shared word is a noun there too ("resume a broken download": not "How do I download …")
    return doc is not None and any(stem(t.lower_) == head and t.pos_ in ("NOUN", "PROPN") for t in doc[1:])


def owner_of_attribute(thing: str, word: str) -> str:
    """What "its <word> …" belongs to when `thing` is an attribute of the same kind: "its default
    width" of "the default shape of a node in dot" is a node's ("a node in dot"); else `thing`."""
    m = re.match(r"the (\w+) [\w-]+ of (.+)$", thing)
    return m.group(2) if m and m.group(1).lower() == word.lower() and word.lower() in ATTRIBUTES else thing


__all__ = ["ATTRIBUTES", "PREPOSITIONS", "another_kind", "instance_of_kind", "its_attribute", "means_phrase", "named_place",
           "other_attribute", "owner", "owner_of_attribute", "same_preposition", "shares_head", "sibling_name",
           "told_by_owner"]
