"""Kruskal's algorithm: open walls in random order unless they would close a loop.

Every cell starts as its own set. Take the inner walls in a random order and
remove each one whose two cells are in different sets, merging the sets
(union-find with path halving). Mazes have short corridors and many short
dead ends (~30 %), like Eller's; the union-find needs one entry per cell.
"""

from __future__ import annotations

import random
from array import array

from ..grid import E, N, S, W

NAME = "kruskal"
SUMMARY = "short corridors, many short dead ends (~30 %), no direction bias; union-find over all cells"


def carve(width: int, height: int, rng: random.Random) -> bytearray:
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
