"""Maze generation, independent of pages and PDFs.

    from bookmaker.maze import generate, ALGORITHMS
    maze = generate("wilson", width=20, height=10, seed=7)
"""

from __future__ import annotations

import difflib
import random
from typing import Any

from ..errors import BookmakerError
from .algorithms import ALGORITHMS, Algorithm
from .grid import E, N, S, W, Maze

__all__ = ["ALGORITHMS", "Algorithm", "Maze", "generate", "lookup", "recipe", "N", "E", "S", "W"]


def lookup(name: str) -> Algorithm:
    """The algorithm called ``name``; an unknown name lists the valid ones."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        close = difflib.get_close_matches(name, ALGORITHMS, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise BookmakerError(
            f"unknown algorithm '{name}'{hint}; choose one of: {', '.join(ALGORITHMS)}"
        ) from None


def generate(name: str, width: int, height: int, seed: int, **options: Any) -> Maze:
    """A perfect maze of ``width`` x ``height`` cells, the same for the same arguments."""
    algorithm = lookup(name)
    if width < 1 or height < 1:
        raise BookmakerError(f"maze size must be at least 1x1, got {width}x{height}")
    unknown = sorted(set(options) - set(algorithm.options))
    if unknown:
        valid = ", ".join(algorithm.options) or "none"
        raise BookmakerError(
            f"{name} has no option '{unknown[0]}' (its options: {valid})"
        )
    settings = {**algorithm.options, **options}
    cells = algorithm(width, height, random.Random(seed), **settings)
    return Maze(width, height, cells, algorithm=name, seed=seed, options=settings)


def changed_options(maze: Maze) -> dict[str, Any]:
    """The options ``maze`` was made with that differ from its algorithm's defaults."""
    defaults = ALGORITHMS[maze.algorithm].options if maze.algorithm in ALGORITHMS else {}
    return {key: value for key, value in maze.options.items() if defaults.get(key) != value}


def recipe(maze: Maze, endpoints: str | None = None) -> str:
    """What remakes ``maze`` with `bookmaker maze`: 'wilson 20x10 seed 7 border'.

    Printed under every maze of a book, so a buyer can regenerate it.
    """
    options = "".join(f" {key}={value}" for key, value in changed_options(maze).items())
    tail = f" {endpoints}" if endpoints else ""
    return f"{maze.algorithm} {maze.width}x{maze.height} seed {maze.seed}{options}{tail}"
