"""Aldous-Broder: a random walk that carves into every cell it enters first.

Every perfect maze of the grid is equally likely (a uniform spanning tree),
like Wilson's, but the walk must cover the whole grid, which takes about
n log² n steps: the slowest generator here, fine for book-sized mazes.

The walk lives on a grid with a one-cell border (width + 1 per padded row)
so a step is one addition; a step into the border is drawn again. Each step
takes one random byte: its low two bits pick N, E, S or W.
"""

from __future__ import annotations

import random

from ..grid import E, N, S, W

NAME = "aldous-broder"
SUMMARY = (
    "uniform: every maze equally likely; short corridors, ~29 % dead ends;"
    " slow (the walk must cover the grid), one byte per cell"
)
UNIFORM = True

# Random bytes drawn at a time, as getrandbits(8 * _CHUNK) in little-endian order;
# part of the seed -> maze contract.
_CHUNK = 1024
_THERE = (N, E, S, W) * 64  # the wall a step opens, indexed by its random byte
_BACK = (S, W, N, E) * 64  # and the same wall seen from the cell stepped into


def carve(width: int, height: int, rng: random.Random) -> bytearray:
    stride = width + 1
    move = (-stride, 1, stride, -1) * 64  # indexed by a random byte: its low two bits
    there, back = _THERE, _BACK
    # 0: not reached yet, 1: in the maze, 2: outside the grid
    state = bytearray(b"\2") * ((height + 2) * stride)
    for y in range(1, height + 1):
        state[y * stride:y * stride + width] = bytes(width)
    cells = bytearray(len(state))
    start = rng.randrange(width * height)
    cur = (start // width + 1) * stride + start % width
    state[cur] = 1
    remaining = width * height - 1
    getrandbits = rng.getrandbits
    while remaining:
        for b in getrandbits(8 * _CHUNK).to_bytes(_CHUNK, "little"):
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
    return bytearray().join([cells[y * stride:y * stride + width] for y in range(1, height + 1)])
