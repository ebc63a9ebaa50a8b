"""When the evidence does not answer: the rule the offline reader declines by.

Two tests, read from the question's words only (never from a guess at the answer):

- **names**: a question that names something (a capitalised or code-like word: "nginx's
  worker_processes", "PostgreSQL", "OTP 23") asks about that thing; when no evidence passage
  (text, title or heading) mentions it, the library does not hold the manual asked about.
  An everyday word is no name, even one the embedding vocabulary lacks ("typeface",
  "stutter": `decline_english`), unless the tagger reads it as a proper noun ("in
  clang"); nor is a unit ("MB"). A capital letter alone is a name where the question uses it
  as one ("How do I start R?": `decline_letters`), seen only where the evidence writes it
  as a word.
- **unheard**: when two or more of the question's key words appear in no evidence passage
  and they weigh at least 0.55 of them (a verb of the asking, "decide", weighs half a noun;
  the share chosen leaving one tuning set out), the evidence is about something else.
- **coverage**: the sentence chosen to answer, read with its definition term, heading, title
  and its neighbours in the passage, must hold enough of the question's key words (weighted
  by rarity in the evidence); a sentence that shares one common word is no answer.

The word tests set aside a story told around the question that no evidence tells
("Google Forms lets me …. In AMC, which command …?": `decline_preamble`).

Example:
    >>> missing_names("Which nginx directive sets worker_processes?", ["Set the port with the port option."])
    ['nginx', 'worker_processes']
    >>> missing_names("How do I compile it with debugging symbols using gcc?", ["Compile with debugging symbols."])
    ['gcc']
    >>> missing_names("How does Ghostscript pick the rendering intent?", ["Ghostscript uses Perceptual."])
    []
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Sequence

from core.answer.question import QuestionInfo, excluded_terms, last_sentence
from core.answer.decline_aside import aside_terms
from core.answer.decline_heard import Heard, joined_pairs, term_weights
from core.answer.decline_focus import unsupported_focus
from core.answer.decline_letters import letter_names, written_letters
from core.answer.decline_owner import Written, owner_names
from core.answer.decline_english import ENGLISH_ENDING, common_words, plain_english, rare_english, uncommon
from core.answer.terms import STOP, content_terms, stem, weighted_overlap

# Words of a question that say what kind of thing is asked, not what it is about.
GENERIC = frozenset(stem(w) for w in (
    "default value values type kind version option options setting settings way ways work works mean means "
    "use used using happen happens do does make makes give gives let lets set sets turn turns take takes "
    "get gets return returns how what which when where who why first need needs want wants happen thing "
    "things new run runs running change changes start starts command commands number called call file files "
    "manual document documentation section page example instead else possible exactly often frequently "
    "several many various different certain specific particular usually typically normally").split())
_ABBREVIATION = re.compile(r"^(?:[a-z]\.){1,2}[a-z]?\.?$|^(?:etc|vs|cf)\.?$", re.IGNORECASE)  # e.g, i.e.
_UNIT = re.compile(r"^(?:[KMGTP]i?B|[KMGTP]bytes?|[kMG]?Hz|[kMG]?bps|dpi|ppi|px|pt|mm|cm|ms|ns|us|rpm)$")
_NAME = re.compile(r"\d|[_:/=\\.#@+]|[a-z][A-Z]|^[A-Z]{2,}")


def question_names(question: str) -> list[str]:
    """Capitalised (not first), all-caps, code-like, numbered and uncommon lower-case words
    of the asking sentence."""
    words = [w.strip(".,;:!?()\"'“”") for w in last_sentence(question).split()]
    common = common_words()
    out: list[str] = []
    for i, word in enumerate(words):
        bare = re.sub(r"['’]s$", "", word)
        if bare.lower() in STOP or bare == "I" or len(bare) < 2 or _ABBREVIATION.match(bare):
            continue
        if (i > 0 and bare[0].isupper()) or _NAME.search(bare) or uncommon(bare, common):
            out.append(bare)
    return list(dict.fromkeys(out))


def missing_names(question: str, texts: Iterable[str], written: Written | None = None) -> list[str]:
    """The question's names that none of `texts` mentions, when they are at least half of
    its names, or at least half of its strong names (`strong_name`: "gcc" of "compile",
    "debugging" and "gcc") ([] otherwise: one name the evidence lacks, "Erlang" beside
    "TLS" and "OTP", is retrieval's miss, not a manual the library lacks). Names and words are compared by their
    letters and digits, case-insensitively: a name matches a word or a piece of one ("OTP" in
    "OTP-23"), and a name of five or more letters also the inside of a word ("\\applyOutput"
    in "ly:applyOutput"). Bare numbers and versions ("2.24"), names the question rules out
    ("not the FTP client"), names in passing ("like in Dorico": `decline_aside`) and the owner of a
    held name that the evidence's documents write ("Erlang's ftp": `written`, `decline_owner`) do not count."""
    forms = _forms(texts)
    names = asked_names(question)
    owners = owner_names(question, names, unseen(names, forms), written)  # "Erlang" of "Erlang's ftp": whose, not what
    names = [n for n in names if n not in owners]
    missing = unseen(names, forms)
    strong = [n for n in names if strong_name(n)]
    strong_missing = [n for n in missing if n in strong]
    if missing and (2 * len(missing) >= len(names) or (strong_missing and 2 * len(strong_missing) >= len(strong))):
        return missing
    return []


def asked_names(question: str) -> list[str]:
    """The names `missing_names` counts: the asking sentence's names less bare numbers, units,
    plain English words and the names it rules out or mentions in passing; with its one-letter
    names (`letter_names`: "R" of "How do I start R?")."""
    ruled_out = excluded_terms(question) | aside_terms(question)  # "(not SSH)", "like in Dorico"
    names = [n for n in question_names(question) if re.search(r"[A-Za-z]", n) and stem(n) not in ruled_out
             and not _UNIT.match(n)  # "in MB": a unit the evidence may spell out ("megabytes", "M")
             and not (n.islower() and plain_english(n, question))]  # "configure", "typeface": English words
    return names + [n for n in letter_names(question) if n.lower() not in ruled_out]


def unseen(names: Sequence[str], forms: set[str]) -> list[str]:
    """The `names` that no form of the evidence (`_forms`) matches (`_seen`)."""
    joined = " ".join(f for f in forms if not f.startswith("="))
    return [n for n in names if not _seen(n, forms, joined)]


def strong_name(name: str) -> bool:
    """A name that only a manual about it would write: code-like, all capitals, mixed case
    ("LilyPond", "DOCX", "vsftpd", "gcc"), or a capitalised word that is no everyday
    word. A capitalised everyday word ("Open" of "Open MPI", "Visual") is weak: evidence
    that lacks it may still answer."""
    if _NAME.search(name) or re.search(r"[a-z][A-Z]", name):
        return True
    common = common_words()
    low = name.lower()
    if not common or low in common or not uncommon(low, common):
        return False
    if name.islower() and (ENGLISH_ENDING.search(low) or plain_english(low) or any(
            low[:i] in common and low[i:] in common for i in range(3, len(low) - 2))):
        return False  # "debugging", "compile", "shortcut": English words the vocabulary lacks
    return True


_PLURAL_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+s")  # ACLs, URLs, PDFs


def _seen(name: str, forms: set[str], joined: str) -> bool:
    """Whole, inside a longer word, or (a name in pieces: "255-minus") every piece seen (in either number); an
    acronym also as the initials of words in a row ("AMC": "Auto Multiple Choice", kept in
    `forms` as "=amc" by `_forms`), and in the singular ("ACLs": "ACL")."""
    if len(name) == 1:  # "R": only a word of its own, capitalised ("R's", "(R)"), not "-r" nor "r"
        return "!" + name.lower() in forms
    pieces = [p.lower() for p in re.split(r"[^A-Za-z0-9]+", name) if p]
    whole = _letters(name)
    if _PLURAL_ACRONYM.fullmatch(name) and _letters(name[:-1]) in forms:  # "ACLs" asked, "ACL entry" written
        return True
    return (whole in forms or (len(whole) >= 5 and whole in joined) or "=" + whole in forms
            or (len(pieces) > 1 and all(_piece_seen(p, forms) for p in pieces)))


def _piece_seen(piece: str, forms: set[str]) -> bool:
    """A piece of a name in pieces, also in the plural or singular ("Feynman-diagram": "Feynman diagrams")."""
    return piece in forms or piece + "s" in forms or (len(piece) > 3 and piece.endswith("s") and piece[:-1] in forms)


def _forms(texts: Iterable[str]) -> set[str]:
    """Every word of `texts` as letters and digits, its pieces, and the initials of each run
    of two to five capitalised words ("=amc" for "Auto Multiple Choice")."""
    forms: set[str] = set()
    for text in texts:
        words = text.split()
        for word in words:
            forms.add(_letters(word))
            forms.update(p.lower() for p in re.split(r"[^A-Za-z0-9]+", word) if p)
        forms.update("!" + x.lower() for x in written_letters(words))  # a capital written as a name: "R", "C-"
        spaced = re.findall(r"(?<!\S)[A-Za-z](?: [A-Za-z](?!\S)){2,}", text)  # "P h y M L": a letter-spaced title
        forms.update(w.replace(" ", "").lower() for w in spaced)
        caps = [w[0].lower() if w[:1].isupper() else " " for w in words]
        for size in range(2, 6):
            forms.update("=" + "".join(caps[i:i + size]) for i in range(len(caps) - size + 1)
                         if " " not in caps[i:i + size])
    return forms


def names_absent(question: str, passage: str, subject: Callable[[str], bool] | None = None) -> list[str]:
    """The question's strong names (`strong_name`) when the answering passage (its text,
    title and headings) mentions none of them: the sentence chosen is about something else
    ("Which port does the CUPS daemon listen on?" answered from an SSH manual's port line).
    [] when the question has no strong name, the passage holds one, or `subject` says the
    answering document is about one (`decline_document.subject_test`)."""
    forms = _forms([passage])
    joined = " ".join(forms)
    strong = strong_names(question)
    if not strong or any(_seen(n, forms, joined) for n in strong):
        return []
    return [] if subject is not None and any(subject(n) for n in strong) else strong


def strong_names(question: str) -> list[str]:
    """The asking sentence's strong names (`strong_name`), less bare numbers, units and the
    names it rules out or mentions in passing."""
    ruled_out = excluded_terms(question) | aside_terms(question)  # once, not per name
    return [n for n in question_names(question) if re.search(r"[A-Za-z]", n) and strong_name(n)
            and stem(n) not in ruled_out and not _UNIT.match(n)]


def _letters(text: str) -> str:
    """Lower-cased letters and digits only, so spelling variants of a name compare equal."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def key_terms(q: QuestionInfo) -> list[str]:
    """The question's content terms that say what it is about (kind words such as 'default'
    or 'option', and abbreviations such as 'e.g.', left out), sorted for a stable order."""
    return sorted(t for t in q.terms if t not in GENERIC and not _ABBREVIATION.match(t)) or sorted(q.terms)


def coverage(q: QuestionInfo, texts: Sequence[str], weights: dict[str, float], floor: float) -> float:
    """Weighted share of the question's key terms that `texts` (a sentence and what it is
    read with) hold together, in any form of the word (`Heard`: "debug" in "debugger")."""
    keys = key_terms(q)
    heard = Heard(texts)
    return weighted_overlap(keys, {t for t in keys if heard.holds(t)}, weights, floor)


def unheard_terms(q: QuestionInfo, texts: Iterable[str], share: float = 0.55, embedder=None) -> list[str]:
    """The question's key terms that no evidence text holds, when they are two or more and at
    least `share` of them, each weighed by `term_weights` (a verb such as "decide" counts
    half a noun): the evidence talks about something else ("How do I solder a
    surface-mount resistor?" over a manual that only mentions resistors). A compound and its
    pieces count once, heard when one of them is ("black-preservation": "preservation"); the
    head of the wh-phrase ("which *mode*") is what the answer is, not what the evidence must
    name; but a rare word it asks for that no evidence word matches in form or meaning
    ("What *typeface* …?" over a manual without fonts) is returned alone (`decline_focus`).
    [] otherwise. `embedder`: the library's, for the focus test's word cosines."""
    texts = list(texts)
    heard = Heard(texts)
    focus = unsupported_focus(q.focus, heard, texts, rare_english, embedder)
    if focus:
        return [focus]
    joined = joined_pairs(q.text, heard)
    head = stem(q.focus.split()[-1]) if q.focus else ""
    terms = [t for t in key_terms(q) if t != head]
    groups: list[list[str]] = []
    for term in sorted(terms, key=lambda t: (-len(re.split(r"[^a-z0-9]+", t)), t)):
        pieces = [p for p in re.split(r"[^a-z0-9]+", term) if p]
        group = next((g for g in groups if term in g), None)
        if group is None:
            groups.append([term, *(p for p in pieces if p in terms and p != term)])
    absent = [g[0] for g in groups if not any(t in joined or heard.holds(t) for t in g)]
    if len(absent) < 2:
        return []
    weights = term_weights(q.text)  # tagged only here: most questions miss fewer words
    weight = {g[0]: max(weights.get(t, 1.0) for t in g) for g in groups}
    lacking = sum(weight[t] for t in absent)
    return absent if lacking >= share * sum(weight.values()) else []

