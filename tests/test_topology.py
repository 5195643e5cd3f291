"""The square topology against the contract, and the neighbour-table generators against
the square kernels: the same seed gives the same maze on both paths."""

from __future__ import annotations

import random

import pytest

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, SquareGrid, generate, generate_on
from bookmaker.maze.algorithms import (
    aldous_broder,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    recursive_backtracker,
    wilson,
)

SIZES = [(1, 1), (1, 2), (2, 1), (1, 9), (9, 1), (2, 2), (3, 7), (8, 5), (13, 13), (31, 17)]
SEEDS = range(12)


def test_square_neighbours_follow_the_contract():
    grid = SquareGrid(4, 3)
    table = grid.neighbours
    for cell in range(grid.cells):
        x, y = cell % 4, cell // 4
        expected = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]  # N E S W
        for side, (nx, ny) in enumerate(expected):
            inside = 0 <= nx < 4 and 0 <= ny < 3
            assert table[cell * 4 + side] == (ny * 4 + nx if inside else -1)
            if inside:  # mutual, through the opposite side
                assert table[(ny * 4 + nx) * 4 + grid.back[cell * 4 + side]] == cell
                assert grid.back[cell * 4 + side] == (side + 2) % 4
            assert bool(grid.border[cell] >> side & 1) == (not inside)
            assert bool(grid.open_sides[cell] >> side & 1) == inside


def test_grid_sizes_under_one_cell_are_refused_in_one_place():
    for width, height in ((0, 3), (3, 0), (-1, 2)):
        with pytest.raises(BookmakerError, match="at least 1x1"):
            SquareGrid(width, height)


def _both_paths(kernel_square, kernel_graph, width, height, seed, *args):
    grid = SquareGrid(width, height)
    return (
        kernel_square(width, height, random.Random(seed), *args),
        kernel_graph(grid, random.Random(seed), *args),
    )


@pytest.mark.parametrize(
    "module", [recursive_backtracker, hunt_and_kill, wilson, aldous_broder, kruskal], ids=lambda m: m.NAME
)
@pytest.mark.parametrize("width, height", SIZES)
def test_the_square_kernel_and_the_neighbour_table_carve_the_same_maze(module, width, height):
    for seed in SEEDS:
        fast, generic = _both_paths(module.carve_square, module.carve_graph, width, height, seed)
        assert fast == generic, f"seed {seed}"


@pytest.mark.parametrize(
    "width, height", [(1, 1), (1, 2), (2, 1), (2, 2), (3, 3), (5, 4), (6, 7), (9, 2), (2, 9), (17, 9)]
)
def test_wilsons_triangle_kernel_and_the_neighbour_table_carve_the_same_maze(width, height):
    from bookmaker.maze.triangle_grid import TriangleGrid

    for seed in SEEDS:
        fast = wilson.carve_triangle(width, height, random.Random(seed))
        assert fast == wilson.carve_graph(TriangleGrid(width, height), random.Random(seed)), seed


def test_the_backtrackers_hex_kernel_makes_the_table_walks_draws():
    """Same bytes and the same draws (the generator's state after), on every parity edge:
    one row, one column, odd and even widths and heights."""
    from bookmaker.maze.hex_grid import HexGrid

    sizes = [(w, h) for w in (1, 2, 3, 4, 7) for h in (1, 2, 3, 6)] + [(1, 9), (9, 1), (12, 5)]
    for width, height in sizes:
        for seed in range(8):
            fast, plain = random.Random(seed), random.Random(seed)
            kernel = recursive_backtracker.carve_hex(width, height, fast)
            assert kernel == recursive_backtracker.carve_graph(HexGrid(width, height), plain), (
                width,
                height,
                seed,
            )
            assert fast.getstate() == plain.getstate(), (width, height, seed)


def test_the_backtrackers_polar_kernel_makes_the_table_walks_draws():
    """Same bytes and the same draws, from the centre alone to rings that double and rings
    that don't; every walk passes the centre, whose slots are not the other cells'."""
    from bookmaker.maze.polar_grid import PolarGrid

    for rings in (1, 2, 3, 4, 7, 12, 30):
        for seed in range(8):
            fast, plain = random.Random(seed), random.Random(seed)
            kernel = recursive_backtracker.carve_polar(PolarGrid(rings), fast)
            assert kernel == recursive_backtracker.carve_graph(PolarGrid(rings), plain), (rings, seed)
            assert fast.getstate() == plain.getstate(), (rings, seed)
    assert recursive_backtracker.carve(PolarGrid(5), random.Random(3)) == recursive_backtracker.carve_polar(
        PolarGrid(5), random.Random(3)
    )


@pytest.mark.parametrize("rings", [1, 2, 3, 4, 5, 12, 30, 100])
def test_ring_strides_are_where_the_neighbour_table_steps_by_a_rings_count(rings):
    """A cell given its ring's count has exactly the four neighbours that count steps to,
    and no second outward one; most of a big disc's cells are given one."""
    from bookmaker.maze.polar_grid import PolarGrid

    grid = PolarGrid(rings)
    strides, table = grid.ring_strides(), grid.neighbours
    assert len(strides) == grid.cells
    for cell, count in enumerate(strides):
        if count:
            stepped = [cell - count, cell + 1, cell - 1, cell + count, -1, -1, -1, -1]
            assert list(table[cell * 8 : cell * 8 + 8]) == stepped, (rings, cell)
    if rings >= 100:
        assert sum(map(bool, strides)) > 0.85 * grid.cells


@pytest.mark.parametrize(
    "share, oldest", [(1.0, False), (0.0, False), (0.0, True), (0.75, False), (0.3, False)]
)
@pytest.mark.parametrize("width, height", SIZES)
def test_growing_tree_paths_agree(share, oldest, width, height):
    for seed in SEEDS:
        fast, generic = _both_paths(
            growing_tree.carve_square, growing_tree.carve_graph, width, height, seed, share, oldest
        )
        assert fast == generic, f"seed {seed}"


@pytest.mark.parametrize("width, height", SIZES)
def test_prim_frontier_paths_agree(width, height):
    for seed in SEEDS:
        fast, generic = _both_paths(prim._frontier_square, prim._frontier_graph, width, height, seed)
        assert fast == generic, f"seed {seed}"


def test_row_generators_name_the_shapes_they_support():
    class Hexish(SquareGrid):
        kind = "hex"

    for name in ("eller", "sidewinder", "binary-tree"):
        assert ALGORITHMS[name].shapes == frozenset({"square"})
        with pytest.raises(BookmakerError, match=rf"^{name} works on square grids only, not hex"):
            generate_on(Hexish(3, 3), name, seed=1)
    for name in (
        "recursive-backtracker",
        "hunt-and-kill",
        "wilson",
        "aldous-broder",
        "growing-tree",
        "kruskal",
        "prim",
    ):
        assert ALGORITHMS[name].shapes is None


def test_generate_is_generate_on_a_square_grid():
    for name in ALGORITHMS:
        assert generate(name, 6, 5, 3).cells == generate_on(SquareGrid(6, 5), name, 3).cells
