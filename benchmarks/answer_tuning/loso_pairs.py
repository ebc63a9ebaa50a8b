"""Leave-one-set-out choice of the reader's word-pair bonus (`core.answer.word_pairs`).

Not collected by pytest. For every tuning question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each `pair_bonus` of the
grid: a pool sentence scores that much more times the share of the question's word pairs (two
content words next to each other once stop words are dropped) it writes in the same order.
Then, for each left-out set, the bonus with most first-line hits on the other sets (then
whole-answer hits; ties go to the earlier, smaller bonus) is chosen and counted on the left-out
one (`loso_shape.main`).

    python benchmarks/answer_tuning/loso_pairs.py \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

from benchmarks.answer_tuning.loso_shape import main

OFF = {"pair_bonus": 0.0}
GRID = {"off": {}, "pairs.05": {"pair_bonus": 0.05}, "pairs.1": {"pair_bonus": 0.1},
        "pairs.15": {"pair_bonus": 0.15}, "pairs.2": {"pair_bonus": 0.2}, "pairs.3": {"pair_bonus": 0.3}}

if __name__ == "__main__":
    main(GRID, OFF, __doc__)
