"""Sidewinder: row by row, runs of cells going east, each run opening north once.

The top row is one long corridor; below it every run of cells joins the row
above through one random cell of the run, so the maze has a north-south
bias and the way up is always easy. Fast, and it needs only the current row.
"""

from __future__ import annotations

import random

from ..topology import E, N, S, SquareGrid, W

NAME = "sidewinder"
CODE_ID = 8  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "open top row, short east-west runs joined upwards; north-south bias; ~28 % dead ends;"
    " fast, one row of memory"
)
SHAPES = ("square",)


def carve(topology: SquareGrid, rng: random.Random) -> bytearray:
    width, height = topology.width, topology.height
    cells = bytearray(width * height)
    rand = rng.random
    last = width - 1
    for i in range(last):  # the top row has nothing to the north: one corridor
        cells[i] |= E
        cells[i + 1] |= W
    for y in range(1, height):
        row = y * width
        start = row  # first cell of the current run
        coins = rng.getrandbits(8 * width).to_bytes(width, "little")  # a coin a byte
        for x in range(width):
            i = row + x
            if x == last or coins[x] & 1:  # close the run: one cell of it goes north
                up = start + int(rand() * (i - start + 1))
                cells[up] |= N
                cells[up - width] |= S
                start = i + 1
            else:  # extend the run east
                cells[i] |= E
                cells[i + 1] |= W
    return cells
