"""A journey: one square maze tiled across consecutive pages in reading order.

The maze is made whole, from one seed, like any other (so its recipe remakes it), and
then cut into tiles, left to right and top to bottom. A tile is a maze of its own cells
whose passages across the tile's edge stay open: its drawing has a gap in its outer wall
wherever a corridor runs on to the next page, and the tiles' walls meet exactly when the
pages are laid side by side. Each such gap gets a connector on both pages, labelled A, B,
C... along each edge the two pages share.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise, product

from ..geometry import Point, Rect
from ..geometry.square import OUTWARD
from ..layout.journey import JOURNEY_ENDPOINTS
from ..maze import lookup
from ..maze.algorithms import eller
from ..maze.model import Maze
from ..maze.shapes import SQUARE, make_topology
from ..maze.topology import MAX_BOOK_SIDE

# A journey's size when the config gives none: every page filled at a quarter-inch cell,
# wide enough for a child's pencil and for the connectors beside each row.
JOURNEY_CELL_PT = 18.0
# The side of a tile a connector sits on, as the compass names it, and the arrow it prints:
# an arrow always points off the page, toward the page the corridor runs on to.
ARROWS = {"N": "\u2191", "E": "\u2192", "S": "\u2193", "W": "\u2190"}


@dataclass(frozen=True)
class Tile:
    """One page's part of the journey: ``width`` x ``height`` cells from (``x``, ``y``)."""

    index: int  # the journey's page it is on, from 0, in reading order
    column: int
    row: int
    x: int
    y: int
    width: int
    height: int

    def holds(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


def _split(total: int, parts: int) -> tuple[int, ...]:
    """``total`` cells in ``parts`` runs as even as can be, the longer ones first."""
    base, extra = divmod(total, parts)
    return tuple(base + (1 if part < extra else 0) for part in range(parts))


@dataclass(frozen=True)
class Tiling:
    """How a journey's maze is cut: ``columns`` x ``rows`` tiles of these widths and heights."""

    widths: tuple[int, ...]
    heights: tuple[int, ...]

    @classmethod
    def of(cls, size: tuple[int, int], columns: int, rows: int) -> Tiling:
        return cls(_split(size[0], columns), _split(size[1], rows))

    @property
    def columns(self) -> int:
        return len(self.widths)

    @property
    def rows(self) -> int:
        return len(self.heights)

    @property
    def size(self) -> tuple[int, int]:
        return sum(self.widths), sum(self.heights)

    @property
    def largest(self) -> tuple[int, int]:
        """The largest tile, which sets every tile's cell size."""
        return self.widths[0], self.heights[0]

    def tiles(self) -> list[Tile]:
        tiles: list[Tile] = []
        for row, column in product(range(self.rows), range(self.columns)):
            x, y = sum(self.widths[:column]), sum(self.heights[:row])
            tiles.append(Tile(len(tiles), column, row, x, y, self.widths[column], self.heights[row]))
        return tiles

    def tile_of(self, x: int, y: int) -> int:
        """The index of the tile that holds cell (x, y)."""
        column = next(i for i in range(self.columns) if x < sum(self.widths[: i + 1]))
        row = next(i for i in range(self.rows) if y < sum(self.heights[: i + 1]))
        return row * self.columns + column


def grids(pages: int) -> list[tuple[int, int]]:
    """Every columns x rows grid of exactly ``pages`` tiles, fewest columns first."""
    return [(columns, pages // columns) for columns in range(1, pages + 1) if pages % columns == 0]


def chosen_tiling(pages: int, size: tuple[int, int] | None, cell_for, cells_at) -> Tiling:
    """The tiling of a journey over ``pages`` pages.

    With a ``size``, the grid of pages that gives the largest cell (``cell_for(width,
    height)``: the cell a tile that big gets on a page). Without, every page holds
    ``cells_at(JOURNEY_CELL_PT)`` (columns, rows) cells, and the grid whose whole maze is
    nearest to square, the shape a journey across a spread of pages reads best in."""
    if size is not None:
        fitting = [(c, r) for c, r in grids(pages) if c <= size[0] and r <= size[1]]
        if not fitting:
            raise ValueError(f"{size[0]}x{size[1]} cells cannot be cut into {pages} pages")
        tilings = [Tiling.of(size, c, r) for c, r in fitting]
        return max(tilings, key=lambda tiling: cell_for(*tiling.largest))
    across, down = cells_at(JOURNEY_CELL_PT)
    best = min(
        grids(pages),
        key=lambda grid: abs(
            math.log(min(grid[0] * across, MAX_BOOK_SIDE) / min(grid[1] * down, MAX_BOOK_SIDE))
        ),
    )
    whole = (min(best[0] * across, MAX_BOOK_SIDE), min(best[1] * down, MAX_BOOK_SIDE))
    return Tiling.of(whole, *best)


def tile_maze(maze: Maze, tile: Tile) -> Maze:
    """The cells of ``tile`` as a maze of their own: passages that leave the tile stay open,
    so its outer wall has a gap where a corridor runs on to another page; the journey's
    start and finish, where the tile holds them."""
    width = maze.width
    cells = bytearray()
    for y in range(tile.y, tile.y + tile.height):
        cells += maze.cells[y * width + tile.x : y * width + tile.x + tile.width]

    def local(cell: int | None) -> int | None:
        if cell is None:
            return None
        y, x = divmod(cell, width)
        return (y - tile.y) * tile.width + (x - tile.x) if tile.holds(x, y) else None

    return Maze(
        make_topology(SQUARE.name, (tile.width, tile.height)),
        cells,
        algorithm=maze.algorithm,
        seed=maze.seed,
        options=maze.options,
        start=local(maze.start),
        end=local(maze.end),
        braid=maze.braid,
        endpoints=maze.endpoints,
    )


@dataclass(frozen=True)
class Crossing:
    """A corridor across the edge between two neighbouring tiles."""

    label: str  # A, B, C... along its edge, from the top (or the left)
    tile: int  # the tile it leaves to the east or south
    other: int  # the tile it enters
    side: str  # "E" or "S": the side of ``tile`` it crosses
    at: int  # the whole maze's row (side E) or column (side S) where it crosses


def label(index: int) -> str:
    """A, B, ... Z, AA, AB, ...: the ``index``-th connector of an edge."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def crossings(maze: Maze, tiling: Tiling) -> list[Crossing]:
    """Every corridor from one tile to the next, edge by edge in reading order."""
    width, found = maze.width, []
    tiles = tiling.tiles()
    for tile in tiles:
        if tile.column + 1 < tiling.columns:  # its east edge
            x = tile.x + tile.width - 1
            rows = [y for y in range(tile.y, tile.y + tile.height) if maze.cells[y * width + x] & 2]
            other = tile.index + 1
            found += [Crossing(label(i), tile.index, other, "E", y) for i, y in enumerate(rows)]
        if tile.row + 1 < tiling.rows:  # its south edge
            y = tile.y + tile.height - 1
            columns = [x for x in range(tile.x, tile.x + tile.width) if maze.cells[y * width + x] & 4]
            other = tile.index + tiling.columns
            found += [Crossing(label(i), tile.index, other, "S", x) for i, x in enumerate(columns)]
    return found


@dataclass(frozen=True)
class Connector:
    """One end of a crossing, on one tile: where it sits and which tile it leads to."""

    label: str
    side: str  # the tile's side: N, E, S or W
    at: int  # along that side, in the tile's cells from its top (or left)
    to: int  # the tile (journey page, from 0) the corridor continues on

    @property
    def arrow(self) -> str:
        return ARROWS[self.side]


def connectors(tiling: Tiling, found: list[Crossing]) -> list[list[Connector]]:
    """Each tile's connectors: both ends of every crossing, each on its own tile."""
    tiles = tiling.tiles()
    on: list[list[Connector]] = [[] for _ in tiles]
    for crossing in found:
        leaving, entering = tiles[crossing.tile], tiles[crossing.other]
        if crossing.side == "E":
            along = crossing.at - leaving.y
            on[leaving.index].append(Connector(crossing.label, "E", along, entering.index))
            on[entering.index].append(Connector(crossing.label, "W", along, leaving.index))
        else:
            along = crossing.at - leaving.x
            on[leaving.index].append(Connector(crossing.label, "S", along, entering.index))
            on[entering.index].append(Connector(crossing.label, "N", along, leaving.index))
    return on


def _centre(cell: int, width: int) -> Point:
    y, x = divmod(cell, width)
    return x + 0.5, y + 0.5


def route_pieces(maze: Maze, path: list[int], tile: Tile) -> list[list[Point]]:
    """The solution's pieces on ``tile``, in the tile's cell units: each from where the
    route comes onto the page (an edge, or the start's opening) to where it leaves it."""
    width, pieces = maze.width, []
    piece: list[Point] = []

    def inside(cell: int) -> bool:
        y, x = divmod(cell, width)
        return tile.holds(x, y)

    def local(point: Point) -> Point:
        return point[0] - tile.x, point[1] - tile.y

    def between(a: int, b: int) -> Point:
        (ax, ay), (bx, by) = _centre(a, width), _centre(b, width)
        return local(((ax + bx) / 2, (ay + by) / 2))

    def opening(cell: int, exit: bool) -> list[Point]:
        side = maze.topology.opening_side(cell, exit=exit)
        if side is None:
            return []
        (cx, cy), (dx, dy) = _centre(cell, width), OUTWARD[side]
        return [local((cx + dx / 2, cy + dy / 2))]

    for index, cell in enumerate(path):
        if not inside(cell):
            continue
        if not piece:
            piece = opening(cell, False) if index == 0 else [between(path[index - 1], cell)]
        piece.append(local(_centre(cell, width)))
        if index + 1 == len(path):
            pieces.append(piece + opening(cell, True))
        elif not inside(path[index + 1]):
            pieces.append([*piece, between(cell, path[index + 1])])
            piece = []
    return pieces


def route_cells(maze: Maze, path: list[int], tile: Tile) -> list[Rect]:
    """The squares of the solution's cells on ``tile``, in the tile's cell units."""
    squares = []
    for cell in path:
        y, x = divmod(cell, maze.width)
        if tile.holds(x, y):
            squares.append(Rect(x - tile.x, y - tile.y, 1, 1))
    return squares


def pages_crossed(tiling: Tiling, path: list[int], width: int) -> list[int]:
    """The journey pages (from 0) the solution runs through, in its order, each time it
    comes onto one."""
    visited = [tiling.tile_of(*reversed(divmod(cell, width))) for cell in path]
    return [visited[0], *(b for a, b in pairwise(visited) if a != b)]


def eller_pages(tiling: Tiling, seed: int, **options) -> Iterator[list[Maze]]:
    """A journey made by Eller's algorithm, a row of pages at a time: each row's tiles
    (``tile_maze``), top row first, with the start and finish of ``JOURNEY_ENDPOINTS``.

    Eller's carves a row of cells at a time, keeping only the sets of the row above, so
    only one row of pages is ever held: a journey of any height in memory that grows with
    its width. The tiles are those of ``generate("eller", width, height, seed)``, cell for
    cell, as its recipe remakes it."""
    width, height = tiling.size
    settings = lookup(eller.NAME).settings(options)
    rows = eller.rows(width, height, random.Random(seed), **settings)
    tiles = tiling.tiles()
    for row, band_height in enumerate(tiling.heights):
        band = bytearray()
        for _ in range(band_height):
            band += next(rows)
        last = row == tiling.rows - 1
        band_maze = Maze(
            make_topology(SQUARE.name, (width, band_height)),
            band,
            algorithm=eller.NAME,
            seed=seed,
            options=settings,
            start=0 if row == 0 else None,
            end=width * band_height - 1 if last else None,
            endpoints=JOURNEY_ENDPOINTS,
        )
        yield [tile_maze(band_maze, replace(tile, y=0)) for tile in tiles if tile.row == row]
