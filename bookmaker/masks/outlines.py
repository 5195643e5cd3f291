"""Built-in silhouettes for mask mazes: a heart, a fish, a house ... as greyscale pictures.

A mask maze keeps only the cells under an outline's dark pixels, so each outline here is drawn
to survive that sampling: one connected dark piece with no holes, and no neck, spike or
appendage thinner than about a twelfth of its height, so that a 20x20 grid of cells still
keeps it in one piece and a 60x60 one still shows what it is.

Every outline is built from geometry written here (polygons from parametric curves, circles,
thick strokes and rounded corners), never from copied art or font glyphs, in its own units
with y pointing up. ``outline_image`` fits it into a picture with a small white margin,
drawing at four times the size and downsampling so that the edges are smooth; nothing is
random, so a picture is the same bytes every time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from ..errors import BookmakerError
from ..wording import did_you_mean

__all__ = ["OUTLINES", "outline_image"]

Point = tuple[float, float]

INK = 0
PAPER = 255
SUPERSAMPLE = 4
MARGIN = 0.02  # of the picture's height, white on every side
CIRCLE_STEPS = 360  # points on a full circle: facets stay far below a pixel at 2400 px
CURVE_STEPS = 60  # points along a stroke's path or a leaf's edge


@dataclass(frozen=True)
class Part:
    """One filled polygon of an outline: ink adds to the shape, paper cuts it away."""

    points: tuple[Point, ...]
    ink: bool = True


# Geometry -------------------------------------------------------------------------------


def arc(cx: float, cy: float, radius: float, start: float, end: float) -> list[Point]:
    """Points along a circle from angle ``start`` to ``end`` (radians, either direction)."""
    steps = max(2, math.ceil(abs(end - start) / (2 * math.pi) * CIRCLE_STEPS))
    return [
        (
            cx + radius * math.cos(start + (end - start) * i / steps),
            cy + radius * math.sin(start + (end - start) * i / steps),
        )
        for i in range(steps + 1)
    ]


def ellipse(cx: float, cy: float, rx: float, ry: float, tilt: float = 0.0) -> list[Point]:
    """An ellipse's outline, its x axis turned ``tilt`` degrees anticlockwise."""
    turn = math.radians(tilt)
    cos_t, sin_t = math.cos(turn), math.sin(turn)
    points = []
    for i in range(CIRCLE_STEPS):
        angle = 2 * math.pi * i / CIRCLE_STEPS
        x, y = rx * math.cos(angle), ry * math.sin(angle)
        points.append((cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t))
    return points


def circle(cx: float, cy: float, radius: float) -> list[Point]:
    return ellipse(cx, cy, radius, radius)


def rectangle(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def regular_polygon(cx: float, cy: float, radius: float, sides: int, first_angle: float) -> list[Point]:
    """A regular polygon's corners, the first at ``first_angle`` degrees from the x axis."""
    return [
        (
            cx + radius * math.cos(math.radians(first_angle + 360 * i / sides)),
            cy + radius * math.sin(math.radians(first_angle + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def mirrored(right_half: Sequence[Point]) -> list[Point]:
    """A shape symmetric about x = 0 from its right half's outline, listed top to bottom."""
    return list(right_half) + [(-x, y) for x, y in reversed(right_half)]


def rounded(points: Sequence[Point], radius: float) -> list[Point]:
    """The polygon grown by ``radius`` on every side: each convex corner becomes an arc.

    Growing rather than trimming keeps every point of the result inside a disc of that
    radius lying wholly in the shape, which is what makes a tip at least two radii thick.
    """
    signed_area = sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, list(points[1:]) + [points[0]], strict=True)
    )
    turning = 1 if signed_area > 0 else -1

    def outward_normal(a: Point, b: Point) -> Point:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        return (turning * dy / length, -turning * dx / length)

    grown: list[Point] = []
    count = len(points)
    for i in range(count):
        before, here, after = points[i - 1], points[i], points[(i + 1) % count]
        n_in, n_out = outward_normal(before, here), outward_normal(here, after)
        if turn(before, here, after) * turning > 1e-12:
            start = math.atan2(n_in[1], n_in[0])
            sweep = (math.atan2(n_out[1], n_out[0]) - start) % (2 * math.pi)
            end = start + sweep if turning > 0 else start + sweep - 2 * math.pi
            grown.extend(arc(here[0], here[1], radius, start, end))
        else:
            # A reflex corner: the two grown edges meet at their mitre point.
            scale = radius / (1 + n_in[0] * n_out[0] + n_in[1] * n_out[1])
            grown.append((here[0] + (n_in[0] + n_out[0]) * scale, here[1] + (n_in[1] + n_out[1]) * scale))
    return grown


def stroke(path: Sequence[Point], half_width: float, end_half_width: float | None = None) -> list[Point]:
    """A thick line along ``path`` with round ends, ``half_width`` either side of it,
    tapering evenly to ``end_half_width`` at its end when that is given."""
    end_half_width = half_width if end_half_width is None else end_half_width
    widths = [half_width + (end_half_width - half_width) * i / (len(path) - 1) for i in range(len(path))]
    normals = []
    for i in range(len(path)):
        ax, ay = path[max(i - 1, 0)]
        bx, by = path[min(i + 1, len(path) - 1)]
        length = math.hypot(bx - ax, by - ay)
        normals.append((-(by - ay) / length, (bx - ax) / length))
    left = [(x + nx * w, y + ny * w) for (x, y), (nx, ny), w in zip(path, normals, widths, strict=True)]
    right = [(x - nx * w, y - ny * w) for (x, y), (nx, ny), w in zip(path, normals, widths, strict=True)]
    end_angle = math.atan2(normals[-1][1], normals[-1][0])
    start_angle = math.atan2(normals[0][1], normals[0][0])
    return (
        left
        + arc(*path[-1], widths[-1], end_angle, end_angle - math.pi)
        + right[::-1]
        + arc(*path[0], widths[0], start_angle + math.pi, start_angle)
    )


def curve(through: Callable[[float], Point], steps: int = CURVE_STEPS) -> list[Point]:
    """``steps + 1`` points of a parametric curve, for t from 0 to 1."""
    return [through(i / steps) for i in range(steps + 1)]


def turn(a: Point, b: Point, c: Point) -> float:
    """Positive when a, b, c turn anticlockwise, negative when clockwise, 0 in a line."""
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])


def hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of ``points``, anticlockwise (Andrew's monotone chain)."""
    ordered = sorted(set(points))

    def half(in_order: Sequence[Point]) -> list[Point]:
        chain: list[Point] = []
        for point in in_order:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], point) <= 0:
                chain.pop()
            chain.append(point)
        return chain[:-1]

    return half(ordered) + half(ordered[::-1])


def leaf(base: Point, tip: Point, width: float) -> list[Point]:
    """A pointed leaf from ``base`` to ``tip``, ``width`` across at its widest, tips rounded."""
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    length = math.hypot(dx, dy)
    across = (-dy / length, dx / length)

    def edge(side: int) -> list[Point]:
        return [
            (
                base[0] + dx * t + side * across[0] * width / 2 * math.sin(math.pi * t),
                base[1] + dy * t + side * across[1] * width / 2 * math.sin(math.pi * t),
            )
            for t in (i / CURVE_STEPS for i in range(CURVE_STEPS + 1))
        ]

    return rounded(edge(1) + edge(-1)[::-1][1:-1], 0.03)


def _point(coordinates: Iterable[float]) -> Point:
    """The point whose x and y ``coordinates`` are, in that order."""
    x, y = coordinates
    return x, y


def smooth(through: Sequence[Point], steps: int = 30) -> list[Point]:
    """A closed smooth curve through ``through`` in turn (a uniform Catmull-Rom spline)."""
    count = len(through)
    points = []
    for i in range(count):
        p0, p1, p2, p3 = (through[(i + k) % count] for k in (-1, 0, 1, 2))
        for step in range(steps):
            t = step / steps
            points.append(
                _point(
                    0.5
                    * (
                        2 * b
                        + (c - a) * t
                        + (2 * a - 5 * b + 4 * c - d) * t * t
                        + (3 * b - a - 3 * c + d) * t**3
                    )
                    for a, b, c, d in zip(p0, p1, p2, p3, strict=True)
                )
            )
    return points


# The outlines, in their own units with y up ------------------------------------------


def ink(*shapes: Sequence[Point]) -> list[Part]:
    return [Part(tuple(shape)) for shape in shapes]


def _apple() -> list[Part]:
    right_side = [(0.35, 0.8), (0.8, 0.66), (1.0, 0.2), (0.9, -0.4), (0.55, -0.8), (0.2, -0.84)]
    body = smooth([(0.0, 0.64)] + right_side + [(0.0, -0.81)] + [(-x, y) for x, y in reversed(right_side)])
    stem = stroke(curve(lambda t: (0.1 * t**2, 0.5 + 0.65 * t)), 0.115)
    return ink(body, stem, leaf((0.06, 1.0), (0.52, 1.32), 0.3))


def _bell() -> list[Part]:
    shoulder = [(x, 0.9 + (y - 0.9) * 0.8) for x, y in arc(0, 0.9, 0.5, math.pi / 2, 0)]
    flaring_wall = curve(lambda t: (0.5 + 0.08 * t + 0.3 * t**3, 0.9 - 0.7 * t))[1:]
    body = rounded(mirrored(shoulder + flaring_wall + [(0.88, 0.02)]), 0.05)
    return ink(body, circle(0, 1.3, 0.14), circle(0, -0.02, 0.2))


def _butterfly() -> list[Part]:
    upper_wings = [ellipse(side * 0.55, 0.42, 0.62, 0.42, tilt=side * 35) for side in (-1, 1)]
    lower_wings = [ellipse(side * 0.4, -0.38, 0.46, 0.3, tilt=-side * 50) for side in (-1, 1)]
    body = [ellipse(0, -0.05, 0.15, 0.72), circle(0, 0.7, 0.17)]
    antennae = [stroke([(side * 0.05, 0.75), (side * 0.3, 1.12)], 0.1) for side in (-1, 1)]
    knobs = [circle(side * 0.3, 1.12, 0.14) for side in (-1, 1)]
    return ink(*upper_wings, *lower_wings, *body, *antennae, *knobs)


def _car() -> list[Part]:
    body = rounded(rectangle(-1.35, 0.35, 1.35, 0.65), 0.15)
    cabin = rounded([(-0.75, 0.7), (0.8, 0.7), (0.45, 1.15), (-0.5, 1.15)], 0.08)
    return ink(body, cabin, circle(-0.9, 0.3, 0.3), circle(0.9, 0.3, 0.3))


def _cat() -> list[Part]:
    body = hull(circle(0, 0.5, 0.55) + circle(0, 1.0, 0.3))
    head = circle(0, 1.42, 0.42)
    ears = [
        rounded([(side * 0.32, 1.66), (side * 0.38, 2.02), (side * 0.04, 1.82)], 0.05) for side in (-1, 1)
    ]
    tail = stroke(curve(lambda t: (0.35 + 0.7 * math.sin(2.2 * t), 0.12 + 0.75 * t**2)), 0.1)
    return ink(body, head, *ears, tail)


def _circle() -> list[Part]:
    return ink(circle(0, 0, 1))


def _cloud() -> list[Part]:
    flat_bottom = stroke([(-0.9, 0.3), (0.9, 0.3)], 0.3)
    return ink(flat_bottom, circle(-0.78, 0.62, 0.4), circle(-0.05, 0.98, 0.58), circle(0.74, 0.68, 0.42))


def _diamond() -> list[Part]:
    return ink(rounded([(0, 1), (-0.72, 0), (0, -1), (0.72, 0)], 0.05))


def _dinosaur() -> list[Part]:
    body = ellipse(0, 1.0, 1.0, 0.62)
    legs = [rounded(rectangle(x, 0.06, x + 0.22, 0.8), 0.06) for x in (-0.8, -0.45, 0.28, 0.6)]
    neck = stroke(curve(lambda t: (0.65 + 0.7 * t, 1.15 + 0.9 * math.sin(t * math.pi / 2))), 0.34, 0.17)
    head = ellipse(1.52, 2.1, 0.32, 0.19, tilt=-10)
    tail = stroke(curve(lambda t: (-0.75 - 0.8 * t, 1.05 - 0.5 * t**1.5)), 0.36, 0.13)
    return ink(body, *legs, neck, head, tail)


def _duck() -> list[Part]:
    body = smooth(
        [
            (-0.98, 1.08),
            (-0.5, 0.82),
            (0.2, 1.0),
            (0.88, 0.68),
            (0.78, 0.15),
            (0.0, 0.0),
            (-0.78, 0.12),
            (-1.08, 0.6),
        ]
    )
    beak = rounded([(0.68, 1.36), (1.15, 1.28), (1.13, 1.12), (0.68, 1.1)], 0.05)
    return ink(body, circle(0.38, 1.32, 0.42), beak)


def _fish() -> list[Part]:
    body = ellipse(0.2, 0, 1.0, 0.62)
    forked_tail = rounded([(-0.6, 0.2), (-1.35, 0.68), (-1.1, 0), (-1.35, -0.68), (-0.6, -0.2)], 0.06)
    fin = rounded([(-0.3, 0.5), (0.0, 0.85), (0.45, 0.55)], 0.06)
    return ink(body, forked_tail, fin)


def _heart() -> list[Part]:
    def heart_point(t: float) -> Point:
        angle = 2 * math.pi * t
        return (
            16 * math.sin(angle) ** 3,
            13 * math.cos(angle) - 5 * math.cos(2 * angle) - 2 * math.cos(3 * angle) - math.cos(4 * angle),
        )

    return ink(curve(heart_point, CIRCLE_STEPS)[:-1])


def _hexagon() -> list[Part]:
    return ink(regular_polygon(0, 0, 1, 6, 0))


def _house() -> list[Part]:
    walls = rectangle(-0.8, 0, 0.8, 1.1)
    roof = rounded([(-0.98, 1.05), (0.98, 1.05), (0, 1.88)], 0.08)
    chimney = rectangle(0.4, 1.2, 0.66, 1.85)
    door = Part(tuple(rectangle(-0.2, 0, 0.2, 0.6)), ink=False)
    return ink(walls, roof, chimney) + [door]


def _moon() -> list[Part]:
    # The lit disc minus a shifted dark disc, traced as one polygon so that its horns can be
    # grown round and thick rather than left as hairline points.
    lit_radius, dark_radius, shift = 1.0, 0.82, 0.55
    tip_x = (lit_radius**2 - dark_radius**2 + shift**2) / (2 * shift)
    tip_y = math.sqrt(lit_radius**2 - tip_x**2)
    lit_angle = math.atan2(tip_y, tip_x)
    dark_angle = math.atan2(tip_y, tip_x - shift)
    crescent = (
        arc(0, 0, lit_radius, lit_angle, 2 * math.pi - lit_angle)
        + arc(shift, 0, dark_radius, -dark_angle, dark_angle - 2 * math.pi)[1:-1]
    )
    return ink(rounded(crescent, 0.1))


def _mushroom() -> list[Part]:
    dome = [(x, 0.7 + (y - 0.7) * 0.85) for x, y in arc(0, 0.7, 1.0, 0, math.pi)]
    arched_underside = curve(lambda t: (-1.0 + 2 * t, 0.7 - 0.12 * math.sin(math.pi * t)))
    stem = rounded([(-0.28, 0.7), (-0.34, 0.05), (0.34, 0.05), (0.28, 0.7)], 0.05)
    return ink(dome + arched_underside[1:-1], stem)


def _rocket() -> list[Part]:
    nose = curve(lambda t: (0.4 * math.sin(math.pi / 2 * (1 - t)) ** 0.7, 1.3 + 0.85 * t))
    fuselage = mirrored(nose[::-1] + [(0.4, 0.3)])
    fins = [
        rounded([(side * 0.38, 1.0), (side * 0.75, 0.45), (side * 0.75, 0.05), (side * 0.38, 0.3)], 0.06)
        for side in (-1, 1)
    ]
    nozzle = [(-0.25, 0.35), (-0.32, 0.0), (0.32, 0.0), (0.25, 0.35)]
    return ink(fuselage, nozzle, *fins)


def _star() -> list[Part]:
    # An inner radius of half the outer one (a geometric star has 0.38) keeps the points fat.
    corners = [
        corner
        for i in range(5)
        for corner in (
            regular_polygon(0, 0, 1.0, 5, 90 + 72 * i)[0],
            regular_polygon(0, 0, 0.5, 5, 126 + 72 * i)[0],
        )
    ]
    return ink(rounded(corners, 0.09))


def _tree() -> list[Part]:
    tiers = [
        rounded([(-half_width, base), (half_width, base), (0, apex)], 0.07)
        for half_width, base, apex in ((0.8, 0.4, 1.25), (0.64, 0.85, 1.62), (0.46, 1.25, 1.95))
    ]
    return ink(rectangle(-0.16, 0, 0.16, 0.5), *tiers)


def _triangle() -> list[Part]:
    return ink(rounded(regular_polygon(0, 0, 1, 3, 90), 0.06))


def _turtle() -> list[Part]:
    shell = [(x, 0.4 + (y - 0.4) * 0.95) for x, y in arc(0, 0.4, 0.95, 0, math.pi)]
    rim = rounded(rectangle(-1.0, 0.32, 1.0, 0.44), 0.06)
    neck = stroke(curve(lambda t: (0.8 + 0.3 * t, 0.4 + 0.25 * t)), 0.17)
    head = ellipse(1.2, 0.7, 0.3, 0.25)
    legs = [rounded(rectangle(x, 0.06, x + 0.32, 0.4), 0.06) for x in (-0.75, 0.38)]
    tail = rounded([(-0.95, 0.48), (-1.15, 0.38), (-0.95, 0.3)], 0.08)
    return ink(shell, rim, neck, head, tail, *legs)


_CATALOGUE: dict[str, tuple[str, Callable[[], list[Part]]]] = {
    "apple": ("an apple with its stem and a leaf", _apple),
    "bell": ("a bell with its clapper", _bell),
    "butterfly": ("a butterfly with open wings", _butterfly),
    "car": ("a car seen from the side", _car),
    "cat": ("a cat sitting, its tail curled round", _cat),
    "circle": ("a circle", _circle),
    "cloud": ("a fluffy cloud with a flat bottom", _cloud),
    "diamond": ("a diamond (rhombus) standing on its point", _diamond),
    "dinosaur": ("a long-necked dinosaur", _dinosaur),
    "duck": ("a rubber duck", _duck),
    "fish": ("a fish swimming right", _fish),
    "heart": ("a heart", _heart),
    "hexagon": ("a regular hexagon, flat top and bottom", _hexagon),
    "house": ("a house with a roof, chimney and door", _house),
    "moon": ("a crescent moon", _moon),
    "mushroom": ("a mushroom with a domed cap", _mushroom),
    "rocket": ("a rocket with fins", _rocket),
    "star": ("a five-pointed star", _star),
    "tree": ("a fir tree with its trunk", _tree),
    "triangle": ("an equilateral triangle", _triangle),
    "turtle": ("a turtle seen from the side", _turtle),
}

OUTLINES: dict[str, str] = {name: _CATALOGUE[name][0] for name in sorted(_CATALOGUE)}


def _bounds(parts: Sequence[Part]) -> tuple[float, float, float, float]:
    """The box round an outline's ink; paper only ever cuts inside it."""
    xs = [x for part in parts if part.ink for x, _ in part.points]
    ys = [y for part in parts if part.ink for _, y in part.points]
    return min(xs), min(ys), max(xs), max(ys)


@cache
def _parts_of(name: str) -> tuple[Part, ...]:
    """The outline's parts, built when first asked for rather than on import."""
    if name not in _CATALOGUE:
        raise BookmakerError(
            f"unknown outline '{name}'{did_you_mean(name, OUTLINES)}; choose one of: {', '.join(OUTLINES)}"
        )
    return tuple(_CATALOGUE[name][1]())


def outline_image(name: str, height_px: int = 600) -> Image.Image:
    """The outline filled black (0) on white (255), ``height_px`` high, in mode "L".

    The width is ``round(height_px * aspect)``, the aspect being the outline's own width over
    its height once a white margin of 2 % of the picture's height is added on every side; the
    shape is centred. An unknown name raises ``BookmakerError`` listing the valid ones.
    """
    # A copy: the caller may draw on its picture, and the next one is drawn the same.
    return _outline_picture(name, height_px).copy()


@lru_cache(maxsize=len(_CATALOGUE))
def _outline_picture(name: str, height_px: int) -> Image.Image:
    """``outline_image``'s drawing, kept: a mask cuts the same outline into grids of several
    sizes and shapes, and drawing it supersampled takes longer than cutting it."""
    parts = _parts_of(name)
    left, bottom, right, top = _bounds(parts)
    picture_height = (top - bottom) / (1 - 2 * MARGIN)  # in the outline's units
    aspect = (right - left + 2 * MARGIN * picture_height) / picture_height
    width_px = max(1, round(height_px * aspect))

    canvas_width, canvas_height = width_px * SUPERSAMPLE, height_px * SUPERSAMPLE
    margin = MARGIN * canvas_height
    scale = min((canvas_width - 2 * margin) / (right - left), (canvas_height - 2 * margin) / (top - bottom))
    offset_x = (canvas_width - (right - left) * scale) / 2
    offset_y = (canvas_height - (top - bottom) * scale) / 2
    canvas = Image.new("L", (canvas_width, canvas_height), PAPER)
    pen = ImageDraw.Draw(canvas)
    for part in parts:
        pen.polygon(
            [(offset_x + (x - left) * scale, offset_y + (top - y) * scale) for x, y in part.points],
            fill=INK if part.ink else PAPER,
        )
    return canvas.resize((width_px, height_px), Image.Resampling.LANCZOS)
