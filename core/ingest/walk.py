"""Walking folders for the files Folio reads (PDFs and the formats of core.ingest.formats):
bounded, cancellable, and never led out of the folder by a symlink. Other files, and HTML
pages that only redirect to another page (core.ingest.html_redirect), are counted as skipped
(`WalkBudget.skipped`, the redirects' targets in `WalkBudget.redirects`), never as failures.

A walk stops with `WalkStopped` when it has looked at too many entries, found too many PDFs,
run too long (each message names the setting that raises the limit) or was cancelled.
Symlinked folders are not followed (everything inside the folder is reached by its real
names), so a link to `/` or a loop cannot widen or lengthen the walk; a symlinked PDF is kept
when the caller's `allowed` accepts its target (the app: only under its roots).

Example:
    >>> import pathlib, tempfile
    >>> from core.config import WalkSettings
    >>> top = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (top / "a.pdf").write_bytes(b"%PDF-1.4")
    >>> [p.name for p in walk_pdfs(top, WalkBudget(WalkSettings()))]
    ['a.pdf']
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

from core.config import WalkSettings
from core.errors import WalkStopped
from core.ingest.formats import accepted
from core.ingest.html_redirect import redirect_target

Cancel = Callable[[], bool]  # e.g. threading.Event().is_set
Allowed = Callable[[Path], bool]  # decides on a real (symlink-free) path
WalkProgress = Callable[[int, int], None]  # (entries looked at, PDFs found)

CHECK_EVERY = 256  # entries between cancel checks and progress reports


class WalkBudget:
    """The limits of one walk (shared by every folder it covers) and what it has spent."""

    def __init__(self, limits: WalkSettings, cancel: Cancel | None = None,
                 progress: WalkProgress | None = None):
        self.limits, self.cancel, self.progress = limits, cancel, progress
        self.deadline = time.monotonic() + limits.seconds
        self.entries = 0
        self.pdfs = 0  # files found that Folio reads (PDFs and the other formats)
        self.skipped: list[Path] = []  # files of other types, listed with their type
        self.redirects: dict[Path, str] = {}  # skipped HTML pages that only redirect -> where to

    def entry(self, where: Path) -> None:
        """Count one entry looked at; stop when a limit is reached or the walk was cancelled."""
        self.entries += 1
        lim = self.limits
        if self.entries > lim.max_entries:
            raise WalkStopped(f"{where}: stopped after looking at {lim.max_entries:,} files and folders; "
                              "choose a smaller folder, or raise FOLIO_WALK_MAX_ENTRIES ([walk] max_entries)")
        if time.monotonic() > self.deadline:
            raise WalkStopped(f"{where}: still looking for PDFs after {lim.seconds:g} s; "
                              "choose a smaller folder, or raise FOLIO_WALK_SECONDS ([walk] seconds)")
        if self.entries % CHECK_EVERY == 0:
            self.check_cancel(where)
            if self.progress is not None:
                self.progress(self.entries, self.pdfs)

    def found(self, where: Path) -> None:
        """Count one PDF found; stop past the cap."""
        self.pdfs += 1
        if self.pdfs > self.limits.max_pdfs:
            raise WalkStopped(f"{where}: more than {self.limits.max_pdfs:,} documents; add a smaller folder, "
                              "or raise FOLIO_WALK_MAX_PDFS ([walk] max_pdfs)")

    def check_cancel(self, where: Path) -> None:
        """Stop when the caller's cancel callback says so."""
        if self.cancel is not None and self.cancel():
            raise WalkStopped(f"{where}: looking for PDFs was cancelled")


def walk_pdfs(top: Path, budget: WalkBudget, allowed: Allowed | None = None) -> list[Path]:
    """Every file Folio reads under the folder `top` (PDFs and the other formats), sorted, as
    paths under `top`, each file once; files of other types go to `budget.skipped`.

    `allowed` (given by the app, see core.ingest.roots) sees the real path of every folder
    and PDF and skips those it refuses; unreadable folders are skipped.
    """
    return _Walk(Path(top), budget, allowed).run()


class _Walk:
    """One depth-first walk of a folder; real paths are tracked beside the names shown."""

    def __init__(self, top: Path, budget: WalkBudget, allowed: Allowed | None):
        self.top, self.budget, self.allowed = top, budget, allowed
        self.stack: list[tuple[Path, Path]] = [(top, Path(os.path.realpath(top)))]
        self.found: dict[Path, Path] = {}  # real path -> the name it was found under

    def run(self) -> list[Path]:
        """Walk until the stack is empty (or the budget stops it); one name per real file."""
        while self.stack:
            folder, real_folder = self.stack.pop()
            self.budget.check_cancel(self.top)
            try:
                with os.scandir(folder) as entries:
                    for entry in entries:
                        self.budget.entry(self.top)
                        self._visit(entry, folder, real_folder)
            except OSError:
                continue  # unreadable, or vanished while walking: nothing to take from it
        return sorted(self.found.values())

    def _visit(self, entry: os.DirEntry, folder: Path, real_folder: Path) -> None:
        """Queue a real sub-folder, or keep a PDF (a symlinked one when its target is allowed)."""
        name = folder / entry.name
        try:
            if entry.is_symlink():
                # Linked folders are never walked: whatever lies inside the folder is reached
                # by its real names, and a link out (to / or a loop) would widen the walk.
                real = Path(os.path.realpath(entry.path))
                if accepted(entry.name) and real.is_file() and self._allows(real):
                    self._keep(real, name)
            elif entry.is_dir(follow_symlinks=False):
                real = real_folder / entry.name
                if self._allows(real):
                    self.stack.append((name, real))
            elif accepted(entry.name) and entry.is_file(follow_symlinks=False):
                real = real_folder / entry.name
                target = redirect_target(real)
                if target is not None:
                    self.budget.skipped.append(name)
                    self.budget.redirects[name] = target
                elif self._allows(real):
                    self._keep(real, name)
            elif entry.is_file(follow_symlinks=False) and not entry.name.startswith("."):
                self.budget.skipped.append(name)
        except OSError:
            return

    def _keep(self, real: Path, name: Path) -> None:
        """Count a PDF once, under the first name in sorted order."""
        if real in self.found:
            self.found[real] = min(self.found[real], name)
            return
        self.budget.found(self.top)
        self.found[real] = name

    def _allows(self, real: Path) -> bool:
        """The caller's verdict on a real path (everything, without one)."""
        return self.allowed is None or self.allowed(real)
