"""Prim's algorithm: grow one tree by adding random frontier cells.

``frontier`` (the default; "modified Prim"): keep the cells next to the
maze; add a random one of them, joined to a random neighbour already in the
maze. The maze grows outward in all directions at once: short corridors
and the most dead ends of the usual generators (~36 %), often short stubs.

``weights`` (true Prim): give every wall a random weight and always open the
lightest wall on the border of the tree (a heap). That is a minimum spanning
tree of random weights, the same distribution of mazes as Kruskal's (~30 %).
"""

from __future__ import annotations

import heapq
import random

from ..options import Option
from ..topology import E, N, S, Topology, W
from .graph import ANY_SHAPE, CHOICES, is_plain_square, open_passage
from .padded import BACK, THERE, padded_index, padded_marks, steps, unpad

NAME = "prim"
CODE_ID = 6  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "grows outward from one cell: short corridors, many short dead ends (~36 %),"
    " easy to fill in; frontier list of cells"
)
VARIANTS = ("frontier", "weights")
OPTIONS = (
    Option(
        "variant",
        "frontier",
        "frontier (modified Prim, short stubs) or weights (true Prim, like Kruskal)",
        choices=VARIANTS,
    ),
)
SHAPES = ANY_SHAPE

_IN = 16  # flag in a cell's mask: in the maze (or outside the grid)


def carve(topology: Topology, rng: random.Random, variant: str = "frontier") -> bytearray:
    if variant == "weights":
        return _weights(topology, rng)
    if is_plain_square(topology):
        return _frontier_square(topology.width, topology.height, rng)
    return _frontier_graph(topology, rng)


def _frontier_graph(topology: Topology, rng: random.Random) -> bytearray:
    sides, table, back = topology.sides, topology.neighbours, topology.back
    rand = rng.random
    toward = bytearray(topology.cells)  # per cell: its sides to neighbours in the maze
    inside = bytearray(topology.cells)
    cells = bytearray(topology.cells)
    cur = topology.random_cell(rng)
    frontier: list[int] = []
    add = frontier.append
    while True:
        # cur joins the maze: untouched neighbours join the frontier, and all
        # neighbours learn the way to cur.
        inside[cur] = 1
        base = cur * sides
        for index in range(base, base + sides):
            other = table[index]
            if other >= 0:
                if not (toward[other] or inside[other]):
                    add(other)
                toward[other] |= 1 << back[index]
        if not frontier:
            return cells
        i = int(rand() * len(frontier))
        cur = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        options = CHOICES[toward[cur]]
        side = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        open_passage(cells, topology, cur, side)


def _frontier_square(width: int, height: int, rng: random.Random) -> bytearray:
    # Per cell: the directions to neighbours in the maze, and _IN once it is in.
    # 0 means untouched: neither in the maze nor on its frontier.
    stride, mask = padded_marks(width, height, inside=0, border=_IN)
    cells = bytearray(len(mask))
    cur = padded_index(rng.randrange(width * height), width, stride)
    rand = rng.random
    move, there, back, choices = steps(stride), THERE, BACK, CHOICES
    up = -stride
    frontier: list[int] = []
    add = frontier.append
    while True:
        # cur joins the maze: untouched neighbours join the frontier, and all
        # neighbours learn the way to cur.
        mask[cur] |= _IN
        nb = cur + up
        if not mask[nb]:
            add(nb)
        mask[nb] |= S
        nb = cur + 1
        if not mask[nb]:
            add(nb)
        mask[nb] |= W
        nb = cur + stride
        if not mask[nb]:
            add(nb)
        mask[nb] |= N
        nb = cur - 1
        if not mask[nb]:
            add(nb)
        mask[nb] |= E
        if not frontier:
            return unpad(cells, width, height, stride)
        # Take a random frontier cell out (swap with the last, pop) and join it
        # to a random neighbour in the maze.
        i = int(rand() * len(frontier))
        cur = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        options = choices[mask[cur]]
        d = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        cells[cur] |= there[d]
        cells[cur + move[d]] |= back[d]


def _weights(topology: Topology, rng: random.Random) -> bytearray:
    sides, table = topology.sides, topology.neighbours
    rand = rng.random
    inside = bytearray(topology.cells)
    cells = bytearray(topology.cells)
    # (weight, cell outside, its neighbour in the tree): on equal weights, the
    # lower cell ids win, as they did when this ran on the padded square grid.
    heap: list[tuple[float, int, int]] = []
    push, pop = heapq.heappush, heapq.heappop
    cur = topology.random_cell(rng)
    while True:
        inside[cur] = 1
        for index in range(cur * sides, (cur + 1) * sides):
            other = table[index]
            if other >= 0 and not inside[other]:
                push(heap, (rand(), other, cur))
        while heap:
            _, cur, tree = pop(heap)
            if not inside[cur]:
                break
        else:
            return cells
        open_passage(cells, topology, cur, topology.side_between(cur, tree))
