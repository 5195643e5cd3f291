"""What a drawn maze consists of, in cell units with y growing down, for every shape.

Geometry sits between the maze and the page: it knows shapes but not paper.
``maze_drawing`` turns a maze into drawing primitives (wall segments and arcs,
the solution path, the cells it crosses, start and finish markers) and
``extent`` gives a shape's outer-wall box before any maze is made, so layout
can size it. Every backend (PDF, SVG, PNG) draws the same ``MazeDrawing``, so
they agree, and none of them looks at passage bits.

``DRAWINGS`` is the geometry's part of the shape registry (``bookmaker.maze.shapes``):
how each ``Shape`` is drawn. Shapes whose cells are polygons share ``polygons``;
square grids (runs of walls made from cell bytes) and polar discs (arcs) have their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..maze.model import Maze
from ..maze.shapes import HEX, POLAR, SQUARE, TRIANGLE, Shape, shape_named
from ..maze.topology import Topology
from . import polar, polygons, square
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
    "DRAWINGS",
    "extent",
    "halo_shape",
    "marker_reach",
    "maze_drawing",
]

# (maze, solution path or None, marker size in cells, the walls of an earlier drawing or None)
DrawShape = Callable[[Maze, Sequence[int] | None, float, Any], MazeDrawing]
DRAWINGS: dict[Shape, DrawShape] = {
    SQUARE: square.drawing,
    HEX: polygons.drawing,
    TRIANGLE: polygons.drawing,
    POLAR: polar.drawing,
}


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
    return DRAWINGS[shape_named(maze.topology.kind)](maze, path, marker_size, walls)
