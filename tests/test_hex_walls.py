"""A whole hex grid's walls, found a lattice line at a time (``polygons._hex_runs``), are the
very runs, in the very order, that the cell-by-cell search every polygon grid has gives."""

from __future__ import annotations

from array import array
from itertools import chain

import pytest

from bookmaker.geometry import polygons
from bookmaker.maze import generate_on
from bookmaker.maze.hex_grid import HexGrid
from bookmaker.maze.solve import with_endpoints


@pytest.mark.parametrize(
    ("size", "endpoints"),
    [
        ((1, 1), "border"),
        ((1, 4), "corners"),
        ((5, 1), "border"),
        ((2, 2), "corners"),
        ((9, 6), "border"),
        ((6, 9), "corners"),
        ((13, 11), "border"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_hex_walls_by_lines_match_the_walls_cell_by_cell(size, endpoints, seed):
    grid = HexGrid(*size)
    maze = with_endpoints(generate_on(grid, "kruskal", seed), endpoints)
    lines, steps = polygons._lines(maze, grid)
    by_cells = array("i", chain.from_iterable(polygons._runs(lines, steps)))
    assert polygons.walls(maze).runs == by_cells
    assert len(by_cells) >= 4 * size[0] * size[1]  # every cell has some wall standing
