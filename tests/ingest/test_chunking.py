"""Chunking: word limits, overlap, intact words, tables without data cells, metadata."""
from __future__ import annotations

import re

from core.config import ChunkingSettings
from core.ingest.chunking import chunk_markdown, pack_text
from core.ingest.markdown import Block
from core.ingest.pdf import pdf_to_markdown
from tests.ingest import fixtures as fx


def _sentence(i: int) -> str:
    return f"Sentence {i} has exactly seven words here."


def test_long_section_split_with_overlap_and_intact_words():
    para1 = " ".join(_sentence(i) for i in range(10))  # 70 words
    para2 = " ".join(_sentence(i) for i in range(10, 14))  # 28 words
    md = f"<!-- page 3 -->\n\n# Long\n\n{para1}\n\n<!-- page 4 -->\n\n{para2}\n"
    _, chunks = chunk_markdown("d", "T", md, ChunkingSettings(max_words=30, overlap_words=10))
    words = [c.text.split() for c in chunks]
    assert all(len(w) <= 30 for w in words)
    # 4 sentences, then overlap of 1 sentence (7 words); the 28-word paragraph leaves
    # room for 2 overlap words only
    assert [len(w) for w in words] == [28, 28, 28, 30]
    overlaps = [7, 7, 2]
    for (prev, cur), n in zip(zip(words, words[1:]), overlaps):
        assert cur[:n] == prev[-n:]
    # no word lost or reordered: chunks stitched without overlap give the source back
    stitched = words[0] + [w for ws, n in zip(words[1:], overlaps) for w in ws[n:]]
    assert stitched == (para1 + " " + para2).split()
    assert chunks[3].text.split("\n")[1] == para2
    assert [(c.page_start, c.page_end) for c in chunks] == [(3, 3), (3, 3), (3, 3), (3, 4)]
    assert all(c.heading_path == ("T", "Long") for c in chunks)
    assert chunks[0].embed_text == "T > Long\n" + chunks[0].text
    assert [c.position for c in chunks] == list(range(4))


def test_overlong_sentence_is_cut_by_words():
    text = " ".join(f"w{i}" for i in range(25))
    out = pack_text([Block("text", text, 1)], max_words=10, overlap_words=3)
    # windows of max_words - overlap = 7 words, each chunk repeats 3 words of the last
    assert [t.split() for t, _, _ in out] == [
        [f"w{i}" for i in range(0, 7)], [f"w{i}" for i in range(4, 14)],
        [f"w{i}" for i in range(11, 21)], [f"w{i}" for i in range(18, 25)]]
    assert all(len(t.split()) <= 10 for t, _, _ in out)
    assert out[-1][0].split()[-1] == "w24"


def test_fixture_chunks_metadata_and_table_embedding(tmp_path):
    parsed = pdf_to_markdown(fx.make_pdf(tmp_path / "m.pdf"), tmp_path / "a")
    sections, chunks = chunk_markdown("doc1", parsed.title, parsed.markdown, ChunkingSettings())
    assert [s.heading_path[-1] for s in sections] == [
        fx.TITLE, "1 Introduction", "1.1 Scope", "1.1.1 Details", "2 Data", "2.1 Figures", "3 Layout"]
    got = [(c.kind, c.heading_path[1:], c.page_start, c.page_end) for c in chunks]
    assert got == [
        ("text", (), 1, 1),
        ("text", ("1 Introduction",), 1, 1),
        ("text", ("1 Introduction", "1.1 Scope"), 1, 1),
        ("text", ("1 Introduction", "1.1 Scope", "1.1.1 Details"), 1, 1),
        ("text", ("2 Data",), 2, 2),
        ("table", ("2 Data",), 2, 2),
        ("text", ("2 Data", "2.1 Figures"), 2, 2),
        ("image", ("2 Data", "2.1 Figures"), 2, 2),
        ("text", ("3 Layout",), 3, 3),
    ]
    by_section = {s.section_id: s for s in sections}
    assert all(by_section[c.section_id].heading_path == c.heading_path for c in chunks)
    table = chunks[5]
    assert table.text.startswith("Table 1: Throughput by machine\n| Machine | Pages/s | Memory |")
    assert "| server | 180 | 8 GB |" in table.text
    assert table.embed_text == ("Folio Test Manual > 2 Data\nTable 1: Throughput by machine\n"
                                "Machine | Pages/s | Memory\nlaptop, server, phone")
    for cell in ("41", "180", "2 GB", "8 GB", "7", "1 GB"):
        assert not re.search(rf"(?<![\w.]){re.escape(cell)}(?![\w.])", table.embed_text)
    image = chunks[7]
    assert image.text.startswith("Figure 1: Calibration target")
    assert image.embed_text == "Folio Test Manual > 2 Data > 2.1 Figures\n" + image.text
    assert chunks[8].text == fx.LEFT_COL + "\n" + fx.RIGHT_COL
    assert len({c.chunk_id for c in chunks}) == len(chunks)


def test_big_table_split_into_row_groups_with_header():
    rows = "\n".join(f"| r{i} | {i} | {i * 2} |" for i in range(12))
    md = f"# T\n\nTable 3: Big\n| Key | A | B |\n|---|---|---|\n{rows}\n"
    _, chunks = chunk_markdown("d", "Doc", md, ChunkingSettings(max_words=20, overlap_words=5))
    assert [c.kind for c in chunks] == ["table"] * 6
    for c in chunks:
        assert c.text.splitlines()[:3] == ["Table 3: Big", "| Key | A | B |", "|---|---|---|"]
    data_rows = [l for c in chunks for l in c.text.splitlines()[3:]]
    assert data_rows == rows.splitlines()
    for c in chunks:  # each group embeds its own rows' labels, never a data cell
        own = [line.split("|")[1].strip() for line in c.text.splitlines()[3:]]
        assert c.embed_text == "Doc > T\nTable 3: Big\nKey | A | B\n" + ", ".join(own)
