"""Kruskal's algorithm: open walls in random order unless they would close a loop.

Every cell starts as its own set. Take the inner walls in a random order and
remove each one whose two cells are in different sets, merging the sets
(union-find with path halving). Mazes have short corridors and many short
dead ends (~30 %), like Eller's; the union-find needs one entry per cell.

Wall ``k * cell + r`` is the wall through side ``owned_sides[r]`` of ``cell``
(on squares: 2i east of cell i, 2i+1 south of it), and its random key is the
``k * cell + r``-th ``rng.random()`` draw, whether or not that wall exists;
walls with equal keys go in the order of rank ``r``, then cell: part of the
seed -> maze contract.

The walls removed are the minimum spanning tree under those keys, which
does not depend on how it is found. The square kernel uses that: two local
rules settle about 70 % of the walls on all cells at once, and only the rest
are sorted and go through the union-find (see ``_settled_walls``).
"""

from __future__ import annotations

import random
import sys
from array import array
from itertools import compress, islice, repeat, starmap
from operator import eq

from ..topology import E, N, S, Topology, W
from .graph import ANY_SHAPE, with_kernels

NAME = "kruskal"
CODE_ID = 5  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = "short corridors, many short dead ends (~30 %), no direction bias; union-find over all cells"
SHAPES = ANY_SHAPE


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    n, sides, owned = topology.cells, topology.sides, topology.owned_sides
    per = len(owned)
    # Per wall id: the cell on the other side (-1: no such wall), and the side of that
    # cell that leads back.
    other = array("i", bytes(4 * per * n))
    backs = bytearray(per * n)
    for rank, side in enumerate(owned):
        other[rank::per] = topology.neighbours[side::sides]
        backs[rank::per] = topology.back[side::sides]
    walls: list[int] = []
    for rank in range(per):
        walls += compress(range(rank, per * n, per), map((-1).__ne__, other[rank::per]))
    keys = list(starmap(rng.random, repeat((), per * n)))
    walls.sort(key=keys.__getitem__)
    del keys
    joined = bytearray(per * n)
    _join_in_order(array("i", walls), per, other, _cell_ids(n), topology.present_count, joined)
    cells = bytearray(n)
    for wall in compress(range(per * n), joined):
        cells[wall // per] |= 1 << owned[wall % per]
        cells[other[wall]] |= 1 << backs[wall]
    return cells


def _join_in_order(
    order: array[int], per: int, other: array[int], parent: array[int], sets: int, joined: bytearray
) -> None:
    """Kruskal's loop: take the walls in ``order`` and set ``joined[wall]`` for each one
    whose cells (``wall // per`` and ``other[wall]``) are in different sets of the
    union-find ``parent``, merging them, until ``sets`` is down to one."""
    for wall in order:
        ra = parent[wall // per]  # find both roots, halving the paths on the way
        while ra != parent[ra]:
            parent[ra] = ra = parent[parent[ra]]
        rb = parent[other[wall]]
        while rb != parent[rb]:
            parent[rb] = rb = parent[parent[rb]]
        if ra == rb:
            continue  # same set: this wall would close a loop
        # Link by index: with path halving it measured faster here than linking by size,
        # and it needs no size table.
        if ra < rb:
            parent[ra] = rb
        else:
            parent[rb] = ra
        joined[wall] = 1
        sets -= 1
        if sets == 1:
            break  # a spanning tree: every other wall would close a loop


# The square kernel computes on lanes: one big integer holding a 32-bit number per cell
# (cell c's in bits 32c to 32c + 31), so that one integer operation does a step for all.
_LANE = 32
_GUARD = 1 << 31  # the top bit of a lane: where a comparison leaves its answer
_NO_WALL = 1 << 30  # marks the key prefix of a wall past the grid's edge: above every real one
_CLEAR_LOW_5 = bytes(b & ~31 for b in range(256))
_GUARD_TO_ONE = bytes(128) + b"\1" * 128  # a lane's top byte -> 1 if its guard bit is set


# The lane rules run on bands of rows of about this many cells, so their big integers stay a
# few hundred kilobytes whatever the size of the maze (a whole 1000 x 1000 grid's lane is
# 4 MB, and the rules hold a dozen at once).
BAND_CELLS = 1 << 16


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    n = width * height
    if n == 1:
        return bytearray(1)
    # random() makes its float of two 32-bit words a, b: ((a >> 5) * 2**26 + (b >> 6)) / 2**53.
    # One getrandbits call draws the same words for every wall's key, the first lowest.
    words = memoryview(rng.getrandbits(2 * n * 64).to_bytes(16 * n, "little")).cast("I")
    prefix_of = _key_prefixes(words[0::2])
    seconds = words[1::2].tobytes()  # the second word of each key, which only breaks ties
    del words
    rest, forced, parent = _settled_walls(prefix_of, width, height)
    order = _sorted_walls(rest, prefix_of, seconds, n)
    del rest, prefix_of, seconds
    ids = _cell_ids(n + width)
    other = array("i", bytes(8 * n))  # wall 2c leads to cell c + 1, wall 2c + 1 to c + width
    other[0::2] = ids[1 : n + 1]
    other[1::2] = ids[width : n + width]
    del ids
    joined = bytearray(2 * n)
    sets = n - forced[0].count(1) - forced[1].count(1)
    _join_in_order(order, 2, other, parent, sets, joined)
    del order, other, parent
    # Open every wall that is forced or joined, on both its cells.
    east = int.from_bytes(forced[0], "little") | int.from_bytes(joined[0::2], "little")
    south = int.from_bytes(forced[1], "little") | int.from_bytes(joined[1::2], "little")
    bits = east * E | (east * W) << 8 | south * S | (south * N) << (8 * width)
    return bytearray(bits.to_bytes(n, "little"))


def _key_prefixes(firsts: memoryview) -> array[int]:
    """Per wall id, ``(a & ~31) >> 2`` of its first word a.

    Where two walls' prefixes differ they order the walls as their keys do; a prefix is
    below 2**30, so it leaves a lane's top two bits free.
    """
    data = bytearray(firsts.tobytes())
    data[0::4] = data[0::4].translate(_CLEAR_LOW_5)
    # The low five bits of every lane are clear, so one shift of the whole shifts each lane.
    return _lane_array(int.from_bytes(data, "little") >> 2, len(data) // 4)


def _sorted_walls(rest: tuple[bytes, bytes], prefix_of: array[int], seconds: bytes, n: int) -> array[int]:
    """The walls no rule settled, in the order Kruskal takes them: by key, then east walls
    before south ones, each in cell order (the stable sort keeps that order on a tie)."""
    order = list(compress(range(0, 2 * n, 2), rest[0]))
    order += compress(range(1, 2 * n, 2), rest[1])
    order.sort(key=prefix_of.__getitem__)
    walls = array("i", order)
    del order
    _order_ties_by_whole_key(walls, prefix_of, seconds)
    return walls


def _order_ties_by_whole_key(order: array[int], prefix_of: array[int], seconds: bytes) -> None:
    """Put each run of walls in ``order`` with equal key prefixes in the order of their
    whole keys, where ``b >> 6`` of the second word decides (stably, so that equal keys
    keep Kruskal's order). Prefixes have 27 bits: m walls hold about m**2 / 2**28 runs."""
    ranked = list(map(prefix_of.__getitem__, order))
    same = bytes(map(eq, ranked, islice(ranked, 1, None)))  # 1: as the next one
    del ranked
    start = same.find(1)
    while start >= 0:
        end = same.find(0, start)
        end = len(order) if end < 0 else end + 1
        order[start:end] = array(
            "i",
            sorted(
                order[start:end],
                key=lambda wall: int.from_bytes(seconds[4 * wall : 4 * wall + 4], "little") >> 6,
            ),
        )
        start = same.find(1, end)


def _settled_walls(
    prefix_of: array[int], width: int, height: int, no_cut: bytes | None = None
) -> tuple[tuple[bytes, bytes], tuple[bytes, bytes], array[int]]:
    """What two rules settle before any sorting, from the walls' key prefixes.

    - A cell's lowest wall is in the spanning tree (the cut property): Kruskal meets it
      while the cell is still alone. It is "forced".
    - The highest of the four walls round a corner is not (the cycle property): Kruskal
      has met the other three when it comes to it.

    A rule settles a wall only where the prefixes decide it, so it is exact; equal
    prefixes leave the walls to the sort. Returns per cell, 1 where its wall is left to
    the sort (east, south); 1 where it is forced (east, south); and the union-find forest
    of the forced walls: each cell points across its lowest wall, except that a wall
    lowest on both its cells makes the first of them a root.

    ``no_cut``, a byte a cell, is 1 where the cut rule does not hold because the cell has
    a passage that is no wall of the grid (a woven maze's tunnel mouth, see ``weave``):
    such a cell forces no wall of its own and points nowhere.

    The rules look one row up and one down, so they run a band of rows at a time with a
    row more on each side, whose own answers are left out.
    """
    rows = max(1, BAND_CELLS // width)
    rest_east: list[bytes] = []
    rest_south: list[bytes] = []
    forced_east: list[bytes] = []
    forced_south: list[bytes] = []
    parent = array("i")
    for top in range(0, height, rows):
        bottom = min(height, top + rows)
        above, below = min(top, 1), min(height - bottom, 1)
        band = _settled_band(prefix_of, width, height, top - above, bottom + below, no_cut)
        keep = slice(above * width, (above + bottom - top) * width)
        for results, found in zip((rest_east, rest_south, forced_east, forced_south), band[:4], strict=True):
            results.append(found[keep])
        parent += band[4][keep]
    return (
        (b"".join(rest_east), b"".join(rest_south)),
        (b"".join(forced_east), b"".join(forced_south)),
        parent,
    )


def _settled_band(
    prefix_of: array[int], width: int, height: int, top: int, bottom: int, no_cut: bytes | None = None
) -> tuple[bytes, bytes, bytes, bytes, array[int]]:
    """``_settled_walls`` of rows ``top`` to ``bottom`` (exclusive), each cell's answers as
    on the whole grid except the first row's loops and the last row's forced south walls,
    which need the rows beyond: rest east and south, forced east and south, parent."""
    n = (bottom - top) * width
    guard = _lanes(_GUARD, n)
    east_exists = int.from_bytes(
        (_GUARD.to_bytes(4, "little") * (width - 1) + bytes(4)) * (bottom - top), "little"
    )
    south_exists = _lanes(_GUARD, n - width * (bottom == height))
    ranks = _LaneRanks(
        _walls_round_cells(prefix_of, width, height, top, bottom, east_exists ^ guard, south_exists ^ guard),
        guard,
    )
    row = _LANE * width
    # Each guard bit counts 2**31: the step to the parent, whole-integer arithmetic that
    # comes out right lane by lane because every lane's sum is a cell id.
    lowest_west = ranks.below("west", "east", "north", "south")
    lowest_east = ranks.below("east", "west", "north", "south")
    # Cells where the cut rule does not hold (a woven maze's tunnel mouths, see
    # ``weave``): their own lowest wall is not forced, and they point nowhere.
    skip = 0 if no_cut is None else _guard_where(no_cut[top * width : bottom * width])
    if skip:
        lowest_west &= ~skip
        lowest_east &= ~skip
    forced_east = lowest_east | (lowest_west >> _LANE)
    steps = (lowest_east ^ (lowest_east & (lowest_west >> _LANE))) - lowest_west
    del lowest_west, lowest_east
    lowest_north = ranks.below("north", "west", "east", "south")
    lowest_south = ranks.below("south", "west", "east", "north")
    if skip:
        lowest_north &= ~skip
        lowest_south &= ~skip
    forced_south = lowest_south | (lowest_north >> row)
    steps += ((lowest_south ^ (lowest_south & (lowest_north >> row))) - lowest_north) * width
    del lowest_north, lowest_south
    parent = _lane_array(_cell_id_lanes(n) + _lanes(top * width, n) + (steps >> 31), n)
    del steps
    corners = east_exists & south_exists
    settled_east = forced_east | (ranks.above("east", "below", "south", "right") & corners)
    settled_east |= (ranks.above("below", "east", "south", "right") & corners) << row
    settled_south = forced_south | (ranks.above("south", "east", "below", "right") & corners)
    settled_south |= (ranks.above("right", "east", "below", "south") & corners) << _LANE
    del ranks, corners
    return (
        _flags(east_exists & (settled_east ^ guard), n),
        _flags(south_exists & (settled_south ^ guard), n),
        _flags(forced_east, n),
        _flags(forced_south, n),
        parent,
    )


def _walls_round_cells(
    prefix_of: array[int],
    width: int,
    height: int,
    top: int,
    bottom: int,
    east_missing: int,
    south_missing: int,
) -> dict[str, int]:
    """The key prefixes of the walls round each cell of rows ``top`` to ``bottom``, a lane
    a cell: its west, east, north and south walls, and round the corner south-east of it
    the east wall below and the south wall to the right. A wall past the grid's edge is
    above every real one; past the band's edge it is the real one of the next row."""
    n = (bottom - top) * width
    by_wall = memoryview(prefix_of).cast("B").cast("I")

    def lanes(first_cell: int, cells: int, rank: int) -> int:
        """The prefixes of wall ``rank`` (0 east, 1 south) of ``cells`` cells from one on."""
        start = 2 * first_cell + rank
        return int.from_bytes(_little(by_wall[start : start + 2 * cells : 2]), "little")

    east = lanes(top * width, n, 0) | east_missing >> 1  # guard bit -> _NO_WALL
    south = lanes(top * width, n, 1) | south_missing >> 1
    every = (1 << (_LANE * n)) - 1
    above = lanes((top - 1) * width, width, 1) if top else _lanes(_NO_WALL, width)
    below = lanes(bottom * width, width, 0) << (_LANE * (n - width)) if bottom < height else 0
    return {
        "west": ((east << _LANE) & every) | _NO_WALL,
        "east": east,
        "north": ((south << (_LANE * width)) & every) | above,
        "south": south,
        "below": east >> (_LANE * width) | below,  # beyond the last row: 0, but no corner there
        "right": south >> _LANE,
    }


def _little(lanes: memoryview) -> bytes:
    """32-bit lanes as little-endian bytes, whatever the machine's byte order."""
    if sys.byteorder == "big":
        swapped = array("I", lanes)
        swapped.byteswap()
        return swapped.tobytes()
    return lanes.tobytes()


class _LaneRanks:
    """Named lanes of key prefixes (each under 2**31), compared lane by lane: a lane's
    answer is its guard bit, set where the comparison holds. The guarded and the
    incremented copy of a lane are made per comparison, not kept: each is as big as the
    lane."""

    def __init__(self, lanes: dict[str, int], guard: int):
        self.guard = guard
        self.ones = guard >> 31
        self.lanes = lanes

    def above(self, name: str, *others: str) -> int:
        """Where lane ``name`` is above all ``others``: ``high - (other + 1)`` keeps the
        guard bit exactly there, and never borrows from the next lane."""
        high = self.lanes[name] | self.guard
        answer = self.guard
        for other in others:
            answer &= high - (self.lanes[other] + self.ones)
        return answer

    def below(self, name: str, *others: str) -> int:
        """Where lane ``name`` is below all ``others``."""
        low = self.lanes[name] + self.ones
        answer = self.guard
        for other in others:
            answer &= (self.lanes[other] | self.guard) - low
        return answer


def _guard_where(flags: bytes | bytearray) -> int:
    """Lanes whose guard bit is set where ``flags`` (a byte a lane) is 1."""
    wide = bytearray(4 * len(flags))
    wide[3::4] = flags.translate(_ONE_TO_GUARD)
    return int.from_bytes(wide, "little")


_ONE_TO_GUARD = bytes([0, 0x80]) + bytes(254)


def _lanes(value: int, count: int) -> int:
    """``count`` lanes holding ``value`` each."""
    return int.from_bytes(value.to_bytes(4, "little") * count, "little")


def _cell_id_lanes(count: int) -> int:
    """Lanes holding 0, 1, ..., count - 1, built by doubling: a few big-integer steps
    instead of one Python step a lane."""
    value, ones, filled = 0, 1, 1
    while filled < count:
        shift = _LANE * filled
        value |= (value + ones * filled) << shift
        ones |= ones << shift
        filled *= 2
    return value & ((1 << (_LANE * count)) - 1)


def _cell_ids(count: int) -> array[int]:
    """0, 1, ..., count - 1: also a union-find in which every cell is its own set."""
    return _lane_array(_cell_id_lanes(count), count)


def _flags(value: int, count: int) -> bytes:
    """A byte per lane: 1 where its guard bit is set, else 0."""
    return value.to_bytes(4 * count, "little")[3::4].translate(_GUARD_TO_ONE)


def _lane_array(value: int, count: int) -> array[int]:
    """The ``count`` lanes of ``value`` as an array of ints."""
    items = array("i")
    items.frombytes(value.to_bytes(4 * count, "little"))
    if sys.byteorder == "big":
        items.byteswap()
    return items


carve = with_kernels(carve_graph, square=carve_square)
