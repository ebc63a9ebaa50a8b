"""Leave-one-set-out choice of the room a long first line leaves to the other quotes
(`ExtractiveReader.lead_room`).

Not collected by pytest. The offline answer is the first line (at most 40 words of the answering
sentence) and then up to two other quotes while the whole stays within 40 words
(`ReaderResult.render`); a first line of 35-40 words leaves no room, so its answer is the first
line alone. With `lead_room` = N the budget is the larger of 40 and the first line's words + N.
For every answerable tuning question of each --set (NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE], as in
miss_causes.py) the default reader answers with each setting of the grid; each left-out set gets the
setting with most whole-answer hits on the other sets whose median answer stays within 40 words on
every one of them (the issue's target), ties to the smaller room. The first line does not depend
on it.

    python benchmarks/answer_tuning/loso_lead_room.py \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

from benchmarks.answer_tuning.loso_shape import main

OFF = {"lead_room": 0}  # the budget alone, as before this choice
GRID = {"off": {}, **{f"room{n}": {"lead_room": n} for n in (8, 10, 14, 16, 20, 25, 30)}}

if __name__ == "__main__":
    main(GRID, OFF, __doc__, whole_first=True, max_median=40)
