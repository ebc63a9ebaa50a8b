"""Shared test set-up: offline model hub, one embedder per session, a library factory.

pytest-socket (configured in pyproject.toml) refuses every connection except to localhost,
so a test that reaches the outside world fails unless marked `integration`.
"""
from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ["ANONYMIZED_TELEMETRY"] = "False"
for _var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "FOLIO_LLM_MODEL", "FOLIO_CHROMA_URL", "FOLIO_DATA_DIR"):
    os.environ.pop(_var, None)  # tests choose their own backends and LLM explicitly

import pytest  # noqa: E402


def pytest_collection_modifyitems(config, items):
    """Let tests marked `integration` use the network; all others stay on localhost."""
    for item in items:
        if "integration" in item.keywords:
            item.add_marker(pytest.mark.enable_socket)


@pytest.fixture(scope="session")
def embedder():
    """The packaged all-MiniLM-L6-v2, loaded once for the whole test session."""
    from core.index.embedder import SentenceEmbedder

    emb = SentenceEmbedder()
    emb.embed(["warm up"])
    return emb


@pytest.fixture
def make_library(tmp_path, embedder):
    """Factory for a Library in a fresh data dir that shares the session's embedder."""
    from core.config import Settings
    from core.library import Library

    opened = []

    def _make(data_dir=None, env=None, **kwargs):
        settings = Settings.load(data_dir or tmp_path / "lib", env=env or {})
        lib = Library(settings, embedder=embedder, **kwargs)
        opened.append(lib)
        return lib

    yield _make
    for lib in opened:
        lib.catalog.close()
