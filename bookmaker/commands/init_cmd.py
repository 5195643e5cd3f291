"""`bookmaker init [PATH]`: write the commented starter config to begin a book from."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import typer

from ..errors import BookmakerError


def starter_text() -> str:
    """The starter config, shipped as package data so an installed bookmaker has it."""
    return files("bookmaker").joinpath("starter.yaml").read_text(encoding="utf-8")


def write_starter(path: Path, force: bool = False) -> None:
    """Write the starter config to ``path``; an existing file is kept unless ``force``."""
    if path.is_dir():
        raise BookmakerError(f"{path} is a folder; give a file name such as {path / 'book.yaml'}")
    if not path.parent.is_dir():
        raise BookmakerError(f"{path}: no such folder '{path.parent}'")
    mode = "w" if force else "x"  # "x" fails if the file appeared after any check of ours
    try:
        with open(path, mode, encoding="utf-8") as out:
            out.write(starter_text())
    except FileExistsError:
        raise BookmakerError(f"{path} already exists; use --force to overwrite it") from None
    except OSError as error:
        raise BookmakerError(f"{path}: cannot write ({error.strerror or error})") from None


def init(
    path: Path = typer.Argument(Path("book.yaml"), help="Where to write the config."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a commented starter config; edit it, then build it."""
    write_starter(path, force)
    typer.echo(f"wrote {path}; edit it, then run: bookmaker build {os.fspath(path)}")


def register(app: typer.Typer) -> None:
    app.command("init")(init)
