"""Aldous-Broder: a random walk that carves into every cell it enters first.

Every perfect maze of the grid is equally likely (a uniform spanning tree),
like Wilson's, but the walk must cover the whole grid, which takes about
n log² n steps: the slowest generator here, fine for book-sized mazes.

Its steps are random bytes, as in Wilson's walks (see ``graph``), on the
padded grid when the grid is a plain square one (see ``padded``).
"""

from __future__ import annotations

import random

from ..topology import Topology
from .graph import ANY_SHAPE, walk_sides, walk_table, with_kernels
from .padded import WALK_BACK, WALK_CHUNK, WALK_THERE, padded_index, padded_marks, unpad, walk_steps

NAME = "aldous-broder"
CODE_ID = 7  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "uniform: every maze equally likely; short corridors, ~29 % dead ends;"
    " slow (the walk must cover the grid), one byte per cell"
)
UNIFORM = True
SHAPES = ANY_SHAPE


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    sides, back = topology.sides, topology.back
    slots, stride, table, side_at = walk_table(topology)
    slot_of = walk_sides(slots)
    reached = bytearray(topology.cells) + b"\2"  # the extra cell: what -1 indexes
    cells = bytearray(topology.cells)
    cur = topology.random_cell(rng)
    reached[cur] = 1
    remaining = topology.present_count - 1
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    while remaining:
        # Bytes become slots in one C call, not one lookup a step.
        for slot in getrandbits(8 * chunk).to_bytes(chunk, "little").translate(slot_of):
            index = cur * stride + slot
            nxt = table[index]
            seen = reached[nxt]
            if seen == 2:
                continue
            if not seen:
                side = side_at[index]
                cells[cur] |= 1 << side
                cells[nxt] |= 1 << back[cur * sides + side]
                reached[nxt] = 1
                remaining -= 1
                if not remaining:
                    break
            cur = nxt
    return cells


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    # 0: not reached yet, 1: in the maze, 2: outside the grid
    stride, state = padded_marks(width, height, inside=0, border=2)
    move, there, back = walk_steps(stride), WALK_THERE, WALK_BACK  # indexed by a random byte
    cells = bytearray(len(state))
    start = rng.randrange(width * height)
    cur = padded_index(start, width, stride)
    state[cur] = 1
    remaining = width * height - 1
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    while remaining:
        for b in getrandbits(8 * chunk).to_bytes(chunk, "little"):
            nxt = cur + move[b]
            seen = state[nxt]
            if seen == 2:
                continue
            if not seen:
                cells[cur] |= there[b]
                cells[nxt] |= back[b]
                state[nxt] = 1
                remaining -= 1
                if not remaining:
                    break
            cur = nxt
    return unpad(cells, width, height, stride)


carve = with_kernels(carve_graph, square=carve_square)
