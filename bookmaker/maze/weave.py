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

1. One draw, ``rng.getrandbits(128 * cells)``: four 32-bit words per cell (the lowest
   first), a and b of its east wall, then a and b of its south wall (``kruskal`` draws
   the same).
2. The possible crossings: the inner cells (not on the grid's edge) whose east wall's b
   word, as ``b >> 5``, is lower than that of every other inner cell in the 3 x 3 cells
   round it. Each of them whose south wall's b word, as ``b >> 1``, is below
   ``weave * 2**31`` (rounded down; ``weave`` 1: every one) is placed, in the order of
   those keys (then ids), unless joining west to east and north to south across it
   would close a loop: ``weave`` is the share of the possible
   crossings placed, 1 all of them, about one inner cell in nine. Its over-passage runs
   west-east when its east wall's b word is odd, north-south when even. (No two lie in
   each other's 3 x 3 cells, so none settles a wall another needs.)
3. Placing it opens the over-passage's two walls, joins the tunnel's two cells, and
   keeps the crossing cell's other two walls closed for good. The side walls at both
   mouths of the tunnel (west and east of the cells above and below a west-east
   crossing) are kept for last, so the under-passage's walls reach up to the crossing
   and the drawing can stop them a gap short of the over-passage's walls, where the eye
   sees the corridor dip under.
4. Kruskal's then takes the other walls in the order of their keys, wall ``2 * cell``
   (east of the cell) and ``2 * cell + 1`` (south) keyed by its words a, b as
   ``random()`` makes a float of them: ``(a >> 5) * 2**26 + (b >> 6)``, as ``kruskal``
   keys them; equal keys go east walls first, then south walls, each in cell order. The
   walls kept for last follow, in the same order, and open only where nothing else can
   still join two parts of the maze.
"""

from __future__ import annotations

import random
import sys
from array import array
from functools import cached_property
from itertools import compress
from operator import eq
from typing import Literal

from ..errors import BookmakerError
from .algorithms.kruskal import (
    _CLEAR_LOW_5,
    _GUARD,
    _LANE,
    _NO_WALL,
    _cell_ids,
    _flags,
    _guard_where,
    _join_in_order,
    _lane_array,
    _LaneRanks,
    _lanes,
    _little,
    _settled_walls,
    _sorted_walls,
)
from .mask import Mask
from .model import Maze
from .topology import E, N, S, SquareGrid, W

# The tunnel bits: the passage through side 4 + s, to the cell two steps through side s.
TUNNEL_N, TUNNEL_E, TUNNEL_S, TUNNEL_W = 16, 32, 64, 128
Over = Literal["h", "v"]  # a crossing's over-passage: west-east ("h") or north-south ("v")
# The algorithm that weaves: the others carve a maze in ways crossings can't be placed into.
WEAVING_ALGORITHM = "kruskal"

# (dx, dy) -> the side a step goes through: N, E, S, W, then the tunnels under them.
_SIDE_OF_STEP = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3, (0, -2): 4, (2, 0): 5, (0, 2): 6, (-2, 0): 7}


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

    def side_between(self, a: int, b: int) -> int:
        """By the cells' coordinates: a search that never built the neighbour table (a
        poster's is 32 MB) need not build it to count a path's turns."""
        (ay, ax), (by, bx) = divmod(a, self.width), divmod(b, self.width)
        try:
            return _SIDE_OF_STEP[bx - ax, by - ay]
        except KeyError:
            raise ValueError(f"cells {a} and {b} are not neighbours") from None

    def step_kind(self, cell: int, side: int) -> int:
        """A tunnel goes the way of the side it passes under: straight on."""
        return side & 3

    def present_sides(self, cell: int) -> int:
        return N | E | S | W

    @cached_property
    def open_sides(self) -> bytes:
        return self._open_sides_of_table()

    def _neighbour_table(self) -> array[int]:
        count = self.cells
        near = super()._neighbour_table()
        table = array("i", [-1]) * (8 * count)
        for side in range(4):
            table[side::8] = near[side::4]
        # Two steps: where the cell between has a neighbour beyond it through the same side.
        for side in range(4):
            between = near[side::4]
            table[4 + side :: 8] = array("i", (-1 if cell < 0 else near[4 * cell + side] for cell in between))
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
    """A perfect woven maze on ``grid``, about ``share`` of its possible crossings placed.

    Kruskal's part runs as ``kruskal``'s square kernel does, on keys made to say what the
    crossings settled: an opened wall is lowest (0), a wall closed for good is past the
    edge (``_NO_WALL``), a wall kept for last is above every other (2**29 on top of its key,
    all keys halved to make room: their low bits are clear, so nothing is lost). The
    kernel's cycle rule holds on this graph as on the plain grid. Its cut rule (a cell's
    lowest wall is in the tree) does not hold at a tunnel's mouth, whose lowest passage is
    the tunnel: the kernel is told to leave the mouths out of it (``no_cut``).
    """
    width, n = grid.width, grid.cells
    data = rng.getrandbits(128 * n).to_bytes(16 * n, "little")
    if n == 1:
        return bytearray(1)
    wall_words = memoryview(data).cast("I")
    prefix = _halved_prefixes(wall_words[0::2])
    seconds = wall_words[1::2].tobytes()
    del wall_words
    # Past the grid's edge (east of the last column, south of the last row): no wall.
    prefix[2 * width - 2 :: 2 * width] = array("i", [_NO_WALL]) * grid.height
    prefix[2 * (n - width) + 1 :: 2] = array("i", [_NO_WALL]) * width
    cells, mouths, tunnels = _place_crossings(grid, data, share, prefix)
    del data
    (rest_east, rest_south), (forced_east, forced_south), parent = _settled_walls(
        prefix, width, grid.height, mouths
    )
    del mouths
    # The tunnels join their mouths. An over-passage's walls are the lowest: forced by a
    # cell beside them, or first in the sort. A wall closed for good is the highest
    # round both its corners, none of them past the grid's edge, so the cycle rule
    # settles it out of the tree.
    for a, b in tunnels:
        while a != parent[a]:
            parent[a] = a = parent[parent[a]]
        while b != parent[b]:
            parent[b] = b = parent[parent[b]]
        if a < b:
            parent[a] = b
        elif b < a:
            parent[b] = a
    sets = sum(map(eq, parent, range(n)))
    order = _sorted_walls((rest_east, rest_south), prefix, seconds, n)
    del rest_east, rest_south, seconds, prefix
    other = array("i", bytes(8 * n))
    ids = _cell_ids(n + width)
    other[0::2] = ids[1 : n + 1]
    other[1::2] = ids[width : n + width]
    del ids
    joined = bytearray(2 * n)
    if sets > 1:
        _join_in_order(order, 2, other, parent, sets, joined)
    del order, other, parent
    east = int.from_bytes(forced_east, "little") | int.from_bytes(joined[0::2], "little")
    south = int.from_bytes(forced_south, "little") | int.from_bytes(joined[1::2], "little")
    bits = east * E | (east * W) << 8 | south * S | (south * N) << (8 * width)
    return bytearray((int.from_bytes(cells, "little") | bits).to_bytes(n, "little"))


_KEPT = 1 << 29  # on top of a (halved) key: after every wall not kept for last


def _halved_prefixes(firsts: memoryview) -> array[int]:
    """``kruskal``'s key prefixes of the walls (``_key_prefixes``) halved: ``(a >> 5) << 2``
    of each wall's first word a, which leaves room above them for ``_KEPT``."""
    data = bytearray(firsts.tobytes())
    data[0::4] = data[0::4].translate(_CLEAR_LOW_5)
    return _lane_array(int.from_bytes(data, "little") >> 3, len(data) // 4)


def _place_crossings(
    grid: WeaveGrid, data: bytes, share: float, prefix: array[int]
) -> tuple[bytearray, bytes, list[tuple[int, int]]]:
    """Steps 2 and 3 of the module's docstring, from the draw's bytes ``data``: the cell
    bytes of the crossings placed and their tunnels, a byte a cell that is 1 at a tunnel's
    mouth, and the tunnels, as pairs of cells. The walls' keys ``prefix`` are made to
    say what each crossing settles (see ``carve``).

    The possible crossings are found on lanes, as ``kruskal``'s rules are, all cells at
    once. No two lie in each other's 3 x 3 cells, so none settles a wall another needs:
    its own four walls and its mouths' side walls all lie in its 3 x 3.
    """
    width, height, n = grid.width, grid.height, grid.cells
    if width < 3 or height < 3:
        return bytearray(n), bytes(n), []
    words = memoryview(data).cast("I")
    keys = bytearray(words[1::4].tobytes())  # the east walls' b words, little-endian
    keys[0::4] = keys[0::4].translate(_CLEAR_LOW_5)
    inner = bytearray(n)
    for y in range(1, height - 1):
        inner[y * width + 1 : (y + 1) * width - 1] = b"\1" * (width - 2)
    # (b >> 5) << 3 a lane, below 2**30; a cell on the grid's edge never blocks: 2**30 up.
    centre = int.from_bytes(keys, "little") >> 2 | _guard_where(inner.translate(_FLIP)) >> 1
    order_of = array("I")  # b with its low 5 bits clear: ordered as b >> 5
    order_of.frombytes(keys)
    if sys.byteorder == "big":
        order_of.byteswap()
    del keys
    every = (1 << (_LANE * n)) - 1
    row = _LANE * width
    lanes = {"centre": centre}
    for name, shift in (
        ("west", -_LANE), ("east", _LANE), ("north", -row), ("south", row),
        ("north-west", -row - _LANE), ("north-east", -row + _LANE),
        ("south-west", row - _LANE), ("south-east", row + _LANE),
    ):  # fmt: skip
        lanes[name] = centre >> shift if shift > 0 else (centre << -shift) & every
    guard = _lanes(_GUARD, n)
    chosen = _LaneRanks(lanes, guard).below("centre", *(name for name in lanes if name != "centre"))
    chosen &= _guard_where(inner)
    del lanes, centre
    if share < 1:  # the south walls' b >> 1 below share * 2**31
        halves = bytearray(words[3::4].tobytes())
        halves[0::4] = halves[0::4].translate(_CLEAR_LOW_1)
        kept = int.from_bytes(halves, "little") >> 1
        del halves
        chosen &= (_lanes(int(share * 2**31), n) | guard) - (kept + (guard >> 31))
    possible = sorted(
        compress(range(n), _flags(chosen, n)),
        key=order_of.__getitem__,
    )
    del chosen
    parent = _cell_ids(n)  # the cells the crossings placed join
    across = bytearray(n)  # 1: a crossing placed, its over-passage west-east
    down = bytearray(n)  # 1: a crossing placed, its over-passage north-south
    linked = bytearray(n)  # 1: joined to another cell by a crossing placed
    for cell in possible:
        rw, re, rn, rs = cell - 1, cell + 1, cell - width, cell + width
        if linked[rw] or linked[re] or linked[rn] or linked[rs]:  # else each is alone
            while rw != parent[rw]:
                parent[rw] = rw = parent[parent[rw]]
            while re != parent[re]:
                parent[re] = re = parent[parent[re]]
            while rn != parent[rn]:
                parent[rn] = rn = parent[parent[rn]]
            while rs != parent[rs]:
                parent[rs] = rs = parent[parent[rs]]
            if rw == re or rn == rs or (rn in (rw, re) and rs in (rw, re)):
                continue  # joining across it would close a loop
        linked[cell - 1 : cell + 2] = b"\1\1\1"
        linked[cell - width] = linked[cell + width] = 1
        parent[cell] = rw
        if rw < re:
            parent[rw] = re
        else:
            parent[re] = rw
        if rn < rs:
            parent[rn] = rs
        else:
            parent[rs] = rn
        if data[16 * cell + 4] & 1:  # the east wall's b word odd: over west-east
            across[cell] = 1
        else:
            down[cell] = 1
    # Everything else a crossing settles, for all of them at once: a byte a cell, shifted
    # by a cell (8 bits) or a row to reach its neighbours.
    h, v = int.from_bytes(across, "little"), int.from_bytes(down, "little")
    row = 8 * width
    cells = (
        h * (E | W) | (h >> 8) * E | (h << 8) * W | (h >> row) * TUNNEL_S | (h << row) * TUNNEL_N
        | v * (N | S) | (v >> row) * S | (v << row) * N | (v >> 8) * TUNNEL_E | (v << 8) * TUNNEL_W
    )  # fmt: skip
    mouths = (h >> row) | (h << row) | (v >> 8) | (v << 8)
    # Per cell, whether its east wall and its south wall are opened, closed or kept for
    # last (the mouths' side walls: east of the cells beside the mouths above and below a
    # west-east crossing, south of those beside the mouths west and east of the other).
    walls = {
        "opened": (h | h >> 8, v | v >> row),
        "closed": (v | v >> 8, h | h >> row),
        "kept": (
            h >> (row + 8) | h >> row | h << (row - 8) | h << row,
            v >> (row + 8) | v >> 8 | v >> (row - 8) | v << 8,
        ),
    }
    wall_keys = int.from_bytes(_little(memoryview(prefix).cast("B").cast("I")), "little")
    masks = {}
    for name, (east, south) in walls.items():
        flags = bytearray(2 * n)
        flags[0::2] = east.to_bytes(n, "little")
        flags[1::2] = south.to_bytes(n, "little")
        wide = bytearray(8 * n)
        wide[0::4] = wide[1::4] = wide[2::4] = wide[3::4] = flags.translate(_ALL_ONES)
        masks[name] = int.from_bytes(wide, "little")
    wall_keys &= ~(masks["opened"] | masks["closed"])
    wall_keys |= masks["closed"] & _lanes(_NO_WALL, 2 * n) | masks["kept"] & _lanes(_KEPT, 2 * n)
    prefix[:] = _lane_array(wall_keys, 2 * n)
    tunnels = [(cell - width, cell + width) for cell in compress(range(n), across)]
    tunnels += [(cell - 1, cell + 1) for cell in compress(range(n), down)]
    return bytearray(cells.to_bytes(n, "little")), mouths.to_bytes(n, "little"), tunnels


_ALL_ONES = bytes([0]) + b"\xff" * 255  # translate(): a flag 1 to a byte of ones
_FLIP = bytes([1, 0]) + bytes(254)  # translate(): 1 where a flag is 0
_CLEAR_LOW_1 = bytes(b & ~1 for b in range(256))
