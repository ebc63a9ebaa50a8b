"""Removed documents, kept so that a removal can be undone.

`Library.remove` saves a document's record, sections, chunks, chunk keywords, the graph
edges touching it (its own and those other documents have to it; JSON), its page geometry
and vectors (`.npy`, no pickles) under `data_dir/trash/` before deleting it from every store;
`Library.restore` indexes them again without parsing or embedding anything and puts every
saved edge back whose far end is still in the library. A changed file that replaces an older
version sends that version here too. The stored Markdown, pictures, page geometry and original
PDF of a removed document stay until the trash is emptied.

Example:
    >>> # lib.remove("manual.pdf"); lib.trash.documents()[0].source  -> 'manual.pdf'
    >>> # lib.restore("manual.pdf")
"""
from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from core.errors import NotFound
from core.types import Chunk, ChunkBox, DocGeometry, Document, PageInfo, Section


@dataclass(frozen=True)
class Removed:
    """Everything needed to put a removed document back."""

    doc: Document
    sections: tuple[Section, ...]
    chunks: tuple[Chunk, ...]
    keywords: tuple[tuple[str, ...], ...]  # per chunk, in chunk order
    vectors: np.ndarray
    edges: tuple[tuple, ...] | None = None  # catalog edge rows touching it; None: saved before edges were kept
    geometry: DocGeometry = DocGeometry()  # page labels, chunk boxes, section numbers


def _tuples(row: dict, *names: str) -> dict:
    """A JSON row with its list fields turned back into tuples."""
    return {k: (tuple(v) if k in names else v) for k, v in row.items()}


class Trash:
    """The folder of removed documents (`data_dir/trash`)."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self.root = self.data_dir / "trash"

    def save(self, removed: Removed) -> None:
        """Keep a removed document (its vectors first, so a record never lacks them)."""
        self.root.mkdir(parents=True, exist_ok=True)
        doc_id = removed.doc.doc_id
        np.save(self.root / f"{doc_id}.npy", np.asarray(removed.vectors, dtype=np.float32), allow_pickle=False)
        record = {"doc": asdict(removed.doc), "sections": [asdict(s) for s in removed.sections],
                  "chunks": [asdict(c) for c in removed.chunks], "keywords": [list(k) for k in removed.keywords],
                  "edges": None if removed.edges is None else [list(e) for e in removed.edges],
                  "geometry": asdict(removed.geometry)}
        tmp = self.root / f"{doc_id}.json.tmp"
        tmp.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
        tmp.replace(self.root / f"{doc_id}.json")

    def documents(self) -> list[Document]:
        """Removed documents that can be restored, most recently removed first."""
        files = sorted(self.root.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        return [Document(**json.loads(p.read_text("utf-8"))["doc"]) for p in files]

    def find(self, ref: str) -> Document:
        """A removed document by id, id prefix, file name, title or origin (the newest match)."""
        for doc in self.documents():
            if ref in (doc.doc_id, doc.source, doc.title, doc.origin) or (len(ref) >= 4 and doc.doc_id.startswith(ref)):
                return doc
        raise NotFound(f"no removed document {ref!r} in the trash; `python -m core trash` lists them")

    def load(self, doc_id: str) -> Removed:
        """The saved document, ready to index again."""
        record = json.loads((self.root / f"{doc_id}.json").read_text("utf-8"))
        return Removed(
            doc=Document(**record["doc"]),
            sections=tuple(Section(**_tuples(s, "heading_path")) for s in record["sections"]),
            chunks=tuple(Chunk(**_tuples(c, "heading_path")) for c in record["chunks"]),
            keywords=tuple(tuple(k) for k in record["keywords"]),
            vectors=np.load(self.root / f"{doc_id}.npy", allow_pickle=False),
            edges=None if record.get("edges") is None else tuple(tuple(e) for e in record["edges"]),
            geometry=_geometry(record.get("geometry")),  # absent in records saved before
        )

    def discard(self, doc_id: str, *, files: bool) -> None:
        """Forget a trashed document; with `files`, delete its stored Markdown and pictures too."""
        for suffix in (".json", ".npy"):
            (self.root / f"{doc_id}{suffix}").unlink(missing_ok=True)
        if files:
            (self.data_dir / "markdown" / f"{doc_id}.md").unlink(missing_ok=True)
            shutil.rmtree(self.data_dir / "assets" / doc_id, ignore_errors=True)
            from core.evidence.render import PageCache
            from core.evidence.viewer import CACHE_FOLDER
            PageCache(self.data_dir / CACHE_FOLDER).drop(doc_id)  # its rendered pages too

    def empty(self, keep: Sequence[str] = (), in_use: Sequence[str] | None = None) -> list[Document]:
        """Delete every trashed document for good (except ids in `keep`); returns them. With
        `in_use` (the `original` of every document in the library, pending ones included),
        kept originals that nothing refers to any more are deleted too."""
        from core.evidence.originals import OriginalStore

        gone = [d for d in self.documents() if d.doc_id not in keep]
        for doc in gone:
            self.discard(doc.doc_id, files=True)
        if in_use is not None:
            left = [d.original for d in self.documents()]
            OriginalStore(self.data_dir).sweep([*in_use, *left])  # the gone documents' files, and strays
        return gone


def _geometry(row: dict | None) -> DocGeometry:
    """A saved DocGeometry (JSON) back as frozen values."""
    if not row:
        return DocGeometry()
    return DocGeometry(tuple(PageInfo(**p) for p in row["pages"]), tuple(ChunkBox(**b) for b in row["boxes"]),
                       dict(row["section_numbers"]))
