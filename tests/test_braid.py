"""Braided mazes (docs/design.md, "Braid"): dead ends joined into loops, and the solver on loops.

The references here know nothing of ``braid.py`` or ``solve.py``: they read the passage
bits through the topology's neighbour table and search by plain breadth-first search,
trying every pair of cells where ``solve.py`` is clever. Only on the larger mazes are the
pairs measured with ``distances_from``, itself checked against a reference in
test_solve.py.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from array import array
from collections import deque
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, Maze, generate_on, solve
from bookmaker.maze.braid import join_dead_ends
from bookmaker.maze.mask import Mask
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import (
    _Skeleton,
    choose_endpoints,
    distances_from,
    is_perfect,
    measure,
    shortest_path,
    with_endpoints,
)
from bookmaker.maze.topology import SquareGrid

# A silhouette with a hole (a wall round it is no border) and a one-cell spur at (1, 3):
# the spur's only neighbour in the grid is the cell above it.
SILHOUETTE = ("XXXXXXX", "X..XXXX", "XXXXXX.", ".X.....")


def silhouette_mask() -> Mask:
    on = bytes(1 if mark == "X" else 0 for row in SILHOUETTE for mark in row)
    return Mask(on=on, kind="file", source="t", sha256="0" * 16)


def topology_of(shape: str, size):
    if shape == "polar":
        return make_topology("polar", rings=size)
    if shape == "masked":
        return make_topology("square", (len(SILHOUETTE[0]), len(SILHOUETTE)), mask=silhouette_mask())
    return make_topology(shape, size)


SHAPES = [
    ("square", (12, 10)),
    ("hex", (10, 8)),
    ("triangle", (14, 8)),
    ("polar", 6),
    ("masked", None),
    ("square", (1, 9)),
]


def present_cells(topology) -> list[int]:
    return [cell for cell in range(topology.cells) if topology.present[cell]]


def grid_neighbours(topology, cell) -> list[int]:
    row = topology.neighbours[cell * topology.sides : (cell + 1) * topology.sides]
    return [other for other in row if other >= 0]


def linked(topology, cells, cell) -> list[int]:
    """The cells ``cell`` has an open passage to, checked to be recorded on both."""
    sides = topology.sides
    found = []
    for side in range(sides):
        if cells[cell] >> side & 1:
            other = topology.neighbours[cell * sides + side]
            assert other >= 0 and topology.present[other], "a passage through the outer wall"
            assert cells[other] >> topology.back[cell * sides + side] & 1, "one-sided passage"
            found.append(other)
    return found


def passage_count(topology, cells) -> int:
    return sum(len(linked(topology, cells, cell)) for cell in range(topology.cells)) // 2


def bfs(topology, cells, source) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in linked(topology, cells, here):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def farthest_pair(topology, cells, candidates) -> tuple[int, int, int]:
    """Of all pairs a <= b of ``candidates``, the farthest apart; the lowest (a, b) on a tie."""
    dist = {cell: bfs(topology, cells, cell) for cell in candidates}
    return max(
        ((a, b, dist[a][b]) for a in candidates for b in candidates if a <= b),
        key=lambda pair: (pair[2], -pair[0], -pair[1]),
    )


def is_bridge(topology, cells, a, b) -> bool:
    """Whether the passage a-b is on no loop: without it, b is out of a's reach."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        for there in linked(topology, cells, here):
            if {here, there} != {a, b} and there not in dist:
                dist[there] = 0
                queue.append(there)
    return b not in dist


def loops_touching(topology, cells, path) -> int:
    """Passages - cells + 1 of each piece left when bridges go that holds a cell of ``path``."""
    on_loop = {
        cell: [
            other for other in linked(topology, cells, cell) if not is_bridge(topology, cells, cell, other)
        ]
        for cell in present_cells(topology)
    }
    seen, loops = set(), 0
    for first in path:
        if first in seen:
            continue
        piece, queue = {first}, [first]
        while queue:
            for other in on_loop[queue.pop()]:
                if other not in piece:
                    piece.add(other)
                    queue.append(other)
        seen |= piece
        loops += sum(len(on_loop[cell]) for cell in piece) // 2 - len(piece) + 1
    return loops


def dead_ends(cells) -> int:
    return sum(1 for bits in cells if bin(bits).count("1") == 1)


def carved(topology, passages) -> bytearray:
    """The cell bytes with exactly ``passages`` (pairs of neighbouring cells) open."""
    cells = bytearray(topology.cells)
    for a, b in passages:
        cells[a] |= 1 << topology.side_between(a, b)
        cells[b] |= 1 << topology.side_between(b, a)
    return cells


# --- Braiding -----------------------------------------------------------------------------


@pytest.mark.parametrize("shape,size", SHAPES)
def test_braid_zero_is_the_perfect_maze(shape, size):
    topology = topology_of(shape, size)
    for name in ("wilson", "recursive-backtracker"):
        for seed in range(3):
            perfect = generate_on(topology, name, seed)
            assert generate_on(topology, name, seed, braid=0).cells == perfect.cells
            assert generate_on(topology, name, seed, braid=0.0).braid == 0.0
            # Called anyway, a share of 0 changes nothing.
            cells = bytearray(perfect.cells)
            join_dead_ends(topology, cells, 0.0, random.Random(seed))
            assert cells == perfect.cells


@pytest.mark.parametrize("shape,size", SHAPES)
def test_braiding_only_opens_walls_and_is_the_same_for_the_same_seed(shape, size):
    topology = topology_of(shape, size)
    for name in ("wilson", "kruskal", "hunt-and-kill"):
        for seed in range(3):
            perfect = generate_on(topology, name, seed)
            braided = generate_on(topology, name, seed, braid=0.6)
            assert braided.cells == generate_on(topology, name, seed, braid=0.6).cells
            assert braided.braid == 0.6
            for cell in range(topology.cells):
                assert perfect.cells[cell] & ~braided.cells[cell] == 0, "a passage was closed"
                linked(topology, braided.cells, cell)  # both-sided, inside the outer wall
            added = passage_count(topology, braided.cells) - passage_count(topology, perfect.cells)
            assert added <= dead_ends(perfect.cells)
            assert dead_ends(braided.cells) <= dead_ends(perfect.cells)


# The braid's draws are part of the seed contract (docs/design.md, "Randomness and seeds").
GOLDEN_BRAIDS = [
    ("square", (10, 10), "wilson", 7, 0.5, "7c2fa69ad1a3a98e"),
    ("hex", (8, 6), "kruskal", 3, 1.0, "32ef65a61bd27e6d"),
    ("triangle", (10, 6), "prim", 4, 0.3, "377e9162530cb812"),
    ("polar", 5, "wilson", 9, 0.5, "0fa85bff9dd29d5a"),
    # The spur, a dead end with nothing to open, is passed over without a draw.
    ("masked", None, "wilson", 3, 0.5, "6eefe8d1f0a467ca"),
]


@pytest.mark.parametrize("shape,size,name,seed,share,digest", GOLDEN_BRAIDS)
def test_braided_mazes_are_pinned(shape, size, name, seed, share, digest):
    maze = generate_on(topology_of(shape, size), name, seed, braid=share)
    assert hashlib.sha256(bytes(maze.cells)).hexdigest()[:16] == digest


@pytest.mark.parametrize("shape,size", SHAPES)
def test_full_braid_leaves_only_cells_with_one_neighbour_as_dead_ends(shape, size):
    topology = topology_of(shape, size)
    lone = {cell for cell in present_cells(topology) if len(grid_neighbours(topology, cell)) == 1}
    if size in (None, (1, 9)):  # the silhouette's spur; the corridor's two ends
        assert lone, "the case should hold a cell with one neighbour"
    for name in ("wilson", "recursive-backtracker", "kruskal"):
        for seed in range(4):
            cells = generate_on(topology, name, seed, braid=1.0).cells
            left = {cell for cell in range(topology.cells) if len(linked(topology, cells, cell)) == 1}
            assert left <= lone, f"{name} seed {seed}: dead ends left at {sorted(left - lone)}"


def test_half_braid_leaves_30_to_50_percent_of_the_dead_ends():
    topology = SquareGrid(20, 20)
    shares = []
    for seed in range(8):
        before = dead_ends(generate_on(topology, "wilson", seed).cells)
        shares.append(dead_ends(generate_on(topology, "wilson", seed, braid=0.5).cells) / before)
    assert 0.30 <= statistics.mean(shares) <= 0.50, shares


def test_a_dead_end_joins_a_neighbouring_dead_end_first():
    # A path through all eight cells of a 4x2 grid whose two ends, (1, 0) and (2, 0), are
    # neighbours; each end also has an unlinked neighbour below that is no dead end.
    # Whichever end comes first must open the wall to the other, leaving no dead end.
    topology = SquareGrid(4, 2)
    route = [(1, 0), (0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 0), (2, 0)]
    ids = [y * 4 + x for x, y in route]
    base = carved(topology, pairwise(ids))
    ends = ids[0], ids[-1]
    for seed in range(30):
        cells = bytearray(base)
        join_dead_ends(topology, cells, 1.0, random.Random(seed))
        opened = [cells[cell] & ~base[cell] for cell in range(topology.cells)]
        assert opened[ends[0]] == 1 << topology.side_between(*ends)
        assert opened[ends[1]] == 1 << topology.side_between(*reversed(ends))
        assert sum(map(bool, opened)) == 2


def test_a_dead_end_among_no_dead_ends_opens_any_of_its_walls():
    # A 3x3 grid: a loop round the rim, and the centre linked up only: the one dead end.
    # Its three closed walls lead to cells on the loop, and each gets chosen.
    topology = SquareGrid(3, 3)
    base = carved(topology, [(0, 1), (1, 2), (2, 5), (5, 8), (8, 7), (7, 6), (6, 3), (3, 0), (4, 1)])
    chosen = set()
    for seed in range(40):
        cells = bytearray(base)
        join_dead_ends(topology, cells, 1.0, random.Random(seed))
        opened = [cell for cell in range(topology.cells) if cells[cell] != base[cell]]
        assert len(opened) == 2 and 4 in opened
        chosen.update(opened)
    assert chosen == {3, 4, 5, 7}


# --- Solving and measuring mazes with loops ---------------------------------------------


def makers(topology) -> list[str]:
    return [name for name, algorithm in ALGORITHMS.items() if algorithm.supports(topology)]


@pytest.mark.parametrize("shape,size", SHAPES)
def test_every_generator_is_perfect_until_braided(shape, size):
    topology = topology_of(shape, size)
    for name in makers(topology):
        for seed in range(2):
            perfect = generate_on(topology, name, seed)
            assert is_perfect(perfect), name
            braided = generate_on(topology, name, seed, braid=1.0)
            passages = passage_count(topology, braided.cells)
            assert is_perfect(braided) == (passages == topology.present_count - 1), name
            for maze in (perfect, braided):
                stats = measure(maze)
                assert stats.loops == passage_count(topology, maze.cells) - len(present_cells(topology)) + 1
            assert measure(perfect).loops == 0
    assert not is_perfect(generate_on(SquareGrid(12, 10), "wilson", 0, braid=0.5))


def test_is_perfect_wants_every_cell_reached():
    # Five passages for six cells, as a tree has, but a loop of four and a pair apart.
    topology = SquareGrid(3, 2)
    apart = Maze(topology, carved(topology, [(0, 1), (1, 4), (4, 3), (3, 0), (2, 5)]))
    assert not is_perfect(apart)
    # And two loops of four apart, which no tree pass would be asked about.
    grid = SquareGrid(4, 2)
    loops_apart = Maze(grid, carved(grid, [(0, 1), (1, 5), (5, 4), (4, 0), (2, 3), (3, 7), (7, 6), (6, 2)]))
    for maze in (apart, loops_apart):
        with pytest.raises(BookmakerError, match="not connected"):
            choose_endpoints(maze, "diameter")
    assert is_perfect(Maze(topology, carved(topology, [(0, 1), (1, 4), (4, 3), (1, 2), (2, 5)])))


BRAIDED = [
    (shape, size, name, seed, share)
    for shape, size in [
        ("square", (9, 7)),
        ("hex", (7, 6)),
        ("triangle", (10, 5)),
        ("polar", 4),
        ("masked", None),
    ]
    for name in ("wilson", "recursive-backtracker")
    for seed, share in [(0, 0.6), (1, 0.8), (2, 1.0)]
]


@pytest.mark.parametrize("shape,size,name,seed,share", BRAIDED)
def test_endpoints_and_longest_path_match_brute_force_on_braided_mazes(shape, size, name, seed, share):
    topology = topology_of(shape, size)
    maze = generate_on(topology, name, seed, braid=share)
    assert not is_perfect(maze)
    cells = present_cells(topology)
    rim = [cell for cell in cells if topology.border[cell]]
    a, b, longest = farthest_pair(topology, maze.cells, cells)
    assert choose_endpoints(maze, "diameter") == (a, b)
    a, b, _ = farthest_pair(topology, maze.cells, rim)
    assert choose_endpoints(maze, "border") == (a, b)
    marked = with_endpoints(maze, "border")
    path = shortest_path(maze, a, b)
    stats = measure(marked, path)
    assert stats.longest_path == longest + 1
    assert stats.solution_length == len(path) == bfs(topology, maze.cells, a)[b] + 1
    for here, there in pairwise(path):
        assert there in linked(topology, maze.cells, here)
    assert stats.loops_on_route == loops_touching(topology, maze.cells, path)
    assert stats.dead_ends == dead_ends(maze.cells)


@pytest.mark.parametrize(
    "shape,size,seed,share",
    [
        ("square", (24, 22), 0, 0.1),
        ("square", (24, 22), 1, 0.5),
        ("hex", (20, 18), 2, 1.0),
        ("triangle", (30, 14), 3, 0.3),
    ],
)
def test_endpoints_match_every_pair_on_larger_braided_mazes(shape, size, seed, share):
    # Big enough that the bounds leave many cells open and pairs get compared; every
    # pair is measured with distances_from, itself checked against a reference in
    # test_solve.py.
    maze = generate_on(topology_of(shape, size), "wilson", seed, braid=share)
    topology = maze.topology
    assert not is_perfect(maze)
    dist = {cell: distances_from(maze, cell) for cell in range(topology.cells)}

    def farthest(candidates):
        return max(
            ((a, b, dist[a][b]) for a in candidates for b in candidates if a <= b),
            key=lambda pair: (pair[2], -pair[0], -pair[1]),
        )

    a, b, longest = farthest(range(topology.cells))
    assert choose_endpoints(maze, "diameter") == (a, b)
    assert measure(maze).longest_path == longest + 1
    a, b, _ = farthest([cell for cell in range(topology.cells) if topology.border[cell]])
    assert choose_endpoints(maze, "border") == (a, b)


# Found by the tree pass before braids existed: perfect mazes keep them (ties and all).
PERFECT_PAIRS = [
    ("square", (12, 9), "wilson", 3, (102, 106), (21, 102), 29),
    ("hex", (9, 7), "kruskal", 5, (8, 35), (8, 35), 19),
    ("triangle", (12, 6), "recursive-backtracker", 8, (11, 61), (29, 61), 50),
    ("polar", 6, "prim", 2, (78, 79), (58, 79), 29),
]


@pytest.mark.parametrize("shape,size,name,seed,border,diameter,longest", PERFECT_PAIRS)
def test_perfect_mazes_keep_their_endpoints(shape, size, name, seed, border, diameter, longest):
    maze = generate_on(topology_of(shape, size), name, seed)
    assert choose_endpoints(maze, "border") == border
    assert choose_endpoints(maze, "diameter") == diameter
    stats = measure(maze)
    assert (stats.longest_path, stats.loops, stats.loops_on_route) == (longest, 0, None)
    assert measure(with_endpoints(maze, "border")).loops_on_route == 0


@st.composite
def braided_mazes(draw):
    shape = draw(st.sampled_from(["square", "hex", "triangle", "polar"]))
    if shape == "polar":
        topology = make_topology("polar", rings=draw(st.integers(1, 4)))
    else:
        least = 2 if shape == "triangle" else 1  # one triangle wide falls apart
        topology = make_topology(shape, (draw(st.integers(least, 6)), draw(st.integers(1, 6))))
    name = draw(st.sampled_from(makers(topology)))
    seed = draw(st.integers(0, 2**32))
    share = draw(st.floats(0.0, 1.0))
    return generate_on(topology, name, seed), generate_on(topology, name, seed, braid=share)


@settings(max_examples=30, deadline=None)
@given(braided_mazes())
def test_braided_mazes_keep_their_promises(pair):
    perfect, maze = pair
    topology, cells = maze.topology, maze.cells
    present = present_cells(topology)
    for cell in range(topology.cells):
        assert perfect.cells[cell] & ~cells[cell] == 0
    passages = passage_count(topology, cells)
    assert len(bfs(topology, cells, present[0])) == len(present)
    assert is_perfect(maze) == (passages == len(present) - 1) == (cells == perfect.cells)
    marked = with_endpoints(maze, "border")
    stats = measure(marked)
    assert stats.loops == passages - len(present) + 1
    assert stats.loops_on_route == loops_touching(
        topology, cells, shortest_path(maze, marked.start, marked.end)
    )
    assert stats.longest_path == farthest_pair(topology, cells, present)[2] + 1
    for mode, candidates in (
        ("diameter", present),
        ("border", [cell for cell in present if topology.border[cell]]),
    ):
        a, b, distance = farthest_pair(topology, cells, candidates)
        start, end = choose_endpoints(maze, mode)
        assert start <= end and bfs(topology, cells, start)[end] == distance
        if not is_perfect(maze):  # the tree pass breaks ties its own way
            assert (start, end) == (a, b)


def test_braiding_makes_a_maze_harder_not_easier():
    """Braiding shortens the solution; the loops it passes through must outweigh that, while
    a perfect maze's score is its solution, turns and choices alone."""
    from bookmaker.plan.mazes import difficulty_score

    grid = SquareGrid(20, 20)
    for seed in range(5):
        perfect = with_endpoints(generate_on(grid, "wilson", seed), "border")
        braided = with_endpoints(generate_on(grid, "wilson", seed, braid=1.0), "border")
        plain, loopy = measure(perfect), measure(braided)
        assert plain.loops == plain.loops_on_route == 0
        assert difficulty_score(plain) == (plain.solution_length + plain.turns + 4 * plain.decision_points)
        assert loopy.loops_on_route > 0
        assert loopy.solution_length <= plain.solution_length
        assert difficulty_score(loopy) > difficulty_score(plain)


def test_maze_2_json_counts_loops_and_says_whether_the_maze_is_perfect():
    import json

    from bookmaker.render.maze_json import to_json

    grid = make_topology("hex", (8, 6))
    for share, perfect in ((0.0, True), (1.0, False)):
        maze = with_endpoints(generate_on(grid, "kruskal", 4, braid=share), "border")
        record = json.loads(to_json(maze))
        passages, cells = len(record["passages"]), record["cells"]
        assert record["stats"]["loops"] == passages - cells + 1
        assert record["perfect"] is perfect
        assert (record["stats"]["loops"] == 0) is perfect


# --- The farthest pair's tie-break, pinned across many mazes ----------------------------


def tie_break_cases():
    """Small braided mazes of every shape, with many equally far pairs among so few cells."""
    for shape, size in [
        ("square", (5, 4)),
        ("square", (7, 6)),
        ("hex", (5, 4)),
        ("triangle", (7, 4)),
        ("polar", 3),
        ("masked", None),
    ]:
        topology = topology_of(shape, size)
        for seed in range(12):
            for share in (0.1, 0.5, 1.0):
                yield generate_on(
                    topology, "wilson" if seed % 2 else "recursive-backtracker", seed, braid=share
                )


def test_farthest_pairs_take_the_lowest_ids_on_every_tie():
    # Of the equally far pairs a <= b, the lowest (a, b): the brute force below says which.
    ties = 0
    for maze in tie_break_cases():
        if is_perfect(maze):  # a light braid may open nothing; the tree pass has its own ties
            continue
        topology = maze.topology
        present = present_cells(topology)
        rim = [cell for cell in present if topology.opening_sides[cell]]
        dist = {cell: bfs(topology, maze.cells, cell) for cell in present}
        for mode, candidates in (("diameter", present), ("border", rim)):
            pairs = [(a, b, dist[a][b]) for a in candidates for b in candidates if a <= b]
            a, b, longest = min(pairs, key=lambda pair: (-pair[2], pair[0], pair[1]))
            ties += sum(1 for *_, distance in pairs if distance == longest) > 1
            assert choose_endpoints(maze, mode) == (a, b), (topology.describe(), maze.seed, mode)
            if mode == "diameter":
                assert measure(maze).longest_path == longest + 1
    assert ties > 100  # the cases do hold ties to break


# Endpoints and solutions of larger braided mazes as the solver chose them when the farthest
# pair became a few searches and bounds (issue 29): a faster solver must choose the same.
PINNED_ROUTES = "349d129aa5360221"


def test_braided_endpoints_and_routes_are_pinned():
    digest = hashlib.sha256()
    for shape, size in [("square", (40, 30)), ("hex", (24, 20)), ("square", (60, 8))]:
        topology = topology_of(shape, size)
        for seed in range(4):
            for share in (0.1, 0.5, 1.0):
                maze = generate_on(
                    topology, "recursive-backtracker" if seed % 2 else "kruskal", seed, braid=share
                )
                for mode in ("border", "diameter"):
                    marked = with_endpoints(maze, mode)
                    path = shortest_path(marked, marked.start, marked.end)
                    digest.update(
                        repr((mode, marked.start, marked.end, path, measure(marked, path))).encode()
                    )
    assert digest.hexdigest()[:16] == PINNED_ROUTES


# Light braids leave few loops and long trees hanging off them: the farthest pair is found
# on the core of loops with corridors contracted (``_Skeleton``), not by searching every cell.
LIGHTLY_BRAIDED = [
    (shape, size, name, seed, share)
    for shape, size in [*SHAPES[:5], ("square", (16, 13))]
    for name in ("recursive-backtracker",)
    for seed, share in [(3, 0.05), (4, 0.15), (5, 0.3)]
]


@pytest.mark.parametrize("shape,size,name,seed,share", LIGHTLY_BRAIDED)
def test_core_distances_and_pairs_match_brute_force_on_lightly_braided_mazes(
    shape, size, name, seed, share, monkeypatch
):
    maze = generate_on(topology_of(shape, size), name, seed, braid=share)
    topology = maze.topology
    if is_perfect(maze):
        return  # nothing drawn below the share: no loop to search round
    cells = present_cells(topology)
    skeleton = _Skeleton(topology, maze.cells, cells)
    reference = {source: bfs(topology, maze.cells, source) for source in cells}
    for source in cells:  # from every cell: in a hanging tree, on a corridor, at a node
        assert list(skeleton.distances(source)) == [reference[source][cell] for cell in cells]
    # The pairs, searched on the core whatever the maze's size: the same as every pair gives.
    monkeypatch.setattr(solve, "_CELLS_PER_LOOP", 0)
    monkeypatch.setattr(solve, "_CELLS_PER_TARGET", 0)
    rim = [cell for cell in cells if topology.opening_sides[cell]]
    for candidates in (cells, rim):
        expected = max(
            ((a, b, reference[a][b]) for a in candidates for b in candidates if a <= b),
            key=lambda pair: (pair[2], -pair[0], -pair[1]),
        )
        assert solve._farthest_apart(topology, bytes(maze.cells), array("i", candidates)) == expected


def test_a_core_of_one_loop_and_a_maze_in_pieces():
    # A ring of eight round a middle cell hanging off it, and a tree below: the core is one
    # loop without a junction.
    grid = SquareGrid(3, 4)
    ring = [(0, 1), (1, 2), (2, 5), (5, 8), (8, 7), (7, 6), (6, 3), (3, 0), (1, 4), (7, 10)]
    maze = Maze(grid, carved(grid, [*ring, (10, 9), (10, 11)]))
    cells = list(range(grid.cells))
    skeleton = _Skeleton(grid, maze.cells, cells)
    for source in cells:
        reference = bfs(grid, maze.cells, source)
        assert list(skeleton.distances(source)) == [reference[cell] for cell in cells]
    # A ring of four beside a tree of its own: peeling takes the whole tree.
    grid = SquareGrid(4, 3)
    tree = [(2, 3), (3, 7), (7, 6), (6, 10), (10, 11), (10, 9), (9, 8)]
    apart = Maze(grid, carved(grid, [(0, 1), (1, 5), (5, 4), (4, 0), *tree]))
    with pytest.raises(BookmakerError, match="not connected"):
        _Skeleton(grid, apart.cells, [0, 11])
