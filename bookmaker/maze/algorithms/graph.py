"""What the generators that only walk the neighbour table share.

These generators carve any topology: they ask the topology for a cell's
neighbours (``neighbours[cell * sides + side]``) and the side leading back,
and never do arithmetic on coordinates. On a plain square grid most of them
also have a faster kernel on a padded grid (``padded``); both give the same
maze for the same seed, which the tests check.

Random walks take one random byte a step: ``walk_sides(slots)`` maps a byte
to a walk slot (see ``Topology.walk_slots``), or to ``slots`` itself (no
slot: draw again) for the few top bytes that would favour some slots when
``slots`` does not divide 256. With four sides every byte counts and its low
two bits pick N, E, S or W, as the square kernels do.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from functools import cache
from typing import TypeGuard

from ..hex_grid import HexGrid
from ..polar_grid import PolarGrid
from ..topology import NO_SIDE, SquareGrid, Topology

ANY_SHAPE = object()  # SHAPES of a generator that carves any topology
# For each mask of sides (bit s = side s), the sides in it, in ascending order.
CHOICES = tuple(tuple(s for s in range(8) if mask >> s & 1) for mask in range(256))


def is_plain_square(topology: Topology) -> TypeGuard[SquareGrid]:
    """Whether the square kernels can carve ``topology``: a full rectangle of squares."""
    return type(topology) is SquareGrid and topology.mask is None


def cell_states(topology: Topology, inside: int, outside: int) -> bytearray:
    """A state byte per cell: ``inside`` where the cell takes part, ``outside`` where a mask
    switches it off."""
    if topology.mask is None:
        return bytearray([inside]) * topology.cells
    return bytearray(topology.present.translate(bytes([outside, inside]) + bytes(254)))


def with_kernels(
    carve_graph: Callable[[Topology, random.Random], bytearray],
    *,
    square: Callable[[int, int, random.Random], bytearray],
    hexagon: Callable[[int, int, random.Random], bytearray] | None = None,
    polar: Callable[[PolarGrid, random.Random], bytearray] | None = None,
) -> Callable[[Topology, random.Random], bytearray]:
    """A generator's ``carve``: its kernel on a full rectangle of squares (or of hexagons,
    or on a polar grid, where it has one), its table walk on every other topology, masked
    grids included."""
    kernels: dict[type, Callable[[int, int, random.Random], bytearray]] = {SquareGrid: square}
    if hexagon is not None:
        kernels[HexGrid] = hexagon

    def carve(topology: Topology, rng: random.Random) -> bytearray:
        if polar is not None and isinstance(topology, PolarGrid):
            return polar(topology, rng)
        kernel = kernels.get(type(topology)) if topology.mask is None else None
        if kernel is None:
            return carve_graph(topology, rng)
        assert isinstance(topology, SquareGrid | HexGrid)  # what ``kernels`` holds
        return kernel(topology.width, topology.height, rng)

    return carve


@cache
def walk_sides(slots: int) -> bytes:
    """The slot a random walk's byte picks, or ``slots`` to draw again; unbiased. Made once
    for each number of slots, as every small maze's walk asks for it."""
    usable = 256 - 256 % slots
    return bytes(b % slots if b < usable else slots for b in range(256))


@cache
def _other_than(value: int) -> bytes:
    """A ``bytes.translate`` table: 1 for every byte but ``value``. Made once: a small maze's
    walk table would otherwise spend most of its time building it."""
    return bytes(byte != value for byte in range(256))


def walk_table(topology: Topology) -> tuple[int, int, array[int], bytes]:
    """``(slots, stride, table, side_of)`` for a random walk over the topology's walk slots.

    Cell ``c``'s neighbour through slot ``k`` is ``table[c * stride + k]``,
    which is side ``side_of[c * stride + k]`` of ``c``. A slot that leads nowhere, and the
    extra last slot of every cell that ``walk_sides``' "no side" (``k == slots``) picks,
    hold -1, so a walk needs no test for them.
    """
    slots, side_of = topology.walk_slots
    cells, sides, neighbours = topology.cells, topology.sides, topology.neighbours
    stride = slots + 1
    table = array("i", [-1]) * (cells * stride)
    padded_sides = bytearray([NO_SIDE]) * (cells * stride)
    for slot in range(slots):
        column = side_of[slot::slots]
        padded_sides[slot::stride] = column
        # Most cells' slot is one side (all but the centre on a disc, half the triangles):
        # copy that column whole, then mend the cells whose slot is another side.
        common = column[-1]
        if common != NO_SIDE:
            table[slot::stride] = neighbours[common::sides]
        differs = column.translate(_other_than(common))
        cell = differs.find(1)
        while cell >= 0:
            side = column[cell]
            table[cell * stride + slot] = -1 if side == NO_SIDE else neighbours[cell * sides + side]
            cell = differs.find(1, cell + 1)
    return slots, stride, table, bytes(padded_sides)


def open_passage(cells: bytearray, topology: Topology, cell: int, side: int) -> int:
    """Open the passage through ``side`` of ``cell`` on both its cells; returns the neighbour."""
    index = cell * topology.sides + side
    other: int = topology.neighbours[index]
    cells[cell] |= 1 << side
    cells[other] |= 1 << topology.back[index]
    return other
