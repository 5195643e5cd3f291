"""The one policy for -o: a missing folder is created, and stderr says so."""

from __future__ import annotations

from pathlib import Path

import typer

from ..files import created_note, make_folder


def ready_folder(folder: Path, for_file: Path | None = None) -> None:
    """Create ``folder`` (and its parents) if missing, with a line on stderr; a file in
    the way is an error naming it."""
    if make_folder(folder, for_file):
        typer.echo(created_note(folder), err=True)
