"""Shapes whose cells are polygons with straight sides (hex, triangle), drawn alike.

A shape's topology says where each cell's sides lie (``cell_edges``); from that
come the walls, the openings' arrows, the solution through the cells' centres and
the cells as polygons.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..maze.model import Maze
from ..maze.topology import RectGrid
from .primitives import MazeDrawing, Point, Segment, end_markers, openings, through_openings

# A cell's sides in order around it: (side, first end, second end), each side's second end
# the next one's first, so the first ends are the cell's polygon.
Edges = Callable[[RectGrid, int], list[tuple[int, Point, Point]]]


def cropped(edges: Edges) -> Edges:
    """``edges`` moved so a masked grid's drawing starts at its silhouette's box (docs/design.md:
    the drawing, like the box, is the silhouette's)."""

    def moved(grid: RectGrid, cell: int) -> list[tuple[int, Point, Point]]:
        ox, oy = grid.origin
        return [
            (side, (x0 - ox, y0 - oy), (x1 - ox, y1 - oy)) for side, (x0, y0), (x1, y1) in edges(grid, cell)
        ]

    return moved


def walls(maze: Maze, edges: Edges) -> list[Segment]:
    """Every standing wall once: inner walls from the cell owning them, and the border
    (round a silhouette, every side that faces a cell a mask switched off)."""
    grid = maze.topology
    assert isinstance(grid, RectGrid)  # what DRAWINGS sends here
    table, sides, owned, present = grid.neighbours, grid.sides, grid.owned_sides, grid.present
    gaps = openings(maze)
    pieces = []
    for cell, bits in enumerate(maze.cells):
        if not present[cell]:
            continue
        for side, (x0, y0), (x1, y1) in edges(grid, cell):
            if table[cell * sides + side] < 0:
                standing = (cell, side) not in gaps
            else:
                standing = side in owned and not bits >> side & 1
            if standing:
                pieces.append((x0, y0, x1, y1))
    return merged(pieces)


def merged(pieces: list[Segment]) -> list[Segment]:
    """Collinear pieces that touch joined into one segment each, so pages stay small."""
    lines: dict[tuple[float, float, float], list[tuple[float, float, Point, Point]]] = {}
    for x0, y0, x1, y1 in pieces:
        a, b = sorted(((x0, y0), (x1, y1)))
        length = math.dist(a, b)
        dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        key = (round(dx, 6), round(dy, 6), round(a[0] * dy - a[1] * dx, 6))
        lines.setdefault(key, []).append((a[0] * dx + a[1] * dy, b[0] * dx + b[1] * dy, a, b))
    runs = []
    for on_line in lines.values():
        on_line.sort()
        _, reach, a, b = on_line[0]
        for start, stop, c, d in on_line[1:]:
            if start <= reach + 1e-9:  # touches the run so far: extend it
                if stop > reach:
                    reach, b = stop, d
                continue
            runs.append((*a, *b))
            reach, a, b = stop, c, d
        runs.append((*a, *b))
    return runs


def _opening(grid: RectGrid, cell: int, side: int) -> tuple[Point, Point]:
    """The middle of ``cell``'s ``side`` in the drawing and the unit vector out through it."""
    (mx, my), outward = grid.side_line(cell, side)
    ox, oy = grid.origin
    return (mx - ox, my - oy), outward


def drawing(
    maze: Maze,
    path: Sequence[int] | None,
    marker_size: float,
    known_walls: Sequence[Segment] | None,
    round_walls: bool = True,
) -> MazeDrawing:
    """The drawing of a maze whose cells are polygons; ``round_walls`` gives walls round
    caps and joins, which close the corners where sides meet at 60 or 120 degrees."""
    grid = maze.topology
    assert isinstance(grid, RectGrid)  # what DRAWINGS sends here
    edges: Edges = type(grid).cell_edges
    if grid.origin != (0.0, 0.0):
        edges = cropped(edges)

    def outward(cell: int, side: int) -> Point:
        return _opening(grid, cell, side)[1]

    def beyond(cell: int, side: int, distance: float) -> Point:
        (mx, my), (nx, ny) = _opening(grid, cell, side)
        return mx + nx * distance, my + ny * distance

    line = cells = None
    if path:
        line = through_openings(grid, path, [grid.centre(cell) for cell in path], beyond)
        cells = [[p for _, p, _ in edges(grid, cell)] for cell in path]
    room = grid.corridor  # inner marks shrink to fit a narrow cell
    standing = walls(maze, edges) if known_walls is None else known_walls
    return MazeDrawing(
        bbox=(0, 0, *grid.box),
        walls=standing,
        solution=line,
        solution_cells=cells,
        # Only a silhouette's outline has notches an arrow may sit in.
        **end_markers(maze, marker_size, outward, beyond, room, standing if grid.mask is not None else None),
        round_walls=round_walls,
    )
