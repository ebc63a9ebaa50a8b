"""One sync pass over real files and a real library: new, changed, moved, gone, excluded,
still being written, unavailable roots, symlinks, unreadable files, unchanged rescans."""
from __future__ import annotations

import os

from core.library.folders.manage import WatchedFolders
from core.library.folders.sync import FolderSync
from core.index.catalog_folders import FolderTables
from core.ingest.files import file_sha256
from tests.folders.helpers import make_pdf, pdf_bytes


def watch(lib, docs) -> str:
    """Watch `docs` without starting a worker (the test runs the jobs)."""
    real, _ = WatchedFolders(lib).add(docs, start=False)
    return real


def sync(lib, folder: str, **kwargs):
    """One pass, the jobs it queued, then a pass that records their outcome."""
    report = FolderSync(lib, **kwargs).run(folder)
    lib.run_jobs()
    FolderSync(lib).run(folder)
    return report


def by_origin(lib) -> dict[str, str]:
    return {d.origin: d.doc_id for d in lib.documents()}


def test_new_changed_and_gone_files(lib, docs):
    make_pdf(docs / "a.pdf", "The zebra protocol listens on port 7411.")
    make_pdf(docs / "sub" / "deeper" / "b.pdf", "Lanterns are refilled every Tuesday.")
    folder = watch(lib, docs)
    report = sync(lib, folder)
    assert (report.found, report.queued) == (2, 2)
    assert set(by_origin(lib)) == {str(docs / "a.pdf"), str(docs / "sub" / "deeper" / "b.pdf")}
    status = WatchedFolders(lib).status()[0]
    assert (status.found, status.in_library, status.queued, status.failed) == (2, 2, 0, ())
    assert status.last_sync

    old = by_origin(lib)[str(docs / "a.pdf")]
    make_pdf(docs / "a.pdf", "The zebra protocol moved to port 9000.")
    assert sync(lib, folder).queued == 1
    new = by_origin(lib)[str(docs / "a.pdf")]
    assert new != old and old in {d.doc_id for d in lib.trash.documents()}  # replaced: old one restorable

    (docs / "sub" / "deeper" / "b.pdf").unlink()
    report = sync(lib, folder)
    assert report.trashed == 1
    assert set(by_origin(lib)) == {str(docs / "a.pdf")}
    assert "Lanterns" in lib.trash.load(lib.trash.documents()[0].doc_id).chunks[0].text


def test_a_move_changes_only_the_path_and_embeds_nothing(lib, docs, counting):
    make_pdf(docs / "a.pdf", "Owls hunt at dusk in the northern valley.", pages=3)
    folder = watch(lib, docs)
    sync(lib, folder)
    doc_id = by_origin(lib)[str(docs / "a.pdf")]
    chunks = [c.chunk_id for c in lib.catalog.doc_chunks(doc_id)]
    calls = counting.calls
    (docs / "sub").mkdir()
    (docs / "a.pdf").rename(docs / "sub" / "owls.pdf")
    report = sync(lib, folder)
    assert (report.moved, report.queued, report.trashed) == (1, 0, 0)
    assert counting.calls == calls  # nothing embedded
    doc = lib.catalog.document(doc_id)
    assert (doc.origin, doc.source) == (str(docs / "sub" / "owls.pdf"), "owls.pdf")
    assert [c.chunk_id for c in lib.catalog.doc_chunks(doc_id)] == chunks
    assert lib.trash.documents() == []


def test_a_move_out_of_one_watched_folder_into_another(lib, docs, tmp_path, counting):
    other = tmp_path / "roots" / "other"
    make_pdf(docs / "a.pdf", "Kestrels nest on the church tower.")
    first, second = watch(lib, docs), watch(lib, other if other.mkdir() is None else other)
    sync(lib, first)
    doc_id = by_origin(lib)[str(docs / "a.pdf")]
    calls = counting.calls
    (docs / "a.pdf").rename(other / "a.pdf")
    sync(lib, first)  # the old folder's pass comes first: the document goes to the trash...
    sync(lib, second)  # ...and comes back from it at its new path, nothing embedded
    assert by_origin(lib) == {str(other / "a.pdf"): doc_id}
    assert counting.calls == calls and lib.trash.documents() == []


def test_a_rescan_of_unchanged_files_only_stats_them(lib, docs):
    for n in range(5):
        make_pdf(docs / f"f{n}.pdf", f"File number {n} talks about topic {n}.")
    (docs / "notes.doc").write_text("not a document Folio reads")
    folder = watch(lib, docs)
    sync(lib, folder)
    hashed = []
    before = lib.catalog._db.total_changes
    report = FolderSync(lib, hasher=lambda p: hashed.append(p) or file_sha256(p)).run(folder)
    assert lib.catalog._db.total_changes == before  # no catalog writes
    assert hashed == [] and report.summary() == "5 files: nothing changed"


def test_a_file_still_being_written_waits(lib, docs):
    folder = watch(lib, docs)
    make_pdf(docs / "fresh.pdf", "Written a moment ago.", settled=False)  # mtime: now
    data = pdf_bytes("Cut off in the middle.")
    (docs / "partial.pdf").write_bytes(data[: len(data) // 2])  # no %%EOF yet
    past = os.stat(docs / "fresh.pdf").st_mtime - 30
    os.utime(docs / "partial.pdf", (past, past))
    report = FolderSync(lib).run(folder)
    assert (report.waiting, report.queued) == (2, 0)
    rows = FolderTables(lib.catalog).files(folder)
    assert {r.state for r in rows.values()} == {"waiting"}
    assert rows[str(docs / "fresh.pdf")].retry_at > 0
    # 5 s later: the fresh file has settled; the partial one waits (within give_up_s), until complete
    report = FolderSync(lib, clock=lambda: past + 35).run(folder)
    assert (report.waiting, report.queued) == (1, 1)
    (docs / "partial.pdf").write_bytes(data)
    os.utime(docs / "partial.pdf", (past, past))
    report = FolderSync(lib, clock=lambda: past + 35).run(folder)
    assert report.queued == 1
    lib.run_jobs()
    assert len(lib.documents()) == 2


def test_a_removed_document_stays_out_until_included_again(lib, docs, counting):
    make_pdf(docs / "a.pdf", "Herons wait in the shallow reeds.")
    folder = watch(lib, docs)
    sync(lib, folder)
    doc_id = by_origin(lib)[str(docs / "a.pdf")]
    lib.remove(doc_id)
    FolderSync(lib).run(folder)
    report = sync(lib, folder)
    assert report.queued == 0 and lib.documents() == []
    folders = WatchedFolders(lib)
    assert [r.path for r in folders.status()[0].excluded] == [str(docs / "a.pdf")]
    calls = counting.calls
    assert folders.include(str(docs / "a.pdf")) == "restored"
    assert by_origin(lib) == {str(docs / "a.pdf"): doc_id} and counting.calls == calls
    assert folders.status()[0].excluded == () and sync(lib, folder).queued == 0


def test_a_missing_root_makes_the_folder_unavailable_and_trashes_nothing(lib, docs, tmp_path):
    make_pdf(docs / "a.pdf", "Swifts sleep on the wing.")
    folder = watch(lib, docs)
    sync(lib, folder)
    away = tmp_path / "roots" / "away"
    docs.rename(away)
    assert FolderSync(lib).run(folder).state == "unavailable"
    status = WatchedFolders(lib).status()[0]
    assert status.state == "unavailable" and status.found == 1
    assert len(lib.documents()) == 1 and lib.trash.documents() == []
    away.rename(docs)
    assert sync(lib, folder).summary() == "1 file: nothing changed"
    assert WatchedFolders(lib).status()[0].state == "available" and len(lib.documents()) == 1


def test_links_out_of_the_roots_are_not_followed_and_a_bad_file_is_one_line(lib, docs, tmp_path):
    outside = make_pdf(tmp_path / "outside" / "secret.pdf", "The vault code is 4242.")
    (docs / "link.pdf").symlink_to(outside)
    inside = make_pdf(tmp_path / "roots" / "shared" / "ok.pdf", "Finches sing at dawn.")
    (docs / "shared.pdf").symlink_to(inside)
    make_pdf(docs / "good.pdf", "Robins defend their winter territory.")
    (docs / "broken.pdf").write_bytes(b"this is not a PDF at all %%EOF")
    make_pdf(docs / "locked.pdf", "Unreadable for this process.")
    old = os.stat(docs / "good.pdf").st_mtime
    os.utime(docs / "broken.pdf", (old, old))
    folder = watch(lib, docs)

    def hasher(path):  # root reads every file: an I/O error is raised here instead
        if path.name == "locked.pdf":
            raise PermissionError(13, "Permission denied", str(path))
        return file_sha256(path)

    report = sync(lib, folder, hasher=hasher)
    assert report.lines == [f"{docs / 'locked.pdf'}: cannot read: Permission denied"]
    assert report.found == 4 and report.queued == 3  # not the link that leads out
    names = {d.source for d in lib.documents()}
    assert names == {"good.pdf", "shared.pdf"}
    failed = dict(WatchedFolders(lib).status()[0].failed)
    assert set(failed) == {str(docs / "broken.pdf"), str(docs / "locked.pdf")}
    assert "not a PDF" in failed[str(docs / "broken.pdf")] or failed[str(docs / "broken.pdf")]


def test_two_passes_before_the_worker_runs_queue_each_file_once(lib, docs):
    for n in range(3):
        make_pdf(docs / f"f{n}.pdf", f"Heath number {n} is covered in ling.")
    folder = watch(lib, docs)
    assert FolderSync(lib).run(folder).queued == 3
    assert FolderSync(lib).run(folder).queued == 0
    lib.run_jobs()
    assert len(lib.documents()) == 3
    files = [f for job in lib.jobs() for f in job.files if job.kind == "add"]
    assert sorted(f.status for f in files) == ["added"] * 3
