"""Embedded full-text index: Lucene-style BM25 searched with bm25s, English stems, no stopwords.

bm25s indexes are static, so this wrapper keeps the source records (chunk ids, texts,
document ids) and the term counts behind the index itself (`core.index.bm25_counts`):
a change tokenises only the new texts, the next search (or flush) merges their counts
into the existing ones and recomputes the weights in O(entries) numpy, and `flush()`
saves records, counts and the bm25s index together.

Several processes may share the folder: `refresh()` drops what this process loaded when
another process has saved since (records.json replaced), so the next search reads the new
state, and a writer calls it under the write lock before changing anything, so it never
saves over another process's change.

Files in the folder (plain JSON and .npy, no pickles):
    records.json   {"generation": n, "ids": [...], "doc_ids": [...], "texts": [...]}
    bm25/          the bm25s index (save/load), counts.npy + lengths.npy, generation.json
                   (indexes saved before counts.npy existed are read from tokens.npy)

Example:
    >>> # idx = BM25TextIndex(Path("~/.folio/bm25"))
    >>> # idx.add(["c1"], ["Graph retrieval walks chunk edges"], ["doc1"]); idx.flush()
    >>> # idx.search("walking a graph", k=5)   # [("c1", 0.58)]
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any, Collection, Sequence

import numpy as np

from core.errors import BackendError
from core.index.bm25_counts import TermCounts, saved_counts
from core.index.json_lists import write_json_lists

RECORDS = "records.json"
INDEX_DIR = "bm25"
GENERATION = "generation.json"
K1, B = 1.5, 0.75
_WORD = re.compile(r"(?u)\b\w\w+\b")


def bm25_matrix(tokens: np.ndarray, lengths: np.ndarray, n_vocab: int) -> tuple[np.ndarray, ...]:
    """Lucene BM25 weight of every (chunk, term) pair as a CSC matrix (data, indices, indptr).

    `tokens` holds every chunk's term ids back to back; `lengths[i]` is chunk i's count.
    Weight = ln(1 + (N - df + 0.5) / (df + 0.5)) * tf / (tf + k1 * (1 - b + b * dl / avgdl)),
    the layout and formula bm25s uses for method="lucene", so bm25s can search and save it.
    """
    per_chunk = np.split(np.asarray(tokens), np.cumsum(lengths)[:-1]) if len(lengths) else []
    counts = TermCounts.empty().with_rows(range(len(lengths)), per_chunk, n_vocab)
    return counts.bm25_weights(K1, B), counts.rows, counts.indptr


def top_k_positive(scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """Rows with the k highest scores > 0, best first; ties keep row order."""
    positive = np.flatnonzero(scores > 0)
    if k <= 0 or positive.size == 0:
        return []
    if positive.size > k:
        cut = np.argpartition(-scores[positive], k - 1)[:k]
        positive = positive[scores[positive] >= scores[positive[cut]].min()]  # keep ties at the cut
    order = np.lexsort((positive, -scores[positive]))[:k]
    return [(int(positive[i]), float(scores[positive[i]])) for i in order]


class _Tokenizer:
    """Lower-case words of 2+ characters, bm25s's English stopwords dropped, Snowball stems.

    Stems get ids in order of first sight (`vocab`); each distinct word is stemmed once,
    and a batch is mapped to ids with C-level lookups rather than a Python loop per word.
    """

    def __init__(self, vocab: dict[str, int] | None = None) -> None:
        import Stemmer
        from bm25s.stopwords import STOPWORDS_EN

        self._stemmer = Stemmer.Stemmer("english")
        self._stopwords = frozenset(STOPWORDS_EN)
        self._word_ids: dict[str, int] = {}  # word -> term id, -1 for a stopword
        self.vocab: dict[str, int] = dict(vocab or {})

    def stems(self, text: str) -> list[str]:
        """The stems of a text's non-stopwords, in order (vocabulary unchanged)."""
        words = [w for w in _WORD.findall(text.lower()) if w not in self._stopwords]
        return self._stemmer.stemWords(words)

    def ids(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Term ids of each text, adding unseen stems to the vocabulary."""
        split = [_WORD.findall(text.lower()) for text in texts]
        unseen = sorted(set().union(*split).difference(self._word_ids)) if split else []
        for word, stem in zip(unseen, self._stemmer.stemWords(unseen)):
            stop = word in self._stopwords
            self._word_ids[word] = -1 if stop else self.vocab.setdefault(stem, len(self.vocab))
        lookup, out = self._word_ids.__getitem__, []
        for words in split:
            arr = np.fromiter(map(lookup, words), dtype=np.int32, count=len(words))
            out.append(arr[arr >= 0])
        return out


class BM25TextIndex:
    """A `TextIndex` kept in one folder; changes become durable on `flush()`.

    Adding an existing chunk id replaces its text. Only chunks sharing a term with the
    query (score > 0) come back; equal scores keep insertion order.

    Example:
        >>> # idx = BM25TextIndex(tmp_dir); idx.add(ids, texts, doc_ids); idx.flush()
        >>> # idx.search("query words", k=10)
    """

    def __init__(self, dir: Path):
        self.dir = Path(dir).expanduser()
        self._loaded = False
        self._ids: list[str] = []
        self._doc_ids: list[str] = []
        self._texts: list[str] = []
        self._row: dict[str, int] = {}
        self._counts: TermCounts | None = TermCounts.empty()  # None: unknown, re-tokenise on rebuild
        self._pending: dict[int, np.ndarray] = {}  # row -> term ids added since the last merge
        self._tok: _Tokenizer | None = None
        self._generation = 0
        self._retriever: Any = None
        self._stale_index = False  # the bm25s index does not match the records
        self._unsaved = False  # the records on disk do not match memory
        self._stamp: tuple | None = None  # records.json as loaded or saved (inode, mtime, size)
        self._doc_names: np.ndarray | None = None  # distinct document ids, for scope masks
        self._doc_codes: np.ndarray | None = None  # row -> index in _doc_names (None: recompute)

    @property
    def _tokenizer(self) -> _Tokenizer:
        if self._tok is None:
            self._tok = _Tokenizer()
        return self._tok

    # -- loading and saving -------------------------------------------------------------
    def _disk_stamp(self) -> tuple | None:
        """Identity of records.json on disk: a save replaces the file, so the inode changes."""
        try:
            st = (self.dir / RECORDS).stat()
        except FileNotFoundError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def refresh(self) -> bool:
        """Forget the loaded state if another process saved since; True when it did.
        Unsaved changes of this process are kept (it holds the write lock until it saves)."""
        if not self._loaded or self._unsaved or self._disk_stamp() == self._stamp:
            return False
        self.__init__(self.dir)  # back to the unloaded state
        self._ensure_loaded()  # now, while the caller holds readers off, not in a search
        if self._stale_index:
            self._rebuild()
        return True

    def _ensure_loaded(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        self._stamp = self._disk_stamp()
        path = self.dir / RECORDS
        if not path.is_file():
            return
        try:
            data = json.loads(path.read_text("utf-8"))
            self._ids, self._doc_ids, self._texts = data["ids"], data["doc_ids"], data["texts"]
            self._generation = int(data["generation"])
        except (ValueError, KeyError) as exc:
            raise BackendError(f"{path} is damaged ({exc}); delete the folder and re-ingest") from exc
        self._row = {cid: i for i, cid in enumerate(self._ids)}
        self._counts, self._pending, self._stale_index = None, {}, True
        if self._ids and self._load_index():
            self._stale_index = False

    def _load_index(self) -> bool:
        """Load the saved index and counts when they match the records; False otherwise."""
        import bm25s

        index_dir = self.dir / INDEX_DIR
        try:
            saved = json.loads((index_dir / GENERATION).read_text("utf-8"))
            if saved.get("generation") != self._generation or saved.get("count") != len(self._ids):
                return False
            lengths = np.load(index_dir / "lengths.npy", allow_pickle=False)
            retriever = bm25s.BM25.load(str(index_dir), mmap=False, allow_pickle=False, show_progress=False)
            counts = saved_counts(index_dir, retriever.scores, lengths)
        except (OSError, ValueError):
            return False
        if counts is None or len(lengths) != len(self._ids):
            return False
        self._counts = counts
        self._tok = _Tokenizer(retriever.vocab_dict)
        self._retriever = retriever
        return True

    def flush(self) -> None:
        """Save records, tokens and a freshly built index so the next process can search at once."""
        self._ensure_loaded()
        if not self._unsaved and not self._stale_index:
            return
        if self._stale_index:
            self._rebuild()
        self.dir.mkdir(parents=True, exist_ok=True)
        self._generation += 1
        self._save_index()
        tmp = self.dir / (RECORDS + ".tmp")
        payload = {"generation": self._generation, "ids": self._ids, "doc_ids": self._doc_ids, "texts": self._texts}
        with open(tmp, "w", encoding="utf-8") as out:
            write_json_lists(out, payload)
        os.replace(tmp, self.dir / RECORDS)  # records last: an interrupted flush leaves the old pair
        self._stamp = self._disk_stamp()
        self._unsaved = False

    def _save_index(self) -> None:
        index_dir, tmp_dir = self.dir / INDEX_DIR, self.dir / (INDEX_DIR + ".tmp")
        shutil.rmtree(tmp_dir, ignore_errors=True)
        tmp_dir.mkdir(parents=True)
        if self._retriever is not None and self._counts is not None:
            self._retriever.save(str(tmp_dir), allow_pickle=False, show_progress=False)
            np.save(tmp_dir / "counts.npy", self._counts.counts, allow_pickle=False)  # rows, indptr: bm25s's
            np.save(tmp_dir / "lengths.npy", self._counts.lengths, allow_pickle=False)
        meta = {"generation": self._generation, "count": len(self._ids)}
        (tmp_dir / GENERATION).write_text(json.dumps(meta), "utf-8")
        shutil.rmtree(index_dir, ignore_errors=True)
        os.replace(tmp_dir, index_dir)

    def _merge_pending(self) -> None:
        """Fold the chunks added since the last merge into the term counts."""
        if self._counts is not None and self._pending:
            rows = sorted(self._pending)
            self._counts = self._counts.with_rows(rows, [self._pending[r] for r in rows],
                                                  len(self._tokenizer.vocab))
        self._pending = {}

    def _rebuild(self) -> None:
        import bm25s

        if self._counts is None:  # vocabulary starts afresh, so deleted words drop out
            self._tok = _Tokenizer()
            self._counts = TermCounts.empty()
            self._pending = dict(enumerate(self._tokenizer.ids(self._texts)))
        self._merge_pending()
        self._retriever = None
        self._doc_codes = None  # rows changed: scope masks are recomputed
        if self._ids:
            vocab = dict(self._tokenizer.vocab)
            counts = self._counts.widened(len(vocab))
            data = counts.bm25_weights(K1, B)
            retriever = bm25s.BM25(method="lucene", k1=K1, b=B)
            retriever.scores = {"data": data, "indices": counts.rows, "indptr": counts.indptr,
                                "num_docs": len(self._ids)}
            retriever.vocab_dict = vocab
            retriever.unique_token_ids_set = set(vocab.values())
            retriever.nonoccurrence_array = None
            self._retriever = retriever
        self._stale_index = False

    # -- TextIndex ------------------------------------------------------------------------
    def add(self, ids: Sequence[str], texts: Sequence[str], doc_ids: Sequence[str]) -> None:
        """Index texts (replacing chunks whose id is already present); durable after flush()."""
        if not len(ids) == len(texts) == len(doc_ids):
            raise ValueError(f"add needs as many texts and doc ids as ids: {len(ids)}, {len(texts)}, {len(doc_ids)}")
        self._ensure_loaded()
        tokenized = self._tokenizer.ids(texts) if self._counts is not None else [None] * len(ids)
        for cid, text, doc, tokens in zip(ids, texts, doc_ids, tokenized):
            row = self._row.get(cid)
            if row is None:
                row = self._row[cid] = len(self._ids)
                self._ids.append(cid)
                self._texts.append(text)
                self._doc_ids.append(doc)
            else:
                self._texts[row], self._doc_ids[row] = text, doc
            if self._counts is not None:
                self._pending[row] = tokens
        if len(ids):
            self._stale_index = self._unsaved = True

    def delete_doc(self, doc_id: str) -> None:
        """Remove every chunk of a document (no error when absent); durable after flush()."""
        self._ensure_loaded()
        keep = [i for i, d in enumerate(self._doc_ids) if d != doc_id]
        if len(keep) == len(self._ids):
            return
        if self._counts is not None:
            self._merge_pending()  # pending rows are numbered before the deletion
            dropped = np.setdiff1d(np.arange(len(self._ids)), keep)
            self._counts = self._counts.without_rows(dropped)
        self._ids = [self._ids[i] for i in keep]
        self._texts = [self._texts[i] for i in keep]
        self._doc_ids = [self._doc_ids[i] for i in keep]
        self._row = {cid: i for i, cid in enumerate(self._ids)}
        self._stale_index = self._unsaved = True

    def search(self, query: str, k: int, doc_ids: Collection[str] | None = None
               ) -> list[tuple[str, float]]:
        """Return up to k (chunk_id, BM25 score) pairs, best first; scores > 0 only; only
        chunks of `doc_ids` when given (the others' scores are zeroed before the top k)."""
        self._ensure_loaded()
        if self._stale_index:
            self._rebuild()
        if self._retriever is None or k <= 0:
            return []
        token_ids = self._retriever.get_tokens_ids(self._tokenizer.stems(query))
        if not token_ids:
            return []
        scores = self._retriever.get_scores_from_ids(token_ids)
        if doc_ids is not None:
            scores = np.where(self._rows_of(doc_ids), scores, 0.0)
        return [(self._ids[row], score) for row, score in top_k_positive(scores, k)]

    def _rows_of(self, doc_ids: Collection[str]) -> np.ndarray:
        """A boolean mask of the rows whose document is in `doc_ids`."""
        if self._doc_codes is None:  # integer codes per row: np.isin stays O(rows) per search
            self._doc_names, self._doc_codes = np.unique(np.asarray(self._doc_ids, dtype=str),
                                                         return_inverse=True)
        wanted = np.flatnonzero(np.isin(self._doc_names, list(doc_ids)))
        return np.isin(self._doc_codes, wanted)

    def doc_ids(self) -> set[str]:
        """Documents that have at least one chunk indexed (used for crash recovery)."""
        self._ensure_loaded()
        return set(self._doc_ids)

    def count(self) -> int:
        """Number of indexed chunks."""
        self._ensure_loaded()
        return len(self._ids)
