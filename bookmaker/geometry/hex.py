"""Hexagonal grids: flat-topped hexagons of side 1, odd columns half a cell lower, drawn
where ``HexGrid.cell_edges`` puts their sides."""

from __future__ import annotations

from collections.abc import Sequence

from ..maze.model import Maze
from . import polygons
from .primitives import MazeDrawing, Segment


def drawing(
    maze: Maze, path: Sequence[int] | None, marker_size: float, walls: list[Segment] | None
) -> MazeDrawing:
    return polygons.drawing(maze, path, marker_size, walls)
