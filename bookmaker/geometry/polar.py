"""Circular (theta) mazes: walls as true arcs on the ring circles plus radial segments.

Arc pieces on one circle that touch are merged (across 12 o'clock too), and
so are radial walls that continue each other from ring to ring. The solution
follows its ring as an arc when it steps sideways and runs straight when it
steps in or out.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from ..maze.model import Maze
from ..maze.polar_grid import ANTICLOCKWISE, CENTRE_FIRST_SLOT, CLOCKWISE, INWARD, OUTWARD, PolarGrid
from .primitives import (
    Arc,
    MazeDrawing,
    PathStep,
    Point,
    Wall,
    Walls,
    end_markers,
    on_circle,
    openings,
    through_openings,
)

FLATTEN = 0.002  # cells: how far a filled cell's polygon may stray from its arcs


def _circle(grid: PolarGrid, radius: int, standing: list[bool]) -> list[Arc]:
    """The standing pieces of the circle of ``radius``, cut into ``len(standing)`` equal
    pieces clockwise from 12 o'clock, merged into arcs."""
    count, runs, index = len(standing), [], 0
    while index < count:
        stop = index
        while stop < count and standing[stop]:
            stop += 1
        if stop > index:
            runs.append([index, stop])
        index = stop + 1
    if len(runs) > 1 and runs[0][0] == 0 and runs[-1][1] == count:
        runs[-1][1] = count + runs.pop(0)[1]  # one arc through 12 o'clock
    middle = grid.rings
    return [Arc(middle, middle, radius, 360 * start / count, 360 * stop / count) for start, stop in runs]


def walls(maze: Maze) -> Walls:
    """The ring circles' standing arcs, the outer circle's, then the radial walls."""
    grid, cells = maze.topology, maze.cells
    assert isinstance(grid, PolarGrid)  # what DRAWINGS sends here
    arcs = []
    for ring in range(1, grid.rings):
        first = grid.firsts[ring]
        arcs += _circle(
            grid, ring, [not cells[cell] >> INWARD & 1 for cell in range(first, first + grid.counts[ring])]
        )
    gaps = openings(maze)
    outer = grid.rings - 1
    if outer:
        first = grid.firsts[outer]
        pieces = [(cell, OUTWARD) for cell in range(first, first + grid.counts[outer])]
    else:  # the centre alone: its six outward slots face where ring 1's cells would lie
        pieces = [(0, slot) for slot in range(CENTRE_FIRST_SLOT, CENTRE_FIRST_SLOT + 6)]
    arcs += _circle(grid, grid.rings, [piece not in gaps for piece in pieces])

    # Radial walls by angle (an exact fraction of a turn), each a list of the rings it crosses.
    radial: dict[Fraction, list[int]] = {}
    for ring in range(1, grid.rings):
        count, first = grid.counts[ring], grid.firsts[ring]
        for index in range(count):
            if not cells[first + index] >> CLOCKWISE & 1:
                radial.setdefault(Fraction((index + 1) % count, count), []).append(ring)
    middle = grid.rings
    segments = []
    for turn, crossed in radial.items():
        angle = float(360 * turn)
        start = crossed[0]
        for ring, following in zip(crossed, crossed[1:] + [-1], strict=True):  # -1: no ring follows
            if following != ring + 1:
                segments.append(
                    (*on_circle(middle, middle, start, angle), *on_circle(middle, middle, ring + 1, angle))
                )
                start = following
    return Walls([*arcs, *segments])


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
    """
    middle = grid.rings
    line: list[PathStep] = [grid.centre(path[0])]
    for here, there in pairwise(path):
        side = grid.side_between(here, there)
        if here and side in (CLOCKWISE, ANTICLOCKWISE):
            ring, index = grid.coordinates(here)
            step = 360 / grid.counts[ring]
            angle = (index + 0.5) * step
            line.append(
                Arc(middle, middle, ring + 0.5, angle, angle + (step if side == CLOCKWISE else -step))
            )
            continue
        inner, outer = sorted((here, there))  # ids run ring by ring outward
        if inner == 0:  # the centre's middle is the disc's: the step is radial already
            line.append(grid.centre(there))
            continue
        radius = grid.coordinates(inner)[0] + 0.5
        swing = Arc(middle, middle, radius, _middle_angle(grid, inner), _middle_angle(grid, outer))
        if there == outer:
            if swing.start != swing.end:
                line.append(swing)
            line.append(grid.centre(there))
        else:
            line.append(swing.at(swing.end))
            if swing.start != swing.end:
                line.append(Arc(middle, middle, radius, swing.end, swing.start))
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


def drawing(
    maze: Maze, path: Sequence[int] | None, marker_size: float, known_walls: list[Wall] | None
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
        cells = [cell_outline(grid, cell) for cell in path]
    room = grid.corridor  # inner marks shrink to fit a narrow cell
    return MazeDrawing(
        bbox=(0, 0, *grid.box),
        walls=walls(maze) if known_walls is None else known_walls,
        solution=line,
        solution_cells=cells,
        **end_markers(maze, marker_size, outward, beyond, room),
        round_walls=True,
    )
