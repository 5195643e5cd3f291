"""Every generator ends on the smallest grid of every shape, with every option.

The generators wait for random events: a walk to meet the maze (Wilson) or to cover it
(Aldous-Broder), a free neighbour to come up (backtracker, hunt-and-kill, growing tree,
Prim), a set to send a cell down (Eller), a braid to find a dead end. On a grid of one
cell, or of two, such an event may be impossible or the only one there is; a loop that
waits for it there never ends. These tests run each generator, under each of its options'
extremes, braided and not, with every endpoint mode, on one cell, 1x2 and 2x1, a one-ring
disc (its centre alone) and a two-ring disc, one triangle and two, with a short per-test
limit: a hang fails in seconds instead of stalling the suite.
"""

from __future__ import annotations

import pytest

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, generate_on
from bookmaker.maze.algorithms import growing_tree, prim
from bookmaker.maze.mask import Mask
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import ENDPOINT_MODES, choose_endpoints, shortest_path

from .test_shape_generators import assert_spanning_tree

SMALLEST = {
    "square 1 cell": ("square", (1, 1)),
    "square 1x2": ("square", (1, 2)),
    "square 2x1": ("square", (2, 1)),
    "hex 1 cell": ("hex", (1, 1)),
    "hex 1x2": ("hex", (1, 2)),
    "hex 2x1": ("hex", (2, 1)),
    "one triangle": ("triangle", (1, 1)),
    "triangle 1x2": ("triangle", (1, 2)),
    "triangle 2x1": ("triangle", (2, 1)),
    "1-ring disc": ("polar", 1),
    "2-ring disc": ("polar", 2),
    # masks leave the table walk two cells of a larger grid: the fewest a mask may leave
    "2 cells of a masked square": ("square", (3, 3), "...XX...."),
    "2 cells of a masked hex grid": ("hex", (3, 3), "....X..X."),
    "2 cells of a masked triangle grid": ("triangle", (3, 3), "...XX...."),
}
# Each option at its extremes: where a loop's random event is likeliest never to come.
OPTIONS = {
    "growing-tree": [
        {"policy": policy, "ratio": ratio} for policy in growing_tree.POLICIES for ratio in (0.0, 1.0)
    ],
    "prim": [{"variant": variant} for variant in prim.VARIANTS],
    "eller": [{"horizontal": h, "vertical": v} for h in (1e-9, 1.0) for v in (1e-9, 1.0)],
}
SEEDS = range(8)
LIMIT = 20  # seconds for one test: each takes well under one


def topology(kind, size, mask: str | None = None):
    if kind == "polar":
        return make_topology("polar", rings=size)
    on = Mask(bytes(char == "X" for char in mask), "file", "two", "0" * 16) if mask else None
    return make_topology(kind, size, mask=on)


def cases():
    for name, algorithm in sorted(ALGORITHMS.items()):
        for label, (kind, size, *mask) in SMALLEST.items():
            if algorithm.supports(topology(kind, size, *mask)):
                yield pytest.param(name, label, id=f"{name}-{label}")


def test_every_generator_is_tried_on_every_shape_it_carves():
    tried = {(case.values[0], SMALLEST[case.values[1]][0]) for case in cases()}
    for name in ALGORITHMS:
        assert (name, "square") in tried
    for kind in ("hex", "triangle", "polar"):
        assert {name for name, shape in tried if shape == kind} == {
            name for name in ALGORITHMS if name not in ("eller", "sidewinder", "binary-tree")
        }


def test_the_option_extremes_are_the_options_the_generators_take():
    for name, settings in OPTIONS.items():
        assert {key for options in settings for key in options} == set(ALGORITHMS[name].options)


@pytest.mark.timeout(LIMIT)
@pytest.mark.parametrize("name, label", list(cases()))
def test_each_generator_ends_on_the_smallest_grids(name, label):
    grid = topology(*SMALLEST[label])
    for options in OPTIONS.get(name, [{}]):
        for seed in SEEDS:
            maze = generate_on(grid, name, seed, **options)
            if grid.mask is None:
                assert_spanning_tree(grid, maze.cells)
            else:  # the two cells on, joined by one passage; nothing opened elsewhere
                on = [cell for cell in range(grid.cells) if grid.present[cell]]
                assert [maze.cells[cell].bit_count() for cell in range(grid.cells)] == [
                    1 if cell in on else 0 for cell in range(grid.cells)
                ]
                a, b = on
                assert grid.neighbours[a * grid.sides + maze.cells[a].bit_length() - 1] == b
            braided = generate_on(grid, name, seed, braid=1.0, **options)
            assert len(braided.cells) == grid.cells


@pytest.mark.timeout(LIMIT)
@pytest.mark.parametrize("label", SMALLEST)
@pytest.mark.parametrize("mode", ENDPOINT_MODES)
def test_every_endpoint_mode_ends_on_the_smallest_grids(label, mode):
    kind = SMALLEST[label][0]
    grid = topology(*SMALLEST[label])
    for seed in SEEDS:
        for braid in (0.0, 1.0):
            maze = generate_on(grid, "wilson", seed, braid=braid)
            if kind == "polar" and mode == "corners":  # a clear refusal, not a hang
                with pytest.raises(BookmakerError, match="a polar maze has no corners"):
                    choose_endpoints(maze, mode)
                continue
            start, end = choose_endpoints(maze, mode)
            if mode == "none":
                assert (start, end) == (None, None)
            else:
                assert 0 <= start < grid.cells and 0 <= end < grid.cells
                assert shortest_path(maze, start, end)[-1] == end
