"""Wilson's and Aldous-Broder's mazes are uniform on every shape and size class.

test_shape_generators counts every spanning tree of one small grid per shape and checks
each comes up equally often. Past a few dozen cells the trees can no longer be listed,
but the exact law of some statistics of a uniform spanning tree is still known:

- each passage (edge e = uv) is open with probability p_e = R(u, v), the effective
  resistance between its cells when every passage is a 1-ohm resistor (Kirchhoff);
- each cell v is a dead end with probability q_v = sum over its passages e of
  det(I - Y_F), F the cell's other passages: the edges of a uniform spanning tree form a
  determinantal process whose kernel Y is the transfer-current matrix (Burton and
  Pemantle), so det(I - Y_F) is the chance that none of F is open, and v then hangs by e.

Both come from one inverse of the grid's Laplacian. Over N mazes from the seeds 0 .. N-1,
the number with passage e open is exactly Binomial(N, p_e), and the number with v a dead
end exactly Binomial(N, q_v), whatever the dependence between them. Each count gets an
exact two-sided binomial p-value; a grid fails when the smallest is under ALPHA / (number
of counts). By the union bound, a uniform generator fails one grid with probability at
most ALPHA = 1e-4: the FALSE-ALARM RATE of each test below. The seeds are fixed, so a run
is deterministic. The grids cover each shape past the enumerable size and each kernel:
square (the padded kernel), a masked square (the table walk), hex, triangle (its padded
kernel) and a 6-ring disc; the biased generators fail on every one of them.
"""

from __future__ import annotations

import math
from itertools import chain

import numpy as np
import pytest

from bookmaker.maze import ALGORITHMS, generate_on
from bookmaker.maze.mask import Mask
from bookmaker.maze.shapes import make_topology

from .test_maze_statistics import expected_dead_ends_uniform

ALPHA = 1e-4  # the false-alarm rate of each grid's test, for a truly uniform generator
SAMPLES = 2000  # mazes per grid and generator, from the seeds 0 .. SAMPLES - 1

PLUS = (
    "..XXX.."
    "..XXX.."
    "XXXXXXX"
    "XXX.XXX"
    "XXXXXXX"
    "..XXX.."
    "..XXX.."
)  # a plus with a hole in the middle: 36 cells, a loop round the hole


def grid(name: str):
    if name == "square 6x6":
        return make_topology("square", (6, 6))
    if name == "masked square 7x7":
        on = bytes(char == "X" for char in PLUS)
        return make_topology("square", (7, 7), mask=Mask(on, "file", "plus", "0" * 16))
    if name == "hex 5x5":
        return make_topology("hex", (5, 5))
    if name == "triangle 8x5":
        return make_topology("triangle", (8, 5))
    if name == "6-ring disc":
        return make_topology("polar", rings=6)
    raise ValueError(name)


GRIDS = ["square 6x6", "masked square 7x7", "hex 5x5", "triangle 8x5", "6-ring disc"]


def cells_and_passages(topology) -> tuple[list[int], list[tuple[int, int, int]]]:
    """The cells that take part, and each passage once as (cell, side, neighbour)."""
    present = [c for c in range(topology.cells) if topology.mask is None or topology.present[c]]
    taking_part = set(present)
    passages = []
    for cell in present:
        for side in range(topology.sides):
            there = topology.neighbours[cell * topology.sides + side]
            if there > cell and there in taking_part:
                passages.append((cell, side, there))
    return present, passages


def exact_law(topology) -> tuple[list[tuple[int, int, int]], np.ndarray, list[int], np.ndarray]:
    """(passages, p_e of each, cells, q_v of each) of a uniform spanning tree."""
    cells, passages = cells_and_passages(topology)
    index = {cell: i for i, cell in enumerate(cells)}
    n = len(cells)
    laplacian = np.zeros((n, n))
    for a, _, b in passages:
        i, j = index[a], index[b]
        laplacian[i, i] += 1
        laplacian[j, j] += 1
        laplacian[i, j] -= 1
        laplacian[j, i] -= 1
    green = np.zeros((n, n))  # the Laplacian's inverse with cell 0 grounded
    green[1:, 1:] = np.linalg.inv(laplacian[1:, 1:])
    incidence = np.zeros((len(passages), n))  # each passage's current vector
    for k, (a, _, b) in enumerate(passages):
        incidence[k, index[a]], incidence[k, index[b]] = 1, -1
    transfer = incidence @ green @ incidence.T  # Y; its diagonal is R(u, v) = p_e
    at = {cell: [] for cell in cells}
    for k, (a, _, b) in enumerate(passages):
        at[a].append(k)
        at[b].append(k)
    dead_end = []
    for cell in cells:
        total = 0.0
        for hang in at[cell]:
            others = [k for k in at[cell] if k != hang]
            total += np.linalg.det(np.eye(len(others)) - transfer[np.ix_(others, others)])
        dead_end.append(total)
    return passages, np.clip(np.diag(transfer), 0, 1), cells, np.clip(dead_end, 0, 1)


def binomial_p_value(seen: int, trials: int, p: float) -> float:
    """Two-sided: twice the smaller exact tail of Binomial(trials, p) at ``seen``, at most 1."""
    if p <= 1e-12 or p >= 1 - 1e-12:
        return 1.0 if seen == round(p * trials) else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    log_n = math.lgamma(trials + 1)

    def pmf(k: int) -> float:
        return math.exp(
            log_n - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q
        )

    below = sum(pmf(k) for k in range(0, seen + 1))
    above = sum(pmf(k) for k in range(seen, trials + 1))
    return min(1.0, 2 * min(below, above))


def counts(topology, name: str, passages, cells) -> tuple[list[int], list[int]]:
    """How many of the SAMPLES mazes open each passage, and have each cell a dead end."""
    opened = [0] * len(passages)
    ends = [0] * len(cells)
    for seed in range(SAMPLES):
        maze = generate_on(topology, name, seed).cells
        for k, (a, side, _) in enumerate(passages):
            opened[k] += maze[a] >> side & 1
        for i, cell in enumerate(cells):
            ends[i] += maze[cell].bit_count() == 1
    return opened, ends


def smallest_p_value(topology, name: str) -> tuple[float, int, str]:
    """(the smallest exact p-value over every passage and cell, how many were tested, what
    it was)."""
    passages, p_open, cells, q_end = exact_law(topology)
    opened, ends = counts(topology, name, passages, cells)
    tested = chain(
        (
            (
                binomial_p_value(seen, SAMPLES, p),
                f"passage {passage}: {seen} open, {p * SAMPLES:.0f} expected",
            )
            for seen, p, passage in zip(opened, p_open, passages, strict=True)
        ),
        (
            (binomial_p_value(seen, SAMPLES, q), f"cell {cell}: {seen} dead ends, {q * SAMPLES:.0f} expected")
            for seen, q, cell in zip(ends, q_end, cells, strict=True)
        ),
    )
    smallest, what = min(tested)
    return smallest, len(passages) + len(cells), what


@pytest.fixture(scope="module", params=GRIDS)
def topology(request):
    return grid(request.param)


# --- the exact law itself ------------------------------------------------------------------


def test_the_exact_law_agrees_with_known_figures():
    # Foster: the passage probabilities of a spanning tree add up to its n - 1 passages.
    for name in GRIDS:
        passages, p_open, cells, _ = exact_law(grid(name))
        assert p_open.sum() == pytest.approx(len(cells) - 1, abs=1e-9), name
    # A 4-cycle: each of its 4 spanning trees leaves out one passage, so p = 3/4; each
    # cell is a dead end in 2 of them.
    passages, p_open, _, q_end = exact_law(make_topology("square", (2, 2)))
    assert p_open == pytest.approx([0.75] * 4) and q_end == pytest.approx([0.5] * 4)
    # Dead ends against the matrix-tree expectation of test_maze_statistics.
    for width, height in ((3, 4), (6, 6)):
        _, _, _, q_end = exact_law(make_topology("square", (width, height)))
        assert q_end.sum() == pytest.approx(expected_dead_ends_uniform(width, height), rel=1e-9)


def test_the_binomial_p_value_is_exact():
    assert binomial_p_value(5, 10, 0.5) == pytest.approx(1.0)
    # P(X <= 1) for Binomial(10, 1/2) is 11/1024; two-sided, twice that.
    assert binomial_p_value(1, 10, 0.5) == pytest.approx(22 / 1024)
    assert binomial_p_value(3, 3, 1.0) == 1.0 and binomial_p_value(2, 3, 1.0) == 0.0


# --- uniform generators pass, biased ones fail -----------------------------------------------


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_uniform_generators_match_the_exact_law_on_every_shape(topology, name):
    assert ALGORITHMS[name].uniform
    smallest, tested, what = smallest_p_value(topology, name)
    assert smallest >= ALPHA / tested, (
        f"{name}: p = {smallest:.2g} for {what}, under {ALPHA:g} / {tested} counts"
    )


@pytest.mark.parametrize("name", ["kruskal", "recursive-backtracker"])
def test_the_test_rejects_biased_generators_on_every_shape(topology, name):
    assert not ALGORITHMS[name].uniform
    smallest, tested, what = smallest_p_value(topology, name)
    assert smallest < ALPHA / tested, f"{name}: p = {smallest:.2g} at best ({what})"
