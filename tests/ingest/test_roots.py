"""Allowed roots for paths typed into the app: inside, outside, '..', symlinks, hidden, no probing."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.errors import ConfigError, PathRefused
from core.ingest.roots import ImportRoots


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """home/ (the root) with papers, a hidden .ssh, the data dir and links out; outside/ next to it."""
    home, outside = tmp_path / "home", tmp_path / "outside"
    (home / "papers" / "2024").mkdir(parents=True)
    (home / "papers" / "2024" / "a.pdf").write_bytes(b"%PDF-1.4")
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("secret")
    (home / "folio-data").mkdir()
    outside.mkdir()
    (outside / "secret.pdf").write_bytes(b"%PDF-1.4")
    (home / "papers" / "out").symlink_to(outside)
    (home / "papers" / "keys").symlink_to(home / ".ssh")
    (home / "shortcut").symlink_to(home / "papers")
    monkeypatch.setenv("HOME", str(home))
    return home, outside, ImportRoots.of([home], blocked=[home / "folio-data"])


def _message(roots: ImportRoots, typed: str) -> str:
    with pytest.raises(PathRefused) as err:
        roots.resolve(typed)
    return str(err.value)


def test_paths_inside_a_root_resolve_to_their_real_path(tree):
    home, _, roots = tree
    assert roots.resolve(str(home / "papers")) == home / "papers"
    assert roots.resolve("~/papers/2024/a.pdf") == home / "papers" / "2024" / "a.pdf"
    assert roots.resolve("  ~/shortcut/2024/ ") == home / "papers" / "2024"  # a link that stays inside
    assert roots.resolve("~") == home
    assert roots.resolve("~/papers/not-yet.pdf") == home / "papers" / "not-yet.pdf"  # inside: may not exist


def test_outside_gives_one_message_whether_or_not_the_file_exists(tree):
    _, outside, roots = tree
    exists = _message(roots, str(outside / "secret.pdf"))
    absent = _message(roots, str(outside / "nothing.pdf"))
    assert "outside the folders this app may read" in exists and "FOLIO_IMPORT_ROOTS" in exists
    assert exists.replace("secret", "X") == absent.replace("nothing", "X")
    assert _message(roots, "/etc/passwd").replace("/etc/passwd", "X") == exists.replace(str(outside / "secret.pdf"), "X")
    assert "\n" not in exists


def test_symlinks_out_of_a_root_are_refused_whatever_lies_beyond(tree):
    home, _, roots = tree
    link_exists = _message(roots, "~/papers/out/secret.pdf")
    link_absent = _message(roots, "~/papers/out/nothing.pdf")
    assert link_exists.replace("secret", "X") == link_absent.replace("nothing", "X")
    assert "outside the folders" in _message(roots, "~/papers/out")
    assert "outside the folders" in _message(roots, "~/papers/keys/id_rsa")  # a link to a hidden folder


def test_dotdot_is_refused_even_when_it_would_stay_inside(tree):
    home, _, roots = tree
    assert "'..' is not allowed" in _message(roots, "~/papers/../../outside/secret.pdf")
    assert "'..' is not allowed" in _message(roots, f"{home}/papers/../papers")


def test_hidden_names_the_data_dir_other_users_and_relative_paths_are_refused(tree):
    home, _, roots = tree
    hidden = _message(roots, "~/.ssh/id_rsa")
    assert hidden.replace("~/.ssh/id_rsa", "X") == _message(roots, "/etc/x").replace("/etc/x", "X")
    assert "outside the folders" in _message(roots, str(home / "folio-data"))
    assert "outside the folders" in _message(roots, "~root/.bashrc")  # never expands another user's home
    assert "full path" in _message(roots, "papers/2024")
    assert "type the full path" in _message(roots, "   ")


def test_allows_decides_on_real_paths_for_the_folder_walk(tree):
    home, outside, roots = tree
    assert roots.allows(home / "papers" / "2024" / "a.pdf")
    assert not roots.allows(home / ".ssh" / "id_rsa")
    assert not roots.allows(home / "folio-data" / "catalog.sqlite")
    assert not roots.allows(outside / "secret.pdf")


def test_from_env_defaults_to_home_locally_and_to_nothing_on_a_network(tree, tmp_path):
    home, outside, _ = tree
    local = ImportRoots.from_env({}, data_dir=home / "folio-data", served_locally=True)
    assert local.roots == (home,) and local.label == "~"
    network = ImportRoots.from_env({}, data_dir=home / "folio-data", served_locally=False)
    assert "typed paths are off" in _message(network, str(home / "papers"))
    both = ImportRoots.from_env({"FOLIO_IMPORT_ROOTS": f"{outside}{os.pathsep}~/papers"},
                                data_dir=home / "folio-data", served_locally=False)
    assert both.resolve(str(outside / "secret.pdf")) == outside / "secret.pdf"
    assert both.resolve("~/papers/2024") == home / "papers" / "2024"
    assert "outside the folders" in _message(both, "~/shortcut")  # home itself is no longer a root
    with pytest.raises(ConfigError, match="not an absolute path"):
        ImportRoots.from_env({"FOLIO_IMPORT_ROOTS": "papers"}, data_dir=home, served_locally=True)


def test_a_root_that_is_itself_a_symlink_works_by_either_name(tmp_path):
    real = tmp_path / "real"
    (real / "docs").mkdir(parents=True)
    (tmp_path / "alias").symlink_to(real)
    roots = ImportRoots.of([tmp_path / "alias"])
    assert roots.resolve(str(tmp_path / "alias" / "docs")) == real / "docs"
    assert roots.resolve(str(real / "docs")) == real / "docs"
    assert isinstance(roots.resolve(str(real)), Path)
