"""Shortest paths, endpoint choice and the statistics every tool counts alike.

Everything here walks the topology's neighbour table, so it works on every
shape; cells are ids. A perfect maze is a tree, so breadth-first search
gives the one path between two cells, and one pass up the search tree finds
the pair of cells farthest apart. A braided maze has loops: breadth-first
search still gives a shortest path, and bounds on how far each cell reaches
find the farthest pair with a few searches rather than one from every cell; a
maze with few loops is searched on its core of loops, corridors contracted.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate, chain, compress, pairwise
from typing import Any

from ..errors import BookmakerError
from .model import Maze
from .opposite import opposite_ends
from .polar_grid import PolarGrid
from .shapes import DEFAULT_ENDPOINTS, SHAPE_NAMES, shape_named
from .topology import RectGrid, SquareGrid, Topology

ENDPOINT_MODES = ("none", "corners", "border", "diameter", "centre", "opposite")
_POPCOUNT = bytes(bin(bits).count("1") for bits in range(256))  # a translate() table
# The open sides of a cell byte, in side order: a search steps through only those.
_SIDES_OF = [tuple(side for side in range(8) if bits >> side & 1) for bits in range(256)]
UNSEEN = -2  # in a search's ``parent``: a cell the search has not reached
# A translate() table: a target's depth below itself starts at 0, any other cell's at -1
# (0xff, read as a signed byte).
_TARGET_DEPTH = b"\xff" + bytes(255)


@lru_cache(maxsize=32)
def _offset_steps(offsets: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell byte, the id offsets of its open sides, in side order."""
    return tuple(
        tuple(offsets[side] for side in _SIDES_OF[bits] if side < len(offsets)) for bits in range(256)
    )


# A cell of an odd column, as a search reads a shape whose steps depend on the column's
# parity (``Topology.column_step_offsets``): a bit its cells' sides never use.
_ODD_COLUMN = 0x80


@lru_cache(maxsize=32)
def _parity_steps(even: tuple[int, ...], odd: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell byte with its column's parity marked, the id offsets of its open sides."""
    return _offset_steps(even)[:_ODD_COLUMN] + _offset_steps(odd)[:_ODD_COLUMN]


def _stepping(
    topology: Topology, cells: bytes | bytearray
) -> tuple[bytes | bytearray, tuple[tuple[int, ...], ...]] | None:
    """How a search steps by id offsets, where the shape allows: the cells' bytes as it
    reads them, and per byte the offsets of the open sides in side order (on a hex grid,
    each cell's column parity marked in its byte, two bulk operations). None: the shape
    steps only by its neighbour table."""
    offsets = topology.step_offsets
    if offsets is not None:
        return cells, _offset_steps(offsets)
    by_parity = topology.column_step_offsets
    if by_parity is None:
        return None
    assert topology.sides < 8 and isinstance(topology, RectGrid)
    width, count = topology.width, len(cells)
    row = (bytes([0, _ODD_COLUMN]) * (width // 2 + 1))[:width]
    marked = int.from_bytes(cells, "little") | int.from_bytes(row * (count // width), "little")
    return marked.to_bytes(count, "little"), _parity_steps(*by_parity)


def _search(
    topology: Topology, cells: bytes | bytearray, source: int, until: int = -1
) -> tuple[array[int], array[int]]:
    """Breadth-first search from ``source`` along open passages, sides in side order.

    Returns the cells in the order reached, and per cell id the cell it was reached from
    (``source``: -1; not reached: ``UNSEEN``); stops as soon as it reaches ``until``. Flat
    arrays, four bytes a cell, and the neighbour through a side found by offset where the
    shape allows (``_stepping``): the search of a 1000x1000 maze holds no
    Python object per cell.
    """
    parent = array("i", [UNSEEN]) * topology.cells
    parent[source] = -1
    order = array("i", [source])
    append = order.append
    stepping = _stepping(topology, cells)
    if stepping is not None:
        marked, steps = stepping
        for here in order:  # the array grows while we walk it: a queue without popping
            for step in steps[marked[here]]:
                there = here + step
                if parent[there] == UNSEEN:
                    parent[there] = here
                    append(there)
                    if there == until:
                        return order, parent
        return order, parent
    sides, table = topology.sides, topology.neighbours
    if isinstance(topology, PolarGrid):
        # Most of a polar grid's cells step by their ring's count (``PolarGrid.ring_strides``),
        # the few others as the table has them.
        strides = topology.ring_strides()
        by_count: list[tuple[tuple[int, ...], ...]] = [()] * (topology.counts[-1] + 1)
        for count in set(topology.counts):
            by_count[count] = _offset_steps((-count, 1, -1, count))
        for here in order:
            count = strides[here]
            if count:
                offsets: Sequence[int] = by_count[count][cells[here]]
            else:
                base = here * sides
                offsets = [table[base + side] - here for side in _SIDES_OF[cells[here]]]
            for offset in offsets:
                there = here + offset
                if parent[there] == UNSEEN:
                    parent[there] = here
                    append(there)
                    if there == until:
                        return order, parent
        return order, parent
    for here in order:
        base = here * sides
        for side in _SIDES_OF[cells[here]]:
            there = table[base + side]
            if parent[there] == UNSEEN:
                parent[there] = here
                append(there)
                if there == until:
                    return order, parent
    return order, parent


def _neighbour_through(topology: Topology) -> Callable[[int, int], int]:
    """``(cell, side) -> the cell through that side``, for walks too short to need a loop of
    their own."""
    offsets = topology.step_offsets
    if offsets is not None:
        return lambda cell, side: cell + offsets[side]
    sides, table = topology.sides, topology.neighbours
    return lambda cell, side: table[cell * sides + side]


def distances_from(maze: Maze, source: int) -> list[int]:
    """Passage steps from ``source`` to every cell, by id; -1 where unreachable."""
    _require_cell(maze, source, "source")
    return _distances(maze.topology, maze.cells, source).tolist()


def _distances(topology: Topology, cells: bytes | bytearray, source: int, until: int = -1) -> array[int]:
    """The breadth-first search behind ``distances_from``, on unchecked arguments; it may stop
    once it reaches ``until``, every cell nearer ``source`` than that measured.

    Depth by depth, each cell's distance written as it is reached: a search for distances
    alone, without the parent and order arrays ``_search`` keeps and a pass to turn them
    into depths, takes about half as long.
    """
    dist = array("i", [-1]) * topology.cells
    dist[source] = 0
    frontier, depth = [source], 0
    stepping = _stepping(topology, cells)
    marked, steps = stepping if stepping is not None else (cells, None)
    sides, table = (topology.sides, topology.neighbours) if steps is None else (0, array("i"))
    while frontier and (until < 0 or dist[until] < 0):
        depth += 1
        reached: list[int] = []
        append = reached.append
        if steps is not None:
            for here in frontier:
                for step in steps[marked[here]]:
                    there = here + step
                    if dist[there] < 0:
                        dist[there] = depth
                        append(there)
        else:
            for here in frontier:
                base = here * sides
                for side in _SIDES_OF[cells[here]]:
                    there = table[base + side]
                    if dist[there] < 0:
                        dist[there] = depth
                        append(there)
        frontier = reached
    return dist


# A search of a maze up to this many cells is kept for the next question about the same
# maze: a book asks three (endpoints, solution, measures) of each. A poster's would hold
# 8 bytes a cell past the stage that needs it, so it is searched again instead.
KEPT_SEARCH_CELLS = 1 << 14  # 128x128; a book's mazes are far smaller
_kept_search: list[tuple[Topology, bytes, tuple[array[int], array[int]] | None]] = []


# The farthest pair of a maze with loops keeps its end's distances, when its searches give
# them, for the solution, which walks down them from the start: for one maze at a time.
_kept_distances: list[tuple[Topology, bytes, int, Callable[[int], int]]] = []


def _keep_distances(
    topology: Topology, cells: bytes, source: int, steps: Callable[[int], int] | None
) -> None:
    _kept_distances[:] = [] if steps is None else [(topology, cells, source, steps)]


def _kept_distances_from(
    topology: Topology, cells: bytes | bytearray, source: int
) -> Callable[[int], int] | None:
    """``cell -> steps from source``, kept by the farthest pair's search of this maze."""
    for kept_topology, kept_cells, kept_source, steps in _kept_distances:
        if kept_topology is topology and kept_source == source and kept_cells == cells:
            return steps
    return None


def _tree_search(topology: Topology, cells: bytes) -> tuple[array[int], array[int]] | None:
    """A search of a perfect maze from its first cell, or None for a maze with loops or not
    connected. The endpoints, the path between them and the farthest pair of a small
    maze are all read from one search of it."""
    for kept_topology, kept_cells, search in _kept_search:
        if kept_topology is topology and kept_cells == cells:
            return search
    search = None
    if _is_tree_sized(topology, cells):
        order, parent = _search(topology, cells, topology.first_cell())
        search = (order, parent) if len(order) == topology.present_count else None
    if topology.cells <= KEPT_SEARCH_CELLS:
        _kept_search[:] = [(topology, cells, search)]
    return search


def _distance_finder(topology: Topology, cells: bytes | bytearray) -> Callable[[int], array[int]]:
    """``source -> distances_from(source)`` for a maze that asks for many sources.

    On a perfect maze one search serves them all (``_tree_search``): the path from a
    source up the search tree is marked with its length, and every other cell lies one
    step beyond its parent, found in one pass down the search order: a loop over flat
    arrays, a quarter of a search's time. A maze with loops, or not connected, is
    searched anew from each source.
    """
    found = _tree_search(topology, bytes(cells))
    if found is None:
        return lambda source: _distances(topology, cells, source)
    order, parent = found
    rest = order[1:]
    unreached = array("i", [-1]) * topology.cells

    def distances(source: int) -> array[int]:
        dist = array("i", unreached)
        steps, here = 0, source
        while here >= 0:  # up to the root, which the search reached from -1
            dist[here] = steps
            steps += 1
            here = parent[here]
        for cell in rest:
            if dist[cell] < 0:
                dist[cell] = dist[parent[cell]] + 1
        return dist

    return distances


def _tree_path(parent: array[int], start: int, end: int) -> list[int]:
    """The one path from ``start`` to ``end`` in a tree given by each cell's ``parent``: up
    from the start to where the end's way up meets it, then down to the end."""
    up = [start]
    on_way_up = bytearray(len(parent))
    on_way_up[start] = 1
    here = start
    while parent[here] >= 0:
        here = parent[here]
        on_way_up[here] = 1
        up.append(here)
    down = [end]
    here = end
    while not on_way_up[here]:
        here = parent[here]
        down.append(here)
    return up[: up.index(here)] + down[::-1]


def _is_tree_sized(topology: Topology, cells: bytes | bytearray) -> bool:
    """One passage fewer than cells: a tree if connected, as every generator's maze is."""
    return _passage_count(cells) == topology.present_count - 1


def shortest_path(maze: Maze, start: int, end: int) -> list[int]:
    """The cells from ``start`` to ``end`` inclusive, along open passages."""
    _require_cell(maze, start, "start")
    _require_cell(maze, end, "end")  # named as the caller knows it, not as a search's source
    topology, cells = maze.topology, maze.cells
    # A kept search answers at once; a poster's search may stop once it reaches the start.
    tree = _tree_search(topology, bytes(cells)) if topology.cells <= KEPT_SEARCH_CELLS else None
    if tree is not None:
        return _tree_path(tree[1], start, end)
    if _is_tree_sized(topology, cells):  # the one path runs up the search tree
        order, parent = _search(topology, cells, end, until=start)
        if parent[start] == UNSEEN:
            raise BookmakerError(f"no path from cell {start} to cell {end}: the maze is not connected")
        path = [start]
        while path[-1] != end:
            path.append(parent[path[-1]])
        return path
    # Walking downhill in distance-to-end gives a shortest path; where loops offer several,
    # the first open side in side order picks one. The farthest pair's search from its end
    # may be kept, and every distance below the start's is the same in it.
    steps = _kept_distances_from(topology, cells, end)
    _kept_distances.clear()  # walked once: a poster's core is not held while it is drawn
    if steps is None:
        steps = _distances(topology, cells, end, until=start).__getitem__
    if steps(start) < 0:
        raise BookmakerError(f"no path from cell {start} to cell {end}: the maze is not connected")
    here = start
    path = [here]
    through = _neighbour_through(topology)
    while steps(here):
        downhill = steps(here) - 1
        here = next(
            there for side in _SIDES_OF[cells[here]] if steps(there := through(here, side)) == downhill
        )
        path.append(here)
    return path


def _farthest_pair(maze: Maze, among: str) -> tuple[int, int, int]:
    """The farthest-apart pair of all cells (``among="cells"``) or of the border cells with
    room for an opening (``"border"``, see ``Topology.opening_sides``), as (a, b, distance)
    with a <= b."""
    # Endpoint choice and measuring may both ask: the cache makes that one pass.
    return _farthest_pair_of(maze.topology, bytes(maze.cells), among)


@lru_cache(maxsize=8)
def _farthest_pair_of(topology: Topology, cells: bytes, among: str) -> tuple[int, int, int]:
    """The work of ``_farthest_pair``, on hashable arguments.

    A maze with one passage fewer than cells is a tree (or not connected, which the
    search reports) and takes one search and one pass back up it; any other has loops
    and takes ``_farthest_apart``, which finds the same pairs with lowest ids on a tie.
    """
    if not _is_tree_sized(topology, cells):
        targets: Sequence[int] = range(topology.cells)  # every cell, of a maze without a mask
        if among == "border" or topology.mask is not None:
            chosen = topology.opening_sides if among == "border" else topology.present
            targets = array("i", compress(targets, chosen))
        return _farthest_apart(topology, cells, targets)
    tree = _tree_search(topology, cells)
    if tree is None:
        raise BookmakerError("the maze is not connected, so it has no farthest pair")
    return _farthest_in_tree(*tree, topology.present if among == "cells" else topology.opening_sides)


def _farthest_in_tree(order: array[int], parent: array[int], targets: bytes) -> tuple[int, int, int]:
    """The two ``targets`` (a nonzero byte per cell id) farthest apart in a perfect maze,
    as (a, b, distance) with a <= b, from a search of it (``_search``).

    One pass back up the search tree keeps, for every cell, its deepest target
    descendant, and meets the best two branches at each cell: exact on a tree, and of
    equally far pairs the first met. Flat arrays, no Python object per cell.
    """
    root = order[0]
    deep = array("i", array("b", targets.translate(_TARGET_DEPTH)))  # -1: no target below
    far = array("i", range(len(targets)))  # the deepest target at or below each cell
    best = (root, root, 0) if targets[root] else (-1, -1, -1)
    longest = best[2]
    for child in reversed(order):
        down = deep[child]
        up = parent[child]
        if down < 0 or up < 0:  # nothing to carry up, or the root
            continue
        down += 1
        above = deep[up]
        if above >= 0 and above + down > longest:
            longest = above + down
            best = (far[up], far[child], longest)
        if down > above:
            deep[up] = down
            far[up] = far[child]
    return _ordered(best)


# translate() tables on passage counts: 1 for a dead end; 1 for a node of the core (a count
# other than 0, out of the core, and 2, inside a corridor).
_DEAD_END = bytes(1 if count == 1 else 0 for count in range(256))
_CORE_NODE = bytes(0 if count in (0, 2) else 1 for count in range(256))
_ONLY_SIDE = bytes((bits & -bits).bit_length() - 1 if bits else 0 for bits in range(256))  # its lowest side


class _Breadth:
    """Distances to the targets by a breadth-first search of every cell: for a maze with
    many loops, whose core (``_Skeleton``) would hold most of its cells. The distances from
    each searched target are kept: the solution walks down the end's."""

    # The farthest pair's candidates are compared pair by pair when at most this many are
    # left: the comparisons grow as their square, some 0.1 µs a pair and search, so 2,000
    # cost about as much as one search of a 1000x1000 maze; more than that, searches narrow
    # them first.
    paired_targets = 2000

    def __init__(self, topology: Topology, cells: bytes | bytearray, targets: Sequence[int]) -> None:
        self.topology, self.cells, self.targets = topology, cells, targets
        self.kept: dict[int, array[int]] = {}
        self.last_source, self.last = -1, array("i")

    def distances(self, source: int) -> array[int]:
        """Passage steps from ``source`` to each target, in order."""
        topology = self.topology
        dist = _distances(topology, self.cells, source)
        if self.last_source < 0 and dist.count(-1) > topology.cells - topology.present_count:
            raise BookmakerError("the maze is not connected, so it has no farthest pair")
        self.last_source, self.last = source, dist
        if len(self.targets) == topology.cells:
            column = dist
        else:
            column = array("i", map(dist.__getitem__, self.targets))
        if column is dist or source in self.targets:
            self.kept[source] = dist
        return column

    def steps_from(self, source: int) -> Callable[[int], int] | None:
        """``cell -> steps from source``, for a searched target."""
        kept = self.kept.get(source)
        return None if kept is None else kept.__getitem__

    def halfway(self, source: int, target: int, steps: int) -> int:
        """The cell ``steps`` from ``source`` (the last searched) on a shortest way to ``target``."""
        assert source == self.last_source
        sweep, cells, through = self.last, self.cells, _neighbour_through(self.topology)
        here = target
        while sweep[here] > steps:
            downhill = sweep[here] - 1
            here = next(
                there for side in _SIDES_OF[cells[here]] if sweep[there := through(here, side)] == downhill
            )
        return here


class _Skeleton:
    """A maze with loops as its core of loops, corridors contracted, and the trees hanging
    off it; ``distances`` answers what a breadth-first search would, far faster.

    Taking dead ends away until none is left (peeling) leaves the core: the cells on a loop
    or between loops. Every peeled cell hangs in a tree off one core cell, its root,
    ``height`` steps below it, so every way out of the tree runs through the root. In the
    core, cells with two passages form corridors between nodes (junctions); each corridor
    is one weighted edge, so a search of the core visits nodes only. A light braid leaves
    a few per cent of a maze's cells as core nodes (1000x1000 backtracker at braid 0.1:
    about 20,000), and a search of them takes a small share of a search of every cell.
    """

    # Its searches cost some tenth of a breadth-first search's, so candidates are narrowed
    # by searches further before their pairs are compared (``_Breadth.paired_targets``):
    # 250 measured fastest at braid 0.1 and 0.5 on 1000x1000 (80-2,000 tried).
    paired_targets = 250

    def __init__(self, topology: Topology, cells: bytes | bytearray, targets: Sequence[int]) -> None:
        size, sides, back = topology.cells, topology.sides, topology.back
        # The cell through ``side`` of ``cell``: ``cell * carry + table[cell * stride + side]``,
        # by id offset on a square grid, else from the neighbour table.
        offsets = topology.step_offsets
        carry, stride, table = (1, 0, array("i", offsets)) if offsets else (0, sides, topology.neighbours)
        # Per cell, the sides open to cells still in the core (none once peeled).
        core = bytearray(cells)
        connected = core.translate(_POPCOUNT).count(0) == size - topology.present_count
        hangs_from = array("i", [-1]) * size
        peeled = array("i", compress(range(size), core.translate(_POPCOUNT).translate(_DEAD_END)))
        for cell in peeled:  # grows while walked: a dead end's removal may make another
            if not core[cell]:  # its last neighbour went first: a piece with no loop
                connected = False
                break
            side = _ONLY_SIDE[core[cell]]
            other = cell * carry + table[cell * stride + side]
            hangs_from[cell] = other
            core[cell] = 0
            core[other] &= ~(1 << back[cell * sides + side])
            if _POPCOUNT[core[other]] == 1:
                peeled.append(other)
        del peeled
        if not connected:
            raise BookmakerError("the maze is not connected, so it has no farthest pair")
        degree = core.translate(_POPCOUNT)
        node_cells = array("i", compress(range(size), degree.translate(_CORE_NODE)))
        if not node_cells:  # the core is one loop: its first cell stands for a node
            node_cells.append(degree.index(2))
        node_of = array("i", [-1]) * size
        for node, cell in enumerate(node_cells):
            node_of[cell] = node
        # Each corridor walked once, from a node to the next: its cells' corridor and
        # steps from its first node, and its nodes and length.
        corridor_of = array("i", [-1]) * size
        along = array("i", bytes(4 * size))
        first_node, last_node, lengths = array("i"), array("i"), array("i")
        for node, start in enumerate(node_cells):
            for first_side in _SIDES_OF[core[start]]:
                here = start * carry + table[start * stride + first_side]
                if corridor_of[here] >= 0:
                    continue  # a corridor walked from its other end
                if node_of[here] >= 0:  # two nodes side by side: a corridor of no cells
                    if node < node_of[here]:
                        first_node.append(node)
                        last_node.append(node_of[here])
                        lengths.append(1)
                    continue
                corridor, steps_in = len(lengths), 1
                entry = back[start * sides + first_side]
                while node_of[here] < 0:
                    corridor_of[here], along[here] = corridor, steps_in
                    side = _ONLY_SIDE[core[here] & ~(1 << entry)]
                    entry = back[here * sides + side]
                    here = here * carry + table[here * stride + side]
                    steps_in += 1
                first_node.append(node)
                last_node.append(node_of[here])
                lengths.append(steps_in)
        # Each node's corridors, flat: node n's are ``ways[starts[n]:starts[n + 1]]``, the
        # node at their other end in ``ways`` and their length in ``way_lengths``.
        starts = array("i", [0]) * (len(node_cells) + 1)
        for node in chain(first_node, last_node):
            starts[node + 1] += 1
        starts = array("i", accumulate(starts))
        filled = array("i", starts)  # per node, where its next corridor goes
        ways = array("i", bytes(4 * starts[-1]))
        way_lengths = array("i", ways)
        for near, far, length in chain(
            zip(first_node, last_node, lengths, strict=True), zip(last_node, first_node, lengths, strict=True)
        ):
            ways[filled[near]], way_lengths[filled[near]] = far, length
            filled[near] += 1
        self.node_cells, self.starts, self.ways, self.way_lengths = node_cells, starts, ways, way_lengths
        self.longest = max(lengths, default=1)
        self.first_node, self.last_node, self.lengths = first_node, last_node, lengths
        # Per peeled cell, once asked (``_place``): its tree's root, and its height above it.
        self.hangs_from = hangs_from
        self.root, self.height = array("i", bytes(4 * size)), array("i", bytes(4 * size))
        self.node_of, self.corridor_of, self.along = node_of, corridor_of, along
        self.targets = targets
        self.last_source, self.source_root, self.source_height = -1, -1, 0
        self.reached = array("i")  # per node, steps from the last source
        self.came_from = array("i")  # per node, the node before it on a shortest way there
        self.within: dict[int, int] = {}  # ways within the last source's tree (``_in_tree``)

    def _place(self, cell: int) -> tuple[int, int]:
        """The root of the tree ``cell`` hangs in and its height above it (a core cell: itself,
        0), found by climbing to the first cell whose place is known, every cell passed
        remembered."""
        hangs_from, root, height = self.hangs_from, self.root, self.height
        if hangs_from[cell] < 0:
            return cell, 0
        passed, here = [], cell
        while not height[here] and hangs_from[here] >= 0:
            passed.append(here)
            here = hangs_from[here]
        top, above = (root[here], height[here]) if height[here] else (here, 0)
        for below in reversed(passed):
            above += 1
            root[below], height[below] = top, above
        return root[cell], height[cell]

    def search(self, source: int) -> None:
        """Steps from ``source``'s root to every node, by Dijkstra's method on the contracted
        core (corridor lengths as weights), into ``reached``; ``came_from`` for the way. Then
        ``steps_to`` measures from ``source``."""
        start, height = self._place(source)
        far = 1 << 30
        reached = array("i", [far]) * len(self.node_cells)
        came_from = array("i", [-1]) * len(self.node_cells)
        if self.node_of[start] >= 0:
            seeds = [(0, self.node_of[start])]
        else:
            corridor, steps_in = self.corridor_of[start], self.along[start]
            seeds = [
                (steps_in, self.first_node[corridor]),
                (self.lengths[corridor] - steps_in, self.last_node[corridor]),
            ]
        # Corridor lengths are small whole numbers: a list of nodes per distance (a bucket
        # queue) replaces a heap, each node taken from the bucket of its final distance. The
        # buckets run a longest corridor ahead of the distance taken, room for any step.
        last = max(steps for steps, _ in seeds)
        buckets: list[list[int]] = [[] for _ in range(last + self.longest + 1)]
        for steps, node in seeds:
            if steps < reached[node]:
                reached[node] = steps
                buckets[steps].append(node)
        starts, ways, way_lengths = self.starts, self.ways, self.way_lengths
        steps = 0
        while steps <= last:
            for node in buckets[steps]:
                if reached[node] != steps:
                    continue  # reached by a shorter way since
                for place in range(starts[node], starts[node + 1]):
                    other = ways[place]
                    further = steps + way_lengths[place]
                    if further < reached[other]:
                        reached[other] = further
                        came_from[other] = node
                        buckets[further].append(other)
                        if further > last:
                            last = further
            buckets[steps] = []
            buckets.append([])
            steps += 1
        if far in reached:
            raise BookmakerError("the maze is not connected, so it has no farthest pair")
        self.last_source, self.reached, self.came_from = source, reached, came_from
        self.source_root, self.source_height, self.within = start, height, {}

    def distances(self, source: int) -> array[int]:
        """Passage steps from ``source`` to each target, in order: exact."""
        self.search(source)
        return array("i", map(self.steps_to, self.targets))

    def steps_from(self, source: int) -> Callable[[int], int]:
        """``cell -> steps from source``: one more search of the core, a few kept arrays."""
        if source != self.last_source:
            self.search(source)
        return self.steps_to

    def steps_to(self, cell: int) -> int:
        """Passage steps from the last source searched to ``cell``."""
        source_root, source_height = self.source_root, self.source_height
        cell_root, cell_height = self._place(cell)
        node_of = self.node_of
        if cell_root == source_root:  # in one tree, or both at its root
            if not (source_height and cell_height):
                return source_height + cell_height
            if not self.within:
                self.within = self._ancestors(self.last_source)
            return self._in_tree(self.within, cell)
        node = node_of[cell_root]
        if node >= 0:
            return source_height + self.reached[node] + cell_height
        corridor, steps_in = self.corridor_of[cell_root], self.along[cell_root]
        core = min(
            self.reached[self.first_node[corridor]] + steps_in,
            self.reached[self.last_node[corridor]] + self.lengths[corridor] - steps_in,
        )
        if node_of[source_root] < 0 and self.corridor_of[source_root] == corridor:
            core = min(core, abs(steps_in - self.along[source_root]))  # along the corridor
        return source_height + core + cell_height

    def _ancestors(self, source: int) -> dict[int, int]:
        """Per cell from ``source`` up to its root: its steps from ``source`` less its height
        (what ``_in_tree`` adds a cell's height to)."""
        hangs_from, height = self.hangs_from, self.height
        within, steps, here = {}, 0, source
        while height[here]:
            within[here] = steps - height[here]
            here, steps = hangs_from[here], steps + 1
        within[here] = steps
        return within

    def _in_tree(self, within: dict[int, int], target: int) -> int:
        """Steps from the source of ``within`` to ``target`` in the same tree: up from the
        target to the first cell whose way is known, every cell passed remembered."""
        hangs_from, passed, here = self.hangs_from, [], target
        while here not in within:
            passed.append(here)
            here = hangs_from[here]
        known = within[here]
        for cell in passed:
            within[cell] = known
        return known + self.height[target]

    def halfway(self, source: int, target: int, steps: int) -> int:
        """The node nearest ``steps`` from ``source`` (the last searched) among those its search
        passed on the way to ``target``'s corridor: a place to search from next, near the
        middle of a far pair's way (any cell would give the same, exact, answers)."""
        assert source == self.last_source
        reached, root = self.reached, self._place(target)[0]
        node = self.node_of[root]
        if node < 0:
            corridor, steps_in = self.corridor_of[root], self.along[root]
            first, last = self.first_node[corridor], self.last_node[corridor]
            node = (
                first
                if reached[first] + steps_in <= reached[last] + self.lengths[corridor] - steps_in
                else last
            )
        steps -= self._place(source)[1]
        best = node
        while node >= 0:
            if abs(reached[node] - steps) < abs(reached[best] - steps):
                best = node
            node = self.came_from[node]
        return self.node_cells[best]


# The contracted core (``_Skeleton``) is searched in place of every cell when the maze has at
# most one loop per this many cells: its nodes, at most two a loop, are then an eighth of the
# cells or fewer, and its searches more than pay for building it (1000x1000 backtracker:
# braid 0.1 and 0.5 have some 10,000 and 50,000 loops; braid 1, 100,000, searches every cell).
_CELLS_PER_LOOP = 16
# ... and at most one target per this many cells: the core measures each target in Python,
# some four times a breadth-first search's cost a cell, so the pair of all cells (the
# longest path ``measure`` reports) searches every cell.
_CELLS_PER_TARGET = 4


def _searches_for(topology: Topology, cells: bytes, targets: Sequence[int]) -> _Breadth | _Skeleton:
    """The searches the farthest pair of ``targets`` takes: of the core, or of every cell."""
    loops = _passage_count(cells) - topology.present_count + 1  # a core node closes or joins loops
    few_loops = loops * _CELLS_PER_LOOP <= topology.cells
    if few_loops and len(targets) * _CELLS_PER_TARGET <= topology.cells:
        return _Skeleton(topology, cells, targets)
    return _Breadth(topology, cells, targets)


def _farthest_apart(topology: Topology, cells: bytes, targets: Sequence[int]) -> tuple[int, int, int]:
    """The two of ``targets`` (ascending ids) farthest apart along the passages, as
    (a, b, distance): exact, and of all such pairs the lowest (a, b), on a connected maze.

    A search from a cell s whose farthest target is r away bounds every target v's reach
    (its farthest target's distance) by d(s, v) + r, and every pair v, w by d(s, v) +
    d(s, w), exact when s lies on a shortest path between them (after Takes and Kosters,
    "Determining the diameter of small world networks", 2011). A double sweep from the
    middle finds a far pair, the lower bound; a search from the middle of its path bounds
    the pairs through the maze's middle. Then, while a pair of targets might be farther
    apart than the farthest pair found, the target in the most such pairs is searched:
    that settles its pairs, and its distances bound the others. A target in none is no
    farther than that pair. The distance known, the targets in id order that might reach
    that far are settled until one does: it and its farthest target of lowest id are the
    pair. On braided mazes that takes some three to fifteen searches, the most on a light braid.
    """
    count = len(targets)
    columns: dict[int, Sequence[int]] = {}  # a searched cell: its distances to the targets, in order
    reach: dict[int, int] = {}  # a searched cell: its farthest target's distance
    settled: set[int] = set()  # the searched targets: their reach is exact
    upper = array("i", [topology.cells]) * count  # per target, a bound on its reach
    longest = -1  # the farthest pair found: the longest reach of a searched target
    searches = _searches_for(topology, cells, targets)

    def search(source: int) -> None:
        nonlocal upper, longest
        column = searches.distances(source)
        columns[source], reach[source] = column, max(column)
        upper = array("i", map(min, upper, map(reach[source].__add__, column)))
        index = bisect_left(targets, source)
        if index < count and targets[index] == source:
            settled.add(source)
            longest = max(longest, reach[source])

    def pair_bounds(index: int, others: Sequence[int]) -> Iterator[int]:
        """Per target of ``others``, a bound on its distance from target ``index``."""
        ends = [(column[index].__add__, map(column.__getitem__, others)) for column in columns.values()]
        return map(min, *(map(add, ahead) for add, ahead in ends))

    # Unmasked, a square grid's middle cell is found at once; elsewhere it takes a pass
    # over every cell, and the first cell starts the sweep instead.
    middle = (
        topology.middle_cell()
        if isinstance(topology, SquareGrid) and topology.mask is None
        else topology.first_cell()
    )
    search(middle)
    one = targets[columns[middle].index(reach[middle])]
    if one not in columns:
        search(one)
    two = targets[columns[one].index(reach[one])]
    here = searches.halfway(one, two, reach[one] // 2)
    if here not in columns:
        search(here)

    open_targets = list(compress(range(count), map(longest.__lt__, upper)))
    # Pairs of open targets that may be farther apart than ``longest``, with that bound:
    # compared in full once, then each search only tightens the pairs left.
    apart: list[tuple[int, int, int]] | None = None
    searched = middle
    while open_targets:
        if apart is None and len(open_targets) > searches.paired_targets:
            searched = targets[max(open_targets, key=upper.__getitem__)]  # the lowest index on a tie
            search(searched)
        else:
            if apart is None:
                apart = [
                    (bound, index, other)
                    for place, index in enumerate(open_targets)
                    for bound, other in zip(
                        pair_bounds(index, open_targets[place + 1 :]), open_targets[place + 1 :], strict=True
                    )
                    if bound > longest
                ]
            else:
                near = columns[searched]
                apart = [
                    (tight, index, other)
                    for bound, index, other in apart
                    if (tight := min(bound, near[index] + near[other])) > longest
                    and upper[index] > longest < upper[other]
                ]
            pairs = dict.fromkeys(open_targets, 0)  # per open target, its pairs left
            for _, index, other in apart:
                pairs[index] += 1
                pairs[other] += 1
            for index, count_of_pairs in pairs.items():
                if not count_of_pairs:
                    upper[index] = min(upper[index], longest)
            most = max(pairs.values())
            if most:
                searched = targets[next(index for index, paired in pairs.items() if paired == most)]
                search(searched)
        open_targets = [index for index in open_targets if upper[index] > longest]

    distance = longest
    ties = list(compress(range(count), map((distance - 1).__lt__, upper)))  # may reach that far
    for first in ties:
        source = targets[first]
        if source not in settled:
            if max(pair_bounds(first, ties)) < distance:
                continue
            if not any(columns[other][first] == distance for other in settled):
                search(source)
        if source in settled and reach[source] < distance:
            continue
        # ``first`` reaches ``distance``; its partner of lowest id is exact from its own
        # search, or, found by a settled target's, wants no search while no lower one may be.
        if source in settled:
            second = columns[source].index(distance)
        else:
            second = min(
                bisect_left(targets, other) for other in settled if columns[other][first] == distance
            )
            lower = ties[: bisect_left(ties, second)]
            if any(bound >= distance for bound in pair_bounds(first, [i for i in lower if i != first])):
                search(source)
                second = columns[source].index(distance)
        _keep_distances(topology, cells, targets[second], searches.steps_from(targets[second]))
        return source, targets[second], distance
    raise AssertionError("no target reaches as far as the bounds say")


def _ordered(pair: tuple[int, int, int]) -> tuple[int, int, int]:
    a, b, distance = pair
    return min(a, b), max(a, b), distance


def _passage_count(cells: bytes | bytearray) -> int:
    """Open passages: each is recorded on both of its cells."""
    return sum(bytes(cells).translate(_POPCOUNT)) // 2


def is_perfect(maze: Maze) -> bool:
    """True when the passages form a spanning tree of the cells taking part: one path
    between any two of them, no loop, no cell cut off."""
    topology = maze.topology
    if not _is_tree_sized(topology, maze.cells):
        return False
    reached, _ = _search(topology, maze.cells, topology.first_cell())
    return len(reached) == topology.present_count


def default_endpoints(shape: str | None) -> str:
    """The endpoint mode a maze of ``shape`` gets when none is named."""
    return shape_named(shape).endpoints if shape in SHAPE_NAMES else DEFAULT_ENDPOINTS


def choose_endpoints(maze: Maze, mode: str | tuple[int, int]) -> tuple[int | None, int | None]:
    """Start and end cell ids for an endpoint mode, or explicit cell ids checked.

    ``border`` picks the two border cells farthest apart along the maze (the
    suggested start and finish); ``diameter`` the two cells farthest apart
    anywhere. The start is the pair's lower id (the first in reading order); on a
    maze with loops, of equally far pairs the one with the lowest ids.
    Openings go only where ``Topology.opening_sides`` leaves a marker room: the
    "border cells" of every mode here are the cells that have such a side (on a
    silhouette, not those at the bottom of a notch of its outline).
    ``centre`` ends at the cell nearest the shape's middle and starts at the
    border cell farthest from it along the maze (the lowest id on a tie).
    ``opposite`` opens the start and the finish on opposite sides of the outer wall,
    far apart along the maze (see ``opposite``); a shape without two such sides
    falls back to ``border``.
    """
    if not isinstance(mode, str):
        start, end = mode
        _require_cell(maze, start, "start")
        _require_cell(maze, end, "end")
        return start, end
    if mode == "none":
        return None, None
    if mode == "corners":
        return maze.topology.corners()
    if mode in ("border", "diameter"):
        a, b, _ = _farthest_pair(maze, "border" if mode == "border" else "cells")
        return a, b
    if mode == "opposite":
        ends = opposite_ends(maze.topology, _distance_finder(maze.topology, maze.cells))
        return ends if ends is not None else choose_endpoints(maze, "border")
    if mode == "centre":
        end = maze.topology.middle_cell()
        dist = _distances(maze.topology, maze.cells, end)
        openable = maze.topology.opening_sides
        start = max(
            (cell for cell in range(len(dist)) if openable[cell]), key=lambda cell: (dist[cell], -cell)
        )
        return start, end
    raise BookmakerError(
        f"unknown endpoints '{mode}'; choose one of: {', '.join(ENDPOINT_MODES)} or explicit cells"
    )


def with_endpoints(maze: Maze, mode: str | tuple[int, int]) -> Maze:
    """A copy of ``maze`` with its start and end chosen by ``mode``, which it remembers for
    its recipe: the mode's name, or 'start X,Y end X,Y' for cells given by id."""
    start, end = choose_endpoints(maze, mode)
    if not isinstance(mode, str):
        named = [",".join(map(str, maze.topology.coordinates(cell))) for cell in mode]
        mode = f"start {named[0]} end {named[1]}"
    return replace(maze, cells=bytearray(maze.cells), start=start, end=end, endpoints=mode)


def solution(maze: Maze) -> list[int] | None:
    """The path from the maze's start to its end, or None without endpoints."""
    if maze.start is None or maze.end is None:
        return None
    return shortest_path(maze, maze.start, maze.end)


@dataclass(frozen=True)
class Stats:
    dead_ends: int
    junctions: int
    solution_length: int | None
    turns: int | None
    longest_path: int
    decision_points: int | None  # cells on the solution where the solver must choose
    loops: int  # independent loops: passages - cells + 1, so 0 exactly when perfect
    loops_on_route: int | None  # of those, the ones in the parts the solution passes through

    def as_json(self) -> dict[str, Any]:
        """The ``stats`` object of ``bookmaker.maze/1``, in its documented key order (the
        loops are no part of it: a perfect maze has none)."""
        return {
            "dead_ends": self.dead_ends,
            "junctions": self.junctions,
            "solution_length": self.solution_length,
            "turns": self.turns,
            "longest_path": self.longest_path,
        }


def count_turns(topology: Topology, path: Sequence[int]) -> int:
    """Changes of step kind (the side, or what a shape counts as one way) along a path."""
    sides = [topology.step_kind(a, topology.side_between(a, b)) for a, b in pairwise(path)]
    return sum(1 for before, after in pairwise(sides) if before != after)


def _decision_points(maze: Maze, path: Sequence[int]) -> int:
    """Cells before the end where more than one way onward is open."""
    count = 0
    for index, cell in enumerate(path[:-1]):
        onward = _POPCOUNT[maze.cells[cell]] - (1 if index else 0)
        count += onward > 1
    return count


def _bridges(topology: Topology, cells: bytes | bytearray) -> bytearray:
    """Per cell, the bits of its open sides that are bridges: passages on no loop.

    Tarjan's depth-first search: the passage into a cell is a bridge when nothing in the
    subtree below it has a passage back to a cell reached before it (``low``).
    """
    sides, table, back = topology.sides, topology.neighbours, topology.back
    order = [-1] * topology.cells  # when the search first reached each cell
    low = [0] * topology.cells  # the earliest ``order`` the cell's subtree has a passage to
    bridges = bytearray(topology.cells)
    root = topology.first_cell()
    order[root] = 0
    reached = 1
    # Each entry: a cell, its side back to where it was entered from, its sides still to try.
    stack = [(root, -1, iter(_SIDES_OF[cells[root]]))]
    while stack:
        cell, entry, untried = stack[-1]
        for side in untried:
            if side == entry:
                continue
            other = table[cell * sides + side]
            if order[other] < 0:
                order[other] = low[other] = reached
                reached += 1
                stack.append((other, back[cell * sides + side], iter(_SIDES_OF[cells[other]])))
                break
            low[cell] = min(low[cell], order[other])
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[cell])
                if low[cell] > order[parent]:
                    bridges[cell] |= 1 << entry
                    bridges[parent] |= 1 << back[cell * sides + entry]
    return bridges


def _loops_on_route(maze: Maze, path: Sequence[int]) -> int:
    """The independent loops of the parts of the maze ``path`` passes through.

    Taking the bridges out leaves pieces in which every passage is on a loop, each with
    passages - cells + 1 independent ones; those of the pieces the path touches are the
    loops a solver can walk round from the route without first crossing into a side
    branch, which is where a braided maze stops being solved by backing out of dead ends.
    """
    topology, cells = maze.topology, maze.cells
    sides, table = topology.sides, topology.neighbours
    bridges = _bridges(topology, cells)
    seen = bytearray(topology.cells)
    loops = 0
    for first in path:
        if seen[first]:
            continue
        seen[first] = 1
        piece, ends = [first], 0
        for cell in piece:  # grows while walked: a breadth-first queue
            on_loops = cells[cell] & ~bridges[cell]
            ends += _POPCOUNT[on_loops]
            for side in _SIDES_OF[on_loops]:
                other = table[cell * sides + side]
                if not seen[other]:
                    seen[other] = 1
                    piece.append(other)
        loops += ends // 2 - len(piece) + 1
    return loops


def measure(maze: Maze, path: Sequence[int] | None = None) -> Stats:
    """The maze's statistics, as docs/design.md defines them; ``path`` is its solution if known."""
    degree = bytes(maze.cells).translate(_POPCOUNT)  # open passages per cell, in C
    if path is None:
        path = solution(maze)
    _, _, longest = _farthest_pair(maze, "cells")
    loops = sum(degree) // 2 - maze.topology.present_count + 1
    return Stats(
        dead_ends=degree.count(1),
        junctions=len(degree) - degree.count(0) - degree.count(1) - degree.count(2),
        solution_length=len(path) if path else None,
        turns=count_turns(maze.topology, path) if path else None,
        longest_path=longest + 1,
        decision_points=_decision_points(maze, path) if path else None,
        loops=loops,
        loops_on_route=(_loops_on_route(maze, path) if loops else 0) if path else None,
    )


def _require_cell(maze: Maze, cell: int, what: str) -> None:
    if not (isinstance(cell, int) and 0 <= cell < maze.topology.cells):
        raise BookmakerError(
            f"{what} cell {cell} is not one of the maze's cells 0..{maze.topology.cells - 1}"
        )
