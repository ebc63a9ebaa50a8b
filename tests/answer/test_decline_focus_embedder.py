"""The decline rule's focus test compares words with the library's embedder, already loaded, so
a process that answers through a library loads one sentence model, not a second copy of it."""
from __future__ import annotations

import core.index.embedder as embedder_module
from core.answer import decline_focus
from tests.app.fixtures import write_jsonl

BZIP2 = [
    {"id": "bzip2-options", "title": "bzip2 and libbzip2", "text": "bzip2 prints its messages on the standard "
     "error stream. Use -q to suppress non-essential warning messages. Messages pertaining to I/O errors and "
     "other critical events will not be suppressed."},
    {"id": "bzip2-limits", "title": "bzip2 and libbzip2", "text": "I/O error messages are not as helpful as they "
     "could be. bzip2 tries hard to detect I/O errors and exit cleanly, but the details of what the problem is "
     "sometimes seem rather misleading."},
]


def test_answering_through_a_library_uses_its_embedder_for_the_focus_words(make_library, tmp_path, monkeypatch):
    lib = make_library()
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", BZIP2))
    built, batches = [], []
    init = embedder_module.SentenceEmbedder.__init__

    def counted(self, *args, **kwargs):
        built.append(args)
        init(self, *args, **kwargs)

    monkeypatch.setattr(embedder_module.SentenceEmbedder, "__init__", counted)
    monkeypatch.setattr(decline_focus, "_SEEN", {})  # words an earlier test embedded would skip the model
    embed = lib.embedder.embed
    monkeypatch.setattr(lib.embedder, "embed", lambda texts: batches.append(list(texts)) or embed(texts))
    answer = lib.ask("What typeface does bzip2 print its messages in?", "hybrid", 3)
    assert answer.text.startswith("The documents do not say")  # the focus test still declines
    assert any("typeface" in batch for batch in batches)  # … with the library's model
    assert built == []  # and no second model was built for it


def test_an_embedder_of_another_model_is_not_used_for_the_focus_words(tmp_path):
    from core.answer.decline_focus import pick_embedder

    class Hashing:  # a test double with no model path: its cosines mean nothing to the threshold
        dim = 4

    own = pick_embedder(None)
    assert pick_embedder(Hashing()) is own
    other = embedder_module.SentenceEmbedder(str(tmp_path))  # another model folder (never loaded here)
    assert pick_embedder(other) is own
    same = embedder_module.SentenceEmbedder(device="cpu")
    assert pick_embedder(same) is same
