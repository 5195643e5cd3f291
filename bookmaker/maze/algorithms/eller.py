"""Eller's algorithm: one row at a time, so memory grows with the width only.

Each cell of a row belongs to a set (the cells it is already connected to).
Join adjacent cells of different sets at random, then let every set go down
to the next row through at least one of its cells, others at random. Cells
of the next row not reached from above start new sets. The last row joins
every pair of adjacent cells still in different sets. Mazes resemble
Kruskal's: short corridors, many short dead ends.

The sets of a row are kept as rings: ``right[x]`` is the next cell of x's set
in the row (wrapping round from the last to the first) and ``left[x]`` the one
before. The sets of a row never cross (the maze above is planar), so a ring
stays sorted and x and x + 1 share a set exactly when ``right[x] == x + 1``.
Joining two sets splices two rings, which is O(1).

``rows()`` yields the rows one by one: a maze of any height, even one too big
to hold, in memory proportional to its width. ``carve()`` joins them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

from ..options import Option, check_options
from ..topology import E, N, S, SquareGrid, W, check_grid_size

NAME = "eller"
CODE_ID = 2  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "row by row, Kruskal-like: short corridors, many short dead ends (~30 %);"
    " memory grows with the width only, any height"
)
# The defaults give about as many east-west passages as north-south ones.
OPTIONS = (
    Option(
        "horizontal", 0.6, "chance that neighbours in a row join", minimum=0, maximum=1, above_minimum=True
    ),
    Option("vertical", 0.4, "chance that a cell opens downward", minimum=0, maximum=1, above_minimum=True),
)
SHAPES = ("square",)


def carve(
    topology: SquareGrid, rng: random.Random, horizontal: float = 0.6, vertical: float = 0.4
) -> bytearray:
    cells = bytearray()
    for row in rows(topology.width, topology.height, rng, horizontal=horizontal, vertical=vertical):
        cells += row
    return cells


def rows(
    width: int, height: int, rng: random.Random, horizontal: float = 0.6, vertical: float = 0.4
) -> Iterator[bytearray]:
    """Yield the maze's ``height`` rows, top to bottom, each ``width`` cells of final bits.

    ``horizontal``: the chance that two adjacent cells of different sets are
    joined; ``vertical``: the chance that a cell opens down (each set opens
    down at least once whatever the chance).
    """
    check_options(NAME, OPTIONS, {"horizontal": horizontal, "vertical": vertical})
    check_grid_size(width, height)
    return _rows(width, height, rng, float(horizontal), float(vertical))


_STAYS, _GOES_DOWN = 1, 2
_NORTH_BELOW = bytes(N if b == _GOES_DOWN else 0 for b in range(256))  # fate -> N bits below


def _rows(
    width: int, height: int, rng: random.Random, horizontal: float, vertical: float
) -> Iterator[bytearray]:
    # The loops walk lists of ready-made ints rather than doing arithmetic, so
    # a row allocates next to nothing (and tracemalloc has little to trace).
    rand = rng.random
    columns = list(range(width))
    pairs = list(pairwise(columns))
    left, right = columns[:], columns[:]
    above: bytes | bytearray = bytes(width)  # N bits: where the row above came down
    for y in range(height):
        row = bytearray(above)
        final = y == height - 1
        # Join adjacent cells of different sets (all of them in the last row).
        for x, nxt in pairs:
            if right[x] != nxt and (final or rand() < horizontal):
                after, before = right[x], left[nxt]
                right[x], left[nxt] = nxt, x
                right[before], left[after] = after, before
                row[x] |= E
                row[nxt] |= W
        if final:
            yield row
            return
        # Each set goes down through a random subset of its cells, never none.
        # The cells going down keep their set; the others start new ones.
        fate = bytearray(width)
        for first in columns:
            if fate[first]:
                continue  # decided with its set
            # first is the leftmost cell of a set: go round its ring, deciding.
            size = going = 0
            cell = first
            while True:
                if rand() < vertical:
                    fate[cell] = _GOES_DOWN
                    going += 1
                else:
                    fate[cell] = _STAYS
                size += 1
                cell = right[cell]
                if cell == first:
                    break
            if not going:  # none chose to: one random cell of the set must
                for _ in range(int(rand() * size)):
                    cell = right[cell]
                fate[cell] = _GOES_DOWN
                going = 1
            if going < size:  # relink: the cells going down form the set's new ring
                cell, last = first, -1
                while True:
                    after = right[cell]
                    if fate[cell] == _GOES_DOWN:
                        if last < 0:
                            start = cell
                        else:
                            right[last], left[cell] = cell, last
                        last = cell
                    else:
                        left[cell] = right[cell] = cell
                    cell = after
                    if cell == first:
                        break
                right[last], left[start] = start, last
        for cell in columns:
            if fate[cell] == _GOES_DOWN:
                row[cell] |= S
        above = fate.translate(_NORTH_BELOW)
        yield row
