"""Shortest paths, endpoint choice and the statistics every tool counts alike.

A perfect maze is a tree, so breadth-first search gives the one path between
two cells, and two sweeps find the pair of cells farthest apart.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from ..errors import BookmakerError
from .grid import STEPS, Cell, Maze

ENDPOINT_MODES = ("none", "corners", "border", "diameter")
_POPCOUNT = bytes(bin(bits).count("1") for bits in range(256))  # a translate() table


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
    _require_inside(maze, end, "end")  # else distances_from would blame a "source" cell
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


def _farthest_pairs(maze: Maze) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The farthest-apart pair of all cells and of border cells, as (a, b, distance)."""
    # Endpoint choice and measuring both need it: the cache makes that one pass.
    return _farthest_pairs_of(maze.width, maze.height, bytes(maze.cells))


@lru_cache(maxsize=8)
def _farthest_pairs_of(width: int, height: int, cells: bytes
                       ) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The work of ``_farthest_pairs``, on hashable arguments.

    One breadth-first pass from cell 0 orders the tree; one pass back up it
    keeps, for every cell, its deepest descendant overall and on the border,
    and meets the best two branches at each cell. Exact on perfect mazes,
    and twice as fast as two double sweeps.
    """
    count = width * height
    moves = [(bit, dy * width + dx) for bit, dx, dy in STEPS]
    parent = [-1] * count
    parent[0] = 0
    order = [0]
    for here in order:  # the list grows while we walk it: a queue without popping
        bits = cells[here]
        for bit, offset in moves:
            if bits & bit:
                there = here + offset
                if parent[there] < 0:
                    parent[there] = here
                    order.append(there)
    parent[0] = -1
    # Border cells: the first and last rows, and the first and last column of each row.
    on_border = [False] * count
    on_border[:width] = [True] * width
    on_border[count - width:] = [True] * width
    on_border[::width] = [True] * height
    on_border[width - 1::width] = [True] * height
    # Deepest descendant (distance, cell) of each cell, over all cells and over border cells.
    deep_all = [0] * count
    cell_all = list(range(count))
    deep_border = [0 if b else -1 for b in on_border]
    cell_border = list(range(count))
    best_all, best_border = (0, 0, 0), (0, 0, 0) if on_border[0] else (-1, -1, -1)
    for child in reversed(order):
        up = parent[child]
        if up < 0:
            continue
        depth = deep_all[child] + 1
        if deep_all[up] + depth > best_all[2]:
            best_all = (cell_all[up], cell_all[child], deep_all[up] + depth)
        if depth > deep_all[up]:
            deep_all[up], cell_all[up] = depth, cell_all[child]
        if deep_border[child] >= 0:
            depth = deep_border[child] + 1
            if deep_border[up] >= 0 and deep_border[up] + depth > best_border[2]:
                best_border = (cell_border[up], cell_border[child], deep_border[up] + depth)
            if depth > deep_border[up]:
                deep_border[up], cell_border[up] = depth, cell_border[child]
    if len(order) < count:
        raise BookmakerError("the maze is not connected, so it has no farthest pair")
    return _ordered(best_all), _ordered(best_border)


def _ordered(pair: tuple[int, int, int]) -> tuple[int, int, int]:
    a, b, distance = pair
    return min(a, b), max(a, b), distance


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
    if mode in ("border", "diameter"):
        diameter, border = _farthest_pairs(maze)
        a, b, _ = border if mode == "border" else diameter
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
    degree = bytes(maze.cells).translate(_POPCOUNT)  # open passages per cell, in C
    if path is None:
        path = solution(maze)
    (_, _, longest), _ = _farthest_pairs(maze)
    return Stats(
        dead_ends=degree.count(1),
        junctions=degree.count(3) + degree.count(4),
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
