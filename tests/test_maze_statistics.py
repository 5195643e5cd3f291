"""Do the generators give the textures the literature reports?

Dead-end shares on 100x100 grids against the published figures (Walter
Pullen's Think Labyrinth table: backtracker 10 %, hunt-and-kill 11 %,
binary tree 25 %, sidewinder 27 %, Eller 28 %, Wilson and Aldous-Broder
29 %, Kruskal and true Prim 30 %, modified Prim 36 %), and, for the uniform
generators, the exact expected number of dead ends of a uniform spanning
tree of the 20x20 grid, computed here by the matrix-tree theorem.

All counts come straight from the cell bits: a dead end is a cell with
exactly one open side.
"""

from __future__ import annotations

import math
import statistics

import pytest

from bookmaker.maze import generate

from .test_uniformity import all_perfect_mazes

ONE_OPEN_SIDE = frozenset((1, 2, 4, 8))


def dead_ends(cells) -> int:
    return sum(1 for bits in cells if bits in ONE_OPEN_SIDE)


def dead_end_share(name: str, size: int = 100, seeds=range(4), **options) -> float:
    cells = [generate(name, size, size, seed, **options).cells for seed in seeds]
    return sum(map(dead_ends, cells)) / (size * size * len(cells))


# (algorithm, options, lowest, highest share), around the published figure
# where there is one; measured means are in the comments.
TEXTURES = [
    ("recursive-backtracker", {}, 0.09, 0.115),  # published 10 %; 10.0 %
    ("hunt-and-kill", {}, 0.085, 0.115),  # published 11 % (a hunt from maze cells); 9.3 %
    ("growing-tree", {"policy": "newest"}, 0.09, 0.115),  # the backtracker: 10.0 %
    ("growing-tree", {"policy": "mix", "ratio": 0.75}, 0.20, 0.225),  # 21.2 %
    ("growing-tree", {"policy": "random"}, 0.26, 0.295),  # 27.6 %
    ("growing-tree", {"policy": "oldest"}, 0.01, 0.04),  # radiating corridors: 2.4 %
    ("binary-tree", {}, 0.24, 0.26),  # published 25 % (exactly 1/4 far from the edges)
    ("sidewinder", {}, 0.265, 0.29),  # published 27 %; 27.8 %
    ("eller", {}, 0.285, 0.315),  # published 28 %; 30.1 % with our even default odds
    ("wilson", {}, 0.285, 0.305),  # published 29 %; 29.5 %
    ("aldous-broder", {}, 0.285, 0.305),  # published 29 %; 29.2 %
    ("kruskal", {}, 0.295, 0.315),  # published 30 %; 30.7 %
    ("prim", {"variant": "weights"}, 0.295, 0.315),  # true Prim = Kruskal: 30.5 %
    ("prim", {}, 0.345, 0.37),  # published 36 % (modified Prim); 35.6 %
]


@pytest.mark.parametrize("name, options, low, high", TEXTURES, ids=[f"{n}{o}" for n, o, _, _ in TEXTURES])
def test_dead_end_share_matches_published_figures(name, options, low, high):
    share = dead_end_share(name, **options)
    assert low <= share <= high, f"{name} {options}: {share:.2%} dead ends"


def test_eller_odds_change_the_texture():
    def east_share(**options) -> float:
        cells = generate("eller", 60, 60, 3, **options).cells
        east = sum(1 for bits in cells if bits & 2)
        south = sum(1 for bits in cells if bits & 4)
        return east / (east + south)

    assert east_share(horizontal=0.9, vertical=0.2) > 0.6
    assert east_share(horizontal=0.1, vertical=0.9) < 0.35
    assert 0.45 < east_share() < 0.55  # the defaults balance the two


# --- The exact expectation for a uniform spanning tree -------------------------------


def grid_log_spanning_trees(width: int, height: int, removed=None) -> float:
    """log tau: spanning trees of the grid (without cell ``removed``), by the matrix-tree theorem.

    tau is the determinant of the Laplacian with one vertex's row and column
    struck out. Cells in row-major order keep it banded (neighbours at most
    ``width`` apart), so a banded Cholesky factorisation gives the log
    determinant in O(n * width^2).
    """
    cells = [(x, y) for y in range(height) for x in range(width) if (x, y) != removed]
    index = {cell: i for i, cell in enumerate(cells)}
    n = len(cells) - 1  # strike out the last cell
    band = width
    rows = [[0.0] * (band + 1) for _ in range(n)]  # rows[i][band - (i - j)] = A[i][j], j <= i
    for (x, y), i in index.items():
        if i == n:
            continue
        for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            j = index.get(neighbour)
            if j is None:
                continue
            rows[i][band] += 1.0
            if j < i:
                rows[i][band - (i - j)] = -1.0
    log_det = 0.0
    for i in range(n):  # Cholesky in place: rows now hold the factor L
        row_i = rows[i]
        low = max(0, i - band)
        for j in range(low, i + 1):
            row_j = rows[j]
            total = row_i[band - (i - j)]
            for k in range(max(low, j - band), j):
                total -= row_i[band - (i - k)] * row_j[band - (j - k)]
            if i == j:
                row_i[band] = math.sqrt(total)
                log_det += math.log(total)
            else:
                row_i[band - (i - j)] = total / row_j[band]
    return log_det


def expected_dead_ends_uniform(width: int, height: int) -> float:
    """E[dead ends] of a uniform perfect maze: sum over cells v of deg(v) tau(G - v) / tau(G).

    A tree in which v is a leaf hanging from neighbour u is a spanning tree of
    G - v plus the edge uv, so P(v is a dead end) = deg(v) tau(G - v) / tau(G).
    Cells related by a symmetry of the grid share the ratio: it is computed
    once per class.
    """
    log_tau = grid_log_spanning_trees(width, height)
    ratio: dict = {}
    total = 0.0
    for y in range(height):
        for x in range(width):
            fx, fy = min(x, width - 1 - x), min(y, height - 1 - y)
            key = tuple(sorted((fx, fy))) if width == height else (fx, fy)
            if key not in ratio:
                ratio[key] = math.exp(grid_log_spanning_trees(width, height, (x, y)) - log_tau)
            degree = (x > 0) + (x < width - 1) + (y > 0) + (y < height - 1)
            total += degree * ratio[key]
    return total


def test_matrix_tree_counts_agree_with_brute_force():
    assert math.exp(grid_log_spanning_trees(2, 2)) == pytest.approx(4)
    assert math.exp(grid_log_spanning_trees(3, 3)) == pytest.approx(192)
    assert math.exp(grid_log_spanning_trees(4, 4)) == pytest.approx(100_352)
    assert math.exp(grid_log_spanning_trees(5, 1)) == pytest.approx(1)
    # The expectation on 3x3 against the average over all 192 mazes.
    mazes = all_perfect_mazes(3, 3)
    exact = sum(map(dead_ends, mazes)) / len(mazes)
    assert expected_dead_ends_uniform(3, 3) == pytest.approx(exact, rel=1e-9)
    assert expected_dead_ends_uniform(3, 4) == pytest.approx(
        statistics.mean(map(dead_ends, all_perfect_mazes(3, 4))), rel=1e-9
    )


@pytest.fixture(scope="module")
def expected_20x20() -> float:
    value = expected_dead_ends_uniform(20, 20)
    assert value == pytest.approx(116.15, abs=0.005)  # the known figure, as a cross-check
    return value


def sample_dead_ends(name: str, count: int) -> tuple[float, float]:
    counts = [dead_ends(generate(name, 20, 20, seed).cells) for seed in range(count)]
    return statistics.mean(counts), statistics.stdev(counts) / math.sqrt(count)


# One worker of a parallel run takes every test of the expectation, which is then worked out once.
@pytest.mark.xdist_group("expected_20x20")
@pytest.mark.parametrize("name, count", [("wilson", 2000), ("aldous-broder", 1000)])
def test_uniform_generators_match_the_exact_expectation(name, count, expected_20x20):
    mean, standard_error = sample_dead_ends(name, count)
    assert abs(mean - expected_20x20) < 4 * standard_error, (mean, expected_20x20, standard_error)


@pytest.mark.xdist_group("expected_20x20")
@pytest.mark.parametrize("name", ["kruskal", "eller", "prim"])
def test_the_expectation_tells_biased_generators_apart(name, expected_20x20):
    mean, standard_error = sample_dead_ends(name, 1000)
    assert abs(mean - expected_20x20) > 8 * standard_error, (mean, expected_20x20, standard_error)


def test_dead_ends_are_cells_with_one_open_side():  # guards the counter itself
    assert dead_ends(bytes([2, 8 | 4, 1])) == 2
    assert dead_ends(bytes([0, 15, 5, 10, 3])) == 0
