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

import math
import random

from ...errors import BookmakerError
from ..grid import E, N, S, W

NAME = "growing-tree"
SUMMARY = (
    "texture set by its policy: mix (default) = long corridors with side branches (~21 %"
    " dead ends), newest = backtracker, random = Prim-like, oldest = radiating; list of cells"
)
POLICIES = ("newest", "random", "oldest", "mix")
OPTIONS = {"policy": "mix", "ratio": 0.75}

# For each mask of directions (N=1, E=2, S=4, W=8), the direction codes 0-3 in it.
_CHOICES = tuple(tuple(d for d in range(4) if mask >> d & 1) for mask in range(16))


def carve(
    width: int, height: int, rng: random.Random, policy: str = "mix", ratio: float = 0.75
) -> bytearray:
    if policy not in POLICIES:
        raise BookmakerError(
            f"growing-tree option 'policy' must be one of {', '.join(POLICIES)}, got {policy!r}"
        )
    if (
        isinstance(ratio, bool)
        or not isinstance(ratio, (int, float))
        or not 0 <= ratio <= 1
        or math.isnan(ratio)
    ):
        raise BookmakerError(
            f"growing-tree option 'ratio' must be a number from 0 to 1 (share of newest picks), got {ratio!r}"
        )
    newest_share = {"newest": 1.0, "random": 0.0, "oldest": 0.0, "mix": float(ratio)}[policy]
    always_newest = newest_share == 1.0
    mixing = 0.0 < newest_share < 1.0
    oldest = policy == "oldest"

    stride = width + 1  # a padded grid: one border column, a border row above and below
    free = _unvisited_masks(width, height, stride)
    cells = bytearray(len(free))
    rand = rng.random
    up = -stride
    move = (up, 1, stride, -1)
    there = (N, E, S, W)
    back = (S, W, N, E)
    not_n, not_e, not_s, not_w = 15 ^ N, 15 ^ E, 15 ^ S, 15 ^ W
    choices = _CHOICES
    start = rng.randrange(width * height)
    cur = (start // width + 1) * stride + start % width
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
    return bytearray().join([cells[y * stride:y * stride + width] for y in range(1, height + 1)])


def _unvisited_masks(width: int, height: int, stride: int) -> bytearray:
    """Per padded cell, the directions (N, E, S, W bits) that stay inside the grid."""
    free = bytearray((height + 2) * stride)
    row = bytearray([N | E | S | W]) * width
    row[0] &= ~W
    row[-1] &= ~E
    for y in range(1, height + 1):
        free[y * stride:y * stride + width] = row
    for y, side in ((1, N), (height, S)):
        free[y * stride:y * stride + width] = bytes(b & ~side for b in free[y * stride:y * stride + width])
    return free
