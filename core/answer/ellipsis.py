"""Elliptic follow-ups: "and the data connect time-out?" asks the earlier question again about
another thing, so the new thing takes the place of its counterpart in the earlier question.

Read from the words of the two questions only (spaCy's tags for what is a noun phrase):

- a **shared word**: the phrase of the earlier question that holds a word of the fragment is
  replaced by the fragment ("the default connection time-out" → "the data connect time-out";
  "when Code is used" → "without Code"; "of kind unique" → "of kind ptr");
- a **name for a name**: a code-like fragment ("negotiation_timeout", "-sDeviceLinkProfile",
  "LANG") replaces the earlier question's code-like name;
- a **prepositional fragment** with nothing shared ("with ftps?") is added to the earlier question.

Example:
    >>> swap("What is the default hello_timeout of an Erlang SSH daemon?", "the negotiation_timeout")
    'What is the default negotiation_timeout of an Erlang SSH daemon?'
    >>> swap("How are IDL pointers of kind unique mapped by camlidl?", "those of kind ptr")
    'How are IDL pointers of kind ptr mapped by camlidl?'
"""
from __future__ import annotations

import re

from core.answer import nlp
from core.answer.decline import common_words, question_names
from core.answer.referent import VERBS
from core.answer.terms import STOP, stem

CODE = re.compile(r"[_:/=\\#]|^-{1,2}\w|[a-z][A-Z]|^[A-Z][A-Z0-9]{1,}$")  # code-like or all-caps names
_LEAD = re.compile(r"^(?:those|these|the ones|that|this|one)\s+(?=(?:of|with|in|for|on|from|under|without)\b)", re.I)
_MORE_PREP = frozenset("between into within through across after before during per".split())
_PREP = frozenset("of with without in on for from under over by at to via using when if unless while".split())
_CLAUSE = frozenset("when if unless while".split())
_NP_POS = frozenset("DET ADJ NOUN PROPN NUM X SYM PART".split())


_doc = nlp.parse  # cached and shared with the other question rules: read, never change


def _content(word: str) -> str:
    """A word's comparable form ('' for stop words and punctuation)."""
    low = word.lower().strip("?.,;:!")
    return "" if not re.search(r"\w", low) or low in STOP or low in _PREP else stem(low)


def _np_span(doc, i: int) -> tuple[int, int]:
    """The noun-phrase run of tokens around token i: determiners (not wh-words), adjectives,
    nouns, names, numbers and code, as one contiguous [start, end)."""
    def inside(tok) -> bool:
        if tok.dep_ == "ROOT" and tok.lower_ in VERBS:  # "What does the contigs.fa file contain?": 'contain' a noun
            return False
        return (tok.pos_ in _NP_POS or bool(CODE.search(tok.text)) or tok.tag_ == "PRP$") and tok.tag_ not in ("WDT", "WP")
    lo, hi = i, i + 1
    while lo > 0 and (inside(doc[lo - 1]) or not doc[lo - 1].whitespace_):  # "time-out" is one word
        lo -= 1
    while hi < len(doc) and ((inside(doc[hi]) and doc[hi].pos_ != "DET") or not doc[hi - 1].whitespace_):
        hi += 1
    while hi > lo + 1 and doc[hi - 1].is_punct:
        hi -= 1
    return lo, hi


def _pp_span(doc, i: int) -> tuple[int, int]:
    """From the preposition (or 'when'/'if') before token i to the end of its phrase (a
    clause after 'when'/'if' runs to the end of the question)."""
    lo = i
    while lo > 0 and doc[lo].lower_ not in _PREP:
        lo -= 1
    clause = doc[lo].lower_ in _CLAUSE
    hi = i + 1
    while hi < len(doc) and not doc[hi].is_punct and doc[hi].lower_ not in _PREP and (
            clause or doc[hi].pos_ not in ("VERB", "AUX")):
        hi += 1
    return lo, hi


def _replace(doc, lo: int, hi: int, text: str) -> str:
    """The doc's text with tokens [lo, hi) replaced by `text`."""
    before = doc[:lo].text_with_ws if lo else ""
    after = doc[hi:].text_with_ws if hi < len(doc) else ""
    joiner = " " if after and not after.startswith(("?", ".", ",")) else ""
    return f"{before}{text}{joiner}{after}".replace("  ", " ").strip()


_ARTICLES = frozenset("the a an".split())
_BREAK_POS = frozenset("ADP AUX PRON PUNCT CCONJ SCONJ".split())


def _article(name: str) -> str:
    """'an' before a capitalised abbreviation read from a vowel sound ("an SVG", "an HTML"), else 'a'."""
    return "an" if name[:1] in "AEFHILMNORSX" else "a"


def _article_before(doc, lo: int) -> int:
    """The start of the whole noun phrase whose words end at `lo`: back to its article over
    describing words the small parser misreads ("the default E-value reporting threshold":
    'reporting' tagged a verb), so that "the inclusion threshold" replaces all of it."""
    i = lo
    while i > 0 and lo - i < 6 and (doc[i - 1].pos_ not in _BREAK_POS or doc[i - 1].text == "-") \
            and doc[i - 1].tag_ not in ("WDT", "WP", "WRB"):
        i -= 1
        if doc[i].lower_ in _ARTICLES:
            return i
    return lo


def _shared(doc, fragment: str) -> int:
    """Index of the earlier question's token that shares the fragment's last shared content
    word (its head, usually), or -1."""
    wanted = [c for c in (_content(w) for w in re.findall(r"[\w'.-]+", fragment.replace("-", " "))) if c]
    best = -1
    for word in wanted:
        hits = [t.i for t in doc if _content(t.text) == word]
        if hits:
            best = hits[-1]
    if best < 0 and len(wanted) == 1:  # "decompression" for "compression": a word grown from the earlier one
        grown = [t.i for t in doc if len(_content(t.text)) >= 5 and _content(t.text) != wanted[0]
                 and (wanted[0].endswith(_content(t.text)) or wanted[0].startswith(_content(t.text)))]
        best = grown[-1] if grown else -1
    if best < 0 and len(wanted) == 1:  # "ranksep" for "nodesep": a sibling of an earlier made-up word
        kin = [t.i for t in doc if _kindred(_content(t.text), wanted[0])]
        best = kin[-1] if len(kin) == 1 else -1
    return best


def _kindred(word: str, other: str) -> bool:
    """True for two different words that no dictionary holds and that share a start or an
    end of three letters or more ("nodesep"/"ranksep", "irsend1"/"irsend4")."""
    if word == other or min(len(word), len(other)) < 5 or word in common_words() or other in common_words():
        return False
    return word[:3] == other[:3] or word[-3:] == other[-3:]


def swap(earlier: str, fragment: str) -> str:
    """The earlier question asked about `fragment` instead ("" when no place for it is found)."""
    doc = _doc(earlier)
    fragment = _LEAD.sub("", fragment.strip(" ?.!")).strip()
    if doc is None or not fragment:
        return ""
    first = fragment.split()[0].lower()
    mine = [t.i for t in doc if t.lower_ == first and t.tag_ == "PRP$"]
    if mine and len(fragment.split()) > 1:  # "its header files" in the place of "its shared libraries"
        head = doc[mine[-1]].head
        end = head.i + 1 if head.i > mine[-1] and head.pos_ in ("NOUN", "PROPN") else _np_span(doc, mine[-1])[1]
        return _replace(doc, mine[-1], end, fragment)
    at = _shared(doc, fragment)
    grown = at >= 0 and _content(doc[at].text) not in {_content(w) for w in fragment.replace("-", " ").split()}
    bare = re.sub(r"^(?:the|a|an)\s+", "", fragment, flags=re.I)
    if grown and len(bare.split()) == 1:
        end = _call_end(doc, at) if _called(doc, at) and bare.endswith(")") else at + 1  # "strnlen()" for "strlen()"
        return _replace(doc, at, end, bare)  # "capture4" for "capture": that word only
    if at >= 0:
        lo, hi = _pp_span(doc, at) if first in _PREP else _np_span(doc, at)
        if first in _ARTICLES:
            lo = _article_before(doc, lo)
            owner = [t.i for t in doc[lo:at] if t.tag_ == "POS"]  # "Biber's input encoding": Biber's stays
            if owner:
                lo, fragment = owner[-1] + 1, bare
        named = all(CODE.search(t.text) and not t.like_num for t in doc[at + 1:hi])  # "the secondary prompt PS2"
        if first not in _PREP and hi > at + 1 and _content(fragment.split()[-1]) == _content(doc[at].text) \
                and not named:
            hi = at + 1  # "the last 10" for "the first 10 lines": the words after the shared one stay
        same = [t.i for t in doc[:at] if t.lower_ == first] if first in _PREP | _MORE_PREP else []
        lo = same[-1] if same else lo  # "between ranks" for "between nodes on the same rank": from its own preposition
        lo -= _said_before(doc, lo, fragment)  # "git stash apply" for "stash pop" after "git": not "git git …"
        if first not in _PREP or doc[lo].lower_ in _PREP or same:
            return _replace(doc, lo, hi, fragment)
    numbers = [t.i for t in doc if re.fullmatch(r"\d+(?:\.\d+)?", t.text)]
    if re.fullmatch(r"\d+(?:\.\d+)?", bare) and len(numbers) == 1:  # "and 644?" after "What does chmod 755 mean?"
        return _replace(doc, numbers[0], numbers[0] + 1, bare)
    names = [t.i for t in doc if (CODE.search(t.text) or _called(doc, t.i)) and t.i > 0]
    call = re.fullmatch(r"[\w.-]+\(.*\)", bare)  # "yylex()" for "yywrap()": a name for a name
    if (CODE.search(fragment.split()[-1]) or call) and len(fragment.split()) <= 3 and names:
        named = bare.split(maxsplit=1)[1] if first in _PREP | _MORE_PREP | {"as"} and len(bare.split()) > 1 else bare
        at = names[0]  # "as SVG" after "as a PNG file": SVG for PNG, and the article read for it ("an SVG")
        if at and doc[at - 1].lower_ in ("a", "an") and named.split()[0].isupper():
            return _replace(doc, at - 1, at + 1, f"{_article(named)} {named}")
        return _replace(doc, at, _call_end(doc, at) if call and _called(doc, at) else glued_end(doc, at), named)
    if first in _PREP:
        return earlier.rstrip(" ?") + f" {fragment}?"
    return ""


def glued_end(doc, i: int) -> int:
    """The end of token i with what is glued to it: "decr(`7')" is one name, brackets and all."""
    end = i + 1
    while end < len(doc) and not doc[end - 1].whitespace_ and doc[end].text not in ("?", ".", "!"):
        end += 1
    return end


def _said_before(doc, lo: int, fragment: str) -> int:
    """How many of the fragment's first words the tokens just before `lo` already say."""
    lead = fragment.lower().split()
    return next((k for k in range(min(len(lead) - 1, lo), 0, -1) if [t.lower_ for t in doc[lo - k: lo]] == lead[:k]), 0)


def _called(doc, i: int) -> bool:
    """Token i is a name called with brackets glued to it ("yywrap()", "len(`abc')")."""
    glued = i + 1 < len(doc) and not doc[i].whitespace_ and doc[i + 1].text == "("
    return doc[i].pos_ != "PUNCT" and (glued or "(" in doc[i].text)


def _call_end(doc, i: int) -> int:
    """The end of the call at token i: past its closing bracket."""
    depth, j = doc[i].text.count("(") - doc[i].text.count(")"), i + 1
    if depth <= 0 and j < len(doc) and not doc[i].whitespace_ and doc[j].text == "(":
        depth, j = 1, j + 1
    while j < len(doc) and depth > 0:
        depth, j = depth + doc[j].text.count("(") - doc[j].text.count(")"), j + 1
    return j


_OPENERS = frozenset("and so also but then or".split())
_FINITE = frozenset("VBZ VBP VBD MD".split())


def is_fragment(question: str) -> bool:
    """True for "and with the bundled zlib?" (a phrase opened by a preposition) and "and which
    read categories?" (which/what and a noun, the tagger reading 'read' as its verb): no verb
    of their own beyond a describing participle, so they ask the earlier question again."""
    doc = _doc(question)
    words = [t for t in doc if not t.is_punct] if doc is not None else []
    while words and words[0].lower_ in _OPENERS:
        words = words[1:]
    if not words or len(words) > 8 or any(t.pos_ == "AUX" for t in words):
        return False
    if words[0].pos_ == "ADP" and words[0].lower_ in _PREP:
        return not any(t.tag_ in _FINITE or (t.pos_ == "VERB" and t.dep_ not in ("amod", "compound")) for t in words)
    return (words[0].lower_ in ("which", "what") and 2 <= len(words) <= 4 and words[-1].tag_ in ("NN", "NNS")
            and question.rstrip().endswith("?"))


def swap_head(subject: str, other: str) -> str:
    """The subject with one word replaced by `other` when `other` is one bare word: a name
    takes the place of the subject's name ("the fcall statement" + "fret" → "the fret
    statement"), another noun the place of its head ("the TFTP daemon" + "client" → "the
    TFTP client"; "a LaTeX file" + "equations" → "LaTeX equations"); else `other` itself."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", other.strip(), flags=re.I)
    words = subject.split()
    if len(bare.split()) != 1 or len(words) < 2 or re.search(r"\b(?:of|in|that|for|on)\b", subject):
        return other.strip()
    names = [i for i, w in enumerate(words[:-1]) if is_name_word(w)]
    if is_name_word(bare) and names:
        return " ".join(words[:names[-1]] + [bare] + words[names[-1] + 1:])
    if bare.lower().endswith("s") and not bare.lower().endswith("ss") and words[0].lower() in ("a", "an"):
        words = words[1:]  # "a LaTeX file" + "equations": no article before a plural
    return " ".join(words[:-1] + [bare])


def is_name_word(word: str) -> bool:
    """A code-like word or one no dictionary has ("fcall", "--cuts", "bzip2")."""
    return bool(CODE.search(word)) or bool(re.search(r"\d", word)) or bool(question_names(word))

