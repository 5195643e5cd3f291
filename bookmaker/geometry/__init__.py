"""What a drawn maze consists of, in cell units with y growing down, for every shape.

Geometry sits between the maze and the page: it knows shapes but not paper.
``maze_drawing`` turns a maze into drawing primitives (wall segments and arcs,
the solution path, the cells it crosses, start and finish markers) and
``extent`` gives a shape's outer-wall box before any maze is made, so layout
can size it. Every backend (PDF, SVG, PNG) draws the same ``MazeDrawing``, so
they agree, and none of them looks at passage bits. One module per shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..maze.model import Maze
from ..maze.topology import Topology
from . import hex, polar, square, triangle
from .primitives import (
    Arc,
    MazeDrawing,
    PathStep,
    Point,
    Rect,
    Segment,
    Wall,
    halo_shape,
    marker_reach,
)

__all__ = [
    "Arc",
    "MazeDrawing",
    "PathStep",
    "Point",
    "Rect",
    "Segment",
    "Wall",
    "extent",
    "halo_shape",
    "marker_reach",
    "maze_drawing",
]

_SHAPES = {"square": square, "hex": hex, "triangle": triangle, "polar": polar}


def _module(topology: Topology):
    try:
        return _SHAPES[topology.kind]
    except KeyError:
        raise ValueError(f"no geometry for {topology.kind} mazes") from None


def extent(topology: Topology) -> tuple[float, float]:
    """Width and height of the outer wall's box, in cell units."""
    return topology.box


def maze_drawing(
    maze: Maze,
    path: Sequence[int] | None = None,
    marker_size: float = 1.0,
    walls: Iterable[Wall] | None = None,
) -> MazeDrawing:
    """The full drawing of ``maze``; ``path`` adds the solution; ``marker_size`` is in cells.

    ``walls`` takes the walls of an earlier drawing of the same maze, so a
    puzzle and its answer work them out once.
    """
    return _module(maze.topology).drawing(maze, path, marker_size, walls)
