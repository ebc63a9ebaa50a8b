"""The offline follow-up rewrite: "and how do I quit it?" after "How do I start R?" → "How do I quit R?".

Read with spaCy's parse (the packaged small English model), never with an earlier answer:

- the **subject** of the earlier question is its object, else its subject, else another noun
  phrase, with its modifiers ("the font of keywords in algorithm2e"); a wh-subject keeps its
  clause ("Which FTP option makes … reuse …?" → "the FTP option that makes … reuse …");
- in the follow-up, "it"/"that"/"them" become the subject, "its X" becomes "the X of
  <subject>", a leading "and"/"so"/"also" is dropped;
- "what about the client?" (or a bare "and the client?") asks the earlier question again
  about another thing: the subject's head noun is swapped ("the TFTP daemon" → "the TFTP
  client"); "default?" asks for that attribute of the subject; "on Windows?" is added to it.

Example:
    >>> rewrite("and how do I quit it?", "How do I start R?")
    'How do I quit R?'
    >>> rewrite("what about the client?", "Which port does the TFTP daemon listen on?")
    'Which port does the TFTP client listen on?'
"""
from __future__ import annotations

import re

from core.answer import nlp

CONNECTORS = frozenset("and but so also then ok okay well".split())
_BACK = frozenset("it them they this that these those he she him".split())
_POSSESSIVE = frozenset("its their his her".split())
_WH = frozenset("WDT WP WP$ WRB".split())
_ABOUT = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:what|how)\s+about\s+(.+?)\s*\??\s*$", re.IGNORECASE)
ATTRIBUTES = frozenset("default value values type version size limit port path format unit units timeout range "
                       "syntax meaning purpose name location maximum minimum length encoding".split())
_ATTRIBUTE = re.compile(rf"\bthe (?:\w+ )?(?:{'|'.join(sorted(ATTRIBUTES))})\b(?! of\b)", re.IGNORECASE)
_VAGUE = frozenset("be do have get use set work mean happen need change make uses sets works means happens needs "
                   "changes makes used changed made".split())  # verbs that name no topic
_QUESTION_START = re.compile(r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|"
                             r"could|should|would|will|has|have|may|must|in|on|at|for|with|from|by|to|of)\b", re.I)


def _parse(text: str):
    """spaCy's Doc for `text`, or None without the model."""
    pipe = nlp.pipeline()
    return pipe(text) if pipe is not None else None


def _phrase(doc, tok) -> str:
    """The token's whole phrase (its subtree), without closing punctuation."""
    return doc[tok.left_edge.i: tok.right_edge.i + 1].text.strip(" ?.!")


def _has_wh(tok) -> bool:
    return any(t.tag_ in _WH for t in tok.subtree)


def subject_of(question: str, agent_first: bool = False) -> str:
    """What an earlier question is about: the main verb's object, else its subject (a
    wh-subject with its clause), else another noun phrase; `agent_first` looks for the
    subject before the object ("what about the server?" swaps the one that acts)."""
    doc = _parse(question)
    if doc is None:
        return ""
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN") or (t.pos_ == "NUM" and t.dep_ in ("dobj", "pobj"))]
    main = [t for t in nouns if t.head.dep_ == "ROOT" or t.dep_ == "ROOT"]
    order = (("nsubj", "nsubjpass"), ("dobj",)) if agent_first else (("dobj",), ("nsubj", "nsubjpass"))
    for pool, deps in ((main, order[0]), (main, order[1])):
        for tok in pool:
            if tok.dep_ in deps and not _has_wh(tok):
                return _phrase(doc, tok)
    for tok in main:  # "Which FTP option makes X reuse Y?": the FTP option that makes X reuse Y
        if tok.dep_ in ("nsubj", "nsubjpass"):
            left = tok.left_edge.i + (doc[tok.left_edge.i].tag_ in _WH)
            own = doc[left: tok.right_edge.i + 1].text
            rest = doc[tok.right_edge.i + 1:].text.strip(" ?.!")
            return f"the {own} that {rest}" if rest else f"the {own}"
    for deps in (("dobj", "nsubj", "nsubjpass"), ("attr", "pobj", "conj", "appos")):
        for tok in nouns:
            if tok.dep_ in deps and not _has_wh(tok):
                return _phrase(doc, tok)
    return ""


def leans_on_context(question: str) -> bool:
    """True when the question needs an earlier one: it starts with "and"/"what about", refers
    back ("it", "its", "that option"), or has no verb of its own ("default?", "on Windows?")."""
    if _ABOUT.match(question):
        return True
    doc = _parse(question)
    if doc is None:
        return bool(re.match(r"^\s*(?:and|so|also)\b", question, re.I) or re.search(r"\b(?:it|its)\b", question, re.I))
    words = [t for t in doc if not t.is_punct]
    if not words:
        return False
    if words[0].lower_ in CONNECTORS or any(_refers_back(t) for t in words):
        return True
    if not any(t.pos_ in ("VERB", "AUX") for t in words) and len(words) <= 4:
        return True
    # "What is the default?": nothing named, no word beyond what kind of thing is asked
    named = [t for t in words if t.pos_ in ("PROPN", "NUM") or (t.text[:1].isupper() and t.i > 0 and t.text != "I")
             or re.search(r"[\d_:/=\\.-]", t.text)]
    topical = [t for t in words if t.pos_ in ("NOUN", "ADJ", "VERB") and t.lower_ not in ATTRIBUTES | _VAGUE]
    return not named and not topical


def _refers_back(tok) -> bool:
    """A pronoun or demonstrative that points at something said earlier."""
    low = tok.lower_
    if low in _POSSESSIVE and tok.tag_ == "PRP$":
        return True
    return low in _BACK and tok.tag_ in ("PRP", "DT")


def _swap_head(subject: str, other: str) -> str:
    """The subject with its last word replaced by `other` when `other` is one bare noun
    ("the TFTP daemon" + "client" → "the TFTP client"); else `other` itself."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", other.strip(), flags=re.I)
    words = subject.split()
    if len(bare.split()) == 1 and len(words) > 1 and not re.search(r"\b(?:of|in|that|for|on)\b", subject):
        return " ".join(words[:-1] + [bare])
    return other.strip()


def _about(question: str, earlier: str, subject: str, other: str) -> str:
    """"what about X?": the earlier question asked of X; an attribute ("the default") of the subject."""
    bare = re.sub(r"^(?:the|a|an|its|their)\s+", "", other.strip(), flags=re.I)
    if bare.lower() in ATTRIBUTES:
        return f"What is the {bare} of {subject}?"
    doc = _parse(other)
    if doc is not None and doc[0].pos_ == "ADP":  # "on Windows?": the earlier question, there
        return earlier.rstrip(" ?") + f" {other.strip()}?"
    return earlier.replace(subject, _swap_head(subject, other), 1) if subject in earlier else ""


def _substitute(question: str, subject: str) -> str:
    """Pronouns replaced by the subject, "its X" by "the X of <subject>" ("that option" by
    the subject when it is an option), the connector dropped."""
    doc = _parse(question)
    out: list[str] = []
    tail: dict[int, str] = {}  # token index -> text to add after it ("of <subject>")
    skip_to = -1
    heads = {w.lower() for w in re.findall(r"[\w-]+", subject)}
    for i, tok in enumerate(doc):
        low = tok.lower_
        if i <= skip_to or (i == 0 and low in CONNECTORS):
            continue
        if _refers_back(tok) and tok.dep_ == "det" and tok.head.lower_ in heads and tok.head.i > i:
            out.append(subject + tok.head.whitespace_)  # "that option" is the subject itself
            skip_to = tok.head.i
            continue
        if (low in _POSSESSIVE and tok.tag_ == "PRP$") or (_refers_back(tok) and tok.dep_ == "det"):
            out.append("the" + tok.whitespace_)
            tail[tok.head.right_edge.i] = f" of {subject}"
        elif _refers_back(tok):
            out.append(subject + tok.whitespace_)
        else:
            out.append(tok.text + tok.whitespace_)
        if i in tail:
            out[-1] = out[-1].rstrip() + tail[i] + (tok.whitespace_ or "")
    return "".join(out).strip().lstrip(", ")


def rewrite(question: str, earlier: str) -> str:
    """`question` made standalone with the subject of the `earlier` question ("" when no
    rewrite reads as a question a person would write)."""
    about = _ABOUT.match(question)
    doc = _parse(question)
    words = [t for t in doc if not t.is_punct and t.lower_ not in CONNECTORS] if doc is not None else []
    elliptic = bool(words) and not any(t.pos_ in ("VERB", "AUX") or _refers_back(t) for t in words)
    subject = subject_of(earlier, agent_first=bool(about) or elliptic)
    if not subject or doc is None:
        return ""
    if about and not any(w in _POSSESSIVE | _BACK for w in about.group(1).lower().split()):
        text = _about(question, earlier, subject, about.group(1))
    elif elliptic:
        text = _about(question, earlier, subject, " ".join(t.text for t in words))
    else:
        text = _substitute(question, subject)
        if subject not in text:  # "What is the default?": the attribute of the subject
            text = _ATTRIBUTE.sub(lambda m: f"{m.group(0)} of {subject}", text, count=1)
        if subject not in text:  # nothing referred back: the rewrite would not stand alone
            return ""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    if text and not text.endswith("?"):
        text = text.rstrip(".!") + "?"
    return text if reads_as_question(text, question) else ""


def reads_as_question(text: str, asked: str) -> bool:
    """A rewrite a person could have written: a question of at most 40 words, starting as
    one, differing from what was asked, without brackets or a word written twice in a row."""
    words = text.split()
    return (bool(text) and text.endswith("?") and "(" not in text and len(words) <= 40
            and bool(_QUESTION_START.match(text)) and text.strip() != asked.strip()
            and not any(a.lower() == b.lower() for a, b in zip(words, words[1:])))
