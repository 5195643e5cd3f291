"""Shapes whose cells are polygons with straight sides (hex, triangle), drawn alike.

A shape's topology says where each cell's sides lie (``cell_edges``, and as whole
numbers ``lattice``); from that come the walls, the openings' arrows, the solution
through the cells' centres and the cells as polygons.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Sequence as SequenceABC
from itertools import chain, compress
from typing import cast, overload

from ..maze.model import Maze
from ..maze.topology import RectGrid
from .primitives import MazeDrawing, Point, Segment, end_markers, openings, through_openings


class LatticeWalls:
    """A polygon maze's walls as ``walls`` finds them, kept as lattice indices (four whole
    numbers a run, in one array) with each lattice column's x and row's y: a poster's
    million runs cost an array, not a million tuples of floats. Iterated, each run
    ``(x0, y0, x1, y1)`` in the drawing's coordinates; a backend writes its text from the
    indices (``write``) and keeps it in ``written``, shared by a puzzle and its answer."""

    def __init__(self, runs: array[int], xs: list[float], ys: list[float]) -> None:
        self.runs, self.xs, self.ys = runs, xs, ys
        self.written: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self.runs) // 4

    def __iter__(self) -> Iterator[Segment]:
        runs = self.runs
        return zip(
            map(self.xs.__getitem__, runs[0::4]),
            map(self.ys.__getitem__, runs[1::4]),
            map(self.xs.__getitem__, runs[2::4]),
            map(self.ys.__getitem__, runs[3::4]),
            strict=True,
        )

    def write(self, run: Callable[[str, str, str, str], str], number: Callable[[float], str]) -> list[str]:
        """The runs' text in pieces of a few thousand runs each, a piece the runs as ``run``
        writes them from their four numbers as ``number`` writes them (each lattice column's
        and row's once) joined by spaces: a poster's million short strings never live at once."""
        x_text = [number(x) for x in self.xs]
        y_text = [number(y) for y in self.ys]
        runs, step = self.runs, 4 * _RUNS_A_PIECE
        return [
            " ".join(
                map(
                    run,
                    map(x_text.__getitem__, runs[start : start + step : 4]),
                    map(y_text.__getitem__, runs[start + 1 : start + step : 4]),
                    map(x_text.__getitem__, runs[start + 2 : start + step : 4]),
                    map(y_text.__getitem__, runs[start + 3 : start + step : 4]),
                )
            )
            for start in range(0, len(runs), step)
        ]


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
    lines, steps = _lines(maze, grid)
    return LatticeWalls(array("i", chain.from_iterable(_runs(lines, steps))), xs, ys)


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


class CellPolygons(SequenceABC[list[Point]]):
    """The cells of a path as polygons, made as they are read: each side's first corner, as
    ``cell_edges`` gives them (a poster's path crosses a few hundred thousand cells, whose
    corners held at once would outweigh its walls)."""

    def __init__(self, grid: RectGrid, path: Sequence[int]) -> None:
        self.origin, self.parity, corners, _, _ = grid.lattice()
        self.xs, self.ys = lattice_coordinates(grid)
        self.firsts = [[(a, b) for a, b, _, _ in filter(None, sides)] for sides in corners]
        self.width, self.path = grid.width, path

    def __len__(self) -> int:
        return len(self.path)

    @overload
    def __getitem__(self, index: int) -> list[Point]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[Point]]: ...

    def __getitem__(self, index: int | slice) -> list[Point] | list[list[Point]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        y, x = divmod(self.path[index], self.width)
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
