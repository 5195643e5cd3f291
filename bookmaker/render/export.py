"""One maze to a file: ``bookmaker.maze/1`` JSON or JSON Lines, ASCII, SVG, PNG or PDF.

Every picture is drawn from the same ``MazeDrawing`` (see ``geometry``), so the
formats cannot disagree about where a wall stands. ``solution=True`` draws the
answer on the picture (the PDF gets a second page for it) and fills the JSON
``solution`` field; without it that field is null, so handing out a JSON file
never gives the answer away. ``stats`` are always counted, solution length
included whenever the maze has endpoints.
"""

from __future__ import annotations

import io
import math
from xml.sax.saxutils import escape

from ..errors import BookmakerError
from ..maze import recipe
from ..maze.model import Maze
from ..layout import stroke_width
from ..views import Style
from .canvas import draw_maze, hex_to_rgb, reproducible_canvas
from .maze_json import answer, to_json, to_jsonl
from ..geometry import MazeDrawing, Point, marker_reach, maze_drawing

FORMATS = ("ascii", "json", "jsonl", "svg", "png", "pdf")
MARKER = 1.0  # arrow length in cells
SOLUTION_COLOR = Style().solution_color
LABEL_PT = 8.0  # print rule: text at least 7 pt
LABEL_BASELINE = 24.0  # points above the page's bottom edge
MAX_PAGE_PT = 14400.0  # 200 in: the largest page PDF viewers and printers accept
MAX_PNG_PIXELS = 100_000_000


# --- ASCII ------------------------------------------------------------------

# Lattice-point flags: which way a wall leaves the corner.
_UP, _RIGHT, _DOWN, _LEFT = 1, 2, 4, 8
_CORNER = {0: " ", _LEFT | _RIGHT: "-", _UP | _DOWN: "|"}


def to_ascii(maze: Maze, solution: bool = False) -> str:
    """'+---+' walls, three characters a cell; S and E mark the ends, 'o' the solution."""
    drawing = maze_drawing(maze, answer(maze, solution))
    width, height = maze.width, maze.height
    grid = [[" "] * (4 * width + 1) for _ in range(2 * height + 1)]
    corners = bytearray((width + 1) * (height + 1))
    for x0, y0, x1, y1 in drawing.walls:
        if y0 == y1:
            for x in range(x0, x1):
                grid[2 * y0][4 * x + 1:4 * x + 4] = "---"
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
    for shape in drawing.solution_cells or ():
        grid[2 * shape.y + 1][4 * shape.x + 2] = "o"
    for cell, mark in ((maze.start, "S"), (maze.end, "E")):
        if cell is not None:
            x, y = maze.topology.coordinates(cell)
            grid[2 * y + 1][4 * x + 2] = mark
    lines = [recipe(maze)] + ["".join(row).rstrip() for row in grid]
    return "\n".join(lines) + "\n"


# --- SVG --------------------------------------------------------------------

def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _svg_to(x0: float, y0: float, x1: float, y1: float) -> str:
    """The shortest SVG command from (x0, y0) to (x1, y1)."""
    if y0 == y1:
        return f"H{_num(x1)}"
    if x0 == x1:
        return f"V{_num(y1)}"
    return f"L{_num(x1)} {_num(y1)}"


def _svg_points(points: list[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def to_svg(maze: Maze, solution: bool = False, cell: float = 20.0) -> str:
    """Drawn in cell units under a viewBox, so wall paths are short integer commands."""
    drawing = maze_drawing(maze, answer(maze, solution), MARKER)
    label = escape(recipe(maze))
    pad = marker_reach(MARKER) + 0.5
    font = 11.0 / cell  # about 11 px at the drawn size
    label_width = 0.55 * font * len(label) + 1.0  # a sans-serif estimate, with room
    view_w = max(maze.width + 2 * pad, label_width)
    view_h = maze.height + 2 * pad + 2 * font
    left = maze.width / 2 - view_w / 2
    walls = "".join(f"M{_num(x0)} {_num(y0)}{_svg_to(x0, y0, x1, y1)}"
                    for x0, y0, x1, y1 in drawing.walls)
    wall_width, line_width = _line_widths(cell)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(view_w * cell)}" '
        f'height="{_num(view_h * cell)}" '
        f'viewBox="{_num(left)} {_num(-pad)} {_num(view_w)} {_num(view_h)}">',
        f"<title>{label}</title>",
        f'<rect x="{_num(left)}" y="{_num(-pad)}" width="{_num(view_w)}" '
        f'height="{_num(view_h)}" fill="#fff"/>',
        f'<path d="{walls}" fill="none" stroke="#000" stroke-width="{_num(wall_width / cell)}" '
        'stroke-linecap="square"/>',
    ]
    if drawing.solution:
        parts.append(
            f'<polyline points="{_svg_points(drawing.solution)}" fill="none" '
            f'stroke="{SOLUTION_COLOR}" stroke-width="{_num(line_width / cell)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    for marker in (drawing.start_marker, drawing.end_marker):
        if marker:
            parts.append(f'<polygon points="{_svg_points(marker)}" fill="#000"/>')
    parts.append(
        f'<text x="{_num(maze.width / 2)}" y="{_num(maze.height + pad + font)}" '
        f'font-family="Andika, sans-serif" font-size="{_num(font)}" text-anchor="middle" '
        f'fill="#444">{label}</text>'
    )
    return "\n".join(parts) + "\n</svg>\n"


def _line_widths(cell: float) -> tuple[float, float]:
    """Wall and solution widths for a cell size (same unit): thin enough to leave a corridor."""
    return stroke_width(cell, 0.1, 0.75, 2.5), stroke_width(cell, 0.16, 0.75, 4.0)


# --- PNG --------------------------------------------------------------------

def png_layout(width: int, height: int, cell: int) -> tuple[int, int, int, int]:
    """Image width, height, the margin before the outer wall and the wall thickness, in pixels,
    for a maze of ``width`` x ``height`` cells."""
    margin = math.ceil((marker_reach(MARKER) + 0.5) * cell)
    thickness = max(1, round(cell * 0.1))
    return width * cell + 2 * margin, height * cell + 2 * margin, margin, thickness


def to_png(maze: Maze, solution: bool = False, cell: int = 20) -> bytes:
    """Walls as pixel-aligned rectangles; arrows and the solution line drawn 4x larger and
    scaled down, so they are smooth while the walls stay crisp."""
    from PIL import Image, ImageDraw

    check_size("png", maze.width, maze.height, cell)
    width, height, margin, thickness = png_layout(maze.width, maze.height, cell)
    drawing = maze_drawing(maze, answer(maze, solution), MARKER)
    k = 4 if width * height <= 4_000_000 else 1
    image = Image.new("RGB", (width * k, height * k), "white")
    draw = ImageDraw.Draw(image)

    def at(point: Point) -> tuple[float, float]:
        return ((margin + point[0] * cell) * k, (margin + point[1] * cell) * k)

    low = thickness // 2  # the wall straddles the lattice line: [line - low, line - low + thickness)
    for x0, y0, x1, y1 in drawing.walls:
        left, top = margin + x0 * cell - low, margin + y0 * cell - low
        right, bottom = margin + x1 * cell - low + thickness, margin + y1 * cell - low + thickness
        draw.rectangle((left * k, top * k, right * k - 1, bottom * k - 1), fill="black")
    if drawing.solution:
        _, line_width = _line_widths(cell)
        line = [at(point) for point in drawing.solution]
        color = _rgb255(SOLUTION_COLOR)
        radius = line_width * k / 2
        draw.line(line, fill=color, width=round(line_width * k), joint="curve")
        for x, y in (line[0], line[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color)
    for marker in (drawing.start_marker, drawing.end_marker):
        if marker:
            draw.polygon([at(point) for point in marker], fill="black")
    if k > 1:
        image = image.reduce(k)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _rgb255(color: str) -> tuple[int, int, int]:
    return tuple(round(c * 255) for c in hex_to_rgb(color))


# --- PDF --------------------------------------------------------------------

def pdf_layout(maze: Maze, cell: float) -> tuple[float, float, float, float, float]:
    """Page width and height, the maze's outer left and top edge (PDF points, origin bottom
    left) and the label's baseline: the arrows and the label get room of their own."""
    check_size("pdf", maze.width, maze.height, cell)
    maze_w, maze_h, margin, bottom = _pdf_frame(maze.width, maze.height, cell)
    page_w = max(maze_w + 2 * margin, _label_width(maze) + 2 * 24.0)
    page_h = bottom + maze_h + margin
    return page_w, page_h, (page_w - maze_w) / 2, bottom + maze_h, LABEL_BASELINE


def _pdf_frame(width: int, height: int, cell: float) -> tuple[float, float, float, float]:
    """The maze's size, the margin beside and above it and the room below it, in points."""
    reach = marker_reach(MARKER) * cell
    margin = max(24.0, reach + 12.0)
    # The label sits under any arrow that leaves through the bottom wall.
    bottom = LABEL_BASELINE + 0.75 * LABEL_PT + 6.0 + reach
    return width * cell, height * cell, margin, bottom


def _font() -> str:
    from ..fonts import DEFAULT_REGULAR, register

    return register(DEFAULT_REGULAR)


def _label_width(maze: Maze) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(recipe(maze) + " · solution", _font(), LABEL_PT)


def pdf_style(cell: float) -> Style:
    wall, line = _line_widths(cell)
    return Style(wall_width=wall, solution_width=line)


def to_pdf(maze: Maze, solution: bool = False, cell: float = 18.0) -> bytes:
    """The puzzle on a page of its own size; with ``solution``, the answer on page 2."""
    path = answer(maze, solution)
    page_w, page_h, left, top, baseline = pdf_layout(maze, cell)
    font = _font()
    label = recipe(maze)
    out = io.BytesIO()
    with reproducible_canvas(out, (page_w, page_h), font, LABEL_PT) as canvas:
        canvas.setTitle(label)
        canvas.setCreator("bookmaker")
        pages = [(maze_drawing(maze, None, MARKER), label)]
        if path:
            pages.append((maze_drawing(maze, path, MARKER), label + " · solution"))
        for drawing, text in pages:
            _pdf_page(canvas, drawing, left, top, cell, text, page_w, baseline)
    return out.getvalue()


def _pdf_page(canvas, drawing: MazeDrawing, left: float, top: float, cell: float, text: str,
              page_w: float, baseline: float) -> None:
    draw_maze(canvas, drawing, left, top, cell, pdf_style(cell))
    canvas.setFillGray(0.3)
    canvas.setFont(_font(), LABEL_PT)
    canvas.drawCentredString(page_w / 2, baseline, text)
    canvas.showPage()


# --- Dispatch and files -----------------------------------------------------

DEFAULT_CELL = {"svg": 20.0, "png": 20, "pdf": 18.0}


def default_cell(fmt: str, width: int, height: int) -> float:
    """A scale that keeps a small maze comfortable and a big one within limits."""
    longest = max(width, height)
    if fmt == "png":
        return max(2, min(20, 1600 // longest))
    if fmt == "pdf":
        return min(max(2.0, min(18.0, 540.0 / longest)), (MAX_PAGE_PT - 200) / longest)
    return DEFAULT_CELL.get(fmt, 20.0)


def export(maze: Maze, fmt: str, *, solution: bool = False, cell: float | None = None) -> bytes:
    """``maze`` in format ``fmt`` (one of ``FORMATS``), as the bytes of a file."""
    cell = check_size(fmt, maze.width, maze.height, cell)
    if fmt == "png":
        return to_png(maze, solution, int(cell))
    if fmt == "pdf":
        return to_pdf(maze, solution, float(cell))
    if fmt == "svg":
        return to_svg(maze, solution, float(cell)).encode()
    text = {"ascii": to_ascii, "json": to_json, "jsonl": to_jsonl}[fmt](maze, solution)
    return text.encode()


def check_size(fmt: str, width: int, height: int, cell: float | None = None) -> float:
    """The cell size to draw a ``width`` x ``height`` maze with (``cell`` or the default);
    refuses, before any work is done, a picture too big to make or to open."""
    if fmt not in FORMATS:
        raise BookmakerError(f"unknown format '{fmt}'; choose one of: {', '.join(FORMATS)}")
    if cell is None:
        cell = default_cell(fmt, width, height)
    if not 0 < cell < math.inf:
        raise BookmakerError(f"--cell must be above 0, got {cell:g}")
    if fmt == "png":
        if cell != int(cell):
            raise BookmakerError(f"--cell for png is whole pixels, got {cell:g}")
        pixels_w, pixels_h, _, _ = png_layout(width, height, int(cell))
        if pixels_w * pixels_h > MAX_PNG_PIXELS:
            raise BookmakerError(
                f"a {pixels_w}x{pixels_h} pixel PNG is too big (limit {MAX_PNG_PIXELS:,} pixels); "
                f"lower --cell (now {cell:g})"
            )
    if fmt == "pdf":
        maze_w, maze_h, margin, bottom = _pdf_frame(width, height, cell)
        page_w, page_h = maze_w + 2 * margin, maze_h + margin + bottom
        if max(page_w, page_h) > MAX_PAGE_PT:
            raise BookmakerError(
                f"a {width}x{height} maze at --cell {cell:g} needs a {page_w:.0f}x{page_h:.0f} pt "
                f"page, over the {MAX_PAGE_PT:.0f} pt (200 in) PDF limit; lower --cell"
            )
    return cell
