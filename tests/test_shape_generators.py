"""The generators on every shape: perfect mazes everywhere, and exact uniformity where promised.

Perfect: every algorithm that walks the neighbour table carves a spanning tree on square, hex,
triangle and polar topologies of many sizes, the same for the same seed; the square-only ones
refuse the other shapes with an error that says so.

Uniform: Wilson's and Aldous-Broder's must draw every spanning tree of the grid equally often,
whatever its shape. On one small grid per shape the matrix-tree theorem counts the spanning
trees exactly; SAMPLES_PER_TREE mazes per tree, from the seeds 0, 1, 2, ... (fixed, so every
run draws the same mazes and the test is deterministic), must hit every tree, and a chi-square
goodness-of-fit test against the uniform distribution must give p > SIGNIFICANCE. Biased
generators fail the same check on every shape, so it has teeth: the recursive backtracker
misses most trees, and Kruskal's, which draws every tree, fails the chi-square alone.
The square grid is the control: there the square kernels carve, and test_uniformity checks
the 3x3 grid by brute force too.
"""

from __future__ import annotations

import math
from collections import Counter, deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, generate_on
from bookmaker.maze.shapes import SHAPE_NAMES, make_topology

from .test_algorithms import OPTION_STRATEGIES
from .test_uniformity import chi_square_sf, wilson_hilferty_sf

GRAPH_ALGORITHMS = [
    "recursive-backtracker",
    "hunt-and-kill",
    "wilson",
    "growing-tree",
    "kruskal",
    "prim",
    "aldous-broder",
]
SQUARE_ONLY = ["eller", "sidewinder", "binary-tree"]

# One small grid per shape -> its number of spanning trees (perfect mazes), by the matrix-tree
# theorem: a few hundred to about a thousand, few enough to see each one many times.
UNIFORMITY_GRIDS = {
    ("square", (3, 3)): 192,
    ("hex", (4, 2)): 377,  # both column parities
    ("triangle", (6, 3)): 1092,  # both triangle orientations in rows of both parities
    ("polar", 2): 320,  # the wheel: a centre and a ring of 6; Lucas L(12) - 2
}
SAMPLES_PER_TREE = 25
SIGNIFICANCE = 0.001


def topology_of(kind: str, size):
    return make_topology("polar", rings=size) if kind == "polar" else make_topology(kind, size)


@st.composite
def topologies(draw):
    kind = draw(st.sampled_from(SHAPE_NAMES))
    if kind == "polar":
        return topology_of(kind, draw(st.integers(1, 12)))
    width = draw(st.integers(1, 20))
    tallest = 2 if kind == "triangle" and width == 1 else 20  # taller falls apart: an error
    return topology_of(kind, (width, draw(st.integers(1, tallest))))


def assert_spanning_tree(topology, cells) -> None:
    """Passages only through sides with a neighbour, recorded on both cells, cells - 1 of them,
    reaching every cell: a perfect maze."""
    sides, table, back = topology.sides, topology.neighbours, topology.back
    assert len(cells) == topology.cells
    ends = 0
    for cell, bits in enumerate(cells):
        assert bits >> sides == 0, f"stray bits {bits} at cell {cell}"
        for side in range(sides):
            if bits >> side & 1:
                index = cell * sides + side
                assert table[index] >= 0, f"cell {cell} opens side {side}, which has no neighbour"
                assert cells[table[index]] >> back[index] & 1, f"one-sided passage at {cell}"
                ends += 1
    assert ends == 2 * (topology.cells - 1), f"{ends // 2} passages: a loop or a gap"
    reached = {0}
    queue = deque([0])
    while queue:
        cell = queue.popleft()
        for side in range(sides):
            there = table[cell * sides + side]
            if cells[cell] >> side & 1 and there not in reached:
                reached.add(there)
                queue.append(there)
    assert len(reached) == topology.cells, "not every cell is reachable"


# ---- every shape, every graph algorithm: a perfect maze ----


def test_the_graph_algorithms_carve_every_shape_and_the_row_ones_only_squares():
    assert sorted(GRAPH_ALGORITHMS + SQUARE_ONLY) == sorted(ALGORITHMS)
    shapes = [
        topology_of("square", (3, 3)),
        topology_of("hex", (3, 3)),
        topology_of("triangle", (3, 3)),
        topology_of("polar", 3),
    ]
    for name in GRAPH_ALGORITHMS:
        assert all(ALGORITHMS[name].supports(topology) for topology in shapes)
    for name in SQUARE_ONLY:
        assert [ALGORITHMS[name].supports(topology) for topology in shapes] == [True, False, False, False]


@pytest.mark.parametrize("name", GRAPH_ALGORITHMS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), topology=topologies(), seed=st.integers(0, 2**64))
def test_graph_algorithms_carve_a_perfect_maze_on_every_shape(name, data, topology, seed):
    options = data.draw(OPTION_STRATEGIES.get(name, st.just({})), label="options")
    maze = generate_on(topology, name, seed, **options)
    assert_spanning_tree(topology, maze.cells)
    # The same seed on a topology built afresh: the same maze.
    rebuilt = topology_of(
        topology.kind, topology.rings if topology.kind == "polar" else (topology.width, topology.height)
    )
    assert generate_on(rebuilt, name, seed, **options).cells == maze.cells


EDGE_SHAPES = [
    ("square", (1, 1)),
    ("square", (1, 6)),
    ("square", (6, 1)),
    ("hex", (1, 1)),
    ("hex", (1, 6)),
    ("hex", (6, 1)),
    ("hex", (2, 2)),
    ("triangle", (1, 1)),
    ("triangle", (1, 2)),
    ("triangle", (2, 1)),
    ("triangle", (6, 1)),
    ("triangle", (2, 6)),
    ("polar", 1),
    ("polar", 2),
    ("polar", 3),
]


@pytest.mark.parametrize("name", GRAPH_ALGORITHMS)
@pytest.mark.parametrize("kind, size", EDGE_SHAPES)
def test_graph_algorithms_carve_the_smallest_and_thinnest_shapes(name, kind, size):
    topology = topology_of(kind, size)
    for seed in range(5):
        maze = generate_on(topology, name, seed)
        assert_spanning_tree(topology, maze.cells)
        assert generate_on(topology, name, seed).cells == maze.cells


@pytest.mark.parametrize("name", SQUARE_ONLY)
@pytest.mark.parametrize("kind, size", [("hex", (4, 3)), ("triangle", (4, 3)), ("polar", 3)])
def test_square_only_algorithms_refuse_other_shapes_naming_them(name, kind, size):
    with pytest.raises(BookmakerError, match=rf"^{name} works on square grids only, not {kind}\b") as refused:
        generate_on(topology_of(kind, size), name, seed=1)
    assert "wilson" in str(refused.value)  # a generator that does carve this shape


# ---- uniformity ----


def spanning_tree_count(topology) -> int:
    """The matrix-tree theorem: the determinant of the Laplacian without its first row and
    column, exact in integers by Bareiss' fraction-free elimination."""
    n, sides, table = topology.cells, topology.sides, topology.neighbours
    laplacian = [[0] * n for _ in range(n)]
    for cell in range(n):
        for side in range(sides):
            there = table[cell * sides + side]
            if there >= 0:
                laplacian[cell][cell] += 1
                laplacian[cell][there] -= 1
    m = [row[1:] for row in laplacian[1:]]
    size, previous, sign = n - 1, 1, 1
    for k in range(size - 1):
        if m[k][k] == 0:  # swap in a row with a nonzero pivot
            swap = next((i for i in range(k + 1, size) if m[i][k]), None)
            if swap is None:
                return 0
            m[k], m[swap], sign = m[swap], m[k], -sign
        for i in range(k + 1, size):
            for j in range(k + 1, size):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // previous
        previous = m[k][k]
    return sign * m[-1][-1] if size else 1


def test_the_matrix_tree_count_is_right_on_known_graphs():
    assert spanning_tree_count(topology_of("square", (1, 1))) == 1
    assert spanning_tree_count(topology_of("square", (1, 7))) == 1  # a path
    assert spanning_tree_count(topology_of("square", (2, 2))) == 4  # a 4-cycle
    assert spanning_tree_count(topology_of("triangle", (3, 2))) == 6  # a 6-cycle
    assert spanning_tree_count(topology_of("polar", 1)) == 1
    for (kind, size), trees in UNIFORMITY_GRIDS.items():
        assert spanning_tree_count(topology_of(kind, size)) == trees


def test_the_chi_square_tail_holds_at_these_degrees_of_freedom():
    # The exact tail against the Wilson-Hilferty approximation, which is within 1e-3 at
    # hundreds of degrees of freedom, from the middle of the distribution to its far tail.
    for trees in UNIFORMITY_GRIDS.values():
        dof = trees - 1
        for spread in (-2, 0, 2, 3.5):
            x = dof + spread * math.sqrt(2 * dof)
            assert chi_square_sf(x, dof) == pytest.approx(wilson_hilferty_sf(x, dof), abs=1e-3)


def draws(topology, name: str, trees: int) -> Counter:
    """How often each maze came up in SAMPLES_PER_TREE x trees mazes from seeds 0, 1, 2, ..."""
    return Counter(bytes(generate_on(topology, name, seed).cells) for seed in range(trees * SAMPLES_PER_TREE))


def chi_square(seen: Counter, trees: int) -> tuple[float, float]:
    """The statistic against equal frequencies over all ``trees``, and its p-value."""
    expected = sum(seen.values()) / trees
    unseen = trees - len(seen)
    statistic = (sum((count - expected) ** 2 for count in seen.values()) + unseen * expected**2) / expected
    return statistic, chi_square_sf(statistic, trees - 1)


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("kind, size", list(UNIFORMITY_GRIDS))
def test_uniform_generators_draw_every_spanning_tree_equally_often(name, kind, size):
    assert ALGORITHMS[name].uniform
    topology, trees = topology_of(kind, size), UNIFORMITY_GRIDS[(kind, size)]
    seen = draws(topology, name, trees)
    for cells in seen:
        assert_spanning_tree(topology, cells)
    assert len(seen) == trees  # every spanning tree came up
    statistic, p = chi_square(seen, trees)
    assert p > SIGNIFICANCE, (
        f"{name} on {kind} {size}: chi-square {statistic:.1f} "
        f"with {trees - 1} degrees of freedom, p = {p:.2g}"
    )


@pytest.mark.parametrize("kind, size", list(UNIFORMITY_GRIDS))
def test_the_uniformity_check_rejects_a_generator_that_misses_trees(kind, size):
    assert not ALGORITHMS["recursive-backtracker"].uniform
    topology, trees = topology_of(kind, size), UNIFORMITY_GRIDS[(kind, size)]
    seen = draws(topology, "recursive-backtracker", trees)
    statistic, p = chi_square(seen, trees)
    assert len(seen) < trees
    assert p < 1e-9, f"chi-square {statistic:.1f}, p = {p:.2g}"


@pytest.mark.parametrize("kind, size", list(UNIFORMITY_GRIDS))
def test_the_chi_square_alone_rejects_kruskals_subtler_bias(kind, size):
    # Kruskal's draws every tree here, some about twice as often as others: only the
    # chi-square can tell, and it does, far beyond the significance level.
    assert not ALGORITHMS["kruskal"].uniform
    topology, trees = topology_of(kind, size), UNIFORMITY_GRIDS[(kind, size)]
    seen = draws(topology, "kruskal", trees)
    statistic, p = chi_square(seen, trees)
    assert len(seen) == trees
    assert p < SIGNIFICANCE / 100, f"chi-square {statistic:.1f}, p = {p:.2g}"
