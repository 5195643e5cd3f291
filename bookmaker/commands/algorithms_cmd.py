"""`bookmaker algorithms`: each generator, the character of its mazes, and its options.

The options and shapes come from the algorithms' own declarations, so this list
says what ``--option`` and a config's ``options:`` accept.
"""

from __future__ import annotations

import typer

from ..maze import ALGORITHMS


def list_algorithms() -> None:
    """List the maze algorithms, the texture each one gives, and their options."""
    width = max(map(len, ALGORITHMS))
    indent = " " * (width + 2)
    for name, algorithm in ALGORITHMS.items():
        typer.echo(f"{name:<{width}}  {algorithm.summary}")
        for option in algorithm.declared:
            typer.echo(
                f"{indent}{option.name} (default {option.default}): {option.expects}; {option.description}"
            )
        if algorithm.shapes is not None:
            typer.echo(f"{indent}shapes: {', '.join(sorted(algorithm.shapes))}")


def register(app: typer.Typer) -> None:
    app.command("algorithms")(list_algorithms)
