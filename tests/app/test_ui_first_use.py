"""The helpers behind issue 21's fixes, without a browser: names and labels used by every
page, the one-line job summary, the questions-file example, the hops table, and the
server's path and HTML handling (an ASGI app run in-process)."""
from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone

from core.eval.questions import Question
from core.types import Chunk, Hop, Job, JobFile, RetrievalResult, ScoredChunk
from core.ui import graph_view as gv
from core.ui.labels import explain_note, place, route_line, route_name
from core.ui.queue import ago, job_summary, recent_finished
from core.ui.questions_format import example_jsonl, format_markdown
from core.ui.serving import FolioPaths, canonical_path
from core.ui.text import shorten

NOW = datetime(2026, 11, 24, 12, 0, 0, tzinfo=timezone.utc)


def test_one_name_per_route_whatever_the_retriever_calls_it():
    assert route_name("fulltext") == route_name("bm25") == "full text"
    assert route_line({"vector": 0.5, "bm25": 3.24}) == "vector 0.5 · full text 3.24"
    assert route_line({"gnn": 0.41, "fulltext": 3.24}) == "graph (gnn) 0.41 · full text 3.24"
    assert route_name("something_new") == "something_new"


def test_jargon_notes_are_explained_and_others_kept():
    plain = explain_note("alpha=0.500 untrained default")
    assert "alpha" not in plain and "not trained" in plain and "50%" in plain
    assert "trained on your questions: gnn.json" in explain_note("alpha=0.700 trained (gnn.json)")
    assert explain_note("no chunk shares a term with the question") == "no chunk shares a term with the question"
    assert explain_note("critical keywords (keyword extractor): none") == ""  # nothing to say under the answer
    assert explain_note("critical keywords (keyword extractor): TN-2420, Room 3") == \
        "words from the question looked for in every chunk: TN-2420, Room 3"


class _Evidence:
    def pages_label(self, chunk):
        return "p. 3 · PDF page 5"


class _Library:
    evidence = _Evidence()


def test_place_uses_the_printed_label_everywhere():
    chunk = Chunk.create(doc_id="d", doc_title="Spec", text="x", position=0, heading_path=("Spec", "Build"),
                         page_start=5, page_end=5)
    assert place(chunk, _Library()) == "Spec > Build · p. 3 · PDF page 5"
    rows = gv.hop_rows(RetrievalResult("q", "gnn", chunks=(ScoredChunk(chunk, 1.0),),
                                       hops=(Hop(chunk.chunk_id, "page:d:5", "structural", 1, .5),
                                             Hop("page:d:5", chunk.chunk_id, "structural", 1, .4))),
                       {chunk.chunk_id: chunk}, _Library().evidence.pages_label)
    assert [r["hop"] for r in rows] == [1, 2] and [r["step"] for r in rows] == [1, 1]  # numbered, steps kept
    assert rows[0]["from"] == "Spec > Build · p. 3 · PDF page 5" and rows[0]["to"] == "PDF page 5"


def test_finished_jobs_fold_to_one_line():
    files = tuple(JobFile(i, f"/in/{i}.pdf", f"{i}.pdf", status="added") for i in range(20))
    done = Job(7, "add", "done", finished_at="2026-11-24T11:57:00+00:00", files=files)
    assert job_summary(done, NOW) == "Added 20 files: 20 added, 0 failed · 3 min ago"
    mixed = Job(8, "add", "failed", finished_at="2026-11-24T11:59:30+00:00", message="interrupted",
                files=(JobFile(0, "a", "a.pdf", status="duplicate"), JobFile(1, "b", "b.pdf", status="error")))
    assert job_summary(mixed, NOW) == ("Added 2 files: 0 added, 1 failed, 1 already in the library"
                                       " — failed: interrupted · just now")
    sync = Job(9, "sync", "done", finished_at="2026-11-24T11:59:30+00:00",
               files=(JobFile(0, "/srv/papers", "papers", status="synced"),))
    assert job_summary(sync, NOW) == "Synced /srv/papers · just now"  # a folder, not "sync 1 file: 0 added"
    trashed = Job(10, "sync", "done", finished_at="2026-11-24T11:59:30+00:00", files=(JobFile(
        0, "/srv/papers", "papers", status="synced",
        message="2 files: 1 queued, 1 to the trash — old.pdf: gone from the folder, to the trash"),))
    assert job_summary(trashed, NOW) == "Synced /srv/papers (2 files: 1 queued, 1 to the trash) · just now"
    assert ago("2026-11-22T12:00:00+00:00", NOW) == "2 days ago" and ago("", NOW) == ""


def test_passes_over_a_folder_that_changed_nothing_are_one_line():
    """A library left running syncs its folders again and again: seen in the browser, three
    "Synced /docs (7 files: nothing changed)" lines filled the recent jobs."""
    def sync(job_id, folder, message, status="done"):
        return Job(job_id, "sync", status, finished_at="2026-11-24T11:59:30+00:00",
                   files=(JobFile(0, folder, folder, status="synced", message=message),))
    quiet = "7 files: nothing changed"
    jobs = [sync(9, "/docs", quiet), sync(8, "/docs", quiet), sync(7, "/other", quiet),
            sync(6, "/docs", "7 files: 1 queued"), sync(5, "/docs", quiet), Job(4, "add", "running"),
            sync(3, "/docs", quiet)]
    assert [(j.job_id, more) for j, more in recent_finished(jobs, 3)] == [(9, 3), (7, 0), (6, 0)]
    assert [(j.job_id, more) for j, more in recent_finished(jobs, 2)] == [(9, 1), (7, 0)]  # stops at the third
    assert job_summary(jobs[0], NOW, alike=3) == \
        "Synced /docs (7 files: nothing changed; 3 earlier passes the same) · just now"


def test_the_example_questions_load_and_every_field_is_described():
    rows = [Question.from_dict(json.loads(line)) for line in example_jsonl().splitlines()]
    assert len(rows) == 2 and all(q.has_answers for q in rows) and rows[0].has_pages
    text = format_markdown()
    assert all(f"`{name}`" in text for name in ("id", "question", "answer", "answer_patterns", "evidence",
                                                  "supporting_ids"))


def test_shorten_can_keep_the_lines_of_a_code_block():
    assert shorten("run:\n$ ./configure\n$ make", 80, keep_lines=True) == "run:\n$ ./configure\n$ make"
    assert shorten("run:\n$ ./configure\n$ make", 80) == "run: $ ./configure $ make"


def _serve(path: str, body: bytes = b"<html><head><title>x</title></head></html>", encoding: bool = True):
    """Run FolioPaths around a tiny app serving `body` as HTML; (status, headers, body, app's headers)."""
    seen: dict = {}

    async def inner(scope, receive, send):
        seen["headers"] = dict(scope["headers"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body[:10], "more_body": True})
        await send({"type": "http.response.body", "body": body[10:]})

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    headers = [(b"accept-encoding", b"gzip")] if encoding else []
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"a=1", "headers": headers}
    asyncio.run(FolioPaths(inner)(scope, None, send))
    head = dict(sent[0].get("headers", []))
    return sent[0]["status"], head, b"".join(m.get("body", b"") for m in sent[1:]), seen.get("headers")


def test_server_redirects_page_paths_in_any_case_and_points_pages_at_its_root():
    assert canonical_path("/library") == "/Library" and canonical_path("/GRAPH/") == "/Graph"
    assert canonical_path("/Library") is None and canonical_path("/nope") is None
    status, head, _, _ = _serve("/library")
    assert status == 308 and head[b"location"] == b"/Library?a=1"
    status, head, body, app_headers = _serve("/Library")
    assert status == 200 and body.startswith(b"<html><head><script>window.__streamlit")
    assert b"BACKEND_BASE_URL" in body and int(head[b"content-length"]) == len(body)
    assert b"accept-encoding" not in app_headers  # served plain, so the script can go in
    _, _, body, app_headers = _serve("/static/js/index.js", body=b"<head>not a page</head>")
    assert body == b"<head>not a page</head>" and b"accept-encoding" in app_headers


def test_hops_of_one_propagation_step_are_numbered_apart_in_the_drawing():
    from core.ui import graph_html

    a, b, c = (Chunk.create(doc_id="d", doc_title="Spec", text=t, position=i, heading_path=("Spec", t))
               for i, t in enumerate(("Build", "Install", "Cache")))
    result = RetrievalResult("q", "gnn", chunks=(ScoredChunk(a, 1.0),), hops=(
        Hop(a.chunk_id, b.chunk_id, "semantic", 1, .5), Hop(a.chunk_id, c.chunk_id, "keyword", 1, .4)))
    view = gv.build_view(result, [], {x.chunk_id: x for x in (a, b, c)})
    data = graph_html.network_data(view)
    assert [e["label"] for e in data["edges"] if "label" in e] == ["1", "2"]  # gnn's hops: all step 1
    assert {n["label"] for n in data["nodes"]} == {"#1 Build", "Install", "Cache"}  # the path is named
    assert "hop 2 (step 1): keyword edge" in [e.title for e in view.edges][1]
