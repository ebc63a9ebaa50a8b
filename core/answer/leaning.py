"""Does a question lean on the conversation, or stand alone?

A follow-up: "what about …" or a fragment without a verb ("and the client?", "default?");
a pronoun with nothing in the question it could point at ("how do I quit it?", "which RFCs
does it implement?"; not "a key and its value", not "is it possible to …"); "that option";
"what other levels are there?"; a question that names nothing and no topic ("What is
the default?"; a lower-case word no dictionary has, "vsftpd", is a name). A short question
with a topic of its own ("How do I start gp?") stands alone, and so does one that opens
with "and" but names its own subject and refers to nothing earlier ("And which procedure
of Guile reads a hash table?").

Example:
    >>> leans_on_context("and how do I quit it?"), leans_on_context("Is it possible to set the paper size of LilyPond?")
    (True, False)
"""
from __future__ import annotations

import re

from core.answer import nlp
from core.answer.decline import common_words, question_names

CONNECTORS = frozenset("and but so also then ok okay well".split())
BACK = frozenset("it them they this that these those he she him".split())
POSSESSIVE = frozenset("its their his her".split())
ATTRIBUTES = frozenset("default value values type version size limit port path format unit units timeout range "
                       "syntax meaning purpose name location maximum minimum length encoding".split())
ABOUT = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:(?:what|how)\s+about|(?:and\s+)?(?:the\s+)?same\s+(?:for|with))\s+(.+?)"
                   r"\s*\??\s*$", re.IGNORECASE)  # "what about X?", "same for X?"
_VAGUE = frozenset("be do have get use set work mean happen need change make uses sets works means happens needs "
                   "changes makes used changed made".split())  # verbs that name no topic
_EXPLETIVE = re.compile(r"\b(?:is|was|would|will|does|isn't)\s+it\s+(?:possible|necessary|safe|ok|okay|true|better|"
                        r"enough|required|allowed|mean\s+(?:when|if|that)|matter)\b|\bit\s+(?:is|was)\s+(?:possible|"
                        r"necessary|required|allowed)\b", re.IGNORECASE)
_NAME = re.compile(r"[\d_:/=\\.-]")
_UNNAMING = frozenset("same other new old first last next previous main whole current right wrong".split())
_AUX = frozenset("is are was were do does did can could will would should has have may must".split())
_WH = frozenset("what which who whom whose when where why how".split())
_BACK_ADVERBS = frozenset("then instead too also".split())
_ANNOUNCED = re.compile(r":\s*[\w'\"“‘.\\/-]")  # a colon and what it brings
_CLOSING = re.compile(r",\s*(?:(?:how|what|why|when|where|which|whether|who)\s[^,?]+|v?\d[\w.+-]*)\s*\?*\s*$",
                      re.IGNORECASE)  # ", how MrBayes chooses the burn-in?", ", 1.0.8?"
# ", PROMPT_COMMAND?": one quoted or bare word closing the question
_NAME_CLOSING = re.compile(r",\s*[\"'“‘`]?(?P<name>[^\s,?\"'”’`]+)[\"'”’`]?\s*\?*\s*$")
_NAMED_AFTER = re.compile(r"\s*,\s*[^,?]+?\s(?:or|and)\s[^,?]+[,?]")  # ", -a or -A,": an apposition listing them
_INVERTED = frozenset("does do did can could will would should".split())
_NOW = frozenset("day days year years week weeks month months".split())  # "these days"
_KINDS = frozenset("command program utility tool daemon package type function option module filter setting "
                   "parameter variable facility directive".split())  # "the ip command", "the interval type"


parse = nlp.parse  # spaCy's Doc for `text` (cached, shared: never change it), or None without the model


def is_name(tok) -> bool:
    """A name: a proper noun, a capitalised word not first, or a code-like token; not an
    everyday adjective or adverb written in capitals for emphasis ("make the output LOW")."""
    if tok.text.isupper() and tok.pos_ in ("ADJ", "ADV") and tok.lower_ in common_words():
        return False
    return (tok.pos_ == "PROPN" or (tok.i > 0 and _capitalised(tok.text)) or _code_like(tok.text)) \
        and tok.pos_ != "PUNCT" and not tok.text.isdigit()


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and word != "I"


def _code_like(word: str) -> bool:
    return bool(_NAME.search(word.strip(".-")))


def _named(word: str) -> bool:
    """A word written as a name, as `is_name` reads a token: capitalised or code-like ("PROMPT_COMMAND")."""
    return _capitalised(word) or _code_like(word)


def refers_back(tok) -> bool:
    """A pronoun or demonstrative that can point at something said earlier."""
    low = tok.lower_
    if low in POSSESSIVE and tok.tag_ == "PRP$":
        return True
    if low == "that" and _relative(tok):
        return False
    return low in BACK and (tok.tag_ in ("PRP", "DT") or (low == "that" and tok.dep_ in ("dobj", "nsubj", "pobj")))


def _relative(tok) -> bool:
    """A 'that' opening a relative clause on a noun before it ("the length of a token that flex
    can match"): it points at that noun, not at anything said earlier."""
    verb = tok.head.head if tok.head.pos_ == "ADP" else tok.head  # "the file that a command lives in"
    return verb.dep_ == "relcl" and verb.i > tok.i and verb.head.i < tok.i and verb.head.pos_ in ("NOUN", "PROPN", "ADJ")


def _wh_phrase(doc) -> set[int]:
    """Token indices of the wh-phrase ("which RFCs"): what is asked, no antecedent. Read from
    the words (the small parser often misreads short questions): from 'which'/'what'/'how
    many' up to the auxiliary or verb."""
    out: set[int] = set()
    for tok in doc:
        if tok.lower_ in ("which", "what", "whose", "many", "much") and not out:
            for t in doc[tok.i + 1:]:
                if t.lower_ in _AUX or t.pos_ in ("VERB", "AUX", "PUNCT"):
                    break
                out.add(t.i)
    return out


_CLAUSES = frozenset("ccomp relcl advcl conj acl xcomp pcomp".split())
_DO = frozenset("do does did doing done".split())
_WANT = frozenset("want wants like wish need".split())


def _said_before_it(tok) -> bool:
    """A pronoun whose antecedent the question itself says first: 'it' in a clause of its own
    whose main clause's subject is a noun of the same number ("How does the kernel decide which
    process it should kill?", "… does the cron daemon use for the entries it runs?"), or 'do
    that' after a clause that names the action ("If I want to undo a commit, how do I do that?")."""
    doc = tok.doc
    if tok.lower_ in ("that", "this") and tok.dep_ == "dobj" and tok.head.lower_ in _DO:
        return any(t.pos_ == "VERB" and t.lower_ not in _VAGUE | _DO | _WANT for t in doc[: tok.head.i])
    if tok.lower_ not in ("it", "they", "them") or tok.head.pos_ not in ("VERB", "AUX"):
        return False  # "does --fast make it faster?": 'it' of a small clause is what is made faster
    verb, inside, gaps = tok.head, False, set()  # gaps: the nouns a relative clause on the way describes
    while verb.dep_ != "ROOT" and verb.head is not verb:
        inside = inside or verb.dep_ in _CLAUSES
        gaps |= {verb.head.i} if verb.dep_ in ("relcl", "acl") else set()  # "the maximum length that it can hold"
        verb = verb.head
    plural = tok.lower_ != "it"
    subjects = ("nsubj", "nsubjpass") if verb.pos_ in ("VERB", "AUX") else ("nsubj", "nsubjpass", "compound")
    return inside and any(t.dep_ in subjects and t.pos_ not in ("PRON", "DET") and t.i < tok.i  # "does git ask"
                          and t.i not in gaps and (t.tag_ in ("NNS", "NNPS")) == plural  # "daemon use": misread
                          for t in verb.children)


def _points_ahead(tok, text: str) -> bool:
    """A demonstrative that points at nothing said before: ahead at what a colon brings ("what does
    this message mean: 'object not found'?"), at a closing wh-clause or version ("can you explain
    that again, how MrBayes chooses the burn-in?", "what changed in this release of bzip2, 1.0.8?"),
    at the choices named right after its noun ("which of those two options, -a or -A, …"), at a code
    name closing the question ("the zsh equivalent of this bash variable, PROMPT_COMMAND?"), or at
    the present ("these days")."""
    if tok.lower_ not in ("this", "these", "that", "those"):
        return False
    if tok.dep_ == "det" and tok.head.lower_ in _NOW:
        return True
    if tok.dep_ == "det" and tok.head.i > tok.i and _NAMED_AFTER.match(text, tok.head.idx + len(tok.head.text)):
        return True  # "which of those two options, -a or -A, …": the choices are named right after
    closing = _NAME_CLOSING.search(text, tok.idx + len(tok.text))  # "this bash variable, PROMPT_COMMAND?"
    if tok.dep_ == "det" and closing and _named(closing.group("name")):
        return True
    return bool(_ANNOUNCED.search(text, tok.idx) or _CLOSING.search(text, tok.idx + len(tok.text)))


def dangling(doc, text: str) -> list:
    """The pronouns of `doc` that point outside the question: no name before them (a name
    of the wh-phrase counts only for 'its'), and not an expletive 'it' ("is it possible")."""
    expletive = bool(_EXPLETIVE.search(text)) and any(is_name(t) for t in doc)
    asked = _wh_phrase(doc)
    out = []
    for tok in doc:
        if not refers_back(tok) or (expletive and tok.lower_ == "it") or _points_ahead(tok, text) \
                or _said_before_it(tok):
            continue
        before = [t for t in doc[: tok.i] if is_name(t) or (tok.lower_ in POSSESSIVE and t.pos_ == "NOUN")]
        if tok.lower_ not in POSSESSIVE:
            before = [t for t in before if t.i not in asked]
        if tok.dep_ == "det" and tok.lower_ in ("this", "that", "these", "those"):
            before = []  # "that option" points back whatever came before
        if not before:
            out.append(tok)
    return out


def leans_on_context(question: str) -> bool:
    """True when the question needs an earlier one (see the module docstring)."""
    if ABOUT.match(question):
        return True
    doc = parse(question)
    if doc is None:
        return bool(re.match(r"^\s*(?:and|so|also)\b", question, re.I) or re.search(r"\b(?:it|its)\b", question, re.I))
    words = [t for t in doc if not t.is_punct]
    if not words:
        return False
    named = ([t for t in words if is_name(t) or _kind_named(t)]
             or [n for n in question_names(question) if not n.isdigit()]
             or ([t for t in words if _bare_subject(t)] if words[-1].lower_ not in _BACK_ADVERBS else []))
    has_verb = any(t.pos_ in ("VERB", "AUX") for t in words)
    if dangling(doc, question) or (not has_verb and len(words) <= 6 and not _whole_question(words, named)):
        return True
    if words[0].lower_ in CONNECTORS:
        return not (named and has_verb)
    if not named and any(t.lower_ in ("other", "else") for t in words):
        return True
    if named:
        return False
    topical = [t for t in words if t.pos_ in ("NOUN", "ADJ", "VERB") and t.lower_ not in ATTRIBUTES | _VAGUE]
    return not topical or _points_back(words)


def _bare_subject(tok) -> bool:
    """A lower-case word with no article right after an inverted auxiliary and before the verb, the
    tagger reading it as a singular noun (or as a verb or adjective, or as a plural after "does"):
    a program named by an English word ("What other formats does tar support?", "can df print",
    "does cups need"); the caller skips it before a closing "then" ("what does capture do then?")."""
    doc = tok.doc
    if not (1 < tok.i < len(doc) - 1 and doc[tok.i - 1].lower_ in _INVERTED and tok.is_alpha and tok.is_lower):
        return False
    after = doc[tok.i + 1]
    plural = tok.tag_ == "NNS" and doc[tok.i - 1].lower_ == "does"  # "does cups need …": a plural with "does" is a name
    misread = tok.tag_ in ("VB", "RB", "JJ") and not tok.lower_.endswith("ly")  # "does sort accept", "can df print"
    return (tok.tag_ == "NN" or plural or misread) and after.is_alpha and after.pos_ in ("VERB", "NOUN") \
        and not tok.is_stop


def _kind_named(tok) -> bool:
    """A lower-case word that names a command, program or tool by the noun after it ("the ip
    command", "the make program"): a name even when it is an English word or two letters long."""
    after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None  # its head, or misread ("the interval type take")
    return tok.dep_ in ("compound", "amod") and tok.is_alpha and tok.is_lower and after is not None \
        and after.lower_ in _KINDS and after.pos_ == "NOUN" and tok.lower_ not in ATTRIBUTES | _UNNAMING


def _whole_question(words, named) -> bool:
    """A verbless question the tagger misread that still asks in full: it opens with a
    wh-word, names something and has five words or more ("Which expEYES function registers
    capture actions?": 'registers' read as a noun)."""
    return bool(named) and len(words) >= 5 and words[0].lower_ in _WH


def _points_back(words) -> bool:
    """A question that names nothing and points at something already talked about: a
    definite noun phrase of the main clause ("what is the default file name?", "can both pins be
    the same?")
    or a closing "then"/"instead"/"too" ("what does capture do then?")."""
    if any(t.lower_ in ("which", "what") and t.dep_ == "det" for t in words):
        return False  # "which option makes sure that the data …": it asks for a kind of thing
    definite = any(t.lower_ in ("the", "both", "either") and t.dep_ in ("det", "predet") and t.head.pos_ == "NOUN"
                   and (t.head.dep_ == "ROOT" or t.head.head.dep_ == "ROOT") and not _described(t.head) for t in words)
    return definite or words[-1].lower_ in _BACK_ADVERBS


_OPEN_DETS = frozenset("a an every each any all some".split())


def _described(noun) -> bool:
    """A definite noun that says itself which thing it is: a relative clause on it ("the variables
    that its parent exports") or an "of" phrase about something not yet known ("the contents of
    every file", "the size of a block"), not "the default" or "the size of the buffer"."""
    if any(c.dep_ == "relcl" and c.i > noun.i for c in noun.children):  # not "the file called …"
        return True
    for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" and c.i > noun.i):
        for obj in (c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")):
            dets = [c.lower_ for c in obj.children if c.dep_ == "det"]
            if dets and dets[0] in _OPEN_DETS:
                return True
    return False
