"""Aldous-Broder: a random walk that carves into every cell it enters first.

Every perfect maze of the grid is equally likely (a uniform spanning tree),
like Wilson's, but the walk must cover the whole grid, which takes about
n log² n steps: the slowest generator here, fine for book-sized mazes.

Its steps are random bytes on the padded grid, as in Wilson's walks (see
``padded``).
"""

from __future__ import annotations

import random

from .padded import WALK_BACK, WALK_CHUNK, WALK_THERE, padded_index, padded_marks, unpad, walk_steps

NAME = "aldous-broder"
SUMMARY = (
    "uniform: every maze equally likely; short corridors, ~29 % dead ends;"
    " slow (the walk must cover the grid), one byte per cell"
)
UNIFORM = True


def carve(width: int, height: int, rng: random.Random) -> bytearray:
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
