"""The heading benchmark's outline-depth rule: what an outline cannot judge is not counted."""
from __future__ import annotations

from benchmarks.headings import prf, within_outline


def test_detections_deeper_than_the_outline_are_left_out_unless_the_outline_names_them():
    gold = [(1, "install"), (2, "options"), (2, "usage")]
    shifted = [(1, "install"), (2, "options"), (3, "flags"), (3, "usage"), (2, "copyright")]
    judged = within_outline(shifted, gold)
    assert judged == [(1, "install"), (2, "options"), (3, "usage"), (2, "copyright")]
    # a mislevelled heading and a false one at an outline level still cost precision; misses cost recall
    assert prf(judged, gold) == {"precision": 0.5, "recall": 0.667, "f1": 0.571}


def test_a_long_stretch_without_outline_entries_is_uncovered():
    from benchmarks.headings import uncovered_pages
    # entries on pages 1, 3, 20 of a 40-page document: 4-19 and 21-40 are more than 10 pages wide
    assert uncovered_pages([1, 3, 20], 40, gap=10) == set(range(4, 20)) | set(range(21, 41))
    assert uncovered_pages([1, 3, 5], 12, gap=10) == set()


def test_coverage_rule_is_the_depth_rule_per_outline_entry():
    from benchmarks.headings import within_coverage
    # chapter "intro" (p1) has sections; chapter "reference" (p5) has none in the outline
    rows = [(1, "intro", 1), (2, "install", 2), (1, "reference", 5), (1, "index", 9)]
    judged = [(1, 1, "intro"), (2, 2, "install"), (2, 3, "bogus"),  # a false section where sections are listed
              (2, 6, "functions"), (3, 7, "deeper"),  # below a chapter whose entry lists nothing
              (2, 9, "reference"),  # an outline entry's text at the wrong level always counts
              (1, 8, "appendix")]  # level 1 always counts
    kept = within_coverage(judged, rows, 9, gap=10)
    assert kept == [(1, "intro"), (2, "install"), (2, "bogus"), (2, "reference"), (1, "appendix")]
    gold = [(lv, k) for lv, k, _ in rows]
    assert prf(kept, gold) == {"precision": 0.4, "recall": 0.5, "f1": 0.444}


def test_page_keys_reads_levels_and_pages_from_the_markdown():
    from benchmarks.headings import page_keys
    md = "<!-- page 1 -->\n\n# 1 Intro\n\ntext\n\n<!-- page 2 -->\n\n## 1.1 Use it\n"
    assert page_keys(md) == [(1, 1, "intro"), (2, 2, "useit")]
