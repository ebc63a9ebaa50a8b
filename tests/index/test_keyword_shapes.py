"""The `shapes` keyword mode: spaCy's entity shapes by regular expressions, in this process."""
from __future__ import annotations

from pathlib import Path

import psutil

from core.config import GraphSettings, Settings
from core.index.keyword_modes import phrases
from core.index.keyword_shapes import shape_phrases
from core.index.keywords import KeywordExtractor, normalise
from core.types import Chunk

REPO = Path(__file__).resolve().parents[2]
BRACKETS = "Publix operates in Florida (785), Georgia (186) and Tennessee (42)."
OF_THE = ("The Representative of the Falkland Islands in London opened on January 16, 2013; "
          "the Hall of Fame did in March 1999.")
HYPHEN = "Franz Krezma, born 2 September 1862, played in German-speaking countries in the 1880s and WILM (1450 AM)."


def test_a_bracket_ends_a_span():
    assert shape_phrases(BRACKETS) == {"publix", "florida", "georgia", "tennessee"}


def test_the_name_after_of_the_and_dates_in_one_form():
    assert shape_phrases(OF_THE) == {"representative of the falkland islands", "falkland islands", "london",
                                     "hall of fame", "16 january 2013", "march 1999"}


def test_hyphenated_heads_years_and_decades_but_no_two_letter_unit():
    assert shape_phrases(HYPHEN) == {"franz krezma", "2 september 1862", "german-speaking", "german",
                                     "1880s", "1450", "wilm"}


def test_both_date_orders_give_one_keyword():
    assert shape_phrases("It opened on 16 January 2013.") == shape_phrases("It opened on January 16, 2013.")


def test_the_mode_adds_its_phrases_to_the_capitalised_spans():
    assert phrases("shapes", [BRACKETS], normalise) == [shape_phrases(BRACKETS)]
    words = KeywordExtractor(GraphSettings(keyword_mode="shapes")).text_keywords([BRACKETS], [""])[0]
    assert {"tennessee", "tennessee 42", "@tennessee 42"} <= set(words)  # the span stays beside its piece
    assert "tennessee" not in KeywordExtractor(GraphSettings(keyword_mode="tfidf")).text_keywords([BRACKETS], [""])[0]


def test_shapes_is_the_default_and_selectable_by_environment(tmp_path):
    assert GraphSettings().keyword_mode == "shapes"
    assert Settings.load(tmp_path / "lib", env={"FOLIO_KEYWORDS": "shapes"}).graph.keyword_mode == "shapes"
    assert Settings.load(tmp_path / "lib", env={"FOLIO_KEYWORDS": "spacy"}).graph.keyword_mode == "spacy"


def test_no_keyword_worker_process_is_started():
    extractor = KeywordExtractor(GraphSettings(keyword_mode="shapes"))
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    extractor.start_worker()
    chunks = [Chunk.create(doc_id="d", doc_title="Publix", text=t, position=i)
              for i, t in enumerate([BRACKETS, OF_THE] * 40)]  # more than the worker's MIN_CHUNKS
    pending = extractor.extract_chunks_later(chunks)
    assert extractor._worker is None and not pending.running()
    assert "falkland islands" in pending()[1]
    assert {p.pid for p in psutil.Process().children(recursive=True)} <= before


def test_the_mode_is_documented():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `FOLIO_KEYWORDS`"))
    assert "`shapes` (default" in row
    assert "`shapes`" in (REPO / "benchmarks" / "INGEST_RESULTS.md").read_text(encoding="utf-8")
