"""Which folders the app may read when someone types a path into it (FOLIO_IMPORT_ROOTS).

The app reads a typed path only under an allowed root: by default the home folder when the
app is served on this machine only, and no folder at all when it is served on a network
(set FOLIO_IMPORT_ROOTS, os.pathsep-separated, to choose). The command line is the user's own
shell and is not restricted.

The rules, checked without opening any file:
- `~` and `~/...` are expanded (never `~user`); the path must then be absolute;
- a `..` component is refused outright;
- the path as typed must lie under a root, and so must every prefix of it once symlinks are
  resolved, so a symlink that leads out of a root is refused, whatever lies beyond it;
- hidden names (starting with '.', e.g. ~/.ssh) below a root and the library's data folder
  are never readable.
A refused path always gets the same message, whether or not it exists, so the app cannot be
used to probe which files exist outside the roots.

Example:
    >>> roots = ImportRoots.of(["/srv/papers"])
    >>> roots.allows(Path("/srv/papers/2024/a.pdf")), roots.allows(Path("/srv/papers/.git/x.pdf"))
    (True, False)
    >>> roots.allows(Path("/etc/passwd"))
    False
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from core.errors import ConfigError, PathRefused

ROOTS_ENV = "FOLIO_IMPORT_ROOTS"
LOCAL_DEFAULT = "~"  # served on this machine only: the user's own home folder


@dataclass(frozen=True)
class ImportRoots:
    """Allowed roots (as written, and with symlinks resolved) and the folders never read."""

    roots: tuple[Path, ...]
    real_roots: tuple[Path, ...]
    blocked: tuple[Path, ...] = ()
    label: str = ""

    @classmethod
    def of(cls, roots: Iterable[str | Path], blocked: Iterable[str | Path] = (), label: str = "") -> "ImportRoots":
        """Roots from absolute paths (`~` expanded); `blocked` folders are never readable."""
        paths = []
        for raw in roots:
            path = Path(os.path.expanduser(str(raw).strip()))
            if not path.is_absolute():
                raise ConfigError(f"{ROOTS_ENV}: {raw!r} is not an absolute path; write it as /path or ~/path")
            paths.append(Path(os.path.normpath(path)))
        real_blocked = tuple(Path(os.path.realpath(os.path.expanduser(str(b)))) for b in blocked)
        return cls(tuple(paths), tuple(Path(os.path.realpath(p)) for p in paths), real_blocked,
                   label or os.pathsep.join(str(r) for r in roots))

    @classmethod
    def from_env(cls, env: Mapping[str, str], data_dir: str | Path, served_locally: bool) -> "ImportRoots":
        """FOLIO_IMPORT_ROOTS when set; else the home folder (local app) or nothing (network)."""
        text = env.get(ROOTS_ENV, "").strip()
        if not text:
            text = LOCAL_DEFAULT if served_locally else ""
        entries = [e.strip() for e in text.split(os.pathsep) if e.strip()]
        return cls.of(entries, blocked=[data_dir], label=os.pathsep.join(entries))

    def allows(self, real: Path) -> bool:
        """True when a real (symlink-free, absolute) path may be read: under a real root, with
        no hidden name below that root, and not inside a blocked folder."""
        if any(real.is_relative_to(b) for b in self.blocked):
            return False
        return any(_under_visible(real, root) for root in self.real_roots)

    def resolve(self, typed: str) -> Path:
        """The real path of what the user typed, or PathRefused with a one-line reason."""
        text = typed.strip()
        if not self.roots:
            raise PathRefused("typed paths are off while the app is served on a network: upload the files, "
                              f"or set {ROOTS_ENV} to the folders that its users may read")
        if not text:
            raise PathRefused("type the full path of a folder or a file")
        if "\x00" in text or (text.startswith("~") and not (text == "~" or text.startswith("~/"))):
            raise self._refused(text)
        lexical = Path(os.path.expanduser(text))
        if not lexical.is_absolute():
            raise PathRefused(f"{text}: give a full path, starting with / or ~/")
        if ".." in lexical.parts:
            raise PathRefused(f"{text}: '..' is not allowed in a path; type the folder's full path")
        lexical = Path(os.path.normpath(lexical))
        root = next((r for r in (*self.roots, *self.real_roots) if _under_visible(lexical, r)), None)
        if root is None:
            raise self._refused(text)
        return self._resolve_under(lexical, root, text)

    def _resolve_under(self, lexical: Path, root: Path, text: str) -> Path:
        """Resolve symlinks one component at a time from `root`; refuse at the first that escapes."""
        real = root
        for depth in range(len(root.parts), len(lexical.parts) + 1):
            real = Path(os.path.realpath(Path(*lexical.parts[:depth])))
            if not self.allows(real):
                raise self._refused(text)
        return real

    def _refused(self, text: str) -> PathRefused:
        """The one message for every path outside the roots, whether or not it exists."""
        return PathRefused(f"{text}: outside the folders this app may read: {self.label} (hidden files and the "
                           f"library's own folder are never read); set {ROOTS_ENV} to change them")


def _under_visible(path: Path, root: Path) -> bool:
    """`path` is `root` or below it, with no hidden name (starting with '.') in between."""
    if not path.is_relative_to(root):
        return False
    return not any(part.startswith(".") for part in path.relative_to(root).parts)
