"""Questions that look like follow-ups but ask in full: they start fresh.

A pronoun whose noun comes before it in the question itself ("How do I compile a program
and run it?") points at nothing earlier (`resolved_inside`).

"What about the glpsol --cuts option, what does it do?" opens like a follow-up ("what
about …") but names its own subject (a name, or a concept without an article: "What about
stepping-stone sampling, is it more accurate?") and then asks a whole question whose pronoun
points at that subject: nothing of an earlier question is needed.

A whole question that names a code-like thing ("What was the --validate-structure option
renamed to?", "and what does map_entry_null do?") names its own subject, though the tagger
splits "--validate-structure" or reads "--sortupper" as punctuation (`names_own_subject`);
so does one whose pronoun's noun comes after it ("how do I install it on Linux, the Biber
binary?": `dislocated`), one that only opens with "and"/"so"/"also" ("And what is a
filter?": `after_connector`), and a request naming its own topic ("Show the syntax of the
plot command.": `whole_request`).

Example:
    >>> asks_in_full("What about the glpsol --cuts option, what does it do?")
    True
    >>> asks_in_full("what about the client, which port does it use?")
    False
    >>> names_own_subject("What was the --validate-structure option renamed to?")
    True
"""
from __future__ import annotations

import re

from core.answer.decline import common_words, question_names
from core.answer.ellipsis import CODE
from core.answer.leaning import ABOUT, ATTRIBUTES, dangling, is_name, leans_on_context, parse, refers_back
from core.answer.phrases import asks_which_one, expletive_its
from core.answer.topic import without_specific_articles

_ABOUT_THEN_ASK = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:what|how)\s+about\s+([^,?]+?)\s*[,;:]\s*"
                             r"((?:what|which|how|why|when|where|who|is|are|does|do|can|could|should)\b.+)$",
                             re.IGNORECASE)


def asks_in_full(question: str) -> bool:
    """True for "what about <named thing>, <whole question>?" (see the module docstring)."""
    m = _ABOUT_THEN_ASK.match(question)
    if not m:
        return False
    thing, asked = m.group(1), m.group(2)
    doc = parse(thing)
    named = (doc is not None and (any(is_name(t) for t in doc) or (len(doc) > 0 and doc[0].tag_ == "VBG"))
             or bool(question_names(thing)) or bool(_code_words(thing)) or _concept(doc))  # "what about plotting data, how …?"
    clause = parse(asked)
    has_verb = clause is not None and any(t.pos_ in ("VERB", "AUX") for t in clause)
    return named and has_verb


def _concept(doc) -> bool:
    """A noun phrase that names a concept: bare ("stepping-stone sampling", "relaxed clocks"),
    or "the" with a describing word of its own ("the harmonic mean"), and a noun that is no role
    or attribute word ("the client", "default", "the second option" need the earlier question)."""
    if doc is None or not len(doc) or doc[0].pos_ == "PRON":
        return False
    if doc[0].pos_ == "DET" and (doc[0].lower_ != "the" or not any(
            t.dep_ in ("amod", "compound") and t.is_alpha and t.lower_ not in _ORDINAL | _ROLES | ATTRIBUTES for t in doc)):
        return False
    return any(t.pos_ == "NOUN" and t.lower_ not in _ROLES | ATTRIBUTES for t in doc)


_ORDINAL = frozenset("first second third fourth fifth last next previous other same new former latter".split())


_OWN_ANTECEDENT_DEPS = frozenset("dobj nsubj nsubjpass pobj attr".split())


def resolved_inside(question: str) -> bool:
    """True when each "it"/"them" of `question` has a noun before it in the question itself
    ("How do I compile a program and run it?") and, with those nouns in place, the question
    no longer leans on the conversation."""
    doc = parse(question)
    if doc is None:
        return False
    out, changed, skip = [], False, -1
    for tok in doc:
        if tok.i == skip:
            continue
        if tok.lower_ in ("it", "them", "they") and tok.tag_ == "PRP" and tok.idx not in expletive_its(question):
            asked = _asked_words(doc)  # "which macros does groff ship, and where are they installed?": another clause
            nouns = [t for t in doc[: tok.i] if t.pos_ in ("NOUN", "PROPN") and t.dep_ in _OWN_ANTECEDENT_DEPS
                     and (t.i not in asked or tok.lower_ != "it") and (_clause(t) != _clause(tok) or _of_noun(tok, t))
                     and not _relative_on(t, tok)]
            if not nouns:
                return False
            noun = nouns[-1]  # with its own article and describing words: "that it" → "that the end"
            left = min([c.i for c in noun.lefts if c.dep_ in ("det", "amod", "compound", "nummod")] + [noun.i])
            out.append(doc[left: noun.i + 1].text + tok.whitespace_)
            changed = True
        elif tok.lower_ in ("its", "their") and tok.tag_ == "PRP$":  # "Where does zsh store its history?"
            owner = clause_subject(tok)
            if owner is None:
                return False
            out.append(f"{doc[owner.left_edge.i: owner.i + 1].text}'s ")
            changed = True
        elif _said_before(doc, tok):  # "the biased composition filter …, how do I turn that filter off?"
            out.append("the " + doc[tok.i + 1].text_with_ws)
            changed, skip = True, tok.i + 1
        else:
            out.append(tok.text_with_ws)
    return changed and stands_alone("".join(out))


def _relative_on(noun, pronoun) -> bool:
    """The pronoun is an argument of the verb of a relative clause on `noun`, beside the gap standing for
    the noun, so it cannot be that noun ("the maximum length that it can hold": 'it' was said earlier);
    deeper in the clause it can ("a log file that is rotated while I watch it")."""
    verb = pronoun.head
    return verb.dep_ == "relcl" and verb.head.i == noun.i


def clause_subject(possessive):
    """The subject before a possessive pronoun in its own clause, when it is no pronoun ("zsh" of
    "Where does zsh store its history?"; None for "How do I change its colour?")."""
    verb = possessive.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ != "PRON" and c.i < possessive.i]
    if not subjects:  # "Where does vim keep its swap files?": the tagger reads the lower-case name as an adverb
        auxes = [c for c in verb.children if c.dep_ == "aux" and c.i + 2 == verb.i]
        subjects = [verb.doc[a.i + 1] for a in auxes if verb.doc[a.i + 1].pos_ != "PRON" and verb.doc[a.i + 1].is_alpha]
    return subjects[0] if subjects else None


def _of_noun(tok, noun) -> bool:
    """True when the pronoun is the object of a preposition that describes another noun:
    "a node inside it" after "to a cluster" may point at the cluster."""
    prep = tok.head
    return tok.dep_ == "pobj" and prep.dep_ == "prep" and prep.head.pos_ == "NOUN" and prep.head.i not in (noun.i, tok.i)


def _said_before(doc, tok) -> bool:
    """True for "that"/"this" before a noun that the question itself said earlier."""
    if tok.lower_ not in ("that", "this", "these", "those") or tok.i + 1 >= len(doc):
        return False
    noun = doc[tok.i + 1].lower_.rstrip("s")
    return tok.dep_ == "det" and any(t.lower_.rstrip("s") == noun and t.pos_ in ("NOUN", "PROPN") for t in doc[: tok.i])


def _asked_words(doc) -> set[int]:
    """Indices of the words of a wh-phrase ("which RFCs", "how much memory"): what is asked
    for is no antecedent. Read from the words up to the first verb (the small parser often
    misreads short questions)."""
    out: set[int] = set()
    for tok in doc:
        if tok.lower_ in ("which", "what", "whose", "many", "much"):
            for t in doc[tok.i + 1:]:
                if t.pos_ in ("VERB", "AUX", "PUNCT"):
                    break
                out.add(t.i)
            break
    return out


_CLAUSE_DEPS = frozenset("advcl ccomp relcl xcomp".split())  # "when two packages conflict": 'conflict' misread as a noun


def _clause(tok) -> int:
    """The index of the verb whose clause holds `tok`: a pronoun never stands for a noun of
    its own clause ("measure a resistor with it": 'it' is something else)."""
    while tok.pos_ not in ("VERB", "AUX") and tok.dep_ not in _CLAUSE_DEPS and tok.head.i != tok.i:
        tok = tok.head
    return tok.i


_WORD = re.compile(r"[^\s,;?!()\"“”‘’']+")
_LEANING = frozenset("other else".split())  # "what other options …" asks beyond something said
_BACK_LAST = frozenset("then instead too".split())


def _code_words(text: str) -> list[tuple[int, str]]:
    """(offset, word) of each code-like word: "--sortupper", "map_entry_null", "camelCase", "BZIP2"."""
    out = []
    for m in _WORD.finditer(text):
        word = m.group(0).rstrip(".:")
        everyday = word.isupper() and word.lower() in common_words()  # "make the output LOW"
        if word != "I" and not everyday and CODE.search(word) and re.search(r"[A-Za-z]", word):
            out.append((m.start(), word))
    return out


def names_own_subject(question: str) -> bool:
    """True for a whole question (a verb of its own, not the code word misread as one) that
    names a code-like thing, with no pronoun pointing outside it ("does --fast make it
    faster?" leans) and nothing that asks beyond what was said ("what other …", "… then?")."""
    codes = _code_words(question)
    doc = parse(question)
    if not codes or doc is None:
        return False
    words = [t for t in doc if not t.is_punct]
    code_text = {w for _, w in codes}
    if not any(t.pos_ in ("VERB", "AUX") and t.text not in code_text and not CODE.search(t.text) for t in words):
        return False
    if any(t.lower_ in _LEANING for t in words) or (words and words[-1].lower_ in _BACK_LAST) or asks_which_one(question):
        return False  # "how do I invoke the IGR one?": the kind of thing is said earlier
    return not any(t.idx not in expletive_its(question) for t in dangling(doc, question))


def stands_alone(question: str) -> bool:
    """The question needs nothing of the conversation (`leans_on_context`, `names_own_subject`),
    reading a specific definite phrase ("the biased composition filter") as a topic of its own."""
    if not leans_on_context(question) or names_own_subject(question):
        return True
    bare = without_specific_articles(question)
    return bare != question and not leans_on_context(bare)


def specific_topic(question: str) -> bool:
    """True for a whole question (a verb of its own) whose only lean is a specific definite
    phrase ("Is the biased composition filter on by default?": core.answer.topic)."""
    doc = parse(question)
    if doc is None or not any(t.pos_ in ("VERB", "AUX") for t in doc) or ABOUT.match(question):
        return False
    bare = without_specific_articles(question)
    return not _CONNECTOR.match(question) and bare != question and not leans_on_context(bare)


_DISLOCATED = re.compile(r"^(?P<head>[^,]+?)\s*,\s*(?P<np>[^,?]+?)\s*\?*\s*$")
_PRONOUN = re.compile(r"\b(?:it|them|they)\b", re.IGNORECASE)


def dislocated(question: str) -> bool:
    """True for "how do I install it on Windows, the server?": a closing noun phrase (no
    verb, not only an attribute word: "…, the default?" leans) that the question's pronoun
    stands for, leaving no other pronoun pointing outside."""
    m = _DISLOCATED.match(question)
    phrase = parse(m.group("np")) if m else None
    if phrase is None or not _PRONOUN.search(m.group("head")) \
            or any(t.pos_ in ("VERB", "AUX") for t in _head_part(phrase)):
        return False
    if not any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in ATTRIBUTES for t in phrase) and not _code_words(m.group("np")):
        return False
    np = re.sub(r"(?<=\w )that\b", "which", m.group("np").strip(), count=1)  # "the packages that R installs"
    whole = _PRONOUN.sub(lambda _: np, m.group("head"), count=1) + "?"
    doc = parse(whole)
    return not _PRONOUN.search(whole) and not any(t.idx not in expletive_its(whole) for t in dangling(doc, whole))


def _head_part(phrase) -> list:
    """The noun phrase before a relative clause of its own ("the packages | that R installs")."""
    cut = next((t.i for t in phrase if t.i > 0 and t.lower_ in ("that", "which", "who")), len(phrase))
    return list(phrase[:cut])


_CONNECTOR = re.compile(r"^\s*(?:(?:and|so|also|but|ok|okay|well|now|next|then|alright|right|anyway|incidentally|btw|"
                        r"by\s+the\s+way|that\s+aside|that\s+said)\b[\s,]*)+(?=\w)",
                        re.IGNORECASE)  # "OK so which program …?": a chain of openers
_ASKING = re.compile(r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|"
                     r"should|would|will|has|have|may|must)\b", re.IGNORECASE)


def after_connector(question: str) -> bool:
    """True for "And what is a filter?", "Also, how do I set the title of a plot?": the
    opening word joins it to the talk, but what follows is a whole question that stands alone."""
    m = _CONNECTOR.match(question)
    rest = question[m.end():] if m else ""
    if not m or not _ASKING.match(rest) or asks_which_one(rest) or not stands_alone(rest):
        return False
    doc = parse(rest)  # "and how do I read a file with the client?": whose client is said earlier
    named = any(is_name(t) for t in doc) or bool(_code_words(rest))
    topic = any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in _ROLES | ATTRIBUTES for t in doc)  # not "what does 1 select?"
    return named or (topic and not any(t.lower_ in _ROLES | ATTRIBUTES and any(c.lower_ == "the" for c in t.children)
                                       for t in doc))


_ROLES = frozenset("client server daemon user host application program tool package library module".split())
_REQUEST = frozenset("show explain list describe give tell print display summarise summarize".split())
_NO_TOPIC = ATTRIBUTES | frozenset("example examples detail details more thing things one ones me".split())


def whole_request(question: str) -> bool:
    """True for a request that names its own topic ("Show the syntax of the plot command.",
    "Explain the set logscale command."): a verb of asking first, and a noun of its own
    besides attribute words ("Show the syntax." and "give me an example" lean)."""
    doc = parse(question)
    if doc is None or not len(doc) or doc[0].lower_ not in _REQUEST or any(refers_back(t) for t in doc):
        return False
    return any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in _NO_TOPIC for t in doc[1:])


_THIS_DOCUMENT = re.compile(r"\b(?:(?:this|these|the)\s+(?:manual|document|documentation|guide|handbook|book|tutorial)s?|"
                            r"this\s+(?:package|program|software|tool))\b", re.IGNORECASE)  # what the manual documents


def leans_only_on_wording(question: str) -> bool:
    """True when what makes the question lean points at nothing earlier: an expletive "it"
    ("What does it mean when groff warns …?") or the document itself ("What is this manual
    about?") or what it documents ("What are the common traps when using this package?"); read
    by putting a stand-in name there and asking the leaning rule again."""
    text = _THIS_DOCUMENT.sub("Manual", question)
    for at in sorted(expletive_its(text), reverse=True):
        text = f"{text[:at]}something{text[at + 2:]}"  # no name: a later "it" still dangles
    return text != question and not leans_on_context(text)

