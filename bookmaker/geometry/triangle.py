"""Triangular grids: triangles of side 1, alternately pointing up and down.

Walls on a row line or on either diagonal are merged into long runs.
"""

from __future__ import annotations

from typing import Sequence

from ..maze.model import Maze
from ..maze.triangle_grid import ROW, TriangleGrid
from . import polygons
from .primitives import MazeDrawing, Point, Segment

NORTH, EAST, SOUTH, WEST = range(4)  # side numbers, as on squares


def edges(grid: TriangleGrid, cell: int) -> list[tuple[int, Point, Point]]:
    """The three sides clockwise: up, the apex, right base corner, left; down, the base first."""
    x, y = cell % grid.width, cell // grid.width
    left, top, bottom = x / 2, ROW * y, ROW * (y + 1)
    if grid.points_up(cell):
        apex, right, base_left = (left + 0.5, top), (left + 1, bottom), (left, bottom)
        return [(EAST, apex, right), (SOUTH, right, base_left), (WEST, base_left, apex)]
    top_left, top_right, apex = (left, top), (left + 1, top), (left + 0.5, bottom)
    return [(NORTH, top_left, top_right), (EAST, top_right, apex), (WEST, apex, top_left)]


def drawing(maze: Maze, path: Sequence[int] | None, marker_size: float,
            walls: list[Segment] | None) -> MazeDrawing:
    return polygons.drawing(maze, path, marker_size, walls, edges)
