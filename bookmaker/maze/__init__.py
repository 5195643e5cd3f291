"""Maze generation, independent of pages and PDFs.

    from bookmaker.maze import generate, ALGORITHMS
    maze = generate("wilson", width=20, height=10, seed=7)

A maze is a topology (``topology``: the shape's cells and neighbours) plus
its open passages (``model``); the generators (``algorithms``, one module
each) carve any topology they support, and ``solve`` finds paths, endpoints
and statistics through the same neighbour table.
"""

from __future__ import annotations

import difflib
import random
from typing import Any

from ..errors import BookmakerError
from .algorithms import ALGORITHMS, Algorithm
from .model import Maze
from .topology import E, N, S, SquareGrid, Topology, W

__all__ = ["ALGORITHMS", "Algorithm", "Maze", "SquareGrid", "Topology", "generate",
           "generate_on", "lookup", "recipe", "N", "E", "S", "W"]


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
    """A perfect maze of ``width`` x ``height`` square cells, the same for the same arguments."""
    lookup(name)  # an unknown name is the first thing to report
    return generate_on(SquareGrid(width, height), name, seed, **options)


def generate_on(topology: Topology, name: str, seed: int, **options: Any) -> Maze:
    """A perfect maze on ``topology``, the same for the same arguments."""
    algorithm = lookup(name)
    settings = algorithm.settings(options)
    cells = algorithm(topology, random.Random(seed), **settings)
    return Maze(topology, cells, algorithm=name, seed=seed, options=settings)


def changed_options(maze: Maze) -> dict[str, Any]:
    """The options ``maze`` was made with that differ from its algorithm's defaults."""
    defaults = ALGORITHMS[maze.algorithm].options if maze.algorithm in ALGORITHMS else {}
    return {key: value for key, value in maze.options.items() if defaults.get(key) != value}


def recipe(maze: Maze, endpoints: str | None = None) -> str:
    """What remakes ``maze`` with `bookmaker maze`: 'wilson 20x10 seed 7 border'.

    Printed under every maze of a book, so a buyer can regenerate it; other
    shapes than square name theirs: 'wilson hex 12x10 seed 7', 'wilson polar
    8 rings seed 7 centre'.
    """
    options = "".join(f" {key}={value}" for key, value in changed_options(maze).items())
    tail = f" {endpoints}" if endpoints else ""
    kind = maze.topology.kind
    shape = "" if kind == "square" else f"{kind} "
    return f"{maze.algorithm} {shape}{maze.topology.describe()} seed {maze.seed}{options}{tail}"
