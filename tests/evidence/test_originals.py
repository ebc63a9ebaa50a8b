"""Original PDFs kept content-addressed: stored once, kept through remove/restore, deleted when
the trash is emptied or a new version replaces them; libraries built before keep working."""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from core.cli.render import documents_table
from core.evidence.originals import megabytes
from core.errors import OriginalMissing
from core.index.catalog import Catalog
from tests.evidence.fixtures import make_book_pdf


def kept_files(lib) -> list:
    return sorted((lib.settings.data_dir / "originals").rglob("*.pdf"))


@pytest.fixture
def book(tmp_path):
    return make_book_pdf(tmp_path / "chemnum.pdf", "The chemnum manual", "chemnum")


def test_same_bytes_are_stored_once_and_documents_show_the_space(make_library, book, tmp_path):
    lib = make_library()
    doc = lib.add([book])[0].doc
    shutil.copy(book, tmp_path / "copy.pdf")
    assert lib.add([tmp_path / "copy.pdf"])[0].status == "duplicate"
    assert kept_files(lib) == [lib.settings.data_dir / doc.original]
    assert (lib.settings.data_dir / doc.original).read_bytes() == book.read_bytes()
    assert doc.size_bytes == book.stat().st_size
    table = documents_table(lib.documents())
    assert f"original PDFs kept: 1 of 1, {megabytes(doc.size_bytes)}" in table


def test_remove_restore_and_empty_trash(make_library, book):
    lib = make_library()
    doc = lib.add([book])[0].doc
    boxes = lib.catalog.geometry(doc.doc_id)
    assert boxes.boxes and boxes.pages
    lib.remove(doc.doc_id)
    assert kept_files(lib) and lib.trash.documents()[0].original == doc.original
    assert lib.catalog.geometry(doc.doc_id).boxes == ()  # removal deletes the geometry rows
    back = lib.restore(doc.doc_id)
    assert back.original == doc.original and kept_files(lib)
    assert lib.catalog.geometry(doc.doc_id) == boxes  # the trash kept labels, boxes and numbers
    lib.evidence.render(lib.catalog.doc_chunks(doc.doc_id)[1].chunk_id)  # a page in the cache
    assert list((lib.settings.data_dir / "cache" / "pages").glob(f"{doc.doc_id}-*.png"))
    lib.remove(doc.doc_id)
    lib.empty_trash()
    assert kept_files(lib) == []
    assert not list((lib.settings.data_dir / "cache" / "pages").glob(f"{doc.doc_id}-*.png"))


def test_a_replaced_version_keeps_its_original_until_the_trash_is_emptied(make_library, tmp_path):
    lib = make_library()
    pdf = make_book_pdf(tmp_path / "manual.pdf", "The chemnum manual", "chemnum")
    first = lib.add([pdf])[0].doc
    make_book_pdf(pdf, "The chemnum manual", "chemnumx")  # changed content, same path
    second = lib.add([pdf])[0]
    assert second.status == "replaced" and second.doc.original != first.original
    old, new = lib.settings.data_dir / first.original, lib.settings.data_dir / second.doc.original
    assert kept_files(lib) == sorted([old, new])  # the old version waits in the trash, restorable
    lib.empty_trash()
    assert kept_files(lib) == [new]


def test_catalog_from_before_is_migrated(tmp_path):
    path = tmp_path / "catalog.sqlite"
    db = sqlite3.connect(path)  # the documents table as the first release created it
    db.execute("CREATE TABLE documents (doc_id TEXT PRIMARY KEY, title TEXT, source TEXT, pages INTEGER, "
               "kind TEXT, status TEXT, chunks INTEGER, added_at TEXT, markdown_path TEXT)")
    db.execute("INSERT INTO documents VALUES ('d1', 'Guide', 'guide.pdf', 3, 'pdf', 'ready', 9, '2026', '')")
    db.commit()
    db.close()
    cat = Catalog(path)
    (doc,) = cat.documents()
    assert (doc.title, doc.chunks, doc.original, doc.size_bytes) == ("Guide", 9, "", 0)
    assert cat.page_infos("d1") == [] and cat.boxes("nope") == []
    cat.close()


def test_library_built_before_keeps_working_and_readding_the_file_backfills(make_library, book, tmp_path):
    lib = make_library()
    doc = lib.add([book])[0].doc
    chunk = lib.catalog.doc_chunks(doc.doc_id)[3]
    data_dir = lib.settings.data_dir
    lib.catalog.close()
    _make_it_old(data_dir / "catalog.sqlite")  # the schema and rows of a library built before
    shutil.rmtree(data_dir / "originals")
    old = make_library(data_dir)
    (doc_then,) = old.documents()
    assert (doc_then.original, doc_then.size_bytes) == ("", 0)
    with pytest.raises(OriginalMissing, match="was not kept.*add chemnum.pdf again"):
        old.evidence.render(chunk.chunk_id)
    assert "no" in documents_table(old.documents()).splitlines()[1]
    again = old.add([book])[0]  # same bytes: nothing re-indexed, the original is kept now
    assert again.status == "duplicate" and again.doc.original
    assert old.evidence.render(chunk.chunk_id).highlighted
    assert [p.label for p in old.catalog.page_infos(doc.doc_id)][:4] == ["i", "ii", "iii", "1"]


def _make_it_old(path) -> None:
    """Drop what this change added: the documents columns and the page tables."""
    db = sqlite3.connect(path)
    for column in ("original", "size_bytes"):
        db.execute(f"ALTER TABLE documents DROP COLUMN {column}")
    for table in ("doc_pages", "chunk_boxes", "section_numbers"):
        db.execute(f"DROP TABLE {table}")
    db.commit()
    db.close()


def test_sweep_deletes_only_files_nothing_refers_to(tmp_path):
    from core.evidence.originals import OriginalStore

    store = OriginalStore(tmp_path / "data")
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.7 a")
    (tmp_path / "b.pdf").write_bytes(b"%PDF-1.7 b")
    kept, _ = store.keep(tmp_path / "a.pdf")
    stray, _ = store.keep(tmp_path / "b.pdf")  # as left by an ingest that crashed before its commit
    assert store.keep(tmp_path / "a.pdf")[0] == kept  # same bytes, same file
    assert store.sweep([kept]) == [stray]
    assert store.path(kept) is not None and store.path(stray) is None
    assert store.path("../catalog.sqlite") is None  # a record never reads outside the store
