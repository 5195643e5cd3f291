"""The ``opposite`` endpoints: start and finish on opposite sides of the outer wall.

``border`` joins the two border cells farthest apart, and they often sit side by side
on one wall, arrows touching. A child reads "in at the top, out at the bottom" at a
glance, so ``opposite`` takes a start whose opening faces one compass point and a
finish whose opening faces the opposite one (north and south, or west and east), far
apart along the maze. For each of the four ways round it runs a double sweep (the
start side's cell farthest from the middle, then the finish side's cell farthest from
that, then the start side's cell farthest from that) and keeps the longest path found:
nine searches in all, linear in the cells, whatever the size of the border. A maze
with no two distinct cells opening on opposite sides (a silhouette may have none) takes
the longest such pair on different sides, and failing that (a single cell) ``border``'s.
Like every mode it takes only border cells with room outside for a marker
(``Topology.opening_sides``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .topology import Topology

# (start side, finish side), in the order ties go: top to bottom reads first.
OPPOSITE_WAYS = (("N", "S"), ("W", "E"), ("S", "N"), ("E", "W"))
OTHER_WAYS = tuple((a, b) for a in "NWSE" for b in "NWSE" if a != b and (a, b) not in OPPOSITE_WAYS)


def opposite_ends(topology: Topology, distances: Callable[[int], Sequence[int]]) -> tuple[int, int] | None:
    """(start, finish) on opposite sides, else on different sides, else None.
    ``distances(cell)``: every cell's distance from ``cell`` along the maze (-1: unreached)."""
    openable = topology.opening_sides
    on_border = [cell for cell in range(topology.cells) if openable[cell]]
    # Keyed by compass point; a cell on the border always has one (never None).
    starts: dict[str | None, list[int]] = {side: [] for side in "NESW"}
    finishes: dict[str | None, list[int]] = {side: [] for side in "NESW"}
    for cell in on_border:
        starts[topology.opening_compass(cell)].append(cell)
        finishes[topology.opening_compass(cell, exit=True)].append(cell)
    searched: dict[int, Sequence[int]] = {}

    def search(cell: int) -> Sequence[int]:
        if cell not in searched:
            searched[cell] = distances(cell)
        return searched[cell]

    middle = topology.middle_cell()
    for ways in (OPPOSITE_WAYS, OTHER_WAYS):
        best = None
        for start_side, finish_side in ways:
            pair = _swept(starts[start_side], finishes[finish_side], search, middle)
            if pair is not None and (best is None or pair[2] > best[2]):
                best = pair
        if best is not None:
            return best[0], best[1]
    return None


def _swept(
    starts: list[int], finishes: list[int], search: Callable[[int], Sequence[int]], middle: int
) -> tuple[int, int, int] | None:
    """A start and a finish far apart, by a double sweep from ``middle``, with their
    distance; None if no two distinct cells connect them."""
    start = _farthest(search(middle), starts, None)
    if start is None:
        return None
    finish = _farthest(search(start), finishes, start)
    if finish is None:
        return None
    from_finish = search(finish)
    start = _farthest(from_finish, starts, finish)
    return None if start is None else (start, finish, from_finish[start])


def _farthest(distance: Sequence[int], cells: list[int], besides: int | None) -> int | None:
    """Of ``cells`` (ascending) but ``besides``, the farthest reached; the lowest id on a tie."""
    best = None
    for cell in cells:
        if cell != besides and distance[cell] >= 0 and (best is None or distance[cell] > distance[best]):
            best = cell
    return best
