"""The reader's word-pair bonus (`core.answer.word_pairs`): a pool sentence that writes the
question's word pairs (two content words next to each other once stop words are dropped)
scores more, so the sentence that says the question's phrase is quoted rather than one that
scatters its words (inline texts that fail without the rule)."""
from __future__ import annotations

from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.units import Unit
from core.answer.word_pairs import pair_share, paired_scores, word_pairs

QUESTION = "What input alignment formats does the program read?"
PASSAGES = [(1, "Trees: The input tree format is Newick, and the input trees need not contain all taxa of the "
                "alignment or every format.\nAlignments: The input alignment format is relaxed PHYLIP or FASTA.")]


def _first(question: str, passages: list, **settings) -> str:
    return ExtractiveReader(None, tagger=None, **settings).read(question, passages).render().splitlines()[0]


def test_pairs_are_neighbouring_content_words_in_order() -> None:
    assert word_pairs("What input alignment formats does the program read?") == {
        ("input", "alignment"), ("alignment", "format"), ("format", "program"), ("program", "read")}
    assert word_pairs("the the of") == set()


def test_a_sentence_needs_two_of_the_question_s_pairs() -> None:
    pairs = word_pairs("Which input alignment formats are read?")
    assert pair_share(pairs, "The input alignment format is PHYLIP.") == 2 / 3
    assert pair_share(pairs, "Each input alignment is checked.") == 0.0  # one pair: chance
    assert pair_share(pairs, "Each input alignment is checked.", least=1) == 1 / 3
    assert pair_share(pairs, "Formats of the alignment input differ.") == 0.0  # the words, not in order


def test_only_the_asking_sentence_gives_pairs() -> None:
    q = analyse_question("My input tree format is Newick. Which alignment formats are read?")
    pool = [Unit("The input tree format is Newick.", 1, "prose"), Unit("Alignment formats read: FASTA.", 1, "prose")]
    assert paired_scores(q, pool, [0.5, 0.5], 0.2) == [0.5, 0.5 + 0.2 * 2 / 2]
    assert paired_scores(q, pool, [0.5, 0.5], 0.0) == [0.5, 0.5]


def test_the_sentence_that_says_the_question_s_phrase_is_quoted() -> None:
    assert "PHYLIP" not in _first(QUESTION, PASSAGES)  # off by default (lost test questions)
    assert "PHYLIP" in _first(QUESTION, PASSAGES, pair_bonus=0.2)


def test_the_pick_does_not_depend_on_the_passage_order() -> None:
    flipped = [(1, "\n".join(reversed(PASSAGES[0][1].split("\n"))))]
    assert "PHYLIP" in _first(QUESTION, flipped, pair_bonus=0.2)
