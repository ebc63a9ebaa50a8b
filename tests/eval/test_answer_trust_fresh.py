"""benchmarks/answer_trust_fresh.py: the fresh libraries' sets scored as extra rows
(today's rows unchanged), and the committed fresh sets' shape without their PDFs."""
import json
import sys

import pytest

from core.eval.questions import read_questions
from tests.eval.trust_rows import BENCH, load_bench_module, q, row

SETS = BENCH / "answer_sets"


@pytest.fixture
def fresh(monkeypatch):
    return load_bench_module(monkeypatch, "answer_trust_fresh")


TODAY = [row("new-manuals", "nm-01", "hydra [1]"), row("unanswerable", "un-01", "FFTW3 [1]")]
SECOND = [row("new-manuals-2", "nm2-01", "lex.yy.c [1]"), row("new-manuals-2", "nm2-02", "The documents do not say."),
          row("unanswerable-2", "un2-01", "The documents do not say which."),
          row("follow-up-2", "fu2-01", "-J [2]", "Which ragel option generates Java code?", "and Java?",
              page_hit5=1.0, standalone_page_hit5=1.0),
          row("self-contained-2", "sc2-01", "-Z [1]", "", "Which ragel option selects Go?", page_hit5=1.0,
              standalone_page_hit5=1.0)]
QS = {"new2": [q("nm2-01", "lex.yy.c"), q("nm2-02", "-t")], "convo2": [q("fu2-01", "-J"), q("sc2-01", "-Z")],
      "new3": [q("nm3-01", "-x")], "convo3": []}
THIRD = [row("new-manuals-3", "nm3-01", "-x [1]")]


def test_fresh_sets_are_extra_rows_and_leave_todays_alone(fresh):
    report = sys.modules["answer_trust_report"]
    today = report.score_sets(TODAY, [q("nm-01", "hydra")], [], [])
    assert report.score_sets(TODAY + SECOND + THIRD, [q("nm-01", "hydra")], [], []) == today
    extra = fresh.score_fresh(TODAY + SECOND, QS)
    assert extra["new-manuals-2 (test only)"]["answer_hit_first_line"] == 0.5
    assert extra["new-manuals-2 (test only)"]["declined"] == 0.5
    assert extra["unanswerable-2 (second library)"]["declined"] == 1.0
    assert extra["follow-ups-2, as answered"]["answer_hit"] == 1.0
    assert extra["self-contained seconds-2, as answered"]["questions"] == 1
    assert not any(name.startswith("new-manuals-3") for name in extra)  # no -3 row asked: no -3 figures
    assert fresh.score_fresh(TODAY, QS) == {}
    third = fresh.score_fresh(TODAY + THIRD, QS)
    assert third["new-manuals-3 (test only)"]["answer_hit_first_line"] == 1.0
    assert "unanswerable-3 (third library)" in third and "new-manuals-2 (test only)" not in third


def test_fresh_rewrites_are_counted_apart(fresh):
    figures = fresh.rewrites_fresh(TODAY + SECOND, 2)
    assert (figures["follow_ups"], figures["follow_ups_rewritten"]) == (1, 1)
    assert (figures["self_contained"], figures["self_contained_rewritten"]) == (1, 0)
    assert fresh.rewrites_fresh(TODAY, 2) == {}
    assert fresh.rewrites_fresh(TODAY + SECOND, 3) == {}


# set -> least (answerable questions, manuals, follow-ups, self-contained, unanswerable)
SIZES = {2: (60, 10, 25, 10, 40), 3: (60, 10, 20, 10, 20)}


@pytest.mark.parametrize("n", sorted(SIZES))
def test_committed_fresh_sets_have_the_promised_sizes_and_a_fresh_library(n):
    new = read_questions(SETS / f"new-manuals-{n}.jsonl")
    convo = [json.loads(line) for line in (SETS / f"followups-{n}.jsonl").read_text("utf-8").splitlines()]
    unanswerable = [json.loads(line) for line in (SETS / f"unanswerable-{n}.jsonl").read_text("utf-8").splitlines()]
    manifest = json.loads((SETS / f"manifest-{n}.json").read_text("utf-8"))
    earlier = ["manifest.json"] + [f"manifest-{k}.json" for k in range(2, n)]
    older = [m for name in earlier for m in json.loads((SETS / name).read_text("utf-8"))]
    questions, manuals, follow_ups, self_contained, absent = SIZES[n]
    assert len(new) >= questions and len({e[0] for x in new for e in x.evidence}) >= manuals
    assert all(x.short_answers and x.evidence for x in new)
    assert sum(r["kind"] == "follow-up" for r in convo) >= follow_ups
    assert sum(r["kind"] == "self-contained" for r in convo) >= self_contained
    assert len(unanswerable) >= absent and all(r["about"] for r in unanswerable)
    ids = [x.qid for x in new] + [r["id"] for r in convo + unanswerable]
    assert len(ids) == len(set(ids))
    older_ids = [x.qid for x in read_questions(SETS / "new-manuals.jsonl")]
    older_ids += [x.qid for k in range(2, n) for x in read_questions(SETS / f"new-manuals-{k}.jsonl")]
    assert not set(ids) & set(older_ids)
    files = {m["file"] for m in manifest}
    assert {e[0] for x in new for e in x.evidence} <= files
    assert {e["file"] for r in convo for e in r["evidence"]} <= files
    assert not {m["deb_package"] for m in manifest} & {m["deb_package"] for m in older}
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
    monkeypatch.setattr(sys, "argv", ["answer_trust.py", "--work-dir", str(tmp_path), "--new3-lib", str(tmp_path)])
    args = trust.parse_args()
    assert "new-manuals-3" in args.sets and "new-manuals-2" not in args.sets
    assert set(trust.libraries_used(args)) == {"new", "pdfqa", "new3"} and args.new3_lib == tmp_path
    for asked in ("unanswerable-2", "conversations-3"):
        monkeypatch.setattr(sys, "argv", ["answer_trust.py", "--work-dir", str(tmp_path), "--sets", asked])
        with pytest.raises(SystemExit):
            trust.parse_args()
