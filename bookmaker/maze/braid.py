"""Braiding: joining dead ends into loops, so a maze gets harder without getting bigger."""

from __future__ import annotations

import random
from itertools import compress

from .topology import Topology

# translate() tables: a cell byte -> 1 when it has exactly one open side; and per cell byte,
# its set sides in side order.
_ONE_SIDE = bytes(1 if bits.bit_count() == 1 else 0 for bits in range(256))
_SIDES_OF = [tuple(side for side in range(8) if bits >> side & 1) for bits in range(256)]


def join_dead_ends(topology: Topology, cells: bytearray, share: float, rng: random.Random) -> None:
    """Open a wall at about ``share`` of the dead ends of ``cells``, in place (docs/design.md, "Braid").

    Buck's method: the dead ends (cells with one open passage), taken in id order and
    shuffled, are each considered once. One that is no longer a dead end, because a
    neighbour was joined to it, or that has no other neighbour in the grid, is passed over
    without a draw; any other draws ``rng.random()`` and, below ``share``, opens a wall to a
    neighbour it is not linked to. A neighbour that is itself a dead end is preferred, since
    joining two dead ends removes both with one loop; the choice is uniform among the
    preferred neighbours, or among all unlinked ones if none is a dead end, in side order.

    The dead ends are found in C (``translate``, ``compress``), and a cell's unlinked sides
    are its sides to a neighbour (``Topology.open_sides``) less its open ones; a square grid
    steps to a neighbour by id offset, so a poster never builds the 16 MB neighbour table.
    """
    dead_ends = list(compress(range(topology.cells), cells.translate(_ONE_SIDE)))
    rng.shuffle(dead_ends)
    sides, neighbourly = topology.sides, topology.open_sides
    offsets = topology.step_offsets
    table = topology.neighbours if offsets is None else None
    back = topology.back  # a square grid's is four bytes repeated: no table to build
    for cell in dead_ends:
        if not _ONE_SIDE[cells[cell]]:
            continue
        unlinked = _SIDES_OF[neighbourly[cell] & ~cells[cell]]
        if not unlinked:
            continue
        if rng.random() >= share:
            continue
        base = cell * sides
        if offsets is not None:
            others = [cell + offsets[side] for side in unlinked]
        else:
            assert table is not None
            others = [table[base + side] for side in unlinked]
        dead_end_sides = [
            side for side, other in zip(unlinked, others, strict=True) if _ONE_SIDE[cells[other]]
        ]
        side = rng.choice(dead_end_sides or unlinked)
        other = others[unlinked.index(side)]
        cells[cell] |= 1 << side
        cells[other] |= 1 << back[base + side]
