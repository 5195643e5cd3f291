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

from ..topology import E, N, S, W, Topology
from .graph import ANY_SHAPE, with_square_kernel

NAME = "kruskal"
SUMMARY = "short corridors, many short dead ends (~30 %), no direction bias; union-find over all cells"
SHAPES = ANY_SHAPE


def carve_graph(topology: Topology, rng: random.Random) -> bytearray:
    n, sides, owned = topology.cells, topology.sides, topology.owned_sides
    per = len(owned)
    # Per wall id: the cell on the other side (-1: no such wall), and the passage bits it
    # opens in its own cell and in that one.
    other = array("i", bytes(4 * per * n))
    backs = bytearray(per * n)
    for rank, side in enumerate(owned):
        other[rank::per] = topology.neighbours[side::sides]
        backs[rank::per] = topology.back[side::sides]
    here_bit = bytes(1 << side for side in owned) * n
    there_bit = backs.translate(bytes(1 << (side & 7) for side in range(256)))
    del backs
    walls: list[int] = []
    for rank in range(per):
        walls += compress(range(rank, per * n, per), map((-1).__ne__, other[rank::per]))
    keys = [rng.random() for _ in range(per * n)]
    walls.sort(key=keys.__getitem__)
    del keys
    cells = bytearray(n)
    parent = array("i", range(n))
    sets = topology.present_count
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
        cells[a] |= here_bit[wall]
        cells[b] |= there_bit[wall]
        sets -= 1
        if sets == 1:
            break  # a spanning tree: every other wall would close a loop
    return cells


def carve_square(width: int, height: int, rng: random.Random) -> bytearray:
    n = width * height
    cells = bytearray(n)
    # Wall 2*i is east of cell i, wall 2*i+1 is south of it. A random order:
    # sort the walls by a random key each.
    walls = [2 * i for i in range(n) if i % width != width - 1]
    walls += range(1, 2 * (n - width), 2)
    keys = [rng.random() for _ in range(2 * n)]
    walls.sort(key=keys.__getitem__)
    del keys
    parent = array("i", range(n))
    sets = n
    for wall in walls:
        a = wall >> 1
        b = a + width if wall & 1 else a + 1
        ra = parent[a]  # find both roots, halving the paths on the way
        while ra != parent[ra]:
            parent[ra] = ra = parent[parent[ra]]
        rb = parent[b]
        while rb != parent[rb]:
            parent[rb] = rb = parent[parent[rb]]
        if ra == rb:
            continue  # same set: this wall would close a loop
        parent[ra] = rb
        if wall & 1:
            cells[a] |= S
            cells[b] |= N
        else:
            cells[a] |= E
            cells[b] |= W
        sets -= 1
        if sets == 1:
            break  # a spanning tree: every other wall would close a loop
    return cells


carve = with_square_kernel(carve_square, carve_graph)
