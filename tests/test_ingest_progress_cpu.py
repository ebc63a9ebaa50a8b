"""The ingest's log lines say how much CPU the process spent before its first page was read."""
from __future__ import annotations

import re
from types import SimpleNamespace

from core.cli.render import IngestProgress


def test_the_parse_line_carries_the_cpu_seconds_and_later_stages_do_not(capsys):
    with IngestProgress(files=1) as bar:  # stderr is no terminal under pytest: plain lines
        for stage, done in (("check", 0), ("parse", 1), ("parse", 2), ("embed", 0)):
            bar.update(SimpleNamespace(file="a.pdf", stage=stage, done=done, total=2))
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3
    assert re.fullmatch(r"a\.pdf: check \(cpu \d+\.\d\ds\)", lines[0])
    assert re.fullmatch(r"a\.pdf: parse \(cpu \d+\.\d\ds\)", lines[1])
    assert lines[2] == "a.pdf: embed"
