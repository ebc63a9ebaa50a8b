"""Settings: defaults, folio.toml, environment variables, and clear errors."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.errors import ConfigError


def test_defaults_mean_embedded_stores_and_no_llm(tmp_path):
    s = Settings.load(tmp_path, env={})
    assert s.stores.chroma_url == "" and s.stores.es_url == ""
    assert not s.llm.configured and s.llm.merge_system is False


def test_env_overrides_toml_and_bools_parse(tmp_path):
    (tmp_path / "folio.toml").write_text('[llm]\nmodel = "from-toml"\nmerge_system = true\n'
                                         '[chunking]\nmax_words = 99\n')
    s = Settings.load(tmp_path, env={"FOLIO_LLM_MODEL": "from-env", "OPENAI_BASE_URL": "http://x/v1"})
    assert s.llm.model == "from-env" and s.llm.configured
    assert s.llm.merge_system is True and s.chunking.max_words == 99
    off = Settings.load(tmp_path, env={"FOLIO_LLM_MERGE_SYSTEM": "false"})
    assert off.llm.merge_system is False


def test_bad_values_name_the_setting(tmp_path):
    with pytest.raises(ConfigError, match=r"\[chunking\] max_words='many' is not a valid int"):
        (tmp_path / "folio.toml").write_text('[chunking]\nmax_words = "many"\n')
        Settings.load(tmp_path, env={})
    (tmp_path / "folio.toml").write_text('[chunking]\nmax_wordz = 3\n')
    with pytest.raises(ConfigError, match="unknown setting \\[chunking\\] max_wordz; valid: max_words"):
        Settings.load(tmp_path, env={})
    with pytest.raises(ConfigError, match="merge_system='maybe'"):
        Settings.load(tmp_path / "other", env={"FOLIO_LLM_MERGE_SYSTEM": "maybe"})
