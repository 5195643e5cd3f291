"""What a drawn maze consists of, in cell units with y growing down.

Walls are merged into straight runs so a backend draws one path of a few long
lines instead of one line per cell edge (a 40x40 page shrinks about 2.6x).
Every backend (PDF, SVG, PNG) draws the same ``MazeDrawing``, so they agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..maze.grid import E, N, S, W, Cell, Maze

Point = tuple[float, float]
Run = tuple[int, int, int, int]  # x0, y0, x1, y1 on the cell-corner lattice

# Unit vector pointing out of the maze through each side.
OUTWARD = {N: (0, -1), S: (0, 1), W: (-1, 0), E: (1, 0)}


@dataclass(frozen=True)
class MazeDrawing:
    width: int
    height: int
    walls: list[Run]
    solution: list[Point] | None  # polyline through cell centres, out through the openings
    solution_cells: list[Cell] | None
    start_marker: list[Point] | None  # closed polygon: an arrow pointing in, or a disc-like mark
    end_marker: list[Point] | None


def openings(maze: Maze) -> dict[tuple[Cell, int], str]:
    """Outer-wall gaps: (cell, side) -> 'start' or 'end'. Inner endpoints open nothing."""
    gaps = {}
    for role, cell, exit_side in (("start", maze.start, False), ("end", maze.end, True)):
        if cell is not None:
            side = maze.border_side(cell, exit=exit_side)
            if side is not None:
                gaps[(tuple(cell), side)] = role
    return gaps


def wall_runs(maze: Maze) -> list[Run]:
    """Every standing wall, collinear neighbours merged: horizontal runs, then vertical."""
    width, height, cells = maze.width, maze.height, maze.cells
    gaps = openings(maze)
    runs: list[Run] = []

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
            side, row = N, y
        else:
            line = [not cells[(y - 1) * width + x] & S for x in range(width)]
            side, row = S, y - 1
        if row in (0, height - 1):
            line = [standing and ((x, row), side) not in gaps for x, standing in enumerate(line)]
        flush(line, lambda a, b, y=y: (a, y, b, y))
    for x in range(width + 1):
        if x < width:
            line = [not cells[y * width + x] & W for y in range(height)]
            side, col = W, x
        else:
            line = [not cells[y * width + x - 1] & E for y in range(height)]
            side, col = E, x - 1
        if col in (0, width - 1):
            line = [standing and ((col, y), side) not in gaps for y, standing in enumerate(line)]
        flush(line, lambda a, b, x=x: (x, a, x, b))
    return runs


def _outside_point(maze: Maze, cell: Cell, side: int, distance: float) -> Point:
    dx, dy = OUTWARD[side]
    return cell[0] + 0.5 + dx * (0.5 + distance), cell[1] + 0.5 + dy * (0.5 + distance)


def _arrow(tip: Point, direction: tuple[int, int], size: float) -> list[Point]:
    """A solid arrow of length ``size`` whose tip is at ``tip``, pointing along ``direction``."""
    dx, dy = direction
    px, py = -dy, dx  # perpendicular
    tx, ty = tip
    head, shaft = size * 0.55, size * 0.18
    base = (tx - dx * head, ty - dy * head)
    tail = (tx - dx * size, ty - dy * size)
    return [
        tip,
        (base[0] + px * head * 0.75, base[1] + py * head * 0.75),
        (base[0] + px * shaft, base[1] + py * shaft),
        (tail[0] + px * shaft, tail[1] + py * shaft),
        (tail[0] - px * shaft, tail[1] - py * shaft),
        (base[0] - px * shaft, base[1] - py * shaft),
        (base[0] - px * head * 0.75, base[1] - py * head * 0.75),
    ]


def _disc(cell: Cell, radius: float) -> list[Point]:
    """The start mark inside the grid: a round dot (a 24-gon)."""
    cx, cy = cell[0] + 0.5, cell[1] + 0.5
    return [(cx + radius * math.cos(i * math.pi / 12), cy + radius * math.sin(i * math.pi / 12))
            for i in range(24)]


def _square(cell: Cell, half: float) -> list[Point]:
    """The finish mark inside the grid: a square, told apart from the start's dot."""
    cx, cy = cell[0] + 0.5, cell[1] + 0.5
    return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
            (cx - half, cy + half)]


def _marker(maze: Maze, cell: Cell | None, exit: bool, size: float) -> list[Point] | None:
    """The start arrow points into the maze, the finish arrow out of it; inner cells get a
    dot (start) or a square (finish)."""
    if cell is None:
        return None
    side = maze.border_side(cell, exit=exit)
    if side is None:
        return _square(cell, 0.28) if exit else _disc(cell, 0.32)
    dx, dy = OUTWARD[side]
    if exit:
        return _arrow(_outside_point(maze, cell, side, 0.15 + size), (dx, dy), size)
    return _arrow(_outside_point(maze, cell, side, 0.1), (-dx, -dy), size)


def marker_reach(size: float) -> float:
    """How far (cells) an arrow of ``size`` cells reaches beyond the outer wall: the room to leave."""
    return 0.15 + size


def maze_drawing(maze: Maze, path: Sequence[Cell] | None = None, marker_size: float = 1.0,
                 walls: list[Run] | None = None) -> MazeDrawing:
    """The full drawing of ``maze``; ``path`` adds the solution; ``marker_size`` is in cells.

    ``walls`` takes the runs of an earlier drawing of the same maze, so a
    puzzle and its answer merge the walls once.
    """
    line = None
    if path:
        line = [(x + 0.5, y + 0.5) for x, y in path]
        # Carry the solution line out through the openings so it meets the arrows.
        for index, exit_side in ((0, False), (-1, True)):
            cell = path[index]
            side = maze.border_side(cell, exit=exit_side)
            if side is not None:
                point = _outside_point(maze, cell, side, 0.0)
                line.insert(0, point) if index == 0 else line.append(point)
    return MazeDrawing(
        width=maze.width,
        height=maze.height,
        walls=wall_runs(maze) if walls is None else walls,
        solution=line,
        solution_cells=list(path) if path else None,
        start_marker=_marker(maze, maze.start, False, marker_size),
        end_marker=_marker(maze, maze.end, True, marker_size),
    )
