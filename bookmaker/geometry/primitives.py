"""The primitives every shape's geometry produces and every backend draws, and the
start and finish markers, which look alike on every shape."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable, NamedTuple, Sequence, Union

from ..maze.model import Maze
from ..maze.topology import Topology

Point = tuple[float, float]
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


Wall = Union[Segment, Arc]
# A path: a line to each point, along each arc (which starts where the path is).
PathStep = Union[Point, Arc]


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
    start_marker: list[Point] | None  # closed polygon: an arrow pointing in, or a dot
    end_marker: list[Point] | None  # an arrow pointing out, or a square
    # Walls meeting at 60 or 120 degrees, or on curves, need round caps and joins to close
    # without spikes; square walls keep their square caps.
    round_walls: bool = False


ARROW_GAP = 0.15  # cells between the outer wall and a finish arrow's tail


def marker_reach(size: float) -> float:
    """How far (cells) an arrow of ``size`` cells reaches beyond the outer wall: the room to leave."""
    return ARROW_GAP + size


def arrow(tip: Point, direction: tuple[float, float], size: float) -> list[Point]:
    """A solid arrow of length ``size`` whose tip is at ``tip``, pointing along ``direction``."""
    dx, dy = direction
    px, py = -dy, dx  # perpendicular
    tx, ty = tip
    head, shaft = size * 0.55, size * 0.18
    base = (tx - dx * head, ty - dy * head)
    tail = (tx - dx * size, ty - dy * size)
    return [
        tip,
        (base[0] + px * head * 0.75, base[1] + py * head * 0.75),
        (base[0] + px * shaft, base[1] + py * shaft),
        (tail[0] + px * shaft, tail[1] + py * shaft),
        (tail[0] - px * shaft, tail[1] - py * shaft),
        (base[0] - px * shaft, base[1] - py * shaft),
        (base[0] - px * head * 0.75, base[1] - py * head * 0.75),
    ]


def disc(centre: Point, radius: float) -> list[Point]:
    """The start mark inside a maze: a round dot (a 24-gon)."""
    cx, cy = centre
    return [(cx + radius * math.cos(i * math.pi / 12), cy + radius * math.sin(i * math.pi / 12))
            for i in range(24)]


def square_mark(centre: Point, half: float) -> list[Point]:
    """The finish mark inside a maze: a square, told apart from the start's dot."""
    cx, cy = centre
    return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
            (cx - half, cy + half)]


def marker(centre: Point, outward: tuple[float, float] | None,
           beyond: Callable[[float], Point], exit: bool, size: float,
           room: float = 1.0) -> list[Point]:
    """The start or finish marker of the cell centred at ``centre``.

    On the border, ``outward`` is the unit vector out through the opening and
    ``beyond(d)`` the point ``d`` cells out from the opening's middle: the
    start arrow points in, the finish arrow out. Inside, the start is a dot
    and the finish a square, scaled to a corridor ``room`` cells wide.
    """
    if outward is None:
        return square_mark(centre, 0.28 * room) if exit else disc(centre, 0.32 * room)
    dx, dy = outward
    if exit:
        return arrow(beyond(marker_reach(size)), (dx, dy), size)
    return arrow(beyond(0.1), (-dx, -dy), size)


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


def opening_points(topology: Topology, path: Sequence[int], beyond: Beyond
                   ) -> tuple[Point | None, Point | None]:
    """Where the solution through ``path`` leaves by the start's and by the end's opening,
    so it meets the arrows; None for an end inside the maze."""
    points = []
    for cell, exit_side in ((path[0], False), (path[-1], True)):
        side = topology.opening_side(cell, exit=exit_side)
        points.append(None if side is None else beyond(cell, side, 0.0))
    return points[0], points[1]


def through_openings(topology: Topology, path: Sequence[int], line: list, beyond: Beyond) -> list:
    """``line``, the solution through ``path``'s cells, carried out through the openings."""
    head, tail = opening_points(topology, path, beyond)
    return ([head] if head is not None else []) + line + ([tail] if tail is not None else [])


def end_marker(topology: Topology, cell: int | None, exit: bool, size: float,
               outward: Callable[[int, int], tuple[float, float]], beyond: Beyond,
               room: float = 1.0) -> list[Point] | None:
    """The start (or, with ``exit``, the finish) marker at ``cell``, if there is one."""
    if cell is None:
        return None
    side = topology.opening_side(cell, exit=exit)
    return marker(topology.centre(cell), None if side is None else outward(cell, side),
                  lambda distance: beyond(cell, side, distance), exit, size, room)
