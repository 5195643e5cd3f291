"""Drawing a ``MazeDrawing`` on a reportlab canvas.

Walls go out as one path in whole-cell units under a transform: short
coordinates keep pages small. Square walls get square caps that close the
corners; other shapes round caps and joins, and arcs become Bezier curves.
Straight paths are written as text in bulk, byte for byte what reportlab's
path object writes a call at a time (``_PathText``), and a poster's pages are
compressed sharing the walls they begin with (``compress_pages``); a poster's polygon
walls are written only then, a piece at a time into the compressor (``stream_paths``),
and compressed while its answer is still worked out (``PosterPages``), written by a
process of its own where one can be forked and the walls pay for it (``_TextAside``).
"""

from __future__ import annotations

import gc
import math
import os
import re
import signal
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from itertools import chain
from operator import itemgetter
from typing import BinaryIO, NamedTuple, NoReturn, TypeGuard

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFStream
from reportlab.pdfgen.canvas import Canvas

from ..colours import RGB, Inks, hex_to_rgb
from ..geometry import Arc, MazeDrawing, PathStep, Point, Rect, Wall
from ..geometry.polar import PolarWalls
from ..geometry.polygons import LatticeWalls
from ..geometry.primitives import dashes, solid_pieces
from ..geometry.square import CentreLine, GridWalls
from ..layout.views import Style
from ..processes import usable_cores
from .pdfx import canvas_options, declare


def _tint(level: float, strength: float = 0.45) -> float:
    """A colour component (or grey) lightened to ``strength`` of its ink."""
    return 1 - (1 - level) * strength


# The patch under an end inside the maze: a fifth of the marker's ink, so black marks sit on
# 20 % grey, above the 10 % printers still reproduce, and walls read clearly over it.
HALO_STRENGTH = 0.2


def _polygon_text(points: Sequence[Point]) -> str:
    """A closed polygon's path, as reportlab's path object writes it."""
    return " ".join([f"{fp_str(*points[0])} m", *(f"{fp_str(*point)} l" for point in points[1:]), "h"])


def fill_polygon(canvas: Canvas, points: Sequence[Point]) -> None:
    _fill(canvas, _polygon_text(points))


def _fill(canvas: Canvas, path_text: str) -> None:
    canvas.drawPath(_PathText(path_text), stroke=0, fill=1)


class _ArcText:
    """Arcs' path text, byte for byte what reportlab's path object writes for ``arc`` (from
    a move to its start, ``m``) and ``arcTo`` (a line to its start, ``l``), called as
    ``_arc_call`` does: ``pdfgeom.bezierArc``'s curves of at most 90 degrees, its arithmetic
    in its order so that every float rounds alike, and each operator's numbers in one
    ``fp_str``.

    A curve's points are its circle's centre plus its radius times numbers that depend
    on the arc's angles alone: those are worked out once for each start and end, which a
    poster's circles share (every ring spans the angles the ring inside it does, unless it
    has more cells), and the centre and radius once for each circle. A poster has a few
    hundred thousand arcs, which took reportlab seconds.
    """

    def __init__(self) -> None:
        # (start, end) -> the first point's two numbers and each curve's other six
        self.curves: dict[tuple[float, float], tuple[float, float, list[tuple[float, ...]]]] = {}
        self.frames: dict[tuple[float, float, float], tuple[float, float, float, float]] = {}

    def __call__(self, arc: Arc, join: bool = False) -> str:
        return self.circle(arc.cx, arc.cy, arc.radius, [(arc.start, arc.end)], join)

    def circle(
        self, cx: float, cy: float, radius: float, spans: list[tuple[float, float]], join: bool = False
    ) -> str:
        """The text of arcs on one circle, by their start and end angles (``Arc``'s), one
        after the other joined by spaces."""
        frame = self.frames.get((cx, cy, radius))
        if frame is None:
            box, _, _ = _arc_call(Arc(cx, cy, radius, 0.0, 0.0))
            frame = self.frames[cx, cy, radius] = _frame(*box)
        x, y, rx, ry = frame
        known, start_text = self.curves, " l" if join else " m"
        texts = []
        for span in spans:
            curves = known.get(span)
            if curves is None:
                _, start, extent = _arc_call(Arc(cx, cy, radius, *span))
                unit = _unit_curves(start, extent)
                curves = known[span] = (unit[0][0], unit[0][1], [curve[2:] for curve in unit])
            cos0, sin0, controls = curves
            text = fp_str(x + rx * cos0, y - ry * sin0) + start_text
            for a, b, c, d, e, f in controls:
                text += (
                    " "
                    + fp_str(x + rx * a, y - ry * b, x + rx * c, y - ry * d, x + rx * e, y - ry * f)
                    + " c"
                )
            texts.append(text)
        return " ".join(texts)


def _arc_call(arc: Arc) -> tuple[tuple[float, float, float, float], float, float]:
    """The box, start and extent reportlab's ``arc`` and ``arcTo`` take for ``arc``. The
    canvas is flipped to y down, so reportlab's anticlockwise-from-3-o'clock angles turn
    clockwise from 3 o'clock: 90 degrees before ours from 12."""
    box = (arc.cx - arc.radius, arc.cy - arc.radius, arc.cx + arc.radius, arc.cy + arc.radius)
    return box, arc.start - 90, arc.end - arc.start


def _frame(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float, float, float]:
    """The centre and the radii ``bezierArc`` finds from a box: x, y, rx, ry (ry < 0)."""
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    return (x1 + x2) / 2.0, (y1 + y2) / 2.0, (x2 - x1) / 2.0, (y2 - y1) / 2.0


def _unit_curves(start: float, extent: float) -> list[tuple[float, ...]]:
    """``bezierArc``'s curves for ``start`` and ``extent`` (degrees anticlockwise from 3
    o'clock) on a unit circle, each as the eight numbers its four points are the centre plus
    the radius times (x plus, y minus), in ``bezierArc``'s own operations and their order."""
    if abs(extent) <= 90:
        fragments, angle = 1, float(extent)
    else:
        fragments = int(math.ceil(abs(extent) / 90.0))
        angle = float(extent) / fragments
    half = angle * math.pi / 360.0
    kappa = abs(4.0 / 3.0 * (1.0 - math.cos(half)) / math.sin(half))
    curves: list[tuple[float, ...]] = []
    for i in range(fragments):
        theta0 = (start + i * angle) * math.pi / 180.0
        theta1 = (start + (i + 1) * angle) * math.pi / 180.0
        cos0, sin0, cos1, sin1 = math.cos(theta0), math.sin(theta0), math.cos(theta1), math.sin(theta1)
        if angle > 0:
            controls = (cos0 - kappa * sin0, sin0 + kappa * cos0, cos1 + kappa * sin1, sin1 - kappa * cos1)
        else:
            controls = (cos0 + kappa * sin0, sin0 - kappa * cos0, cos1 - kappa * sin1, sin1 + kappa * cos1)
        curves.append((cos0, sin0, *controls, cos1, sin1))
    return curves


class _PathText:
    """A path whose operators are already written as reportlab's own path object writes
    them (``n``, then ``x y m`` and ``x y l`` with ``fp_str`` numbers), for ``drawPath``.

    Built in bulk: one reportlab call per point would cost a poster-size maze seconds.
    """

    def __init__(self, operators: str) -> None:
        self.text = f"n {operators}" if operators else ""  # as reportlab's, even when empty

    def getCode(self) -> str:
        return self.text


class NumberText(dict):
    """Each number's text, written by ``write`` once: a long path repeats few values."""

    def __init__(self, write: Callable[[float], str]) -> None:
        super().__init__()
        self.write = write

    def __missing__(self, value: float) -> str:
        text = self[value] = self.write(value)
        return text


# A square grid's runs as reportlab's path object writes them: moveto, lineto.
_GRID_RUNS = ("{0} {line} m {1} {line} l", "{line} {0} m {line} {1} l", " ")
_WRITTEN = "pdf"  # this backend's name for the text it keeps in a drawing


class _DrawingText(NamedTuple):
    """A drawing's path text, but for the walls (``GridWalls`` keeps theirs, which a
    puzzle shares with its answer)."""

    halos: list[str]
    markers: list[str | None]  # the start's and the end's; None: no marker
    solution: str | None  # a square grid's centre line, written ahead; else None


def write_ahead(drawing: MazeDrawing) -> None:
    """Write the halos, markers, and a square grid's walls and solution as path text now,
    where the maze is made (in a worker process when there are several), not when its
    page is drawn: the drawing keeps the text."""
    solution = drawing.solution
    drawing.written[_WRITTEN] = _drawing_text(drawing)._replace(
        solution=_straight_text(solution) if isinstance(solution, CentreLine) else None
    )
    if isinstance(drawing.walls, GridWalls):
        drawing.walls.write(*_GRID_RUNS, keep=True)


def _drawing_text(drawing: MazeDrawing) -> _DrawingText:
    """What ``write_ahead`` wrote, or the polygons' text now (the solution's is made when
    it is drawn: a poster's is megabytes, not to be held while its walls are written)."""
    if _WRITTEN in drawing.written:
        return drawing.written[_WRITTEN]
    return _DrawingText(
        [_polygon_text(patch) for patch in drawing.halos],
        [_polygon_text(marker) if marker else None for marker in (drawing.start_marker, drawing.end_marker)],
        None,
    )


class _WrittenPath(NamedTuple):
    """A path's whole code, as a path object's ``getCode`` gave it, for ``drawPath``."""

    code: str

    def getCode(self) -> str:
        return self.code


# A straight wall as reportlab's path object writes it, from its four numbers' text.
_RUN = "{} {} m {} {} l".format


def _walls(canvas: Canvas, walls: Iterable[Wall]):
    # A polar grid's arcs cost as much to write in Python as zlib takes to compress them: on
    # a thread beside the solution they would take turns with it on the interpreter (a
    # 571-ring poster measured no faster, in 10 % more memory), where a lattice's straight
    # walls leave the second core to zlib. In a process of their own both gain.
    if isinstance(walls, PolarWalls):  # from the rings' numbers
        return _long_path(canvas, walls, lambda: walls.write(_ArcText().circle, _POLAR_RUN, fp_str), False)
    if isinstance(walls, GridWalls):
        return _PathText(walls.write(*_GRID_RUNS))
    if isinstance(walls, LatticeWalls):  # straight from the lattice indices
        return _long_path(canvas, walls, lambda: walls.write(_RUN, fp_str), True)
    return _wall_path(walls)


def _long_path(
    canvas: Canvas,
    walls: PolarWalls | LatticeWalls,
    operators: Callable[[], Iterable[str]],
    on_a_thread: bool,
):
    """A polygon or polar maze's walls, once for both its pages: written as its page is
    compressed where the canvas streams paths (a poster), else its whole text kept;
    ``on_a_thread``: see ``StreamedPaths.stand_in``."""
    streamed = getattr(canvas, _STREAMED, None)
    if streamed is not None and len(walls):
        return _WrittenPath(streamed.stand_in(walls, lambda: _path_pieces(iter(operators())), on_a_thread))
    code = walls.written.get(_WRITTEN)
    if code is None:
        # As ``_PathText`` writes it, without copying the megabytes once more.
        code = walls.written[_WRITTEN] = "".join(_path_pieces(iter(operators())))
    return _WrittenPath(code)


def _path_pieces(operators: Iterator[str]) -> Iterator[str]:
    """A path's text as ``_PathText`` gives it, from its operators' text in pieces, a piece
    at a time: ``n`` and each piece after a space (nothing at all for no pieces)."""
    first = next(operators, None)
    if first is None:
        return
    yield "n "
    yield first
    for piece in operators:
        yield " "
        yield piece


# A radial wall as reportlab's path object writes it, from its two ends' text.
_POLAR_RUN = "{} m {} l".format


def _wall_path(walls: Iterable[Wall]) -> _PathText:
    walls = list(walls)
    segments = [wall for wall in walls if not isinstance(wall, Arc)]
    if len(segments) == len(walls):
        # Column by column through C loops (a poster has millions of segments); a number's
        # text is worked out once.
        name = NumberText(fp_str).__getitem__
        ends = [map(name, map(itemgetter(i), segments)) for i in range(4)]
        return _PathText(" ".join(map(_RUN, *ends)))
    arc = _ArcText()
    return _PathText(
        " ".join(arc(wall) if isinstance(wall, Arc) else _RUN(*map(fp_str, wall)) for wall in walls)
    )


def straight(steps: Sequence[PathStep]) -> TypeGuard[Sequence[Point]]:
    """Whether a path is all straight lines (a square grid's centre line always is)."""
    return isinstance(steps, CentreLine) or not any(isinstance(step, Arc) for step in steps)


def _straight_text(steps: Sequence[Point]) -> str:
    name = NumberText(fp_str)
    points = iter(steps)
    x, y = next(points)
    return " ".join([f"{name[x]} {name[y]} m", *(f"{name[x]} {name[y]} l" for x, y in points)])


def _line(steps: Sequence[PathStep]) -> _PathText:
    if straight(steps):
        return _PathText(_straight_text(steps))
    arc = _ArcText()
    texts = [fp_str(*steps[0]) + " m"]
    pieces = []  # a few thousand steps' text a piece: a poster's never all live at once
    for step in steps[1:]:
        texts.append(arc(step, join=True) if isinstance(step, Arc) else fp_str(*step) + " l")
        if len(texts) == _STEPS_A_PIECE:
            pieces.append(" ".join(texts))
            texts = []
    return _PathText(" ".join([*pieces, *texts]))


_STEPS_A_PIECE = 4096


def draw_maze(
    canvas: Canvas, drawing: MazeDrawing, left: float, top: float, cell: float, style: Style
) -> None:
    """Draw with the maze's outer top-left corner at (``left``, ``top``) in points, ``cell`` points a cell."""
    canvas.saveState()
    canvas.translate(left, top)
    canvas.scale(cell, -cell)
    written = _drawing_text(drawing)
    halos, markers = written.halos, written.markers
    if halos:
        if style.marker_color:
            canvas.setFillColorRGB(*(_tint(level, HALO_STRENGTH) for level in hex_to_rgb(style.marker_color)))
        else:
            canvas.setFillGray(_tint(style.marker_grey, HALO_STRENGTH))
        for patch in halos:
            _fill(canvas, patch)
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
        _solution_ink(canvas, style, cell)
        if drawing.solution_under:  # a woven maze: solid, but dashed where it runs under
            pieces = " ".join(_straight_text(piece) for piece in solid_pieces(drawing))
            canvas.drawPath(_PathText(pieces), stroke=1, fill=0)
            canvas.setLineCap(0)  # butt caps: the gaps between the dashes stay open
            stretches = [dash for stretch in drawing.solution_under for dash in dashes(stretch)]
            canvas.drawPath(_walls(canvas, stretches), stroke=1, fill=0)
        else:
            canvas.drawPath(
                _PathText(written.solution) if written.solution is not None else _line(drawing.solution),
                stroke=1,
                fill=0,
            )
    if style.marker_color:
        canvas.setFillColorRGB(*hex_to_rgb(style.marker_color))
    else:
        canvas.setFillGray(style.marker_grey)
    for marker, opening in zip(markers, drawing.openings, strict=True):
        if marker and (style.arrows or opening is None):
            _fill(canvas, marker)
    canvas.restoreState()


def _solution_ink(canvas: Canvas, style: Style, cell: float) -> None:
    """The solution line's colour (or grey) and width, on a canvas scaled to ``cell``."""
    if style.solution_grey is None:
        canvas.setStrokeColorRGB(*hex_to_rgb(style.solution_color))
    else:
        canvas.setStrokeGray(style.solution_grey)
    canvas.setLineWidth(style.solution_width / cell)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)


def draw_route(
    canvas: Canvas, pieces: Sequence[Sequence[Point]], left: float, top: float, cell: float, style: Style
) -> None:
    """A solution in ``pieces`` (a journey's tile: each where the route is on its page), in
    cell units like ``draw_maze``'s, inked as its solution line."""
    canvas.saveState()
    canvas.translate(left, top)
    canvas.scale(cell, -cell)
    _solution_ink(canvas, style, cell)
    canvas.drawPath(_PathText(" ".join(_straight_text(piece) for piece in pieces)), stroke=1, fill=0)
    canvas.restoreState()


class _Deflated:
    """A page stream filter whose output is already made (see ``compress_pages``): reportlab
    writes it as it writes its own zlib filter's."""

    pdfname = "FlateDecode"

    def __init__(self, data: bytes) -> None:
        self.data = data

    def encode(self, text) -> bytes:
        # Written once, at ``save``: let go of it, so that a poster's megabytes are not
        # held while the file's are joined.
        data, self.data = self.data, b""
        return data


def _compressed_by_reportlab(pages) -> bool:
    """Whether reportlab would write these pages' streams as bare zlib, the stream that
    ``compress_pages`` and ``PageCompressor`` make in its place."""
    return not rl_config.useA85 and all(page.compression for page in pages)


def _set_contents(page, data: bytes) -> None:
    """Give ``page`` its stream, already compressed, and let go of its text."""
    page.stream = None
    page.Contents = PDFStream(content=b"", filters=[_Deflated(data)])


COMPRESSING_SWITCH_INTERVAL = 0.0002  # seconds; measured best for a 400-page book


class PageCompressor:
    """Compresses each page as soon as it is drawn, on ``threads`` threads (zlib lets go of
    the interpreter while it works), into the very bytes reportlab would write at
    ``save``: the drawing of the next pages goes on meanwhile. One thread or fewer: it
    does nothing, and reportlab compresses at ``save`` as ever.

    Used as a context, which no thread outlives (a preflight forks next); call
    ``page_done`` after each ``showPage`` and ``finish`` before ``save``.
    """

    def __init__(self, canvas: Canvas, threads: int) -> None:
        self.pages = canvas._doc.Pages.pages
        self.threads = threads
        self.pool: ThreadPoolExecutor | None = None
        self.compressing: list[tuple[object, Future]] = []
        self.switch_interval = sys.getswitchinterval()

    def __enter__(self) -> PageCompressor:
        if self.threads > 1:
            self.pool = ThreadPoolExecutor(max_workers=self.threads)
            # A finished compression waits for the drawing thread to let go of the
            # interpreter, by default up to 5 ms, longer than a page takes to compress.
            sys.setswitchinterval(COMPRESSING_SWITCH_INTERVAL)
        return self

    def __exit__(self, *_) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            sys.setswitchinterval(self.switch_interval)

    def page_done(self) -> None:
        page = self.pages[-1]
        if self.pool is not None and page.stream and _compressed_by_reportlab([page]):
            self.compressing.append((page, self.pool.submit(zlib.compress, page.stream.encode("utf8"))))

    def finish(self) -> None:
        for page, compressed in self.compressing:
            _set_contents(page, compressed.result())


def _common_start(texts: list[str]) -> int:
    """How many characters every one of ``texts`` begins with alike."""
    first, end, step = texts[0], min(map(len, texts)), 1 << 16
    start = 0  # compared a block at a time, then narrowed down in the block that differs
    while start < end and all(
        text[start : start + step] == first[start : start + step] for text in texts[1:]
    ):
        start += step
    low, high = start, min(start + step, end)
    while low < high:
        middle = (low + high + 1) // 2
        if all(text[start:middle] == first[start:middle] for text in texts[1:]):
            low = middle
        else:
            high = middle - 1
    return min(low, end)


# The canvas attribute that holds its ``StreamedPaths`` (``stream_paths``).
_STREAMED = "bookmaker_streamed_paths"
# What stands in a page's text for a streamed path: NUL never appears in what reportlab
# writes into a content stream (it escapes a string's control characters).
_STAND_IN = "\x00path {}\x00"
_STAND_INS = re.compile("\x00path ([0-9]+)\x00")
# The walls from which their text is taken to pay for a process of its own
# (``StreamedPaths``): each set just under the smallest case measured to gain (``to_pdf``
# in-process, medians of 7), not a measured crossover. A polar grid's, else written after
# the solution: 60 rings, 5,765 walls, 63 against 65 ms (30 rings, 1,422 walls: 26 against
# 25 ms). A lattice's, else written on a thread: hex 300x300, 181,198 walls, 342 against
# 347 ms (150x150, 45,598 walls: 125 against 116 ms).
_PROCESS_AT_ALL = 5_000
_PROCESS_BESIDE_A_THREAD = 180_000
# The compressor is fed this much text at once: each hand-over to its thread costs a wait.
_FEED = 1 << 20


class StreamedPaths:
    """Paths whose text is written only as ``compress_pages`` compresses their page, a
    piece at a time: a poster's wall text (tens of megabytes) never exists whole, nor as
    the page's text, nor as that text's bytes. Each path stands in its page's text as a
    short stand-in, the same for the same source (a puzzle's walls and its answer's)."""

    def __init__(self) -> None:
        self.paths: list[tuple[Sized, Callable[[], Iterator[str]]]] = []
        self.stand_ins: dict[int, str] = {}
        # Whether every path is worth writing on a thread while the rest of the work goes on,
        # where no process of its own writes it (``PosterPages``).
        self.on_a_thread = True

    def stand_in(self, source: Sized, pieces: Callable[[], Iterator[str]], on_a_thread: bool) -> str:
        """The stand-in for the path ``pieces`` writes, the same each time for ``source``
        (its walls); ``on_a_thread``: whether its text is cheap enough to write on a thread
        beside the drawing of the next page, not only in a process of its own."""
        text = self.stand_ins.get(id(source))
        if text is None:  # ``paths`` keeps ``source`` alive, so its id stays its own
            text = self.stand_ins[id(source)] = _STAND_IN.format(len(self.paths))
            self.paths.append((source, pieces))
            self.on_a_thread &= on_a_thread
        return text

    @property
    def walls(self) -> int:
        """How many walls the paths draw."""
        return sum(len(source) for source, _ in self.paths)

    def worth_a_process(self) -> bool:
        """Whether the paths' text pays for a process of its own to write it: a fork, its
        pipe and the pages it makes both processes copy cost 3 to 9 ms."""
        return self.walls >= (_PROCESS_BESIDE_A_THREAD if self.on_a_thread else _PROCESS_AT_ALL)

    def expanded(self, text: str) -> Iterator[bytes]:
        """``text`` with its stand-ins written out, as UTF-8 bytes a piece at a time."""
        at = 0
        for found in _STAND_INS.finditer(text):
            yield text[at : found.start()].encode("utf8")
            yield from (piece.encode("utf8") for piece in self.paths[int(found[1])][1]())
            at = found.end()
        yield text[at:].encode("utf8")

    def outside(self, text: str, end: int) -> int:
        """``end``, or where the stand-in it falls inside begins."""
        for found in _STAND_INS.finditer(text, max(0, end - len(_STAND_IN) - 20), end):
            if found.end() > end:
                return found.start()
        return end


def stream_paths(canvas: Canvas) -> None:
    """Let ``canvas`` write long paths (a polygon maze's walls) only as ``compress_pages``
    compresses their pages; a canvas that is saved without ``compress_pages`` must not."""
    setattr(canvas, _STREAMED, StreamedPaths())


def _deflated(compressor, pieces: Iterable[bytes], pool: ThreadPoolExecutor | None) -> list[bytes]:
    """What ``compressor`` makes of ``pieces``, fed to it in order a megabyte at a time, on
    ``pool``'s thread if given: zlib lets go of the interpreter, so the next megabyte is
    written meanwhile. How the input is cut never changes deflate's output."""
    out: list[bytes] = []
    feeding: Future | None = None
    batch: list[bytes] = []
    size = 0
    for piece in chain(pieces, [b""]):
        batch.append(piece)
        size += len(piece)
        if size < _FEED and piece:
            continue
        data = b"".join(batch)
        batch, size = [], 0
        if pool is None:
            out.append(compressor.compress(data))
            continue
        if feeding is not None:
            out.append(feeding.result())
        feeding = pool.submit(compressor.compress, data)
    if feeding is not None:
        out.append(feeding.result())
    return out


@contextmanager
def _compressing_thread() -> Iterator[ThreadPoolExecutor | None]:
    """A thread to compress on while the text is written, where there is a second core."""
    if usable_cores() < 2:
        yield None
        return
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(COMPRESSING_SWITCH_INTERVAL)  # see ``PageCompressor``
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            yield pool
    finally:
        sys.setswitchinterval(switch_interval)


def _streamed_end(text: str) -> int:
    """Where the last stand-in in ``text`` ends: 0 where it has none."""
    ends = [found.end() for found in _STAND_INS.finditer(text)]
    return ends[-1] if ends else 0


class _EarlyHead:
    """A page's text up to the end of its last streamed path (a poster's walls), being
    compressed on two threads, one feeding the text (writing it, or reading what a
    ``_TextAside`` writes) and one compressing it, while the drawing thread goes on working
    out the next page. Closed by ``compress_pages``, or by ``PosterPages`` on the way out of
    an error, which waits for its threads and its process."""

    def __init__(self, length: int, pieces: Iterator[bytes], aside: _TextAside | None) -> None:
        self.length = length
        self.aside = aside
        self.compressor = zlib.compressobj()  # zlib.compress's own level, window and memory
        self.stopped = False
        self.threads = ExitStack()
        try:
            pool = self.threads.enter_context(_compressing_thread())
            writer = self.threads.enter_context(ThreadPoolExecutor(max_workers=1))
            self.pieces = writer.submit(_deflated, self.compressor, self._unless_stopped(pieces), pool)
        except BaseException:
            self.threads.close()
            raise

    def _unless_stopped(self, pieces: Iterator[bytes]) -> Iterator[bytes]:
        for piece in pieces:
            if self.stopped:
                return
            yield piece

    def result(self) -> list[bytes] | None:
        """The compressed pieces, once the threads are done with them; None where the
        process writing the text failed, so that it is written here afresh."""
        try:
            pieces = self.pieces.result()
        except _AsideFailed:
            pieces = None
        except BaseException:  # the compression failed, or an interrupt came while waiting
            self.close()
            raise
        self.close(stop=False)
        return pieces

    def close(self, stop: bool = True) -> None:
        """Wait for the threads and the process; ``stop``: stop them where they are (an
        error came first, so nothing will read the pieces)."""
        self.stopped |= stop
        try:
            if self.aside is not None:  # killed first: a thread reading its pipe gets to the end
                self.aside.wait(kill=stop)
        finally:
            self.threads.close()
            if self.aside is not None:
                self.aside.close()


class _AsideFailed(Exception):
    """The process writing a text ended before it was done (``_TextAside``)."""


class _TextAside:
    """A text written in a forked process, read here from a pipe as it comes: a poster's
    walls, which ``PosterPages`` compresses while this process finds and draws the
    solution. On a thread, the Python that writes the text would take turns with that work
    on the interpreter; a process of its own writes it on the second core. A 571-ring polar
    poster's arcs and radial walls are 1.4 s of Python (benchmarks/POSTER_RESULTS.md).

    The child writes the text and leaves at once (``os._exit``), running nothing else of
    this process's: it ignores interrupts, which this process meets, and stops it by killing
    it. A child that fails, or is killed, leaves the text to be written here
    (``_EarlyHead.result``), which meets the same error, if any, where it would have.
    """

    def __init__(self, pid: int, pipe: BinaryIO, frozen: bool) -> None:
        self.pid, self.pipe, self.frozen = pid, pipe, frozen
        self.status: int | None = None  # the child's wait status, once it is waited for
        # The thread that reads to the end and the one that closes may both wait for it.
        self.waiting = threading.Lock()

    @classmethod
    def start(cls, pieces: Iterator[bytes]) -> _TextAside | None:
        """``pieces`` being written in a forked process, or None where this process cannot
        fork safely (``_may_fork``) or the system will not fork it (no memory, or no
        process left for it under a limit). Call with interrupts held (``_interrupts_held``):
        an interrupt between the fork and the caller's holding the child would lose it."""
        if not _may_fork():
            return None
        read_end, write_end = os.pipe()
        # The objects made so far are left out of collections until the child is done, as
        # Python's gc.freeze advises before a fork: a collection in either process would
        # write to every one of them, and so copy the pages they share. Unless something
        # else froze objects first: those are its to thaw.
        frozen = gc.get_freeze_count() == 0
        if frozen:
            gc.freeze()
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            if frozen:
                gc.unfreeze()
            return None
        if pid == 0:
            _write_and_leave(pieces, read_end, write_end)
        os.close(write_end)
        return cls(pid, open(read_end, "rb", buffering=0), frozen)

    def read(self) -> Iterator[bytes]:
        """The text as the child writes it; ``_AsideFailed`` where it ends unfinished."""
        while chunk := self.pipe.read(_FEED):
            yield chunk
        self.wait()
        if self.status:
            raise _AsideFailed

    def wait(self, kill: bool = False) -> None:
        """Wait for the child, killing it first if ``kill`` (its text is not wanted)."""
        with self.waiting:
            if self.status is not None:
                return
            try:
                if kill:
                    with suppress(ProcessLookupError):
                        os.kill(self.pid, signal.SIGKILL)
                try:
                    self.status = os.waitpid(self.pid, 0)[1]
                except ChildProcessError:  # reaped elsewhere (SIGCHLD ignored): how it ended is unknown
                    self.status = -1
            finally:
                if self.frozen:
                    self.frozen = False
                    gc.unfreeze()

    def close(self) -> None:
        """Kill the child if it is still at work, wait for it, and close the pipe."""
        self.wait(kill=True)
        self.pipe.close()


def _may_fork() -> bool:
    """Whether this process can fork a child safely: the system forks, and no other thread
    runs, whose locks the child would inherit held."""
    return hasattr(os, "fork") and threading.active_count() == 1


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT held back until the end of the block, where signals can be held: one that
    comes meanwhile is met at its end. A child forked in the block starts with it held."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _write_and_leave(pieces: Iterator[bytes], read_end: int, write_end: int) -> NoReturn:
    """The forked child's whole life: write ``pieces`` into the pipe, and exit (1 if that
    failed) without running anything of its parent's on the way out. Forked with interrupts
    held (``_interrupts_held``), it ignores them before it lets them through."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.close(read_end)
        gc.disable()  # what it makes is let go of as it goes, none of it in a cycle
        with open(write_end, "wb", buffering=_FEED) as pipe:
            for piece in pieces:
                pipe.write(piece)
        status = 0
    finally:
        os._exit(status)


class PosterPages:
    """A poster's pages, compressed as ``compress_pages`` does, begun early: ``begin`` after
    the first page is drawn starts compressing its walls, where there is a second core,
    while the solution is still being found and drawn; ``finish`` carries on from there.
    The walls' text is written by a forked process (``_TextAside``) where one can be forked
    and the walls pay for it (``StreamedPaths.worth_a_process``), else on a thread where
    that is worth it (``StreamedPaths.on_a_thread``). The walls of a
    hex poster are 65 MB of text, which take zlib longer than finding and drawing the
    solution does, and a polar poster's arcs as much Python again: that time is no longer
    spent one after the other. Used as a context, which no thread or process outlives."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.head: _EarlyHead | None = None

    def __enter__(self) -> PosterPages:
        stream_paths(self.canvas)
        return self

    def __exit__(self, *_) -> None:
        if self.head is not None:
            self.head.close()

    def begin(self) -> None:
        """Start compressing the first page, drawn by now, up to the end of its walls."""
        pages = self.canvas._doc.Pages.pages
        streamed = getattr(self.canvas, _STREAMED)
        if len(pages) != 1 or not _compressed_by_reportlab(pages) or usable_cores() < 2 or not streamed.paths:
            return
        text = pages[0].stream
        length = _streamed_end(text)
        pieces = streamed.expanded(text[:length])
        aside = None
        try:
            if streamed.worth_a_process():
                with _interrupts_held():  # the child is held by the time an interrupt comes
                    aside = _TextAside.start(pieces)  # before the threads start: see ``start``
            if aside is not None:
                self.head = _EarlyHead(length, aside.read(), aside)
            elif streamed.on_a_thread:
                self.head = _EarlyHead(length, pieces, None)
        except BaseException:
            if aside is not None and self.head is None:
                aside.close()
            raise

    def finish(self) -> None:
        """Compress every page, before the canvas is saved."""
        compress_pages(self.canvas, self.head)
        self.head = None


def compress_pages(canvas: Canvas, early: _EarlyHead | None = None) -> None:
    """Compress the pages drawn so far now, rather than at ``save``, into the very bytes
    reportlab would write (``zlib.compress`` of each page's text), and let go of their text;
    write out the paths ``stream_paths`` left standing in.

    A poster's answer page begins with its puzzle page's walls, megabytes of them.
    Deflate's output does not depend on how its input is fed to it, so the beginning all
    pages share is compressed once, and each page's rest from a copy of the compressor:
    a 1000x1000 maze's two pages in about half the time. ``early`` has begun on the first
    page's beginning; where every page shares what it took, compression goes on from it.
    """
    pages = canvas._doc.Pages.pages
    streamed: StreamedPaths = getattr(canvas, _STREAMED, None) or StreamedPaths()
    if not pages or not _compressed_by_reportlab(pages):
        if early is not None:
            early.close()
        for page in pages:  # not the stream reportlab makes here: leave it to reportlab
            if isinstance(page.stream, str) and streamed.paths:
                page.stream = b"".join(streamed.expanded(page.stream)).decode("utf8")
        return
    texts = [page.stream for page in pages]
    # Characters are bytes in an ASCII text (reportlab writes any text as UTF-8).
    shared = _common_start(texts) if all(text.isascii() for text in texts) else 0
    shared = streamed.outside(texts[0], shared)
    beginning, begun, done = zlib.compressobj(), 0, []
    if early is not None:
        if early.length > shared:  # what it compresses is not every page's: not wanted
            early.close()
        elif (pieces := early.result()) is not None:  # None: its writer failed
            beginning, begun, done = early.compressor, early.length, pieces
    head: bytes | None = None
    with _compressing_thread() as pool:
        for index, page in enumerate(pages):
            text, texts[index] = texts[index], ""
            page.stream = None  # the text goes once its bytes are made
            if head is None:
                head = b"".join(done + _deflated(beginning, streamed.expanded(text[begun:shared]), pool))
            rest = beginning.copy()
            tail = _deflated(rest, streamed.expanded(text[shared:]), pool)
            _set_contents(page, b"".join([head, *tail, rest.flush()]))
    if hasattr(canvas, _STREAMED):  # written out: let go of the paths' sources
        stream_paths(canvas)


@contextmanager
def reproducible_canvas(
    out: BinaryIO, pagesize: tuple[float, float], font: str, font_size: float = 10.0, inks: Inks = RGB
) -> Iterator[Canvas]:
    """A canvas whose bytes depend only on what is drawn; saved into ``out`` on exit.

    ``invariant`` fixes reportlab's date and document id. SOURCE_DATE_EPOCH
    would still move the date, so it is ignored: the config and seed alone
    decide every byte. ``initialFontName`` names an embedded font, or reportlab
    lists an unembedded Helvetica. Streams stay binary: ASCII85 adds a quarter. ``inks``
    other than RGB make it a PDF/X file (``pdfx``), its every colour CMYK or grey.
    """
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    saved_epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        canvas = Canvas(
            out,
            pagesize=pagesize,
            invariant=1,
            pageCompression=1,
            initialFontName=font,
            initialFontSize=font_size,
            **canvas_options(inks),
        )
        declare(canvas, inks)
    finally:
        if saved_epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved_epoch
    try:
        yield canvas
        canvas.save()
    finally:
        rl_config.useA85 = saved_a85
