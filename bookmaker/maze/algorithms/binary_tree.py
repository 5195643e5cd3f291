"""Binary Tree: every cell opens north or west, one coin flip each.

The top row becomes one long corridor and so does the left column; every
other cell leans towards the top-left corner, so paths there are trivial
and the maze has a strong diagonal bias. The fastest generator here, with
no memory beyond the maze, and it can work one cell at a time.
"""

from __future__ import annotations

import random

from ..topology import E, N, S, SquareGrid, W

NAME = "binary-tree"
CODE_ID = 9  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "open top row and left column, diagonal bias to the top left; ~25 % dead ends; fastest, no extra memory"
)
SHAPES = ("square",)


def carve(topology: SquareGrid, rng: random.Random) -> bytearray:
    width, height = topology.width, topology.height
    cells = bytearray(width * height)
    for i in range(1, width):  # top row: nothing to the north, go west
        cells[i] |= W
        cells[i - 1] |= E
    for y in range(1, height):
        row = y * width
        cells[row] |= N  # left column: nothing to the west, go north
        cells[row - width] |= S
        coins = rng.getrandbits(8 * width).to_bytes(width, "little")  # a coin a byte
        for i in range(row + 1, row + width):
            if coins[i - row] & 1:
                cells[i] |= N
                cells[i - width] |= S
            else:
                cells[i] |= W
                cells[i - 1] |= E
    return cells
