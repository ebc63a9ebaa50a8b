"""The `--doc` and `--folder` options that limit `retrieve`, `ask` and `eval` to a scope.

Example:
    >>> to_scope(["manual.pdf"], None)
    Scope(documents=('manual.pdf',), folders=())
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

import typer

if TYPE_CHECKING:  # imported when used: the CLI starts without numpy
    from core.retrieve.scope import Scope

DOC_OPTION = typer.Option(
    None, "--doc", help="search only this document (id, file name or title; repeatable)")
FOLDER_OPTION = typer.Option(
    None, "--folder", help="search only documents that came from under this folder (repeatable)")


def to_scope(docs: Optional[List[str]], folders: Optional[List[str]]) -> "Scope":
    """The scope the options name (everything when neither is given)."""
    from core.retrieve.scope import Scope

    return Scope(documents=tuple(docs or ()), folders=tuple(folders or ()))
