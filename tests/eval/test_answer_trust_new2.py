"""benchmarks/answer_trust_new2.py: the second fresh library's sets scored as extra rows
(today's rows unchanged), and the committed second sets' shape without their PDFs."""
import json
import sys

import pytest

from core.eval.questions import read_questions
from tests.eval.trust_rows import BENCH, load_bench_module, q, row

SETS = BENCH / "answer_sets"


@pytest.fixture
def new2(monkeypatch):
    return load_bench_module(monkeypatch, "answer_trust_new2")


TODAY = [row("new-manuals", "nm-01", "hydra [1]"), row("unanswerable", "un-01", "FFTW3 [1]")]
SECOND = [row("new-manuals-2", "nm2-01", "lex.yy.c [1]"), row("new-manuals-2", "nm2-02", "The documents do not say."),
          row("unanswerable-2", "un2-01", "The documents do not say which."),
          row("follow-up-2", "fu2-01", "-J [2]", "Which ragel option generates Java code?", "and Java?",
              page_hit5=1.0, standalone_page_hit5=1.0),
          row("self-contained-2", "sc2-01", "-Z [1]", "", "Which ragel option selects Go?", page_hit5=1.0,
              standalone_page_hit5=1.0)]
QS = {"new2": [q("nm2-01", "lex.yy.c"), q("nm2-02", "-t")], "convo2": [q("fu2-01", "-J"), q("sc2-01", "-Z")]}


def test_second_sets_are_extra_rows_and_leave_todays_alone(new2):
    report = sys.modules["answer_trust_report"]
    today = report.score_sets(TODAY, [q("nm-01", "hydra")], [], [])
    assert report.score_sets(TODAY + SECOND, [q("nm-01", "hydra")], [], []) == today
    extra = new2.score_sets2(TODAY + SECOND, QS)
    assert extra["new-manuals-2 (test only)"]["answer_hit_first_line"] == 0.5
    assert extra["new-manuals-2 (test only)"]["declined"] == 0.5
    assert extra["unanswerable-2 (second library)"]["declined"] == 1.0
    assert extra["follow-ups-2, as answered"]["answer_hit"] == 1.0
    assert extra["self-contained seconds-2, as answered"]["questions"] == 1
    assert new2.score_sets2(TODAY, QS) == {}


def test_second_rewrites_are_counted_apart(new2):
    figures = new2.rewrites2(TODAY + SECOND)
    assert (figures["follow_ups"], figures["follow_ups_rewritten"]) == (1, 1)
    assert (figures["self_contained"], figures["self_contained_rewritten"]) == (1, 0)
    assert new2.rewrites2(TODAY) == {}


def test_committed_second_sets_have_the_promised_sizes_and_a_fresh_library():
    new = read_questions(SETS / "new-manuals-2.jsonl")
    convo = [json.loads(line) for line in (SETS / "followups-2.jsonl").read_text("utf-8").splitlines()]
    unanswerable = [json.loads(line) for line in (SETS / "unanswerable-2.jsonl").read_text("utf-8").splitlines()]
    manifest = json.loads((SETS / "manifest-2.json").read_text("utf-8"))
    first = json.loads((SETS / "manifest.json").read_text("utf-8"))
    assert len(new) >= 60 and len({e[0] for x in new for e in x.evidence}) >= 10
    assert all(x.short_answers and x.evidence for x in new)
    assert sum(r["kind"] == "follow-up" for r in convo) >= 25
    assert sum(r["kind"] == "self-contained" for r in convo) >= 10
    assert len(unanswerable) >= 40 and all(r["about"] for r in unanswerable)
    ids = [x.qid for x in new] + [r["id"] for r in convo + unanswerable]
    assert len(ids) == len(set(ids))
    first_ids = [x.qid for x in read_questions(SETS / "new-manuals.jsonl")]
    assert not set(ids) & set(first_ids)
    files = {m["file"] for m in manifest}
    assert {e[0] for x in new for e in x.evidence} <= files
    assert {e["file"] for r in convo for e in r["evidence"]} <= files
    assert not {m["deb_package"] for m in manifest} & {m["deb_package"] for m in first}
    assert all(len(m["sha256"]) == 64 and m["pages"] > 0 for m in manifest)


def test_command_line_adds_the_second_parts_only_when_asked(monkeypatch, tmp_path):
    trust = load_bench_module(monkeypatch, "answer_trust")
    monkeypatch.setattr(sys, "argv", ["answer_trust.py", "--work-dir", str(tmp_path)])
    args = trust.parse_args()
    assert args.new2_lib is None and "new-manuals-2" not in args.sets
    assert set(trust.libraries_used(args)) == {"new", "pdfqa"}
    monkeypatch.setattr(sys, "argv", ["answer_trust.py", "--work-dir", str(tmp_path), "--new2-pdfs", str(tmp_path),
                                      "--sets", "new-manuals-2,conversations-2"])
    args = trust.parse_args()
    assert args.new2_lib == tmp_path / "lib-new2"
    assert trust.libraries_used(args) == {"new2": tmp_path / "lib-new2"}
    monkeypatch.setattr(sys, "argv", ["answer_trust.py", "--work-dir", str(tmp_path), "--sets", "unanswerable-2"])
    with pytest.raises(SystemExit):
        trust.parse_args()
