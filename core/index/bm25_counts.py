"""Term counts of the embedded BM25 index, kept term-major and updated in place.

bm25s searches a CSC matrix of BM25 weights: one column per term, whose entries are the
chunks (rows) holding it. The weights depend on the whole collection (idf, average
length), so they change with every added chunk; the *counts* behind them do not. Keeping
the counts in the same layout lets a change cost O(entries) numpy work: new chunks are
counted on their own (the only sort, over the new tokens) and merged into each term's
column, deleted chunks are masked out, and the weights are recomputed with one vectorised
formula. Rebuilding from every chunk's tokens instead sorts all of the library's tokens
on every flush.

Example:
    >>> counts = TermCounts.empty().with_rows([0, 1], [np.array([0, 1, 1]), np.array([1])], 2)
    >>> counts.indptr.tolist(), counts.rows.tolist(), counts.counts.tolist()
    ([0, 1, 3], [0, 0, 1], [1, 2, 1])
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

WEIGHT_SLICE = 1 << 18  # entries weighed at once: ~10 MB of temporaries, whatever the library's size

@dataclass(frozen=True)
class TermCounts:
    """Occurrences of each term in each chunk, column by column (CSC over chunks x terms).

    `indptr[t]:indptr[t+1]` are term t's entries; `rows[e]` is the chunk of entry e and
    `counts[e]` how often the term occurs in it; `lengths[r]` is chunk r's token count.
    """

    indptr: np.ndarray  # int64, n_terms + 1
    rows: np.ndarray  # int32, one per entry
    counts: np.ndarray  # int32, one per entry
    lengths: np.ndarray  # int64, one per chunk

    @staticmethod
    def empty(n_terms: int = 0) -> "TermCounts":
        """No chunks, `n_terms` empty columns."""
        return TermCounts(np.zeros(n_terms + 1, np.int64), np.zeros(0, np.int32),
                          np.zeros(0, np.int32), np.zeros(0, np.int64))

    @property
    def n_terms(self) -> int:
        """Number of term columns."""
        return len(self.indptr) - 1

    def terms(self) -> np.ndarray:
        """The term (column) of every entry."""
        return np.repeat(np.arange(self.n_terms, dtype=np.int64), np.diff(self.indptr))

    def with_rows(self, rows: Sequence[int], tokens: Sequence[np.ndarray], n_terms: int) -> "TermCounts":
        """Counts with chunk `rows[i]` holding the term ids `tokens[i]` (a row already present
        is replaced; a row past the end extends the table) and at least `n_terms` columns."""
        rows = np.asarray(rows, dtype=np.int64)
        flat = np.concatenate(tokens).astype(np.int64) if len(tokens) else np.zeros(0, np.int64)
        n_terms = max(n_terms, self.n_terms, int(flat.max()) + 1 if flat.size else 0)
        base = self.without_rows(rows[rows < len(self.lengths)], renumber=False).widened(n_terms)
        n_rows = max(len(base.lengths), int(rows.max()) + 1 if rows.size else 0)
        sizes = np.array([len(t) for t in tokens], dtype=np.int64)
        lengths = np.zeros(n_rows, np.int64)
        lengths[:len(base.lengths)] = base.lengths
        lengths[rows] = sizes
        keys, counts = np.unique(flat * max(n_rows, 1) + np.repeat(rows, sizes), return_counts=True)
        new_terms, new_rows = keys // max(n_rows, 1), keys % max(n_rows, 1)  # term-major order
        new_per_term = np.bincount(new_terms, minlength=n_terms)
        indptr = base.indptr + np.concatenate([[0], np.cumsum(new_per_term)]).astype(np.int64)
        # each new entry goes after its term's old ones; only the new entries are indexed (the
        # old ones were placed by index arrays of their own: ~40 bytes an entry held at every
        # merge, ~300 MB of a 60,000-chunk library's flush in the ingest process)
        at = base.indptr[new_terms + 1]
        out_rows = np.insert(base.rows, at, new_rows.astype(np.int32))
        out_counts = np.insert(base.counts, at, counts.astype(np.int32))
        return TermCounts(indptr, out_rows, out_counts, lengths)

    def without_rows(self, rows: np.ndarray, renumber: bool = True) -> "TermCounts":
        """Counts with the given chunks' entries removed; with `renumber`, the chunks are
        dropped and later rows move up (as list positions do after a deletion)."""
        if rows.size == 0:
            return self
        drop = np.zeros(len(self.lengths), dtype=bool)
        drop[rows] = True
        keep_entry = ~drop[self.rows]
        per_term = np.bincount(self.terms()[keep_entry], minlength=self.n_terms)
        indptr = np.concatenate([[0], np.cumsum(per_term)]).astype(np.int64)
        kept_rows, lengths = self.rows[keep_entry], self.lengths.copy()
        if renumber:
            new_index = np.cumsum(~drop) - 1
            kept_rows, lengths = new_index[kept_rows].astype(np.int32), lengths[~drop]
        else:
            lengths[rows] = 0
        return TermCounts(indptr, kept_rows, self.counts[keep_entry], lengths)

    def widened(self, n_terms: int) -> "TermCounts":
        """The same counts with empty columns appended up to `n_terms`."""
        if n_terms <= self.n_terms:
            return self
        pad = np.full(n_terms - self.n_terms, self.indptr[-1], dtype=np.int64)
        return TermCounts(np.concatenate([self.indptr, pad]), self.rows, self.counts, self.lengths)

    def bm25_weights(self, k1: float, b: float) -> np.ndarray:
        """Lucene BM25 weight of every entry, in entry order (float32):
        ln(1 + (N - df + 0.5) / (df + 0.5)) * tf / (tf + k1 * (1 - b + b * dl / avgdl))."""
        n_docs = len(self.lengths)
        df = np.diff(self.indptr)
        idf = np.log1p((n_docs - df + 0.5) / (df + 0.5))
        avgdl = float(self.lengths.mean()) if n_docs and self.lengths.sum() else 1.0
        out = np.empty(len(self.rows), np.float32)
        for start in range(0, len(out), WEIGHT_SLICE):  # float64 temporaries of one slice at a time
            end = min(start + WEIGHT_SLICE, len(out))
            terms = np.searchsorted(self.indptr, np.arange(start, end), side="right") - 1
            tf = self.counts[start:end].astype(np.float64)
            norm = k1 * (1 - b + b * self.lengths[self.rows[start:end]] / avgdl)
            out[start:end] = (idf[terms] * tf / (tf + norm)).astype(np.float32)
        return out


def saved_counts(index_dir: Path, scores: Mapping[str, Any], lengths: np.ndarray) -> TermCounts | None:
    """The term counts saved in `index_dir` beside a bm25s index, whose `scores` (indptr and
    indices) they share, or counted once from tokens.npy for an index saved before counts
    were kept; None when the files do not fit together."""
    indptr, rows = np.asarray(scores["indptr"], np.int64), np.asarray(scores["indices"], np.int32)
    if (index_dir / "counts.npy").is_file():
        counts = np.load(index_dir / "counts.npy", allow_pickle=False)
        return TermCounts(indptr, rows, counts, lengths) if len(counts) == len(rows) else None
    tokens = np.load(index_dir / "tokens.npy", allow_pickle=False)
    if int(lengths.sum()) != len(tokens):
        return None
    per_chunk = np.split(tokens, np.cumsum(lengths)[:-1]) if len(lengths) else []
    return TermCounts.empty().with_rows(range(len(lengths)), per_chunk, len(indptr) - 1)
