"""Circular (theta) mazes: walls as true arcs on the ring circles plus radial segments.

Arc pieces on one circle that touch are merged (across 12 o'clock too), and
so are radial walls that continue each other from ring to ring. The solution
follows its ring as an arc when it steps sideways and runs straight when it
steps in or out.
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import groupby, pairwise

from ..maze.model import Maze
from ..maze.polar_grid import CENTRE_FIRST_SLOT, CLOCKWISE, INWARD, OUTWARD, PolarGrid
from .primitives import (
    Arc,
    MazeDrawing,
    PathCells,
    PathStep,
    Point,
    Segment,
    Wall,
    end_markers,
    on_circle,
    openings,
    through_openings,
)

FLATTEN = 0.002  # cells: how far a filled cell's polygon may stray from its arcs


class PolarWalls:
    """A polar maze's walls as ``walls`` finds them, kept as whole numbers: a poster's
    quarter of a million arcs and as many radial walls cost two arrays of ints, not half a
    million tuples of floats.

    An arc is three numbers: a circle's radius, and the first and the past-last of the
    equal pieces, clockwise from 12 o'clock, it spans of that circle (``pieces``: the
    circle of radius r is cut as ring r is, the outer circle as the outermost ring; past
    the count, an arc runs on through 12 o'clock). A radial wall is three too: its angle,
    in ``turns``-ths of a full turn (every ring's count divides the outermost's), and the
    radii it runs from and to. Iterated, the arcs as ``Arc`` and then the radial walls as
    segments, in the drawing's coordinates; a backend writes its text from the numbers
    (``write``) and keeps it in ``written``, shared by a puzzle and its answer."""

    def __init__(
        self, middle: int, pieces: list[int], turns: int, arcs: array[int], radial: array[int]
    ) -> None:
        self.middle, self.pieces, self.turns = middle, pieces, turns
        self.arcs, self.radial = arcs, radial
        self.written: dict[str, str] = {}

    def __len__(self) -> int:
        return (len(self.arcs) + len(self.radial)) // 3

    def __iter__(self) -> Iterator[Wall]:
        yield from self.arc_walls()
        yield from self.radial_walls()

    def arc_walls(self) -> Iterator[Arc]:
        middle, pieces, arcs = self.middle, self.pieces, self.arcs
        for radius, start, stop in zip(arcs[0::3], arcs[1::3], arcs[2::3], strict=True):
            count = pieces[radius]
            yield Arc(middle, middle, radius, 360 * start / count, 360 * stop / count)

    def radial_walls(self) -> Iterator[Segment]:
        """Each radial wall from its inner end to its outer, as ``on_circle`` places them."""
        middle, sines, cosines, radial = self.middle, *self._directions(), self.radial
        for turn, inner, outer in zip(radial[0::3], radial[1::3], radial[2::3], strict=True):
            sine, cosine = sines[turn], cosines[turn]
            yield (
                middle + inner * sine,
                middle - inner * cosine,
                middle + outer * sine,
                middle - outer * cosine,
            )

    def _directions(self) -> tuple[list[float], list[float]]:
        """The sine and cosine of each angle a radial wall may take, as ``on_circle`` has them."""
        turns = [math.radians(360 * turn / self.turns) for turn in range(self.turns)]
        return [math.sin(turn) for turn in turns], [math.cos(turn) for turn in turns]

    def write(
        self,
        circle: Callable[[float, float, float, list[tuple[float, float]]], str],
        run: Callable[[str, str], str],
        point: Callable[[float, float], str],
    ) -> Iterator[str]:
        """Every wall's text, in pieces of a circle's arcs or a few thousand radial walls, each
        piece's walls joined by spaces, made as they are read (a poster's half million strings
        never live at once, and its 28 MB can go straight into a compressor):
        ``circle`` writes the arcs of one circle (its centre, radius, and each arc's start and
        end as ``Arc`` has them), ``run`` a radial wall from its two ends' text and ``point``
        a point's two numbers."""
        middle, pieces, arcs = self.middle, self.pieces, self.arcs
        radii = arcs[0::3]
        at = 0
        for radius, arcs_on_circle in groupby(radii):  # the arcs come circle by circle
            count, stop = pieces[radius], at + len(list(arcs_on_circle))
            spans = zip(arcs[3 * at + 1 : 3 * stop : 3], arcs[3 * at + 2 : 3 * stop : 3], strict=True)
            yield circle(middle, middle, radius, [(360 * a / count, 360 * b / count) for a, b in spans])
            at = stop
        (sines, cosines), radial = self._directions(), self.radial
        for start in range(0, len(radial), 3 * _RADIAL_A_PIECE):  # column by column, in C loops
            turns = radial[start : start + 3 * _RADIAL_A_PIECE : 3]
            inner = radial[start + 1 : start + 3 * _RADIAL_A_PIECE : 3]
            outer = radial[start + 2 : start + 3 * _RADIAL_A_PIECE : 3]
            # The arithmetic is ``radial_walls``' own.
            inner_ends = map(
                point,
                [middle + radius * sines[turn] for turn, radius in zip(turns, inner, strict=True)],
                [middle - radius * cosines[turn] for turn, radius in zip(turns, inner, strict=True)],
            )
            outer_ends = map(
                point,
                [middle + radius * sines[turn] for turn, radius in zip(turns, outer, strict=True)],
                [middle - radius * cosines[turn] for turn, radius in zip(turns, outer, strict=True)],
            )
            yield " ".join(map(run, inner_ends, outer_ends))


_RADIAL_A_PIECE = 4096


# Per cell byte: 1 where the wall on that side stands (the passage bit is clear).
_INWARD_STANDS = bytes(not byte >> INWARD & 1 for byte in range(256))
_CLOCKWISE_STANDS = bytes(not byte >> CLOCKWISE & 1 for byte in range(256))
_RUN = re.compile(b"\\x01+")


def _circle(arcs: array[int], radius: int, standing: bytes | bytearray) -> None:
    """Add to ``arcs`` the standing pieces of the circle of ``radius``, cut into
    ``len(standing)`` equal pieces clockwise from 12 o'clock (1: the piece stands), merged
    into arcs: ``(radius, first piece, past the last)``."""
    count = len(standing)
    runs = list(_RUN.finditer(standing))
    starts, stops = list(map(_START, runs)), list(map(_END, runs))
    if len(runs) > 1 and starts[0] == 0 and stops[-1] == count:
        del starts[0]  # one arc through 12 o'clock
        stops[-1] = count + stops.pop(0)
    _add_triples(arcs, radius, starts, stops)


_START, _END = re.Match.start, re.Match.end


def _add_triples(numbers: array[int], first: int, seconds: list[int], thirds: list[int]) -> None:
    """Add ``(first, second, third)`` to ``numbers`` for each pair of ``seconds`` and
    ``thirds``, by slices: a poster has half a million."""
    triples = array(numbers.typecode, [first]) * (3 * len(seconds))
    triples[1::3], triples[2::3] = array(numbers.typecode, seconds), array(numbers.typecode, thirds)
    numbers.extend(triples)


def walls(maze: Maze) -> PolarWalls:
    """The ring circles' standing arcs, the outer circle's, then the radial walls."""
    grid, cells = maze.topology, maze.cells
    assert isinstance(grid, PolarGrid)  # what DRAWINGS sends here
    counts, firsts, rings = grid.counts, grid.firsts, grid.rings
    arcs = array("i")
    for ring in range(1, rings):
        first = firsts[ring]
        _circle(arcs, ring, cells[first : first + counts[ring]].translate(_INWARD_STANDS))
    gaps = openings(maze)
    outer = rings - 1
    if outer:
        first = firsts[outer]
        pieces = [(cell, OUTWARD) for cell in range(first, first + counts[outer])]
    else:  # the centre alone: its six outward slots face where ring 1's cells would lie
        pieces = [(0, slot) for slot in range(CENTRE_FIRST_SLOT, CENTRE_FIRST_SLOT + 6)]
    _circle(arcs, rings, bytes(piece not in gaps for piece in pieces))

    # Radial walls by angle, in turns of the outermost ring's count (every ring's count
    # divides it): a row of turns a ring, 1 where a wall crosses the ring at that turn.
    turns = counts[outer] if outer else 6
    crossing = bytearray(turns * rings)
    for ring in range(1, rings):
        count, first, row = counts[ring], firsts[ring], ring * turns
        scale = turns // count
        standing = cells[first : first + count].translate(_CLOCKWISE_STANDS)
        # The wall on cell index's clockwise side lies at angle index + 1 (the last at 0).
        crossing[row + scale : row + turns : scale] = standing[:-1]
        crossing[row] = standing[-1]
    # Each angle's column of rings, the angles in the order their first walls come: ring by
    # ring, and in a ring clockwise from its first cell's clockwise side, 12 o'clock last.
    columns = []
    for turn in range(turns):
        column = bytes(crossing[turn::turns])
        if (first_ring := column.find(1)) >= 0:
            columns.append((first_ring, turn or turns, turn, column))
    columns.sort()
    radial = array("i")
    for _, _, turn, column in columns:  # the rings a wall crosses one after the other: one wall
        runs = list(_RUN.finditer(column))
        _add_triples(radial, turn, list(map(_START, runs)), list(map(_END, runs)))
    return PolarWalls(rings, [0, *counts[1:], turns], turns, arcs, radial)


def _opening_angle(grid: PolarGrid, cell: int, side: int) -> float:
    """The middle of the outer circle's piece that ``cell`` opens through ``side``."""
    if cell == 0:
        return 60 * (side - CENTRE_FIRST_SLOT) + 30
    return _middle_angle(grid, cell)


def _middle_angle(grid: PolarGrid, cell: int) -> float:
    start, end = grid.angles(cell)
    return (start + end) / 2


def solution_line(grid: PolarGrid, path: Sequence[int]) -> list[PathStep]:
    """From centre to centre: along the ring for sideways steps, along a radius through the
    middle of the door for steps in and out.

    An outer cell's middle is off its wider inner neighbour's, so a step between them also
    swings along the inner ring (inside the inner cell) to line up: a straight chord from
    middle to middle would graze the corner of the wall beside the door.

    A poster's path crosses a few hundred thousand cells: each step's ring follows from the
    one before (a step changes it by one at most), and each number is worked out as
    ``PolarGrid.angles`` and ``PolarGrid.centre`` work it out, so it is the same float.
    """
    middle, counts, firsts = grid.rings, grid.counts, grid.firsts
    line: list[PathStep] = [grid.centre(path[0])]
    append = line.append
    ring = grid.coordinates(path[0])[0]

    def middle_angle(ring: int, index: int) -> float:
        step = 360 / counts[ring]
        return (index * step + (index + 1) * step) / 2

    for here, there in pairwise(path):
        first, count = firsts[ring], counts[ring]
        if here and first <= there < first + count:  # sideways, along the ring
            index = here - first
            step = 360 / count
            angle = (index + 0.5) * step
            clockwise = there - first == (index + 1) % count
            append(Arc(middle, middle, ring + 0.5, angle, angle + (step if clockwise else -step)))
            continue
        there_ring = ring + 1 if there > here else ring - 1  # ids run ring by ring outward
        there_angle = middle_angle(there_ring, there - firsts[there_ring]) if there else 0.0
        if there == 0:  # the step is radial already: the centre's middle is the disc's
            append((float(middle), float(middle)))
        elif here == 0:
            turn, radius = math.radians(there_angle), there_ring + 0.5
            append((middle + radius * math.sin(turn), middle - radius * math.cos(turn)))
        else:
            here_angle = middle_angle(ring, here - first)
            radius = min(ring, there_ring) + 0.5
            if there > here:  # outward: swing along the inner ring to the outer cell's middle
                if here_angle != there_angle:
                    append(Arc(middle, middle, radius, here_angle, there_angle))
                turn, outer = math.radians(there_angle), there_ring + 0.5
                append((middle + outer * math.sin(turn), middle - outer * math.cos(turn)))
            else:  # inward: to the outer cell's middle on the inner ring, then swing back
                append(on_circle(middle, middle, radius, here_angle))
                if here_angle != there_angle:
                    append(Arc(middle, middle, radius, here_angle, there_angle))
        ring = there_ring
    return line


def cell_outline(grid: PolarGrid, cell: int) -> list[Point]:
    """The cell as a polygon: the centre a disc, others a ring sector, arcs flattened."""
    middle = grid.rings
    if cell == 0:
        return Arc(middle, middle, 1, 0, 360).points(FLATTEN)[:-1]
    ring, _ = grid.coordinates(cell)
    start, end = grid.angles(cell)
    return Arc(middle, middle, ring, start, end).points(FLATTEN) + Arc(
        middle, middle, ring + 1, end, start
    ).points(FLATTEN)


class CellOutlines(PathCells):
    """The cells of a path as ``cell_outline`` draws them, made as they are read."""

    def __init__(self, grid: PolarGrid, path: Sequence[int]) -> None:
        self.grid, self.path = grid, path

    def outline(self, cell: int) -> list[Point]:
        return cell_outline(self.grid, cell)


def drawing(
    maze: Maze, path: Sequence[int] | None, marker_size: float, known_walls: PolarWalls | None
) -> MazeDrawing:
    grid = maze.topology
    assert isinstance(grid, PolarGrid)  # what DRAWINGS sends here
    middle = grid.rings

    def outward(cell: int, side: int) -> Point:
        return on_circle(0, 0, 1, _opening_angle(grid, cell, side))

    def beyond(cell: int, side: int, distance: float) -> Point:
        return on_circle(middle, middle, grid.rings + distance, _opening_angle(grid, cell, side))

    line = cells = None
    if path:
        line = through_openings(grid, path, solution_line(grid, path), beyond)
        cells = CellOutlines(grid, path)
    room = grid.corridor  # inner marks shrink to fit a narrow cell
    return MazeDrawing(
        bbox=(0, 0, *grid.box),
        walls=walls(maze) if known_walls is None else known_walls,
        solution=line,
        solution_cells=cells,
        **end_markers(maze, marker_size, outward, beyond, room),
        round_walls=True,
    )
