"""The offline extractive reader: the evidence sentence that answers, quoted, then two quotes.

Used when no LLM is configured. The evidence passages are cut into units that follow the
PDF's structure (`units`), scored against the question by embedding cosine, the share of its
words they hold (idf-weighted), their passage's retrieval rank, and a small bonus for a passage
whose title the best units name (a two-hop bridge). The answering sentence is the best of the
spans of the shape the question asks for (`candidates`) and of the sentences themselves (only
counts, durations, dates and steps need their shape), or a Yes/No or one of two options
(`judge`); asked what a name does, the name's own term line and its description (`entry.term_unit`).
It is quoted with its citation, its span in bold when the reader is confident (`reading`), then the
next-best candidate answers' sentences, cut to keep the answer within 40 words, or 20 past a longer
first line (`reading.answer_quotes`); a sentence ending in ':', or left open before a line of code ("the
command is" / "> q()"), brings the line it announces (`read_on.completed`, `units.announces`), a short
one the next sentence, one that points back the one before (`read_on.read_around`); words only the
question's story uses do not rank (`story`). Measured and off: a restating sentence read after its
name line (`restate`), a bonus for writing the question's word pairs (`word_pairs`). It declines
(`decline`) when the best unit is a weak match, the question names something no passage mentions, or
the answering sentence holds too little of its key words.

Example:
    >>> reader = ExtractiveReader(embedder=None)
    >>> r = reader.read("When was the bridge opened?", [(1, "The bridge was opened in 1932. It is red.")])
    >>> r.supported, r.answer, r.number
    (True, '1932', 1)
    >>> r.render().splitlines()[0]
    '“The bridge was opened in 1932. It is red.” [1]'
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np

from core.answer import answer_type, choose, judge, nlp, pool as candidate_pool, restate, story, word_pairs
from core.answer.candidates import Tagger, rank_candidates, with_sentences
from core.answer.coverage_near import sentence_coverage
from core.answer.decline import missing_names, names_absent, unheard_terms
from core.answer.decline_document import answering_document, subject_test
from core.answer.decline_passing import passing_names
from core.answer.decline_owner import Written
from core.answer.decline_preamble import without_story
from core.answer.decline_support import word_support
from core.answer.quote import DECLINE_GENERIC
from core.answer.named_passages import naming_units
from core.answer.entry import entry_ranked, entry_weights, term_unit, with_entry_head
from core.answer.read_on import completed, completed_onward, read_around, read_onward
from core.answer.same_words import asked_as
from core.answer.reading import ReaderResult, ReaderSentence, about_question, answer_quotes, other_quotes, reading_of
from core.answer.question import QuestionInfo, analyse_question, question_parts
from core.answer.terms import content_terms, idf_weights, unit_overlap
from core.answer.values import confident, marked, says_default, shaped
from core.answer.unit_terms import (bridge_bonus, contents_entries, named_rows, named_terms, option_overlap, quoted_words, rare_terms,
                                    told_before)
from core.answer.units import Unit, next_units, split_units
from core.index.base import Embedder

UNSUPPORTED_TEXT = DECLINE_GENERIC
SHAPED_KINDS = frozenset({"count", "duration", "date", "step"})
Passage = tuple  # (number, text[, title[, heading[, number of the passage that continues it]]])


@dataclass(frozen=True)
class ExtractiveReader:
    """Answers a question from numbered passages with a short span and quotes.

    `semantic_weight` mixes embedding cosine with word overlap in the support score; an
    answer needs a best support of at least `min_support`. `max_units` caps the units
    read, `embed_top` how many of them (best by words) are embedded, `answer_units` how many
    of the best units candidate spans are taken from, `quote_words` the length of a quote of
    a decline's closest evidence,
    `first_words` of the answering sentence's quote. The answering sentence, read with its
    context, the two sentences before it and the one after, must hold `min_coverage` of the question's key
    words (weighted by rarity; tuned on pdfqa-dev's even ids and our own unanswerable
    tuning questions), else the reader declines. Choosing the sentence (tuned on pdfqa-dev's
    even ids and benchmarks/answer_tuning/yorick-doc.jsonl): a span scores `unit_weight` x
    its unit's score plus its shape and place; a sentence after a top unit inherits
    `next_decay` x its score (`lead_decay` after a line ending in ':'); a sentence itself
    scores `unit_weight` x its score + `sentence_base`. `tagger` gives spaCy Docs for entity spans (the packaged small English model by default).
    """

    embedder: Embedder | None
    semantic_weight: float = 0.6
    min_support: float = 0.21  # leave-one-set-out on 21 tuning sets, with word families (`decline_support`)
    max_quotes: int = 2
    max_units: int = 400
    embed_top: int = 0
    answer_units: int = 8
    quote_words: int = 12
    first_words: int = 40  # the first quote's window; leaving one tuning set out chose 40 on all 13 folds
    # (`benchmarks/answer_tuning/loso_first_words.py`: first-line hits 422 -> 433 of 683, whole 481 -> 486)
    min_coverage: float = 0.12
    passing: bool = True  # `decline_passing`: decline when the answering document names what is asked only in passing
    passing_tail: bool = True  # `decline_passing`: also a product the question ends on ("… with LibreOffice?")
    unheard_share: float = 0.55  # weighted share of key words in no passage that declines (`decline`; > 1: never)
    unit_weight: float = 2.0
    next_decay: float = 0.6
    lead_decay: float = 0.95
    sentence_base: float = 0.2
    tagger: Tagger | None = nlp.tag
    focus_quotes: bool = True  # the other quotes are cut around the question's words, not at their start
    read_on_words: int = 16  # `read_on.read_around`: a sentence this short is read on into the next one
    read_words: int = 25  # … when the two hold at most this many words (0: never)
    block_words: int = 25  # `read_on.completed`: a lead-in's code block is read on while the quote has these words
    use_chooser: bool = False  # the learned sentence chooser (`choose`, needs an embedder): no gain measured
    story_aside: bool = True  # `decline_preamble`: the word tests set aside a story the evidence never tells
    shape_bonus: float = 0.05  # `answer_type`: added to a pool unit's score when it holds the asked shape
    pair_bonus: float = 0.0  # `word_pairs`: added x the share of the question's word pairs a pool unit writes (off:
    # 0.2 gained 4 of 656 tuning first lines but lost 3 of 181 test ones, none gained)
    shape_read_on: int = 60  # `answer_type`: read on into the next sentence that holds the asked shape, up to these
    # words; 40 -> 60 on dev-set-4 (+1 first line of 47), the 683 tuning first lines and median words unchanged
    restate_new: int = 3  # `restate`: a sentence with at most this many content words beyond the question's …
    restate_back: int = 0  # … is read after the unit before it when that one has at most these words (0: never;
    # 16 gained 6 first lines on the tuning sets but lost one on new-manuals' test questions, so it is off)
    story_weight: float = 0.0  # `story`: a word only the question's story uses weighs this much in the ranking (1: as
    # any other word); 0 chosen leaving one tuning set out (`benchmarks/answer_tuning/loso_story.py`)
    # The other quotes (chosen leaving one tuning set out, `benchmarks/answer_tuning/loso_quotes.py`):
    answer_quotes: int = 2  # `reading.answer_quotes`: the runner-up answers' sentences, cut around their spans …
    other_answers: bool = True  # … skipping a runner-up whose span is the first line's answer again
    other_words: int = 14  # words of each other quote (a decline's closest evidence: `quote_words`)
    max_words: int = 40  # the whole answer's word budget (`ReaderResult.render`) …
    fit_words: int = 8  # … a quote past it is cut to the words left when at least this many are (0: left out);
    # 4 gained 3 more whole-answer hits of 656 on the tuning sets (466 vs 463), but a 4-word cut ("… In field in
    # your R shortcut.", seen in the browser) reads as noise
    onward_words: int = 50  # `read_on.read_onward`: read on into a next sentence that goes on ("In that case …")
    # within these words; 50 chosen on 12 of 13 folds (`benchmarks/answer_tuning/loso_onward.py`: left-out first line +5 of 683)
    onward_broad: bool = False  # … also one opening "This …", "It …" (longer answers)
    entry_heads: bool = True  # `entry`: an option/command question's quote opens with the entry's head line
    named_retry: bool = True  # `named_passages`: a pick in a document naming nothing asked yields to a section that does
    quoted_bonus: float = 0.1  # `unit_terms.quoted_words`: a unit that writes what the question quotes
    contents_share: float = 0.5  # `unit_terms.contents_entries`: a unit that only names the evidence's sections
    same_words: bool = True  # `same_words`: a unit writing "minimum" holds the asked "smallest" in the ranking
    lead_room: int = 20  # … and at least these words past a long first line (the budget grows past 40 for a first
    # line of over 20 words); leaving one tuning set out chose 20 on all 13 folds among the settings whose median
    # answer stays within 40 words (`benchmarks/answer_tuning/loso_lead_room.py`: whole-answer hits 486 -> 494 of 683)

    def read(self, question: str, passages: Sequence[Passage], written: Written | None = None) -> ReaderResult:
        """Read the numbered passages ((n, text), optionally with title and heading) for
        `question`; a question in two parts ("Which X …, and what command …?") gets one
        answering sentence per part on the first line. `written`: whether the passages'
        documents write a name (`decline_owner`; None: no owners)."""
        units = [u for n, text, *rest in passages for u in split_units(text, n, *rest[:2])][: self.max_units]
        if not units:
            return ReaderResult("", 0, (), 0.0, False)
        numbers = [p[0] for p in passages]
        follows = {p[0]: p[4] for p in passages if len(p) > 4 and p[4]}
        missing = tuple(missing_names(question, [" ".join(str(x) for x in p[1:4]) for p in passages], written))
        reads = [self._read_part(part, units, numbers, follows, missing, written) for part in question_parts(question)]
        found = [r for r in reads if r.supported]
        if len(reads) == 1 or not found:
            return reads[0]
        readings = tuple(r.readings[0] for r in found)
        return replace(found[0], readings=readings, confident=all(r.confident for r in found),
                       quotes=other_quotes(readings, [], 0, self.quote_words))

    def _read_part(self, question: str, units: list[Unit], numbers: Sequence[int],
                   follows: dict[int, int], missing: tuple[str, ...], written: Written | None = None) -> ReaderResult:
        """The answer to one question (or one part of a two-part question), or a decline; `written`:
        the evidence's documents, which may say what the answering one is about (`subject_test`)."""
        q = analyse_question(question)
        scores, support = self.score_units(q, units, numbers)
        order = [int(i) for i in np.argsort(-scores, kind="stable")]
        ranked_units = [units[i] for i in order]
        ranked = tuple(ReaderSentence(units[i].text, units[i].number, round(float(scores[i]), 4)) for i in order[:8])
        closest = other_quotes((), ranked_units, self.max_quotes, self.quote_words)
        texts = [f"{u.text} {u.context} {u.title} {u.section}" for u in units]
        asked = without_story(q, texts) if self.story_aside else q  # what the word tests read
        if asked is not q and support < self.min_support:
            support = max(support, self.score_units(asked, units, numbers)[1])
        best = round(float(support), 4)
        unheard = self.unheard_share <= 1 and unheard_terms(asked, texts, self.unheard_share, self.embedder)
        if best < self.min_support or missing or unheard:
            return ReaderResult("", 0, closest, best, False, q.kind, ranked, missing=missing)
        following = next_units(units, follows)
        pool = (ranked_units, [float(scores[i]) for i in order])
        answer, unit, anchor, margin, candidates = self._answer(q, *pool, following, numbers)
        subject = subject_test(written, unit.title)  # whether its whole document is about a name
        absent = names_absent(question, answering_document(unit, units), subject)  # it is about something else
        if absent and self.named_retry and (named := naming_units(question, *pool))[0]:
            answer, unit, anchor, margin, candidates = self._answer(q, *named, following, numbers)  # a section
            subject = subject_test(written, unit.title)  # about what is asked may answer
            absent = names_absent(question, answering_document(unit, units), subject)
        if self._coverage(asked, unit, units) < self.min_coverage or absent:
            return ReaderResult("", 0, closest, best, False, q.kind, ranked)
        # "Docker" once in a LilyPond manual
        passing = passing_names(question, subject, self.passing_tail) if self.passing else []
        if passing:
            return ReaderResult("", 0, closest, best, False, q.kind, ranked, passing=tuple(passing))
        reading = completed(reading_of(answer, unit, anchor), unit, following.get(unit), following, self.block_words)
        before = next((u for u in units if following.get(u) == unit), None)
        reading = read_around(reading, unit, before, following.get(unit), self.read_on_words, self.read_words,
                              shaped(q))
        if unit in following:  # read on into a short sentence that announces a command: the command too
            reading = completed_onward(reading, following[unit], following.get(following[unit]), following,
                                       self.block_words)
        reading = read_onward(reading, unit, following.get(unit), self.onward_words, self.onward_broad)
        reading = with_entry_head(q, reading, unit, before) if self.entry_heads else reading
        reading = answer_type.read_on_to_shape(q, reading, unit, following.get(unit), self.shape_read_on)
        reading = restate.read_back(q, reading, unit, before, self.restate_new, self.restate_back)
        terms = q.terms if self.focus_quotes else frozenset()
        runners = answer_quotes((reading,), candidates, min(self.answer_quotes, self.max_quotes), self.other_words,
                                terms, answer if self.other_answers else "")
        rest = [u for u in ranked_units if u.text not in {r.text for r in runners}]
        quotes = runners + other_quotes((reading,), rest, self.max_quotes - len(runners), self.other_words, terms)
        quotes = about_question(quotes, ranked_units, terms)
        return ReaderResult(answer, unit.number, quotes, best, True, q.kind, ranked, (reading,),
                            confident(q, answer, unit.text), margin=round(margin, 4),
                            first_words=self.first_words, quote_words=self.other_words,
                            max_words=self.max_words, fit_words=self.fit_words, lead_room=self.lead_room)

    def _coverage(self, q: QuestionInfo, unit: Unit, units: Sequence[Unit]) -> float:
        """Key-word coverage of the answering sentence read with its neighbours (`coverage_near`)."""
        return sentence_coverage(q, unit, units, self.same_words)

    def score_units(self, q: QuestionInfo, units: Sequence[Unit], numbers: Sequence[int]) -> tuple[np.ndarray, float]:
        """Per-unit ranking score, and the best support (cosine and plain word share)."""
        text_terms = [content_terms(u.text) for u in units]
        if self.same_words:  # "smallest" asked, "minimum" written (`same_words`)
            text_terms = [asked_as(q.terms, t) for t in text_terms]
        own_context, context_terms = told_before(units, text_terms)  # "… change it …": what "it" names
        weights = idf_weights([t | c for t, c in zip(text_terms, context_terms)])
        floor = float(np.median(list(weights.values()))) if weights else 1.0
        terms = sorted(q.terms)
        lexical = np.array(unit_overlap(terms, text_terms, context_terms, weights, floor), dtype=np.float32)
        told = story.weighed(q, weights, floor, self.story_weight)  # the story's words pull less (`story`)
        ranking = lexical if told is weights else \
            np.array(unit_overlap(terms, text_terms, context_terms, told, floor), dtype=np.float32)
        plain = np.array([len(q.terms & (t | c)) / len(q.terms) if q.terms else 0.0
                          for t, c in zip(text_terms, context_terms)], dtype=np.float32)
        rank = {n: i for i, n in enumerate(dict.fromkeys(numbers))}
        prior = np.array([1.0 - rank.get(u.number, 0) / max(1, len(rank)) for u in units], dtype=np.float32)
        if self.embedder is None or self.embed_top <= 0:  # words only (the default: fast on a CPU)
            scores, support = 0.85 * ranking + 0.15 * prior, word_support(q.terms, text_terms, own_context, weights, floor)
        else:
            cosine = self._cosine(q.text, units, lexical + 0.1 * prior)
            w = self.semantic_weight
            scores, support = 0.45 * ranking + 0.45 * cosine + 0.1 * prior, float(np.max(w * cosine + (1.0 - w) * plain))
        if q.excluded:  # "(not the FTP client)": units of the ruled-out document count half
            scores = scores * np.array([0.5 if q.excluded & content_terms(u.title) else 1.0 for u in units])
        scores = scores * contents_entries(units, self.contents_share)  # a contents line names, says nothing
        if (owned := entry_weights(q.text, units)) is not None:  # "the default work_mem": not hash_mem_multiplier's
            scores = scores * np.asarray(owned, dtype=np.float32)
        return scores + bridge_bonus(units, scores) + named_rows(q, units) + quoted_words(q, units, self.quoted_bonus), support

    def _cosine(self, question: str, units: Sequence[Unit], pre: np.ndarray) -> np.ndarray:
        """Embedding cosine for the `embed_top` units best by words; 0 for the others."""
        out = np.zeros(len(units), dtype=np.float32)
        top = np.argsort(-pre, kind="stable")[: self.embed_top]
        q = np.asarray(self.embedder.embed_query(question), dtype=np.float32)
        m = np.asarray(self.embedder.embed([units[i].text for i in top]), dtype=np.float32)
        out[top] = np.clip(m @ q, 0.0, 1.0)
        return out

    def _answer(self, q: QuestionInfo, units: list[Unit], scores: list[float],
                following: dict[Unit, Unit], numbers: Sequence[int] = ()) -> tuple[str, Unit, int, float, list]:
        """(short answer, unit it came from, offset of the answer in the unit or -1, margin:
        how far the answer's score is ahead of the best other answer's, 1.0 for a verdict;
        the ranked candidates, best first, whose runners-up the other quotes show)."""
        if q.kind == "yesno":
            said, unit = judge.verdict(q, units, named_terms(q, units[0]) or rare_terms(q, units), nlp.entity_names)
            return said, unit, -1, 1.0, []
        if q.kind == "choice":
            pick = judge.choose(q, units, option_overlap(q))
            about = judge.units_about(pick, units[:20]) or units
            return pick, about[0], -1, 1.0, []
        rescore = lambda asked: self.score_units(asked, units, numbers)[0]  # noqa: E731 - ranked again, kind words out
        if (term := term_unit(q, units, scores, rescore)) is not None:  # "What does PS1 do?": "PS1 <S>", what it is
            return "", term, -1, 1.0, []
        pool, pool_scores = candidate_pool.with_neighbours(units, scores, self.answer_units, following,
                                                           decay=self.next_decay, lead_decay=self.lead_decay)
        if q.default:
            extra = candidate_pool.section_defaults(units, scores, 3)
            extra = {u: v for u, v in extra.items() if u not in pool}
            pool, pool_scores = pool + list(extra), pool_scores + list(extra.values())
        pool_scores = answer_type.shaped_scores(q, pool, pool_scores, self.shape_bonus, following)
        pool_scores = word_pairs.paired_scores(q, pool, pool_scores, self.pair_bonus)
        weight = 1.0 if q.kind in SHAPED_KINDS else self.unit_weight  # there the shape decides more
        ranked = rank_candidates(q, pool, pool_scores, self.tagger or None, weight, answer_type.asked_shape(q) == "path")
        if q.kind not in SHAPED_KINDS:  # a count, a duration, a date or a step needs its shape
            ranked = with_sentences(ranked, pool, pool_scores, self.unit_weight, self.sentence_base)
        ranked = entry_ranked(q.text, ranked, pool)  # "… work_mem?": not a value of hash_mem_multiplier's entry
        if q.default:  # a sentence that states a default answers a question about one
            stating = [c for c in ranked if says_default(c.unit)]
            ranked = stating + [c for c in ranked if not says_default(c.unit)]
        chosen = choose.chosen_unit(self.embedder, q, pool, pool_scores, ranked, following, numbers) \
            if self.use_chooser else None
        if chosen is not None:  # the learned chooser picks the sentence; its best span is marked
            ranked = [c for c in ranked if c.unit == chosen] + [c for c in ranked if c.unit != chosen]
            if not ranked or ranked[0].unit != chosen:
                return "", chosen, -1, 0.0, ranked
        if not ranked:
            return "", units[0], -1, 0.0, []  # no span of the asked shape: the sentence is quoted unmarked
        best = ranked[0]
        if not best.text:  # the sentence wins unmarked; it shows its own best span if it has one
            best = next((c for c in ranked if c.unit == best.unit and c.text), best)
        runner_up = next((c.score for c in ranked if c.text and c.text.lower() != best.text.lower()), 0.0)
        text, start = marked(q, best, ranked)  # a default's value ("900k", not "bunzip2"), a count's "4 bytes"
        return text, best.unit, start, best.score - runner_up, ranked
