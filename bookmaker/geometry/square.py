"""Square grids: walls on the cell-corner lattice, merged into straight runs.

Runs let a backend draw one path of a few long lines instead of one line
per cell edge (a 40x40 page shrinks about 2.6x), in whole-cell units.

A poster-size maze has half a million runs and a solution through a fifth
of a million cells, which as tuples would take some 100 MB. So a square
drawing keeps only the maze's cell bytes and the solution's cell ids, and
makes runs, points and cell squares as they are read: every run of a grid
line comes out of a few byte operations on a row (or column) of cells.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from collections.abc import Sequence as SequenceABC
from itertools import compress, count
from typing import overload

from ..maze.model import Maze
from ..maze.topology import E, N, S, SquareGrid, W
from ..maze.weave import WeaveGrid, crossings
from . import polygons
from .primitives import Beyond, MazeDrawing, Point, Rect, Segment, end_markers, opening_points, openings

# Unit vector pointing out of the maze through each side (N, E, S, W).
OUTWARD = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
N_SIDE, E_SIDE, S_SIDE, W_SIDE = 0, 1, 2, 3

# translate() tables, one per side: a cell byte becomes 1 where the wall on that side stands
# (its passage is closed), 0 where it is open.
_STANDING = [bytes(0 if bits >> side & 1 else 1 for bits in range(256)) for side in range(4)]


def _run_ends(standing: bytes | bytearray) -> tuple[bytes, bytes]:
    """For the ``len(standing) + 1`` lattice points along a line, a 1 where a run of
    standing walls starts, and a 1 where one ends.

    The line's bytes read as one big integer, shifted by a byte, give each edge's
    predecessor, so this is two integer operations, whatever the line's length.
    """
    here = int.from_bytes(standing, "little")
    before = here << 8
    size = len(standing) + 1
    return (here & ~before).to_bytes(size, "little"), (before & ~here).to_bytes(size, "little")


class GridWalls:
    """Every standing wall of an unmasked square maze, collinear neighbours merged into
    runs: iterated, ``(x0, y0, x1, y1)`` for the horizontal lines top to bottom, each
    left to right, then the vertical lines left to right, each top to bottom.

    Holds the cell bytes (not a copy: a drawing is made of a finished maze) and the
    openings, and finds the runs again on every reading, line by line.
    """

    def __init__(self, maze: Maze) -> None:
        self.width, self.height, self.cells = maze.width, maze.height, maze.cells
        # The openings cut one edge each from the outer wall: (horizontal?, line) -> edges.
        self.gaps: dict[tuple[bool, int], list[int]] = {}
        for cell, side in openings(maze):
            y, x = divmod(cell, self.width)
            line = {N_SIDE: (True, y), S_SIDE: (True, y + 1), W_SIDE: (False, x), E_SIDE: (False, x + 1)}[
                side
            ]
            self.gaps.setdefault(line, []).append(x if line[0] else y)
        # The text ``write`` was asked to keep, by its arguments: a book's puzzle and answer
        # share the walls, and the text is made where the maze is.
        self.written: dict[tuple[str, str, str], str] = {}

    def _cut(self, line: tuple[bool, int], standing: bytes | bytearray) -> bytes | bytearray:
        if line not in self.gaps:
            return standing
        cut = bytearray(standing)
        for edge in self.gaps[line]:
            cut[edge] = 0
        return bytes(cut)

    def horizontal(self, y: int) -> bytes | bytearray:
        """A byte per cell edge along horizontal line ``y`` (0 .. height): 1 where the wall
        stands."""
        w = self.width
        if y < self.height:
            standing = self.cells[y * w : (y + 1) * w].translate(_STANDING[N_SIDE])
        else:
            standing = self.cells[(y - 1) * w : y * w].translate(_STANDING[S_SIDE])
        return self._cut((True, y), standing)

    def vertical(self, x: int) -> bytes | bytearray:
        """A byte per cell edge down vertical line ``x`` (0 .. width): 1 where the wall
        stands."""
        w = self.width
        if x < w:
            standing = self.cells[x::w].translate(_STANDING[W_SIDE])
        else:
            standing = self.cells[x - 1 :: w].translate(_STANDING[E_SIDE])
        return self._cut((False, x), standing)

    def crossing(self, y: int) -> bytes:
        """A byte per vertical line (0 .. width) for the edges beside cell row ``y``: 1 where
        the wall stands. What a raster needs, row by row."""
        w = self.width
        row = self.cells[y * w : (y + 1) * w]
        standing = bytearray(row.translate(_STANDING[W_SIDE]))
        standing.append(_STANDING[E_SIDE][row[-1]])
        for x in (0, w):
            if y in self.gaps.get((False, x), ()):
                standing[x] = 0
        return bytes(standing)

    def lines(self) -> Iterator[tuple[bool, int, bytes | bytearray]]:
        """``(horizontal, index, standing)`` for every grid line, in the order of the runs."""
        for y in range(self.height + 1):
            yield True, y, self.horizontal(y)
        for x in range(self.width + 1):
            yield False, x, self.vertical(x)

    def __iter__(self) -> Iterator[tuple[int, int, int, int]]:  # Segments on the grid's lines
        for horizontal, line, standing in self.lines():
            starts, ends = _run_ends(standing)
            for a, b in zip(compress(count(), starts), compress(count(), ends), strict=True):
                yield (a, line, b, line) if horizontal else (line, a, line, b)

    def write(self, horizontal: str, vertical: str, separator: str, keep: bool = False) -> str:
        """Every run as text, in the order of iteration: ``horizontal`` or ``vertical`` with
        ``{0}`` and ``{1}`` the run's two ends along its line and ``{line}`` the line's
        index, the runs joined by ``separator``.

        Coordinates are whole numbers, written in plain decimal as reportlab and the SVG
        writer both write whole numbers. The text is built by C loops (``compress``,
        ``map``, ``str.format``): a 1000x1000 maze's runs take a tenth of a second.
        ``keep``: remember the text for the next call (a poster's would hold megabytes).
        """
        key = (horizontal, vertical, separator)
        text = self.written.get(key)
        if text is None:
            text = self._written(*key)
            if keep:
                self.written[key] = text
        return text

    def _written(self, horizontal: str, vertical: str, separator: str) -> str:
        numbers = [str(i) for i in range(max(self.width, self.height) + 2)]
        pieces = []
        for is_horizontal, line, standing in self.lines():
            starts, ends = _run_ends(standing)
            template = (horizontal if is_horizontal else vertical).replace("{line}", numbers[line])
            pieces.append(
                separator.join(map(template.format, compress(numbers, starts), compress(numbers, ends)))
            )
        return separator.join(piece for piece in pieces if piece)


class CentreLine(SequenceABC[Point]):
    """The solution of an unmasked square maze: from the start's opening (if the start is
    on the border) through every cell's centre to the end's opening. Points are made as
    they are read, so a path through 200,000 cells holds its cell ids only."""

    def __init__(self, width: int, path: Sequence[int], head: Point | None, tail: Point | None) -> None:
        self.width, self.path, self.head, self.tail = width, path, head, tail

    def __len__(self) -> int:
        return len(self.path) + (self.head is not None) + (self.tail is not None)

    def __iter__(self) -> Iterator[Point]:
        if self.head is not None:
            yield self.head
        width = self.width
        for cell in self.path:
            y, x = divmod(cell, width)
            yield x + 0.5, y + 0.5
        if self.tail is not None:
            yield self.tail

    @overload
    def __getitem__(self, index: int) -> Point: ...

    @overload
    def __getitem__(self, index: slice) -> list[Point]: ...

    def __getitem__(self, index: int | slice) -> Point | list[Point]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if not -size <= index < size:
            raise IndexError("CentreLine index out of range")
        index %= size
        if self.head is not None:
            if index == 0:
                return self.head
            index -= 1
        if index == len(self.path) and self.tail is not None:  # (there is one at that index)
            return self.tail
        y, x = divmod(self.path[index], self.width)
        return x + 0.5, y + 0.5


class CellSquares(SequenceABC[Rect]):
    """The unit squares of the cells a path crosses, made as they are read."""

    def __init__(self, width: int, path: Sequence[int]) -> None:
        self.width, self.path = width, path

    def __len__(self) -> int:
        return len(self.path)

    @overload
    def __getitem__(self, index: int) -> Rect: ...

    @overload
    def __getitem__(self, index: slice) -> list[Rect]: ...

    def __getitem__(self, index: int | slice) -> Rect | list[Rect]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        y, x = divmod(self.path[index], self.width)
        return Rect(x, y, 1, 1)


class SilhouetteWalls(polygons.LatticeWalls):
    """A silhouette's walls (``silhouette_walls``), with where each grid line's runs lie, so
    that the walls near an opening's arrow are found among a few lines (``near``), not a
    poster's quarter of a million runs."""

    def __init__(
        self, runs: array[int], xs: list[float], ys: list[float], lines: list[tuple[bool, int, int, int]]
    ) -> None:
        super().__init__(runs, xs, ys)
        self.lines = lines  # (horizontal, the line's index, its first run, the run past its last)

    def near(self, left: float, top: float, right: float, bottom: float) -> list[Segment]:
        """The walls whose box meets (``left``, ``top``, ``right``, ``bottom``): all of them,
        by the same test, that a scan of every wall keeps (``primitives.walls_near``)."""
        xs, ys, runs = self.xs, self.ys, self.runs
        found: list[Segment] = []
        for horizontal, line, first, last in self.lines:
            at = ys[line] if horizontal else xs[line]  # every run of the line lies along it there
            if not (top <= at <= bottom if horizontal else left <= at <= right):
                continue
            for run in range(4 * first, 4 * last, 4):
                x0, y0, x1, y1 = xs[runs[run]], ys[runs[run + 1]], xs[runs[run + 2]], ys[runs[run + 3]]
                if (
                    (x0 <= right or x1 <= right)
                    and (x0 >= left or x1 >= left)
                    and (y0 <= bottom or y1 <= bottom)
                    and (y0 >= top or y1 >= top)
                ):
                    found.append((x0, y0, x1, y1))
        return found


def silhouette_walls(maze: Maze) -> SilhouetteWalls:
    """The walls of a square maze cut to a silhouette: the runs ``polygons.walls`` finds, in
    its order, made a grid line at a time from the cells' bytes (as ``GridWalls`` makes an
    unmasked maze's) rather than a wall at a time: a poster has a million.

    ``polygons.walls`` takes the lines in the order their first wall comes in cell order
    (a cell's sides N, E, S, W); the first wall of a horizontal line is the first S side
    drawn in the row above it, else the first N side in the row below, and of a vertical
    line the first of the E sides in the column left of it and the W sides in the column
    right of it, by cell id. Each wall is drawn by one cell: an inner one by the cell above
    or to the left (its owned S or E side), one on the outline by the cell that is on."""
    grid = maze.topology
    assert isinstance(grid, SquareGrid)
    width, height = grid.width, grid.height
    drawn = polygons.standing_sides(maze, grid)
    found: list[tuple[tuple[int, int], bool, int, bytes]] = []  # (first wall, horizontal, line, standing)
    for y in range(height + 1):
        above = drawn[(y - 1) * width : y * width].translate(_DRAWS[S_SIDE]) if y else bytes(width)
        below = drawn[y * width : (y + 1) * width].translate(_DRAWS[N_SIDE]) if y < height else bytes(width)
        if (x := above.find(1)) >= 0:
            first = ((y - 1) * width + x, S_SIDE)
        elif (x := below.find(1)) >= 0:
            first = (y * width + x, N_SIDE)
        else:
            continue
        found.append((first, True, y, _either(above, below)))
    for x in range(width + 1):
        left = drawn[x - 1 :: width].translate(_DRAWS[E_SIDE]) if x else bytes(height)
        right = drawn[x::width].translate(_DRAWS[W_SIDE]) if x < width else bytes(height)
        firsts = []
        if (y := left.find(1)) >= 0:
            firsts.append((y * width + x - 1, E_SIDE))
        if (y := right.find(1)) >= 0:
            firsts.append((y * width + x, W_SIDE))
        if firsts:
            found.append((min(firsts), False, x, _either(left, right)))
    found.sort()
    runs = array("i")
    lines = []
    for _, horizontal, line, standing in found:
        starts, ends = _run_ends(standing)
        lows, highs = array("i", compress(count(), starts)), array("i", compress(count(), ends))
        fixed = array("i", [line]) * len(lows)
        # A horizontal run is (low, line, high, line), an upright one (line, low, line, high).
        numbers = array("i", bytes(16 * len(lows)))
        numbers[0::4], numbers[1::4] = (lows, fixed) if horizontal else (fixed, lows)
        numbers[2::4], numbers[3::4] = (highs, fixed) if horizontal else (fixed, highs)
        lines.append((horizontal, line, len(runs) // 4, len(runs) // 4 + len(lows)))
        runs.extend(numbers)
    return SilhouetteWalls(runs, *polygons.lattice_coordinates(grid), lines)


# translate() tables, one per side: a cell's drawn sides (a bit mask) to 1 where it draws that side.
_DRAWS = [bytes(bits >> side & 1 for bits in range(256)) for side in range(4)]


def _either(a: bytes, b: bytes) -> bytes:
    """1 where ``a`` or ``b`` (bytes of 0 and 1) holds 1."""
    return (int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(len(a), "little")


def wall_runs(maze: Maze) -> list[Segment]:
    """Every standing wall of an unmasked square maze as a list of runs (see ``GridWalls``)."""
    return list(GridWalls(maze))


def _outward(cell: int, side: int) -> tuple[int, int]:
    return OUTWARD[side]


# Where a tunnel's mouth meets a crossing, the under-passage's side walls stop this far
# (in cells) short of the over-passage's walls: the corridor visibly dips beneath them.
# A third of a cell leaves a clear break beside a wall at 3 mm corridors as at 7 mm.
UNDER_GAP = 0.3


def woven_walls(maze: Maze) -> list[Segment]:
    """Every standing wall of a woven maze (see ``bookmaker.maze.weave``), as runs: the
    crossings' over-passage walls whole, and the side walls at each tunnel's mouths
    stopped ``UNDER_GAP`` short of them (at both ends, where a cell is the mouth of two
    tunnels)."""
    walls = GridWalls(maze)
    width, cells = maze.width, maze.cells
    # (horizontal, line, edge) -> the stretch of that cell edge left standing, along the line
    stubs: dict[tuple[bool, int, int], tuple[float, float]] = {}

    def shorten(horizontal: bool, line: int, edge: int, start: float, end: float) -> None:
        low, high = stubs.get((horizontal, line, edge), (edge, edge + 1))
        stubs[horizontal, line, edge] = (max(low, start), min(high, end))

    for cell, over in crossings(maze):
        y, x = divmod(cell, width)
        # The tunnel runs across the over-passage: north-south under an "h" crossing, its
        # mouths' west and east walls shortened; west-east under a "v", their north and south.
        if over == "h":
            step, horizontal, lines, sides, at = width, False, (x, x + 1), (W, E), y
        else:
            step, horizontal, lines, sides, at = 1, True, (y, y + 1), (N, S), x
        for mouth in (cell - step, cell + step):
            edge = mouth // width if over == "h" else mouth % width
            for line, side in zip(lines, sides, strict=True):
                if not cells[mouth] & side:
                    start = edge + (UNDER_GAP if edge > at else 0)
                    shorten(horizontal, line, edge, start, edge + 1 - (UNDER_GAP if edge < at else 0))
    for horizontal, line, edge in stubs:
        walls.gaps.setdefault((horizontal, line), []).append(edge)
    return [
        *walls,
        *(
            (low, line, high, line) if horizontal else (line, low, line, high)
            for (horizontal, line, _), (low, high) in stubs.items()
        ),
    ]


def _woven_line(grid: SquareGrid, path: Sequence[int], beyond: Beyond) -> tuple[list[Point], list[Segment]]:
    """The solution through ``path`` and its stretches under crossings: a tunnel's step
    runs from its first cell's centre to the crossing's near wall, under the crossing to
    its far wall, and on to the next cell's centre."""
    width = grid.width
    head, tail = opening_points(grid, path, beyond)
    line: list[Point] = [head] if head is not None else []
    under: list[Segment] = []
    previous = None
    for cell in path:
        y, x = divmod(cell, width)
        if previous is not None and abs(cell - previous) in (2, 2 * width):
            py, px = divmod(previous, width)
            dx, dy = (x - px) / 2, (y - py) / 2  # one cell's step, towards ``cell``
            near = (px + 0.5 + dx / 2, py + 0.5 + dy / 2)
            far = (x + 0.5 - dx / 2, y + 0.5 - dy / 2)
            line += [near, far]
            under.append((*near, *far))
        line.append((x + 0.5, y + 0.5))
        previous = cell
    if tail is not None:
        line.append(tail)
    return line, under


def drawing(
    maze: Maze, path: Sequence[int] | None, marker_size: float, walls: GridWalls | Sequence[Segment] | None
) -> MazeDrawing:
    grid = maze.topology
    assert isinstance(grid, SquareGrid)  # what DRAWINGS sends here
    if grid.mask is not None:  # a silhouette: walls follow its cells, as on other shapes
        assert not isinstance(walls, GridWalls)  # its earlier drawing's walls are polygons' too
        known = silhouette_walls(maze) if walls is None else walls
        return polygons.drawing(maze, path, marker_size, known, round_walls=False)

    def beyond(cell: int, side: int, distance: float) -> Point:
        x, y = grid.coordinates(cell)
        dx, dy = OUTWARD[side]
        return x + 0.5 + dx * (0.5 + distance), y + 0.5 + dy * (0.5 + distance)

    woven = isinstance(grid, WeaveGrid)
    line: Sequence[Point] | None = None
    cells = None
    under: list[Segment] = []
    if path:
        if woven:
            line, under = _woven_line(grid, path, beyond)
        else:
            line = CentreLine(grid.width, path, *opening_points(grid, path, beyond))
        cells = CellSquares(grid.width, path)
    if walls is None:
        walls = woven_walls(maze) if woven else GridWalls(maze)
    return MazeDrawing(
        bbox=(0, 0, grid.width, grid.height),
        walls=walls,
        solution=line,
        solution_cells=cells,
        solution_under=under,
        **end_markers(maze, marker_size, _outward, beyond),
    )
