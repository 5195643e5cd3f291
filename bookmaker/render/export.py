"""One maze to a file: ``bookmaker.maze/1`` JSON or JSON Lines, ASCII, SVG, PNG or PDF.

Every picture is drawn from the same ``MazeDrawing`` (see ``geometry``), so the
formats cannot disagree about where a wall stands. ``solution=True`` draws the
answer on the picture (the PDF gets a second page for it) and fills the JSON
``solution`` field; without it that field is null, so handing out a JSON file
never gives the answer away. ``stats`` are always counted, solution length
included whenever the maze has endpoints. ASCII, SVG and PDF carry the maze's
whole recipe, endpoints included, so retyping it remakes the maze.

A PDF is either a printable sheet (``page``: a title line, the maze as large as
the page holds it, centred, and its recipe under it) or, without a page, a page
cut to the maze at ``cell`` points a cell, as posters want.

``FORMATS``, at the end, holds one ``OutputFormat`` record a format: its name,
suffixes, writer, the shapes it draws, where its files go and its default cell
size. It is the one place to add a format (``OutputFormat`` says how).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast
from xml.sax.saxutils import escape

from ..errors import BookmakerError
from ..geometry import (
    Arc,
    MazeDrawing,
    PathStep,
    Point,
    Rect,
    Segment,
    Wall,
    extent,
    marker_reach,
    maze_drawing,
)
from ..geometry.primitives import dashes, solid_pieces
from ..geometry.square import GridWalls
from ..layout.page_geometry import MIN_CELL_PT, stroke_width
from ..layout.typesetting import fit_text, wrap
from ..layout.views import Style
from ..maze import recipe
from ..maze.model import Maze
from ..maze.shapes import shape_word
from ..maze.topology import SquareGrid, Topology
from ..maze.weave import WeaveGrid
from ..stopwatch import Stopwatch
from .canvas import (
    HALO_STRENGTH,
    NumberText,
    PosterPages,
    draw_maze,
    hex_to_rgb,
    reproducible_canvas,
    straight,
)
from .maze_json import answer, to_json, to_jsonl

MARKER = 1.0  # arrow length in corridor widths (cells on a square maze)
SOLUTION_COLOR = Style().solution_color
LABEL_PT = 8.0  # print rule: text at least 7 pt
LABEL_BASELINE = 24.0  # points above the page's bottom edge
MAX_PAGE_PT = 14400.0  # 200 in: the largest page PDF viewers and printers accept
SHEET_MARGIN = 36.0  # points all round a sheet: inside every home printer's unprinted edge
SHEET_TITLE_PT, SHEET_TITLE_LEAST_PT = 18.0, 10.0
# The widest corridor a sheet draws, in points: a small maze gets half-inch corridors, big
# enough for a young child's pencil, not a page of a few giant cells.
SHEET_MAX_CORRIDOR = 36.0
DEFAULT_TITLE = "Maze"
SOLUTION_TITLE = " \u2013 solution"  # after the title on a sheet's second page
# The patch under an end inside the maze, grey as the book's pages draw it under black marks.
HALO_LEVEL = round(255 * (1 - HALO_STRENGTH))
HALO_HEX = "#" + f"{HALO_LEVEL:02x}" * 3
MAX_PNG_PIXELS = 100_000_000


def _arrow(topology: Topology) -> float:
    """The start and finish arrows' length in cells: as long as a corridor is wide."""
    return MARKER * topology.corridor


# --- ASCII ------------------------------------------------------------------

# Lattice-point flags: which way a wall leaves the corner.
_UP, _RIGHT, _DOWN, _LEFT = 1, 2, 4, 8
_CORNER = {0: " ", _LEFT | _RIGHT: "-", _UP | _DOWN: "|"}


def _ascii_refuses(topology: Topology) -> str | None:
    """Why ascii cannot draw a maze of ``topology``, naming the formats that can; None if it can."""
    if not isinstance(topology, SquareGrid):
        return f"ascii draws square mazes only; use svg, png or pdf for a {topology.kind} maze"
    if topology.mask is not None:
        return "ascii draws whole rectangles only; use svg, png or pdf for a maze with a mask"
    if isinstance(topology, WeaveGrid):
        return "ascii has no way to draw a passage under another; use svg, png or pdf for a woven maze"
    return None


def to_ascii(maze: Maze, solution: bool = False, stopwatch: Stopwatch | None = None) -> str:
    """'+---+' walls, three characters a cell; S and E mark the ends, 'o' the solution."""
    watch = stopwatch or Stopwatch()
    refusal = _ascii_refuses(maze.topology)
    if refusal is not None:
        raise BookmakerError(refusal)
    path = answer(maze, solution)
    watch.lap("solve")
    drawing = maze_drawing(maze, path)
    watch.lap("geometry")
    walls, cells = drawing.walls, drawing.solution_cells or ()
    assert isinstance(walls, GridWalls)  # a whole square grid's, as _ascii_refuses makes sure
    width, height = maze.width, maze.height
    grid = [[" "] * (4 * width + 1) for _ in range(2 * height + 1)]
    corners = bytearray((width + 1) * (height + 1))
    for x0, y0, x1, y1 in walls:
        if y0 == y1:
            for x in range(x0, x1):
                grid[2 * y0][4 * x + 1 : 4 * x + 4] = "---"
                corners[y0 * (width + 1) + x] |= _RIGHT
                corners[y0 * (width + 1) + x + 1] |= _LEFT
        else:
            for y in range(y0, y1):
                grid[2 * y + 1][4 * x0] = "|"
                corners[y * (width + 1) + x0] |= _DOWN
                corners[(y + 1) * (width + 1) + x0] |= _UP
    for index, flags in enumerate(corners):
        y, x = divmod(index, width + 1)
        grid[2 * y][4 * x] = _CORNER.get(flags, "+")
    for shape in cells:
        assert isinstance(shape, Rect)  # a square cell's
        grid[2 * int(shape.y) + 1][4 * int(shape.x) + 2] = "o"
    for cell, mark in ((maze.start, "S"), (maze.end, "E")):
        if cell is not None:
            x, y = maze.topology.coordinates(cell)
            grid[2 * y + 1][4 * x + 2] = mark
    lines = [recipe(maze)] + ["".join(row).rstrip() for row in grid]
    text = "\n".join(lines) + "\n"
    watch.lap("write")
    return text


# --- SVG --------------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _svg_arc(arc: Arc) -> str:
    """SVG arc commands along ``arc`` from its start, in pieces of at most half a circle so
    every piece's flags are unambiguous (a full circle needs two)."""
    sweep = arc.end - arc.start
    count = math.ceil(abs(sweep) / 180 - 1e-9)
    radius = _num(arc.radius)
    return "".join(
        f"A{radius} {radius} 0 0 {int(sweep > 0)} {_num(end[0])} {_num(end[1])}"
        for end in (arc.at(arc.start + sweep * i / count) for i in range(1, count + 1))
    )


def _svg_walls(walls: Iterable[Wall]) -> str:
    if isinstance(walls, GridWalls):
        return walls.write("M{0} {line}H{1}", "M{line} {0}V{1}", "")
    parts = []
    name = NumberText(_num)  # a number's text worked out once: a poster repeats few
    for wall in walls:
        if isinstance(wall, Arc):
            x, y = wall.at(wall.start)
            parts.append(f"M{name[x]} {name[y]}{_svg_arc(wall)}")
        else:
            x0, y0, x1, y1 = wall
            # the shortest command to the far end
            to = f"H{name[x1]}" if y0 == y1 else f"V{name[y1]}" if x0 == x1 else f"L{name[x1]} {name[y1]}"
            parts.append(f"M{name[x0]} {name[y0]}{to}")
    return "".join(parts)


def _svg_path(steps: Sequence[PathStep]) -> str:
    first = steps[0]
    assert not isinstance(first, Arc)  # an arc starts where the path already is
    x, y = first
    parts = [f"M{_num(x)} {_num(y)}"]
    for step in steps[1:]:
        if isinstance(step, Arc):
            parts.append(_svg_arc(step))
        else:
            parts.append(f"L{_num(step[0])} {_num(step[1])}")
    return "".join(parts)


def _svg_points(points: Iterable[Point]) -> str:
    name = NumberText(_num)
    return " ".join(f"{name[x]},{name[y]}" for x, y in points)


def to_svg(maze: Maze, solution: bool = False, cell: float = 20.0, stopwatch: Stopwatch | None = None) -> str:
    """Drawn in cell units under a viewBox, so wall paths are short commands."""
    watch = stopwatch or Stopwatch()
    path = answer(maze, solution)
    watch.lap("solve")
    drawing = maze_drawing(maze, path, _arrow(maze.topology))
    watch.lap("geometry")
    label = escape(recipe(maze))
    box_w, box_h = extent(maze.topology)
    pad = marker_reach(_arrow(maze.topology)) + 0.5
    font = 11.0 / cell  # about 11 px at the drawn size
    label_width = 0.55 * font * len(label) + 1.0  # a sans-serif estimate, with room
    view_w = max(box_w + 2 * pad, label_width)
    view_h = box_h + 2 * pad + 2 * font
    left = box_w / 2 - view_w / 2
    wall_width, line_width = _line_widths(maze.topology, cell)
    ends = 'stroke-linecap="round" stroke-linejoin="round"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(view_w * cell)}" '
        f'height="{_num(view_h * cell)}" '
        f'viewBox="{_num(left)} {_num(-pad)} {_num(view_w)} {_num(view_h)}">',
        f"<title>{label}</title>",
        f'<rect x="{_num(left)}" y="{_num(-pad)}" width="{_num(view_w)}" '
        f'height="{_num(view_h)}" fill="#fff"/>',
        *(f'<polygon points="{_svg_points(patch)}" fill="{HALO_HEX}"/>' for patch in drawing.halos),
        f'<path d="{_svg_walls(drawing.walls)}" fill="none" stroke="#000" '
        f'stroke-width="{_num(wall_width / cell)}" '
        + (ends if drawing.round_walls else 'stroke-linecap="square"')
        + "/>",
    ]
    if drawing.solution:
        solution_ink = (
            f'fill="none" stroke="{SOLUTION_COLOR}" stroke-width="{_num(line_width / cell)}" {ends}/>'
        )
        if drawing.solution_under:  # a woven maze: solid, but dashed where it runs under
            parts += [
                f'<polyline points="{_svg_points(piece)}" {solution_ink}' for piece in solid_pieces(drawing)
            ]
            parts.append(
                f'<path d="{_svg_walls(d for s in drawing.solution_under for d in dashes(s))}" fill="none" '
                f'stroke="{SOLUTION_COLOR}" stroke-width="{_num(line_width / cell)}"/>'
            )
        elif straight(drawing.solution):
            parts.append(f'<polyline points="{_svg_points(drawing.solution)}" {solution_ink}')
        else:
            parts.append(f'<path d="{_svg_path(drawing.solution)}" {solution_ink}')
    for marker in (drawing.start_marker, drawing.end_marker):
        if marker:
            parts.append(f'<polygon points="{_svg_points(marker)}" fill="#000"/>')
    parts.append(
        f'<text x="{_num(box_w / 2)}" y="{_num(box_h + pad + font)}" '
        f'font-family="Andika, sans-serif" font-size="{_num(font)}" text-anchor="middle" '
        f'fill="#444">{label}</text>'
    )
    text = "\n".join(parts) + "\n</svg>\n"
    watch.lap("write")
    return text


def _line_widths(topology: Topology, cell: float) -> tuple[float, float]:
    """Wall and solution widths for a cell size (same unit), from the corridor's width: as
    on a square maze with corridors as wide, thin enough to leave a corridor."""
    corridor = cell * topology.corridor
    return stroke_width(corridor, 0.1, 0.75, 2.5), stroke_width(corridor, 0.16, 0.75, 4.0)


# --- PNG --------------------------------------------------------------------


def png_layout(topology: Topology, cell: int) -> tuple[int, int, int, int]:
    """Image width, height, the margin before the outer wall's box and the wall thickness, in
    pixels, for a maze of ``topology``."""
    box_w, box_h = extent(topology)
    margin = math.ceil((marker_reach(_arrow(topology)) + 0.5) * cell)
    thickness = max(1, round(cell * topology.corridor * 0.1))
    return (math.ceil(box_w * cell) + 2 * margin, math.ceil(box_h * cell) + 2 * margin, margin, thickness)


PNG_FLATTEN = 0.05  # pixels (before supersampling) an arc's chords may stray from it


def _flat(steps: Iterable[PathStep], cell: int) -> Iterator[Point]:
    """A path in cell units as one polyline, its arcs cut into short chords (a path starts
    with a point, and each arc where the path is)."""
    for step in steps:
        if isinstance(step, Arc):
            yield from step.points(PNG_FLATTEN / cell)[1:]
        else:
            yield step


_BLACK, _WHITE = b"\0", b"\xff"


def _wall_strips(
    walls: GridWalls, image_w: int, origin: int, cell: int, thickness: int
) -> Iterator[tuple[int, bytes]]:
    """The walls of ``walls`` black on white, exactly as ``to_png`` draws other square walls
    (a run from lattice point a to b fills ``origin + a * cell`` up to ``origin + b * cell +
    thickness`` along its line, ``thickness`` (at most ``cell``) across, from ``origin + line
    * cell``), as strips of whole pixel rows: (top row, a grey byte per pixel row by row).

    Built from the bytes of whole grid lines instead of a Pillow call per run (half a
    million on a 1000x1000 maze), one strip per row of cells so the pixels never all sit in
    memory twice. Along a row of pixels, each cell edge is a stretch of ``cell`` pixels:
    first ``thickness`` on the vertical line, black where any wall meets or crosses it, then
    the inside, black under a horizontal wall. A row of cells is a band of ``thickness``
    such rows across its top line, then ``cell - thickness`` rows that only vertical walls
    cross.
    """
    width, height = walls.width, walls.height
    inner = cell - thickness
    # A cell edge's stretch by code: 2, its vertical line's part is black; 1, its inside.
    stretches = [
        _WHITE * cell,
        _WHITE * thickness + _BLACK * inner,
        _BLACK * thickness + _WHITE * inner,
        _BLACK * cell,
    ]
    ends = [_WHITE * thickness, _BLACK * thickness]  # the last vertical line's part
    edges = (1 << 8 * width) - 1

    def row(on_lines: int, inside: int) -> bytes:
        """One row of pixels: ``on_lines`` a byte per vertical line (0 .. width), 1 where
        black; ``inside`` a byte per cell edge, 1 where black."""
        codes = ((on_lines & edges) << 1 | inside).to_bytes(width, "little")
        body = b"".join(map(stretches.__getitem__, codes)) + ends[on_lines >> 8 * width]
        return _WHITE * origin + body + _WHITE * (image_w - origin - len(body))

    above = 0  # the vertical walls beside the row of cells above
    for y in range(height + 1):
        across = int.from_bytes(walls.horizontal(y), "little")
        beside = int.from_bytes(walls.crossing(y), "little") if y < height else 0
        # The line's band: its own walls, each reaching ``thickness`` past its end, and the
        # vertical walls that end on it or cross it.
        band = row(across | across << 8 | beside | above, across) * thickness
        yield origin + y * cell, band + (row(beside, 0) * inner if y < height else b"")
        above = beside


def _round_line(draw, xy: list[float], width: float, color) -> None:
    """A polyline (``xy``: x0, y0, x1, y1, ...) with round joins and round ends."""
    radius = width / 2
    draw.line(xy, fill=color, width=round(width), joint="curve")
    for x, y in ((xy[0], xy[1]), (xy[-2], xy[-1])):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color)


def to_png(maze: Maze, solution: bool = False, cell: int = 20, stopwatch: Stopwatch | None = None) -> bytes:
    """Square walls as pixel-aligned rectangles, other walls as round-ended lines; arrows,
    the solution line and slanted or curved walls drawn 4x larger and scaled down, so they
    are smooth while square walls stay crisp."""
    from PIL import Image, ImageDraw, ImageOps

    watch = stopwatch or Stopwatch()
    check_size("png", maze.topology, cell)
    width, height, margin, thickness = png_layout(maze.topology, cell)
    path = answer(maze, solution)
    watch.lap("solve")
    drawing = maze_drawing(maze, path, _arrow(maze.topology))
    watch.lap("geometry")
    k = 4 if width * height <= 4_000_000 else 1
    size = (width * k, height * k)
    low = thickness // 2  # a square wall straddles its line: [line - low, line - low + thickness)
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)

    def at(point: Point) -> tuple[float, float]:
        return ((margin + point[0] * cell) * k, (margin + point[1] * cell) * k)

    def flat_at(points: Iterable[Point]) -> list[float]:
        """``at`` of each point, as one flat list: a long line in a third of the memory."""
        return [(margin + value * cell) * k for point in points for value in point]

    for patch in drawing.halos:  # under the walls
        draw.polygon([at(point) for point in patch], fill=(HALO_LEVEL,) * 3)
    if isinstance(drawing.walls, GridWalls):  # the pixels straight from the cell bytes
        for top, pixels in _wall_strips(drawing.walls, size[0], (margin - low) * k, cell * k, thickness * k):
            strip = Image.frombytes("L", (size[0], len(pixels) // size[0]), pixels)
            if drawing.halos:  # ink the walls only, over the patches
                image.paste((0, 0, 0), (0, top), ImageOps.invert(strip))
            else:
                image.paste(strip, (0, top))
    if drawing.round_walls:
        # Every wall is one black line with a round cap at each end: the same pixels whatever
        # the order, so each cap is drawn once where walls meet (three on a hexagon's corner).
        width = thickness * k
        caps: set[tuple[float, float]] = set()
        for wall in drawing.walls:
            points = wall.points(PNG_FLATTEN / cell) if isinstance(wall, Arc) else [wall[:2], wall[2:]]
            xy = flat_at(points)
            draw.line(xy, fill="black", width=round(width), joint="curve")
            caps.update(((xy[0], xy[1]), (xy[-2], xy[-1])))
        radius = width / 2
        for x, y in sorted(caps):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill="black")
    elif not isinstance(drawing.walls, GridWalls):  # a silhouette's square walls: no arcs
        for x0, y0, x1, y1 in cast(Iterable[Segment], drawing.walls):
            wall_left, wall_top = margin + x0 * cell - low, margin + y0 * cell - low
            wall_right = margin + x1 * cell - low + thickness
            wall_bottom = margin + y1 * cell - low + thickness
            draw.rectangle(
                (wall_left * k, wall_top * k, wall_right * k - 1, wall_bottom * k - 1), fill="black"
            )
    if drawing.solution:
        _, line_width = _line_widths(maze.topology, cell)
        ink = _rgb255(SOLUTION_COLOR)
        if drawing.solution_under:  # a woven maze: solid, but dashed where it runs under
            for piece in solid_pieces(drawing):
                _round_line(draw, flat_at(piece), line_width * k, ink)
            for stretch in drawing.solution_under:
                for x0, y0, x1, y1 in dashes(stretch):
                    draw.line(flat_at([(x0, y0), (x1, y1)]), fill=ink, width=round(line_width * k))
        else:
            _round_line(draw, flat_at(_flat(drawing.solution, cell)), line_width * k, ink)
    for marker in (drawing.start_marker, drawing.end_marker):
        if marker:
            draw.polygon([at(point) for point in marker], fill="black")
    if k > 1:
        image = image.reduce(k)
    out = io.BytesIO()
    image.save(out, "PNG")
    watch.lap("write")
    return out.getvalue()


def _rgb255(color: str) -> tuple[int, int, int]:
    red, green, blue = hex_to_rgb(color)
    return round(red * 255), round(green * 255), round(blue * 255)


# --- PDF --------------------------------------------------------------------


def pdf_layout(maze: Maze, cell: float) -> tuple[float, float, float, float, float]:
    """Page width and height, the maze's outer left and top edge (PDF points, origin bottom
    left) and the label's baseline: the arrows and the label get room of their own."""
    check_size("pdf", maze.topology, cell)
    maze_w, maze_h, margin, bottom = _pdf_frame(maze.topology, cell)
    page_w = max(maze_w + 2 * margin, _label_width(maze) + 2 * 24.0)
    page_h = bottom + maze_h + margin
    return page_w, page_h, (page_w - maze_w) / 2, bottom + maze_h, LABEL_BASELINE


def _pdf_frame(topology: Topology, cell: float) -> tuple[float, float, float, float]:
    """The maze's size, the margin beside and above it and the room below it, in points."""
    box_w, box_h = extent(topology)
    # Whole points: a page a fraction of a point over rounds differently in every viewer.
    reach = math.ceil(marker_reach(_arrow(topology)) * cell)
    margin = max(24.0, reach + 12.0)
    # The label sits under any arrow that leaves through the bottom wall.
    bottom = LABEL_BASELINE + 0.75 * LABEL_PT + 6.0 + reach
    return box_w * cell, box_h * cell, margin, bottom


def _font(bold: bool = False) -> str:
    from ..layout.fonts import DEFAULT_BOLD, DEFAULT_REGULAR, register

    return register(DEFAULT_BOLD if bold else DEFAULT_REGULAR)


def _label_width(maze: Maze) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(recipe(maze) + " · solution", _font(), LABEL_PT)


def pdf_style(topology: Topology, cell: float) -> Style:
    wall, line = _line_widths(topology, cell)
    return Style(wall_width=wall, solution_width=line)


def to_pdf(
    maze: Maze,
    solution: bool = False,
    cell: float | None = 18.0,
    stopwatch: Stopwatch | None = None,
    page: tuple[float, float] | None = None,
    title: str = DEFAULT_TITLE,
) -> bytes:
    """The puzzle on a page of its own size at ``cell`` points a cell, or with ``page`` (its
    width and height in points) a printable sheet: ``title`` at the top, the maze as large
    as the page holds it (at most ``SHEET_MAX_CORRIDOR``; ``cell`` if given), centred, and
    its recipe under it. With ``solution``, the answer on page 2."""
    watch = stopwatch or Stopwatch()
    label = recipe(maze)
    puzzle = maze_drawing(maze, None, _arrow(maze.topology))
    watch.lap("geometry")
    headings: list[tuple[float, str, float] | None]
    if page is None:
        scale = _checked(cell)
        page_w, page_h, left, top, baseline = pdf_layout(maze, scale)
        captions = [[(baseline, label)], [(baseline, label + " · solution")]]
        headings = [None, None]
    else:
        sheet = sheet_layout(maze.topology, page, label, cell, title)
        page_w, page_h, left, top, scale = page[0], page[1], sheet.left, sheet.top, sheet.cell
        captions = [sheet.caption, sheet.caption]
        headings = [(sheet.title_baseline, text, sheet.title_pt) for text in sheet.titles]
    out = io.BytesIO()
    with (
        reproducible_canvas(out, (page_w, page_h), _font(), LABEL_PT) as canvas,
        PosterPages(canvas) as pages,
    ):
        canvas.setTitle(label if page is None else f"{title}: {label}")
        canvas.setCreator("bookmaker")
        style = pdf_style(maze.topology, scale)

        def draw(
            drawing: MazeDrawing, caption: list[tuple[float, str]], heading: tuple[float, str, float] | None
        ) -> None:
            draw_maze(canvas, drawing, left, top, scale, style)
            if heading:
                baseline, text, size = heading
                canvas.setFillGray(0)
                canvas.setFont(_font(bold=True), size)
                canvas.drawCentredString(page_w / 2, baseline, text)
            canvas.setFillGray(0.3)
            canvas.setFont(_font(), LABEL_PT)
            for baseline, text in caption:
                canvas.drawCentredString(page_w / 2, baseline, text)
            canvas.showPage()

        draw(puzzle, captions[0], headings[0])
        pages.begin()  # the walls compress while the solution is found and drawn
        watch.lap("write")
        path = answer(maze, solution)
        watch.lap("solve")
        if path:  # the same walls, worked out once
            draw(maze_drawing(maze, path, _arrow(maze.topology), puzzle.walls), captions[1], headings[1])
            watch.lap("geometry")
        pages.finish()
        del puzzle  # a poster's walls need not outlive its pages' streams
    watch.lap("write")
    return out.getvalue()


@dataclass(frozen=True)
class Sheet:
    """Where a printable sheet puts its parts, in PDF points (origin bottom left)."""

    cell: float
    left: float  # the maze's outer box
    top: float
    titles: tuple[str, str]  # the puzzle's page's, the solution's
    title_baseline: float
    title_pt: float
    caption: list[tuple[float, str]]  # (baseline, line) of the recipe under the maze


def sheet_layout(
    topology: Topology,
    page: tuple[float, float],
    label: str,
    cell: float | None = None,
    title: str = DEFAULT_TITLE,
) -> Sheet:
    """The sheet for a maze of ``topology`` on a ``page`` (points): the largest cell that
    fits between the title and the recipe ``label`` with the arrows, or ``cell``; one-line
    errors where the maze cannot print on that page."""
    page_w, page_h = page
    inner = page_w - 2 * SHEET_MARGIN
    bold = _font(bold=True)
    # Both pages' titles at one size: the one the longer, the solution's, fits at.
    _, title_pt = fit_text(title + SOLUTION_TITLE, bold, SHEET_TITLE_PT, inner, SHEET_TITLE_LEAST_PT)
    titles = (
        fit_text(title, bold, title_pt, inner)[0],
        fit_text(title + SOLUTION_TITLE, bold, title_pt, inner)[0],
    )
    lines = wrap(label, _font(), LABEL_PT, inner, None)  # a recipe: never hyphenated
    leading = LABEL_PT + 2
    floor = SHEET_MARGIN + leading * len(lines) + 6  # the recipe, and a gap above it
    ceiling = page_h - SHEET_MARGIN - title_pt - 12  # the title, and a gap under it
    box_w, box_h = extent(topology)
    reach = marker_reach(_arrow(topology))  # cells the arrows take beyond the outer wall
    fits = min(inner / (box_w + 2 * reach), (ceiling - floor) / (box_h + 2 * reach))
    name = f"{shape_word(topology.kind)}{topology.describe()}"
    if cell is not None and cell > fits + 1e-9:
        need_w = (box_w + 2 * reach) * cell + 2 * SHEET_MARGIN
        need_h = (box_h + 2 * reach) * cell + page_h - (ceiling - floor)
        raise BookmakerError(
            f"a {name} maze at --cell {cell:g} needs a {need_w / 72:.1f} x {need_h / 72:.1f} in "
            f"page, more than --page gives ({page_w / 72:.1f} x {page_h / 72:.1f} in); use a "
            "larger --page, --page fit (the page cut to the maze), or a smaller --cell"
        )
    if cell is None:
        cell = min(fits, SHEET_MAX_CORRIDOR / topology.corridor)
        if cell * topology.corridor < MIN_CELL_PT:
            raise BookmakerError(
                f"a {name} maze on the {page_w / 72:.1f} x {page_h / 72:.1f} in page gets "
                f"{cell * topology.corridor:.1f} pt corridors, under the {MIN_CELL_PT:g} pt a "
                f"pencil line needs; use a size up to about "
                f"{topology.scaled(cell * topology.corridor / MIN_CELL_PT)}, a larger --page, "
                "or --page fit (the page cut to the maze)"
            )
    middle = (floor + ceiling) / 2
    return Sheet(
        cell=cell,
        left=(page_w - box_w * cell) / 2,
        top=middle + box_h * cell / 2,
        titles=titles,
        title_baseline=page_h - SHEET_MARGIN - 0.8 * title_pt,
        title_pt=title_pt,
        caption=[(SHEET_MARGIN + 2 + leading * (len(lines) - 1 - i), line) for i, line in enumerate(lines)],
    )


# --- The formats: one record each -----------------------------------------


@dataclass(frozen=True)
class Rendering:
    """How to draw a maze, whatever the format; each writer reads what its format uses."""

    solution: bool = False
    # The cell size (pixels for png and svg, points for pdf), checked by ``check_size``;
    # None on a sheet, which sizes its cells to the page.
    cell: float | None = None
    page: tuple[float, float] | None = None  # a sheet's width and height in points
    title: str = DEFAULT_TITLE  # the line at the top of a sheet


Writer = Callable[[Maze, Rendering, Stopwatch | None], bytes]


@dataclass(frozen=True, kw_only=True)
class OutputFormat:
    """Everything bookmaker asks of one output format; ``FORMATS`` holds one record each.

    To add a format, write its writer (the maze and a ``Rendering`` in, the file's bytes
    out, timing its stages on the stopwatch as ``to_svg`` does) and add its record to
    ``FORMATS``. Nothing else names a format: ``export`` and ``check_size`` draw with it,
    and ``bookmaker maze`` takes its ``--format`` choices, the ``-o`` suffixes it knows,
    where each maze goes and which options apply from these records.
    """

    name: str  # what --format takes
    # The -o suffixes that ask for it, without the dot; the first is the one errors offer
    # and files in output/ get.
    suffixes: tuple[str, ...]
    write: Writer
    # Why it cannot draw a maze of this topology (one line for the user), or None if it can.
    refuses: Callable[[Topology], str | None]
    # Bytes for a file, not a terminal: without -o, a maze goes to output/, not stdout.
    binary: bool
    # How several mazes' documents make one stream or file (--count); None: a file each.
    join: Callable[[list[bytes]], bytes] | None
    # Drawn on a page: it takes --page and --title, and draws the solution on a page of its own.
    pages: bool
    # Written when neither --format nor -o's suffix names a format: the first such format
    # in ``FORMATS`` that draws the maze's shape.
    default: bool
    default_cell: Callable[[Topology], float]  # the cell size when none is given
    # Refuses (BookmakerError, naming --cell) a cell size whose file is too big to make or open.
    check_cell: Callable[[Topology, float], None]

    @property
    def suffix(self) -> str:
        return self.suffixes[0]

    @property
    def streams(self) -> bool:
        """Several mazes share one stream or file."""
        return self.join is not None

    def draws(self, topology: Topology) -> bool:
        return self.refuses(topology) is None


def _draws_every_shape(topology: Topology) -> None:
    return None


def _any_cell(topology: Topology, cell: float) -> None:
    """Text and vector formats: any cell size makes a file of the same size."""


def _screen_cell(topology: Topology) -> float:
    """20 pixels a corridor, as wide as a square maze's."""
    return 20.0 / topology.corridor


def _png_cell(topology: Topology) -> float:
    """As on screen, but no narrower than 2 pixels and at most 1600 pixels along."""
    return int(max(2, min(_screen_cell(topology), 1600 // max(extent(topology)))))


def _pdf_cell(topology: Topology) -> float:
    """18 points a corridor, but the maze at most 540 pt (7.5 in) along unless that makes
    cells under 2 pt, and its page never over ``MAX_PAGE_PT``."""
    longest = max(extent(topology))
    comfortable = 18.0 / topology.corridor
    return min(max(2.0, min(comfortable, 540.0 / longest)), (MAX_PAGE_PT - 200) / longest)


def _png_fits(topology: Topology, cell: float) -> None:
    if cell != int(cell):
        raise BookmakerError(f"--cell for png is whole pixels, got {cell:g}")
    pixels_w, pixels_h, _, _ = png_layout(topology, int(cell))
    if pixels_w * pixels_h > MAX_PNG_PIXELS:
        raise BookmakerError(
            f"a {pixels_w}x{pixels_h} pixel PNG is too big (limit {MAX_PNG_PIXELS:,} pixels); "
            f"lower --cell (now {cell:g})"
        )


def _pdf_fits(topology: Topology, cell: float) -> None:
    maze_w, maze_h, margin, bottom = _pdf_frame(topology, cell)
    page_w, page_h = maze_w + 2 * margin, maze_h + margin + bottom
    if max(page_w, page_h) > MAX_PAGE_PT:
        shape = shape_word(topology.kind)
        raise BookmakerError(
            f"a {shape}{topology.describe()} maze at --cell {cell:g} needs a "
            f"{page_w:.0f}x{page_h:.0f} pt page, over the {MAX_PAGE_PT:.0f} pt (200 in) PDF "
            "limit; lower --cell"
        )


def _json_array(documents: list[bytes]) -> bytes:
    """A JSON array whose items are the single documents, verbatim."""
    return b"[\n" + b",\n".join(doc.rstrip(b"\n") for doc in documents) + b"\n]\n"


def _write_ascii(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    return to_ascii(maze, how.solution, stopwatch).encode()


def _write_json(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    return to_json(maze, how.solution, stopwatch).encode()


def _write_jsonl(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    return to_jsonl(maze, how.solution, stopwatch).encode()


def _write_svg(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    return to_svg(maze, how.solution, float(_checked(how.cell)), stopwatch).encode()


def _write_png(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    return to_png(maze, how.solution, int(_checked(how.cell)), stopwatch)


def _write_pdf(maze: Maze, how: Rendering, stopwatch: Stopwatch | None) -> bytes:
    if how.page is None:  # a page cut to the maze
        return to_pdf(maze, how.solution, float(_checked(how.cell)), stopwatch)
    return to_pdf(maze, how.solution, how.cell, stopwatch, how.page, how.title)


def _checked(cell: float | None) -> float:
    """The cell size of a picture not on a sheet: only a sheet sizes its own cells."""
    assert cell is not None, "only a sheet draws without a cell size"
    return cell


# The one place to add a format (see ``OutputFormat``); in the order --format lists them.
FORMATS: dict[str, OutputFormat] = {
    record.name: record
    for record in (
        OutputFormat(
            name="ascii",
            suffixes=("txt", "ascii"),
            write=_write_ascii,
            refuses=_ascii_refuses,
            binary=False,
            join=b"".join,
            pages=False,
            default=True,
            default_cell=_screen_cell,
            check_cell=_any_cell,
        ),
        OutputFormat(
            name="json",
            suffixes=("json",),
            write=_write_json,
            refuses=_draws_every_shape,
            binary=False,
            join=_json_array,
            pages=False,
            default=False,
            default_cell=_screen_cell,
            check_cell=_any_cell,
        ),
        OutputFormat(
            name="jsonl",
            suffixes=("jsonl",),
            write=_write_jsonl,
            refuses=_draws_every_shape,
            binary=False,
            join=b"".join,  # one line a maze
            pages=False,
            default=False,
            default_cell=_screen_cell,
            check_cell=_any_cell,
        ),
        OutputFormat(
            name="svg",
            suffixes=("svg",),
            write=_write_svg,
            refuses=_draws_every_shape,
            binary=False,
            join=None,
            pages=False,
            default=True,  # for the shapes ascii cannot draw
            default_cell=_screen_cell,
            check_cell=_any_cell,
        ),
        OutputFormat(
            name="png",
            suffixes=("png",),
            write=_write_png,
            refuses=_draws_every_shape,
            binary=True,
            join=None,
            pages=False,
            default=False,
            default_cell=_png_cell,
            check_cell=_png_fits,
        ),
        OutputFormat(
            name="pdf",
            suffixes=("pdf",),
            write=_write_pdf,
            refuses=_draws_every_shape,
            binary=True,
            join=None,
            pages=True,
            default=False,
            default_cell=_pdf_cell,
            check_cell=_pdf_fits,
        ),
    )
}


def output_format(name: str) -> OutputFormat:
    """The record of format ``name``; an unknown name lists the formats there are."""
    try:
        return FORMATS[name]
    except KeyError:
        raise BookmakerError(f"unknown format '{name}'; choose one of: {', '.join(FORMATS)}") from None


def default_format(topology: Topology) -> OutputFormat:
    """The format a maze of ``topology`` is written in when nothing names one."""
    return next(record for record in FORMATS.values() if record.default and record.draws(topology))


def format_of_suffix(suffix: str) -> OutputFormat | None:
    """The format a file name's suffix (without the dot, any case) asks for, if any."""
    return next((record for record in FORMATS.values() if suffix.lower() in record.suffixes), None)


def export(
    maze: Maze,
    fmt: str,
    *,
    solution: bool = False,
    cell: float | None = None,
    stopwatch: Stopwatch | None = None,
    page: tuple[float, float] | None = None,
    title: str = DEFAULT_TITLE,
) -> bytes:
    """``maze`` in format ``fmt`` (one of ``FORMATS``), as the bytes of a file; ``stopwatch``
    gets the time of each stage (solve, geometry, write). A format drawn on pages, given a
    ``page`` (width and height in points), makes a printable sheet headed ``title`` (see
    ``to_pdf``), which sizes its own cells unless ``cell`` is given."""
    record = output_format(fmt)
    if not (record.pages and page is not None):
        cell = check_size(fmt, maze.topology, cell)
    return record.write(maze, Rendering(solution, cell, page, title), stopwatch)


def check_size(fmt: str, topology: Topology, cell: float | None = None) -> float:
    """The cell size to draw a maze of ``topology`` with (``cell`` or the default); refuses,
    before any work is done, a picture too big to make or to open, or a shape the format
    cannot draw."""
    record = output_format(fmt)
    refusal = record.refuses(topology)
    if refusal is not None:
        raise BookmakerError(refusal)
    if cell is None:
        cell = record.default_cell(topology)
    if not 0 < cell < math.inf:
        raise BookmakerError(f"--cell must be above 0, got {cell:g}")
    record.check_cell(topology, cell)
    return cell
