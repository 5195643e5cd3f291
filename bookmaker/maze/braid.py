"""Braiding: joining dead ends into loops, so a maze gets harder without getting bigger."""

from __future__ import annotations

import random

from .topology import Topology


def join_dead_ends(topology: Topology, cells: bytearray, share: float, rng: random.Random) -> None:
    """Open a wall at about ``share`` of the dead ends of ``cells``, in place (docs/design.md, "Braid").

    Buck's method: the dead ends (cells with one open passage), taken in id order and
    shuffled, are each considered once. One that is no longer a dead end, because a
    neighbour was joined to it, or that has no other neighbour in the grid, is passed over
    without a draw; any other draws ``rng.random()`` and, below ``share``, opens a wall to a
    neighbour it is not linked to. A neighbour that is itself a dead end is preferred, since
    joining two dead ends removes both with one loop; the choice is uniform among the
    preferred neighbours, or among all unlinked ones if none is a dead end, in side order.
    """
    sides, table, back = topology.sides, topology.neighbours, topology.back
    dead_ends = [cell for cell in range(topology.cells) if cells[cell].bit_count() == 1]
    rng.shuffle(dead_ends)
    for cell in dead_ends:
        if cells[cell].bit_count() != 1:
            continue
        base = cell * sides
        unlinked = [side for side in range(sides) if table[base + side] >= 0 and not cells[cell] >> side & 1]
        if not unlinked:
            continue
        if rng.random() >= share:
            continue
        dead_end_sides = [side for side in unlinked if cells[table[base + side]].bit_count() == 1]
        side = rng.choice(dead_end_sides or unlinked)
        cells[cell] |= 1 << side
        cells[table[base + side]] |= 1 << back[base + side]
