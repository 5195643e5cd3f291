"""The padded grid the cell-by-cell generators work on, and their step tables.

A maze is ``width * height`` bytes, row by row. The generators that move
from cell to cell (backtracker, hunt-and-kill, growing tree, Prim, Wilson,
Aldous-Broder) work on a copy with a one-cell border instead: a border row
above and below, and one border column that serves as the east edge of each
row and the west edge of the next, so a padded row is ``stride = width + 1``
bytes. Then the neighbours of cell ``i`` are always ``i - stride``, ``i + 1``,
``i + stride`` and ``i - 1``, with no bounds tests: a neighbour off the grid
is a border cell, and the border carries a mark ("visited", "in the maze",
"outside") that the hot loop already tests for its own reasons.

The random walks (Wilson, Aldous-Broder) take one random byte a step: its
low two bits pick N, E, S or W, the byte indexes the ``WALK_*`` tables
directly, and a step into the border is drawn again.

Only setup and teardown live here (one call each per maze); the loops index
the padded bytearrays themselves.
"""

from __future__ import annotations

from ..topology import E, N, S, W


def padded_marks(width: int, height: int, inside: int, border: int) -> tuple[int, bytearray]:
    """``(stride, marks)``: a padded grid of ``inside`` bytes in a border of ``border`` bytes."""
    stride = width + 1
    marks = bytearray([border]) * ((height + 2) * stride)
    row = bytes([inside]) * width
    for y in range(1, height + 1):
        marks[y * stride : y * stride + width] = row
    return stride, marks


def column_parity(width: int, height: int, stride: int) -> bytes:
    """A byte per padded cell: 1 in odd columns, 0 in even ones and in the border column."""
    row = (b"\x00\x01" * (width // 2 + 1))[:width] + bytes(stride - width)
    return row * (height + 2)


def padded_index(cell: int, width: int, stride: int) -> int:
    """The padded index of ``cell``, an index into the unpadded ``width``-wide grid."""
    return (cell // width + 1) * stride + cell % width


def unpad(cells: bytearray, width: int, height: int, stride: int) -> bytearray:
    """The ``width * height`` cells of a padded grid, without the border."""
    return bytearray().join([cells[y * stride : y * stride + width] for y in range(1, height + 1)])


# Direction codes 0-3 are N, E, S, W: the padded step, the wall it opens in
# the cell left, and the same wall seen from the cell entered.
THERE = (N, E, S, W)
BACK = (S, W, N, E)


def steps(stride: int) -> tuple[int, int, int, int]:
    """The padded index offset of a step in each direction code."""
    return (-stride, 1, stride, -1)


# The random walks' tables, indexed by a step's random byte. WALK_CHUNK bytes
# are drawn at a time, as getrandbits(8 * WALK_CHUNK) in little-endian order;
# part of the seed -> maze contract.
WALK_CHUNK = 1024
WALK_THERE = THERE * 64
WALK_BACK = BACK * 64


def walk_steps(stride: int) -> tuple[int, ...]:
    """The padded index offset of a step, indexed by its random byte."""
    return steps(stride) * 64
