"""Chroma backend: the shared vector contract, embedded and against a real `chroma run` server."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from core.errors import BackendError, ConfigError
from core.index.vector_chroma import ChromaVectorIndex, parse_server_url

from tests.servers import free_port, running

from .contract_vector import DOCS, IDS, Q, VECS, VectorIndexContract, ids_of


def _chroma_binary() -> str:
    found = shutil.which("chroma") or str(Path(sys.executable).with_name("chroma"))
    if not Path(found).exists():
        pytest.fail("the `chroma` command (installed with chromadb) is missing")
    return found


def _answers(url: str) -> bool:
    import chromadb
    from chromadb.config import Settings

    host, port, _ = parse_server_url(url, 8000)
    try:
        chromadb.HttpClient(host=host, port=port, settings=Settings(anonymized_telemetry=False)).heartbeat()
        return True
    except Exception:
        return False


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory):
    """A real Chroma server on a free localhost port, started here and killed at the end."""
    root = tmp_path_factory.mktemp("chroma-server")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [_chroma_binary(), "run", "--path", str(root / "data"), "--host", "127.0.0.1", "--port", str(port)]
    with running(cmd, lambda: _answers(url), root / "server.log", env={"ANONYMIZED_TELEMETRY": "False"}):
        yield url


class TestChromaEmbedded(VectorIndexContract):
    @pytest.fixture
    def make_index(self, tmp_path):
        handles: list[ChromaVectorIndex] = []

        def make():
            for old in handles:  # a new handle stands for a restarted process
                old.close()
            handles.append(ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma"))
            return handles[-1]

        yield make
        for old in handles:
            old.close()


class TestChromaServer(VectorIndexContract):
    @pytest.fixture
    def make_index(self, chroma_server):
        name = f"test_{uuid.uuid4().hex[:12]}"  # one fresh collection per test
        return lambda: ChromaVectorIndex(name, url=chroma_server)


def test_embedded_store_survives_a_new_process(tmp_path):
    first = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    first.upsert(IDS, VECS, DOCS)
    first.close()
    script = (
        "import sys, numpy as np\n"
        "from pathlib import Path\n"
        "from core.index.vector_chroma import ChromaVectorIndex\n"
        "idx = ChromaVectorIndex('folio_chunks', path=Path(sys.argv[1]))\n"
        "print(idx.count(), [c for c, _ in idx.query(np.array([0.6, 0.8, 0, 0], dtype=np.float32), 3)])\n"
    )
    env = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
    out = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "chroma")],
        capture_output=True, text=True, timeout=120, env=env, cwd=Path(__file__).parents[2],
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "5 ['b', 'c', 'a']"


def test_unreachable_server_names_url_and_fix():
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(BackendError) as err:
        ChromaVectorIndex("folio_chunks", url=url).count()
    assert url in str(err.value) and "chroma run --path" in str(err.value)


def test_needs_exactly_one_of_path_or_url(tmp_path):
    with pytest.raises(ConfigError):
        ChromaVectorIndex("c")
    with pytest.raises(ConfigError):
        ChromaVectorIndex("c", path=tmp_path, url="http://localhost:8000")


def test_parse_server_url():
    assert parse_server_url("http://localhost:8000", 1) == ("localhost", 8000, False)
    assert parse_server_url("https://chroma.example", 8000) == ("chroma.example", 443, True)
    assert parse_server_url("127.0.0.1", 8000) == ("127.0.0.1", 8000, False)
    with pytest.raises(ConfigError):
        parse_server_url("ftp://x", 8000)
    with pytest.raises(ConfigError):
        parse_server_url("http://host:notaport", 8000)


def test_large_upsert_is_split_into_batches(tmp_path):
    import numpy as np

    index = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    n = 6000  # above Chroma's maximum batch (5461 in chromadb 1.x)
    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(n, 8)).astype(np.float32)
    ids = [f"c{i}" for i in range(n)]
    index.upsert(ids, vecs, ["d"] * n)
    assert index.count() == n
    assert ids_of(index.query(vecs[4321], 1)) == ["c4321"]
    index.close()


def test_query_matches_contract_constants():
    # guards the hand computation the contract relies on
    import numpy as np

    cos = VECS @ Q / np.linalg.norm(VECS, axis=1)
    assert [IDS[i] for i in np.argsort(-cos)[:3]] == ["b", "c", "a"]
