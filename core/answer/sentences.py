"""An answer cut into sentences, each with its citations [n] and its supporting span.

A sentence ends at '.', '!' or '?' (after any closing quote and citation marks) or at a line
end; a line that is one quote of the evidence, “…” [n], is one sentence; its citations are the [n] marks inside it. A sentence without a mark takes those of the
next cited sentence of its line, else of the previous one, so every sentence of an answer
that cites anything carries a citation. The supporting span is the piece of a cited chunk
(a sentence of its prose, a row of its tables, a line of code) that holds most of the
sentence's words, rare words weighing more; the question's words break ties (a bare
answer such as "1932 [1]" rests on the sentence that says 1932 *about the question*). A
piece grows into the run of pieces the sentence spans: a neighbour joins when it adds much of
the sentence's weight, or when the sentence quotes nearly all of its words (a definition term
and the sentence after it that the reader's first line reads with its pick; a quoted piece one
skipped line away joins with that line; a piece the quote reads on into across a line break
joins too: "… type the command" / "> library() with no arguments."). Spans are verbatim text of the
chunk, so the page viewer can find their words on the page.

Example:
    >>> split_answer("It opened in 1932 [1]. It is red [2].")
    [('It opened in 1932 [1].', (1,)), ('It is red [2].', (2,))]
    >>> pieces("The bridge was opened in 1932. It is red.")
    ['The bridge was opened in 1932.', 'It is red.']
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from core.answer.terms import content_terms, idf_weights, weighted_overlap
from core.answer.units import FOOTNOTE, PAGE_NUMBER, continues

_CITE = re.compile(r"\[(\d+)\]")
# A sentence end: . ! ? with closing quotes/brackets and citation marks on either side, then
# a new sentence (capital, digit, quote, markup) or the end of the line.
_END = re.compile(r"(?:\s*\[\d+\])*[.!?][\"'”’)\]*`]*(?:\s*\[\d+\])*\.?(?=\s+[\"“'(*`_]*[A-Z0-9]|\s*$)")
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|Fig|No|Vol|Dr|Mr|Mrs|Ms|St)\.$|\b[A-Z]\.$|^[\"“'(*`_]*\d+[.)]$"
                           r"|(?:^|[\s\"“'(*`_])(?:[Ss]tep|[Ss]tage|[Pp]hase|[Pp]art)\s+\d+[a-z]?[.:]$"  # "Step 1." labels
                           r"|:\s+\d{1,2}[.)]$")  # "in this order: 1." opens a list: its first item goes on
_RULE = re.compile(r"^[|:\-\s]+$")
_HEADING = re.compile(r"#{1,6}\s")
_ONE_QUOTE = re.compile(r"(?:(?:Yes|No): )?“[^“”]*(?:“[^“”]*”[^“”]*)*” \[\d+\]")  # “…” [n], quotes inside allowed
_OPEN_QUOTE = re.compile(r"(?:(?:Yes|No): )?“.*” \[\d+\]")  # the same with an inner “ the text closed by a plain "
_MARKUP = re.compile(r"[*`“”\"]|…|\[\d+\]")
SPAN_WORDS = 60  # a supporting span longer than this is cut around the sentence's words
JOIN_GAIN = 0.2  # a neighbouring piece adding this much of the sentence's weight joins its span


def split_answer(text: str) -> list[tuple[str, tuple[int, ...]]]:
    """(sentence as written, its citation numbers) for every sentence of `text` (see module doc)."""
    out: list[tuple[str, tuple[int, ...]]] = []
    for line in text.splitlines():
        found = [(s, tuple(dict.fromkeys(int(n) for n in _CITE.findall(s)))) for s in _line_sentences(line)]
        for i, (sentence, cites) in enumerate(found):
            if not cites:
                later = [c for _, c in found[i + 1:] if c]
                earlier = [c for _, c in found[:i] if c]
                cites = later[0] if later else (earlier[-1] if earlier else ())
            out.append((sentence, cites))
    return out


def _line_sentences(line: str) -> list[str]:
    """Sentences of one answer line, not cut after 'e.g.' or an initial; a line that is one
    quote of the evidence with its citation (the reader's first line, which may read a
    sentence with its neighbour) is one sentence: its supporting span is the quoted text."""
    if line.count("” [") == 1 and (_ONE_QUOTE.fullmatch(line.strip()) or _one_open_quote(line.strip())):
        return [line.strip()]
    quotes = _quotes(line.strip())
    if quotes:  # one quote per part of a two-part question's first line, each resting on its own chunk
        return quotes
    out: list[str] = []
    start = 0
    ends = [m.end() for m in _END.finditer(line)]
    for end in ends + [len(line)]:  # the rest of the line after the last end is a piece too
        piece = line[start:end].strip()
        if out and piece and _ABBREVIATION.search(out[-1].rstrip()):
            out[-1] = f"{out[-1]} {piece}"
        elif piece:
            out.append(piece)
        start = end
    return [s for s in out if plain(s)]


def _quotes(line: str) -> list[str]:
    """The quotes of a line that is only quotes of the evidence, each with its citation
    (“…” [2] “lilypond …” [1], a quote opening in lower case included); [] for any other line."""
    found = list(_ONE_QUOTE.finditer(line))
    if len(found) < 2 or found[0].start() != 0 or found[-1].end() != len(line) \
            or any(line[a.end():b.start()] != " " for a, b in zip(found, found[1:])):
        return []
    return [m.group(0) for m in found]


def _one_open_quote(line: str) -> bool:
    """A quote of the evidence whose text opens a curly quote it closes with a plain one
    (‘#include “file"’, common in PDF text): more “ than ” in it, one closing ” [n]."""
    return line.count("“") > line.count("”") and _OPEN_QUOTE.fullmatch(line) is not None


def plain(sentence: str) -> str:
    """The words of an answer sentence without citation marks, quotes and markup."""
    return " ".join(_MARKUP.sub(" ", sentence).split())


_ROW_JOIN = " | "  # how `pieces` joins a table row's cells


def pieces(text: str, headed: bool = False, bare: bool = False) -> list[str]:
    """A chunk's text as verbatim pieces: prose sentences (a sentence cut by a line break, as at
    a page break, made whole again), table rows (cells joined by ' | '), code and other lines
    ("#define X" among them); headings ("# …" to "###### …") and table rules are skipped.
    `headed`: each row read with its header ('Part: valve seal | Replacement: 12 months'), as
    a sentence about it reads (not verbatim). `bare`: also the lines without a content word (a
    call such as "> q()")."""
    out: list[str] = []
    cut = -1  # index of a prose piece cut mid-sentence (a page or column break)
    header: list[str] | None = None
    for line in (ln.strip() for ln in text.splitlines()):
        if not line or line.startswith("<!--") or _RULE.fullmatch(line) or PAGE_NUMBER.match(line):
            continue
        if FOOTNOTE.match(line):  # a footnote between a sentence's two halves leaves it open
            out.append(line)
            continue
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if headed and header is not None:
                cells = [f"{h}: {c}" if h else c for h, c in zip(header + [""] * len(cells), cells) if c]
            header = cells if header is None else header
            out.append(" | ".join(c for c in cells if c))
            cut = -1
            continue
        header = None
        if _HEADING.match(line):  # a heading ("## Options"), not code such as "#define X" or "#:center"
            cut = -1
            continue
        found = _line_sentences(line) or [line]
        if cut >= 0 and continues(out[cut], line):
            out[cut] = f"{out[cut]} {found.pop(0)}"
        out += found
        cut = len(out) - 1 if found else cut
    return [p for p in out if content_terms(p) or bare and re.search(r"\w", p)]


def best_span(sentence: str, chunks: Sequence[tuple[str, str]], question: str = "") -> tuple[str, str, float]:
    """(span text, chunk id, share of the sentence's words it holds) of the best piece among
    `chunks` ((chunk id, text) pairs) for `sentence`; ('', '', 0.0) when no chunk has a piece."""
    quote = _flat(plain(sentence))
    cands = [(cid, i, p) for cid, text in chunks  # a line without a content word ("> q()") only where quoted
             for i, p in enumerate(x for x in pieces(text, bare=True) if content_terms(x) or _flat(x) in quote)]
    if not cands:
        return "", "", 0.0
    terms = [content_terms(p) for _, _, p in cands]
    weights = idf_weights(terms)
    want, asked = content_terms(plain(sentence)), content_terms(question)
    scores = [weighted_overlap(want, t, weights, 1.0) for t in terms]
    ties = [weighted_overlap(asked, t, weights, 1.0) for t in terms]
    best = max(range(len(cands)), key=lambda i: (scores[i] + 0.1 * ties[i], bool(terms[i]), -i))
    lo, hi, gain = _grown(cands, terms, best, want, weights, scores[best], quote)
    lo = _head_before(cands, lo, sentence)
    span = " ".join(p for _, _, p in cands[lo:hi + 1])
    return _cut(span, want), cands[best][0], scores[best] + gain


def _grown(cands: Sequence[tuple[str, int, str]], terms: Sequence[set[str]], best: int, want: set[str],
           weights: Mapping[str, float], score: float, quote: str = "") -> tuple[int, int, float]:
    """(first, last index, weight gained) of the run of pieces of `best`'s chunk that the
    sentence rests on: a neighbour joins when it adds much of the sentence's weight
    (JOIN_GAIN), or when the sentence quotes nearly all its words and it adds some; a quoted
    piece one unquoted piece away joins with the piece between (a quote read on over a line
    the reader skips: "… as XSLT processor" / "(see …)" / the command). A piece the sentence
    shows verbatim (`quote`: its words, whitespace collapsed) joins even when it adds no
    weight: a neighbour of two words or more (a definition term "-f --force" before its
    description), one of four or more up to two skipped pieces away (a lead-in read on over
    "(see …)" and "EXAMPLE:"). A row never joins a row: its header is labels."""
    lo = hi = best
    have, gain = set(terms[best]), 0.0
    grew = True
    while grew:
        grew = False
        for k in (hi + 1, lo - 1, hi + 2, lo - 2, hi + 3, lo - 3):
            if not (0 <= k < len(cands)) or cands[k][0] != cands[best][0] or lo <= k <= hi:
                continue
            if abs(cands[k][1] - cands[best][1]) != abs(k - best) or (_ROW_JOIN in cands[best][2] and _ROW_JOIN in cands[k][2]):
                continue
            added = weighted_overlap(want, have | terms[k], weights, 1.0) - score - gain
            quoted = bool(terms[k]) and len(terms[k] & want) >= 0.8 * len(terms[k])
            near, skips = k in (hi + 1, lo - 1), max(k - hi, lo - k) - 1
            if (near and added >= JOIN_GAIN) or (quoted and added > 0 and skips <= 1) \
                    or _shown(cands[k][2], quote, 2 if near else 4, [p for _, _, p in cands[lo:hi + 1]]) \
                    or (near and _reads_on(cands[lo][2] if k < lo else cands[hi][2], cands[k][2], quote, k > hi)):
                lo, hi = min(lo, k), max(hi, k)
                have, gain, grew = have | terms[k], gain + added, True
                break
    return lo, hi, gain


def _head_before(cands: Sequence[tuple[str, int, str]], lo: int, sentence: str) -> int:
    """The first index of the run once an entry's head that the sentence quotes before an
    elision ("lcd(Pid, Dir) -> ok | {error, Reason} Types: … Changes the working directory …")
    joins it, with the lines between (its "Pid = pid()" types): the nearest earlier piece of
    the same chunk, of two words or more, that is the whole of the quote's part before "…";
    `lo` itself when the sentence elides nothing or no such piece is found (a quote whose cut
    window opened on other lines: "64 } 66 \\end{document} … y 2 The options …")."""
    before, cut, _ = sentence.partition(" … ")
    head = _flat(plain(before)) if cut else ""
    for k in range(lo - 1, -1, -1):
        if not head or cands[k][0] != cands[lo][0] or cands[lo][1] - cands[k][1] != lo - k:
            break
        if len(cands[k][2].split()) >= 2 and _flat(cands[k][2]) == head:
            return k
    return lo


def _flat(text: str) -> str:
    """`text` with whitespace collapsed, padded with a space on each side."""
    return f" {' '.join(text.split())} "


def _shown(piece: str, quote: str, least: int, run: Sequence[str]) -> bool:
    """The whole piece, of at least `least` words, stands in the quote (`_flat`) and is no
    piece of the `run` again (a line the chunk repeats); a word or two ("TeX", "LilyPond")
    stands in many quotes by chance."""
    return bool(quote) and len(piece.split()) >= least and _flat(piece) in quote and piece not in run


def _reads_on(edge: str, piece: str, quote: str, after: bool) -> bool:
    """The quote reads on from the run's `edge` piece into its neighbour `piece` (`after`: the
    piece follows the run): the edge's last three words and the piece's first word (or the
    piece's last word and the edge's first three) stand together in the quote. Pieces are cut
    where the chunk's lines are, the quote where its sentence is: "… issue the command" / "> library()
    with no arguments." is one quote "… issue the command > library()"."""
    near_words, far_words = plain(edge).split(), plain(piece).split()
    if not quote or len(near_words) < 3 or not far_words:
        return False
    joint = near_words[-3:] + far_words[:1] if after else far_words[-1:] + near_words[:3]
    return _flat(" ".join(joint)) in quote


def _cut(span: str, want: set[str]) -> str:
    """At most SPAN_WORDS words of `span`: the window holding most of the sentence's words."""
    words = span.split()
    if len(words) <= SPAN_WORDS:
        return span
    hits = [bool(content_terms(w) & want) for w in words]
    starts = range(len(words) - SPAN_WORDS + 1)
    start = max(starts, key=lambda s: (sum(hits[s:s + SPAN_WORDS]), -s))
    return " ".join(words[start:start + SPAN_WORDS])


def cited_texts(numbers: Sequence[int], by_number: Mapping[int, tuple[str, str]]) -> list[tuple[str, str]]:
    """(chunk id, text) of each cited number that names an evidence passage."""
    return [by_number[n] for n in numbers if n in by_number]
