"""The command line's app object and what every command shares: the data dir, the library, errors.

The commands live beside it by what they act on: library.py (adding, listing, removing),
questions.py (retrieve, ask, eval, train, show) and folders.py (watched folders); main.py
puts them together. The contract is in core/__main__.py's docstring and ARCHITECTURE.md.
"""
from __future__ import annotations

from typing import Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Folio: chat with a folder of PDFs and see the evidence.")
state: dict[str, Optional[str]] = {"data_dir": None}


@app.callback()
def _main(data_dir: Optional[str] = typer.Option(
        None, "--data-dir", help="Library folder (default: $FOLIO_DATA_DIR or ~/.folio)")) -> None:
    state["data_dir"] = data_dir


def library():
    """The library of `--data-dir` (imported late: `show` and `--help` need no models)."""
    from core.library import Library
    return Library.open(state["data_dir"])


def asked_library():
    """The library of `--data-dir` for a command that asks it (retrieve, ask, eval): a
    one-line error, and nothing created, when that folder holds no library or no documents
    (a mistyped --data-dir would otherwise answer from a new, empty library)."""
    from core.config import Settings
    from core.library import Library

    settings = Settings.load(state["data_dir"])
    where = settings.data_dir
    if not (where / "catalog.sqlite").is_file():
        fail(f"no library at {where}; add documents with `python -m core --data-dir {where} ingest PATH`")
    lib = Library(settings)
    if not lib.documents():
        fail(f"the library at {where} holds no documents; add some with "
             f"`python -m core --data-dir {where} ingest PATH`")
    return lib


def fail(message: str) -> None:
    """Print a one-line error and exit with status 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)
