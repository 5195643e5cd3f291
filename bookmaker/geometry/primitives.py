"""The primitives every shape's geometry produces and every backend draws, and the
start and finish markers, which look alike on every shape."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, NamedTuple

Point = tuple[float, float]
Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


class Rect(NamedTuple):
    """An axis-aligned cell: backends draw it as a rectangle, not a polygon."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class MazeDrawing:
    bbox: tuple[float, float, float, float]  # the closed outer wall's box, cell units
    walls: list[Segment]  # every standing wall, collinear pieces merged
    solution: list[Point] | None  # polyline through cell centres, out through the openings
    solution_cells: list[Rect | list[Point]] | None  # the cells the solution crosses
    start_marker: list[Point] | None  # closed polygon: an arrow pointing in, or a dot
    end_marker: list[Point] | None  # an arrow pointing out, or a square


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
           beyond: Callable[[float], Point], exit: bool, size: float) -> list[Point]:
    """The start or finish marker of the cell centred at ``centre``.

    On the border, ``outward`` is the unit vector out through the opening and
    ``beyond(d)`` the point ``d`` cells out from the opening's middle: the
    start arrow points in, the finish arrow out. Inside, the start is a dot
    and the finish a square.
    """
    if outward is None:
        return square_mark(centre, 0.28) if exit else disc(centre, 0.32)
    dx, dy = outward
    if exit:
        return arrow(beyond(marker_reach(size)), (dx, dy), size)
    return arrow(beyond(0.1), (-dx, -dy), size)
