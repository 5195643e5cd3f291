"""Kruskal's algorithm: open walls in random order unless they would close a loop.

Every cell starts as its own set. Take the inner walls in a random order and
remove each one whose two cells are in different sets, merging the sets
(union-find with path halving). Mazes have short corridors and many short
dead ends (~30 %), like Eller's; the union-find needs one entry per cell.

Wall ``k * cell + r`` is the wall through side ``owned_sides[r]`` of ``cell``
(on squares: 2i east of cell i, 2i+1 south of it), and its random key is the
``k * cell + r``-th draw, whether or not that wall exists: part of the seed
-> maze contract.
"""

from __future__ import annotations

import random
from array import array
from itertools import compress

from ..topology import Topology
from .graph import ANY_SHAPE

NAME = "kruskal"
SUMMARY = "short corridors, many short dead ends (~30 %), no direction bias; union-find over all cells"
SHAPES = ANY_SHAPE


def carve(topology: Topology, rng: random.Random) -> bytearray:
    n, sides, owned = topology.cells, topology.sides, topology.owned_sides
    per = len(owned)
    # Per wall id: the cell on the other side (-1: no such wall) and the side leading back.
    other = array("i", bytes(4 * per * n))
    backs = bytearray(per * n)
    for rank, side in enumerate(owned):
        other[rank::per] = topology.neighbours[side::sides]
        backs[rank::per] = topology.back[side::sides]
    there = [1 << side for side in owned]
    walls: list[int] = []
    for rank in range(per):
        walls += compress(range(rank, per * n, per), map((-1).__ne__, other[rank::per]))
    keys = [rng.random() for _ in range(per * n)]
    walls.sort(key=keys.__getitem__)
    del keys
    cells = bytearray(n)
    parent = array("i", range(n))
    sets = n
    for wall in walls:
        a = wall // per
        b = other[wall]
        ra = parent[a]  # find both roots, halving the paths on the way
        while ra != parent[ra]:
            parent[ra] = ra = parent[parent[ra]]
        rb = parent[b]
        while rb != parent[rb]:
            parent[rb] = rb = parent[parent[rb]]
        if ra == rb:
            continue  # same set: this wall would close a loop
        parent[ra] = rb
        cells[a] |= there[wall % per]
        cells[b] |= 1 << backs[wall]
        sets -= 1
        if sets == 1:
            break  # a spanning tree: every other wall would close a loop
    return cells
