"""Another process's writes to an embedded Chroma store, read from Chroma's write log.

An embedded Chroma client searches and reads the vectors it loaded when it opened the store;
another process's later writes are invisible to it (`get` of a new id fails) until the
store is reopened, and reopening replays every write since Chroma last saved its graph into
that graph (up to ~1,000 inserts: about a second on a busy machine), before the vectors can
be read. The exact search of a small store (`core.index.vector_rows`) only needs the
vectors, and Chroma keeps every recent write, vector included, in its log (the
`embeddings_queue` table of `chroma.sqlite3`, numbered by `seq_id`), so the rows held in
memory are brought up to date from the log instead: only what changed is read.

Chroma deletes the log's entries its saved graph already holds (every entry numbered below
the oldest one a segment still needs), so the log may no longer reach back to a given
position; `changes_since` then says so (None) and the caller reads the store again. So it
does for anything it does not expect (another schema, encoding or operation): a wrong
answer is never guessed.

Example:
    >>> # position = log_position(path)          # just before opening the client
    >>> # caught = changes_since(path, collection_id, position)
    >>> # caught and caught.vectors   # {chunk_id: vector, or None when it was deleted}
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# Chroma's operation codes in the log (chromadb.db.mixins.embeddings_queue._operation_codes)
ADD, UPDATE, UPSERT, DELETE = 0, 1, 2, 3


@dataclass(frozen=True)
class LogChanges:
    """What the log holds after a position: the last entry's number, and each written id's
    final vector (None: deleted)."""

    position: int
    vectors: dict[str, np.ndarray | None]


def _connect(path: Path) -> sqlite3.Connection | None:
    """Chroma's database, read-only (None when the store has none yet)."""
    db = Path(path) / "chroma.sqlite3"
    if not db.is_file():
        return None
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)


def log_position(path: Path) -> int:
    """The number of the store's last logged write (0 when none); a client opened after this
    call holds at least every write up to it. Raises sqlite3.Error on an unknown layout."""
    conn = _connect(path)
    if conn is None:
        return 0
    try:
        return int(conn.execute("SELECT COALESCE(MAX(seq_id), 0) FROM embeddings_queue").fetchone()[0])
    finally:
        conn.close()


def changes_since(path: Path, collection_id: str, position: int) -> LogChanges | None:
    """Every write to the collection after `position`, folded into final vectors by id (as
    the store gives them back: `as_stored`); None when the log cannot say (entries after `position` were deleted, or one is unexpected)."""
    try:
        conn = _connect(path)
        if conn is None:
            return None
        try:
            rows = conn.execute(
                "SELECT seq_id, operation, id, vector, encoding FROM embeddings_queue "
                "WHERE topic LIKE ? AND seq_id >= ? ORDER BY seq_id", (f"%/{collection_id}", position)
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    # the entry at `position` itself must still be there: Chroma deletes a prefix of the log,
    # so then nothing after it was deleted either (from an empty log: the very first entry)
    if rows and rows[0][0] != (position or 1):
        return None
    if not rows and position > 0:
        return None
    vectors: dict[str, np.ndarray | None] = {}
    for seq, operation, cid, blob, encoding in rows:
        if seq == position:
            continue
        if operation == DELETE:
            vectors[cid] = None
        elif operation == UPDATE and blob is None:
            continue  # metadata only: the vector stays
        elif operation in (UPSERT, UPDATE) and blob is not None and encoding == "FLOAT32":
            vectors[cid] = as_stored(np.frombuffer(blob, dtype="<f4")[None, :])[0]
        else:  # an ADD (ignored by Chroma when the id exists) or an unknown entry
            return None
    return LogChanges(max([position] + [r[0] for r in rows]), vectors)


def as_stored(vectors: np.ndarray) -> np.ndarray:
    """Vectors as an embedded cosine-space collection gives them back. Chroma's graph keeps
    each vector normalised, x * (1 / |x|) with |x| summed in order in float32, and returns it
    times |x|: up to a bit off the vector written, so rows taken from the log or from this
    process's own writes are made the same way, to score exactly as rows read from the store."""
    v = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
    norms = np.sqrt(np.cumsum(v * v, axis=1, dtype=np.float32)[:, -1:])  # cumsum: in order, as Chroma
    with np.errstate(divide="ignore", invalid="ignore"):
        stored = (v * (np.float32(1.0) / norms)) * norms
    return np.where(norms > 0, stored, v)
