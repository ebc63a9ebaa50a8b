"""benchmarks/cpu_phases.py and write_scale.py: stage CPU per committed chunk as the library
fills, and documents replayed under new ids that still hang together."""
from __future__ import annotations

import sqlite3

from core.types import Chunk, Section
from tests.bench_scripts import load_script


def test_phases_give_cpu_per_committed_chunk_by_stage(tmp_path, monkeypatch):
    bench = load_script("cpu_phases", monkeypatch)
    catalog = tmp_path / "catalog.sqlite"
    db = sqlite3.connect(catalog)
    db.executescript("CREATE TABLE documents (doc_id TEXT, status TEXT); CREATE TABLE chunks (chunk_id TEXT);")
    db.commit()
    phases = bench.Phases(10.0, start=0.0, catalog=catalog)
    phases.add(1.0, {"graph\tcore/index/graph_build.py:f": 0.2, "embed.model\tx": 2.0}, rss=2**30)
    db.executemany("INSERT INTO chunks VALUES (?)", [(f"c{i}",) for i in range(100)])
    db.execute("INSERT INTO documents VALUES ('d1', 'ready')")
    db.commit()
    phases.add(12.0, {"graph\tcore/index/graph_build.py:f": 0.6}, rss=2**29)
    db.executemany("INSERT INTO chunks VALUES (?)", [(f"n{i}",) for i in range(200)])
    db.commit()
    phases.close(15.0)
    rows = bench.per_chunk(phases.rows(), merge=1)
    assert [(r["chunks_before"], r["chunks_added"], r["docs_added"]) for r in rows] == [(0, 100, 1), (100, 200, 0)]
    assert rows[0]["ms_per_chunk"] == {"embed.model": 20.0, "graph": 2.0} and rows[0]["rss_mib"] == 1024
    assert rows[1]["ms_per_chunk"] == {"graph": 3.0}
    assert bench.per_chunk(phases.rows(), merge=2)[0]["ms_per_chunk"]["graph"] == round(800 / 300, 2)


def test_a_replayed_copy_keeps_its_sections_and_chunks_together(monkeypatch):
    bench = load_script("write_scale", monkeypatch)
    sections = [Section("s0", "d", ("Old title",), 0, 1, 2), Section("s1", "d", ("Old title", "Intro"), 1, 1, 1, "s0")]
    chunks = [Chunk("c0", "d", "Old title", "text", "Old title > Intro\ntext", heading_path=("Old title", "Intro"),
                    section_id="s1")]
    doc_id, title, pages, secs, new = bench.copy_document((("d", "Old title", 2), sections, chunks), 3, 42)
    assert title == "Mixed manual 0042" and pages == 2 and doc_id != "d"
    assert secs[1].parent_id == secs[0].section_id != "s0" and new[0].section_id == secs[1].section_id
    assert new[0].doc_id == doc_id and new[0].doc_title == title and new[0].heading_path == (title, "Intro")
    again = bench.copy_document((("d", "Old title", 2), sections, chunks), 4, 43)
    assert again[4][0].chunk_id not in (new[0].chunk_id, "c0")
