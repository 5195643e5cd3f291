"""Reading a maze's walls back from a rendered picture, for every shape.

Where each cell side lies comes from docs/design.md's conventions ("Shapes") and
the topology's cell centres, never from ``bookmaker.geometry``, so a drawing
that agrees with itself but not with the maze fails. Positions are in cell
units, y down from the top left of the outer wall's box; a ``to_pixel``
function maps them onto the image (see ``to_pixels`` and ``pdf_to_pixels``).
On a masked grid that box is the silhouette's (``topology.centre`` is already
relative to it); a cell that is off has no sides, and a cell that is on has a
wall toward it (round the outside and round holes alike) unless it is an opening.

    sides(topology)                               # every side once, with its middle and ends
    wall_mismatches(image, to_pixel, maze)        # sides whose pixels disagree with the maze
    corner_flaws(image, to_pixel, maze, wall_px)  # gaps or spikes where walls end or meet
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from bookmaker.maze.model import Maze
from bookmaker.maze.polar_grid import CENTRE_FIRST_SLOT, CLOCKWISE, INWARD, OUTWARD
from bookmaker.maze.topology import Topology

Point = tuple[float, float]
ToPixel = Callable[[Point], Point]

DARK = 128  # a pixel is ink when its brightest channel is below this: the red solution is not

# Per side, the direction of its outward normal, in degrees clockwise from 12 o'clock, and the
# distance from the cell's centre to the side's middle (side length 1 on every shape).
SQUARE = {side: 90 * side for side in range(4)}
HEX = {side: 60 * side for side in range(6)}
TRIANGLE_UP = {1: 60, 2: 180, 3: 300}  # E, S (the base), W; the centre is the centroid
TRIANGLE_DOWN = {0: 0, 1: 120, 3: 240}  # N (the base), E, W
APOTHEM = {"square": 0.5, "hex": math.sqrt(3) / 2, "triangle": 1 / (2 * math.sqrt(3))}


class Side(NamedTuple):
    """One side of a cell: a wall's place, whether or not a wall stands there."""

    cell: int
    side: int
    middle: Point
    ends: tuple[Point, Point]
    centre: Point | None = None  # the circle's middle for an arc side; None for a straight one


def _toward(point: Point, angle: float, distance: float) -> Point:
    turn = math.radians(angle)
    return point[0] + distance * math.sin(turn), point[1] - distance * math.cos(turn)


def _grid_side(topology: Topology, cell: int, side: int) -> Side:
    if topology.kind == "triangle":
        angle = (TRIANGLE_UP if topology.points_up(cell) else TRIANGLE_DOWN)[side]
    else:
        angle = (HEX if topology.kind == "hex" else SQUARE)[side]
    middle = _toward(topology.centre(cell), angle, APOTHEM[topology.kind])
    return Side(cell, side, middle, (_toward(middle, angle - 90, 0.5), _toward(middle, angle + 90, 0.5)))


def _polar_sides(topology: Topology) -> list[Side]:
    rings, counts = topology.rings, topology.counts
    centre = (rings, rings)

    def arc(cell: int, side: int, radius: float, start: float, end: float) -> Side:
        return Side(
            cell,
            side,
            _toward(centre, (start + end) / 2, radius),
            (_toward(centre, start, radius), _toward(centre, end, radius)),
            centre,
        )

    found = []
    for cell in range(1, topology.cells):
        ring, index = topology.coordinates(cell)
        start, end = 360 * index / counts[ring], 360 * (index + 1) / counts[ring]
        found.append(arc(cell, INWARD, ring, start, end))
        found.append(
            Side(
                cell,
                CLOCKWISE,
                _toward(centre, end, ring + 0.5),
                (_toward(centre, end, ring), _toward(centre, end, ring + 1)),
            )
        )
        if ring == rings - 1:
            found.append(arc(cell, OUTWARD, rings, start, end))
    if rings == 1:  # the centre alone: its outward slots face where ring 1's cells would be
        found += [arc(0, CENTRE_FIRST_SLOT + k, 1, 60 * k, 60 * (k + 1)) for k in range(6)]
    return found


def sides(topology: Topology) -> list[Side]:
    """Every side once: each inner side (seen from one of its two cells) and each piece of
    the outer wall. Polar: each cell's inner arc (its side towards its inward neighbour),
    its clockwise radial side, and the outer circle's piece beside each outer-ring cell."""
    if topology.kind == "polar":
        return _polar_sides(topology)
    table, count = topology.neighbours, topology.sides
    if topology.mask is not None:
        return _masked_sides(topology)
    return [
        _grid_side(topology, cell, side)
        for cell in range(topology.cells)
        for side in range(count)
        if topology.border[cell] >> side & 1 or table[cell * count + side] > cell
    ]


def real_sides(topology: Topology, cell: int) -> int:
    """The side bits ``cell`` has by docs/design.md: every side of a square or hexagon, W, E
    and its base on a triangle (the base below an upward one, above a downward one)."""
    if topology.kind == "triangle":
        up = (cell % topology.width + cell // topology.width) % 2 == 0
        return 2 | 8 | (4 if up else 1)
    return (1 << topology.sides) - 1


def _masked_sides(topology: Topology) -> list[Side]:
    """A masked grid's sides: only cells that are on have sides; each inner side once, and
    every side of a cell that is on facing the grid's edge or a cell that is off (the
    silhouette's outside or a hole in it) is a piece of wall."""
    table, count, present = topology.neighbours, topology.sides, topology.present
    found = []
    for cell in range(topology.cells):
        if not present[cell]:
            continue
        real = real_sides(topology, cell)
        for side in range(count):
            if real >> side & 1:
                other = table[cell * count + side]
                if other < 0 or not present[other] or other > cell:
                    found.append(_grid_side(topology, cell, side))
    return found


def openings(maze: Maze) -> set[tuple[int, int]]:
    """(cell, side) of the start's and the end's gaps in the outer wall."""
    found = set()
    for cell, exit in ((maze.start, False), (maze.end, True)):
        if cell is not None:
            side = maze.topology.opening_side(cell, exit=exit)
            if side is not None:
                found.add((cell, side))
    return found


def standing(maze: Maze, side: Side, gaps: set[tuple[int, int]]) -> bool:
    """Whether the maze has a wall at ``side``: no passage through it, and no opening."""
    topology = maze.topology
    other = topology.neighbours[side.cell * topology.sides + side.side]
    if other < 0 or not topology.present[other]:  # the outer wall (round a mask: any off cell)
        return (side.cell, side.side) not in gaps
    return not maze.is_open(side.cell, side.side)


def to_pixels(left: float, top: float, scale: float) -> ToPixel:
    """Cell units to pixels when the box's top left is at (``left``, ``top``) pixels and a
    cell is ``scale`` pixels (a PNG export: ``left = top = margin``)."""
    return lambda point: (left + point[0] * scale, top + point[1] * scale)


def pdf_to_pixels(
    left: float, top: float, cell: float, page_size: Point, image_size: tuple[int, int]
) -> ToPixel:
    """Cell units to the pixels of a rendered page, when the box's top left is at PDF point
    (``left``, ``top``) (origin bottom left) and a cell is ``cell`` points: as a manifest's
    bbox gives them, ``left, top = x0, y1``. Renderers stretch the page over whole pixels,
    so each axis has its own scale."""
    scale_x, scale_y = image_size[0] / page_size[0], image_size[1] / page_size[1]
    return lambda point: (
        (left + point[0] * cell) * scale_x,
        (page_size[1] - top + point[1] * cell) * scale_y,
    )


def _ink(pixel) -> int:
    """How light a pixel is: a grey value, or an RGB(A) pixel's brightest colour channel."""
    return max(pixel[:3]) if isinstance(pixel, tuple) else pixel


def _darkest(image, point: Point, radius: float) -> int:
    """The darkest pixel whose centre lies within ``radius`` of ``point`` (or, if none
    does, the pixel under it)."""
    x, y = point
    width, height = image.size
    found = [(int(x), int(y))]
    reach = math.ceil(radius)
    for px in range(int(x) - reach, int(x) + reach + 1):
        for py in range(int(y) - reach, int(y) + reach + 1):
            if math.hypot(px + 0.5 - x, py + 0.5 - y) <= radius:
                found.append((px, py))
    return min(_ink(image.getpixel((px, py))) for px, py in found if 0 <= px < width and 0 <= py < height)


def wall_mismatches(image, to_pixel: ToPixel, maze: Maze, radius: float = 1.0) -> list[str]:
    """Sides where the picture shows ink (within ``radius`` pixels of the side's middle) but
    the maze has a passage or opening there, or shows none where a wall stands."""
    gaps = openings(maze)
    wrong = []
    for side in sides(maze.topology):
        wall = standing(maze, side, gaps)
        if (_darkest(image, to_pixel(side.middle), radius) < DARK) != wall:
            wrong.append(
                f"cell {side.cell} side {side.side}: "
                f"{'wall missing' if wall else 'drawn where the maze is open'}"
            )
    return wrong


def _leaving(side: Side, end: int) -> float:
    """The direction ``side`` leaves its end number ``end`` in (degrees clockwise from 12
    o'clock): towards its other end, along the tangent for an arc."""
    (x, y), (other_x, other_y) = side.ends[end], side.ends[1 - end]
    dx, dy = other_x - x, other_y - y
    if side.centre is not None:
        rx, ry = x - side.centre[0], y - side.centre[1]
        dx, dy = (-ry, rx) if rx * dy - ry * dx > 0 else (ry, -rx)
    return math.degrees(math.atan2(dx, -dy))


def corner_flaws(image, to_pixel: ToPixel, maze: Maze, wall_px: float) -> list[str]:
    """Where standing walls end or meet (walls ``wall_px`` pixels wide): a gap or notch, where
    ink does not reach all round to half the wall's width (less a pixel for anti-aliasing), or
    a spike, ink out at 0.85 of the width away from every wall there (a mitred 60 degree
    corner reaches a full width)."""
    gaps = openings(maze)
    near, far = max(wall_px / 2 - 1.1, 0.5), 0.85 * wall_px
    corners: dict[tuple[float, float], tuple[Point, list[float]]] = {}
    for side in sides(maze.topology):
        if standing(maze, side, gaps):
            for end, point in enumerate(side.ends):
                key = (round(point[0], 6), round(point[1], 6))
                corners.setdefault(key, (point, []))[1].append(_leaving(side, end))

    def ink(point: Point, angle: float, distance: float) -> int:
        x, y = _toward(to_pixel(point), angle, distance)
        return _ink(image.getpixel((round(x - 0.5), round(y - 0.5))))

    wrong = []
    for point, directions in corners.values():
        for angle in range(0, 360, 30):
            if ink(point, angle, near) >= DARK:
                wrong.append(f"gap at {point}, {angle} degrees")
            elif (
                min(abs((angle - d + 180) % 360 - 180) for d in directions) > 50
                and ink(point, angle, far) < DARK
            ):
                wrong.append(f"spike at {point}, {angle} degrees")
    return wrong
