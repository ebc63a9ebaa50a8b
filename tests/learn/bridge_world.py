"""A generated world where the next hop follows a bridge entity named only in the text.

Each item's page says which company made it; the question asks who founded that maker.
The right next hop is the maker's page; a decoy page repeats the item's name and the
question's words (so it wins on relevance and on similarity to the path) but belongs to
another company. Names are drawn from syllables with a seed, so every run is the same.
"""
from __future__ import annotations

import random

from core.learn.hop_data import HopExample

SYLLABLES = ("ka", "lo", "mi", "ru", "ze", "ta", "no", "vi", "sa", "pe", "do", "gu", "fi", "ba", "ly")


def name(rng: random.Random, parts: int = 3) -> str:
    """A made-up capitalised word."""
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def world(rng: random.Random) -> dict:
    """One question with its path text, the maker's page and a decoy page."""
    item, maker, decoy, founder, other = (name(rng) for _ in range(5))
    return {
        "question": f"Who founded the company that made the {item} lamp?",
        "path": f"{item}: The {item} lamp is a desk lamp made by {maker}.",
        "right": f"{maker}: {maker} is a firm; {maker} was founded by {founder}.",
        "wrong": f"{decoy}: {decoy} was founded by {other}; {decoy} sells the {item} lamp, a desk lamp.",
    }


def worlds(n: int, seed: int) -> list[dict]:
    """n independent worlds."""
    rng = random.Random(seed)
    return [world(rng) for _ in range(n)]


def examples(ws: list[dict]) -> list[HopExample]:
    """A positive and a negative next-hop pair per world."""
    out = []
    for w in ws:
        out.append(HopExample(w["question"], (w["path"],), w["right"], 1.0))
        out.append(HopExample(w["question"], (w["path"],), w["wrong"], 0.0))
    return out


def world_library(tmp_path, n: int, seed: int, make, golds: int):
    """n worlds of `make(rng) -> (question, [(title, text), ...])` in one MiniLibrary with no
    keyword or semantic edges (only mention and structural ones); each question's gold is
    its first `golds` pages."""
    from core.retrieve.train import LabelledQuestion
    from tests.graph.doubles import MiniLibrary

    lib = MiniLibrary(tmp_path, keyword_threshold=99, rare_keyword_df=0, semantic_top_k=0)
    rng = random.Random(seed)
    questions = []
    for _ in range(n):
        question, pages = make(rng)
        ids = [lib.add(t, text)[0].chunk_id for t, text in pages]
        questions.append(LabelledQuestion(question, tuple(ids[:golds])))
    return lib, questions
