"""Runs the command line: every command module registered on one app, errors as one line."""
from __future__ import annotations

import os
import sys

import typer

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from core.cli import library as _library_commands, questions as _question_commands  # noqa: E402,F401  (register)
from core.cli.app import app, library  # noqa: E402
from core.cli.folders import register as _register_folders  # noqa: E402
from core.errors import FolioError  # noqa: E402

_register_folders(app, library)

def main() -> None:
    """Entry point: run the CLI, turning Folio errors into one-line messages."""
    try:
        code = app(standalone_mode=False)  # returns the code of a typer.Exit raised inside
        sys.exit(code if isinstance(code, int) else 0)
    except FolioError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # click usage errors and the like
        import click
        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        raise

