"""Shapes whose cells are polygons with straight sides (hex, triangle), drawn alike.

A shape's topology says where each cell's sides lie (``cell_edges``, and as whole
numbers ``lattice``); from that come the walls, the openings' arrows, the solution
through the cells' centres and the cells as polygons.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, compress
from threading import Lock
from typing import Any, cast

from ..maze.hex_grid import HexGrid
from ..maze.model import Maze
from ..maze.topology import RectGrid
from .primitives import MazeDrawing, PathCells, Point, Segment, end_markers, openings, through_openings


class LatticeWalls:
    """A polygon maze's walls as ``walls`` finds them, kept as lattice indices (four whole
    numbers a run, in one array) with each lattice column's x and row's y: a poster's
    million runs cost an array, not a million tuples of floats. Iterated, each run
    ``(x0, y0, x1, y1)`` in the drawing's coordinates; a backend writes its text from the
    indices (``write``) and keeps it in ``written``, shared by a puzzle and its answer."""

    def __init__(
        self, runs: array[int], xs: list[float], ys: list[float], filling: Iterator[int] | None = None
    ) -> None:
        self._runs, self.xs, self.ys = runs, xs, ys
        # Where ``runs`` is filled as it is read: each step fills some more, and says how
        # many numbers are filled by then. ``write`` reads the runs as they are filled, so a
        # poster's first text goes to zlib before its last walls are found.
        self._filling = filling
        self._filled = len(runs) if filling is None else 0
        self._lock = Lock()  # the text may be written on a thread of its own
        self.written: dict[str, str] = {}

    def _fill(self, count: int) -> None:
        """Fill ``runs`` up to at least ``count`` numbers."""
        with self._lock:
            while self._filled < count:
                assert self._filling is not None
                self._filled = next(self._filling)

    def __getstate__(self) -> dict[str, Any]:
        """Filled, and without the filling and its lock: sent between processes whole."""
        self._fill(len(self._runs))
        return {name: value for name, value in vars(self).items() if name not in ("_filling", "_lock")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state, _filling=None, _lock=Lock())

    @property
    def runs(self) -> array[int]:
        """Four lattice indices a run: x0, y0, x1, y1."""
        self._fill(len(self._runs))
        return self._runs

    def __len__(self) -> int:
        return len(self._runs) // 4

    def __iter__(self) -> Iterator[Segment]:
        runs = self.runs
        return zip(
            map(self.xs.__getitem__, runs[0::4]),
            map(self.ys.__getitem__, runs[1::4]),
            map(self.xs.__getitem__, runs[2::4]),
            map(self.ys.__getitem__, runs[3::4]),
            strict=True,
        )

    def write(
        self, run: Callable[[str, str, str, str], str], number: Callable[[float], str]
    ) -> Iterator[str]:
        """The runs' text in pieces of a few thousand runs each, made as they are read, a
        piece the runs as ``run`` writes them from their four numbers as ``number`` writes
        them (each lattice column's and row's once) joined by spaces: a poster's million
        short strings never live at once, nor need its whole text (a backend may compress
        the pieces as they come)."""
        x_text = [number(x) for x in self.xs]
        y_text = [number(y) for y in self.ys]
        runs, step = self._runs, 4 * _RUNS_A_PIECE
        for start in range(0, len(runs), step):
            self._fill(min(start + step, len(runs)))
            yield " ".join(
                map(
                    run,
                    map(x_text.__getitem__, runs[start : start + step : 4]),
                    map(y_text.__getitem__, runs[start + 1 : start + step : 4]),
                    map(x_text.__getitem__, runs[start + 2 : start + step : 4]),
                    map(y_text.__getitem__, runs[start + 3 : start + step : 4]),
                )
            )


_RUNS_A_PIECE = 4096


def walls(maze: Maze) -> LatticeWalls:
    """Every standing wall once, collinear pieces that touch merged into one segment each
    (so pages stay small): inner walls from the cell owning them, and the border (round a
    silhouette, every side that faces a cell a mask switched off).

    Walls are lines of the grid's lattice (``RectGrid.lattice``), handled as whole numbers
    and made coordinates, ``cell_edges``'s own, at the end. The segments come line by line,
    the lines in the order their first piece comes in cell order, each from its lowest end.
    """
    grid = maze.topology
    assert isinstance(grid, RectGrid)  # what DRAWINGS sends here
    xs, ys = lattice_coordinates(grid)
    if isinstance(grid, HexGrid) and grid.mask is None:
        runs, filling = _hex_runs(grid, standing_sides(maze, grid))
        return LatticeWalls(runs, xs, ys, filling)
    lines, steps = _lines(maze, grid)
    return LatticeWalls(array("i", chain.from_iterable(_runs(lines, steps))), xs, ys)


def _hex_runs(grid: HexGrid, standing: bytes) -> tuple[array[int], Iterator[int]]:
    """``walls``'s runs of a whole hex grid, in ``_lines``'s order, a lattice line at a time
    from strided slices of the cells' bytes rather than a cell at a time.

    Hex walls never touch end to end on a line, so each piece is a run. A wall lies on a
    horizontal line (S, or N of the cell below), a rising one (NE, or SW of the cell up
    right) or a falling one (SE, or NW of the cell down right). Each wall is put at its
    first cell, the one west or above (``owner``), in a grid one cell larger all round,
    whether that cell or the other one draws it (only one can: ``standing_sides``). Along a
    slanted line the first cells step one column right and one or two rows down (up), so
    the line's walls are two strided slices, interleaved; along a horizontal line every
    other cell of a row. A line comes where its first piece comes in cell order (that
    piece's cell and side): the rising lines' lowest piece, the falling lines' highest
    (the topmost row), a row's leftmost.

    Returns the runs' array, made whole but filled a line at a time as the iterator that
    comes with it is advanced (``LatticeWalls`` reads the runs as they are filled).
    """
    width, height = grid.width, grid.height
    across = width + 2  # the larger grid's row: column -1 .. width

    def owner(side: int, other_side: int, shift_even: tuple[int, int], shift_odd: tuple[int, int]) -> bytes:
        """Per cell of the larger grid, 1 where the wall through its ``side`` stands: its own
        ``side`` bit, or the ``other_side`` bit of the cell beyond, which lies ``shift``
        (by that cell's column parity) from its owner."""
        own = bytes((mask >> side) & 1 for mask in range(256))
        beyond = bytes((mask >> other_side) & 1 for mask in range(256))
        walls = bytearray(across * (height + 2))
        for y in range(height):
            row = standing[y * width : (y + 1) * width]
            at = (y + 1) * across + 1
            walls[at : at + width] = row.translate(own)
            for parity, (dx, dy) in ((0, shift_even), (1, shift_odd)):
                cells = row[parity::2].translate(beyond)
                to = (y + 1 + dy) * across + 1 + parity + dx
                if any(cells):
                    # The owners of one row and parity share a row of the larger grid.
                    got = walls[to : to + 2 * len(cells) : 2]
                    either = int.from_bytes(got, "little") | int.from_bytes(cells, "little")
                    walls[to : to + 2 * len(cells) : 2] = either.to_bytes(len(cells), "little")
        return bytes(walls)

    rising = owner(1, 4, (-1, 0), (-1, 1))  # NE; SW of the cell up right
    falling = owner(2, 5, (-1, -1), (-1, 0))  # SE; NW of the cell down right
    below = owner(3, 0, (0, -1), (0, -1))  # S; N of the cell below

    def first(x: int, y: int, side: int, beyond: tuple[int, int], beyond_side: int) -> int:
        """Where the piece owner (x, y)'s ``side`` comes in cell order, as cell * 6 + side: the
        owner's, or on the border maybe the cell beyond's (at ``beyond``)."""
        if 0 <= x < width and 0 <= y < height:
            return (y * width + x) * 6 + side
        return (beyond[1] * width + beyond[0]) * 6 + beyond_side

    # (the first piece's cell and side, as cell * 6 + side; the line's kind; the line; its
    # first owner's column; which of its walls stand)
    lines: list[tuple[int, int, int, int, bytes]] = []

    def slanted(walls: bytes, x_lo: int, x_hi: int, y_at: Callable[[int], int], down: int) -> bytes | None:
        """The walls along a slanted line, its owners in columns ``x_lo`` .. ``x_hi``."""
        count = x_hi - x_lo + 1
        if count <= 0:
            return None
        stride = down * 3 * across + 2
        found = bytearray(count)
        for j in (0, 1):
            x = x_lo + j
            if j < count:
                at = (y_at(x) + 1) * across + x + 1
                last = at + stride * ((count - j + 1) // 2 - 1)
                stop = last + 1 if stride > 0 else last - 1 if last else None
                found[j::2] = walls[at:stop:stride]
        return bytes(found) if any(found) else None

    # Rising lines: owner (x, y)'s NE wall runs from (3x + 3, 2y + x % 2), one down right;
    # ``line`` is x - y on the lattice, odd.
    def rising_y(line: int) -> Callable[[int], int]:
        return lambda x: (3 * x + 3 - (x & 1) - line) // 2

    for line in range(-(2 * height + 4) | 1, 3 * width + 8, 2):
        y_at = rising_y(line)
        # y grows by 3 every 2 columns: start from about the right column, then adjust.
        x_lo, x_hi = max(-1, (line - 5) // 3 - 1), min(width - 1, (2 * height + line - 3) // 3 + 1)
        while x_lo <= x_hi and y_at(x_lo) < -1:
            x_lo += 1
        while x_hi >= x_lo and y_at(x_hi) > height:
            x_hi -= 1
        found = slanted(rising, x_lo, x_hi, y_at, 1)
        if found is None:
            continue
        x = x_lo + found.find(1)
        y = y_at(x)
        lines.append((first(x, y, 1, (x + 1, y - 1 + (x & 1)), 4), 1, line, x_lo, found))

    # Falling lines: owner (x, y)'s SE wall runs from (3x + 3, 2y + x % 2 + 2), one up right;
    # ``line`` is x + y on the lattice.
    def falling_y(line: int) -> Callable[[int], int]:
        return lambda x: (line - 5 - 3 * x - (x & 1)) // 2

    for line in range(1, 3 * width + 2 * height + 9, 2):
        y_at = falling_y(line)
        x_lo, x_hi = max(-1, (line - 5 - 2 * height) // 3 - 1), min(width - 1, (line - 3) // 3 + 1)
        while x_lo <= x_hi and y_at(x_lo) > height:
            x_lo += 1
        while x_hi >= x_lo and y_at(x_hi) < -1:
            x_hi -= 1
        found = slanted(falling, x_lo, x_hi, y_at, -1)
        if found is None:
            continue
        x = x_lo + found.rfind(1)
        y = y_at(x)
        lines.append((first(x, y, 2, (x + 1, y + (x & 1)), 5), 2, line, x_lo, found))
    # Horizontal lines: owner (x, y)'s S wall runs from (3x + 1, 2y + x % 2 + 2) two right.
    for y in range(-1, height):
        for parity in (0, 1):
            if parity >= width:
                continue
            at = (y + 1) * across + 1 + parity
            found = below[at : at + width - parity : 2]
            if not any(found):
                continue
            x = parity + 2 * found.find(1)
            lines.append((first(x, y, 3, (x, y + 1), 0), 0, 2 * y + parity + 2, parity, found))
    lines.sort()
    counts = [found.count(1) for *_, found in lines]
    # Lattice indices fit two bytes up to 10,000 cells across and 16,000 down: a poster's
    # runs are then 16 MB, not 32; made once.
    typecode = "h" if max(3 * width, 2 * height) + 8 < 1 << 15 else "i"
    runs = array(typecode, [0]) * (4 * sum(counts))
    return runs, _filled_by_lines(runs, lines, counts)


def _filled_by_lines(
    runs: array[int], lines: list[tuple[int, int, int, int, bytes]], counts: list[int]
) -> Iterator[int]:
    """Fill ``runs`` with ``_hex_runs``'s lines' runs a line at a time, saying after each line
    how many numbers are filled."""
    typecode, at = runs.typecode, 0
    for (_, kind, line, x_lo, found), count in zip(lines, counts, strict=True):
        if kind == 0:  # x from x_lo in steps of 2: a from 3 x + 1 in steps of 6
            starts = array(typecode, compress(range(3 * x_lo + 1, 3 * x_lo + 1 + 6 * len(found), 6), found))
            ends = array(typecode, map((2).__add__, starts))
            lows = highs = array(typecode, [line]) * count
        else:  # x from x_lo in steps of 1: a from 3 x + 3 in steps of 3
            starts = array(typecode, compress(range(3 * x_lo + 3, 3 * x_lo + 3 + 3 * len(found), 3), found))
            ends = array(typecode, map((1).__add__, starts))
            if kind == 1:  # b = a - line, down to a + 1, b + 1
                lows = array(typecode, map((-line).__add__, starts))
                highs = array(typecode, map((1 - line).__add__, starts))
            else:  # b = line - a, up to a + 1, b - 1
                lows = array(typecode, map(line.__sub__, starts))
                highs = array(typecode, map((line - 1).__sub__, starts))
        end = at + 4 * count
        runs[at:end:4], runs[at + 1 : end : 4], runs[at + 2 : end : 4], runs[at + 3 : end : 4] = (
            starts,
            lows,
            ends,
            highs,
        )
        at = end
        yield at


def _runs(
    lines: dict[int, int | list[int]], steps: list[tuple[int, int]]
) -> Iterator[tuple[int, int, int, int]]:
    """Each line's pieces that touch joined into runs, as (lower end, upper end) on the lattice."""
    for key, starts in lines.items():
        offset, direction = divmod(key, _DIRECTIONS)
        dx, dy = steps[direction]
        step = dx if dx else dy  # a piece's length along the line, in the unit of ``starts``
        if isinstance(starts, int):  # most lines of a hex grid hold one piece
            yield (*_point(dx, dy, offset, starts), *_point(dx, dy, offset, starts + step))
            continue
        starts.sort()
        first = last = starts[0]
        for start in starts[1:]:
            if start != last + step:  # not touching the run so far: that run is done
                yield (*_point(dx, dy, offset, first), *_point(dx, dy, offset, last + step))
                first = start
            last = start
        yield (*_point(dx, dy, offset, first), *_point(dx, dy, offset, last + step))


def _point(dx: int, dy: int, offset: int, start: int) -> tuple[int, int]:
    """The lattice point ``start`` along the line of step (dx, dy) and ``offset`` (see
    ``_lines``): its x, or on an upright line its y."""
    return (start, (start * dy - offset) // dx) if dx else (offset // dy, start)


def lattice_coordinates(grid: RectGrid) -> tuple[list[float], list[float]]:
    """Each lattice column's x and row's y in the drawing: ``cell_edges``'s numbers, less a
    silhouette's ``origin`` (docs/design.md: the drawing, like the box, is the silhouette's),
    looked up rather than worked out per corner."""
    _, _, _, x_at, y_at = grid.lattice()
    ox, oy = grid.origin
    across, down = 4 * grid.width + 4, 2 * grid.height + 4  # past the last corner either way
    if (ox, oy) == (0.0, 0.0):
        return [x_at(i) for i in range(across)], [y_at(i) for i in range(down)]
    return [x_at(i) - ox for i in range(across)], [y_at(i) - oy for i in range(down)]


def standing_sides(maze: Maze, grid: RectGrid) -> bytes:
    """Per cell, the bit mask of its sides whose wall it draws: an owned side whose passage is
    closed, and a side with no neighbour, but where an opening is cut; 0 off the mask."""
    owned = sum(1 << side for side in grid.owned_sides)
    count = grid.cells
    closed_owned = int.from_bytes(
        bytes(maze.cells).translate(bytes(owned & ~bits for bits in range(256))), "little"
    )
    leads = int.from_bytes(grid.open_sides, "little")
    sides = int.from_bytes(grid.side_masks, "little")
    present = int.from_bytes(grid.present, "little") * 255  # 255 a byte where the cell is on
    every = int.from_bytes(b"\xff" * count, "little")
    standing = bytearray(
        ((closed_owned & leads | sides & (leads ^ every)) & present).to_bytes(count, "little")
    )
    for cell, side in openings(maze):
        if not leads >> (8 * cell + side) & 1:
            standing[cell] &= ~(1 << side)
    return bytes(standing)


Piece = tuple[int, int, int, int, int]

# A line's key is its offset times this, plus its direction's index in the grid's steps.
_DIRECTIONS = 8


def _lines(maze: Maze, grid: RectGrid) -> tuple[dict[int, int | list[int]], list[tuple[int, int]]]:
    """The standing pieces, by the lattice line they lie on, in the order each line's first
    piece comes, and the lines' steps: a line is its step (dx, dy) along it, one of the
    steps, and x dy - y dx, keyed as one whole number (``_DIRECTIONS``); a piece is where
    along the line its lower end lies (its x, or on an upright line its y), a lone piece
    kept as that number and more as a list. Whole numbers only: a poster has millions of
    pieces, and a hex grid's lines mostly one each."""
    origin, parity, corners, _, _ = grid.lattice()
    steps: list[tuple[int, int]] = []
    # Per parity and standing mask, each piece as (dx, dy, its line's offset from the cell's
    # origin, where along the line its lower end lies from there, its step's index).
    shapes: list[list[list[Piece]]] = []
    for sides in corners:
        pieces: list[Piece | None] = []
        for ends in sides:
            if ends is None:
                pieces.append(None)
                continue
            a, b, c, d = ends
            if (c, d) < (a, b):
                a, b, c, d = c, d, a, b
            dx, dy = c - a, d - b
            if (dx, dy) not in steps:
                steps.append((dx, dy))
            pieces.append((dx, dy, a * dy - b * dx, a if dx else b, steps.index((dx, dy))))
        shapes.append(
            [
                [piece for side, piece in enumerate(pieces) if mask >> side & 1 and piece]
                for mask in range(256)
            ]
        )
    assert len(steps) <= _DIRECTIONS
    lines: dict[int, int | list[int]] = {}
    width = grid.width
    standing = standing_sides(maze, grid)
    for cell in compress(range(grid.cells), standing):
        y, x = divmod(cell, width)
        at_x, at_y = origin(x, y)
        for dx, dy, offset, start, direction in shapes[parity(x, y)][standing[cell]]:
            key = (offset + at_x * dy - at_y * dx) * _DIRECTIONS + direction
            line = lines.get(key)
            if line is None:
                lines[key] = start + (at_x if dx else at_y)
            elif isinstance(line, int):
                lines[key] = [line, start + (at_x if dx else at_y)]
            else:
                line.append(start + (at_x if dx else at_y))
    return lines, steps


class CellPolygons(PathCells):
    """The cells of a path as polygons, made as they are read: each side's first corner, as
    ``cell_edges`` gives them."""

    def __init__(self, grid: RectGrid, path: Sequence[int]) -> None:
        self.origin, self.parity, corners, _, _ = grid.lattice()
        self.xs, self.ys = lattice_coordinates(grid)
        self.firsts = [[(a, b) for a, b, _, _ in filter(None, sides)] for sides in corners]
        self.width, self.path = grid.width, path

    def outline(self, cell: int) -> list[Point]:
        y, x = divmod(cell, self.width)
        at_x, at_y = self.origin(x, y)
        xs, ys = self.xs, self.ys
        return [(xs[at_x + a], ys[at_y + b]) for a, b in self.firsts[self.parity(x, y)]]


def _opening(grid: RectGrid, cell: int, side: int) -> tuple[Point, Point]:
    """The middle of ``cell``'s ``side`` in the drawing and the unit vector out through it."""
    (mx, my), outward = grid.side_line(cell, side)
    ox, oy = grid.origin
    return (mx - ox, my - oy), outward


def drawing(
    maze: Maze,
    path: Sequence[int] | None,
    marker_size: float,
    known_walls: LatticeWalls | Sequence[Segment] | None,
    round_walls: bool = True,
) -> MazeDrawing:
    """The drawing of a maze whose cells are polygons; ``round_walls`` gives walls round
    caps and joins, which close the corners where sides meet at 60 or 120 degrees."""
    grid = maze.topology
    assert isinstance(grid, RectGrid)  # what DRAWINGS sends here

    def outward(cell: int, side: int) -> Point:
        return _opening(grid, cell, side)[1]

    def beyond(cell: int, side: int, distance: float) -> Point:
        (mx, my), (nx, ny) = _opening(grid, cell, side)
        return mx + nx * distance, my + ny * distance

    line = cells = None
    if path:
        line = through_openings(grid, path, [grid.centre(cell) for cell in path], beyond)
        cells = CellPolygons(grid, path)
    room = grid.corridor  # inner marks shrink to fit a narrow cell
    standing = walls(maze) if known_walls is None else known_walls
    segments = cast(Sequence[Segment], standing)  # a polygon's walls are all straight
    return MazeDrawing(
        bbox=(0, 0, *grid.box),
        walls=standing,
        solution=line,
        solution_cells=cells,
        # Only a silhouette's outline has notches an arrow may sit in.
        **end_markers(maze, marker_size, outward, beyond, room, segments if grid.mask is not None else None),
        round_walls=round_walls,
    )
