"""A whole hex grid's walls, found a lattice line at a time (``polygons._hex_runs``), are the
very runs, in the very order, that the cell-by-cell search every polygon grid has gives."""

from __future__ import annotations

import pickle
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


def test_hex_walls_are_written_as_their_lines_are_filled():
    """The text goes out a few thousand runs at a time while the runs are still being
    filled, and is the text of the runs made whole first; a trip to another process, half
    way, sends them whole."""
    grid = HexGrid(70, 60)
    maze = with_endpoints(generate_on(grid, "kruskal", 5), "border")
    walls = polygons.walls(maze)
    whole = polygons.LatticeWalls(array(walls._runs.typecode, polygons.walls(maze).runs), walls.xs, walls.ys)
    pieces = walls.write("{} {} m {} {} l".format, str)
    first = next(pieces)
    assert 0 < walls._filled < len(walls._runs)  # filled no further than the text has gone
    sent = pickle.loads(pickle.dumps(walls))
    assert sent.runs == whole.runs and walls._filled == len(walls._runs)
    assert " ".join([first, *pieces]) == " ".join(whole.write("{} {} m {} {} l".format, str))
