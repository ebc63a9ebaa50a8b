"""Whose thing a question names: a platform or vendor in front of a name the evidence holds.

Users say whose tool they mean: "*Erlang's* ftp", "the *Erlang* TFTP server", "an *Erlang*
tftp_logger callback module". The manual asked about seldom writes that owner: the Erlang/OTP
FTP guide says "Erlang" twice in 16 pages, never in its passages about chunked transfers, so
the names test (`decline.missing_names`) counted "Erlang" as a manual the library lacks, one
of the question's two names, and Folio declined a question its library answers.

An owner is a name the evidence lacks written just before another name of the asking sentence
that the evidence holds, joined by "'s" or nothing else ("Erlang's ftp", "Erlang TFTP"); it
says whose that name is, and the evidence holds the thing asked about. A name before a name the
evidence lacks too ("the Erlang mnesia function", "Apache's mod_ssl") stays counted: there
the library holds neither, and a name before an everyday word ("Apache module") is no owner.
The owner must also be written somewhere in the evidence passages' documents (the FTP guide's
"Erlang" on its first pages): "the Cisco TFTP server", "PostgreSQL SSL", "the MuseScore PDF
export" name a tool in front of a protocol or format the library's manuals hold, and no manual
of the evidence mentions Cisco, PostgreSQL or MuseScore. The reader sees passages, not
documents: `qa.answer_question` gives it `written` (`documents_writing`: whether those
documents write a name), passed on to the names test; without it there are no owners. On by
default in `Library.ask` (`owners=False` switches it off): false declines 5 -> 2 on the
pdfqa-style tuning sets, no unanswerable tuning question answered, the test figures unchanged.

Example:
    >>> sorted(owner_names("Which function of an Erlang tftp_logger module logs a warning?",
    ...                    ["Erlang", "tftp_logger"], ["Erlang"], lambda name: name == "Erlang"))
    ['Erlang']
    >>> owner_names("What does the Erlang mnesia function create_schema do?",
    ...             ["Erlang", "mnesia", "create_schema"], ["Erlang", "mnesia", "create_schema"], lambda name: True)
    frozenset()
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Mapping, Sequence

from core.answer.question import last_sentence

_POSSESSIVE = re.compile(r"['’]s$")
_EDGE = "\"'“”‘’("
Written = Callable[[str], bool]  # whether the evidence passages' documents write a name anywhere


def documents_writing(texts: Callable[[str], str], doc_ids: Iterable[str],
                      titles: Mapping[str, str] | None = None) -> "DocumentWords":
    """`written` for `owner_names`: whether a document of `doc_ids` (its text from
    `texts(doc_id)`, read once, on the first name asked) writes the name as a whole word;
    `titles` (doc_id: title) also lets `decline_document.subject_test` ask one document."""
    return DocumentWords(texts, doc_ids, titles or {})


class DocumentWords:
    """The evidence passages' documents, each read whole once, on the first name asked: a
    `Written` (any of them writes the name) that also counts a name in one document."""

    def __init__(self, texts: Callable[[str], str], doc_ids: Iterable[str], titles: Mapping[str, str]) -> None:
        self._texts, self._ids, self._titles = texts, sorted(set(doc_ids)), dict(titles)
        self._read: dict[str, str] = {}

    def _text(self, doc_id: str) -> str:
        if not self._read:
            self._read.update((d, self._texts(d) or "") for d in self._ids)
        return self._read.get(doc_id, "")

    def __call__(self, name: str) -> bool:
        """Whether a document of the evidence writes `name` as a whole word, in any case."""
        return any(_whole(name).search(self._text(d)) for d in self._ids)

    def titled(self, title: str) -> bool:
        """Whether a document of the evidence is titled `title` (one `density` can count in)."""
        return bool(title) and title in self._titles.values()

    def density(self, name: str, title: str) -> float:
        """How often the evidence's documents titled `title` write `name` (whole word, any
        case): times per 1,000 characters of their text (0.0 for no such document)."""
        texts = [self._text(d) for d in self._ids if self._titles.get(d) == title and title]
        size = sum(len(t) for t in texts)
        return 1000.0 * sum(len(_whole(name).findall(t)) for t in texts) / size if size else 0.0


def _whole(name: str) -> re.Pattern:
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(name) + r"(?![A-Za-z0-9])", re.IGNORECASE)


def owner_names(question: str, names: Sequence[str], missing: Sequence[str],
                written: Written | None) -> frozenset[str]:
    """The `missing` names of the asking sentence written just before one of its `names` that
    the evidence holds (not in `missing`), with "'s" or nothing between, and `written` somewhere
    in the evidence's documents (None: no owners): owners, not things asked about."""
    lacking, held = set(missing), set(names) - set(missing)
    if not lacking or not held or written is None:
        return frozenset()
    words = last_sentence(question).split()
    owners: set[str] = set()
    for word, after in zip(words, words[1:]):
        bare = _POSSESSIVE.sub("", word.strip(_EDGE))
        if _is_owner(word, bare, lacking) and _POSSESSIVE.sub("", after.strip(_EDGE + ".,;:!?")) in held \
                and written(bare):
            owners.add(bare)
    return frozenset(owners)


def _is_owner(word: str, bare: str, lacking: set[str]) -> bool:
    """`word` is a lacking name standing right before the next word: bare or possessive,
    no comma, colon or other mark between them."""
    core = word.strip(_EDGE)
    return bare in lacking and (core == bare or _POSSESSIVE.search(core) is not None)
