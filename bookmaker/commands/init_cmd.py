"""`bookmaker init [PATH] [--example NAME]`: write a config to begin a book from."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from ..samples import check_example, example_names, write_config
from .folders import ready_folder


def init(
    path: Path | None = typer.Argument(
        None,
        metavar="PATH",
        show_default=False,
        help="Where to write the config (default book.yaml; with --example NAME, NAME.yaml).",
    ),
    example: str | None = typer.Option(
        None,
        "--example",
        metavar="NAME",
        help=f"Write a sample book instead of the starter: {', '.join(example_names())}.",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a commented starter config, or a sample book; edit it, then build it."""
    if example is not None:  # named before any folder is made for it
        check_example(example)
    path = path or Path(f"{example}.yaml" if example else "book.yaml")
    if not path.is_dir():  # a folder given as the path is refused by name, below
        ready_folder(path.parent, path)
    written = write_config(path, example, force)
    typer.echo(
        f"wrote {' and '.join(os.fspath(p) for p in written)}; edit it, then run: "
        f"bookmaker build {os.fspath(path)}"
    )


def register(app: typer.Typer) -> None:
    app.command("init")(init)
