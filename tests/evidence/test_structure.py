"""Structural questions land on the exact page, for every retriever: pages by printed label or
physical number, sections by number or title, tables and figures by number or caption, in
the document the question names."""
from __future__ import annotations

import pytest

from core.retrieve.base import RETRIEVERS
from core.retrieve.doc_names import named_documents
from core.retrieve.structure_query import parse_reference
from core.types import Document
from tests.evidence.fixtures import make_book_pdf

# question -> (file, physical page of the answer)
QUESTIONS = {
    "What is on page 2 of the chemnum manual?": ("chemnum.pdf", 5),
    "What is on page iii of the chemmacros manual?": ("chemmacros.pdf", 3),
    "Show PDF page 6 of chemnum.pdf": ("chemnum.pdf", 6),
    "Open section 3.2 of the chemnum manual": ("chemnum.pdf", 7),
    "Show me the 'Grid graphics' section of the chemmacros manual": ("chemmacros.pdf", 6),
    "What does chapter 1 of chemmacros cover?": ("chemmacros.pdf", 4),
    "What is in Table 1 of the chemmacros manual?": ("chemmacros.pdf", 5),
    "Figure 2 of the chemnum manual": ("chemnum.pdf", 8),
    "the table 'Colour names' in chemnum": ("chemnum.pdf", 7),
    "Which section titled Output formats does chemmacros have?": ("chemmacros.pdf", 8),
}
ALL = [n for n in RETRIEVERS if n != "rgnn"]  # rgnn needs an LLM


@pytest.mark.parametrize("question, expected", [
    ("What is on page 17 of R Data Import/Export?", ("page", "17", False, "")),
    ("Show page iv", ("page", "iv", False, "")),
    ("Open PDF page 21 of the manual", ("page", "21", True, "")),
    ("Open section 21.7 of the chemmacros manual", ("section", "21.7", False, "")),
    ("what state is given for section 2.3 (0-RTT Data)?", ("section", "2.3", False, "0-RTT Data")),
    ("Show me the 'Shared BLAS' section of R Installation", ("section", "", False, "Shared BLAS")),
    ("Show me the \u2018Grid graphics\u2019 chapter", ("section", "", False, "Grid graphics")),
    ("Show me the 'Configuring the server's keys' section", ("section", "", False, "Configuring the server's keys")),
    ("Figure 2 of the chemnum manual", ("figure", "2", False, "")),
    ("In FreeFEM's table of Gfem keywords (Table 3.1), what is complex for?", ("table", "3.1", False, "")),
])
def test_references_are_read_from_questions(question, expected):
    ref = parse_reference(question)
    assert (ref.kind, ref.value, ref.physical, ref.title) == expected


@pytest.mark.parametrize("question", [
    "Who wrote the first published algorithm for the Analytical Engine?",
    "Which table tennis player won in 1992?",
    "What does the page layout option do?",
    "In Erlang's ssl, what is the default for the versions option?",
    "Is Mix a page of the book?",
])
def test_ordinary_questions_have_no_reference(question):
    assert parse_reference(question) is None


def test_documents_named_by_title_file_name_or_a_distinctive_part():
    docs = [Document("u", "LilyPond Usage", "usage.pdf", 70), Document("e", "LilyPond Extending", "extending.pdf", 50),
            Document("s", "SSH", "ssh-4.15.2.pdf", 98), Document("r", "R Data Import/Export", "R-data.pdf", 40)]
    assert named_documents("page 3 of the LilyPond usage manual", docs) == ["u"]
    assert named_documents("page 3 of the lilypond manual", docs) == ["u", "e"]  # both named alike
    assert named_documents("section 1.1 of ssh-4.15.2.pdf", docs) == ["s"]
    assert named_documents("What is on page 17 of R Data Import/Export?", docs) == ["r"]
    assert named_documents("What is on page 17?", docs) == []


@pytest.fixture(scope="module")
def library(tmp_path_factory, embedder):
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("structure")
    lib = Library(Settings.load(root / "lib", env={}), embedder=embedder)
    lib.add([make_book_pdf(root / "chemnum.pdf", "The chemnum manual", "chemnum"),
             make_book_pdf(root / "chemmacros.pdf", "The chemmacros manual", "chemmacros")])
    yield lib
    lib.catalog.close()


def test_structural_questions_land_on_their_page(library):
    files = {d.doc_id: d.source for d in library.documents()}
    for question, (file, page) in QUESTIONS.items():
        top = library.retrieve(question, "hybrid", k=5).chunks[0]
        assert files[top.chunk.doc_id] == file, question
        assert top.chunk.page_start <= page <= top.chunk.page_end, question
        assert top.routes["structure"] >= 0.5, question


@pytest.mark.parametrize("retriever", ALL)
def test_every_retriever_uses_the_structure_route(library, retriever):
    result = library.retrieve("What is in Table 2 of the chemmacros manual?", retriever, k=5)
    top = result.chunks[0]
    assert top.chunk.kind == "table" and top.chunk.text.startswith("Table 2: Colour names of chemmacros")
    assert top.routes["structure"] == 1.0 and result.retriever == retriever


def test_the_path_starts_at_the_page_or_section_node(library):
    doc = next(d for d in library.documents() if d.source == "chemnum.pdf")
    result = library.retrieve("What is on page 2 of the chemnum manual?", "iier", k=5)
    assert result.seeds[0] == f"page:{doc.doc_id}:5"
    assert result.hops[0].source == result.seeds[0] and result.hops[0].target == result.chunks[0].chunk.chunk_id
    assert any("page 2 of 'The chemnum manual' is PDF page 5" in n for n in result.notes)
    section = library.retrieve("Open section 3.2 of the chemnum manual", "gnn", k=5)
    assert section.seeds[0].startswith("section:") and "structure" in section.timings_ms


def test_questions_without_a_reference_are_untouched(library):
    for name in ("hybrid", "iier"):
        wrapped = library.retriever(name)
        for question in ("How do I install chemnum?", "What does a viewport push?"):
            plain = wrapped.inner.retrieve(question, 5)
            assert [c.chunk.chunk_id for c in wrapped.retrieve(question, 5).chunks] == \
                   [c.chunk.chunk_id for c in plain.chunks]


def test_a_place_the_library_lacks_falls_back_to_the_retriever(library):
    result = library.retrieve("What is in section 9.9 of the chemnum manual?", "bm25", k=5)
    assert all("structure" not in c.routes for c in result.chunks)
