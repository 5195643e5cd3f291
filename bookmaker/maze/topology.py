"""The shapes a maze can take: which cells exist, which are neighbours, through which side.

A topology is built once per shape and size and never changes. Its cells are
numbered ``0 .. cells - 1``; each has up to ``sides`` (at most 8) numbered
sides, and a passage through side ``s`` is the bit ``1 << s`` of the cell's
byte in ``Maze.cells``. Everything that carves, solves or measures a maze asks
the topology rather than doing arithmetic on coordinates:

- ``neighbours[cell * sides + s]``: the cell through side ``s``, or -1;
- ``back[cell * sides + s]``: the side of that neighbour that leads back;
- ``border[cell]``: the sides of ``cell`` that face the outside (a bit mask).

The square grid (docs/design.md, "The maze" and "Shapes"): cell (x, y) is
``y * width + x`` with (0, 0) at the top left, sides N=0, E=1, S=2, W=3, so
the passage bits are N=1, E=2, S=4, W=8.
"""

from __future__ import annotations

import math
import sys
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from itertools import compress
from random import Random
from typing import Any, NamedTuple

from ..errors import BookmakerError
from .mask import Mask, pieces, square_pieces

MAX_SIDES = 8  # a cell's passages fit one byte
# translate() tables, one per side: a neighbour table entry's sign byte to the side's bit
# when the entry is a cell (not negative), else 0.
_LEADS = [bytes(1 << side if byte < 0x80 else 0 for byte in range(256)) for side in range(MAX_SIDES)]
NO_SIDE = 255  # a walk slot that leads nowhere
_OFF = bytes([255]) + bytes(255)  # translate(): 255 where a cell is off (0), else 0

N, E, S, W = 1, 2, 4, 8  # the square grid's passage bits


MAX_BOOK_SIDE = 500  # cells per side in a book; a printed maze this fine is unreadable anyway


def check_grid_size(width: int, height: int) -> None:
    """The one rule for grid sizes: at least one cell each way."""
    if width < 1 or height < 1:
        raise BookmakerError(f"maze size must be at least 1x1, got {width}x{height}")


def leading_sides(table: array[int], sides: int) -> bytes:
    """Per cell, the bit mask of its sides whose entry in neighbour ``table`` is a cell.

    A side at a time, from the sign byte of each entry (ids are never negative, "none" is
    -1): bulk byte operations, where a loop over a poster's cells takes seconds."""
    sign = 3 if sys.byteorder == "little" else 0
    found = 0
    for side in range(sides):
        signs = table[side::sides].tobytes()[sign::4]
        found |= int.from_bytes(signs.translate(_LEADS[side]), "little")
    return found.to_bytes(len(table) // sides, "little")


class Topology(ABC):
    """A shape's cells and neighbour relation; subclasses fill in the tables."""

    kind: str  # "square", ...
    cells: int
    sides: int
    mask: Mask | None = None  # grids only: the cells that take part; None: all of them

    @cached_property
    def present(self) -> bytes:
        """Per cell, 1 when it takes part in the maze (a mask switches cells off)."""
        return self.mask.on if self.mask is not None else b"\1" * self.cells

    @cached_property
    def present_count(self) -> int:
        """How many cells take part: what a generator must reach."""
        return self.present.count(1) if self.mask is not None else self.cells

    @cached_property
    def _present_ids(self) -> array[int]:
        return array("i", compress(range(self.cells), self.present))

    def random_cell(self, rng: Random) -> int:
        """A cell that takes part, drawn uniformly; one ``randrange`` call either way, so an
        unmasked grid draws exactly what it always drew."""
        if self.mask is None:
            return rng.randrange(self.cells)
        ids = self._present_ids
        return ids[rng.randrange(len(ids))]

    def first_cell(self) -> int:
        """The lowest id that takes part."""
        # Unmasked, cell 0, without making ``present``: a megabyte on a poster.
        return 0 if self.mask is None else self.present.index(1)

    @cached_property
    def neighbours(self) -> array[int]:
        """The flat neighbour table, ``cells * sides`` entries, -1 where there is none."""
        return self._neighbour_table()

    @cached_property
    def back(self) -> bytes:
        """For each entry of ``neighbours``, the neighbour's side that leads back."""
        return self._back_table()

    @cached_property
    def border(self) -> bytes:
        """Per cell, the bit mask of its sides that face the outside."""
        return self._border_masks()

    @property
    def opening_sides(self) -> bytes:
        """Per cell, the bit mask of its border sides an opening may go through: those with
        room outside for a start or finish marker. Every endpoint mode picks its openings
        among the cells that have one. Outside a silhouette (see ``RectGrid``) that is the
        whole border."""
        return self.border

    @property
    def step_offsets(self) -> tuple[int, ...] | None:
        """Where the cell through side ``s`` is always ``cell + step_offsets[s]`` (for every
        side a passage can open), searches step by these and never build the neighbour table:
        on a 1000x1000 grid that table is 16 MB and a quarter of a second. None: read the table."""
        return None

    @property
    def column_step_offsets(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """``step_offsets`` for a shape laid out in columns whose steps depend on the column's
        parity: those of a cell in an even column, and in an odd one. None: the shape steps
        alike everywhere (``step_offsets``), or only by its table."""
        return None

    @cached_property
    def open_sides(self) -> bytes:
        """Per cell, the bit mask of its sides that lead to a neighbour."""
        return self._open_sides_of_table()

    def _open_sides_of_table(self) -> bytes:
        return leading_sides(self.neighbours, self.sides)

    # Edges are numbered for generators that take every wall in a random order:
    # each edge belongs to one cell, through one of its ``owned_sides``.
    owned_sides: tuple[int, ...]

    @property
    def walk_slots(self) -> tuple[int, bytes]:
        """``(slots, side_of)``: a random walk draws one of ``slots`` a step, and slot ``k`` of
        ``cell`` is its side ``side_of[cell * slots + k]`` (``NO_SIDE``: nothing there).

        Every side is a slot unless a shape packs them tighter: a triangle has three sides of
        the four numbers, so a walk that draws among four would waste a quarter of its steps.
        A side may take several slots, but each of a cell's neighbours must take as many as
        every other, or the walk would favour some and Wilson's mazes stop being uniform.
        """
        return self.sides, bytes(range(self.sides)) * self.cells

    def side_between(self, a: int, b: int) -> int:
        """The side of cell ``a`` that leads to its neighbour ``b``."""
        sides = self.sides
        row = self.neighbours[a * sides : (a + 1) * sides]
        try:
            return row.index(b)
        except ValueError:
            raise ValueError(f"cells {a} and {b} are not neighbours") from None

    def step_kind(self, cell: int, side: int) -> int:
        """What a step through ``side`` counts as when turns are counted: the side itself,
        except where a shape says several sides go the same way (polar: all outward ones)."""
        return side

    def middle_cell(self) -> int:
        """The cell whose centre is nearest the middle of the outer wall's box (lowest id on a tie)."""
        box_w, box_h = self.box
        mx, my = box_w / 2, box_h / 2
        return min(
            self._present_ids,
            key=lambda cell: (
                round((self.centre(cell)[0] - mx) ** 2 + (self.centre(cell)[1] - my) ** 2, 9),
                cell,
            ),
        )

    def opening_side(self, cell: int, exit: bool = False) -> int | None:
        """The side of the outer wall an opening at ``cell`` goes through, or None inside
        (or where no side of it has room for a marker: see ``opening_sides``).

        The shape's ``opening_order`` says which of its ``opening_sides`` wins when a
        cell has several: the start looks up first, the exit down first, so an
        opening reads as "enter at the top, leave at the bottom".
        """
        # An end without a side with room (a cell the user named, a centre on the outline)
        # is marked inside the maze rather than crowded into a notch.
        mask = self.opening_sides[cell]
        for side in self.exit_order if exit else self.opening_order:
            if mask >> side & 1:
                return side
        return None

    opening_order: tuple[int, ...]
    exit_order: tuple[int, ...]
    # The outer wall's side each cell side lies on, as the compass point it faces: a
    # hexagon's NE and SE sides make up the wall's east side.
    side_compass: tuple[str, ...]

    def opening_compass(self, cell: int, exit: bool = False) -> str | None:
        """The side of the outer wall ("N", "E", "S" or "W") an opening at ``cell`` goes
        through (see ``opening_side``), or None inside."""
        side = self.opening_side(cell, exit)
        return None if side is None else self.side_compass[side]

    @property
    @abstractmethod
    def dimensions(self) -> tuple[int, ...]:
        """The numbers a user sizes the maze by: (width, height) on a grid, (rings,) on a disc
        (the shape's ``Shape.sizing`` says which)."""

    @property
    @abstractmethod
    def box(self) -> tuple[float, float]:
        """Width and height of the closed outer wall's box, in cell units (docs/design.md, "Shapes")."""

    # The widest pen stroke that passes every cell and door, in cell units: the narrower of a
    # door (a shared side) and the cell's inscribed circle. Layout keeps it at least as wide as a
    # square maze's corridor at the same minimum cell size.
    corridor: float = 1.0

    @abstractmethod
    def centre(self, cell: int) -> tuple[float, float]:
        """Where ``cell``'s centre lies, in cell units, y down from the top of ``box``."""

    @abstractmethod
    def corners(self) -> tuple[int, int]:
        """The cells the ``corners`` endpoints open at; a one-line error where a shape has none."""

    @abstractmethod
    def coordinates(self, cell: int) -> tuple[int, int]:
        """How a user names ``cell``: (x, y) on a grid, (ring, index) on a disc."""

    @abstractmethod
    def cell_at(self, a: int, b: int, what: str = "cell") -> int:
        """The id of the cell a user names (see ``coordinates``); an unknown one is a one-line
        error naming ``what``."""

    @abstractmethod
    def shape_json(self) -> dict[str, Any]:
        """The ``shape`` object of ``bookmaker.maze/2``."""

    @abstractmethod
    def scaled(self, factor: float) -> str:
        """The size ``factor`` times smaller or larger, for 'use a size up to about ...'."""

    @abstractmethod
    def describe(self) -> str:
        """The size as a user writes it: '20x10'."""

    @abstractmethod
    def _neighbour_table(self) -> array[int]:
        """Built once, on first use (see the properties above)."""

    @abstractmethod
    def _back_table(self) -> bytes:
        """Built once, on first use (see the properties above)."""

    @abstractmethod
    def _border_masks(self) -> bytes:
        """Built once, on first use (see the properties above)."""


# The room an opening leaves outside the outer wall for its marker, in corridor widths
# (``Topology.corridor``): out along the side's normal, and to either side of its middle.
# A marker is at least 4 mm across, so at least 16.6 pt long; it stands 0.2 of its length off
# the wall and is 0.72 of it wide, and keeps 2 pt from walls (layout, geometry.primitives):
# 21.9 pt out and 8.0 pt to either side. The narrowest corridor a sample silhouette prints
# arrows beside is 6.45 pt (silhouettes.yaml's fish, four to a key page): 3.40 and 1.24
# corridors; these cover corridors down to 6.35 pt. (Out, 3.45 stays under two hexagons'
# depth, 3.46, so a hexagon's opening asks two cells beyond it clear, not three.) Pages with
# narrower corridors still slide their arrows out clear of the walls where they can.
OPENING_ROOM = (3.45, 1.25)


def _overlap(
    polygon: list[tuple[float, float]],
    rectangle: list[tuple[float, float]],
    axes: tuple[tuple[float, float], tuple[float, float]],
) -> bool:
    """Whether a convex ``polygon`` and a ``rectangle`` whose sides run along ``axes`` share
    more than a boundary (separating axes: the rectangle's and the polygon's side normals)."""
    normals = list(axes) + [
        (y0 - y1, x1 - x0) for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
    ]
    for nx, ny in normals:
        first = [nx * x + ny * y for x, y in polygon]
        second = [nx * x + ny * y for x, y in rectangle]
        scale = math.hypot(nx, ny)
        if min(max(first), max(second)) - max(min(first), min(second)) <= 1e-9 * scale:
            return False
    return True


class Lattice(NamedTuple):
    """A grid's cell corners on a lattice of whole numbers, for code that handles millions of
    walls (``geometry.polygons``): cell (x, y)'s corners through side ``s`` run from
    ``(X + a, Y + b)`` to ``(X + c, Y + d)``, where ``(X, Y)`` is ``origin(x, y)`` and
    ``(a, b, c, d) = corners[parity(x, y)][s]`` (None: no such side), and lattice point
    ``(X, Y)`` lies at ``(x_at(X), y_at(Y))``: the very numbers ``cell_edges`` gives."""

    origin: Callable[[int, int], tuple[int, int]]
    parity: Callable[[int, int], int]
    corners: tuple[tuple[tuple[int, int, int, int] | None, ...], ...]
    x_at: Callable[[int], float]
    y_at: Callable[[int], float]


class RectGrid(Topology):
    """A shape laid out in ``width`` columns by ``height`` rows, cell (x, y) numbered ``y * width + x``.

    A ``mask`` switches cells off: they keep their ids but have no neighbours, the
    cells next to them get a wall on that side, and the box, centres and drawing
    shrink to the silhouette of the cells that are on (docs/design.md, "Shapes").
    """

    def __init__(self, width: int, height: int, mask: Mask | None = None) -> None:
        check_grid_size(width, height)
        self.width, self.height = width, height
        self.cells = width * height
        if mask is not None and len(mask.on) != self.cells:
            raise ValueError(f"a mask of {len(mask.on)} cells for a {width}x{height} grid")
        self.mask = mask
        # A random walk would never leave an island: masks reach here settled (mask.py).
        if mask is not None and len(pieces(self, mask.on)) != 1:
            raise ValueError("a mask must leave one connected piece of cells")

    def __repr__(self) -> str:
        masked = f", {self.mask.kind} mask" if self.mask is not None else ""
        return f"{type(self).__name__}({self.width}, {self.height}{masked})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and (self.width, self.height) == (other.width, other.height)
            and self.mask == other.mask
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.width, self.height, self.mask))

    @property
    def dimensions(self) -> tuple[int, int]:
        return self.width, self.height

    def describe(self) -> str:
        return f"{self.width}x{self.height}"

    def shape_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "width": self.width, "height": self.height}

    def coordinates(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell_at(self, x: int, y: int, what: str = "cell") -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise BookmakerError(
                f"{what} cell {[x, y]} is outside the {self.width}x{self.height} grid "
                f"(x 0..{self.width - 1}, y 0..{self.height - 1})"
            )
        cell = y * self.width + x
        if not self.present[cell]:
            raise BookmakerError(f"{what} cell {[x, y]} is outside the mask: pick a cell of the silhouette")
        return cell

    def corners(self) -> tuple[int, int]:
        """The top-left and bottom-right cells (of a silhouette: the cells with room for an
        opening (``opening_sides``) nearest the top-left and bottom-right corners of its box)."""
        if self.mask is None:
            return 0, self.cells - 1
        box_w, box_h = self.box
        rim = [cell for cell in self._present_ids if self.opening_sides[cell]]

        def nearest(cx: float, cy: float) -> int:
            return min(rim, key=lambda cell: (round(math.dist(self.centre(cell), (cx, cy)), 9), cell))

        return nearest(0.0, 0.0), nearest(box_w, box_h)

    def scaled(self, factor: float) -> str:
        return f"{max(1, math.floor(self.width * factor))}x{max(1, math.floor(self.height * factor))}"

    # Where each shape draws its cells, before a mask crops the drawing to its silhouette.

    @property
    @abstractmethod
    def grid_box(self) -> tuple[float, float]:
        """Width and height of the whole grid's box, in cell units."""

    @abstractmethod
    def grid_centre(self, cell: int) -> tuple[float, float]:
        """``cell``'s centre in the whole grid's box."""

    @abstractmethod
    def cell_bounds(self, cell: int) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of ``cell`` in the whole grid's box."""

    def cell_rows(self, cell: int) -> tuple[float, float]:
        """The top and bottom of ``cell`` in the whole grid's box."""
        _, top, _, bottom = self.cell_bounds(cell)
        return top, bottom

    @cached_property
    def origin(self) -> tuple[float, float]:
        """Where the box's top-left corner lies in the whole grid's box: (0, 0) unmasked."""
        if self.mask is None:
            return 0.0, 0.0
        bounds = self._rim_bounds
        return min(b[0] for b in bounds), min(b[1] for b in bounds)

    @cached_property
    def box(self) -> tuple[float, float]:
        if self.mask is None:
            return self.grid_box
        bounds = self._rim_bounds
        ox, oy = self.origin
        return max(b[2] for b in bounds) - ox, max(b[3] for b in bounds) - oy

    @cached_property
    def _rim_bounds(self) -> list[tuple[float, float, float, float]]:
        """``cell_bounds`` of the first and last cell that is on in each row and each column:
        a cell's left and right grow with its x, its top and bottom with its y (in a column),
        so these hold the silhouette's extremes, from a few thousand cells, not a million."""
        on, width, height = self.present, self.width, self.height
        rim: set[int] = set()
        for y in range(height):
            row = on[y * width : (y + 1) * width]
            first = row.find(1)
            if first >= 0:
                rim.update((y * width + first, y * width + row.rfind(1)))
        for x in range(width):
            column = on[x::width]
            first = column.find(1)
            if first >= 0:
                rim.update((first * width + x, column.rfind(1) * width + x))
        return [self.cell_bounds(cell) for cell in sorted(rim)]

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.grid_centre(cell)
        ox, oy = self.origin
        return x - ox, y - oy

    def middle_cell(self) -> int:
        """Unmasked, the cell nearest the box's middle; masked, the cell that is on nearest the
        silhouette's centre of mass (the mean of its cells' centres, cells being of one area)."""
        if self.mask is None:
            return super().middle_cell()
        ids = self._present_ids
        centres = [self.centre(cell) for cell in ids]
        mx = sum(x for x, _ in centres) / len(ids)
        my = sum(y for _, y in centres) / len(ids)
        return min(
            zip(ids, centres, strict=True),
            key=lambda item: (round((item[1][0] - mx) ** 2 + (item[1][1] - my) ** 2, 9), item[0]),
        )[0]

    def present_sides(self, cell: int) -> int:
        """The side bits ``cell`` has (every side number on squares and hexagons)."""
        return (1 << self.sides) - 1

    @cached_property
    def full_neighbours(self) -> array[int]:
        """The neighbour table of the whole grid, as if no mask switched cells off."""
        return self._neighbour_table()

    @cached_property
    def neighbours(self) -> array[int]:
        if self.mask is None:
            return self.full_neighbours
        # An entry stays where its cell and the cell it leads to are both on, else becomes -1:
        # four 0xff bytes ORed over it, for all cells at once, a side at a time (so that only
        # a side's column, 4 MB on a poster, is ever held in pieces as well).
        sides, on, count = self.sides, self.mask.on, self.cells
        table = array("i", bytes(4 * sides * count))
        off = int.from_bytes(on.translate(_OFF), "little")
        for side, full_column in enumerate(self._full_columns()):
            # (An entry with no neighbour is -1 already, whatever is ORed over it.)
            gone = (off | int.from_bytes(self._beyond(on, side).translate(_OFF), "little")).to_bytes(
                count, "little"
            )
            spread = bytearray(4 * count)
            for byte in range(4):
                spread[byte::4] = gone
            del gone
            kept = int.from_bytes(full_column.tobytes(), "little") | int.from_bytes(spread, "little")
            del spread
            column = array("i")
            column.frombytes(kept.to_bytes(4 * count, "little"))
            del kept
            table[side::sides] = column
        return table

    @cached_property
    def border(self) -> bytes:
        """Per cell, its sides facing the outside: unmasked, the grid's edge; masked, the
        outside of the whole silhouette, so walls round a hole inside it are no border."""
        if self.mask is None:
            return self._border_masks()
        sides, on, count = self.sides, self.mask.on, self.cells
        real = int.from_bytes(self.side_masks, "little")
        edge = int.from_bytes(self._grid_edge(), "little")  # sides off the grid
        # Cells that are off and reach the grid's edge through other such cells lie outside.
        off = on.translate(bytes([1]) + bytes(255))
        outside = self._outside(off, edge)
        # A side faces the outside where it leads off the grid or to a cell outside; all cells
        # at once, a side at a time.
        facing = edge
        for side in range(sides):
            flags = self._beyond(outside, side)  # (any byte where no neighbour: edge says)
            facing |= int.from_bytes(flags.translate(bytes([0, 1 << side]) + bytes(254)), "little")
        present = int.from_bytes(on, "little") * 255
        return (facing & real & present).to_bytes(count, "little")

    def _full_columns(self) -> Iterator[array[int]]:
        """Each side's column of ``full_neighbours`` in turn: per cell, its neighbour through
        that side in the whole grid, or -1."""
        full, sides = self.full_neighbours, self.sides
        for side in range(sides):
            yield full[side::sides]

    def _grid_edge(self) -> bytes:
        """Per cell, the bit mask of its sides that lead off the whole grid."""
        real = int.from_bytes(self.side_masks, "little")
        leads = int.from_bytes(leading_sides(self.full_neighbours, self.sides), "little")
        return (real & ~leads).to_bytes(self.cells, "little")

    def _outside(self, off: bytes, edge: int) -> bytes:
        """Per cell, 1 where it is off (``off``) and joined through off cells to the grid's
        edge (``edge``: each cell's sides off the grid), searched through the neighbour table."""
        full, sides, count = self.full_neighbours, self.sides, self.cells
        queue = list(
            compress(range(count), (int.from_bytes(off, "little") * 255 & edge).to_bytes(count, "little"))
        )
        outside = bytearray(count)
        for cell in queue:
            outside[cell] = 1
        for cell in queue:
            for other in full[cell * sides : (cell + 1) * sides]:
                if other >= 0 and off[other] and not outside[other]:
                    outside[other] = 1
                    queue.append(other)
        return bytes(outside)

    def _beyond(self, flags: bytes, side: int) -> bytes:
        """Per cell, the byte of ``flags`` (one a cell) of its neighbour through ``side`` in the
        whole grid; where it has none there, any byte, which the caller must not read. Where a
        shape steps by ``step_offsets``, ``flags`` shifted, else looked up in the table."""
        offsets = self.step_offsets
        if offsets is None:
            return bytes(map((flags + b"\0").__getitem__, self.full_neighbours[side :: self.sides]))
        step = offsets[side]
        padded = bytes(abs(step)) + flags + bytes(abs(step))
        return padded[abs(step) + step : abs(step) + step + self.cells]

    @cached_property
    def opening_sides(self) -> bytes:
        """Masked, the border sides beyond which the whole grid's cells are off the mask (or
        off the grid) for ``OPENING_ROOM`` corridors out and to either side: an opening at the
        bottom of a notch of the outline (under a tree's tier, beside an apple's stem) would
        leave its marker no room between the walls. A silhouette where no side has that room
        (a tiny or odd one) opens anywhere on its border, as unmasked grids do."""
        border = self.border
        if self.mask is None:
            return border
        on = self.mask.on
        roomy = bytearray(self.cells)
        for cell in compress(range(self.cells), border):
            for side in range(self.sides):
                if border[cell] >> side & 1 and self._has_room(cell, side, on):
                    roomy[cell] |= 1 << side
        return bytes(roomy) if any(roomy) else border

    def _has_room(self, cell: int, side: int, on: bytes) -> bool:
        """Whether no cell of the mask (``on``) overlaps the strip a marker takes outside ``cell``'s
        ``side``: ``OPENING_ROOM`` corridors out along the side's normal, and as far to either
        side of its middle."""
        (mx, my), out = self.side_line(cell, side)
        along = (-out[1], out[0])
        reach, half = (OPENING_ROOM[0] * self.corridor, OPENING_ROOM[1] * self.corridor)
        strip = [
            (mx + out[0] * a + along[0] * b, my + out[1] * a + along[1] * b)
            for a, b in ((0, -half), (0, half), (reach, half), (reach, -half))
        ]
        xs, ys = [x for x, _ in strip], [y for _, y in strip]
        return not any(
            here != cell
            and on[here]
            and _overlap([p for _, p, _ in self.cell_edges(here)], strip, (out, along))
            for here in self._cells_near(cell, (min(xs), min(ys), max(xs), max(ys)))
        )

    def _cells_near(self, cell: int, box: tuple[float, float, float, float]) -> Iterator[int]:
        """Every cell of the whole grid whose box overlaps ``box`` (left, top, right, bottom),
        and maybe a few more, given ``cell``, whose box touches it: found by stepping from
        ``cell`` among cells whose boxes come within a cell unit of ``box``."""
        near = (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1)
        full, sides = self.full_neighbours, self.sides
        seen, queue = {cell}, [cell]
        for here in queue:
            yield here
            for other in full[here * sides : (here + 1) * sides]:
                if other >= 0 and other not in seen:
                    left, top, right, bottom = self.cell_bounds(other)
                    if left < near[2] and right > near[0] and top < near[3] and bottom > near[1]:
                        seen.add(other)
                        queue.append(other)

    def side_line(self, cell: int, side: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The middle of ``cell``'s ``side`` in the whole grid's box, and the unit vector out
        of the cell through it: where an opening's marker stands."""
        (x0, y0), (x1, y1) = next((p, q) for s, p, q in self.cell_edges(cell) if s == side)
        length = math.dist((x0, y0), (x1, y1))
        nx, ny = (y1 - y0) / length, (x0 - x1) / length
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        cx, cy = self.grid_centre(cell)
        if nx * (middle[0] - cx) + ny * (middle[1] - cy) < 0:
            nx, ny = -nx, -ny
        return middle, (nx, ny)

    @abstractmethod
    def lattice(self) -> Lattice:
        """Where ``cell_edges`` puts each cell's corners, as whole numbers: see ``Lattice``."""

    @cached_property
    def side_masks(self) -> bytes:
        """Per cell, ``present_sides``: the sides it has."""
        width = self.width
        rows = [
            bytes(self.present_sides(y * width + x) for x in range(width)) for y in range(min(2, self.height))
        ]
        return ((rows[0] + rows[-1]) * (self.height // 2) + rows[0] * (self.height % 2))[: self.cells]

    @abstractmethod
    def cell_edges(self, cell: int) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """``cell``'s sides in order round it, as (side, first end, second end) in the whole
        grid's box, each side's second end the next one's first: where walls are drawn."""

    def _grid_table(self, steps: Sequence[Sequence[tuple[int, int] | None]]) -> array[int]:
        """The neighbour table from ``steps[parity][side]``: the (dx, dy) through each side of a
        cell whose parity (its x, or x + y, mod 2: the shape says) is ``parity``, or None where
        such a cell has no such side. ``parity_of_row`` adds y to x's parity, or not.

        Built a row and a parity at a time with slices, not a cell at a time: a poster's
        table has six million entries, seconds in a Python loop."""
        width, height, sides, cells = self.width, self.height, self.sides, self.cells
        table = array("i", [-1]) * (cells * sides)
        # Every id from a row above the grid to one past its end: a step's targets are slices of it.
        margin = width + 1
        ids = array("i", range(-margin, cells + margin))
        for side in range(sides):
            column = array("i", [-1]) * cells
            for y in range(height):
                row = y * width
                for parity in (0, 1):
                    first = (parity + y * self.parity_of_row) % 2  # the row's first x of that parity
                    step = steps[parity][side]
                    if step is None or first >= width:
                        continue
                    dx, dy = step
                    if not 0 <= y + dy < height:
                        continue
                    lo, hi = first, width  # the xs of this parity whose x + dx stays on the grid
                    if dx < 0 and lo == 0:
                        lo += 2
                    if dx > 0:
                        hi = width - 1
                    if lo < hi:
                        moved = margin + row + dy * width + dx
                        column[row + lo : row + hi : 2] = ids[moved + lo : moved + hi : 2]
            table[side::sides] = column
        return table

    # Whether a cell's parity, which ``_grid_table``'s steps depend on, counts y as well as x.
    parity_of_row = 0
    # ``_grid_table``'s steps for a shape whose table they make; None for one that makes its
    # table otherwise.
    grid_steps: tuple[tuple[tuple[int, int] | None, ...], tuple[tuple[int, int] | None, ...]] | None = None

    def _neighbour_table(self) -> array[int]:
        assert self.grid_steps is not None, "a shape without grid_steps makes its own table"
        return self._grid_table(self.grid_steps)

    @cached_property
    def open_sides(self) -> bytes:
        if self.mask is not None or self.grid_steps is None:
            return self._open_sides_of_table()
        # A full grid's cell has the sides whose step stays on the grid. A row's depend only
        # on whether it is the first or the last (and where parity counts y, on y's), so a
        # few rows are worked out and repeated: no 24 MB table for a hex poster.
        width, height, steps = self.width, self.height, self.grid_steps
        rows: dict[tuple[bool, bool, int], bytes] = {}
        every: list[bytes] = []
        for y in range(height):
            kind = (y == 0, y == height - 1, y % 2 * self.parity_of_row)
            if kind not in rows:
                row = bytearray(width)
                for x in range(width):
                    for side, step in enumerate(steps[(x + y * self.parity_of_row) % 2]):
                        if step is not None and 0 <= x + step[0] < width and 0 <= y + step[1] < height:
                            row[x] |= 1 << side
                rows[kind] = bytes(row)
            every.append(rows[kind])
        return b"".join(every)

    @property
    def square_neighbours(self) -> bool:
        """Whether a cell's neighbours are the cells beside it in its row and those above and
        below it, and no others: then a mask's pieces come from runs of cells along rows
        (``mask.pieces``)."""
        return False


def _same_point(x: int, y: int) -> tuple[int, int]:
    return x, y


def _no_parity(x: int, y: int) -> int:
    return 0


def _whole(value: int) -> int:
    """A square's corners are whole numbers, as ``cell_edges`` gives them."""
    return value


class SquareGrid(RectGrid):
    """``width`` columns by ``height`` rows of square cells, numbered row by row."""

    kind = "square"
    sides = 4
    owned_sides = (1, 2)  # E and S: each inner wall belongs to the cell west of or above it
    # Top and bottom win over the sides, so corner openings read as "enter at the top,
    # leave at the bottom"; an exit looks at the bottom first, so a one-row maze is
    # entered above and left below.
    opening_order = (0, 2, 3, 1)
    exit_order = (2, 0, 3, 1)
    side_compass = ("N", "E", "S", "W")

    @property
    def grid_box(self) -> tuple[float, float]:
        return float(self.width), float(self.height)

    def grid_centre(self, cell: int) -> tuple[float, float]:
        return cell % self.width + 0.5, cell // self.width + 0.5

    def cell_bounds(self, cell: int) -> tuple[float, float, float, float]:
        x, y = cell % self.width, cell // self.width
        return float(x), float(y), x + 1.0, y + 1.0

    def middle_cell(self) -> int:
        if self.mask is not None:
            return super().middle_cell()
        return (self.height - 1) // 2 * self.width + (self.width - 1) // 2

    def _cells_near(self, cell: int, box: tuple[float, float, float, float]) -> Iterator[int]:
        """The cells whose unit squares meet ``box``, row by row (see ``RectGrid``), or touch
        it (a hair more, for rounding): a rectangle of them, found by arithmetic."""
        left, top, right, bottom = box
        columns = range(max(0, math.floor(left - 1e-9)), min(self.width, math.ceil(right + 1e-9)))
        for y in range(max(0, math.floor(top - 1e-9)), min(self.height, math.ceil(bottom + 1e-9))):
            yield from range(y * self.width + columns.start, y * self.width + columns.stop)

    def cell_edges(self, cell: int) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """Sides N, E, S, W clockwise from the top-left corner."""
        x, y = cell % self.width, cell // self.width
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        return [(side, corners[side], corners[(side + 1) % 4]) for side in range(4)]

    def lattice(self) -> Lattice:
        corners = ((0, 0, 1, 0), (1, 0, 1, 1), (1, 1, 0, 1), (0, 1, 0, 0))  # N, E, S, W
        return Lattice(_same_point, _no_parity, (corners,), _whole, _whole)

    @property
    def step_offsets(self) -> tuple[int, ...]:
        return -self.width, 1, self.width, -1  # N, E, S, W

    def _neighbour_table(self) -> array[int]:
        table = array("i", bytes(4 * 4 * self.cells))
        for side, column in enumerate(self._full_columns()):
            table[side::4] = column
        return table

    def _full_columns(self) -> Iterator[array[int]]:
        """By arithmetic, so that a silhouette's tables (``RectGrid.neighbours``, ``border``)
        never build the whole grid's (16 MB on a poster): each column a slice of one run of
        ids, the ones that lead off the grid made -1."""
        width, height, count = self.width, self.height, self.cells
        ids = array("i", range(-width, count + width))
        none = array("i", [-1])
        for side, step in enumerate((-width, 1, width, -1)):
            column = ids[width + step : width + step + count]
            if side == 0:  # N: the top row has none
                column[:width] = none * width
            elif side == 1:  # E: the right column
                column[width - 1 :: width] = none * height
            elif side == 2:  # S: the bottom row
                column[count - width :] = none * width
            else:  # W: the left column
                column[::width] = none * height
            yield column

    @property
    def square_neighbours(self) -> bool:
        return self.sides == 4  # a woven grid's tunnels lead two cells on

    def _grid_edge(self) -> bytes:
        return self._border_masks()

    def _outside(self, off: bytes, edge: int) -> bytes:
        """From runs of cells, not a search through the table: the pieces of off cells
        (``mask.square_pieces``) that touch the grid's edge."""
        width, count = self.width, self.cells
        outside = bytearray(count)
        for runs in square_pieces(width, off):
            if any(
                start < width or end > count - width or not start % width or not end % width
                for start, end in runs
            ):
                for start, end in runs:
                    outside[start:end] = b"\1" * (end - start)
        return bytes(outside)

    def _back_table(self) -> bytes:
        return bytes((2, 3, 0, 1)) * self.cells

    def _border_masks(self) -> bytes:
        width = self.width
        row = bytearray(width)
        row[0] |= W
        row[-1] |= E
        masks = row * self.height
        for x in range(width):
            masks[x] |= N
            masks[self.cells - width + x] |= S
        return bytes(masks)

    @cached_property
    def open_sides(self) -> bytes:
        if self.mask is not None:
            return self._open_sides_of_table()
        return self.border.translate(bytes(15 ^ mask for mask in range(256)))
