"""Square grids: walls on the cell-corner lattice, merged into straight runs.

Runs let a backend draw one path of a few long lines instead of one line
per cell edge (a 40x40 page shrinks about 2.6x), in whole-cell units.
"""

from __future__ import annotations

from typing import Sequence

from ..maze.model import Maze
from ..maze.topology import E, N, S, SquareGrid, W
from .primitives import MazeDrawing, Point, Rect, Segment, marker

# Unit vector pointing out of the maze through each side (N, E, S, W).
OUTWARD = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def extent(grid: SquareGrid) -> tuple[float, float]:
    return grid.width, grid.height


def openings(maze: Maze) -> dict[tuple[int, int], str]:
    """Outer-wall gaps: (cell, side) -> 'start' or 'end'. Inner endpoints open nothing."""
    gaps = {}
    for role, cell, exit_side in (("start", maze.start, False), ("end", maze.end, True)):
        if cell is not None:
            side = maze.topology.opening_side(cell, exit=exit_side)
            if side is not None:
                gaps[(cell, side)] = role
    return gaps


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


def _beyond(grid: SquareGrid, cell: int, side: int, distance: float) -> Point:
    """The point ``distance`` cells out from the middle of ``cell``'s ``side``."""
    x, y = grid.coordinates(cell)
    dx, dy = OUTWARD[side]
    return x + 0.5 + dx * (0.5 + distance), y + 0.5 + dy * (0.5 + distance)


def _marker(grid: SquareGrid, cell: int | None, exit: bool, size: float) -> list[Point] | None:
    if cell is None:
        return None
    x, y = grid.coordinates(cell)
    side = grid.opening_side(cell, exit=exit)
    return marker((x + 0.5, y + 0.5), None if side is None else OUTWARD[side],
                  lambda distance: _beyond(grid, cell, side, distance), exit, size)


def drawing(maze: Maze, path: Sequence[int] | None, marker_size: float,
            walls: list[Segment] | None) -> MazeDrawing:
    grid = maze.topology
    line = cells = None
    if path:
        centres = [grid.coordinates(cell) for cell in path]
        line = [(x + 0.5, y + 0.5) for x, y in centres]
        cells = [Rect(x, y, 1, 1) for x, y in centres]
        # Carry the solution line out through the openings so it meets the arrows.
        for index, exit_side in ((0, False), (-1, True)):
            side = grid.opening_side(path[index], exit=exit_side)
            if side is not None:
                point = _beyond(grid, path[index], side, 0.0)
                line.insert(0, point) if index == 0 else line.append(point)
    return MazeDrawing(
        bbox=(0, 0, grid.width, grid.height),
        walls=wall_runs(maze) if walls is None else walls,
        solution=line,
        solution_cells=cells,
        start_marker=_marker(grid, maze.start, False, marker_size),
        end_marker=_marker(grid, maze.end, True, marker_size),
    )
