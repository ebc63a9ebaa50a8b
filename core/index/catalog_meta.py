"""The catalog's bookkeeping: schema upgrades, the library generation, and small meta values.

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`), lock (`_lock`) and chunk cache.

The generation number moves on every committed change to the library, by any process;
processes holding indexes in memory compare it before a question and reload what changed
(`core.library.live`).
"""
from __future__ import annotations

import sqlite3

# Columns added after the first release: (table, column, declaration). Opening an older
# catalog adds them, so libraries built before keep working.
ADDED_COLUMNS = (("documents", "origin", "TEXT NOT NULL DEFAULT ''"),)


class MetaTables:
    """Schema upgrades and the `meta` table (generation, markers)."""

    def _migrate(self) -> None:
        """Add the columns that newer versions use to an older catalog."""
        with self._lock:
            for table, column, decl in ADDED_COLUMNS:
                have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    try:
                        self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")
                    except sqlite3.OperationalError as exc:  # another process added it first
                        if "duplicate column" not in str(exc):
                            raise

    def forget_cached(self) -> None:
        """Drop cached chunks (another process changed the library)."""
        self._chunk_cache.clear()

    def meta(self, key: str) -> str:
        """A bookkeeping value ('' when unset)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else ""

    def set_meta(self, key: str, value: str) -> None:
        """Set (or, with '', clear) a bookkeeping value; committed at once."""
        with self._lock:
            if value:
                self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
            else:
                self._db.execute("DELETE FROM meta WHERE key=?", (key,))

    def generation(self) -> int:
        """A counter bumped on every committed change (by any process), so in-memory
        indexes know when to reload."""
        return int(self.meta("generation") or 0)

    def _bump_generation(self) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) "
                "DO UPDATE SET value = CAST(value AS INTEGER) + 1"
            )
