"""When the pick's document does not name what the question names, answer from the passages that do.

`decline.names_absent` declines a pick whose document names none of the question's strong
names: asked "Which bextract option sets the debug level?" over Bacula's utility guide and
aptitude's manual, the best-scoring sentence was aptitude's "The command-line option
--log-level can be used to set or override any log level." Declining there loses the
answer another passage holds, under the heading "bextract": "-dnn set debug level to nn".
So before the reader declines for that reason it reads again, from the units of the
passages set under a title or heading that names one of those names (a section about the
thing asked), in the order they were ranked. A passage that only mentions the name in its
text does not count: "How do I enable passive mode in vsftpd?" over the pdfqa-dev manuals
would be answered from the Erlang FTP guide that names vsftpd once in passing.

Example:
    >>> from core.answer.units import Unit
    >>> units = [Unit("--log-level sets any log level.", 1, "prose", title="aptitude manual"),
    ...          Unit("-dnn set debug level to nn", 2, "prose", title="Bacula Utility Programs",
    ...               section="bextract")]
    >>> [u.number for u in naming_units("Which bextract option sets the debug level?", units, [2.0, 1.0])[0]]
    [2]
"""
from __future__ import annotations

from typing import Sequence

from core.answer.decline import names_absent


def naming_units(question: str, ranked: Sequence, scores: Sequence[float]) -> tuple[list, list[float]]:
    """The `ranked` units (with their `scores`) set under a title or heading that names one of
    the question's strong names (`decline.names_absent` read on the title and heading path)."""
    named: dict[tuple[str, str], bool] = {}
    kept: list = []
    kept_scores: list[float] = []
    for unit, score in zip(ranked, scores):
        where = (unit.title or "", unit.section or "")
        if where not in named:
            named[where] = bool(" ".join(where).strip()) and not names_absent(question, " ".join(where))
        if named[where]:
            kept.append(unit)
            kept_scores.append(score)
    return kept, kept_scores
