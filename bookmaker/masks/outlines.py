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

import difflib
import math
from dataclasses import dataclass
from typing import Callable, Sequence

from PIL import Image, ImageDraw

from ..errors import BookmakerError

Point = tuple[float, float]

INK = 0
PAPER = 255
SUPERSAMPLE = 4
MARGIN = 0.02  # of the picture's height, white on every side
CIRCLE_STEPS = 360  # points on a full circle: facets stay far below a pixel at 2400 px


@dataclass(frozen=True)
class Part:
    """One filled polygon of an outline: ink adds to the shape, paper cuts it away."""

    points: tuple[Point, ...]
    ink: bool = True


def _part(points: Sequence[Point], ink: bool = True) -> Part:
    return Part(tuple(points), ink)


# Geometry -------------------------------------------------------------------------------


def arc(cx: float, cy: float, radius: float, start: float, end: float) -> list[Point]:
    """Points along a circle from angle ``start`` to ``end`` (radians, either direction)."""
    steps = max(2, math.ceil(abs(end - start) / (2 * math.pi) * CIRCLE_STEPS))
    return [(cx + radius * math.cos(start + (end - start) * i / steps),
             cy + radius * math.sin(start + (end - start) * i / steps)) for i in range(steps + 1)]


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


def regular_polygon(cx: float, cy: float, radius: float, sides: int,
                    first_angle: float) -> list[Point]:
    """A regular polygon's corners, the first at ``first_angle`` degrees from the x axis."""
    return [(cx + radius * math.cos(math.radians(first_angle + 360 * i / sides)),
             cy + radius * math.sin(math.radians(first_angle + 360 * i / sides)))
            for i in range(sides)]


def mirrored(right_half: Sequence[Point]) -> list[Point]:
    """A shape symmetric about x = 0 from its right half's outline, drawn top to bottom."""
    return list(right_half) + [(-x, y) for x, y in reversed(right_half)]


def rounded(points: Sequence[Point], radius: float) -> list[Point]:
    """The polygon grown by ``radius`` on every side: each convex corner becomes an arc.

    Growing rather than trimming keeps every point of the result inside a disc of that
    radius lying wholly in the shape, which is what makes a tip at least two radii thick.
    """
    signed_area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                      in zip(points, list(points[1:]) + [points[0]]))
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
        cross = ((here[0] - before[0]) * (after[1] - here[1])
                 - (here[1] - before[1]) * (after[0] - here[0]))
        if cross * turning > 1e-12:
            start = math.atan2(n_in[1], n_in[0])
            sweep = (math.atan2(n_out[1], n_out[0]) - start) % (2 * math.pi)
            end = start + sweep if turning > 0 else start + sweep - 2 * math.pi
            grown.extend(arc(here[0], here[1], radius, start, end))
        else:
            # A reflex corner: the two grown edges meet at their mitre point.
            scale = radius / (1 + n_in[0] * n_out[0] + n_in[1] * n_out[1])
            grown.append((here[0] + (n_in[0] + n_out[0]) * scale,
                          here[1] + (n_in[1] + n_out[1]) * scale))
    return grown


def stroke(path: Sequence[Point], half_widths: Sequence[float]) -> list[Point]:
    """A thick line along ``path`` with round ends, ``half_widths[i]`` thick at ``path[i]``."""
    normals = []
    for i, (x, y) in enumerate(path):
        ax, ay = path[max(i - 1, 0)]
        bx, by = path[min(i + 1, len(path) - 1)]
        length = math.hypot(bx - ax, by - ay)
        normals.append((-(by - ay) / length, (bx - ax) / length))
    left = [(x + nx * w, y + ny * w) for (x, y), (nx, ny), w in zip(path, normals, half_widths)]
    right = [(x - nx * w, y - ny * w) for (x, y), (nx, ny), w in zip(path, normals, half_widths)]
    end_angle = math.atan2(normals[-1][1], normals[-1][0])
    start_angle = math.atan2(normals[0][1], normals[0][0])
    return (left + arc(*path[-1], half_widths[-1], end_angle, end_angle - math.pi)
            + right[::-1] + arc(*path[0], half_widths[0], start_angle + math.pi, start_angle))


def curve(through: Callable[[float], Point], steps: int = 60) -> list[Point]:
    """``steps + 1`` points of a parametric curve for t from 0 to 1."""
    return [through(i / steps) for i in range(steps + 1)]


def tapering(start: float, end: float, steps: int = 60) -> list[float]:
    return [start + (end - start) * i / steps for i in range(steps + 1)]


# The outlines ---------------------------------------------------------------------------


def _apple() -> list[Part]:
    body = [circle(-0.3, 0.05, 0.7), circle(0.3, 0.05, 0.7), ellipse(0, -0.25, 0.75, 0.55)]
    stem = rounded(rectangle(-0.04, 0.5, 0.04, 1.0), 0.08)
    leaf = ellipse(0.32, 0.95, 0.3, 0.13, tilt=25)
    return [_part(points) for points in body + [stem, leaf]]


def _bell() -> list[Part]:
    dome = ellipse(0, 0.68, 0.45, 0.32)
    flare = curve(lambda t: (0.45 + 0.45 * t ** 2.2, 0.68 - 0.58 * t))
    skirt = mirrored([(0.0, 0.68)] + flare)
    lip = rounded(rectangle(-0.9, 0.06, 0.9, 0.1), 0.05)
    return [_part(dome), _part(skirt), _part(lip), _part(circle(0, 1.0, 0.12)),
            _part(circle(0, -0.02, 0.17))]


def _butterfly() -> list[Part]:
    wings = [ellipse(side * 0.55, 0.35, 0.62, 0.42, tilt=side * 35) for side in (-1, 1)]
    wings += [ellipse(side * 0.38, -0.42, 0.42, 0.3, tilt=-side * 40) for side in (-1, 1)]
    body = ellipse(0, -0.05, 0.13, 0.75)
    return [_part(points) for points in wings + [body]]


def _car() -> list[Part]:
    body = rounded(rectangle(-1.35, 0.35, 1.35, 0.65), 0.15)
    cabin = rounded([(-0.75, 0.7), (0.8, 0.7), (0.45, 1.15), (-0.5, 1.15)], 0.08)
    wheels = [circle(side * 0.9, 0.3, 0.3) for side in (-1, 1)]
    return [_part(points) for points in [body, cabin] + wheels]


def _cat() -> list[Part]:
    body = ellipse(0, 0.62, 0.6, 0.62)
    head = circle(0, 1.42, 0.42)
    ears = [rounded([(side * 0.38, 1.55), (side * 0.36, 1.98), (side * 0.08, 1.8)], 0.05)
            for side in (-1, 1)]
    tail_path = curve(lambda t: (0.35 + 0.7 * math.sin(t * 2.2), 0.12 + 0.75 * t ** 2))
    tail = stroke(tail_path, [0.1] * len(tail_path))
    return [_part(points) for points in [body, head, tail] + ears]


def _circle() -> list[Part]:
    return [_part(circle(0, 0, 1))]


def _cloud() -> list[Part]:
    base = stroke([(-1.3, 0.3), (1.3, 0.3)], [0.3, 0.3])
    puffs = [circle(-0.95, 0.55, 0.45), circle(-0.25, 0.85, 0.62), circle(0.55, 0.75, 0.55),
             circle(1.1, 0.5, 0.38)]
    return [_part(points) for points in [base] + puffs]


def _diamond() -> list[Part]:
    return [_part(rounded([(0, 1), (-0.72, 0), (0, -1), (0.72, 0)], 0.05))]


def _dinosaur() -> list[Part]:
    body = ellipse(0, 1.0, 0.95, 0.5)
    legs = [rounded(rectangle(x, 0.05, x + 0.14, 0.8), 0.06) for x in (-0.75, -0.45, 0.3, 0.6)]
    neck_path = curve(lambda t: (0.6 + 0.75 * t, 1.15 + 1.1 * math.sin(t * math.pi / 2)))
    neck = stroke(neck_path, tapering(0.3, 0.16, len(neck_path) - 1))
    head = ellipse(1.5, 2.28, 0.28, 0.16, tilt=-10)
    tail_path = curve(lambda t: (-0.7 - 1.2 * t, 1.05 - 0.55 * t ** 1.5))
    tail = stroke(tail_path, tapering(0.3, 0.11, len(tail_path) - 1))
    return [_part(points) for points in [body, neck, head, tail] + legs]


def _fish() -> list[Part]:
    body = ellipse(0.2, 0, 1.0, 0.6)
    tail = rounded([(-0.6, 0.2), (-1.35, 0.6), (-1.12, 0), (-1.35, -0.6), (-0.6, -0.2)], 0.05)
    fin = rounded([(-0.25, 0.5), (0.05, 0.8), (0.45, 0.52)], 0.05)
    return [_part(body), _part(tail), _part(fin)]


def _heart() -> list[Part]:
    def heart_point(t: float) -> Point:
        angle = 2 * math.pi * t
        return (16 * math.sin(angle) ** 3,
                13 * math.cos(angle) - 5 * math.cos(2 * angle) - 2 * math.cos(3 * angle)
                - math.cos(4 * angle))
    return [_part(curve(heart_point, CIRCLE_STEPS)[:-1])]


def _hexagon() -> list[Part]:
    return [_part(regular_polygon(0, 0, 1, 6, 0))]


def _house() -> list[Part]:
    walls = rectangle(-0.8, 0, 0.8, 1.1)
    roof = rounded([(-1.0, 1.05), (1.0, 1.05), (0, 1.9)], 0.04)
    chimney = rectangle(0.4, 1.2, 0.66, 1.85)
    door = rectangle(-0.2, 0, 0.2, 0.6)
    return [_part(walls), _part(roof), _part(chimney), _part(door, ink=False)]


def _moon() -> list[Part]:
    # The lit disc minus a shifted dark disc, traced as one polygon so that its horns can be
    # grown round and thick rather than left as hairline points.
    lit_radius, dark_radius, shift = 1.0, 0.82, 0.55
    tip_x = (lit_radius ** 2 - dark_radius ** 2 + shift ** 2) / (2 * shift)
    tip_y = math.sqrt(lit_radius ** 2 - tip_x ** 2)
    lit_angle = math.atan2(tip_y, tip_x)
    dark_angle = math.atan2(tip_y, tip_x - shift)
    crescent = (arc(0, 0, lit_radius, lit_angle, 2 * math.pi - lit_angle)
                + arc(shift, 0, dark_radius, -dark_angle, dark_angle - 2 * math.pi)[1:-1])
    return [_part(rounded(crescent, 0.09))]


def _mushroom() -> list[Part]:
    cap = arc(0, 0.7, 1.0, 0, math.pi)
    cap = [(x, 0.7 + (y - 0.7) * 0.85) for x, y in cap] + curve(
        lambda t: (-1.0 + 2 * t, 0.7 - 0.12 * math.sin(math.pi * t)))[1:-1]
    stem = [(-0.28, 0.7), (-0.34, 0.05), (0.34, 0.05), (0.28, 0.7)]
    return [_part(cap), _part(rounded(stem, 0.05))]


def _rocket() -> list[Part]:
    nose = curve(lambda t: (0.32 * math.sin(math.pi / 2 * (1 - t)) ** 0.7, 1.55 + 0.85 * t))
    hull = mirrored(nose[::-1] + [(0.32, 0.35)])
    fins = [rounded([(side * 0.3, 1.0), (side * 0.62, 0.45), (side * 0.62, 0.1),
                     (side * 0.3, 0.45)], 0.04) for side in (-1, 1)]
    nozzle = [(-0.22, 0.4), (-0.3, 0.05), (0.3, 0.05), (0.22, 0.4)]
    return [_part(points) for points in [hull, nozzle] + fins]


def _snowman() -> list[Part]:
    balls = [circle(0, 0.55, 0.55), circle(0, 1.4, 0.42), circle(0, 2.0, 0.3)]
    hat = [rounded(rectangle(-0.36, 2.2, 0.36, 2.24), 0.04), rectangle(-0.22, 2.2, 0.22, 2.62)]
    return [_part(points) for points in balls + hat]


def _star() -> list[Part]:
    corners = [point for i in range(5) for point in (
        regular_polygon(0, 0, 1.0, 5, 90 + 72 * i)[0],
        regular_polygon(0, 0, 0.5, 5, 126 + 72 * i)[0])]
    return [_part(rounded(corners, 0.09))]


def _tree() -> list[Part]:
    tiers = [rounded([(-half, base), (half, base), (0, apex)], 0.04)
             for half, base, apex in ((0.82, 0.4, 1.2), (0.66, 0.85, 1.6), (0.48, 1.25, 1.95))]
    trunk = rectangle(-0.16, 0, 0.16, 0.5)
    return [_part(points) for points in [trunk] + tiers]


def _triangle() -> list[Part]:
    return [_part(rounded(regular_polygon(0, 0, 1, 3, 90), 0.06))]


def _turtle() -> list[Part]:
    shell = arc(0, 0.4, 1.0, 0, math.pi)
    shell = [(x, 0.4 + (y - 0.4) * 0.75) for x, y in shell]
    rim = rounded(rectangle(-1.05, 0.32, 1.05, 0.42), 0.06)
    neck = stroke(curve(lambda t: (0.85 + 0.45 * t, 0.45 + 0.3 * t)), [0.13] * 61)
    head = ellipse(1.38, 0.75, 0.26, 0.2)
    legs = [rounded(rectangle(x, 0.06, x + 0.24, 0.4), 0.06) for x in (-0.7, 0.45)]
    tail = rounded([(-1.0, 0.42), (-1.3, 0.3), (-1.0, 0.3)], 0.05)
    return [_part(points) for points in [shell, rim, neck, head, tail] + legs]


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
    "fish": ("a fish swimming right", _fish),
    "heart": ("a heart", _heart),
    "hexagon": ("a regular hexagon, flat top and bottom", _hexagon),
    "house": ("a house with a roof, chimney and door", _house),
    "moon": ("a crescent moon", _moon),
    "mushroom": ("a mushroom with a domed cap", _mushroom),
    "rocket": ("a rocket with fins", _rocket),
    "snowman": ("a snowman in a top hat", _snowman),
    "star": ("a five-pointed star", _star),
    "tree": ("a fir tree with its trunk", _tree),
    "triangle": ("an equilateral triangle", _triangle),
    "turtle": ("a turtle seen from the side", _turtle),
}

OUTLINES: dict[str, str] = {name: _CATALOGUE[name][0] for name in sorted(_CATALOGUE)}
_PARTS: dict[str, tuple[Part, ...]] = {name: tuple(build()) for name, (_, build)
                                       in _CATALOGUE.items()}


def _bounds(parts: Sequence[Part]) -> tuple[float, float, float, float]:
    """The box round an outline's ink; paper only ever cuts inside it."""
    xs = [x for part in parts if part.ink for x, _ in part.points]
    ys = [y for part in parts if part.ink for _, y in part.points]
    return min(xs), min(ys), max(xs), max(ys)


def _parts_of(name: str) -> tuple[Part, ...]:
    try:
        return _PARTS[name]
    except KeyError:
        close = difflib.get_close_matches(name, OUTLINES, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise BookmakerError(
            f"unknown outline '{name}'{hint}; choose one of: {', '.join(OUTLINES)}"
        ) from None


def outline_image(name: str, height_px: int = 600) -> Image.Image:
    """The outline filled black (0) on white (255), ``height_px`` high, in mode "L".

    The width is ``round(height_px * aspect)``; the shape is centred with a white margin of
    2 % of the height (a little more across a wide shape, which the rounding of the width
    leaves). An unknown name raises ``BookmakerError`` listing the valid ones.
    """
    parts = _parts_of(name)
    left, bottom, right, top = _bounds(parts)
    width_px = max(1, round(height_px * (right - left) / (top - bottom)))
    canvas_width, canvas_height = width_px * SUPERSAMPLE, height_px * SUPERSAMPLE
    margin = MARGIN * canvas_height
    scale = min((canvas_width - 2 * margin) / (right - left),
                (canvas_height - 2 * margin) / (top - bottom))
    offset_x = (canvas_width - (right - left) * scale) / 2
    offset_y = (canvas_height - (top - bottom) * scale) / 2

    canvas = Image.new("L", (canvas_width, canvas_height), PAPER)
    pen = ImageDraw.Draw(canvas)
    for part in parts:
        pen.polygon([(offset_x + (x - left) * scale, offset_y + (top - y) * scale)
                     for x, y in part.points], fill=INK if part.ink else PAPER)
    return canvas.resize((width_px, height_px), Image.Resampling.LANCZOS)
