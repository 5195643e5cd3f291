"""Square grids: walls on the cell-corner lattice, merged into straight runs.

Runs let a backend draw one path of a few long lines instead of one line
per cell edge (a 40x40 page shrinks about 2.6x), in whole-cell units.
"""

from __future__ import annotations

from typing import Sequence

from ..maze.model import Maze
from ..maze.topology import E, N, S, W
from . import polygons
from .primitives import MazeDrawing, Point, Rect, Segment, end_marker, openings, through_openings

# Unit vector pointing out of the maze through each side (N, E, S, W).
OUTWARD = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def wall_runs(maze: Maze) -> list[Segment]:
    """Every standing wall, collinear neighbours merged: horizontal runs, then vertical."""
    width, height, cells = maze.width, maze.height, maze.cells
    gaps = openings(maze)
    runs: list[Segment] = []

    def flush(line: Sequence[bool], make) -> None:
        start = None
        for i, standing in enumerate([*line, False]):
            if standing and start is None:
                start = i
            elif not standing and start is not None:
                runs.append(make(start, i))
                start = None

    for y in range(height + 1):
        if y < height:
            line = [not cells[y * width + x] & N for x in range(width)]
            side, row = 0, y
        else:
            line = [not cells[(y - 1) * width + x] & S for x in range(width)]
            side, row = 2, y - 1
        if row in (0, height - 1):
            line = [standing and (row * width + x, side) not in gaps
                    for x, standing in enumerate(line)]
        flush(line, lambda a, b, y=y: (a, y, b, y))
    for x in range(width + 1):
        if x < width:
            line = [not cells[y * width + x] & W for y in range(height)]
            side, col = 3, x
        else:
            line = [not cells[y * width + x - 1] & E for y in range(height)]
            side, col = 1, x - 1
        if col in (0, width - 1):
            line = [standing and (y * width + col, side) not in gaps
                    for y, standing in enumerate(line)]
        flush(line, lambda a, b, x=x: (x, a, x, b))
    return runs


def edges(grid, cell: int) -> list[tuple[int, Point, Point]]:
    """Sides N, E, S, W clockwise from the top-left corner: how a silhouette is drawn."""
    x, y = cell % grid.width, cell // grid.width
    corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
    return [(side, corners[side], corners[(side + 1) % 4]) for side in range(4)]


def _outward(cell: int, side: int) -> tuple[int, int]:
    return OUTWARD[side]


def drawing(maze: Maze, path: Sequence[int] | None, marker_size: float,
            walls: list[Segment] | None) -> MazeDrawing:
    grid = maze.topology
    if grid.mask is not None:  # a silhouette: walls follow its cells, as on other shapes
        return polygons.drawing(maze, path, marker_size, walls, edges, round_walls=False)

    def beyond(cell: int, side: int, distance: float) -> Point:
        x, y = grid.coordinates(cell)
        dx, dy = OUTWARD[side]
        return x + 0.5 + dx * (0.5 + distance), y + 0.5 + dy * (0.5 + distance)

    line = cells = None
    if path:
        centres = [grid.coordinates(cell) for cell in path]
        line = through_openings(grid, path, [(x + 0.5, y + 0.5) for x, y in centres], beyond)
        cells = [Rect(x, y, 1, 1) for x, y in centres]
    return MazeDrawing(
        bbox=(0, 0, grid.width, grid.height),
        walls=wall_runs(maze) if walls is None else walls,
        solution=line,
        solution_cells=cells,
        start_marker=end_marker(grid, maze.start, False, marker_size, _outward, beyond),
        end_marker=end_marker(grid, maze.end, True, marker_size, _outward, beyond),
    )
