"""An add job of several files runs as a pipeline (core/library/job_pipeline.py): parsing ahead,
embedding across documents in bounded windows, each document still stored on its own. The
library it builds is the one file-by-file ingestion builds; errors and cancels stay per file."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from core.library import job_pipeline
from tests.folders.helpers import WORDS, make_pdf


def _pdfs(folder, count=5):
    return [make_pdf(folder / f"{w}.pdf", f"The {w} report lists {w} samples and R-{n} codes.", pages=2 + n % 3)
            for n, w in enumerate(WORDS[:count])]


def _library(make_library, tmp_path, name):
    return make_library(tmp_path / name, env={"FOLIO_KEYWORDS": "tfidf", "FOLIO_WORKER": "process"})


def _state(lib):
    """Per document (by source name): chunk ids and texts, vectors, keywords and edges."""
    out = {}
    for doc in lib.catalog.documents():
        chunks = lib.catalog.doc_chunks(doc.doc_id)
        ids = [c.chunk_id for c in chunks]
        out[doc.source] = ([(c.chunk_id, c.text) for c in chunks], lib.vectors.get(ids),
                           lib.catalog.chunk_keywords(ids), sorted(lib.catalog.edge_rows(doc.doc_id)))
    return out


@pytest.fixture
def small_windows(monkeypatch):
    """Windows and the parser's lead of a few texts, so a job of small PDFs spans several;
    records the most texts ever waiting for the embedder, and the windows embedded."""
    monkeypatch.setattr(job_pipeline, "WINDOW_TEXTS", 6)
    monkeypatch.setattr(job_pipeline, "AHEAD_TEXTS", 6)
    most = [0, 0]
    take = job_pipeline._Ahead.take

    def watching(self, limit):
        most[0] = max(most[0], self.queued)
        window = take(self, limit)
        most[1] += bool(window)
        return window
    monkeypatch.setattr(job_pipeline._Ahead, "take", watching)
    return most


def test_a_pipelined_job_builds_the_library_file_by_file_ingestion_builds(make_library, tmp_path, small_windows):
    pdfs = _pdfs(tmp_path / "docs")
    bad = tmp_path / "docs" / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4 this is no PDF")
    single = _library(make_library, tmp_path, "single")
    single.add(pdfs)  # in this process, one file after another: no pipeline
    piped = _library(make_library, tmp_path, "piped")
    seen: list[str] = []
    job = piped.enqueue([*pdfs[:2], bad, *pdfs[2:]], start=False)
    piped.run_jobs(until=job, on_outcome=lambda o: seen.append(o.status))
    assert seen == ["added", "added", "error", "added", "added", "added"]  # in file order
    assert piped.job(job).status == "failed" and "5 of 6 ok" in piped.job(job).message
    assert small_windows[0] <= 6 + 12  # the parser's lead stays bounded (a limit plus one document)
    assert small_windows[1] >= 2  # 6 texts a window: several windows
    want, got = _state(single), _state(piped)
    assert sorted(got) == sorted(want)
    for source, (chunks, vectors, keywords, edges) in want.items():
        assert got[source][0] == chunks and got[source][2] == keywords
        cosine = np.sum(vectors * got[source][1], axis=1)
        assert np.all(cosine > 0.9999), (source, cosine.min())
        assert [e[:2] for e in got[source][3]] == [e[:2] for e in edges]
    assert not piped.catalog.pending_documents()


def test_a_cancelled_pipelined_job_keeps_whole_documents_and_runs_again(make_library, tmp_path, small_windows):
    pdfs = _pdfs(tmp_path / "docs", count=6)
    lib = _library(make_library, tmp_path, "lib")
    job = lib.enqueue(pdfs, start=False)
    embedding: list[str] = []

    def cancel_on_second_window(event):
        if event.stage == "embed" and event.done == 0:
            embedding.append(event.file)
            if len(embedding) == 2:
                lib.cancel_job(job)
    lib.run_jobs(until=job, progress=cancel_on_second_window)
    found = lib.job(job)
    assert found.status == "cancelled"
    stored = lib.catalog.documents()
    assert 1 <= len(stored) < len(pdfs) and not lib.catalog.pending_documents()
    statuses = [f.status for f in found.files]
    assert statuses[:len(stored)] == ["added"] * len(stored) and "cancelled" in statuses
    ids = {c.chunk_id for d in stored for c in lib.catalog.doc_chunks(d.doc_id)}
    assert {i for d in stored for i in lib.vectors.ids(d.doc_id)} >= ids
    assert lib.vectors.doc_ids() == {d.doc_id for d in stored}  # nothing of a cancelled document
    again = lib.enqueue(pdfs, start=False)
    lib.run_jobs(until=again)
    outcomes = [f.status for f in lib.job(again).files]
    assert outcomes == ["duplicate"] * len(stored) + ["added"] * (len(pdfs) - len(stored))


@pytest.mark.parametrize("setting, want", [("", None), ("0.5", 0.0005)])
def test_a_job_runs_with_the_gil_switch_interval_set_and_the_default_comes_back(
        make_library, tmp_path, monkeypatch, setting, want):
    monkeypatch.setenv(job_pipeline.SWITCH_ENV, setting)
    seen: list[float] = []
    embed = job_pipeline._embed

    def recording(*args, **kwargs):
        seen.append(sys.getswitchinterval())
        return embed(*args, **kwargs)
    monkeypatch.setattr(job_pipeline, "_embed", recording)
    before = sys.getswitchinterval()
    lib = _library(make_library, tmp_path, "lib")
    job = lib.enqueue(_pdfs(tmp_path / "docs", count=2), start=False)
    lib.run_jobs(until=job)
    assert lib.job(job).status == "done"
    assert seen and all(s == (before if want is None else want) for s in seen)
    assert sys.getswitchinterval() == before


def test_a_bad_gil_switch_setting_is_a_clear_error(monkeypatch):
    monkeypatch.setenv(job_pipeline.SWITCH_ENV, "fast")
    with pytest.raises(ValueError, match="positive number of milliseconds"):
        job_pipeline._switch_s(0.005)
