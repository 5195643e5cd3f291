"""Shortest paths, endpoint choice and the statistics every tool counts alike.

A perfect maze is a tree, so breadth-first search gives the one path between
two cells, and two sweeps find the pair of cells farthest apart.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Sequence

from ..errors import BookmakerError
from .grid import STEPS, Cell, Maze

ENDPOINT_MODES = ("none", "corners", "border", "diameter")
_POPCOUNT = bytes(bin(bits).count("1") for bits in range(16))


def distances_from(maze: Maze, source: Cell) -> list[int]:
    """Passage steps from ``source`` to every cell, row-major; -1 where unreachable."""
    _require_inside(maze, source, "source")
    width, cells = maze.width, maze.cells
    moves = [(bit, dy * width + dx) for bit, dx, dy in STEPS]
    dist = [-1] * len(cells)
    origin = source[1] * width + source[0]
    dist[origin] = 0
    queue = deque([origin])
    pop, push = queue.popleft, queue.append
    while queue:
        here = pop()
        bits, step = cells[here], dist[here] + 1
        for bit, offset in moves:
            if bits & bit:
                there = here + offset
                if dist[there] < 0:
                    dist[there] = step
                    push(there)
    return dist


def shortest_path(maze: Maze, start: Cell, end: Cell) -> list[Cell]:
    """The cells from ``start`` to ``end`` inclusive, along open passages."""
    _require_inside(maze, start, "start")
    dist = distances_from(maze, end)
    width = maze.width
    here = start[1] * width + start[0]
    if dist[here] < 0:
        raise BookmakerError(f"no path from {list(start)} to {list(end)}: the maze is not connected")
    moves = [(bit, dy * width + dx) for bit, dx, dy in STEPS]
    path = [here]
    # Walking downhill in distance-to-end retraces the breadth-first tree.
    while dist[here]:
        bits = maze.cells[here]
        here = next(
            here + offset for bit, offset in moves
            if bits & bit and dist[here + offset] == dist[here] - 1
        )
        path.append(here)
    return [(i % width, i // width) for i in path]


def _farthest(dist: Sequence[int], candidates: Sequence[int]) -> int:
    """The candidate with the largest distance; the first one wins ties, for reproducibility."""
    return max(candidates, key=lambda i: (dist[i], -i))


def _farthest_pair(maze: Maze, candidates: Sequence[int]) -> tuple[int, int, int]:
    """Two candidates farthest apart and their distance (double sweep, exact on trees)."""
    width = maze.width
    first = candidates[0]
    a = _farthest(distances_from(maze, (first % width, first // width)), candidates)
    dist = distances_from(maze, (a % width, a // width))
    b = _farthest(dist, candidates)
    return min(a, b), max(a, b), dist[b]


def _border_cells(width: int, height: int) -> list[int]:
    return sorted({
        y * width + x
        for y in range(height) for x in range(width)
        if x in (0, width - 1) or y in (0, height - 1)
    })


def choose_endpoints(
    maze: Maze, mode: str | tuple[Cell, Cell]
) -> tuple[Cell | None, Cell | None]:
    """Start and end for an endpoint mode, or explicit cells checked against the grid.

    ``border`` picks the two border cells farthest apart along the maze (the
    suggested start and finish); ``diameter`` the two cells farthest apart
    anywhere. The start is the pair's first cell in reading order.
    """
    width, height = maze.width, maze.height
    if not isinstance(mode, str):
        start, end = mode
        _require_inside(maze, start, "start")
        _require_inside(maze, end, "end")
        return tuple(start), tuple(end)
    if mode == "none":
        return None, None
    if mode == "corners":
        return (0, 0), (width - 1, height - 1)
    if mode == "border":
        a, b, _ = _farthest_pair(maze, _border_cells(width, height))
    elif mode == "diameter":
        a, b, _ = _farthest_pair(maze, range(width * height))
    else:
        raise BookmakerError(
            f"unknown endpoints '{mode}'; choose one of: {', '.join(ENDPOINT_MODES)} or explicit cells"
        )
    return (a % width, a // width), (b % width, b // width)


def with_endpoints(maze: Maze, mode: str | tuple[Cell, Cell]) -> Maze:
    """A copy of ``maze`` with its start and end chosen by ``mode``."""
    start, end = choose_endpoints(maze, mode)
    return replace(maze, cells=bytearray(maze.cells), start=start, end=end)


def solution(maze: Maze) -> list[Cell] | None:
    """The path from the maze's start to its end, or None without endpoints."""
    if maze.start is None or maze.end is None:
        return None
    return shortest_path(maze, maze.start, maze.end)


@dataclass(frozen=True)
class Stats:
    dead_ends: int
    junctions: int
    solution_length: int | None
    turns: int | None
    longest_path: int
    decision_points: int | None  # cells on the solution where the solver must choose

    def as_json(self) -> dict:
        """The ``stats`` object of ``bookmaker.maze/1``, in its documented key order."""
        return {
            "dead_ends": self.dead_ends,
            "junctions": self.junctions,
            "solution_length": self.solution_length,
            "turns": self.turns,
            "longest_path": self.longest_path,
        }


def count_turns(path: Sequence[Cell]) -> int:
    """Changes of direction along a path of adjacent cells."""
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
    return sum(1 for before, after in zip(steps, steps[1:]) if before != after)


def _decision_points(maze: Maze, path: Sequence[Cell]) -> int:
    """Cells before the end where more than one way onward is open."""
    count = 0
    for index, (x, y) in enumerate(path[:-1]):
        onward = _POPCOUNT[maze.bits(x, y)] - (1 if index else 0)
        count += onward > 1
    return count


def measure(maze: Maze, path: Sequence[Cell] | None = None) -> Stats:
    """The maze's statistics, as DESIGN.md defines them; ``path`` is its solution if known."""
    degree = [_POPCOUNT[bits] for bits in maze.cells]
    if path is None:
        path = solution(maze)
    _, _, longest = _farthest_pair(maze, range(len(maze.cells)))
    return Stats(
        dead_ends=degree.count(1),
        junctions=sum(1 for d in degree if d >= 3),
        solution_length=len(path) if path else None,
        turns=count_turns(path) if path else None,
        longest_path=longest + 1,
        decision_points=_decision_points(maze, path) if path else None,
    )


def _require_inside(maze: Maze, cell: Cell, what: str) -> None:
    if len(cell) != 2 or not maze.contains(cell):
        raise BookmakerError(
            f"{what} cell {list(cell)} is outside the {maze.width}x{maze.height} grid "
            f"(x 0..{maze.width - 1}, y 0..{maze.height - 1})"
        )
