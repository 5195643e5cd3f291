"""What the generators that only walk the neighbour table share.

These generators carve any topology: they ask the topology for a cell's
neighbours (``neighbours[cell * sides + side]``) and the side leading back,
and never do arithmetic on coordinates. On a plain square grid most of them
also have a faster kernel on a padded grid (``padded``); both give the same
maze for the same seed, which the tests check.

Random walks take one random byte a step: ``walk_sides(sides)`` maps a byte
to a side, or to ``sides`` itself (no side: draw again) for the few top bytes
that would favour some sides when ``sides`` does not divide 256. With four
sides every byte counts and its low two bits pick N, E, S or W, as the
square kernels do.
"""

from __future__ import annotations

from array import array

from ..topology import SquareGrid, Topology

ANY_SHAPE = object()  # SHAPES of a generator that carves any topology
# For each mask of sides (bit s = side s), the sides in it, in ascending order.
CHOICES = tuple(tuple(s for s in range(8) if mask >> s & 1) for mask in range(256))


def is_plain_square(topology: Topology) -> bool:
    """Whether the square kernels can carve ``topology``: a full rectangle of squares."""
    return type(topology) is SquareGrid


def walk_sides(sides: int) -> bytes:
    """The side a random walk's byte picks, or ``sides`` to draw again; unbiased."""
    usable = 256 - 256 % sides
    return bytes(b % sides if b < usable else sides for b in range(256))


def walk_table(topology: Topology) -> tuple[int, array]:
    """``(stride, table)``: the neighbour table with one more entry per cell, always -1.

    Cell ``c``'s neighbour through side ``s`` is ``table[c * stride + s]``,
    and ``walk_sides``' "no side" (``s == sides``) finds -1 there, so a walk
    needs no test for it.
    """
    sides = topology.sides
    stride = sides + 1
    table = array("i", [-1]) * (topology.cells * stride)
    for side in range(sides):
        table[side::stride] = topology.neighbours[side::sides]
    return stride, table


def neighbour_tuples(topology: Topology) -> list[tuple[int, ...]]:
    """Each cell's neighbours side by side, for a hot loop that walks them in turn.

    One tuple per cell: build it for the carve and let it go with it.
    """
    sides = topology.sides
    return list(zip(*(topology.neighbours[side::sides] for side in range(sides))))


def open_passage(cells: bytearray, topology: Topology, cell: int, side: int) -> int:
    """Open the passage through ``side`` of ``cell`` on both its cells; returns the neighbour."""
    index = cell * topology.sides + side
    other = topology.neighbours[index]
    cells[cell] |= 1 << side
    cells[other] |= 1 << topology.back[index]
    return other
