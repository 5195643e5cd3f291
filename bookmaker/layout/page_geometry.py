"""Page geometry: trim, bleed, mirrored margins, and the grid of maze slots.

All boxes are (x0, y0, x1, y1) in PDF points with the origin at the bottom
left of the page's media box, as the manifest reports them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from ..errors import ConfigKeyError, KeyPath
from ..geometry import Arc, MazeDrawing, Point, Segment, extent, marker_reach
from ..geometry.primitives import ARROW_ACROSS
from ..maze.topology import Topology
from ..profiles import Profile, TrimMargins, page_margins
from ..units import format_points

Box = tuple[float, float, float, float]

MAX_CELL_PT = 72.0
MIN_CELL_PT = 3.6  # 1.27 mm: below this a pencil line no longer fits between 0.75 pt walls
# The least room between an answer key's walls: in narrower corridors the solution line
# crowds the walls and the key is hard to read, so a section's answers go fewer to a page.
MIN_ANSWER_CORRIDOR_PT = 2 * 72 / 25.4  # 2 mm
FOOTER_PT = 22.0  # page number
SLOT_CODE_PT = 19.0  # regeneration code below each maze: two lines of 7 pt when it must wrap
SLOT_GAP_PT = 10.0
WORKSHEET_FIELDS_PT = 34.0  # the name/date/class line and the space under it
CONTENTS_TOP_PT = 60.0  # from the top of the content box to the first contents line
CONTENTS_LEADING_PT = 20.0
DEFAULT_MARGIN_PT = 36.0  # 0.5 in: comfortable on every printer
# Ink is kept this far inside a printer's minimum margin: ink exactly on it is legal, but
# rounding in a printer's RIP could tip it over and have the upload rejected.
MARGIN_SLACK_PT = 2.0
MIN_LINE_PT = 0.75  # KDP's thinnest line
MIN_LINE_BLACK = 0.6  # a line this thin is at least this share of black (printed_width)
MIN_CONTENT_PT = 72.0  # the margins must leave at least an inch each way for the mazes
# A start or finish arrow is never narrower than this, however small the cells: a child
# finds a 4 mm mark at a glance, where a 2 mm one hides among the walls.
MIN_MARKER_PT = 4 * 72 / 25.4
MAX_MARKER_PT = 18.0
# The least room between any two things printed around a maze (its walls, its arrows, its
# number, answer note, stars and code): closer, they read as one.
CLEAR_PT = 2.0

# per_page -> (columns, rows) on a portrait page
GRIDS = {1: (1, 1), 2: (1, 2), 3: (1, 3), 4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}


@dataclass(frozen=True)
class TextSizes:
    """The sizes of what a reader reads to solve the mazes: their instructions and numbers."""

    head_instructions: float = 9.0  # under the section's title at the head of its pages
    instructions: float = 13.0  # on its opening page, and at the head of a worksheet
    number: float = 11.0  # each maze's number, bold, above it
    how_to: tuple[float, float] = (12.0, 8.0)  # the how-to page's text: largest, smallest
    word: float = 10.0  # START and FINISH beside the openings, bold (markers: words or both)
    inline_instructions: float = 12.0  # a section's instructions above its first maze

    @property
    def inline_leading(self) -> float:
        return round(self.inline_instructions * 1.25)

    @property
    def inline_opener(self) -> float:
        """The band of a section's opener set above its first maze (opener: inline), in place
        of the running head: its title row, two lines of instructions and the line about its
        mazes."""
        return 62 + 2 * self.inline_leading

    @property
    def head_leading(self) -> float:
        return round(self.head_instructions * 1.22)

    @property
    def header(self) -> float:
        """The running head's height: the title (14 pt) and two lines of instructions."""
        return 18 + 2 * self.head_leading

    @property
    def label_band(self) -> float:
        """The band above each maze for its number, answer reference and stars."""
        return self.number + 5


# text_size: a book for young children sets every instruction at 14 pt, numbers at 16.
TEXT_SIZES = {"normal": TextSizes(), "large": TextSizes(14.0, 14.0, 16.0, (16.0, 14.0), 14.0, 14.0)}
# How the start and finish of a maze with openings are marked: arrows, the words START and
# FINISH beside the openings, or both. An end inside the maze keeps its mark on a patch.
MARKERS = ("arrows", "words", "both")
END_WORDS = ("START", "FINISH")
TEXT_SIZE_NAMES = tuple(TEXT_SIZES)


def slot_grid(per_page: int, landscape: bool) -> tuple[int, int]:
    columns, rows = GRIDS[per_page]
    return (rows, columns) if landscape and columns != rows else (columns, rows)


@dataclass(frozen=True)
class PageFrame:
    """One page's boxes: the media box is (0, 0, width, height)."""

    number: int
    width: float
    height: float
    trim: Box
    bleed: Box
    content: Box  # inside the margins: everything but bleed decoration goes here


def resolve_margins(
    requested: dict[str, float | None],
    profile: Profile,
    page_count: int,
    bleed: bool,
    problems: list[ConfigKeyError] | None = None,
) -> TrimMargins:
    """The margins to use: the config's where given, else 0.5 in, but never within
    MARGIN_SLACK_PT of the printer's minimum; a config margin under the minimum is an error
    (raised, or with ``problems`` given, added to them and the minimum used instead)."""
    minimum = profile.min_margins(page_count, bleed)
    chosen = {}
    for side in TrimMargins._fields:
        least = getattr(minimum, side)
        value = requested.get(side)
        if value is None:
            value = DEFAULT_MARGIN_PT
        elif value + 1e-6 < least:
            error = ConfigKeyError(
                ("page", "margins", side),
                f"{format_points(value)} is under the {profile.name} minimum "
                f"of {format_points(least)}"
                # Only the gutter grows with the page count.
                + (f" for a {page_count}-page book" if side == "inside" else "")
                + (" with bleed" if bleed else "")
                + f"; set at least {format_points(least)}, or leave it out for the default",
            )
            if problems is None:
                raise error
            problems.append(error)
            value = least
        chosen[side] = max(value, least + MARGIN_SLACK_PT)
    return TrimMargins(**chosen)


def page_frame(
    number: int, trim_size: tuple[float, float], profile: Profile, bleed: bool, margins: TrimMargins
) -> PageFrame:
    trim_w, trim_h = trim_size
    off = profile.bleed_offsets(number, bleed)
    width, height = trim_w + off.left + off.right, trim_h + off.bottom + off.top
    trim = (off.left, off.bottom, off.left + trim_w, off.bottom + trim_h)
    left, right = page_margins(margins, number)
    content = (trim[0] + left, trim[1] + margins.bottom, trim[2] - right, trim[3] - margins.top)
    if content[2] - content[0] < MIN_CONTENT_PT or content[3] - content[1] < MIN_CONTENT_PT:
        wide = content[2] - content[0] < MIN_CONTENT_PT
        raise ConfigKeyError(
            ("page", "margins"),
            f"the margins ({format_points(left + right)} across, "
            f"{format_points(margins.top + margins.bottom)} down, with the printer's minimums) "
            f"leave less than 1in for content on a {format_points(trim_w)} x "
            f"{format_points(trim_h)} page; narrow the "
            + ("inside and outside" if wide else "top and bottom")
            + " margins, or use a larger page.size",
        )
    return PageFrame(number, width, height, trim, (0.0, 0.0, width, height), content)


def worksheet_head_height(fields: bool) -> float:
    """Room ``worksheet_head`` takes: the name lines, the title and two lines of instruction."""
    return (WORKSHEET_FIELDS_PT if fields else 0.0) + 66.0


def body_area(
    frame: PageFrame, kind: str = "puzzles", fields: bool = False, sizes: TextSizes = TextSizes()
) -> Box:
    """The content box less the page's heading and the footer: where maze slots go."""
    x0, y0, x1, y1 = frame.content
    head = worksheet_head_height(fields) if kind == "worksheet" else sizes.header
    return (x0, y0 + FOOTER_PT, x1, y1 - head)


def inline_opener_area(area: Box, here: bool, sizes: TextSizes = TextSizes()) -> Box:
    """Where the mazes go on a page of a section that opens inline, given the page's body
    ``area``: below the opener on the page it heads (``here``), and on the section's other
    pages in the same room, centred, so that every maze of the section gets the same slot."""
    x0, y0, x1, y1 = area
    band = sizes.inline_opener - sizes.header
    return (x0, y0, x1, y1 - band) if here else (x0, y0 + band / 2, x1, y1 - band / 2)


def contents_lines(content_height: float) -> int:
    """How many contents lines fit between the heading and the footer of a page whose content
    box is ``content_height`` points tall."""
    room = content_height - CONTENTS_TOP_PT - FOOTER_PT
    return max(1, int(room // CONTENTS_LEADING_PT) + 1)


def slot_boxes(area: Box, per_page: int) -> list[Box]:
    """The area split into a grid of equal slots, filled left to right, top to bottom."""
    x0, y0, x1, y1 = area
    columns, rows = slot_grid(per_page, landscape=(x1 - x0) > (y1 - y0))
    width = (x1 - x0 - SLOT_GAP_PT * (columns - 1)) / columns
    height = (y1 - y0 - SLOT_GAP_PT * (rows - 1)) / rows
    boxes = []
    for row in range(rows):
        for column in range(columns):
            left = x0 + column * (width + SLOT_GAP_PT)
            top = y1 - row * (height + SLOT_GAP_PT)
            boxes.append((left, top - height, left + width, top))
    return boxes[:per_page]


def marker_length(cell: float) -> float:
    """Start and finish arrows: long enough to be MIN_MARKER_PT across, growing with the
    cells to MAX_MARKER_PT."""
    # Rounded up a little: a polar rim's arrows are drawn from chords of their ball.
    least = math.ceil(MIN_MARKER_PT / ARROW_ACROSS * 10) / 10
    return max(least, min(MAX_MARKER_PT, 0.8 * cell))


def arrow_room(cell: float) -> float:
    """Points an arrow reaches beyond the outer wall, for a maze of ``cell`` point cells."""
    return marker_reach(marker_length(cell) / cell) * cell


# Kept: a book asks for each slot and maze size about 17 times over (a section's mazes share
# both, and fitting the answer key tries layouts), and each answer is 40 bisection steps.
@lru_cache(maxsize=1024)
def fit_cell(
    available_w: float, available_h: float, width: float, height: float, side_room: float = 0.0
) -> float:
    """The largest cell (points per cell unit) that fits a maze ``width`` x ``height`` cell
    units big, and its arrows on every side, in the area; with at least ``side_room`` points
    left and right of it (for START and FINISH beside an opening there)."""

    def fits(cell: float) -> bool:
        room = 2 * arrow_room(cell)
        return width * cell + max(room, 2 * side_room) <= available_w and height * cell + room <= available_h

    low, high = 0.0, min(available_w / width, available_h / height)
    for _ in range(40):  # the room grows with the cell, so bisect rather than solve
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


@dataclass(frozen=True)
class Placement:
    """Where one maze goes on its page: the outer wall box, and the cell size."""

    slot: Box
    left: float
    top: float
    cell: float
    bbox: Box
    wall_width: float
    marker_cells: float


def stroke_width(cell: float, share: float, least: float, most: float) -> float:
    """The one rule for line widths: ``share`` of the cell, kept from ``least`` to ``most``."""
    return max(least, min(most, cell * share))


MAX_WALL_PT = 2.25


def wall_width(cell: float) -> float:
    """Walls thick enough to print (0.75 pt at least) and thin beside the passage."""
    return stroke_width(cell, 0.1, MIN_LINE_PT, MAX_WALL_PT)


def solution_width(cell: float) -> float:
    """The answer key's solution line: bold, yet inside the corridor."""
    return stroke_width(cell, 0.3, 1.0, 3.0)


def grey_solution_width(cell: float) -> float:
    """The solution line of a black-and-white interior: broader than in colour, since
    only its width and tone tell it from the walls, and still inside the corridor."""
    return stroke_width(cell, 0.45, 1.5, 4.5)


def clear_corridor(placement: Placement, topology: Topology, wall: float) -> float:
    """Points between the walls of a maze's narrowest corridor, placed at ``placement`` with
    walls ``wall`` points wide (half of each wall eats into the corridor on either side)."""
    return placement.cell * topology.corridor - wall


def within_corridor(width: float, clear: float) -> float:
    """A solution line ``width`` points wide, narrowed if need be to the ``clear`` points
    between its corridor's walls, but never under the thinnest line a printer takes."""
    return max(MIN_LINE_PT, min(width, clear))


def printed_width(width: float, grey: float) -> float:
    """``width`` of a line inked at ``grey`` (0 black, 1 white), widened if need be to carry
    at least the ink of the thinnest line allowed at 60 % black: a printer screens a grey
    into dots, and a thin screened line breaks up and fades."""
    return max(width, MIN_LINE_PT * MIN_LINE_BLACK / (1 - grey))


def page_points(placement: Placement, points) -> list[Point]:
    """Points of a drawing (cell units, y down) where ``placement`` puts them on the page."""
    left, top, cell = placement.left, placement.top, placement.cell
    return [(left + x * cell, top - y * cell) for x, y in points]


def wall_lines(placement: Placement, drawing: MazeDrawing) -> list[Segment]:
    """A maze's walls as straight page segments (arcs as chords within 0.1 pt of them)."""
    left, top, cell = placement.left, placement.top, placement.cell
    lines = []
    for wall in drawing.walls:
        if isinstance(wall, Arc):
            points = page_points(placement, wall.points(0.1 / cell))
            lines += [(*a, *b) for a, b in pairwise(points)]
        else:
            x0, y0, x1, y1 = wall
            lines.append((left + x0 * cell, top - y0 * cell, left + x1 * cell, top - y1 * cell))
    return lines


def union(boxes: list[Box]) -> Box:
    """The smallest box holding every one of ``boxes``."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def box_gap(box: Box, other: Box) -> float:
    """Points between two boxes (0 when they overlap)."""
    dx = max(other[0] - box[2], box[0] - other[2], 0.0)
    dy = max(other[1] - box[3], box[1] - other[3], 0.0)
    return math.hypot(dx, dy)


def line_gap(box: Box, line: Segment) -> float:
    """Points between a box and a straight line's centre-line (0 when it crosses the box)."""
    x0, y0, x1, y1 = line
    # Clip the line to the box (Liang-Barsky): a part left inside means it crosses.
    low, high = 0.0, 1.0
    for p, q in (
        (x0 - x1, x0 - box[0]),
        (x1 - x0, box[2] - x0),
        (y0 - y1, y0 - box[1]),
        (y1 - y0, box[3] - y0),
    ):
        if p == 0:
            if q < 0:  # parallel to this edge, and outside it
                low, high = 1.0, 0.0
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    if low <= high:
        return 0.0
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    ends = [box_gap(box, (x, y, x, y)) for x, y in ((x0, y0), (x1, y1))]
    return min(*ends, *(_point_line(px, py, line) for px, py in corners))


def _point_line(px: float, py: float, line: Segment) -> float:
    x0, y0, x1, y1 = line
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / length))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


def marker_shapes(drawing: MazeDrawing, arrows: bool = True) -> list[list[Point]]:
    """The start and finish marks ``drawing`` inks (cell units): without ``arrows``, only
    those of ends inside the maze."""
    return [
        marker
        for marker, opening in zip((drawing.start_marker, drawing.end_marker), drawing.openings, strict=True)
        if marker and (arrows or opening is None)
    ]


def drawn_box(placement: Placement, drawing: MazeDrawing, arrows: bool = True) -> Box:
    """The page box a maze's ink covers: its outer wall's box with half a wall's width
    around it, and its start and finish markers, wherever they point (``arrows`` false:
    but for arrows, which words replace)."""
    x0, y0, x1, y1 = placement.bbox
    half = placement.wall_width / 2
    xs, ys = [x0 - half, x1 + half], [y0 - half, y1 + half]
    for marker in marker_shapes(drawing, arrows):
        for x, y in page_points(placement, marker):
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def slot_maze_area(slot: Box, sizes: TextSizes = TextSizes()) -> Box:
    """The part of a slot left for the maze itself, under its label and above its code."""
    x0, y0, x1, y1 = slot
    return (x0, y0 + SLOT_CODE_PT, x1, y1 - sizes.label_band)


def _fitting_size(topology: Topology, width: float, height: float, cell: float) -> str:
    """A size of ``topology``'s shape whose maze and arrows fit ``width`` x ``height`` points
    at ``cell`` points a cell unit, as the user writes it."""
    room = 2 * arrow_room(cell)
    columns, rows = extent(topology)
    # Every shape's box is its count of cells times a step, plus at most one cell unit (a
    # hexagon's overhang, a triangle's half): a unit of slack keeps the smaller box inside too.
    factor = min(((width - room) / cell - 1) / columns, ((height - room) / cell - 1) / rows)
    return topology.scaled(max(factor, 0.0))


def slot_cell(slot: Box, topology: Topology, sizes: TextSizes = TextSizes(), side_room: float = 0.0) -> float:
    """The largest cell a maze of ``topology`` gets in ``slot`` with its arrows (and
    ``side_room`` for words beside them), before it is capped (``place_maze``): it grows with
    the slot on whichever side limits it."""
    x0, y0, x1, y1 = slot_maze_area(slot, sizes)
    return fit_cell(x1 - x0, y1 - y0, *extent(topology), side_room)


def place_maze(
    slot: Box,
    topology: Topology,
    min_cell: float,
    where: KeyPath | str,
    instead: str = "fewer mazes per page",
    sizes: TextSizes = TextSizes(),
    side_room: float = 0.0,
) -> Placement:
    """Centre a maze of ``topology`` in its slot by its outer wall's box, with corridors at
    least ``min_cell`` points wide, or explain why it cannot be: a ConfigKeyError on
    ``where``, suggesting the largest size that fits or ``instead``.

    A cell unit is a square's side, a hexagon's or triangle's edge, a polar ring's width; a
    shape's narrowest corridor (``topology.corridor`` cell units) is what must stay as wide
    as a square maze's, so a triangle maze gets larger cells than a square one.
    """
    x0, y0, x1, y1 = slot_maze_area(slot, sizes)
    cell = slot_cell(slot, topology, sizes, side_room)
    least = min_cell / topology.corridor  # the smallest cell that keeps corridors min_cell wide
    if cell < least:
        corridor = math.floor(cell * topology.corridor * 10) / 10  # never shown rounded up to it
        raise ConfigKeyError(
            where,
            f"{topology.kind} {topology.describe()} gives {corridor:.1f} pt corridors "
            f"in this slot, under the {min_cell:.1f} pt minimum; use a size up to about "
            f"{_fitting_size(topology, x1 - x0, y1 - y0, least)}, or {instead}",
        )
    # A tiny maze alone on a page would get cells inches wide; an inch of corridor (or the
    # worksheet's own minimum, if larger) is as big as a cell is useful.
    cell = min(cell, max(MAX_CELL_PT, min_cell) / topology.corridor)
    # Round numbers keep the content stream short, but never narrow a corridor under the minimum.
    cell = max(math.floor(cell * 100) / 100, least)
    return centred(slot, (x0, y0, x1, y1), topology, cell)


def fill_area(area: Box, topology: Topology) -> Placement:
    """A maze of ``topology`` as large as ``area`` holds it with its arrows, centred: art,
    which has no label or code around it and no cell size to keep to."""
    x0, y0, x1, y1 = area
    cell = math.floor(fit_cell(x1 - x0, y1 - y0, *extent(topology)) * 100) / 100
    return centred(area, area, topology, cell)


def centred(slot: Box, area: Box, topology: Topology, cell: float) -> Placement:
    """A maze of ``topology`` at ``cell`` points a cell unit, centred in ``area`` of ``slot``."""
    x0, y0, x1, y1 = area
    columns, rows = extent(topology)
    maze_w, maze_h = columns * cell, rows * cell
    left = x0 + ((x1 - x0) - maze_w) / 2
    bottom = y0 + ((y1 - y0) - maze_h) / 2
    left, bottom = round(left, 2), round(bottom, 2)
    marker = marker_length(cell)
    return Placement(
        slot=slot,
        left=left,
        top=bottom + maze_h,
        cell=cell,
        bbox=(left, bottom, left + maze_w, bottom + maze_h),
        wall_width=wall_width(cell),
        marker_cells=marker / cell,
    )
