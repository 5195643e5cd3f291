"""Weave mazes: square grids whose passages cross over and under one another.

A crossing is a cell whose over-passage runs straight through it (west and east open,
or north and south) while a tunnel, the under-passage, joins the two cells on either
side of it in the other direction (docs/design.md, "Weave"). The maze stays perfect:
its passages, tunnels included, form a spanning tree of the cells.

The topology (``WeaveGrid``) is the square grid with four more sides per cell: side
``4 + s`` leads to the cell two steps through side ``s`` (N, E, S, W), so a tunnel is
the bit ``1 << (4 + s)`` of the cell bytes at both its ends (16, 32, 64, 128). Every
search, solver and statistic that walks the neighbour table follows tunnels without
knowing about them; a tunnel is one passage between the two cells it joins, and counts
as a straight step (``step_kind``). The crossing cell it runs under is not on it.

Generation, as Buck describes it (Mazes for Programmers, ch. 10): crossings are placed
first, then Kruskal's algorithm carves the rest. Part of the seed -> maze contract:

1. Two draws: ``rng.getrandbits(128 * cells)``, two 32-bit words per wall (the lowest
   first), then ``rng.getrandbits(64 * cells)``, two words per cell.
2. The possible crossings, as Buck's weave places them: the inner cells (not on the
   grid's edge), in the order of their first words (then ids), each become one when none
   of its four walls is settled yet and joining west to east and north to south closes
   no loop. Its over-passage runs west-east when its first word is odd, north-south when
   even, or the other way where that one is not allowed (below). Of these, the crossings
   whose cell's second word is below ``weave * 2**32`` are placed: ``weave`` is the share
   of the possible crossings placed, 1 all of them. (Leaving some out frees walls and
   joins fewer cells, so the others stay possible.)
3. Placing it opens the over-passage's two walls, joins the tunnel's two cells, and
   keeps the crossing cell's other two walls closed for good. The side walls at both
   mouths of the tunnel (west and east of the cells above and below a west-east
   crossing) are kept for last, so the under-passage's walls reach up to the crossing
   and the drawing can stop them a gap short of the over-passage's walls, where the eye
   sees the corridor dip under; a direction whose mouths' side walls are already open
   is not allowed.
4. Kruskal's then takes the other walls in the order of their keys, wall ``2 * cell``
   (east of the cell) and ``2 * cell + 1`` (south) keyed by its words a, b as
   ``random()`` makes a float of them: ``(a >> 5) * 2**26 + (b >> 6)``, equal keys in
   wall order. The walls kept for last follow, in the same order, and open only where
   nothing else can still join two parts of the maze.
"""

from __future__ import annotations

import random
import sys
from array import array
from functools import cached_property
from itertools import compress
from operator import and_
from typing import Literal

from ..errors import BookmakerError
from .algorithms.kruskal import _cell_ids, _join_in_order
from .mask import Mask
from .model import Maze
from .topology import E, N, S, SquareGrid, W

# The tunnel bits: the passage through side 4 + s, to the cell two steps through side s.
TUNNEL_N, TUNNEL_E, TUNNEL_S, TUNNEL_W = 16, 32, 64, 128
Over = Literal["h", "v"]  # a crossing's over-passage: west-east ("h") or north-south ("v")
# The algorithm that weaves: the others carve a maze in ways crossings can't be placed into.
WEAVING_ALGORITHM = "kruskal"

# Per wall, what the crossings settled: nothing yet, opened, closed for good, or kept for
# last (the side walls at a tunnel's mouths).
_FREE, _OPENED, _CLOSED, _LAST = 0, 1, 2, 3


class WeaveGrid(SquareGrid):
    """A square grid whose cells may also be joined to the cell two steps away, by a tunnel
    under the cell between (see the module's docstring)."""

    sides = 8

    def __init__(self, width: int, height: int, mask: Mask | None = None) -> None:
        if mask is not None:
            raise BookmakerError(weave_refusal("with a mask"))
        super().__init__(width, height)

    @property
    def step_offsets(self) -> tuple[int, ...]:
        w = self.width
        return -w, 1, w, -1, -2 * w, 2, 2 * w, -2

    def step_kind(self, cell: int, side: int) -> int:
        """A tunnel goes the way of the side it passes under: straight on."""
        return side & 3

    def present_sides(self, cell: int) -> int:
        return N | E | S | W

    @cached_property
    def open_sides(self) -> bytes:
        return self._open_sides_of_table()

    def _neighbour_table(self) -> array[int]:
        width, height, count = self.width, self.height, self.cells
        near = super()._neighbour_table()
        table = array("i", [-1]) * (8 * count)
        for side in range(4):
            table[side::8] = near[side::4]
        for cell in range(count):
            x, y = cell % width, cell // width
            base = 8 * cell + 4
            if y >= 2:
                table[base] = cell - 2 * width
            if x < width - 2:
                table[base + 1] = cell + 2
            if y < height - 2:
                table[base + 2] = cell + 2 * width
            if x >= 2:
                table[base + 3] = cell - 2
        return table

    def _back_table(self) -> bytes:
        return bytes((2, 3, 0, 1, 6, 7, 4, 5)) * self.cells


def weave_refusal(what: str) -> str:
    """Why weave and ``what`` ('with wilson', 'on hex grids') don't go together, in one line."""
    return f"weave works on whole square grids carved by {WEAVING_ALGORITHM}, not {what}"


def check_weave(share: float) -> None:
    if not 0 <= share <= 1:
        raise BookmakerError(f"weave takes a share from 0 to 1, got {share:.15g}")


def crossings(maze: Maze) -> list[tuple[int, Over]]:
    """The crossings of ``maze``, by cell id: the cell each tunnel runs under, and which
    way its over-passage runs (``bookmaker.maze/2``'s ``crossings``); none unless woven."""
    if not isinstance(maze.topology, WeaveGrid):
        return []
    width = maze.topology.width
    found: list[tuple[int, Over]] = []
    for cell, bits in enumerate(maze.cells):
        if bits & TUNNEL_S:
            found.append((cell + width, "h"))
        if bits & TUNNEL_E:
            found.append((cell + 1, "v"))
    found.sort()
    return found


def carve(grid: WeaveGrid, rng: random.Random, share: float) -> bytearray:
    """A perfect woven maze on ``grid``, about ``share`` of its possible crossings placed."""
    width, n = grid.width, grid.cells
    wall_words = _words(rng.getrandbits(128 * n), 4 * n)
    cell_words = _words(rng.getrandbits(64 * n), 2 * n)
    cells, state, parent, sets = _place_crossings(grid, cell_words, share)
    del cell_words
    firsts, seconds = wall_words[0::2], wall_words[1::2]
    del wall_words
    # The walls that exist: all but the east walls of the last column and the south walls
    # of the last row.
    exists = bytearray(b"\1" * (2 * n))
    exists[2 * width - 2 :: 2 * width] = bytes(n // width)
    exists[2 * (n - width) + 1 :: 2] = bytes(width)
    free = state.translate(_IS_FREE)
    order = sorted(
        compress(range(2 * n), map(and_, exists, free)),
        key=lambda wall: (firsts[wall] >> 5) << 26 | seconds[wall] >> 6,
    )
    order += sorted(
        compress(range(2 * n), state.translate(_IS_LAST)),
        key=lambda wall: (firsts[wall] >> 5) << 26 | seconds[wall] >> 6,
    )
    other = array("i", bytes(8 * n))
    ids = _cell_ids(n + width)
    other[0::2] = ids[1 : n + 1]
    other[1::2] = ids[width : n + width]
    del ids
    joined = bytearray(2 * n)
    if sets > 1:
        _join_in_order(array("i", order), 2, other, parent, sets, joined)
    del order, other, parent
    east = int.from_bytes(joined[0::2], "little")
    south = int.from_bytes(joined[1::2], "little")
    bits = east * E | (east * W) << 8 | south * S | (south * N) << (8 * width)
    return bytearray((int.from_bytes(cells, "little") | bits).to_bytes(n, "little"))


_IS_FREE = bytes([1]) + bytes(255)  # translate() tables over ``state``
_IS_LAST = bytes([0, 0, 0, 1]) + bytes(252)


def _words(value: int, count: int) -> array[int]:
    """``count`` 32-bit words of ``value``, the lowest first."""
    words = array("I")
    words.frombytes(value.to_bytes(4 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words


def _place_crossings(
    grid: WeaveGrid, words: array[int], share: float
) -> tuple[bytearray, bytearray, array[int], int]:
    """Steps 2 and 3 of the module's docstring: the cell bytes of the crossings and their
    tunnels, each wall's state, the union-find of the cells they join, and its number of
    sets."""
    width, n = grid.width, grid.cells
    firsts, seconds = words[0::2], words[1::2]
    possible = _possible_crossings(grid, firsts)
    keep = min(int(share * 2**32), 2**32)
    cells = bytearray(n)
    state = bytearray(2 * n)
    parent = _cell_ids(n)
    sets = n
    for cell, horizontal in possible:
        if seconds[cell] >= keep:
            continue
        west, east, north, south = 2 * cell - 2, 2 * cell, 2 * (cell - width) + 1, 2 * cell + 1
        if horizontal:
            opened, closed = (west, east), (north, south)
            mouths = (north - 3, north - 1, south + 2 * width - 3, south + 2 * width - 1)
            cells[cell] |= E | W
            cells[cell - 1] |= E
            cells[cell + 1] |= W
            cells[cell - width] |= TUNNEL_S
            cells[cell + width] |= TUNNEL_N
        else:
            opened, closed = (north, south), (west, east)
            mouths = (west - 2 * width + 1, west + 1, east - 2 * width + 3, east + 3)
            cells[cell] |= N | S
            cells[cell - width] |= S
            cells[cell + width] |= N
            cells[cell - 1] |= TUNNEL_E
            cells[cell + 1] |= TUNNEL_W
        for wall in opened:
            state[wall] = _OPENED
        for wall in closed:
            state[wall] = _CLOSED
        for wall in mouths:
            state[wall] = _LAST
        # The crossing's over-passage and its tunnel: two trees of the union-find, or loops
        # would have kept it out of the possible ones (a subset of them closes none either).
        for a, b in ((cell - 1, cell), (cell, cell + 1), (cell - width, cell + width)):
            while a != parent[a]:
                a = parent[a]
            while b != parent[b]:
                b = parent[b]
            parent[min(a, b)] = max(a, b)
        sets -= 3
    return cells, state, parent, sets


def _possible_crossings(grid: WeaveGrid, firsts: array[int]) -> list[tuple[int, bool]]:
    """Step 2 of the module's docstring: every crossing Buck's weave places, in order, as
    (cell, over-passage west-east)."""
    width, height, n = grid.width, grid.height, grid.cells
    state = bytearray(2 * n)  # per wall id (2 * cell east, 2 * cell + 1 south): _FREE...
    parent = _cell_ids(n)
    inner = [y * width + x for y in range(1, height - 1) for x in range(1, width - 1)]
    inner.sort(key=firsts.__getitem__)

    def find(cell: int) -> int:
        while cell != parent[cell]:
            parent[cell] = cell = parent[parent[cell]]
        return cell

    placed = []
    for cell in inner:
        west, east, north, south = 2 * cell - 2, 2 * cell, 2 * (cell - width) + 1, 2 * cell + 1
        if state[west] or state[east] or state[north] or state[south]:
            continue  # a wall of it is settled: a neighbour is a crossing or a tunnel's mouth
        rw, re, rn, rs = find(cell - 1), find(cell + 1), find(cell - width), find(cell + width)
        if rw == re or rn == rs or (rn in (rw, re) and rs in (rw, re)):
            continue  # joining across it would close a loop
        # The mouths' side walls, for each way the over-passage may run.
        sides_h = (north - 3, north - 1, south + 2 * width - 3, south + 2 * width - 1)
        sides_v = (west - 2 * width + 1, west + 1, east - 2 * width + 3, east + 3)
        allowed_h = _OPENED not in (
            state[sides_h[0]],
            state[sides_h[1]],
            state[sides_h[2]],
            state[sides_h[3]],
        )
        allowed_v = _OPENED not in (
            state[sides_v[0]],
            state[sides_v[1]],
            state[sides_v[2]],
            state[sides_v[3]],
        )
        horizontal = allowed_h if firsts[cell] & 1 else not allowed_v
        if not (allowed_h if horizontal else allowed_v):
            continue
        opened, closed, mouths = (
            ((west, east), (north, south), sides_h) if horizontal else ((north, south), (west, east), sides_v)
        )
        state[opened[0]] = state[opened[1]] = _OPENED
        state[closed[0]] = state[closed[1]] = _CLOSED
        for wall in mouths:
            state[wall] = _LAST
        parent[cell] = rw
        parent[min(rw, re)] = max(rw, re)
        parent[min(rn, rs)] = max(rn, rs)
        placed.append((cell, horizontal))
    return placed
