"""Leave-one-set-out choice of the weight of the question's story in the ranking (`core.answer.story`).

Not collected by pytest. For every tuning question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each `story_weight` of the
grid: a content word that only the question's story uses (the sentences besides the asking
one) counts that share of its rarity weight when the evidence sentences are ranked. Then, for
each left-out set, the weight with most first-line hits on the other sets (then whole-answer
hits; ties go to the earlier setting, the rule off first) is chosen and counted on the
left-out one (`loso_shape.main`). `--grid weight` measures the reader's `unit_weight` the same
way instead (how much a sentence's own match counts against its span's shape and place in a
candidate's score; 2.0 as shipped), the story rule as shipped.

    python benchmarks/answer_tuning/loso_story.py [--grid story|weight] \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set asides3=LIB:benchmarks/answer_tuning/pdfqa-asides-3.jsonl:all:CACHE3 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

from benchmarks.answer_tuning.loso_shape import main

GRIDS = {  # name: (the rule off, the settings; the first is the rule off, order breaks ties)
    "story": ({"story_weight": 1.0}, {"off": {}, "story.75": {"story_weight": 0.75}, "story.5": {"story_weight": 0.5},
                                      "story.25": {"story_weight": 0.25}, "story0": {"story_weight": 0.0}}),
    "weight": ({"unit_weight": 2.0}, {"off": {}, "w2.5": {"unit_weight": 2.5}, "w3": {"unit_weight": 3.0},
                                      "w3.5": {"unit_weight": 3.5}, "w4": {"unit_weight": 4.0}}),
}

if __name__ == "__main__":
    name = "story"
    if "--grid" in sys.argv:  # loso_shape.main reads the --set arguments only
        at = sys.argv.index("--grid")
        name = sys.argv[at + 1]
        del sys.argv[at:at + 2]
    off, grid = GRIDS[name]
    main(grid, off, __doc__)
