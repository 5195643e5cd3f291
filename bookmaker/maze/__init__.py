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
from . import weave as weaving
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
    "woven_grid",
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


def generate_on(
    topology: Topology, name: str, seed: int, braid: float = 0.0, weave: float = 0.0, **options: Any
) -> Maze:
    """A maze on ``topology``, the same for the same arguments: perfect, unless ``braid``
    joins that share of its dead ends into loops (``braid.braid``). ``weave`` places that
    share of the possible crossings first, on a square grid carved by Kruskal's
    (``weave``); the maze's topology is then a ``WeaveGrid``, which has tunnels.

    The braid draws from the carving's own random stream after it, so a braided maze is
    the unbraided maze of its seed with walls taken out.
    """
    algorithm = lookup(name)
    settings = algorithm.settings(options)
    rng = random.Random(seed)
    if weave:
        topology = woven_grid(topology, name, braid, weave)
        cells = weaving.carve(topology, rng, weave)
    else:
        cells = algorithm(topology, rng, **settings)
    if braid:
        join_dead_ends(topology, cells, braid, rng)
    return Maze(topology, cells, algorithm=name, seed=seed, options=settings, braid=braid, weave=weave)


def woven_grid(topology: Topology, name: str, braid: float, weave: float) -> weaving.WeaveGrid:
    """The grid a maze of ``weave`` > 0 is carved on; a one-line error where weave does not
    go with the shape, mask, generator or braid asked for."""
    weaving.check_weave(weave)
    if isinstance(topology, weaving.WeaveGrid) and not braid and name == weaving.WEAVING_ALGORITHM:
        return topology  # made for it already (``woven_grid`` of a plain grid)
    if not isinstance(topology, SquareGrid):
        raise BookmakerError(weaving.weave_refusal(f"on {topology.kind} grids"))
    if topology.mask is not None:
        raise BookmakerError(weaving.weave_refusal("with a mask"))
    if name != weaving.WEAVING_ALGORITHM:
        raise BookmakerError(weaving.weave_refusal(f"with {name}"))
    if braid:
        raise BookmakerError(
            weaving.weave_refusal("with braid: its loops would open walls beside the crossings")
        )
    return weaving.WeaveGrid(topology.width, topology.height)


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
    weave = f" weave={maze.weave:g}" if maze.weave else ""
    size = f"{shape}{maze.topology.describe()}"
    return f"{maze.algorithm} {size} seed {maze.seed}{options}{cut}{braid}{weave}{tail}"


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
