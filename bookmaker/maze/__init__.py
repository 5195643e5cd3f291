"""Maze generation, independent of pages and PDFs.

    from bookmaker.maze import generate, ALGORITHMS
    maze = generate("wilson", width=20, height=10, seed=7)

A maze is a topology (``topology``: the shape's cells and neighbours) plus
its open passages (``model``); the generators (``algorithms``, one module
each) carve any topology they support, and ``solve`` finds paths, endpoints
and statistics through the same neighbour table.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import BookmakerError
from ..wording import did_you_mean
from .algorithms import ALGORITHMS, Algorithm
from .braid import join_dead_ends
from .mask import Mask
from .model import Maze
from .shapes import shape_word
from .topology import E, N, S, SquareGrid, Topology, W

__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "Maze",
    "SquareGrid",
    "Topology",
    "generate",
    "generate_on",
    "lookup",
    "recipe",
    "N",
    "E",
    "S",
    "W",
]


def lookup(name: str) -> Algorithm:
    """The algorithm called ``name``; an unknown name lists the valid ones."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise BookmakerError(
            f"unknown algorithm '{name}'{did_you_mean(name, ALGORITHMS)}; "
            f"choose one of: {', '.join(ALGORITHMS)}"
        ) from None


def generate(name: str, width: int, height: int, seed: int, **options: Any) -> Maze:
    """A perfect maze of ``width`` x ``height`` square cells, the same for the same arguments."""
    lookup(name)  # an unknown name is the first thing to report
    return generate_on(SquareGrid(width, height), name, seed, **options)


def generate_on(topology: Topology, name: str, seed: int, braid: float = 0.0, **options: Any) -> Maze:
    """A maze on ``topology``, the same for the same arguments: perfect, unless ``braid``
    joins that share of its dead ends into loops (``braid.braid``).

    The braid draws from the carving's own random stream after it, so a braided maze is
    the unbraided maze of its seed with walls taken out.
    """
    algorithm = lookup(name)
    settings = algorithm.settings(options)
    rng = random.Random(seed)
    cells = algorithm(topology, rng, **settings)
    if braid:
        join_dead_ends(topology, cells, braid, rng)
    return Maze(topology, cells, algorithm=name, seed=seed, options=settings, braid=braid)


def changed_options(maze: Maze) -> dict[str, Any]:
    """The options ``maze`` was made with that differ from its algorithm's defaults."""
    defaults = ALGORITHMS[maze.algorithm].options if maze.algorithm in ALGORITHMS else {}
    return {key: value for key, value in maze.options.items() if defaults.get(key) != value}


def recipe(maze: Maze) -> str:
    """What remakes ``maze`` with `bookmaker maze`: 'wilson 20x10 seed 7 border'.

    Printed under every maze of a book, so a buyer can regenerate it; other
    shapes than square name theirs: 'wilson hex 12x10 seed 7', 'wilson polar
    8 rings seed 7 centre'. The endpoints are the maze's own (``Maze.endpoints``);
    'none', `bookmaker maze`'s default, goes unsaid.
    """
    options = "".join(f" {key}={value}" for key, value in changed_options(maze).items())
    tail = f" {maze.endpoints}" if maze.endpoints not in (None, "none") else ""
    shape = shape_word(maze.topology.kind)
    cut = mask_recipe(maze.topology.mask) if maze.topology.mask is not None else ""
    braid = f" braid={maze.braid:g}" if maze.braid else ""
    return f"{maze.algorithm} {shape}{maze.topology.describe()} seed {maze.seed}{options}{cut}{braid}{tail}"


RECIPE_DIGEST = 8  # hex digits of a mask file's SHA-256 a recipe carries


def mask_recipe(mask: Mask) -> str:
    """' outline=heart', ' text="Tom Li"', ' image=cat.png#1a2b3c4d': the mask as a recipe
    names it, with its islands, threshold and a text's font where not the defaults. A
    file's digest prefix lets `bookmaker maze` tell that it has changed since."""
    # A line break is written \n, as --mask-text takes it back.
    source = mask.source.replace("\n", "\\n")
    source = f'"{source}"' if " " in source or "\\n" in source or not source else source
    digest = f"#{mask.sha256[:RECIPE_DIGEST]}" if mask.kind in ("image", "file") else ""
    default = "connect" if mask.kind == "text" else "error"
    islands = f" islands={mask.islands}" if mask.islands != default else ""
    threshold = (
        f" threshold={mask.threshold:g}" if mask.threshold is not None and mask.threshold != 0.5 else ""
    )
    font = f" font={mask.font}#{mask.font_sha256[:RECIPE_DIGEST]}" if mask.font and mask.font_sha256 else ""
    return f" {mask.kind}={source}{digest}{islands}{threshold}{font}"
