"""`bookmaker algorithms`: list each generator with the character of its mazes."""

from __future__ import annotations

import typer

from ..maze import ALGORITHMS


def list_algorithms() -> None:
    """List the maze algorithms and the texture each one gives."""
    width = max(map(len, ALGORITHMS))
    for name, algorithm in ALGORITHMS.items():
        typer.echo(f"{name:<{width}}  {algorithm.summary}")


def register(app: typer.Typer) -> None:
    app.command("algorithms")(list_algorithms)
