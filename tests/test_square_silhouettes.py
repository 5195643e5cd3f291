"""Square silhouettes take quicker paths than other shapes (issue 29): pieces and the outside
from runs of cells along rows, walls a grid line at a time, the walls near an arrow looked
up by line, the room outside an opening from the cells under its strip. Each must give
exactly what the general path (the one hex and triangle grids take) gives."""

from __future__ import annotations

import random

import pytest

from bookmaker.geometry import polygons, primitives, square
from bookmaker.maze import generate_on
from bookmaker.maze.mask import Mask, pieces, settle_islands
from bookmaker.maze.shapes import make_grid
from bookmaker.maze.solve import with_endpoints
from bookmaker.maze.topology import RectGrid, SquareGrid


def _searched(grid: SquareGrid, on: bytes) -> list[list[int]]:
    """The pieces by a breadth-first search through the whole grid's neighbour table."""
    table, seen, found = grid.full_neighbours, bytearray(len(on)), []
    for first in range(len(on)):
        if on[first] and not seen[first]:
            seen[first] = 1
            piece = [first]
            for cell in piece:
                for other in table[4 * cell : 4 * cell + 4]:
                    if other >= 0 and on[other] and not seen[other]:
                        seen[other] = 1
                        piece.append(other)
            found.append(sorted(piece))
    return sorted(found, key=lambda piece: (-len(piece), piece[0]))


def _silhouette(seed: int) -> SquareGrid:
    """A random blob with holes and ragged edges, settled into one piece."""
    rng = random.Random(seed)
    width, height = rng.randint(8, 24), rng.randint(8, 24)
    on = bytes(
        int((x - width / 2) ** 2 / width + (y - height / 2) ** 2 / height < width / 5 and rng.random() < 0.85)
        for y in range(height)
        for x in range(width)
    )
    on = settle_islands(make_grid("square", (width, height)), on, "keep-largest")
    grid = make_grid("square", (width, height), Mask(on, "outline", "blob", "0"))
    assert isinstance(grid, SquareGrid)
    return grid


@pytest.mark.parametrize("seed", range(6))
def test_square_pieces_from_row_runs_are_the_searched_pieces(seed):
    rng = random.Random(seed)
    width, height = rng.randint(1, 30), rng.randint(1, 30)
    grid = make_grid("square", (width, height))
    assert isinstance(grid, SquareGrid)
    on = bytes(rng.random() < 0.55 for _ in range(width * height))
    found = pieces(grid, on)
    assert [sorted(piece) for piece in found] == _searched(grid, on)
    for piece in found:  # read by index as by iteration
        assert [piece[i] for i in range(-len(piece), len(piece))] == list(piece) * 2


class _General(SquareGrid):
    """A square grid taking the general paths: a searched outside, table lookups, and cells
    near a strip found by stepping through the table."""

    _outside = RectGrid._outside

    @property
    def step_offsets(self) -> None:
        return None

    _cells_near = RectGrid._cells_near
    _grid_edge = RectGrid._grid_edge


# A C whose notch reaches the grid's left edge only, with a hole: the notch is outside, the
# hole is not.
NOTCHED = (
    "XXXXXXXXXX",
    "XXXXXXXXXX",
    "......XXXX",
    "......X.XX",
    "......XXXX",
    "XXXXXXXXXX",
)


def _notched() -> SquareGrid:
    on = bytes(char == "X" for row in NOTCHED for char in row)
    grid = make_grid("square", (len(NOTCHED[0]), len(NOTCHED)), Mask(on, "file", "c.txt", "0"))
    assert isinstance(grid, SquareGrid)
    return grid


@pytest.mark.parametrize("seed", [*range(4), "notched"])
def test_a_square_silhouettes_tables_border_and_openings_are_the_general_ones(seed):
    grid = _notched() if seed == "notched" else _silhouette(seed)
    assert grid.mask is not None
    general = _General(grid.width, grid.height, grid.mask)
    assert grid.neighbours == general.neighbours
    assert grid.border == general.border
    assert grid.opening_sides == general.opening_sides


@pytest.mark.parametrize("seed", range(4))
def test_silhouette_walls_are_the_polygon_walls_and_find_the_same_walls_near_a_box(seed):
    maze = with_endpoints(generate_on(_silhouette(seed), "wilson", seed, braid=0.3 * (seed % 2)), "border")
    made, general = square.silhouette_walls(maze), polygons.walls(maze)
    assert (made.runs, made.xs, made.ys) == (general.runs, general.xs, general.ys)
    rng = random.Random(seed)
    every = list(made)
    for _ in range(50):
        left, top = rng.uniform(-2, maze.topology.box[0]), rng.uniform(-2, maze.topology.box[1])
        right, bottom = left + rng.uniform(0, 6), top + rng.uniform(0, 6)
        if rng.random() < 0.3:  # on the lattice lines themselves
            left, top, right, bottom = map(float, map(round, (left, top, right, bottom)))
        assert sorted(made.near(left, top, right, bottom)) == sorted(
            primitives.walls_near(every, left, top, right, bottom)
        )
