"""Triangular grids: triangles of side 1, alternately pointing up and down.

Walls on a row line or on either diagonal are merged into long runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..maze.model import Maze
from . import polygons
from .primitives import MazeDrawing, Segment


def drawing(
    maze: Maze, path: Sequence[int] | None, marker_size: float, walls: list[Segment] | None
) -> MazeDrawing:
    return polygons.drawing(maze, path, marker_size, walls)
