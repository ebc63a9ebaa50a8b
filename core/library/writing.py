"""The Library's writing side: add, add_corpus, reindex, remove, restore, empty_trash, recovery.

A mixin of `core.library.Library` (it uses the library's catalog, stores, indexer, trash
and `live` locks). Parsing and embedding run without a lock; each committed change holds
the data dir's write lock only for its write (`core.library.live.LiveStores.writing`), so questions
in every process keep being answered and a removal waits at most for one document's commit.

Example:
    >>> # outcomes = lib.add(["~/papers"]); lib.remove("report.pdf"); lib.restore("report.pdf")
"""
from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Mapping

from core.errors import IngestError
from core.index import clean_mark
from core.ingest.files import AddOutcome, find_pdfs
from core.ingest.pipeline import ProgressEvent, ProgressFn, no_progress, utc_now
from core.types import Document, content_hash

UPLOAD = "upload:"  # origin prefix of a browser upload: "upload:<original name>"


def origin_of(path: Path, name: str | None) -> str:
    """Where a file comes from, for replacement: its resolved absolute path, or for an
    upload (a file given under a user-chosen `name`) 'upload:<name>'."""
    return f"{UPLOAD}{name}" if name is not None else str(Path(path).expanduser().resolve())


def known_as(doc: Document) -> str:
    """A document as the user knows it: '"Title" (file.pdf)', or the file name alone when the
    title is the file name (duplicate messages used to give the hex id)."""
    name = Path(doc.source).name
    return name if doc.title in ("", name, Path(name).stem) else f'"{doc.title}" ({name})'


class Writing:
    """Changes to the library (mixin of `Library`)."""

    def _writing(self):
        """The data dir's write lock, with the stores re-read first (see core.library.live)."""
        return self.live.writing()

    def _recover(self) -> list[str]:
        """Repair the stores after a crash, unless another process is writing right now or
        the last writer left every store clean (then the orphan scan is skipped)."""
        with self.live.write_lock.hold(blocking=False) as held:
            if held is None:
                return []  # its pending documents are in flight, not abandoned
            if (clean_mark.is_clean(self.settings.data_dir, self.catalog.generation())
                    and not self.catalog.pending_documents()):
                return []
            with self.live.mutating():
                repairs = self.indexer.reconcile()
            clean_mark.mark_clean(self.settings.data_dir, self.catalog.generation())
            return repairs

    # ---- ingestion -------------------------------------------------------------------
    def add(self, paths: Iterable[str | Path], progress: ProgressFn = no_progress,
            names: Mapping[str, str] | None = None,
            on_outcome: Callable[[AddOutcome], None] | None = None,
            origins: Mapping[str, str] | None = None) -> list[AddOutcome]:
        """Add PDFs and folders of PDFs now, in this process; each file succeeds or fails on
        its own. (The app and the CLI queue files for the worker instead: `enqueue`.)

        `names` maps a path (as given) to the name to record, e.g. an upload's original
        name; such a file's origin is 'upload:<name>' unless `origins` says otherwise;
        `on_outcome` hears about each file as soon as it is finished.
        """
        names = {str(Path(k).expanduser()): v for k, v in (names or {}).items()}
        origins = {str(Path(k).expanduser()): v for k, v in (origins or {}).items()}
        outcomes = []
        for path in find_pdfs(paths, self.settings.walk):
            name = names.get(str(path))
            origin = origins.get(str(path)) or origin_of(path, name)
            outcomes.append(self.add_file(path, progress, name or path.name, origin))
            if on_outcome is not None:
                on_outcome(outcomes[-1])
        return outcomes

    def add_file(self, path: Path, progress: ProgressFn, name: str, origin: str) -> AddOutcome:
        """Add one PDF recorded as `name`, from `origin` (see `origin_of`)."""
        return self.file_outcome(path, progress, time.perf_counter(),
                                 lambda: self.indexer.add_file(path, progress, name, origin))

    def file_outcome(self, path: Path, progress: ProgressFn, start: float, add: Callable[[], tuple]) -> AddOutcome:
        """The outcome of `add()` (an `Indexer.add_file` result) for the file `path`, whose
        work began at `start` (perf_counter): a bad file is an error outcome, not a raise."""
        try:
            doc, status, clock, notes = add()
            self.trash.discard(doc.doc_id, files=False)  # in the library again: not a removed document
        except IngestError as exc:
            progress(ProgressEvent(str(path), "error", 1, 1, exc.reason))
            return AddOutcome(str(path), "error", exc.reason, seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        progress(ProgressEvent(str(path), "done", 1, 1, status))
        if status == "duplicate":
            return AddOutcome(str(path), status, f"already in the library as {known_as(doc)}", doc, seconds)
        msg = "; ".join([f"{doc.pages} pages, {doc.chunks} chunks", *notes])
        return AddOutcome(str(path), status, msg, doc, seconds, dict(clock.seconds))

    def add_corpus(self, path: str | Path, progress: ProgressFn = no_progress) -> list[AddOutcome]:
        """Load a JSONL passage corpus; passages sharing a title become one document."""
        from core.ingest.corpus import corpus_chunks, read_corpus

        path = Path(path).expanduser()
        documents = read_corpus(path)
        planned = []
        for cdoc in documents:
            doc_id = content_hash("corpus", cdoc.title, *(f"{i}\x1e{t}" for i, t in cdoc.passages))
            if self.catalog.document(doc_id) is None or self.catalog.document(doc_id).status != "ready":
                sections, chunks = corpus_chunks(doc_id, cdoc)
                planned.append((doc_id, cdoc, sections, chunks))
        all_chunks = [c for *_, chunks in planned for c in chunks]
        pending = self.keywords.extract_chunks_later(all_chunks)  # one spaCy pass, beside embedding
        embeddings = self.indexer.embed_chunks(all_chunks, path.name, progress, beside=pending)
        progress(ProgressEvent(path.name, "keywords", 0, 1))
        keywords = pending()
        outcomes, offset = [], 0
        with self._writing():  # one lock hold (and one full-text save) for the whole batch
            for n, (doc_id, cdoc, sections, chunks) in enumerate(planned, 1):
                vecs = embeddings[offset:offset + len(chunks)]
                kws = keywords[offset:offset + len(chunks)]
                offset += len(chunks)
                doc = Document(doc_id=doc_id, title=cdoc.title, source=f"{path.name}#{cdoc.title}",
                               pages=0, kind="corpus", status="pending", added_at=utc_now())
                done = self.indexer.index_document(doc, sections, chunks, vecs, chunk_keywords=kws)
                outcomes.append(AddOutcome(doc.source, "added", f"{len(chunks)} passages", done.doc))
                progress(ProgressEvent(path.name, "index", n, len(planned)))
        skipped = len(documents) - len(planned)
        if skipped:
            outcomes.append(AddOutcome(str(path), "duplicate", f"{skipped} documents already present"))
        return outcomes

    def reindex(self, ref: str, progress: ProgressFn = no_progress) -> Document:
        """Rebuild a document's chunks, vectors, postings and edges from its stored Markdown
        (corpus documents: from their stored passages), e.g. after changing chunk settings.
        Atomic: until the new version is committed, questions see the old one."""
        from core.ingest.chunking import chunk_markdown

        doc = self.find(ref)
        if doc.kind != "corpus" and doc.markdown_path and Path(doc.markdown_path).is_file():
            markdown = Path(doc.markdown_path).read_text("utf-8")
            sections, chunks = chunk_markdown(doc.doc_id, doc.title, markdown, self.settings.chunking)
        else:
            sections, chunks = self.catalog.sections(doc.doc_id), self.catalog.doc_chunks(doc.doc_id)
        from core.evidence.ingest import geometry_for

        embeddings = self.indexer.embed_chunks(chunks, doc.source, progress)
        geometry = geometry_for(self.settings.data_dir, doc, sections, chunks)  # boxes of the new chunks
        return self.indexer.index_document(doc, sections, chunks, embeddings, progress, reindex=True,
                                           geometry=geometry).doc

    def remove(self, ref: str) -> Document:
        """Remove a document (by id, id prefix, file name, title or path) from every store;
        it goes to the trash first, with every edge touching it, so `restore` can undo this."""
        with self._writing():
            doc = self.find(ref)
            self.trash.save(self.indexer.snapshot(doc))
            self.indexer.remove_document(doc.doc_id)
        return doc

    def restore(self, ref: str) -> Document:
        """Undo a removal (or a replacement): index a trashed document again, nothing parsed or
        embedded, with the edges it had (those whose other end is still in the library). A
        version replaced by a newer file from the same path replaces that file again."""
        doc = self.trash.find(ref)
        with self._writing():
            current = self.catalog.document(doc.doc_id)
            if current is None or current.status != "ready":
                saved = self.trash.load(doc.doc_id)
                current = self.indexer.index_document(
                    replace(saved.doc, status="pending"), saved.sections, saved.chunks, saved.vectors,
                    chunk_keywords=[list(k) for k in saved.keywords], edge_rows=saved.edges,
                    geometry=saved.geometry).doc
            self.trash.discard(doc.doc_id, files=False)
        return current

    def empty_trash(self) -> list[Document]:
        """Delete removed documents for good, with their stored Markdown and pictures."""
        with self._writing():
            docs = self.catalog.documents(include_pending=True)
            return self.trash.empty(keep=[d.doc_id for d in docs], in_use=[d.original for d in docs])
