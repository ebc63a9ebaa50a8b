"""Leave-one-set-out choice of the read-on into a sentence that goes on from the answering one
(`ExtractiveReader.onward_words`, `onward_broad`: `core.answer.read_on.read_onward`).

Not collected by pytest. A sentence that sets up an answer is often followed by the one that gives it
("… then you can pipe it." / "In that case the character '-' is used …"; "… no effect on Yorick's own
working directory." / "Instead, use Yorick's own cd function:"). With `onward_words` = N the first
line reads on into the next sentence of the passage when that one opens by going on from it ("In
that case", "Instead", "Alternatively", "However", "The recommended" …; `onward_broad`: also "This",
"It", "They", "Such") and the two hold at most N words. For every answerable tuning question of each
--set (NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE], as in miss_causes.py) the default reader answers with
each setting; each left-out set gets the setting with most first-line hits (then whole-answer hits)
on the other sets among those whose median answer stays within 40 words on every one of them (the
issue's target), ties to the earlier setting of the grid.

    python benchmarks/answer_tuning/loso_onward.py \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

from benchmarks.answer_tuning.loso_shape import main

OFF = {"onward_words": 0, "onward_broad": False}  # no read-on, as before this choice
GRID = {"off": {},
        **{f"onward{n}": {"onward_words": n} for n in (30, 40, 50, 60)},
        **{f"broad{n}": {"onward_words": n, "onward_broad": True} for n in (30, 40, 50, 60)}}

if __name__ == "__main__":
    main(GRID, OFF, __doc__, max_median=40)
