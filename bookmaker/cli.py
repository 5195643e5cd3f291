"""The command line: a thin shell over the library, one small module per verb.

Each verb lives in ``bookmaker/commands/<verb>.py`` and exposes ``register(app)``.
Errors meant for the user (BookmakerError) become lines on stderr (``lines()``)
and exit code 2, never a traceback.
"""

from __future__ import annotations

import sys

import typer

from . import __version__
from .commands import COMMANDS
from .errors import BookmakerError

app = typer.Typer(
    name="bookmaker",
    help="Build printable maze puzzle books from one YAML file.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"bookmaker {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Build printable maze puzzle books from one YAML file."""


for register in COMMANDS:
    register(app)


def main() -> None:
    try:
        app(standalone_mode=True)
    except BookmakerError as error:
        for line in error.lines():
            typer.echo(line, err=True)
        sys.exit(2)
