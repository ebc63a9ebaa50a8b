"""The Evaluate page's held-out table of the next-hop head: every cell holds a value. The
pooled row has no fusion weight of its own (each fold chose one), and it showed "None"."""
from __future__ import annotations

import json
import math

from tests.app.test_evaluate_train import library_dir, page  # noqa: F401 (the same library and page)


def _metrics(ours: float, base: float) -> dict:
    return {"gnn_rerank (head)": {"recall@5": ours}, "gnn": {"recall@5": base}}


def _empty(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or str(value) in ("None", "nan")


def test_the_pooled_row_says_per_fold_and_no_cell_is_none(page, library_dir):
    (library_dir / "models").mkdir(exist_ok=True)
    report = library_dir / "models" / "hop_head_folds.json"
    report.write_text(json.dumps({
        "questions": 4, "pooled": _metrics(0.75, 0.5),
        "folds": [{"fold": 1, "held_out": 2, "weight": 0.5, "metrics": _metrics(1.0, 0.5)},
                  {"fold": 2, "held_out": 2, "weight": 1.0, "metrics": _metrics(0.5, 0.5)}]}))
    try:
        page.run()
        assert not page.exception, page.exception
        table = page.dataframe[-1].value
        assert list(table["fold"]) == ["1", "2", "pooled"]
        assert list(table["fusion weight"]) == ["0.5", "1", "per fold"]
        assert not [(r, c) for r, row in table.iterrows() for c, v in row.items() if _empty(v)]
    finally:
        report.unlink()  # the module's library is shared with the training tests
