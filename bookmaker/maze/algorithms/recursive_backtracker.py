"""Recursive Backtracker: a randomised depth-first search with an explicit stack.

Iterative, so a 2000x2000 maze needs no recursion limit. Gives long, winding
corridors, few dead ends (about 10 %) and a long solution.

The seed -> maze mapping is pinned by golden tests: a cell's unvisited
neighbours are listed in side order (N, E, S, W on squares) and one is taken
exactly as ``rng.choice`` does (``getrandbits`` of the list length's bit
length, drawn again while too large), inlined here for speed. The square,
hex and polar kernels and the neighbour-table walk make the same draws. A
cell left by its only unvisited neighbour is not stacked: coming back to it
would find every neighbour visited and step back at once, drawing nothing.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence

from ..polar_grid import ANTICLOCKWISE, CLOCKWISE, INWARD, OUTWARD, PolarGrid
from ..topology import E, N, S, Topology, W
from .graph import ANY_SHAPE, with_kernels
from .padded import column_parity, padded_index, padded_marks, unpad

NAME = "recursive-backtracker"
CODE_ID = 0  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = "long winding corridors, few dead ends (~10 %); stack grows with the maze"
SHAPES = ANY_SHAPE

_BITS = tuple(k.bit_length() for k in range(9))  # what rng.choice draws for k options


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    sides, back = topology.sides, topology.back
    table = topology.neighbours
    cells = bytearray(topology.cells)
    # One extra cell, always visited: a missing neighbour (-1) indexes it.
    visited = bytearray(topology.cells + 1)
    visited[-1] = 1
    getrandbits = rng.getrandbits
    bits = _BITS
    current = topology.random_cell(rng)
    visited[current] = 1
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    while True:
        base = current * sides
        # A slice of the flat table: cheaper than building a tuple per cell up front.
        around = table[base : base + sides]
        options = []  # a plain loop: a comprehension costs a function call per step
        for cell in around:
            if not visited[cell]:
                options.append(cell)
        if options:
            k = len(options)  # rng.choice(options), drawing the same bits
            r = getrandbits(bits[k])
            while r >= k:
                r = getrandbits(bits[k])
            nxt = options[r]
            side = around.index(nxt)
            cells[current] |= 1 << side
            cells[nxt] |= 1 << back[current * sides + side]
            visited[nxt] = 1
            if k > 1:  # else no way is left from here: coming back would only step back again
                push(current)
            current = nxt
        elif stack:
            current = pop()
        else:
            return cells


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    current = rng.randrange(width * height)
    stride, visited = padded_marks(width, height, inside=0, border=1)
    cells = bytearray(len(visited))
    getrandbits = rng.getrandbits
    bits = _BITS
    up = -stride
    current = padded_index(current, width, stride)
    visited[current] = 1
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    while True:
        options = []
        if not visited[current + up]:
            options.append(up)
        if not visited[current + 1]:
            options.append(1)
        if not visited[current + stride]:
            options.append(stride)
        if not visited[current - 1]:
            options.append(-1)
        if options:
            k = len(options)  # rng.choice(options), drawing the same bits
            r = getrandbits(bits[k])
            while r >= k:
                r = getrandbits(bits[k])
            step = options[r]
            nxt = current + step
            if step == 1:
                cells[current] |= E
                cells[nxt] |= W
            elif step == stride:
                cells[current] |= S
                cells[nxt] |= N
            elif step == -1:
                cells[current] |= W
                cells[nxt] |= E
            else:
                cells[current] |= N
                cells[nxt] |= S
            visited[nxt] = 1
            if k > 1:  # else no way is left from here: coming back would only step back again
                push(current)
            current = nxt
        elif stack:
            current = pop()
        else:
            return unpad(cells, width, height, stride)


# The passage bit of each hex side (N, NE, SE, S, SW, NW), and of the side leading back.
_HEX_THERE = tuple(1 << side for side in range(6))
_HEX_BACK = tuple(1 << (side + 3) % 6 for side in range(6))


def carve_hex(width: int, height: int, rng: random.Random) -> bytearray:
    """The table walk on a plain hex grid, stepping by padded offsets instead: N and S are
    the same in every column, the four slants depend on the column's parity."""
    current = rng.randrange(width * height)
    stride, visited = padded_marks(width, height, inside=0, border=1)
    cells = bytearray(len(visited))
    odd = column_parity(width, height, stride)
    getrandbits = rng.getrandbits
    bits = _BITS
    there, back = _HEX_THERE, _HEX_BACK
    up, down = -stride, stride
    # Offsets by side; an even column's NW from the first cell is -1, the last border byte.
    slants = ((up, 1 - stride, 1, down, -1, -1 - stride), (up, 1, 1 + stride, down, stride - 1, -1))
    current = padded_index(current, width, stride)
    visited[current] = 1
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    while True:
        steps = slants[odd[current]]
        options = []
        if not visited[current + up]:
            options.append(0)
        if not visited[current + steps[1]]:
            options.append(1)
        if not visited[current + steps[2]]:
            options.append(2)
        if not visited[current + down]:
            options.append(3)
        if not visited[current + steps[4]]:
            options.append(4)
        if not visited[current + steps[5]]:
            options.append(5)
        if options:
            k = len(options)  # rng.choice(options), drawing the same bits
            r = getrandbits(bits[k])
            while r >= k:
                r = getrandbits(bits[k])
            side = options[r]
            nxt = current + steps[side]
            cells[current] |= there[side]
            cells[nxt] |= back[side]
            visited[nxt] = 1
            if k > 1:  # else no way is left from here: coming back would only step back again
                push(current)
            current = nxt
        elif stack:
            current = pop()
        else:
            return unpad(cells, width, height, stride)


# The free sides among a polar cell's five slots, by the 5-bit mask of those visited: the
# sides in order, as the table walk lists them.
_POLAR_FREE = tuple(tuple(side for side in range(5) if not visited >> side & 1) for visited in range(32))
_POLAR_SLOTS = struct.Struct("5i").unpack_from  # a cell's five slots from the table's bytes
_NO_SECOND_OUTWARD = 1 << 4  # a ring-stride cell's fifth slot: none, as if visited
# The passage bit each side of a ring-stride cell opens in the cell it leads to: inward
# leads to that cell's one outward slot, clockwise to its anticlockwise, and so on.
_STRIDE_BACK = (1 << OUTWARD, 1 << ANTICLOCKWISE, 1 << CLOCKWISE, 1 << INWARD)


def carve_polar(grid: PolarGrid, rng: random.Random) -> bytearray:
    """The table walk on a polar grid, drawing as it does. Most cells lie at fixed id steps
    from their neighbours (``PolarGrid.ring_strides``), and are walked without the table;
    the others' five slots (inward, clockwise, anticlockwise, two outward) are read in one
    call, their free sides looked up by which are visited. Only the centre, cell 0, has more
    slots, its six outward neighbours in 2 to 7."""
    back, table = grid.back, grid.neighbours
    strides = grid.ring_strides()
    cells = bytearray(grid.cells)
    # One extra cell, always visited: a missing neighbour (-1) indexes it.
    visited = bytearray(grid.cells + 1)
    visited[-1] = 1
    getrandbits = rng.getrandbits
    bits, free, slots, stride_back = _BITS, _POLAR_FREE, _POLAR_SLOTS, _STRIDE_BACK
    table_stride = 8 * table.itemsize
    current = grid.random_cell(rng)
    visited[current] = 1
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    options: Sequence[int]
    around: Sequence[int] = ()
    while True:
        count = strides[current]
        if count:
            options = free[
                visited[current - count]
                | visited[current + 1] << 1
                | visited[current - 1] << 2
                | visited[current + count] << 3
                | _NO_SECOND_OUTWARD
            ]
        elif current:
            around = slots(table, current * table_stride)
            inward, clockwise, anticlockwise, outward, outward_too = around
            options = free[
                visited[inward]
                | visited[clockwise] << 1
                | visited[anticlockwise] << 2
                | visited[outward] << 3
                | visited[outward_too] << 4
            ]
        else:
            around = table[0:8]
            options = [side for side in range(8) if not visited[around[side]]]
        if options:
            k = len(options)  # rng.choice(options), drawing the same bits
            r = getrandbits(bits[k])
            while r >= k:
                r = getrandbits(bits[k])
            side = options[r]
            if count:  # inward -count, outward +count, clockwise +1, anticlockwise -1
                nxt = (
                    current - count if side == 0 else current + count if side == 3 else current + 3 - 2 * side
                )
                cells[nxt] |= stride_back[side]
            else:
                nxt = around[side]
                cells[nxt] |= 1 << back[current * 8 + side]
            cells[current] |= 1 << side
            visited[nxt] = 1
            if k > 1:  # else no way is left from here: coming back would only step back again
                push(current)
            current = nxt
        elif stack:
            current = pop()
        else:
            return cells


carve = with_kernels(carve_graph, square=carve_square, hexagon=carve_hex, polar=carve_polar)
