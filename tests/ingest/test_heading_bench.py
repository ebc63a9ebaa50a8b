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
