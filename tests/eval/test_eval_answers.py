"""Answer metrics (answer_hit, answer_f1, EM, words) on a tiny inline set, by hand."""
from __future__ import annotations

import json

import pytest
from tests.eval.test_eval_run import PASSAGES, Scripted
from tests.retrieve.ir_doubles import make_context
from tests.test_cli import cli, corpus_library  # noqa: F401  (the module's CLI library fixture)

from core.eval.answers import first_line, is_hit, occurs, short_answer_ok, token_f1, word_count
from core.eval.questions import Question
from core.eval.report import answer_rows, write_details
from core.eval.run import evaluate
from core.types import Answer, RetrievalResult

QUESTIONS = [
    Question("a", "first?", answer="69", short_answers=(("69",),)),
    Question("b", "second?", answer="Chief of Protocol"),
    Question("c", "third?", answer="yes", short_answers=(("yes",),)),
]
REPLIES = {
    "first?": ("69 [1]\n“Defaults is the standardized number 69.” [1]", 0, 0),
    "second?": ("the Chief of Protocol of the United States [2]", 1, 15),
    "third?": ("The evidence does not answer this question.", 0, 0),
}
SCRIPT = {"first?": ["p1"], "second?": ["p2"], "third?": ["p3"]}


def _answerer(name: str, question: str) -> Answer:
    text, calls, tokens = REPLIES[question]
    return Answer(question, text, "extractive", (), RetrievalResult(question, name, ()), calls, tokens, 5.0)


def test_matching_rule_of_the_bench_readme():
    assert occurs("FTP", "use FTP, not TFTP") and not occurs("FTP", "TFTP only")
    assert occurs("stop_listener", "call ssh:stop_listener/1") and occurs("4,095", "up to 4,095 students")
    assert occurs("public keys", "a basic  understanding of\npublic keys")  # whitespace collapsed
    assert short_answer_ok("GUILE_FLAVOR=guile-3.0 [1]", (("GUILE_FLAVOR",), ("guile-3.0",)))
    assert not short_answer_ok("GUILE_FLAVOR [1]", (("GUILE_FLAVOR",), ("guile-3.0",)))
    assert short_answer_ok("the de\ufb01nition", (("definition",),))  # a ligature glyph reads as its letters
    assert is_hit("ans", Question("p", "?", answer_patterns=(r"a\s*ns",)))
    assert is_hit("Lord Byron [2]", Question("x", "?", answer="lord byron")) and not is_hit("Byron", Question("x", "?", answer="Lord Byron"))


def test_first_line_f1_and_words():
    assert first_line("\n**Answer:** 69 [1]\nbecause [1]") == "69"
    assert first_line("The answer is:\n69 [1]") == "69" and first_line("The answer is: 69 [1]") == "69"
    assert token_f1("the Chief of Protocol of the United States", "Chief of Protocol") == pytest.approx(2 / 3)
    assert token_f1("", "") == 1.0 and token_f1("x", "y") == 0.0
    assert word_count("69 [1]\n“Defaults is the standardized number 69.” [1]") == 7


def test_evaluate_with_answers_by_hand():
    ctx = make_context(PASSAGES)
    report = evaluate({"s": Scripted(ctx.catalog, SCRIPT)}, QUESTIONS, ks=(1,), catalog=ctx.catalog, answerer=_answerer)
    m = report.to_json()["retrievers"]["s"]
    # hits: a yes, b yes ("Chief of Protocol" occurs), c no -> 2/3; first lines the same
    assert m["answer_hit"] == pytest.approx(0.6667) and m["answer_hit_first_line"] == pytest.approx(0.6667)
    # F1: a 1; b P=3/6 R=1 -> 2/3; c 0 -> mean 0.5556; EM only a
    assert m["answer_f1"] == pytest.approx(0.5556) and m["answer_em"] == pytest.approx(0.3333)
    assert m["answer_words_p50"] == 7.0  # words 7, 8, 7
    assert (m["llm_calls"], m["llm_tokens"], m["ask_ms_p50"]) == (1, 15, 5.0)
    rows = answer_rows(report, "s")
    assert [(r["id"], r["gold"], r["short_answer"], r["hit"]) for r in rows] == [
        ("a", "69", "69", 1.0), ("b", "Chief of Protocol", "the Chief of Protocol of the United States", 1.0),
        ("c", "yes", "The evidence does not answer this question.", 0.0)]


def test_without_answerer_no_answer_metrics():
    ctx = make_context(PASSAGES)
    m = evaluate({"s": Scripted(ctx.catalog, SCRIPT)}, QUESTIONS, ks=(1,), catalog=ctx.catalog).to_json()["retrievers"]["s"]
    assert not any(k.startswith("answer_hit") for k in m)


def test_cli_eval_answers(corpus_library, tmp_path):  # noqa: F811
    data_dir, _ = corpus_library
    q = tmp_path / "q.jsonl"
    q.write_text(json.dumps({"id": "q1", "question": "Who designed the Analytical Engine mechanical computer?",
                             "answer": "Charles Babbage", "short_answers": [["Babbage"]]}) + "\n")
    details = tmp_path / "details.jsonl"
    out = json.loads(cli(data_dir, "eval", "--questions", str(q), "--retrievers", "bm25", "--k", "1",
                         "--answers", "--details", str(details), "--json").stdout)
    m = out["retrievers"]["bm25"]
    assert (m["answer_hit"], m["answer_hit_first_line"], m["llm_calls"]) == (1.0, 1.0, 0)
    assert 0 < m["answer_f1"] < 1  # the first line is the quoted evidence sentence, not the bare name
    row = json.loads(details.read_text().splitlines()[0])
    assert "Charles Babbage" in row["short_answer"] and row["gold"] == "Charles Babbage" and row["hit"] == 1.0


def test_details_file_without_answers(tmp_path):
    ctx = make_context(PASSAGES)
    report = evaluate({"s": Scripted(ctx.catalog, SCRIPT)}, QUESTIONS, ks=(1,), catalog=ctx.catalog)
    write_details(report, tmp_path / "d.jsonl")
    assert [json.loads(x)["id"] for x in (tmp_path / "d.jsonl").read_text().splitlines()] == ["a", "b", "c"]
