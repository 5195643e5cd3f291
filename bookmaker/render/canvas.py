"""Drawing a ``MazeDrawing`` on a reportlab canvas.

Walls go out as one path in whole-cell units under a transform: short
coordinates keep pages small. Square walls get square caps that close the
corners; other shapes round caps and joins, and arcs become Bezier curves.
"""

from __future__ import annotations

import math
import os
from contextlib import contextmanager
from typing import BinaryIO, Iterator

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..geometry import Arc, MazeDrawing, PathStep, Point, Rect, Wall
from ..views import Style


def hex_to_rgb(color: str) -> tuple[float, float, float]:
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _tint(level: float) -> float:
    """A colour component (or grey) lightened to 45 % of its strength."""
    return 1 - (1 - level) * 0.45


def _polygon(canvas: Canvas, points: list[Point]) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _arc(path, arc: Arc, join: bool) -> None:
    """``arc`` added to ``path``, joined to the current point by a line or starting anew.

    The canvas is flipped to y down, so reportlab's anticlockwise-from-3-o'clock
    angles turn clockwise from 3 o'clock: 90 degrees before ours from 12.
    """
    box = (arc.cx - arc.radius, arc.cy - arc.radius, arc.cx + arc.radius, arc.cy + arc.radius)
    (path.arcTo if join else path.arc)(*box, startAng=arc.start - 90, extent=arc.end - arc.start)


def _walls(canvas: Canvas, walls: list[Wall]):
    path = canvas.beginPath()
    for wall in walls:
        if isinstance(wall, Arc):
            _arc(path, wall, join=False)
        else:
            x0, y0, x1, y1 = wall
            path.moveTo(x0, y0)
            path.lineTo(x1, y1)
    return path


def _line(canvas: Canvas, steps: list[PathStep]):
    path = canvas.beginPath()
    path.moveTo(*steps[0])
    for step in steps[1:]:
        if isinstance(step, Arc):
            _arc(path, step, join=True)
        else:
            path.lineTo(*step)
    return path


def draw_maze(canvas: Canvas, drawing: MazeDrawing, left: float, top: float, cell: float,
              style: Style) -> None:
    """Draw with the maze's outer top-left corner at (``left``, ``top``) in points, ``cell`` points a cell."""
    canvas.saveState()
    canvas.translate(left, top)
    canvas.scale(cell, -cell)
    if drawing.solution_cells and style.solution == "cells":
        # A light tint of the solution colour, opaque: printers reject transparency.
        if style.solution_grey is None:
            canvas.setFillColorRGB(*(_tint(level) for level in hex_to_rgb(style.solution_color)))
        else:
            canvas.setFillGray(_tint(style.solution_grey))
        path = canvas.beginPath()
        for shape in drawing.solution_cells:
            if isinstance(shape, Rect):
                path.rect(*shape)
            else:
                path.moveTo(*shape[0])
                for point in shape[1:]:
                    path.lineTo(*point)
                path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.setLineCap(1 if drawing.round_walls else 2)
    canvas.setLineJoin(1 if drawing.round_walls else 0)
    # Rounded up to reportlab's six decimals, so the printed width never dips under the minimum.
    canvas.setLineWidth(math.ceil(style.wall_width / cell * 1e6) / 1e6)
    if style.wall_color:
        canvas.setStrokeColorRGB(*hex_to_rgb(style.wall_color))
    else:
        canvas.setStrokeGray(style.wall_grey)
    canvas.drawPath(_walls(canvas, drawing.walls), stroke=1, fill=0)
    if drawing.solution and style.solution == "line":
        if style.solution_grey is None:
            canvas.setStrokeColorRGB(*hex_to_rgb(style.solution_color))
        else:
            canvas.setStrokeGray(style.solution_grey)
        canvas.setLineWidth(style.solution_width / cell)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        canvas.drawPath(_line(canvas, drawing.solution), stroke=1, fill=0)
    if style.marker_color:
        canvas.setFillColorRGB(*hex_to_rgb(style.marker_color))
    else:
        canvas.setFillGray(style.marker_grey)
    for marker in (drawing.start_marker, drawing.end_marker):
        if marker:
            _polygon(canvas, marker)
    canvas.restoreState()


@contextmanager
def reproducible_canvas(out: BinaryIO, pagesize: tuple[float, float], font: str,
                        font_size: float = 10.0) -> Iterator[Canvas]:
    """A canvas whose bytes depend only on what is drawn; saved into ``out`` on exit.

    ``invariant`` fixes reportlab's date and document id. SOURCE_DATE_EPOCH
    would still move the date, so it is ignored: the config and seed alone
    decide every byte. ``initialFontName`` names an embedded font, or reportlab
    lists an unembedded Helvetica. Streams stay binary: ASCII85 adds a quarter.
    """
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    saved_epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        canvas = Canvas(out, pagesize=pagesize, invariant=1, pageCompression=1,
                        initialFontName=font, initialFontSize=font_size)
    finally:
        if saved_epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved_epoch
    try:
        yield canvas
        canvas.save()
    finally:
        rl_config.useA85 = saved_a85
