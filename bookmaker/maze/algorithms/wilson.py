"""Wilson's algorithm: loop-erased random walks, uniform over all perfect mazes.

Start with one random cell in the maze. From the first cell not yet in it,
walk at random until the walk meets the maze, then carve the walk's
loop-free path into the maze and start again from the next cell outside.

Loops are erased without bookkeeping: each cell remembers only the
direction the walk last left it by, so a loop is forgotten as soon as the
walk leaves its first cell again; following those directions from the start
gives the loop-erased path. Every perfect maze is equally likely, so mazes
with many short dead ends (the common kind) dominate.

The walk runs on the padded grid, one random byte a step, like
Aldous-Broder's (see ``padded``).
"""

from __future__ import annotations

import random

from .padded import WALK_BACK, WALK_CHUNK, WALK_THERE, padded_index, padded_marks, unpad, walk_steps

NAME = "wilson"
SUMMARY = (
    "uniform: every maze equally likely; short corridors, ~29 % dead ends;"
    " fast for a uniform generator; two bytes per cell for the walk"
)
UNIFORM = True


def carve(width: int, height: int, rng: random.Random) -> bytearray:
    # 0: not in the maze yet, 1: in the maze, 2: outside the grid
    stride, state = padded_marks(width, height, inside=0, border=2)
    move, there, back = walk_steps(stride), WALK_THERE, WALK_BACK  # indexed by a random byte
    cells = bytearray(len(state))
    exits = bytearray(len(state))  # the byte the walk last left each cell by
    root = rng.randrange(width * height)
    state[padded_index(root, width, stride)] = 1
    start = cur = state.find(0)
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    while start >= 0:
        for b in getrandbits(8 * chunk).to_bytes(chunk, "little"):
            nxt = cur + move[b]
            seen = state[nxt]
            if seen == 2:
                continue
            exits[cur] = b
            if not seen:
                cur = nxt
                continue
            # The walk met the maze: carve its loop-erased path from the start.
            cell = start
            while not state[cell]:
                b = exits[cell]
                nxt = cell + move[b]
                cells[cell] |= there[b]
                cells[nxt] |= back[b]
                state[cell] = 1
                cell = nxt
            start = cur = state.find(0, start)
            if start < 0:
                break
    return unpad(cells, width, height, stride)
