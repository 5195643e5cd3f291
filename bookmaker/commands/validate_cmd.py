"""`bookmaker validate CONFIG`: check a config without building anything."""

from __future__ import annotations

from pathlib import Path

import typer


def validate(
    config: Path = typer.Argument(..., metavar="CONFIG", help="The book's YAML config.", show_default=False),
    seed: int | None = typer.Option(
        None, "--seed", help="Check with this book seed, as build --seed would build."
    ),
) -> None:
    """Check a config and report every problem at once, with file and line; writes nothing.
    It runs every rule build runs before drawing, so a config that passes builds. Besides
    problems it says on stderr which colours the printer's ink limit caps; build's other
    notes (pages added for the printer, what a cover left out) are said by build and cover,
    which make those pages."""
    from ..prepare import ink_notes, prepare  # loaded when the verb runs (see cli.py)

    book = prepare(config, seed=seed).book
    for note in ink_notes(book):
        typer.echo(note, err=True)
    copies = f", {book.worksheet.copies} copies" if book.layout == "worksheet" else ""
    typer.echo(f"{config}: ok ({len(book.sections)} sections, {book.maze_count} mazes{copies})")


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
