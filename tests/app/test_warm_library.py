"""The server's warm-up loads what the first question and the first follow-up need: a first
question no longer parses with spaCy (core.answer.followup.standalone), so the warm-up does."""
from __future__ import annotations

from core.ui import resources


def test_the_warm_up_loads_the_question_parser(make_library, tmp_path, monkeypatch):
    library = make_library()
    parsed = []
    monkeypatch.setattr(resources, "shared_library", lambda data_dir: library)
    monkeypatch.setattr(resources, "parse", parsed.append)
    assert resources.warm_library(str(tmp_path / "warm-lib")) is library
    assert parsed == [resources.WARM_QUESTION]
