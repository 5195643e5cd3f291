"""`bookmaker validate CONFIG`: check a config without building anything."""

from __future__ import annotations

from pathlib import Path

import typer

from ..config import load_book


def validate(
    config: Path = typer.Argument(..., help="The book's YAML config.", show_default=False),
) -> None:
    """Check a config and report every problem at once, with file and line; writes nothing."""
    book = load_book(config)
    copies = f", {book.worksheet.copies} copies" if book.layout == "worksheet" else ""
    typer.echo(f"{config}: ok ({len(book.sections)} sections, {book.maze_count} mazes{copies})")


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
