"""What a follow-up's "it" stands for in the earlier question: the thing asked about, or the
named thing the question is about.

- the **asked thing**: "What is the default PNG resolution of LilyPond?" → "the default PNG
  resolution of LilyPond"; "Which FTP mode does the Erlang FTP client try first?" → "the FTP
  mode of the Erlang FTP client"; "What does the -dKPreserve option do?" → "the -dKPreserve
  option". "how do I change it?" changes the asked thing.
- the **named thing**: the first noun phrase that holds a name ("the Erlang TFTP
  application"). "which RFCs does it implement?" asks about the named thing.
- the **embedded question**: "When does Erlang SSH start rekeying?" → "when Erlang SSH starts
  rekeying", for "how do I change that?".

Example:
    >>> asked_thing("Which FTP mode does the Erlang FTP client try first?")
    'the FTP mode of the Erlang FTP client'
    >>> embedded("When does Erlang SSH start rekeying by default?")
    'when Erlang SSH starts rekeying by default'
"""
from __future__ import annotations

import re

from core.answer import nlp
from core.answer.decline import question_names
from core.answer.lexicon import third_person_verb
from core.answer.phrases import HOW_FRAME, main_object

_IS = re.compile(r"^\s*(?:what|which)\s+(?:is|are|was|were)\s+((?:the|a|an|its|their)\s.+?)\s*\?*\s*$", re.I)
_WH_AUX = re.compile(r"^\s*(what|which|how many|how much|when|where|how)\s+(.*?)\s*\b(does|do|did|can|should|will|would)\s+"
                     r"(.+?)\s*\?*\s*$", re.I)
_WH_SUBJECT = re.compile(r"^\s*(which|what)\s+(.+?)\s*\?*\s*$", re.I)
_AUX = frozenset("is are was were do does did can could will would should has have may must".split())
_YES_NO = re.compile(r"^\s*(?:is|are|was|were|does|do|can)\s+(.+?)\s*\?*\s*$", re.I)
_MEASURE = re.compile(r"^\d+(?:\.\d+)?[A-Za-z]{0,3}$")  # "100bp", "32kb", "21": an amount, no name
_NAME = re.compile(r"[_:/=\\#\d]|^-{1,2}\w|[a-z][A-Z]|^[A-Z]")
# Verbs the small tagger often reads as nouns after a name ("does the daemon use …").
VERBS = frozenset(
    "use try start stop set take pick do make need support accept read write listen connect send return mean control "
    "change tune add create assume apply require implement handle wait print show call run give produce open close "
    "generate look map translate store keep load save find get allow expect build pass replace select skip "
    "compute draw install compile link print sort list convert check contain measure".split())


_doc = nlp.parse  # cached and shared with the other question rules: read, never change


def _verbish(tok) -> bool:
    glued = tok.i > 0 and not tok.doc[tok.i - 1].whitespace_  # "--dot-include": part of one word
    return not glued and (tok.pos_ in ("VERB", "AUX") or tok.lower_ in VERBS)


def _subject(toks) -> tuple[str, int]:
    """The noun phrase that opens `toks` (up to the first verb, participle or adverb after
    it) as text, and the index of the token that ends it (-1 when there is none)."""
    acting = not any(t.pos_ == "AUX" for t in toks[0].doc) if toks else False  # "Which file configures …": no "does"
    for i, tok in enumerate(toks):
        if acting and _reads_as_verb(toks, i):  # the tagger read a noun: "Which option of grep prints line numbers"
            return toks[0].doc[toks[0].i: tok.i].text, i
        describing = tok.tag_ in ("VBN", "VBG") and tok.dep_ in ("amod", "compound")  # "a Biber sorting template"
        # "the --jobs option of make": a word right after a preposition is its object, not a verb
        describing = describing or (toks[i - 1].pos_ == "ADP" and tok.tag_ != "VBG" if i > 0 else False)
        adverb = tok.tag_ == "RB" and not tok.text[:1].isupper()  # "the PostgreSQL server": a name, misread
        if i > 0 and not describing and (_verbish(tok) or tok.tag_ in ("VBN", "VBG") or adverb or tok.lower_ == "not"):
            return toks[0].doc[toks[0].i: tok.i].text, i
    return "", -1


def _reads_as_verb(toks, i: int) -> bool:
    """A plural noun that is the present form of a verb, between a noun and its object
    ("file configures DNS servers", "grep prints line numbers")."""
    tok = toks[i]
    if i < 1 or i + 1 >= len(toks) or tok.tag_ != "NNS" or not third_person_verb(tok.lower_):
        return False
    return toks[i - 1].pos_ in ("NOUN", "PROPN") and toks[i + 1].pos_ in ("DET", "NOUN", "PROPN", "ADJ", "NUM")


def _from(doc, start: int) -> list:
    """The tokens of `doc` from character `start` on, closing punctuation left out."""
    return [t for t in doc if t.idx >= start and not (t.is_punct and t.text in "?.!")]


def asked_thing(earlier: str) -> str:
    """The noun phrase for what `earlier` asks about ("" when none is read)."""
    m = _IS.match(earlier)
    if m:
        return m.group(1)
    doc = _doc(earlier)
    if doc is None:
        return ""
    acting = _WH_SUBJECT.match(earlier)
    if acting and acting.group(2).split()[0].lower() not in _AUX:
        toks = _from(doc, acting.start(2))
        noun, at = _subject(toks)
        if at > 0 and toks[at].lower_ not in _AUX and toks[at].pos_ != "AUX":  # "Which module logs …": the module that logs …
            return f"the {noun} that {doc[toks[at].i: toks[-1].i + 1].text}"
        if at > 0 and any(t.tag_ == "VBN" for t in toks[at + 1: at + 3]):  # "Which header file must be included …"
            return f"the {noun} that {doc[toks[at].i: toks[-1].i + 1].text}"
    m = _WH_AUX.match(earlier)
    if m and m.group(1).lower() in ("what", "which"):
        subject, _ = _subject(_from(doc, m.start(4)))
        wanted = m.group(2).strip()
        if not subject or len(wanted.split()) > 4:
            return ""
        return f"the {wanted} of {subject}" if wanted else subject
    m = _YES_NO.match(earlier)
    subject = _subject(_from(doc, m.start(1)))[0] if m else ""
    relative = re.match(r"^(.+?)\s+(?:that|which|who)$", subject)  # "Is the option that makes … set?": not "… that"
    if relative:
        head = next((t for t in doc if t.idx + len(t.text) == m.start(1) + relative.end(1)), None)
        whole = doc[head.left_edge.i: head.right_edge.i + 1].text if head is not None else ""
        subject = whole if whole.startswith(relative.group(1)) and len(whole.split()) <= 16 else relative.group(1)
    return subject


def named_thing(earlier: str) -> str:
    """The first noun phrase of `earlier` after its wh-phrase that holds a name."""
    doc = _doc(earlier)
    if doc is None:
        return ""
    is_form = _IS.match(earlier)
    m = is_form or _WH_AUX.match(earlier) or _YES_NO.match(earlier)
    start = m.start(m.lastindex) if m else 0
    of = [o.end() for o in re.finditer(r"\b(?:of|in|for)\s+", earlier[start:])] if is_form else []
    toks = _from(doc, start + of[-1] if of else start)  # "the default resolution of LilyPond": LilyPond
    for i, tok in enumerate(toks):
        if _NAME.search(tok.text) and tok.text != "I" and tok.i > 0 and not _verbish(tok) and not _MEASURE.match(tok.text):
            lo = i
            while lo > 0 and toks[lo - 1].pos_ in ("DET", "ADJ", "NOUN", "PROPN", "NUM") \
                    and toks[lo - 1].tag_ not in ("WDT", "WP") \
                    and not _verbish(toks[lo - 1]):  # "Does the tex filter skip TeX comments?": not from "skip"
                lo -= 1
            hi = i + 1
            while hi < len(toks) and (toks[hi].pos_ in ("NOUN", "PROPN", "NUM", "ADJ") or not toks[hi - 1].whitespace_) \
                    and not _verbish(toks[hi]):
                hi += 1
            return doc[toks[lo].i: toks[hi - 1].i + 1].text
    return ""


def instrument(earlier: str) -> str:
    """The one-word name of the tool the earlier question works with ("pdflatex" of "How do I
    generate a PDF with pdflatex?"), which "does it need …" asks about ("" when there is none)."""
    doc = _doc(earlier)
    for tok in doc if doc is not None else ():
        if (tok.dep_ == "pobj" and tok.head.lower_ in ("with", "using", "via") and tok.head.head.dep_ == "ROOT"
                and question_names(tok.text) == [tok.text]):
            return tok.text
    return ""


_DOUBLES = frozenset("commit submit omit admit permit forget begin refer prefer control occur transfer regret upset "
                     "reset unset output input".split())  # stressed last syllables: "committing"


def action(earlier: str) -> str:
    """ "How do I delete a branch in git?" as the action "deleting a branch in git", what "undo
    that" undoes ("" for other shapes, or when the word after "I" is no verb)."""
    m = HOW_FRAME.match(earlier)
    doc = _doc(earlier)
    if not m or doc is None:
        return ""
    start = m.end(1) + len(earlier[m.end(1):]) - len(earlier[m.end(1):].lstrip())
    verb = next((t for t in doc if t.idx == start), None)
    if verb is None or verb.pos_ != "VERB":
        return ""
    rest = earlier[start + len(verb.text):].rstrip().rstrip("?").rstrip()
    return f"{_gerund(verb.lower_)}{rest}"


_ACTION_VERBS = frozenset("undo redo repeat do automate avoid prevent stop skip reverse cancel disable script".split())


def takes_action(pronoun) -> bool:
    """ "undo that", "a program for that", "how long does that take": the pronoun stands for the earlier question's action
    ("deleting a branch in git"), not for its thing ("turns that into an image")."""
    head = pronoun.head
    return (pronoun.dep_ == "dobj" and head.lower_ in _ACTION_VERBS) or (
        pronoun.dep_ == "pobj" and head.lower_ in ("for", "before", "after", "without", "during")) or (
        pronoun.dep_ == "nsubj" and head.lower_ in ("take", "work", "fail"))  # "how long does that take?"


def _gerund(verb: str) -> str:
    """'delete' → 'deleting', 'run' → 'running', 'commit' → 'committing', 'see' → 'seeing'."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    one_syllable = len(re.findall(r"[aeiou]+", verb)) == 1
    if (one_syllable or verb in _DOUBLES) and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", verb):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def _third_person(verb: str) -> str:
    """'start' → 'starts', 'pass' → 'passes', 'copy' → 'copies'."""
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def embedded(earlier: str) -> str:
    """'When does S V …?' as the clause 'when S Vs …' ("" for other shapes)."""
    m = _WH_AUX.match(earlier)
    doc = _doc(earlier)
    if not m or doc is None or m.group(1).lower() == "how" and not m.group(2):
        return ""
    wh = f"{m.group(1)} {m.group(2)}".strip()
    wh = wh[:1].lower() + wh[1:]
    toks = _from(doc, m.start(4))
    _, at = _subject(toks)
    if at <= 0 or m.group(3).lower() not in ("does", "do") or toks[at].lower_ == "not":
        return ""
    return f"{wh} {_statement(doc, toks, at, m.group(3))}"


def declarative(clause: str) -> str:
    """A clause of a question in the order of a statement, as `embedded` reads one: "does pytest
    keep" → "pytest keeps", "do the tools read" → "the tools read"; any other clause as it is."""
    m = re.match(r"\s*(does|do)\s+(?=\S+\s+\S)", clause, re.IGNORECASE)
    doc = _doc(clause) if m else None
    toks = _from(doc, m.end()) if doc is not None else []
    at = _subject(toks)[1] if toks else -1
    return _statement(doc, toks, at, m.group(1)) if at > 0 and toks[at].lower_ != "not" else clause


def _statement(doc, toks, at: int, aux: str) -> str:
    """The subject `toks[:at]`, its verb `toks[at]` agreeing with `aux` ("does" → "keeps"), the rest."""
    verb = _third_person(toks[at].text) if aux.lower() == "does" else toks[at].text
    rest = doc[toks[at].i + 1: toks[-1].i + 1].text if at + 1 < len(toks) else ""
    return f"{doc[toks[0].i: toks[at].i].text} {verb} {rest}".strip()


def named_by_noun(earlier: str, verb: str) -> str:
    """What "it" stands for when its verb is a noun of the earlier question: "which programs
    don't support it?" after "How do I compile HMMER with MPI support?" → "MPI" (the words
    that describe that noun; "" when the verb is no noun there)."""
    doc = _doc(earlier)
    if doc is None:
        return ""
    for tok in doc:
        if tok.pos_ == "NOUN" and tok.lower_ == verb.lower() and tok.i > 0:
            words = [c for c in tok.lefts if c.dep_ in ("compound", "amod", "nmod")]
            if words:
                return doc[words[0].left_edge.i: tok.i].text
    return ""


def acted_on(earlier: str, thing: str) -> str:
    """The one-word name the earlier question acts on before its named `thing` ("pandoc" of
    "How do I install pandoc on Linux?", where `thing` is "Linux"; "" when there is none)."""
    obj = main_object(_doc(earlier))
    name = obj.text if obj is not None else ""  # its phrase may take in "from the command line on Linux"
    return name if question_names(name) == [name] and earlier.find(name) < earlier.find(thing) else ""


def misread_yes_no(doc) -> tuple[str, str] | None:
    """(subject, object) of a yes/no question whose verb the tagger read as a noun ("Does the tex
    filter skip TeX comments?": the tex filter, TeX comments), split at the first known verb
    after the subject; the object ends at a preposition. None when the parse has that verb as
    its root (read right) or the question does not open with "does", "can" …"""
    if doc is None or len(doc) < 4 or doc[0].lower_ not in _OPENING_AUX:
        return None
    verb = next((t for t in doc[2:] if t.lower_ in VERBS and doc[t.i - 1].pos_ != "DET" and doc[t.i - 1].whitespace_),
                None)
    if verb is None or verb.dep_ == "ROOT" and verb.pos_ == "VERB":
        return None
    end = next((t.i for t in doc[verb.i + 1:] if t.pos_ in ("ADP", "PUNCT") and t.text not in ".-_/"), len(doc))
    return doc[1:verb.i].text, doc[verb.i + 1:end].text


_OPENING_AUX = frozenset("does do did can could will would should".split())


_NAME_BEFORE_VERB = re.compile(r"^\s*(?:what|how|when|why|where|which\s+\w+)\s+"
                               r"(?:does|do|did|can|could|will|would|should)\s+(\S+)\s+[a-z]+\b", re.IGNORECASE)


def name_before_verb(question: str) -> str:
    """The unknown name between the auxiliary and the verb ("What does incr expand to?":
    "incr", which the tagger reads as a verb), or ''."""
    m = _NAME_BEFORE_VERB.match(question)
    name = m.group(1) if m else ""
    return name if name and question_names(name) else ""
