"""Does a rewrite read as a question a person would write? Only then is it shown as "understood as".

- `reads_as_question`: a question (or a request: "Show me the syntax of the charset
  command.") of at most 40 words, starting as one, without brackets, a word written twice in a
  row, two of "what"/"which", a wh-word before an article or an "I" that is no subject, or an
  ending cut short ("… of the --jobs option of?");
- `botched`: a rewrite that reads as a question but that no person writes: it says a word twice
  where neither question did ("What is the default width of the default shape of a node?": the
  earlier phrase put beside the follow-up's instead of in its place), or a pronoun of it still
  points outside it ("Where does it look for it first in Biber?"). It is still retrieved with
  (its words find the page), only not shown as "understood as".

Example:
    >>> reads_as_question("Show me the syntax of the charset command.", "Show me its syntax.")
    True
"""
from __future__ import annotations

import re

from core.answer.leaning import dangling, parse
from core.answer.phrases import expletive_its
from core.answer.terms import STOP, tokens

_QUESTION_START = re.compile(r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|"
                             r"could|should|would|will|has|have|may|must|in|on|at|for|with|from|by|to|of|under|since|"
                             r"until|after|before)\b", re.I)
REQUEST = re.compile(r"^(?:show|explain|list|describe|give|tell)\b.*\.$", re.I)  # "Show me the syntax of …."
_MISREAD = re.compile(r"^(?:what|which|how)\s+(?:the|a|an)\b|\b(?:of|in|the|a|an|with|to)\s+I\b"
                      r"|\b(?:the|a|an)\s+(?:to|of|in|on|for|with|from|by|at|into)\b", re.I)  # "convert an to PDF"
_UNFINISHED = re.compile(r"\b(?:of|the|a|an|and|or)\s*\?\s*$", re.I)  # "… the --jobs option of?": a phrase cut short


_ASIDE = re.compile(r"(?:^|\s)\(")  # "(\tcc; start)" glued on; a call's bracket may stay ("What does yywrap() return?")


def reads_as_question(text: str, asked: str) -> bool:
    """A rewrite a person could have written (module docstring), differing from what was asked."""
    words = text.split()
    low = [w.lower().strip("?,") for w in words]
    return (bool(text) and (text.endswith("?") and bool(_QUESTION_START.match(text)) or bool(REQUEST.match(text)))
            and not _ASIDE.search(text) and len(words) <= 40 and text.strip() != asked.strip()
            and not any(a.lower() == b.lower() for a, b in zip(words, words[1:]))
            and sum(w in ("what", "which") for w in low) <= 1  # "Which pin … over what range?"
            and not _MISREAD.search(text)
            and not (_UNFINISHED.search(text) and not _UNFINISHED.search(asked)))  # "… a subset of?" as asked



def said_twice(text: str, question: str, earlier: str) -> bool:
    """True when a word of four letters or more that is no stop word comes twice in `text` but
    at most once in each of the two questions; a name in capitals may ("How does VACUUM FULL
    differ from a plain VACUUM?")."""
    def counts(t: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for w in tokens(t):
            w = w.lower()
            if len(w) >= 4 and w not in STOP:
                out[w] = out.get(w, 0) + 1
        return out
    mine, asked, before = counts(text), counts(question), counts(earlier)
    names = {w.lower() for w in tokens(text) if w.isupper() and len(w) >= 2}  # "… VACUUM FULL … a plain VACUUM?"
    return any(n >= 2 and asked.get(w, 0) <= 1 and before.get(w, 0) <= 1 and w not in names for w, n in mine.items())


def still_leans(text: str, earlier: str = "") -> bool:
    """True when a pronoun of the rewrite still points outside it ("Where does it look for it first in
    Biber?", "Can I move its profiles to another disk in Firefox?"), unless the rewrite copied it
    with the words before it from the earlier question ("… append to the history file instead of
    replacing it": the person wrote that 'it' and meant the file)."""
    doc = parse(text)
    said = " ".join(re.findall(r"[\w'-]+", earlier.lower()))
    return doc is not None and any(
        t.idx not in expletive_its(text) and t.lower_ in ("it", "its", "they", "them")
        and not (t.i >= 2 and f" {doc[t.i - 2: t.i + 1].text.lower()} " in f" {said} ")  # copied with its words
        for t in dangling(doc, text))


def botched(text: str, question: str, earlier: str) -> bool:
    """A rewrite to retrieve with but not to show (module docstring)."""
    return said_twice(text, question, earlier) or still_leans(text, earlier)
