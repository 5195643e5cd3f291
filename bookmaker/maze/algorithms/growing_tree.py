"""Growing Tree: grow the maze from a list of active cells, picking one by a policy.

Start with one random cell in the list. Pick a cell from the list; if it has
unvisited neighbours, carve to a random one and add that to the list,
otherwise drop the picked cell. The policy of picking gives the texture:

- ``newest``: the last cell added, a depth-first search (the backtracker's
  long winding corridors, ~10 % dead ends);
- ``random``: any cell of the list, Prim-like short corridors (~28 %);
- ``oldest``: the first one, a breadth-first sweep of long straight
  corridors radiating from the start (easy to solve);
- ``mix``: the newest with probability ``ratio``, else a random one; the
  default, 0.75, gives long corridors with side branches (~21 %).

Only cells that still have an unvisited neighbour count: each cell keeps a
mask of the directions to its unvisited neighbours (updated as its
neighbours are visited), so a pick never lands on a finished cell, every
step carves, and ``ratio`` is exactly the share of steps that go on from the
newest cell. Finished cells leave the list lazily: popped from its end,
skipped at its start, and swept out when random picks keep meeting them.
"""

from __future__ import annotations

import random

from ..options import Option
from ..topology import E, N, S, Topology, W
from .graph import ANY_SHAPE, CHOICES, is_plain_square
from .padded import BACK, THERE, padded_index, padded_marks, steps, unpad

NAME = "growing-tree"
CODE_ID = 4  # its number in maze codes: printed in books, so never changed or reused
SUMMARY = (
    "texture set by its policy: mix (default) = long corridors with side branches (~21 %"
    " dead ends), newest = backtracker, random = Prim-like, oldest = radiating; list of cells"
)
POLICIES = ("newest", "random", "oldest", "mix")
OPTIONS = (
    Option("policy", "mix", "which active cell grows next", choices=POLICIES),
    Option("ratio", 0.75, "with policy mix, the share of newest picks", minimum=0, maximum=1),
)
SHAPES = ANY_SHAPE

# Direction bits cleared, byte by byte (bytes.translate tables).
_NOT_N, _NOT_E, _NOT_S, _NOT_W = (bytes(b & ~side for b in range(256)) for side in (N, E, S, W))


def carve(topology: Topology, rng: random.Random, policy: str = "mix", ratio: float = 0.75) -> bytearray:
    newest_share = {"newest": 1.0, "random": 0.0, "oldest": 0.0, "mix": float(ratio)}[policy]
    if is_plain_square(topology):
        return carve_square(topology.width, topology.height, rng, newest_share, policy == "oldest")
    return carve_graph(topology, rng, newest_share, policy == "oldest")


def carve_graph(topology: Topology, rng: random.Random, newest_share: float, oldest: bool) -> bytearray:
    sides, table, back = topology.sides, topology.neighbours, topology.back
    always_newest = newest_share == 1.0
    mixing = 0.0 < newest_share < 1.0
    free = bytearray(topology.open_sides)  # per cell: sides to unvisited neighbours
    cells = bytearray(topology.cells)
    rand = rng.random
    cur = topology.random_cell(rng)
    active = [cur]
    head = 0  # active[:head] are finished (policy oldest)
    misses = 0  # random picks of finished cells since the last sweep
    nxt = cur
    for _ in range(topology.present_count):
        # nxt is newly visited: its neighbours lose their way to it.
        base = nxt * sides
        for index in range(base, base + sides):
            other = table[index]
            if other >= 0:
                free[other] &= ~(1 << back[index])
        if always_newest or (mixing and rand() < newest_share):
            cur = active[-1]
            while not free[cur]:
                active.pop()
                if not active:
                    break
                cur = active[-1]
        elif oldest:
            cur = active[head]
            while not free[cur]:
                head += 1
                if head == len(active):
                    break
                cur = active[head]
        else:
            cur = active[int(rand() * len(active))]
            while not free[cur]:
                misses += 1
                if 4 * misses > len(active):
                    active = [c for c in active if free[c]]
                    misses = 0
                    if not active:
                        break
                cur = active[int(rand() * len(active))]
        options = CHOICES[free[cur]]
        if not options:
            break  # every cell is visited
        side = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        index = cur * sides + side
        nxt = table[index]
        cells[cur] |= 1 << side
        cells[nxt] |= 1 << back[index]
        active.append(nxt)
    return cells


def carve_square(width: int, height: int, rng: random.Random, newest_share: float, oldest: bool) -> bytearray:
    always_newest = newest_share == 1.0
    mixing = 0.0 < newest_share < 1.0
    stride, free = _unvisited_masks(width, height)
    cells = bytearray(len(free))
    rand = rng.random
    move, there, back, choices = steps(stride), THERE, BACK, CHOICES
    up = -stride
    not_n, not_e, not_s, not_w = 15 ^ N, 15 ^ E, 15 ^ S, 15 ^ W
    cur = padded_index(rng.randrange(width * height), width, stride)
    active = [cur]
    head = 0  # active[:head] are finished (policy oldest)
    misses = 0  # random picks of finished cells since the last sweep
    nxt = cur
    for _ in range(width * height):
        # nxt is newly visited: its neighbours lose their way to it.
        free[nxt + up] &= not_s
        free[nxt + 1] &= not_w
        free[nxt + stride] &= not_n
        free[nxt - 1] &= not_e
        if always_newest or (mixing and rand() < newest_share):
            cur = active[-1]
            while not free[cur]:
                active.pop()
                if not active:
                    break
                cur = active[-1]
        elif oldest:
            cur = active[head]
            while not free[cur]:
                head += 1
                if head == len(active):
                    break
                cur = active[head]
        else:
            cur = active[int(rand() * len(active))]
            while not free[cur]:
                misses += 1
                if 4 * misses > len(active):
                    active = [c for c in active if free[c]]
                    misses = 0
                    if not active:
                        break
                cur = active[int(rand() * len(active))]
        options = choices[free[cur]]
        if not options:
            break  # every cell is visited
        d = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        nxt = cur + move[d]
        cells[cur] |= there[d]
        cells[nxt] |= back[d]
        active.append(nxt)
    return unpad(cells, width, height, stride)


def _unvisited_masks(width: int, height: int) -> tuple[int, bytearray]:
    """``(stride, free)``: per padded cell, the directions (N, E, S, W bits) staying inside."""
    stride, free = padded_marks(width, height, inside=N | E | S | W, border=0)
    end = (height + 1) * stride
    for edge, table in (
        (slice(stride, stride + width), _NOT_N),  # top row
        (slice(height * stride, height * stride + width), _NOT_S),  # bottom row
        (slice(stride, end, stride), _NOT_W),  # left column
        (slice(stride + width - 1, end, stride), _NOT_E),  # right column
    ):
        free[edge] = free[edge].translate(table)
    return stride, free
