"""Are the uniform generators uniform? A chi-square test over every perfect 3x3 maze.

The 3x3 grid has 12 inner walls and exactly 192 spanning trees (perfect
mazes). A uniform generator must hit each about equally often: 19,200 mazes
from a fixed run of seeds (so the test is deterministic) go into a
chi-square test with 191 degrees of freedom. The same test rejects the
biased generators, so it has teeth.
"""

from __future__ import annotations

import itertools
import math

import pytest

from bookmaker.maze import ALGORITHMS, E, N, S, W, generate

SIDE = 3
SAMPLES_PER_MAZE = 100


def all_perfect_mazes(width: int, height: int) -> list[bytes]:
    """Every perfect maze of the grid, as cell bytes, by brute force over wall subsets."""
    walls = [(y * width + x, y * width + x + 1, E, W) for y in range(height) for x in range(width - 1)]
    walls += [(y * width + x, (y + 1) * width + x, S, N) for y in range(height - 1) for x in range(width)]
    n = width * height
    mazes = []

    def root(parent: list[int], i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for chosen in itertools.combinations(walls, n - 1):
        parent = list(range(n))
        cells = bytearray(n)
        for a, b, there, back in chosen:
            ra, rb = root(parent, a), root(parent, b)
            if ra == rb:
                break  # a loop: with n - 1 passages, not a tree
            parent[ra] = rb
            cells[a] |= there
            cells[b] |= back
        else:
            mazes.append(bytes(cells))
    return mazes


def chi_square_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square with ``dof`` degrees of freedom: Q(dof/2, x/2)."""
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:  # series for the lower regularized gamma P, then Q = 1 - P
        term = total = 1 / a
        k = a
        while abs(term) > 1e-17 * abs(total):
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1 - math.exp(log_front) * total)
    # Continued fraction for Q (modified Lentz).
    tiny = 1e-300
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def wilson_hilferty_sf(x: float, dof: int) -> float:
    """The same tail by the Wilson-Hilferty normal approximation, as a cross-check."""
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.fixture(scope="module")
def mazes_3x3() -> list[bytes]:
    return all_perfect_mazes(SIDE, SIDE)


def counts(name: str, mazes: list[bytes]) -> list[int]:
    index = {maze: i for i, maze in enumerate(mazes)}
    tally = [0] * len(mazes)
    for seed in range(len(mazes) * SAMPLES_PER_MAZE):
        tally[index[bytes(generate(name, SIDE, SIDE, seed).cells)]] += 1
    return tally


def p_value(tally: list[int]) -> float:
    expected = sum(tally) / len(tally)
    statistic = sum((seen - expected) ** 2 / expected for seen in tally)
    return chi_square_sf(statistic, len(tally) - 1)


def test_the_3x3_grid_has_192_perfect_mazes(mazes_3x3):
    assert len(mazes_3x3) == len(set(mazes_3x3)) == 192
    # 2x2: the four ways to leave out one wall of the square.
    assert len(all_perfect_mazes(2, 2)) == 4
    # 1xN: one maze, the straight corridor.
    assert all_perfect_mazes(1, 5) == [bytes([S, N | S, N | S, N | S, N])]


def test_chi_square_tail_matches_known_values():
    # Two degrees of freedom: the tail is exactly exp(-x/2).
    for x in (0.5, 2.0, 7.3, 30.0):
        assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    assert chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-6)
    assert chi_square_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-6)
    # 191 degrees of freedom, where the test works: agrees with Wilson-Hilferty.
    for x in (150.0, 191.0, 230.0, 260.0, 300.0):
        assert chi_square_sf(x, 191) == pytest.approx(wilson_hilferty_sf(x, 191), abs=2e-3)
    assert chi_square_sf(10_000.0, 191) < 1e-300 or chi_square_sf(10_000.0, 191) == 0.0


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_uniform_generators_hit_every_maze_equally_often(name, mazes_3x3):
    assert ALGORITHMS[name].uniform
    tally = counts(name, mazes_3x3)
    assert min(tally) > 0
    assert p_value(tally) > 0.001, f"{name} is not uniform on 3x3: {sorted(tally)}"


@pytest.mark.parametrize("name", ["binary-tree", "sidewinder", "recursive-backtracker", "kruskal"])
def test_the_chi_square_test_rejects_biased_generators(name, mazes_3x3):
    assert not ALGORITHMS[name].uniform
    assert p_value(counts(name, mazes_3x3)) < 1e-9


def test_only_wilson_and_aldous_broder_claim_uniformity():
    assert {name for name, algorithm in ALGORITHMS.items() if algorithm.uniform} == {
        "wilson",
        "aldous-broder",
    }
