"""The primitives every shape's geometry produces and every backend draws, and the
start and finish markers, which look alike on every shape but for the patch under an end
inside a hexagon maze, which takes the cells' shape."""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, overload, runtime_checkable

from ..maze.model import Maze
from ..maze.shapes import shape_named
from ..maze.topology import Topology

Point = tuple[float, float]
Opening = tuple[Point, tuple[float, float]]  # a gap's middle, and the way out through it
Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def on_circle(cx: float, cy: float, radius: float, angle: float) -> Point:
    """The point at ``angle`` degrees clockwise from 12 o'clock, y down."""
    turn = math.radians(angle)
    return cx + radius * math.sin(turn), cy - radius * math.cos(turn)


class Arc(NamedTuple):
    """A circular arc in cell units, y down.

    Angles are degrees clockwise from 12 o'clock, as polar cells count them.
    The arc runs from ``start`` to ``end``: clockwise when ``end`` is larger,
    anticlockwise when smaller; either may lie outside 0..360, and a full
    circle spans 360.
    """

    cx: float
    cy: float
    radius: float
    start: float
    end: float

    def at(self, angle: float) -> Point:
        return on_circle(self.cx, self.cy, self.radius, angle)

    def points(self, tolerance: float) -> list[Point]:
        """The arc as a polyline whose chords stray at most ``tolerance`` from it."""
        sweep = self.end - self.start
        step = 2 * math.degrees(math.acos(max(0.0, 1 - tolerance / self.radius)))
        count = max(1, math.ceil(abs(sweep) / step))
        return [self.at(self.start + sweep * i / count) for i in range(count + 1)]


Wall = Segment | Arc


# A path: a line to each point, along each arc (which starts where the path is).
PathStep = Point | Arc


class Rect(NamedTuple):
    """An axis-aligned cell: backends draw it as a rectangle, not a polygon."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class MazeDrawing:
    """What a backend draws. ``walls``, ``solution`` and ``solution_cells`` are read in
    order (a square grid's make their items as they are read: see ``square``)."""

    bbox: tuple[float, float, float, float]  # the closed outer wall's box, cell units
    walls: Iterable[Wall]  # every standing wall, collinear pieces merged
    solution: Sequence[PathStep] | None  # through cell centres, out through the openings
    solution_cells: Sequence[Rect | list[Point]] | None  # the cells the solution crosses
    start_marker: list[Point] | None  # closed polygon: a pin pointing in, or a dot
    end_marker: list[Point] | None  # a double-headed arrow pointing out, or a square
    # Light patches drawn first, under the walls, where an end lies inside the maze.
    halos: Sequence[list[Point]] = ()
    # The start's and the end's opening: the middle of its gap in the outer wall and the
    # unit vector pointing out through it; None for an end inside the maze.
    openings: tuple[Opening | None, Opening | None] = (None, None)
    # Walls meeting at 60 or 120 degrees, or on curves, need round caps and joins to close
    # without spikes; square walls keep their square caps.
    round_walls: bool = False
    # The stretches of ``solution`` that run through a tunnel, under a crossing: a backend
    # draws them dashed, and the rest of the line solid (``solid_pieces``). Woven mazes only.
    solution_under: Sequence[Segment] = ()
    # Text a backend wrote of the drawing, by the backend's name: made where the maze is
    # made (in a worker process when there are several), kept for when its page is drawn.
    written: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


# A dashed stretch of the solution under a crossing, in cells: dashes of DASH with gaps of
# DASH_GAP, as many as fit with a gap's room at both ends, centred, so that the line stops
# clear of the over-passage's walls it passes under.
DASH, DASH_GAP = 0.17, 0.12


class PathCells(Sequence[list[Point]]):
    """A path's cells as polygons, each made as it is read (``outline``): a poster's path
    crosses a few hundred thousand cells, whose polygons held at once would outweigh its
    walls."""

    path: Sequence[int]

    @abstractmethod
    def outline(self, cell: int) -> list[Point]:
        """The polygon of ``cell``: each shape's drawing says how its cells look."""

    def __len__(self) -> int:
        return len(self.path)

    @overload
    def __getitem__(self, index: int) -> list[Point]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[Point]]: ...

    def __getitem__(self, index: int | slice) -> list[Point] | list[list[Point]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self.outline(self.path[index])


def solid_pieces(drawing: MazeDrawing) -> list[list[Point]]:
    """The solution line of a woven maze's drawing cut where it runs under a crossing: the
    solid polylines to draw, in order (``MazeDrawing.solution_under`` are the cuts)."""
    assert drawing.solution is not None
    under = {(x0, y0, x1, y1) for x0, y0, x1, y1 in drawing.solution_under}
    pieces: list[list[Point]] = [[]]
    for point in drawing.solution:
        assert not isinstance(point, Arc)  # a woven maze is square: straight lines only
        last = pieces[-1]
        if last and (*last[-1], *point) in under:
            pieces.append([point])
        else:
            last.append(point)
    return [piece for piece in pieces if len(piece) > 1]


def dashes(stretch: Segment) -> list[Segment]:
    """The dashes a stretch under a crossing is drawn as (``DASH``), each a segment, drawn
    with butt caps so the gaps stay open."""
    x0, y0, x1, y1 = stretch
    length = math.hypot(x1 - x0, y1 - y0)
    count = max(1, int((length - DASH_GAP) / (DASH + DASH_GAP) + 1e-9))
    at = (length - count * DASH - (count - 1) * DASH_GAP) / 2
    found = []
    for _ in range(count):
        a, b = at / length, (at + DASH) / length
        found.append((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b))
        at += DASH + DASH_GAP
    return found


# Between the outer wall and either arrow (the start's tip, the finish's tail), as a share of
# the arrow's length: on a book page arrows are at least 16 pt long (layout), so this keeps
# them more than 2 pt clear of the thickest wall's ink.
ARROW_GAP = 0.2


def marker_reach(size: float) -> float:
    """How far (cells) an arrow of ``size`` cells reaches beyond the outer wall: the room to leave."""
    return (1 + ARROW_GAP) * size


# The two arrows differ in shape, not only in direction, so a child tells them apart at a
# glance (and in grey): the start is a pin, a ball with an arrowhead pointing in; the finish
# points out with a double head, "out this way". Both end narrow, far from the wall, so
# neither spreads onto a silhouette's wall across a notch. Proportions are of the length.
START_HEAD, START_HEAD_HALF = 0.42, 0.36
START_SHAFT_HALF, START_BALL = 0.12, 0.24
FINISH_HEAD, FINISH_HEAD_HALF, FINISH_SHAFT_HALF = 0.42, 0.36, 0.15
FINISH_HEADS_APART = 0.25  # from the first head's base to the second's
# An end inside the maze: its mark fits the corridor, so a light patch under the walls, as
# wide as an arrow is long, makes it as easy to find as the arrows are.
HALO = 1.0  # radius (start) or half side (finish), in arrow lengths
ARC_STEPS = 24  # chords of a ball or a round mark


def _start_outline(size: float) -> list[tuple[float, float]]:
    """The start pin as (out, across): ``out`` cells beyond the outer wall along the opening's
    outward line, ``across`` to one side of it."""
    tip = ARROW_GAP * size
    head_base = tip + START_HEAD * size
    ball, shaft = START_BALL * size, START_SHAFT_HALF * size
    centre = tip + size - ball  # the ball's far edge is the arrow's full length out
    meet = math.asin(shaft / ball)  # where the shaft's edges run into the ball
    turn = math.pi - meet
    around = [
        (
            centre + ball * math.cos(turn - 2 * turn * i / ARC_STEPS),
            ball * math.sin(turn - 2 * turn * i / ARC_STEPS),
        )
        for i in range(ARC_STEPS + 1)
    ]
    half = START_HEAD_HALF * size
    return [
        (tip, 0.0),
        (head_base, half),
        (head_base, shaft),
        *around,
        (head_base, -shaft),
        (head_base, -half),
    ]


def _finish_outline(size: float) -> list[tuple[float, float]]:
    """The finish arrow, pointing out with two heads, as (out, across)."""
    tail = ARROW_GAP * size
    end = tail + size
    second = end - FINISH_HEAD * size  # the outer head's base
    first = second - FINISH_HEADS_APART * size
    shaft, half = FINISH_SHAFT_HALF * size, FINISH_HEAD_HALF * size
    notch = half * (1 - FINISH_HEADS_APART / FINISH_HEAD)  # the inner head's edge at ``second``
    return [
        (tail, shaft),
        (first, shaft),
        (first, half),
        (second, notch),
        (second, half),
        (end, 0.0),
        (second, -half),
        (second, -notch),
        (first, -half),
        (first, -shaft),
        (tail, -shaft),
    ]


def narrowest(points: Sequence[Point]) -> float:
    """A shape's least width across, in any direction: how small it looks. (The least width
    of a convex hull lies across one of its edges: rotating calipers.)"""
    hull = _hull(points)
    widths = []
    for (x0, y0), (x1, y1) in zip(hull, hull[1:] + hull[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length:
            widths.append(max(abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / length for x, y in hull))
    return min(widths, default=0.0)


def _hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of ``points``, anticlockwise (Andrew's monotone chain)."""
    ordered = sorted(set(points))
    if len(ordered) < 3:
        return ordered

    def half(run: Iterable[Point]) -> list[Point]:
        chain: list[Point] = []
        for point in run:
            while (
                len(chain) >= 2
                and (
                    (chain[-1][0] - chain[-2][0]) * (point[1] - chain[-2][1])
                    - (chain[-1][1] - chain[-2][1]) * (point[0] - chain[-2][0])
                )
                <= 0
            ):
                chain.pop()
            chain.append(point)
        return chain[:-1]

    return half(ordered) + half(reversed(ordered))


# The narrower arrow's least width across, per unit of length: layout keeps arrows long
# enough to be wide enough.
ARROW_ACROSS = min(narrowest(_start_outline(1.0)), narrowest(_finish_outline(1.0)))


def disc(centre: Point, radius: float) -> list[Point]:
    """A round mark: the start inside a maze, and the patch under it."""
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(i * 2 * math.pi / ARC_STEPS),
            cy + radius * math.sin(i * 2 * math.pi / ARC_STEPS),
        )
        for i in range(ARC_STEPS)
    ]


def square_mark(centre: Point, half: float) -> list[Point]:
    """A square mark: the finish inside a maze, and the patch under it."""
    cx, cy = centre
    return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]


def marker(
    centre: Point,
    outward: tuple[float, float] | None,
    beyond: Callable[[float], Point] | None,
    exit: bool,
    size: float,
    room: float = 1.0,
) -> list[Point]:
    """The start or finish marker of the cell centred at ``centre``.

    On the border, ``outward`` is the unit vector out through the opening and
    ``beyond(d)`` the point ``d`` cells out from the opening's middle: the start
    pin points in, the double-headed finish arrow out, both within
    ``marker_reach(size)``.
    Inside (both None), the start is a dot and the finish a square, scaled to a corridor
    ``room`` cells wide (``halo`` gives the patch that shows them).
    """
    if outward is None or beyond is None:
        return square_mark(centre, 0.28 * room) if exit else disc(centre, 0.32 * room)
    dx, dy = outward
    across_x, across_y = -dy, dx
    points = []
    for out, across in _finish_outline(size) if exit else _start_outline(size):
        x, y = beyond(out)
        points.append((x + across * across_x, y + across * across_y))
    return points


def hexagon(centre: Point, apothem: float) -> list[Point]:
    """A flat-topped hexagon, like a hex maze's cells, ``apothem`` from its centre to each side."""
    cx, cy = centre
    radius = apothem * 2 / math.sqrt(3)
    return [
        (cx + radius * math.cos(i * math.pi / 3), cy + radius * math.sin(i * math.pi / 3)) for i in range(6)
    ]


# The patch under an end inside a maze, by name: round for the start and square for the
# finish, like their marks, unless the shape says otherwise (``Shape.end_patches``). The
# how-to page names them.
_PATCHES = {"circle": disc, "square": square_mark, "hexagon": hexagon}


def halo_shape(kind: str, exit: bool) -> str:
    """The patch under an end inside a maze of shape ``kind``: "circle", "square" or "hexagon"."""
    return shape_named(kind).end_patches[exit]


def halo(centre: Point, exit: bool, size: float, room: float, kind: str) -> list[Point]:
    """The light patch under an end inside a maze of shape ``kind`` (``halo_shape``); as wide
    as an arrow of ``size`` cells is long, and never narrower than the corridor (``room``
    cells), where big cells make the arrows short."""
    reach = max(HALO * size, 0.5 * room)
    return _PATCHES[halo_shape(kind, exit)](centre, reach)


Beyond = Callable[[int, int, float], Point]  # (cell, side, d): d cells out from the side's middle


def openings(maze: Maze) -> dict[tuple[int, int], str]:
    """Outer-wall gaps: (cell, side) -> 'start' or 'end'. Inner endpoints open nothing."""
    gaps = {}
    for role, cell, exit_side in (("start", maze.start, False), ("end", maze.end, True)):
        if cell is not None:
            side = maze.topology.opening_side(cell, exit=exit_side)
            if side is not None:
                gaps[(cell, side)] = role
    return gaps


def opening_points(
    topology: Topology, path: Sequence[int], beyond: Beyond
) -> tuple[Point | None, Point | None]:
    """Where the solution through ``path`` leaves by the start's and by the end's opening,
    so it meets the arrows; None for an end inside the maze."""
    points = []
    for cell, exit_side in ((path[0], False), (path[-1], True)):
        side = topology.opening_side(cell, exit=exit_side)
        points.append(None if side is None else beyond(cell, side, 0.0))
    return points[0], points[1]


def through_openings(
    topology: Topology, path: Sequence[int], line: Sequence[PathStep], beyond: Beyond
) -> list[PathStep]:
    """``line``, the solution through ``path``'s cells, carried out through the openings."""
    head, tail = opening_points(topology, path, beyond)
    return [*([head] if head is not None else []), *line, *([tail] if tail is not None else [])]


# A silhouette's opening may lie in a notch of its outline: its arrow slides out from the
# wall, in steps of this share of its length, until it is clear of the walls beside.
ARROW_SLIDE, ARROW_SLIDES = 0.1, 11


def _segment_distance(a: Segment, b: Segment) -> float:
    """The least distance between two straight segments."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    p, q, r, s = a[:2], a[2:], b[:2], b[2:]
    if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
        return 0.0
    return min(_point_distance(p, b), _point_distance(q, b), _point_distance(r, a), _point_distance(s, a))


def _point_distance(point: Point, segment: Segment) -> float:
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((point[0] - x0) * dx + (point[1] - y0) * dy) / length))
    return math.hypot(point[0] - x0 - t * dx, point[1] - y0 - t * dy)


def _wall_gap(shape: list[Point], walls: Sequence[Segment]) -> float:
    """How near ``shape``'s outline comes to the walls' centre-lines."""
    sides = [(*a, *b) for a, b in zip(shape, shape[1:] + shape[:1], strict=True)]
    return min((_segment_distance(side, wall) for side in sides for wall in walls), default=math.inf)


@runtime_checkable
class IndexedWalls(Protocol):
    """Walls that find those near a box themselves (``geometry.square.SilhouetteWalls``)."""

    def near(self, left: float, top: float, right: float, bottom: float) -> list[Segment]: ...


def walls_near(
    walls: Sequence[Segment], left: float, top: float, right: float, bottom: float
) -> list[Segment]:
    """The ``walls`` whose box meets (``left``, ``top``, ``right``, ``bottom``); walls that
    know where they lie (``IndexedWalls``) find them without a scan of every wall."""
    if isinstance(walls, IndexedWalls):
        return walls.near(left, top, right, bottom)
    # min(a, b) <= r exactly when a <= r or b <= r: the same test without two calls a wall,
    # of which a silhouette poster has a million.
    return [
        wall
        for wall in walls
        if (wall[0] <= right or wall[2] <= right)
        and (wall[0] >= left or wall[2] >= left)
        and (wall[1] <= bottom or wall[3] <= bottom)
        and (wall[1] >= top or wall[3] >= top)
    ]


def _clear_arrow(make: Callable[[float], list[Point]], size: float, walls: Sequence[Segment]) -> list[Point]:
    """The arrow ``make(slide)`` draws, slid out the fewest steps that keep it ARROW_GAP of
    its length from every wall (as the gap keeps it from its own), or as clear as it gets."""
    first = make(0.0)
    xs, ys = [x for x, _ in first], [y for _, y in first]
    reach = (1 + ARROW_SLIDE * ARROW_SLIDES) * size
    right, left = max(xs) + reach, min(xs) - reach
    bottom, top = max(ys) + reach, min(ys) - reach
    near = walls_near(walls, left, top, right, bottom)  # those whose box meets the arrow's, reach added
    best, best_gap = first, _wall_gap(first, near)
    for step in range(1, ARROW_SLIDES):
        if best_gap >= ARROW_GAP * size * 0.999:
            break
        shape = make(step * ARROW_SLIDE * size)
        gap = _wall_gap(shape, near)
        if gap > best_gap:
            best, best_gap = shape, gap
    return best


def end_markers(
    maze: Maze,
    size: float,
    outward: Callable[[int, int], tuple[float, float]],
    beyond: Beyond,
    room: float = 1.0,
    walls: Sequence[Segment] | None = None,
) -> dict[str, Any]:
    """``MazeDrawing``'s ``start_marker``, ``end_marker``, ``halos`` and ``openings`` for
    ``maze``'s ends, as keyword arguments. Given the ``walls`` of a silhouette, an arrow in a
    notch of its outline slides out until it is clear of them."""
    topology = maze.topology
    marks: dict[str, Any] = {"start_marker": None, "end_marker": None, "halos": []}
    gaps: list[Opening | None] = [None, None]
    for key, cell, exit in (("start_marker", maze.start, False), ("end_marker", maze.end, True)):
        if cell is None:
            continue
        side = topology.opening_side(cell, exit=exit)
        centre = topology.centre(cell)

        def make(
            slide: float, cell: int = cell, side: int | None = side, exit: bool = exit, centre: Point = centre
        ) -> list[Point]:
            return marker(
                centre,
                None if side is None else outward(cell, side),
                None if side is None else lambda distance: beyond(cell, side, distance + slide),
                exit,
                size,
                room,
            )

        marks[key] = make(0.0) if side is None or not walls else _clear_arrow(make, size, walls)
        if side is None:
            marks["halos"].append(halo(centre, exit, size, room, topology.kind))
        else:
            gaps[exit] = (beyond(cell, side, 0.0), outward(cell, side))
    marks["openings"] = tuple(gaps)
    return marks
