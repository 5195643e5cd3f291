"""Hexagonal grids: flat-topped hexagons of side 1, odd columns half a cell lower.

Corners sit on multiples of sqrt 3 / 2 down and of 1/2 across, computed from
whole numbers, so neighbours share them exactly.
"""

from __future__ import annotations

from typing import Sequence

from ..maze.hex_grid import ROOT3_2, HexGrid
from ..maze.model import Maze
from . import polygons
from .primitives import MazeDrawing, Point, Segment


def edges(grid: HexGrid, cell: int) -> list[tuple[int, Point, Point]]:
    """Sides N, NE, SE, S, SW, NW clockwise from the top-left corner."""
    x, y = cell % grid.width, cell // grid.width
    row = 2 * y + (x & 1)  # the top edge, in half-heights
    left, right = 1.5 * x, 1.5 * x + 2
    top, middle, bottom = ROOT3_2 * row, ROOT3_2 * (row + 1), ROOT3_2 * (row + 2)
    corners = [(left + 0.5, top), (right - 0.5, top), (right, middle),
               (right - 0.5, bottom), (left + 0.5, bottom), (left, middle)]
    return [(side, corners[side], corners[(side + 1) % 6]) for side in range(6)]


def drawing(maze: Maze, path: Sequence[int] | None, marker_size: float,
            walls: list[Segment] | None) -> MazeDrawing:
    return polygons.drawing(maze, path, marker_size, walls, edges)
