"""Shortest paths, endpoint choice and the statistics every tool counts alike.

Everything here walks the topology's neighbour table, so it works on every
shape; cells are ids. A perfect maze is a tree, so breadth-first search
gives the one path between two cells, and one pass up the search tree finds
the pair of cells farthest apart. A braided maze has loops: breadth-first
search still gives a shortest path, and bounds on how far each cell reaches
find the farthest pair with a few searches rather than one from every cell.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from ..errors import BookmakerError
from .model import Maze
from .topology import Topology

ENDPOINT_MODES = ("none", "corners", "border", "diameter", "centre")
_POPCOUNT = bytes(bin(bits).count("1") for bits in range(256))  # a translate() table


def _open_steps(topology: Topology) -> list[tuple[int, int]]:
    """(bit, side) of every side, in side order: the order every search takes them in."""
    return [(1 << side, side) for side in range(topology.sides)]


def distances_from(maze: Maze, source: int) -> list[int]:
    """Passage steps from ``source`` to every cell, by id; -1 where unreachable."""
    _require_cell(maze, source, "source")
    return _distances(maze.topology, maze.cells, source)


def _distances(topology: Topology, cells: bytes | bytearray, source: int) -> list[int]:
    """The breadth-first search behind ``distances_from``, on unchecked arguments."""
    sides, table = topology.sides, topology.neighbours
    steps = _open_steps(topology)
    dist = [-1] * len(cells)
    dist[source] = 0
    queue = deque([source])
    pop, push = queue.popleft, queue.append
    while queue:
        here = pop()
        bits, step, base = cells[here], dist[here] + 1, here * sides
        for bit, side in steps:
            if bits & bit:
                there = table[base + side]
                if dist[there] < 0:
                    dist[there] = step
                    push(there)
    return dist


def shortest_path(maze: Maze, start: int, end: int) -> list[int]:
    """The cells from ``start`` to ``end`` inclusive, along open passages."""
    _require_cell(maze, start, "start")
    _require_cell(maze, end, "end")  # else distances_from would blame a "source" cell
    dist = distances_from(maze, end)
    if dist[start] < 0:
        raise BookmakerError(f"no path from cell {start} to cell {end}: the maze is not connected")
    sides, table = maze.topology.sides, maze.topology.neighbours
    steps = _open_steps(maze.topology)
    here = start
    path = [here]
    # Walking downhill in distance-to-end retraces the breadth-first tree.
    while dist[here]:
        bits, base = maze.cells[here], here * sides
        here = next(
            table[base + side] for bit, side in steps
            if bits & bit and dist[table[base + side]] == dist[here] - 1
        )
        path.append(here)
    return path


def _farthest_pairs(maze: Maze) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The farthest-apart pair of all cells and of border cells, as (a, b, distance)."""
    # Endpoint choice and measuring both need it: the cache makes that one pass.
    return _farthest_pairs_of(maze.topology, bytes(maze.cells))


@lru_cache(maxsize=8)
def _farthest_pairs_of(topology: Topology, cells: bytes
                       ) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The work of ``_farthest_pairs``, on hashable arguments.

    A maze with one passage fewer than cells is a tree (or not connected, which the tree
    pass reports); any other has loops and takes the general search.
    """
    if _passage_count(cells) == topology.present_count - 1:
        return _farthest_pairs_in_tree(topology, cells)
    present = [cell for cell in range(topology.cells) if topology.present[cell]]
    rim = [cell for cell in present if topology.border[cell]]
    searches: dict[int, list[int]] = {}
    return (_farthest_apart(topology, cells, present, searches),
            _farthest_apart(topology, cells, rim, searches))


def _farthest_pairs_in_tree(topology: Topology, cells: bytes
                            ) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """``_farthest_pairs`` of a perfect maze.

    One breadth-first pass from cell 0 orders the tree; one pass back up it
    keeps, for every cell, its deepest descendant overall and on the border,
    and meets the best two branches at each cell. Exact on perfect mazes,
    and twice as fast as two double sweeps.
    """
    count, sides, table = topology.cells, topology.sides, topology.neighbours
    steps = _open_steps(topology)
    root = topology.first_cell()  # cell 0, unless a mask switched it off
    parent = [-1] * count
    parent[root] = root
    order = [root]
    for here in order:  # the list grows while we walk it: a queue without popping
        bits, base = cells[here], here * sides
        for bit, side in steps:
            if bits & bit:
                there = table[base + side]
                if parent[there] < 0:
                    parent[there] = here
                    order.append(there)
    parent[root] = -1
    on_border = topology.border
    # Deepest descendant (distance, cell) of each cell, over all cells and over border cells.
    deep_all = [0] * count
    cell_all = list(range(count))
    deep_border = [0 if b else -1 for b in on_border]
    cell_border = list(range(count))
    best_all = (root, root, 0)
    best_border = (root, root, 0) if on_border[root] else (-1, -1, -1)
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
    if len(order) < topology.present_count:
        raise BookmakerError("the maze is not connected, so it has no farthest pair")
    return _ordered(best_all), _ordered(best_border)


def _farthest_apart(topology: Topology, cells: bytes, targets: list[int],
                    searches: dict[int, list[int]]) -> tuple[int, int, int]:
    """The two of ``targets`` (ascending ids) farthest apart along the passages, as
    (a, b, distance), a <= b, of all such pairs the lowest (a, b); exact on any connected maze.

    Every cell v has a reach, the farthest it is from a target, and the answer is the largest
    reach of a target. One breadth-first search from a cell s, reaching r, bounds every
    other cell's reach by the triangle inequality: at most d(s, v) + r, at least r - d(s, v),
    and at least d(s, v) if s is a target. Searching alternately from the target with the
    highest upper bound (which settles it) and the cell with the lowest lower bound (the
    most central, whose bounds are the tightest) closes the gap after a few searches on
    mazes, much as Takes and Kosters (2011) find a graph's diameter. Then the targets in
    id order that might reach that far are settled until one does; its farthest target
    of lowest id completes the pair. ``searches`` (source: distances) holds the searches
    already run on this maze, so a second call for other targets reuses them.
    """
    count = topology.cells
    present = topology.present
    is_target = bytearray(count)
    for cell in targets:
        is_target[cell] = 1
    lower = [0] * count
    upper = [count] * count
    searched = bytearray(count)

    def search(source: int) -> list[int]:
        nonlocal lower, upper
        dist = searches.get(source)
        if dist is None:
            dist = searches[source] = _distances(topology, cells, source)
        reach = max(dist[cell] for cell in targets)
        upper = [bound if bound < d + reach else d + reach for bound, d in zip(upper, dist)]
        lower = [bound if bound > reach - d else reach - d for bound, d in zip(lower, dist)]
        if is_target[source]:
            lower = [bound if bound > d else d for bound, d in zip(lower, dist)]
        searched[source] = 1
        return dist

    first = topology.first_cell()
    if search(first).count(-1) > count - topology.present_count:
        raise BookmakerError("the maze is not connected, so it has no farthest pair")
    for source in searches:
        if not searched[source]:
            search(source)
    from_top = True
    while True:
        best_lower = max(lower[cell] for cell in targets)
        best_upper = max(upper[cell] for cell in targets)
        if best_lower >= best_upper:
            break
        if from_top:
            source = next(cell for cell in targets if upper[cell] == best_upper)
        else:
            # Some target is unsettled, so some cell is unsearched.
            source = min((cell for cell in range(count) if present[cell] and not searched[cell]),
                         key=lambda cell: (lower[cell], cell))
        search(source)
        from_top = not from_top
    distance = best_lower
    for a in targets:
        if upper[a] >= distance:
            dist = search(a)  # settles a: its bounds meet at its reach
            if upper[a] == distance:
                return a, next(cell for cell in targets if dist[cell] == distance), distance
    raise AssertionError("no target reaches as far as the bounds say")


def _ordered(pair: tuple[int, int, int]) -> tuple[int, int, int]:
    a, b, distance = pair
    return min(a, b), max(a, b), distance


def _passage_count(cells: bytes | bytearray) -> int:
    """Open passages: each is recorded on both of its cells."""
    return sum(bytes(cells).translate(_POPCOUNT)) // 2


def is_perfect(maze: Maze) -> bool:
    """True when the passages form a spanning tree of the cells taking part: one path
    between any two of them, no loop, no cell cut off."""
    topology = maze.topology
    if _passage_count(maze.cells) != topology.present_count - 1:
        return False
    unreached = _distances(topology, maze.cells, topology.first_cell()).count(-1)
    return unreached == topology.cells - topology.present_count


def choose_endpoints(maze: Maze, mode: str | tuple[int, int]
                     ) -> tuple[int | None, int | None]:
    """Start and end cell ids for an endpoint mode, or explicit cell ids checked.

    ``border`` picks the two border cells farthest apart along the maze (the
    suggested start and finish); ``diameter`` the two cells farthest apart
    anywhere. The start is the pair's lower id (the first in reading order).
    ``centre`` ends at the cell nearest the shape's middle and starts at the
    border cell farthest from it along the maze (the lowest id on a tie).
    """
    if not isinstance(mode, str):
        start, end = mode
        _require_cell(maze, start, "start")
        _require_cell(maze, end, "end")
        return start, end
    if mode == "none":
        return None, None
    if mode == "corners":
        return maze.topology.corners()
    if mode in ("border", "diameter"):
        diameter, border = _farthest_pairs(maze)
        a, b, _ = border if mode == "border" else diameter
        return a, b
    if mode == "centre":
        end = maze.topology.middle_cell()
        dist = distances_from(maze, end)
        on_border = maze.topology.border
        start = max((cell for cell in range(len(dist)) if on_border[cell]),
                    key=lambda cell: (dist[cell], -cell))
        return start, end
    raise BookmakerError(
        f"unknown endpoints '{mode}'; choose one of: {', '.join(ENDPOINT_MODES)} or explicit cells"
    )


def with_endpoints(maze: Maze, mode: str | tuple[int, int]) -> Maze:
    """A copy of ``maze`` with its start and end chosen by ``mode``."""
    start, end = choose_endpoints(maze, mode)
    return replace(maze, cells=bytearray(maze.cells), start=start, end=end)


def solution(maze: Maze) -> list[int] | None:
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


def count_turns(topology: Topology, path: Sequence[int]) -> int:
    """Changes of step kind (the side, or what a shape counts as one way) along a path."""
    sides = [topology.step_kind(a, topology.side_between(a, b)) for a, b in zip(path, path[1:])]
    return sum(1 for before, after in zip(sides, sides[1:]) if before != after)


def _decision_points(maze: Maze, path: Sequence[int]) -> int:
    """Cells before the end where more than one way onward is open."""
    count = 0
    for index, cell in enumerate(path[:-1]):
        onward = _POPCOUNT[maze.cells[cell]] - (1 if index else 0)
        count += onward > 1
    return count


def measure(maze: Maze, path: Sequence[int] | None = None) -> Stats:
    """The maze's statistics, as DESIGN.md defines them; ``path`` is its solution if known."""
    degree = bytes(maze.cells).translate(_POPCOUNT)  # open passages per cell, in C
    if path is None:
        path = solution(maze)
    (_, _, longest), _ = _farthest_pairs(maze)
    return Stats(
        dead_ends=degree.count(1),
        junctions=len(degree) - degree.count(0) - degree.count(1) - degree.count(2),
        solution_length=len(path) if path else None,
        turns=count_turns(maze.topology, path) if path else None,
        longest_path=longest + 1,
        decision_points=_decision_points(maze, path) if path else None,
    )


def _require_cell(maze: Maze, cell: int, what: str) -> None:
    if not (isinstance(cell, int) and 0 <= cell < maze.topology.cells):
        raise BookmakerError(
            f"{what} cell {cell} is not one of the maze's cells 0..{maze.topology.cells - 1}")
