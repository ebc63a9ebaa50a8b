"""The reader's tagging cache: the same Docs as a fresh tagging, computed once, bounded."""
from __future__ import annotations

import pytest

from core.answer import nlp
from core.answer.doc_cache import DocCache

TEXTS = ["Scott Derrickson is an American director.",
         "The valve seal is replaced every 6 months by the on-call engineer in Oslo.",
         "Run chemnum --viewport 3 to draw the third viewport of the output pipeline."]


def signature(doc) -> tuple:
    """Everything the reader reads of a Doc: entities, noun chunks, tags and the parse."""
    return (doc.text, [(e.text, e.label_, e.start_char) for e in doc.ents],
            [(c.text, c.start_char, c.root.pos_) for c in doc.noun_chunks],
            [(t.tag_, t.pos_, t.dep_, t.head.i) for t in doc])


def test_cache_computes_missing_texts_once_in_first_seen_order():
    calls = []
    cache = DocCache(10)

    def upper(texts):
        calls.append(list(texts))
        return [t.upper() for t in texts]

    assert cache.get_many(["b", "a", "b"], upper) == ["B", "A", "B"]
    assert cache.get_many(["a", "c"], upper) == ["A", "C"]
    assert calls == [["b", "a"], ["c"]]


def test_cache_is_bounded_and_drops_the_least_recently_used():
    cache = DocCache(2)
    calls = []

    def ident(texts):
        calls.extend(texts)
        return list(texts)

    cache.get_many(["a", "b"], ident)
    cache.get_many(["a"], ident)  # "a" used last: "b" goes first
    cache.get_many(["c"], ident)
    assert len(cache) == 2
    cache.get_many(["a", "b"], ident)
    assert calls == ["a", "b", "c", "b"]


def test_cache_refuses_a_wrong_count_and_a_bad_size():
    with pytest.raises(ValueError, match="computed 1 values for 2 texts"):
        DocCache(3).get_many(["a", "b"], lambda texts: ["x"])
    with pytest.raises(ValueError, match="at least 1"):
        DocCache(0)


def test_tag_gives_a_fresh_taggings_docs_and_tags_each_text_once(monkeypatch):
    pipe = nlp.pipeline()
    assert pipe is not None, "the packaged spaCy model is part of the install"
    monkeypatch.setattr(nlp, "tag_cache", DocCache(nlp.CACHE_SIZE))
    fresh = [signature(pipe(t)) for t in TEXTS]
    first = nlp.tag(TEXTS)
    assert [signature(d) for d in first] == fresh
    assert any(e.label_ == "PERSON" for e in first[0].ents)  # the model really tagged
    second = nlp.tag(list(reversed(TEXTS)))
    assert [signature(d) for d in second] == fresh[::-1]
    assert all(a is b for a, b in zip(second, reversed(first)))  # from the cache, not tagged again


def test_tag_cache_stays_within_its_size(monkeypatch):
    monkeypatch.setattr(nlp, "tag_cache", DocCache(2))
    docs = nlp.tag(TEXTS)
    assert len(nlp.tag_cache) == 2
    assert [d.text for d in docs] == TEXTS
    again = nlp.tag(TEXTS[:1])  # dropped, so tagged afresh: the same tags
    assert again[0] is not docs[0] and signature(again[0]) == signature(docs[0])
