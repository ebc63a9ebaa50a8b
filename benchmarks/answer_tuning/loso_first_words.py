"""Leave-one-set-out choice of the first quote's window (`ExtractiveReader.first_words`).

Not collected by pytest. For every answerable tuning question of each --set (NAME=LIBRARY:
QUESTIONS:SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each window of
the grid: the first line quotes at most that many words of the answering sentence, cut around
the answer (a longer window leaves less of the answer's 40-word budget to the other quotes).
Then, as in `loso_shape.py`, each left-out set gets the window with most first-line hits on the
other sets (then whole-answer hits; ties go to the earlier window); each set's row also gives
its median answer words.

Thirteen sets (pdfqa-dev even ids, pdfqa-own-tune, pdfqa-asides-2, -3, yorick, debian 1, 2,
sdcc/nauty, 4, 5, 6, decline-bzip2, r-docs-tune; 683 questions), 2026-11-29, grid 25 (as
shipped before) / 30 / 35 / 40: 40 chosen on every fold; left out, first-line / whole /
span_hit hits 433 / 486 / 435 against 422 / 481 / 435 at 25; no set lost a first line, whole
one lower on pdfqa-own-tune and debian 1; median answer words per set 34.5-39 at 25, 34-39 at 40.
With 45 and 50 words added to the grid: 433 and 434 first lines in sum; the reader ships 40, a
first line that still fits the answer's budget. On the test sets (run once) the second fresh
set's first line went 0.595 -> 0.608, but whole answers fell (0.696 -> 0.658 there, 0.857 -> 0.829
on new manuals), which the tuning sets did not show.

    python benchmarks/answer_tuning/loso_first_words.py \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

from benchmarks.answer_tuning.loso_shape import main

OFF = {"first_words": 25}  # the window before this choice
GRID = {"off": {}, "words30": {"first_words": 30}, "words35": {"first_words": 35}, "words40": {"first_words": 40}}

if __name__ == "__main__":
    main(GRID, OFF, __doc__)
