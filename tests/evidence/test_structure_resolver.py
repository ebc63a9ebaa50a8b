"""The structure resolver on a hand-made catalog (no PDF, no model): label runs that restart,
a page holding only a part title, libraries built before labels were kept, row groups."""
from __future__ import annotations

import pytest

from core.index.catalog import Catalog
from core.retrieve.structure import StructureResolver, title_match
from core.retrieve.structure_route import pick
from core.types import Chunk, DocGeometry, Document, PageInfo, RetrievalResult, ScoredChunk, Section

# physical page -> printed label: a cover and contents numbered 1-2, then the body from 1 again
LABELS = ["1", "2", "1", "2", "3", "4"]


def section(doc: str, sid: str, path: tuple[str, ...], page: int, parent: str | None = None) -> Section:
    return Section(sid, doc, path, len(path) - 1, page, page, parent)


@pytest.fixture
def catalog():
    cat = Catalog(":memory:")
    secs = [section("d1", "root", ("Manual",), 1), section("d1", "s1", ("Manual", "Usage"), 3, "root"),
            section("d1", "s2", ("Manual", "Reference Manual"), 5, "root"),
            section("d1", "s21", ("Manual", "Reference Manual", "open/2"), 6, "s2")]
    chunks = [Chunk.create(doc_id="d1", doc_title="Manual", text=t, position=i, page_start=p, page_end=p,
                           section_id=s, kind=kind)
              for i, (t, p, s, kind) in enumerate([
                  ("Cover text", 1, "root", "text"), ("Usage starts here", 3, "s1", "text"),
                  ("Table 2.1: Options\n| a | b |\n|---|---|\n| x | 1 |", 4, "s1", "table"),
                  ("Table 2.1: Options\n| a | b |\n|---|---|\n| y | 2 |", 4, "s1", "table"),
                  ("open/2 opens a file", 6, "s21", "text")])]
    geometry = DocGeometry(tuple(PageInfo(n, lab, 595, 842) for n, lab in enumerate(LABELS, 1)), (),
                           {"s1": "1.1", "s2": "2"})
    doc = Document("d1", "Manual", "manual.pdf", 6, status="pending")
    cat.begin_document(doc)
    cat.commit_document(doc, secs, chunks, [], [], geometry=geometry)
    old = Document("d2", "Old Guide", "old.pdf", 3, status="pending")  # built before: no page rows
    cat.begin_document(old)
    cat.commit_document(old, [section("d2", "o", ("Old Guide",), 1)],
                        [Chunk.create(doc_id="d2", doc_title="Old Guide", text="Old page two", position=0,
                                      page_start=2, page_end=2, section_id="o")], [], [])
    yield cat
    cat.close()


def first_page(catalog, question: str) -> tuple[int, float]:
    _, targets = StructureResolver(catalog).resolve(question)
    return catalog.chunk(targets[0].chunk_ids[0]).page_start, targets[0].score


def test_a_label_printed_twice_means_the_body_page_first(catalog):
    assert first_page(catalog, "What is on page 1 of manual.pdf?") == (3, 1.0)
    assert first_page(catalog, "Show PDF page 1 of manual.pdf") == (1, 1.0)


def test_a_page_with_only_a_part_title_leads_to_the_section_it_opens(catalog):
    page, score = first_page(catalog, "What is on page 3 of the manual?")  # PDF page 5: 'Reference Manual'
    assert (page, score) == (6, 0.5)


def test_a_library_built_before_labels_reads_page_numbers_as_physical(catalog):
    assert first_page(catalog, "What is on page 2 of the old guide?") == (2, 1.0)


def test_sections_by_printed_number_and_by_title(catalog):
    assert first_page(catalog, "Open section 1.1 of manual.pdf") == (3, 1.0)
    assert first_page(catalog, "Open chapter 2 of manual.pdf") == (6, 1.0)  # no own chunks: its subsection's
    assert first_page(catalog, "the 'Usage' section of the manual") == (3, 1.0)
    assert StructureResolver(catalog).resolve("Open section 7.7 of manual.pdf") is None
    assert title_match("Configure script", "The configure script") == 1.0  # small words do not count
    assert title_match("Configure", "Configure script") == pytest.approx(0.725)  # half of a longer heading
    assert title_match("Grid graphics", "Colours") == 0.0


def test_row_groups_of_a_table_follow_the_retrievers_order(catalog):
    _, targets = StructureResolver(catalog).resolve("In Table 2.1 of the manual, what is y?")
    assert len(targets) == 2  # both row groups start with the caption
    second = catalog.chunk(targets[1].chunk_ids[0])
    result = RetrievalResult("q", "bm25", (ScoredChunk(second, 3.0),))
    assert list(pick(result, targets, 3, 5))[0] == second.chunk_id  # the ranked row group first
