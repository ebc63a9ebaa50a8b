"""content_terms is memoised: each call still gets its own set, equal to a fresh computation."""
from __future__ import annotations

from core.answer import terms

TEXT = "Which call stops the ssh:stop_listener/1 daemons?"


def test_cached_terms_equal_a_fresh_computation_and_are_a_private_copy():
    terms._content_terms.cache_clear()
    first = terms.content_terms(TEXT)
    assert first == {"call", "daemon", "listener", "ssh", "ssh:stop_listener/1", "stop", "stop_listener"}
    first.add("changed")
    first -= {"call"}
    again = terms.content_terms(TEXT)
    assert again == terms._content_terms.__wrapped__(TEXT)  # the uncached function's answer
    assert "changed" not in again and "call" in again
    assert terms._content_terms.cache_info().hits == 1


def test_the_caches_are_bounded():
    assert terms._content_terms.cache_info().maxsize == 4096
    assert terms.stem.cache_info().maxsize == 65536
    assert terms.stem("Options") == "option" == terms.stem.__wrapped__("Options")
