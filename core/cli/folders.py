"""The command line of watched folders: `folders add|list|remove|include`, `sync`, `watch`.

    python -m core folders add PATH              watch a folder (its first sync is queued)
    python -m core folders list [--json]         each folder's status
    python -m core folders remove PATH [--trash | --keep]
    python -m core folders include FILE          take an excluded file back
    python -m core sync [PATH]                   one pass now (exit 0 ok, 1 a file or folder failed, 2 nothing to sync)
    python -m core watch                         follow the folders in the foreground until Ctrl-C

`register(app, open_library)` adds them to the CLI's Typer app (core/__main__.py).
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from typing import Callable, Optional

import typer

folders_app = typer.Typer(no_args_is_help=True, help="Watched folders: the library follows them.")


def register(app: typer.Typer, open_library: Callable) -> None:
    """Add `folders`, `sync` and `watch` to the CLI, opening the library with `open_library`."""
    state = {"open": open_library}
    app.add_typer(folders_app, name="folders")
    folders_app.info.context_settings = {"obj": state}
    _commands(app, state)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _folders(state):
    from core.library.folders.manage import WatchedFolders
    lib = state["open"]()
    return lib, WatchedFolders(lib)


def _commands(app: typer.Typer, state: dict) -> None:
    """Define the commands (closures over `state`, which opens the library)."""
    _folder_commands(state)
    _pass_commands(app, state)


def _folder_commands(state: dict) -> None:
    """`folders add|list|remove|include`."""

    @folders_app.command("add")
    def add(path: str = typer.Argument(..., help="folder to watch")) -> None:
        """Watch a folder: its files are added now, and kept in step from then on."""
        lib, folders = _folders(state)
        real, job_id = folders.add(path)
        typer.echo(f"watching {real}; first sync queued (job {job_id}); the worker adds its files in the "
                   "background: `python -m core folders list` shows how far it got")

    @folders_app.command("list")
    def list_(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
        """Each watched folder's status: files found, in the library, queued, failed, excluded."""
        _print_status(_folders(state)[1].status(), as_json)

    @folders_app.command("remove")
    def remove(path: str = typer.Argument(..., help="watched folder"),
               trash: Optional[bool] = typer.Option(None, "--trash/--keep",
                                                    help="its documents go to the trash, or stay")) -> None:
        """Stop watching a folder; asks whether its documents go to the trash or stay."""
        _, folders = _folders(state)
        if trash is None:
            if not sys.stdin.isatty():
                _fail("say what happens to its documents: --trash (restorable) or --keep")
            trash = typer.confirm("Move its documents to the trash (restorable)? No keeps them", default=False)
        n = folders.remove(path, trash=trash)
        typer.echo(f"stopped watching {folders.resolve(path)}; "
                   + (f"{n} document(s) went to the trash" if trash else "its documents stay in the library"))

    @folders_app.command("include")
    def include(path: str = typer.Argument(..., help="an excluded file (as `folders list` shows it)")) -> None:
        """Take back a file whose document was removed in Folio."""
        _, folders = _folders(state)
        typer.echo(f"{path}: {folders.include(path)}")


def _print_status(found: list, as_json: bool) -> None:
    """`folders list`: one line per folder, then its failed and excluded files."""
    if as_json:
        typer.echo(json.dumps([asdict(s) for s in found], indent=1))
        return
    if not found:
        typer.echo("no watched folders; add one with `python -m core folders add PATH`")
    for s in found:
        typer.echo(s.line() + (f" ({s.message})" if s.message else ""))
        for path, reason in s.failed:
            typer.echo(f"  failed   {path}: {reason}")
        for row in s.excluded:
            typer.echo(f"  excluded {row.path} (`python -m core folders include` takes it back)")


def _pass_commands(app: typer.Typer, state: dict) -> None:
    """`sync` and `watch`."""

    @app.command("sync")
    def sync(path: Optional[str] = typer.Argument(None, help="one watched folder (default: all)")) -> None:
        """One sync pass over the watched folders, then add what it queued. Exit 0 when all
        went well, 1 when a folder was unavailable or a file failed, 2 when nothing is watched."""
        raise typer.Exit(_sync(state, path))

    @app.command("watch")
    def watch() -> None:
        """Follow the watched folders in the foreground (progress lines) until Ctrl-C."""
        _watch(state)


def _watch(state: dict) -> None:
    """`watch`: serve in the foreground; Ctrl-C ends the process at once."""
    from core.cli import render
    from core.library.folders.serve import serve

    lib, folders = _folders(state)
    if not folders.paths():
        _fail("no watched folders; add one with `python -m core folders add PATH`")
    typer.echo(f"watching {len(folders.paths())} folder(s); Ctrl-C stops", err=True)
    from core.cli.interrupt import exit_after_ctrl_c

    exit_after_ctrl_c(on_exit=_say_stopped)  # also when the main thread is stuck in C code
    try:
        with render.IngestProgress() as bar:
            serve(lib, linger=float("inf"), on_line=bar.write, progress=bar.update,
                  on_outcome=lambda o: bar.write(render.outcome_line(o)))
    except KeyboardInterrupt:
        # Every change is committed by now (or undone: a document is absent or complete), so
        # skip the interpreter's teardown of torch and Chroma, which takes seconds on a busy CPU.
        _say_stopped()
        os._exit(130)


def _say_stopped() -> None:
    typer.echo("stopped", err=True)
    sys.stdout.flush()
    sys.stderr.flush()


def _sync(state: dict, path: str | None) -> int:
    """`sync`: queue one sync job, run or follow it, then the add job it queued; the exit code."""
    from core.cli import render
    from core.cli.jobs import follow
    from core.index.catalog_folders import FolderTables

    lib, folders = _folders(state)
    paths = [folders.resolve(path)] if path else folders.paths()
    if not paths:
        _fail("no watched folders; add one with `python -m core folders add PATH`")
    if path and paths[0] not in folders.paths():
        _fail(f"{path} is not a watched folder; add it with `python -m core folders add {path}`")
    job_id = lib.catalog.enqueue_job("sync", [(p, p, "") for p in paths])
    with render.IngestProgress() as bar:
        outcomes = follow(lib, job_id, bar, hand_over=False)  # its add job is run below, here
        tables = FolderTables(lib.catalog)
        jobs = sorted({r.job_id for p in paths for r in tables.rows_in_state(p, "queued") if r.job_id})
        for add_job in jobs:
            outcomes += follow(lib, add_job, bar)
        if not jobs and lib.catalog.queued_jobs():
            lib.start_worker()  # others' jobs, queued meanwhile, are the worker's
    status = [s for s in folders.status() if s.path in paths]
    problems = [(s.path, f"{s.path}: {s.state}") for s in status if s.state != "available"]
    problems += [(path, f"FAILED   {path}: {reason}") for s in status for path, reason in s.failed]
    shown = {o.source for o in outcomes if o.status == "error"}
    said = [note for o in outcomes if " — " in o.message for note in o.message.split(" — ", 1)[1].split("; ")]
    for path, line in problems:
        # one line per problem: not again when a job's own line already named it
        if path not in shown and not any(note.startswith(f"{path}: ") for note in said):
            typer.echo(line)
    typer.echo(f"{len(paths)} folder(s) synced; {len(problems)} problem(s); library: {len(lib.documents())} documents")
    return 1 if problems or shown else 0
