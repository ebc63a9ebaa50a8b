"""One real llama.cpp server (Gemma 3 270M) for every `llm` test in the session."""
from __future__ import annotations

import importlib.util
import os

import pytest

# Outside CI a missing llama-cpp-python skips the suite; under `.ci/run` (FOLIO_CI=1), which
# builds it, the tests run and fail instead, so a broken build never passes as a skip.
needs_llama = pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None and not os.environ.get("FOLIO_CI"),
                                 reason="llama-cpp-python is not installed (pip install 'folio[llm]')")


@pytest.fixture(scope="session")
def llama_url():
    """Start the server on a free localhost port; stopped at the end of the session."""
    from tests.answer.llama_server import llama_server

    with llama_server() as url:
        yield url
