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


def _summaries_on_one_line(typer_app: typer.Typer) -> None:
    """Each command's docstring as one flowing line in the command lists of `--help` (typer's
    rich mode keeps a docstring's line breaks there: "files of other\n types are …")."""
    for info in typer_app.registered_commands:
        text = info.help or (info.callback.__doc__ if info.callback else None)
        if text and info.short_help is None:
            info.short_help = " ".join(text.split("\n\n")[0].split())
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _summaries_on_one_line(group.typer_instance)


_summaries_on_one_line(app)


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

