"""Wilson's algorithm: loop-erased random walks, uniform over all perfect mazes.

Start with one random cell in the maze. From the first cell not yet in it,
walk at random until the walk meets the maze, then carve the walk's
loop-free path into the maze and start again from the next cell outside.

Loops are erased without bookkeeping: each cell remembers only the
direction the walk last left it by, so a loop is forgotten as soon as the
walk leaves its first cell again; following those directions from the start
gives the loop-erased path. Every perfect maze is equally likely, so mazes
with many short dead ends (the common kind) dominate.

The walk takes one random byte a step, like Aldous-Broder's (see ``graph``);
on a plain square or triangle grid it runs on the padded grid (see
``padded``), with the same steps as through the neighbour table.
"""

from __future__ import annotations

import random
from functools import cache

from ..topology import E, N, S, Topology, W
from ..triangle_grid import TriangleGrid
from .graph import ANY_SHAPE, cell_states, is_plain_square, walk_sides, walk_table
from .padded import WALK_BACK, WALK_CHUNK, WALK_THERE, padded_index, padded_marks, unpad, walk_steps

NAME = "wilson"
CODE_ID = 3  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "uniform: every maze equally likely; short corridors, ~29 % dead ends;"
    " fast for a uniform generator; on squares the walk takes 17 bytes per cell"
)
UNIFORM = True
SHAPES = ANY_SHAPE


def carve(topology: Topology, rng: random.Random) -> bytearray:
    if is_plain_square(topology):
        return carve_square(topology.width, topology.height, rng)
    if type(topology) is TriangleGrid and topology.mask is None:
        return carve_triangle(topology.width, topology.height, rng)
    return carve_graph(topology, rng)


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    sides, back = topology.sides, topology.back
    slots, stride, table, side_at = walk_table(topology)
    slot_of = walk_sides(slots)
    # 0: not in the maze yet, 1: in the maze, 2: outside (the extra last cell
    # that a missing neighbour, -1, indexes)
    # Cells a mask switches off count as in the maze, so no walk starts there.
    state = list(cell_states(topology, 0, 1) + b"\2")  # a list: see carve_square
    cells = bytearray(topology.cells)
    exits = [0] * topology.cells  # the walk slot the walk last left each cell by
    state[topology.random_cell(rng)] = 1
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    try:
        start = cur = state.index(0)
        while True:
            # Bytes become slots in one C call, not one lookup a step.
            for slot in getrandbits(8 * chunk).to_bytes(chunk, "little").translate(slot_of):
                nxt = table[cur * stride + slot]
                if not state[nxt]:  # most steps: on through cells outside the maze
                    exits[cur] = slot
                    cur = nxt
                    continue
                if state[nxt] == 2:
                    continue  # no neighbour there: draw again
                # The walk met the maze: carve its loop-erased path from the start.
                exits[cur] = slot
                cell = start
                while not state[cell]:
                    index = cell * stride + exits[cell]
                    nxt = table[index]
                    side = side_at[index]
                    cells[cell] |= 1 << side
                    cells[nxt] |= 1 << back[cell * sides + side]
                    state[cell] = 1
                    cell = nxt
                start = cur = state.index(0, start)
    except ValueError:
        pass  # no cell is left outside the maze
    return cells


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    # 0: not in the maze yet, 1: in the maze, 2: outside the grid. The walk reads and
    # writes these marks and its exits every step: in lists, not bytearrays, because
    # CPython indexes a list of small ints faster (a third faster walks at 1000x1000).
    stride, marks = padded_marks(width, height, inside=0, border=2)
    state = list(marks)
    move, there, back = walk_steps(stride), WALK_THERE, WALK_BACK  # indexed by a random byte
    cells = bytearray(len(state))
    exits = [0] * len(state)  # the byte the walk last left each cell by
    root = rng.randrange(width * height)
    state[padded_index(root, width, stride)] = 1
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    try:
        start = cur = state.index(0)
        while True:
            for b in getrandbits(8 * chunk).to_bytes(chunk, "little"):
                nxt = cur + move[b]
                if not state[nxt]:  # most steps: on through cells outside the maze
                    exits[cur] = b
                    cur = nxt
                    continue
                if state[nxt] == 2:
                    continue  # off the grid: draw again
                # The walk met the maze: carve its loop-erased path from the start.
                exits[cur] = b
                cell = start
                while not state[cell]:
                    b = exits[cell]
                    nxt = cell + move[b]
                    cells[cell] |= there[b]
                    cells[nxt] |= back[b]
                    state[cell] = 1
                    cell = nxt
                start = cur = state.index(0, start)
    except ValueError:
        pass  # no cell is left outside the maze
    return unpad(cells, width, height, stride)


# A triangle's walk slots (TriangleGrid.walk_slots): 0 west, 1 east, 2 its base, below an
# upward cell and above a downward one; per slot, the passage bit there and seen from there.
_TRIANGLE_THERE = ((W, E, S), (W, E, N))  # [points down][slot]
_TRIANGLE_BACK = ((E, W, N), (E, W, S))


@cache
def _triangle_tables() -> tuple[bytes, tuple[bytes, bytes], tuple[bytes, bytes]]:
    """The draws the graph walk redraws, and per draw the passage bit there and seen from
    there, [points down][byte]: made once, as a small maze spends most of its time on them."""
    slot_of = walk_sides(3)
    again = bytes(b for b in range(256) if slot_of[b] == 3)
    there = tuple(bytes(bits[slot_of[b] % 3] for b in range(256)) for bits in _TRIANGLE_THERE)
    back = tuple(bytes(bits[slot_of[b] % 3] for b in range(256)) for bits in _TRIANGLE_BACK)
    return again, (there[0], there[1]), (back[0], back[1])


@cache
def _triangle_moves(stride: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per draw, the offset a step moves by, [points down][byte]."""
    slot_of = walk_sides(3)
    up, down = (tuple((-1, 1, base)[slot_of[b] % 3] for b in range(256)) for base in (stride, -stride))
    return up, down


def carve_triangle(width: int, height: int, rng: random.Random) -> bytearray:
    """The graph walk's very draws and moves on a padded triangle grid (the tests check it),
    where a step is an offset: W -1, E +1, the base +stride below an upward cell or -stride
    above a downward one. Every move turns the walk's triangle over, so the walk swaps
    its two step tables as it moves instead of looking up which way its cell points."""
    # 0: not in the maze yet, 1: in the maze, 2: outside the grid
    stride, marks = padded_marks(width, height, inside=0, border=2)
    again, there, back = _triangle_tables()
    moves = _triangle_moves(stride)
    down = bytearray(len(marks))  # 1 where a padded cell points down: x + y odd
    for y in range(height):
        row = (y + 1) * stride
        down[row + 1 - y % 2 : row + width : 2] = b"\1" * ((width - (1 - y % 2) + 1) // 2)
    state = list(marks)  # a list: see carve_square
    cells = bytearray(len(state))
    exits = [0] * len(state)  # the byte the walk last left each cell by
    state[padded_index(rng.randrange(width * height), width, stride)] = 1
    getrandbits, chunk = rng.getrandbits, WALK_CHUNK
    try:
        start = cur = state.index(0)
        move, other = moves[down[cur]], moves[1 - down[cur]]
        while True:
            for b in getrandbits(8 * chunk).to_bytes(chunk, "little").translate(None, again):
                nxt = cur + move[b]
                if not state[nxt]:  # most steps: on through cells outside the maze
                    exits[cur] = b
                    cur = nxt
                    move, other = other, move
                    continue
                if state[nxt] == 2:
                    continue  # off the grid: draw again
                # The walk met the maze: carve its loop-erased path from the start.
                exits[cur] = b
                cell = start
                while not state[cell]:
                    b, flipped = exits[cell], down[cell]
                    nxt = cell + moves[flipped][b]
                    cells[cell] |= there[flipped][b]
                    cells[nxt] |= back[flipped][b]
                    state[cell] = 1
                    cell = nxt
                start = cur = state.index(0, start)
                move, other = moves[down[cur]], moves[1 - down[cur]]
    except ValueError:
        pass  # no cell is left outside the maze
    return unpad(cells, width, height, stride)
