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
    except Exception as exc:  # usage errors: click's, or the copy of click that typer >= 0.2x bundles
        import click
        usage = (click.ClickException, getattr(typer, "TyperException", click.ClickException))
        if isinstance(exc, usage) and hasattr(exc, "show") and isinstance(getattr(exc, "exit_code", None), int):
            exc.show()
            sys.exit(exc.exit_code)
        raise

