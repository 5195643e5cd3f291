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

from ...errors import BookmakerError
from ..grid import E, N, S, W
from .padded import BACK, CHOICES, THERE, padded_index, padded_marks, steps, unpad

NAME = "prim"
SUMMARY = (
    "grows outward from one cell: short corridors, many short dead ends (~36 %),"
    " easy to fill in; frontier list of cells"
)
VARIANTS = ("frontier", "weights")
OPTIONS = {"variant": "frontier"}

_IN = 16  # flag in a cell's mask: in the maze (or outside the grid)


def carve(width: int, height: int, rng: random.Random, variant: str = "frontier") -> bytearray:
    if variant not in VARIANTS:
        raise BookmakerError(
            f"prim option 'variant' must be one of {', '.join(VARIANTS)}, got {variant!r}"
        )
    # Per cell: the directions to neighbours in the maze, and _IN once it is in.
    # 0 means untouched: neither in the maze nor on its frontier.
    stride, mask = padded_marks(width, height, inside=0, border=_IN)
    cells = bytearray(len(mask))
    start = padded_index(rng.randrange(width * height), width, stride)
    grow = _frontier if variant == "frontier" else _weights
    grow(mask, cells, stride, start, rng)
    return unpad(cells, width, height, stride)


def _frontier(mask: bytearray, cells: bytearray, stride: int, cur: int, rng: random.Random) -> None:
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
            return
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


def _weights(mask: bytearray, cells: bytearray, stride: int, cur: int, rng: random.Random) -> None:
    rand = rng.random
    move = steps(stride)
    heap: list[tuple[float, int, int]] = []  # (weight, cell outside, step back into the tree)
    push, pop = heapq.heappush, heapq.heappop
    while True:
        mask[cur] |= _IN
        for step in move:
            if not mask[cur + step] & _IN:
                push(heap, (rand(), cur + step, -step))
        while heap:
            _, cur, step = pop(heap)
            if not mask[cur] & _IN:
                break
        else:
            return
        _open(cells, cur, step, stride)


def _open(cells: bytearray, a: int, step: int, stride: int) -> None:
    """Open the wall between padded cell ``a`` and ``a + step``."""
    b = a + step
    if step == 1:
        cells[a] |= E
        cells[b] |= W
    elif step == -1:
        cells[a] |= W
        cells[b] |= E
    elif step == stride:
        cells[a] |= S
        cells[b] |= N
    else:
        cells[a] |= N
        cells[b] |= S
