"""Hunt-and-Kill: random walks, and a row-by-row hunt for a new start when stuck.

Walk from a random cell to random unvisited neighbours until there is none.
Then hunt: scan the grid row by row for the first unvisited cell with a
visited neighbour, connect it to a random one of those and walk again. Like
the backtracker without a stack: long winding corridors, slightly fewer of
them, few dead ends.

The hunt never rescans finished rows: a cursor marks the first cell that may
still be unvisited, and cells next to the visited region are flagged as they
are seen, so the hunt is one ``bytearray.find`` from the cursor.
"""

from __future__ import annotations

import random

from ..topology import Topology
from .graph import ANY_SHAPE, cell_states, with_kernels
from .padded import BACK, THERE, padded_index, padded_marks, steps, unpad

NAME = "hunt-and-kill"
CODE_ID = 1  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = "long winding corridors like the backtracker; few dead ends (~9 %); no stack, one byte per cell"

SHAPES = ANY_SHAPE

_UNSEEN, _FRONTIER, _VISITED, _OUTSIDE = 0, 1, 2, 3


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    sides, table, back = topology.sides, topology.neighbours, topology.back
    state = cell_states(topology, _UNSEEN, _OUTSIDE)  # a mask's cells off: never hunted
    state.append(_UNSEEN)  # sentinel: stops the cursor past the last cell
    cells = bytearray(topology.cells)
    rand = rng.random
    cur = topology.random_cell(rng)
    cursor = 0  # no unvisited cell before it
    while True:
        state[cur] = _VISITED
        while True:  # walk, flagging unvisited neighbours as frontier for the hunt
            base = cur * sides
            options = []
            for index in range(base, base + sides):
                nxt = table[index]
                if nxt >= 0 and state[nxt] < _VISITED:
                    state[nxt] = _FRONTIER
                    options.append(index)
            if not options:
                break
            index = options[int(rand() * len(options))] if len(options) > 1 else options[0]
            nxt = table[index]
            cells[cur] |= 1 << (index - base)
            cells[nxt] |= 1 << back[index]
            state[nxt] = _VISITED
            cur = nxt
        while state[cursor] >= _VISITED:
            cursor += 1
        cur = state.find(_FRONTIER, cursor)
        if cur < 0:
            return cells
        base = cur * sides
        options = [
            index
            for index in range(base, base + sides)
            if table[index] >= 0 and state[table[index]] == _VISITED
        ]
        index = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        cells[cur] |= 1 << (index - base)
        cells[table[index]] |= 1 << back[index]


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    stride, state = padded_marks(width, height, inside=_UNSEEN, border=_OUTSIDE)
    state.append(_UNSEEN)  # sentinel: stops the cursor past the last cell
    cells = bytearray(len(state))
    rand = rng.random
    move, there, back = steps(stride), THERE, BACK
    up = -stride
    cur = padded_index(rng.randrange(width * height), width, stride)
    cursor = stride  # no unvisited cell before it
    while True:
        state[cur] = _VISITED
        # Walk until stuck, flagging unvisited neighbours as frontier for the hunt.
        while True:
            options = []
            if state[cur + up] < _VISITED:
                state[cur + up] = _FRONTIER
                options.append(0)
            if state[cur + 1] < _VISITED:
                state[cur + 1] = _FRONTIER
                options.append(1)
            if state[cur + stride] < _VISITED:
                state[cur + stride] = _FRONTIER
                options.append(2)
            if state[cur - 1] < _VISITED:
                state[cur - 1] = _FRONTIER
                options.append(3)
            if not options:
                break
            d = options[int(rand() * len(options))] if len(options) > 1 else options[0]
            nxt = cur + move[d]
            cells[cur] |= there[d]
            cells[nxt] |= back[d]
            state[nxt] = _VISITED
            cur = nxt
        # Hunt: the first frontier cell in row-major order, from the cursor on,
        # joined to a random visited neighbour.
        while state[cursor] >= _VISITED:
            cursor += 1
        cur = state.find(_FRONTIER, cursor)
        if cur < 0:
            break
        options = [d for d in range(4) if state[cur + move[d]] == _VISITED]
        d = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        cells[cur] |= there[d]
        cells[cur + move[d]] |= back[d]
    return unpad(cells, width, height, stride)


carve = with_kernels(carve_graph, square=carve_square)
