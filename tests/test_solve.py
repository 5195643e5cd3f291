"""Solving, endpoint choice and statistics, checked against brute force written here.

The reference functions below know nothing of ``solve.py``: they read the cell
bits with their own constants and search by plain breadth-first search, in
(x, y) coordinates. ``solve.py`` takes and gives cell ids, converted at the
boundary with the topology's ``cell_at`` and ``coordinates``.
"""

from __future__ import annotations

import re
import sys
from collections import deque
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, generate
from bookmaker.maze.solve import (
    choose_endpoints,
    distances_from,
    measure,
    shortest_path,
    solution,
    with_endpoints,
)

MOVES = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}  # N E S W

algorithms = st.sampled_from(sorted(ALGORITHMS))
sides = st.integers(1, 9)
seeds = st.integers(0, 2**40)


@st.composite
def mazes(draw, max_side: int = 9):
    return generate(
        draw(algorithms), draw(st.integers(1, max_side)), draw(st.integers(1, max_side)), draw(seeds)
    )


def cell_id(maze, cell) -> int:
    """The id of cell (x, y), checked against the row-major numbering docs/design.md promises."""
    x, y = cell
    found = maze.topology.cell_at(x, y)
    assert found == y * maze.width + x
    return found


def xy(maze, cell: int) -> tuple[int, int]:
    """(x, y) of cell id ``cell``, checked against the row-major numbering."""
    found = maze.topology.coordinates(cell)
    assert found == (cell % maze.width, cell // maze.width)
    return found


def xy_path(maze, path) -> list[tuple[int, int]]:
    return [xy(maze, cell) for cell in path]


def neighbours(maze, cell):
    x, y = cell
    bits = maze.cells[y * maze.width + x]
    return [(x + dx, y + dy) for bit, (dx, dy) in MOVES.items() if bits & bit]


def bfs(maze, source) -> dict:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in neighbours(maze, here):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def all_cells(maze):
    return [(x, y) for y in range(maze.height) for x in range(maze.width)]


def all_distances(maze) -> dict:
    return {cell: bfs(maze, cell) for cell in all_cells(maze)}


def is_border(maze, cell) -> bool:
    x, y = cell
    return x in (0, maze.width - 1) or y in (0, maze.height - 1)


def assert_path(maze, path, start, end):
    assert path[0] == start and path[-1] == end
    assert len(set(path)) == len(path), "a cell repeats"
    for a, b in pairwise(path):
        assert b in neighbours(maze, a), f"{a} -> {b} goes through a wall"


@settings(max_examples=150, deadline=None)
@given(mazes())
def test_every_algorithm_gives_a_perfect_maze(maze):
    # The solver's answers are only unique and shortest on a tree: check that first.
    passages = 0
    for cell in all_cells(maze):
        for there in neighbours(maze, cell):
            assert 0 <= there[0] < maze.width and 0 <= there[1] < maze.height, "opens the outer wall"
            assert cell in neighbours(maze, there), "passage recorded on one side only"
            passages += 1
    assert passages // 2 == maze.width * maze.height - 1
    assert len(bfs(maze, (0, 0))) == maze.width * maze.height


@settings(max_examples=200, deadline=None)
@given(mazes(), st.data())
def test_shortest_path_is_an_open_shortest_walk(maze, data):
    cell = st.tuples(st.integers(0, maze.width - 1), st.integers(0, maze.height - 1))
    start, end = data.draw(cell), data.draw(cell)
    path = shortest_path(maze, cell_id(maze, start), cell_id(maze, end))
    path = xy_path(maze, path)
    assert_path(maze, path, start, end)
    assert len(path) == bfs(maze, start)[end] + 1


@settings(max_examples=100, deadline=None)
@given(mazes(), st.data())
def test_distances_match_reference_bfs(maze, data):
    source = data.draw(st.tuples(st.integers(0, maze.width - 1), st.integers(0, maze.height - 1)))
    reference = bfs(maze, source)
    dist = distances_from(maze, cell_id(maze, source))
    assert dist == [reference[cell] for cell in all_cells(maze)]


@settings(max_examples=50, deadline=None)
@given(mazes())
def test_corners(maze):
    start, end = choose_endpoints(maze, "corners")
    assert (start, end) == (0, maze.width * maze.height - 1)
    assert (xy(maze, start), xy(maze, end)) == ((0, 0), (maze.width - 1, maze.height - 1))


@settings(max_examples=150, deadline=None)
@given(mazes(max_side=12))
def test_border_pair_is_farthest_apart_of_all_border_pairs(maze):
    start, end = choose_endpoints(maze, "border")
    assert start <= end  # the start is first in reading order
    start, end = xy(maze, start), xy(maze, end)
    assert is_border(maze, start) and is_border(maze, end)
    border = [cell for cell in all_cells(maze) if is_border(maze, cell)]
    dist = all_distances(maze)
    best = max((dist[a][b] for a, b in combinations(border, 2)), default=0)
    assert dist[start][end] == best
    assert _reading_order(start) <= _reading_order(end)


@settings(max_examples=150, deadline=None)
@given(mazes(max_side=12))
def test_diameter_pair_is_farthest_apart_of_all_pairs(maze):
    start, end = choose_endpoints(maze, "diameter")
    assert start <= end  # the start is first in reading order
    start, end = xy(maze, start), xy(maze, end)
    dist = all_distances(maze)
    best = max((dist[a][b] for a, b in combinations(all_cells(maze), 2)), default=0)
    assert dist[start][end] == best
    assert _reading_order(start) <= _reading_order(end)


def _reading_order(cell):
    return cell[1], cell[0]


def count_turns(path) -> int:
    turns = 0
    for a, b, c in zip(path, path[1:], path[2:], strict=False):
        turns += (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1])
    return turns


@settings(max_examples=150, deadline=None)
@given(mazes(max_side=12), st.sampled_from(["none", "corners", "border", "diameter"]))
def test_stats_match_brute_force(maze, mode):
    maze = with_endpoints(maze, mode)
    degrees = [len(neighbours(maze, cell)) for cell in all_cells(maze)]
    dist = all_distances(maze)
    stats = measure(maze)
    assert stats.dead_ends == degrees.count(1)
    assert stats.junctions == sum(1 for d in degrees if d >= 3)
    assert stats.longest_path == max(max(row.values()) for row in dist.values()) + 1
    if mode == "none":
        assert solution(maze) is None
        assert stats.solution_length is None and stats.turns is None
    else:
        start, end = xy(maze, maze.start), xy(maze, maze.end)
        assert solution(maze) == shortest_path(maze, maze.start, maze.end)
        path = xy_path(maze, solution(maze))
        assert_path(maze, path, start, end)
        assert stats.solution_length == len(path) == dist[start][end] + 1
        assert stats.turns == count_turns(path)
    assert list(stats.as_json()) == ["dead_ends", "junctions", "solution_length", "turns", "longest_path"]


def test_stats_of_a_single_cell():
    stats = measure(with_endpoints(generate("wilson", 1, 1, 0), "corners"))
    assert (stats.dead_ends, stats.junctions, stats.solution_length, stats.turns, stats.longest_path) == (
        0,
        0,
        1,
        0,
        1,
    )


def test_turns_count_changes_of_direction_only():
    # A 3x1 corridor has no turns; a 2x2 U has two.
    corridor = with_endpoints(generate("binary-tree", 3, 1, 0), "corners")
    assert measure(corridor).turns == 0
    maze = generate("recursive-backtracker", 2, 2, 0)
    u = with_endpoints(maze, (cell_id(maze, _u_end(maze)), cell_id(maze, _u_start(maze))))
    assert measure(u).solution_length == 4 and measure(u).turns == 2


def _u_start(maze):
    # The 2x2 perfect maze has exactly one wall inside: the two cells beside it are the U's ends.
    return next(c for c in all_cells(maze) if len(neighbours(maze, c)) == 1)


def _u_end(maze):
    return [c for c in all_cells(maze) if len(neighbours(maze, c)) == 1][1]


OUTSIDE = [(-1, 0), (0, -1), (5, 0), (0, 4), (99, 99)]
NOT_IDS = [-1, 20, 99, -21, (1, 1)]  # a 5x4 maze has cells 0..19; an (x, y) pair is no id


@pytest.mark.parametrize("cell", NOT_IDS)
def test_cells_outside_the_grid_are_refused(cell):
    maze = generate("kruskal", 5, 4, 1)

    def refused(what, call):
        with pytest.raises(BookmakerError) as error:
            call()
        message = str(error.value)
        assert message == f"{what} cell {cell} is not one of the maze's cells 0..19"
        assert "\n" not in message

    refused("source", lambda: distances_from(maze, cell))
    refused("start", lambda: shortest_path(maze, cell, 0))
    refused("end", lambda: shortest_path(maze, 0, cell))
    refused("start", lambda: choose_endpoints(maze, (cell, 6)))
    refused("end", lambda: with_endpoints(maze, (6, cell)))


@pytest.mark.parametrize("cell", OUTSIDE)
def test_coordinates_outside_the_grid_are_refused(cell):
    # Where cells are written as X,Y (`bookmaker maze --start/--end`) the topology turns
    # them into ids, and names an off-grid cell by its coordinates.
    grid = generate("kruskal", 5, 4, 1).topology
    for what in ("start", "end"):
        with pytest.raises(BookmakerError) as error:
            grid.cell_at(*cell, what=what)
        message = str(error.value)
        assert message.startswith(f"{what} cell {list(cell)} is outside the 5x4 grid")
        assert "(x 0..4, y 0..3)" in message and "\n" not in message


@pytest.mark.parametrize("cell", OUTSIDE)
def test_the_maze_command_refuses_off_grid_cells_by_their_coordinates(cell, tmp_path, monkeypatch, capfd):
    from bookmaker.cli import main

    monkeypatch.chdir(tmp_path)
    text = ",".join(map(str, cell))
    for args, what in (
        (["--start=" + text, "--end=1,1"], "start"),
        (["--start=1,1", "--end=" + text], "end"),
    ):
        monkeypatch.setattr(
            sys,
            "argv",
            ["bookmaker", "maze", "--size", "5x4", "--seed", "1", "--algorithm", "kruskal", *args],
        )
        with pytest.raises(SystemExit) as exit:
            main()
        out, err = capfd.readouterr()
        assert exit.value.code == 2 and out == "" and err.count("\n") == 1, err
        assert re.match(
            rf"bookmaker: error: {what} cell {re.escape(str(list(cell)))} "
            r"is outside the 5x4 grid",
            err,
        ), err
    assert list(tmp_path.iterdir()) == []


def test_unknown_endpoint_mode_lists_the_modes():
    with pytest.raises(BookmakerError, match="corners, border, diameter"):
        choose_endpoints(generate("prim", 3, 3, 0), "middle")


@settings(max_examples=30, deadline=None)
@given(algorithms, sides, sides, seeds)
def test_with_endpoints_leaves_the_original_alone(name, width, height, seed):
    maze = generate(name, width, height, seed)
    before = bytes(maze.cells)
    marked = with_endpoints(maze, "border")
    assert maze.start is None and maze.end is None
    assert bytes(maze.cells) == before == bytes(marked.cells)


@pytest.mark.parametrize(
    "shape, size, rings",
    [("square", (13, 9), None), ("hex", (8, 7), None), ("triangle", (9, 6), None), ("polar", None, 5)],
)
@pytest.mark.parametrize("braid", [0.0, 0.5])
def test_distances_read_from_one_search_are_a_search_from_each_source(shape, size, rings, braid):
    # `opposite` asks for the distances from up to nine cells; a perfect maze answers them
    # all from one search, a braided one searches from each. Both must be exact.
    import random

    from bookmaker.maze import generate_on
    from bookmaker.maze.shapes import make_topology
    from bookmaker.maze.solve import _distance_finder, _distances, shortest_path

    topology = make_topology(shape, size, rings)
    present = [cell for cell in range(topology.cells) if topology.present[cell]]
    for algorithm in ("wilson", "recursive-backtracker", "kruskal"):
        for seed in range(4):
            maze = generate_on(topology, algorithm, seed, braid=braid)
            distances = _distance_finder(topology, maze.cells)
            for source in random.Random(seed).sample(present, 6):
                expected = _distances(topology, maze.cells, source)
                assert distances(source) == expected, (algorithm, seed, source)
                far = max(present, key=lambda cell: (expected[cell], -cell))
                path = shortest_path(maze, source, far)
                assert len(path) == expected[far] + 1 and path[0] == source and path[-1] == far
