"""The Library facade end to end on generated PDFs: add, duplicates, replace, remove, bad input."""
from __future__ import annotations

import shutil

import pytest

from core.errors import NotFound
from core.index.row_entries import entry_ids_of
from tests.ingest.fixtures import make_bad_pdf, make_structured_pdf, TITLE


@pytest.fixture
def pdf_folder(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    make_structured_pdf(folder / "manual.pdf")
    for kind in ("encrypted", "zero_pages", "image_only", "not_pdf", "empty"):  # truncated: tests/ingest/test_repair.py
        make_bad_pdf(folder / f"bad-{kind}.pdf", kind)
    return folder


def test_batch_adds_good_files_and_reports_each_bad_one(make_library, pdf_folder):
    lib = make_library()
    events = []
    outcomes = {o.source.rsplit("/", 1)[-1]: o for o in lib.add([pdf_folder], progress=events.append)}
    assert outcomes["manual.pdf"].status == "added"
    bad = {name: o for name, o in outcomes.items() if name.startswith("bad-")}
    assert len(bad) == 5 and all(o.status == "error" for o in bad.values())
    assert "password" in bad["bad-encrypted.pdf"].message or "encrypted" in bad["bad-encrypted.pdf"].message
    assert "no text layer" in bad["bad-image_only.pdf"].message
    assert "empty" in bad["bad-empty.pdf"].message
    assert all("\n" not in o.message for o in bad.values())
    assert [d.title for d in lib.documents()] == [TITLE]
    stages = {e.stage for e in events if e.file.endswith("manual.pdf")}
    assert {"check", "parse", "chunk", "embed", "index", "done"} <= stages
    assert set(outcomes["manual.pdf"].stage_seconds) >= {"parse", "chunk", "embed", "index"}


def test_same_file_twice_is_added_once(make_library, tmp_path):
    lib = make_library()
    pdf = make_structured_pdf(tmp_path / "a.pdf")
    copy = tmp_path / "copy of a.pdf"
    shutil.copy(pdf, copy)
    assert lib.add([pdf])[0].status == "added"
    second = lib.add([copy])[0]
    assert second.status == "duplicate" and "already in the library" in second.message
    first = lib.documents()[0]  # named by title and file as the user knows them, not by a hex id
    assert second.message == f'already in the library as "{first.title}" (a.pdf)', second.message
    assert len(lib.documents()) == 1


def test_changed_file_with_same_name_replaces_old_version(make_library, tmp_path):
    lib = make_library()
    pdf = make_structured_pdf(tmp_path / "manual.pdf")
    first = lib.add([pdf])[0].doc
    make_structured_pdf(pdf, outline=False)  # new content, same name
    out = lib.add([pdf])[0]
    assert out.status == "replaced"
    docs = lib.documents()
    assert [d.doc_id for d in docs] == [out.doc.doc_id] != [first.doc_id]
    assert lib.catalog.doc_chunks(first.doc_id) == []
    assert first.doc_id not in lib.vectors.doc_ids() | lib.text.doc_ids()


def test_remove_deletes_chunks_vectors_postings_and_edges(make_library, tmp_path):
    lib = make_library()
    doc = lib.add([make_structured_pdf(tmp_path / "manual.pdf")])[0].doc
    chunk_ids = [c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id)]
    assert lib.catalog.edges_touching(chunk_ids)
    lib.remove("manual.pdf")
    assert lib.documents() == []
    assert lib.catalog.edges_touching(chunk_ids) == []
    assert lib.vectors.count() == 0 and lib.text.count() == 0
    assert lib.retrieve("nightly rebuild", "bm25", 5).chunks == ()


def _edges(lib, chunk_ids):
    return sorted((e.source, e.target, e.kind, e.weight, e.label) for e in lib.catalog.edges_touching(chunk_ids))


def test_remove_can_be_undone_from_the_trash(make_library, tmp_path, monkeypatch):
    lib = make_library()
    doc = lib.add([make_structured_pdf(tmp_path / "manual.pdf")])[0].doc
    chunk_ids = [c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id)]
    edges, vectors = _edges(lib, chunk_ids), lib.vectors.get(chunk_ids)
    hits = {r: [c.chunk.chunk_id for c in lib.retrieve("nightly rebuild", r, 5).chunks] for r in ("bm25", "dense")}
    lib.remove("manual.pdf")
    assert lib.documents() == [] and [d.doc_id for d in lib.trash.documents()] == [doc.doc_id]
    embedded, real_embed = [], lib.embedder.embed
    monkeypatch.setattr(lib.embedder, "embed", lambda texts: embedded.append(len(texts)) or real_embed(texts))
    back = lib.restore("manual.pdf")
    assert embedded == []  # restored from the trash: nothing embedded again
    assert (back.doc_id, back.chunks, back.title, back.added_at) == (doc.doc_id, doc.chunks, doc.title, doc.added_at)
    assert [c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id)] == chunk_ids
    assert _edges(lib, chunk_ids) == edges
    assert abs(lib.vectors.get(chunk_ids) - vectors).max() < 1e-6  # Chroma re-normalises on write
    assert {r: [c.chunk.chunk_id for c in lib.retrieve("nightly rebuild", r, 5).chunks] for r in hits} == hits
    assert lib.trash.documents() == []
    with pytest.raises(NotFound, match="no removed document"):
        lib.restore("manual.pdf")


def test_adding_a_trashed_file_again_clears_it_and_emptying_deletes_files(make_library, tmp_path):
    lib = make_library()
    pdf = make_structured_pdf(tmp_path / "manual.pdf")
    doc = lib.add([pdf])[0].doc
    markdown = lib.settings.data_dir / "markdown" / f"{doc.doc_id}.md"
    lib.remove(doc.doc_id)
    assert lib.add([pdf])[0].status == "added" and lib.trash.documents() == []
    lib.remove(doc.doc_id)
    assert markdown.is_file()  # kept while the document can still be restored
    assert [d.doc_id for d in lib.empty_trash()] == [doc.doc_id]
    assert not markdown.exists() and lib.trash.documents() == []


@pytest.mark.parametrize("name", ["with space ünïcödé.pdf", "x" * 200 + ".pdf", "..%2F..%2Fodd.PDF"])
def test_odd_file_names_are_ingested_under_their_own_name(make_library, tmp_path, name):
    lib = make_library()
    pdf = make_structured_pdf(tmp_path / name)
    out = lib.add([pdf])[0]
    assert out.status == "added", out.message
    assert lib.documents()[0].source == name


def test_retrieved_chunks_carry_page_and_heading_path(make_library, tmp_path):
    lib = make_library()
    lib.add([make_structured_pdf(tmp_path / "manual.pdf")])
    for retriever in ("dense", "bm25"):
        top = lib.retrieve("When does the nightly rebuild run?", retriever, 3).chunks[0].chunk
        assert "03:15" in top.text
        assert top.heading_path == (TITLE, "1 Introduction", "1.1 Scope")
        assert (top.page_start, top.page_end) == (1, 1)


def test_upload_keeps_the_users_original_name(make_library, tmp_path):
    lib = make_library()
    pdf = make_structured_pdf(tmp_path / "upload-0001.pdf")
    out = lib.add([pdf], names={str(pdf): "../Manuel été.pdf"})[0]
    assert out.status == "added"
    assert lib.documents()[0].source == "../Manuel été.pdf"


def test_reindex_rebuilds_a_document_from_its_markdown(make_library, tmp_path):
    lib = make_library()
    doc = lib.add([make_structured_pdf(tmp_path / "manual.pdf")])[0].doc
    before = sorted(c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id))
    again = lib.reindex("manual.pdf")
    assert again.doc_id == doc.doc_id and again.status == "ready"
    assert sorted(c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id)) == before
    entries = entry_ids_of(lib.catalog, [doc.doc_id])  # its chunks, then its table rows
    assert len(entries) > len(before) and lib.vectors.count() == len(entries) == lib.text.count()
    assert "03:15" in lib.retrieve("nightly rebuild", "bm25", 1).chunks[0].chunk.text


def test_pages_without_text_are_named_in_the_summary(make_library, tmp_path):
    """A text PDF with scanned pages in it is added, and its summary says which pages had no text."""
    import pymupdf

    from tests.ingest.fixtures import _picture_only

    path = make_structured_pdf(tmp_path / "mixed.pdf")
    with pymupdf.open(path) as doc:
        for _ in range(5):
            _picture_only(doc.new_page())
        doc.save(tmp_path / "mixed-scans.pdf")
    outcome = make_library().add([tmp_path / "mixed-scans.pdf"])[0]
    assert outcome.status == "added"
    assert outcome.message.endswith("; page 4 has no text layer; page 5 has no text layer; "
                                    "page 6 has no text layer; and 2 more such pages")
