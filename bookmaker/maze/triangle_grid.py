"""Triangular (delta) grids: ``width`` triangles a row, alternately pointing up and down.

docs/design.md, "Shapes": cell (x, y) is ``y * width + x`` and points up when
x + y is even. Sides keep the square bits: W=8 and E=2 always; an upward
cell's base is S=4 (below), a downward cell's is N=1 (above). For side
length 1 and row height h = sqrt 3 / 2, cell (x, y) spans x / 2 to x / 2 + 1
across and y h to (y + 1) h down.
"""

from __future__ import annotations

import math

from ..errors import BookmakerError
from .mask import Mask
from .topology import E, Lattice, N, RectGrid, S, W

ROW = math.sqrt(3) / 2
NORTH, EAST, SOUTH, WEST = range(4)  # side numbers, as on squares


def _same_point(x: int, y: int) -> tuple[int, int]:
    return x, y


def _points_down(x: int, y: int) -> int:
    return (x + y) & 1


def _half(value: int) -> float:
    return value / 2


def _row(value: int) -> float:
    return ROW * value


class TriangleGrid(RectGrid):
    kind = "triangle"
    sides = 4  # N, E, S, W as on squares; each cell has three of them
    owned_sides = (1, 2)  # E, and S of an upward cell: the base below it
    # The start looks up first, then left; the exit down first, then right: a lone
    # triangle is entered from the left and left below, not through one side twice.
    opening_order = (0, 3, 2, 1)
    exit_order = (2, 0, 1, 3)
    side_compass = ("N", "E", "S", "W")
    corridor = 1 / math.sqrt(3)  # the inscribed circle: narrower than a door

    def __init__(self, width: int, height: int, mask: Mask | None = None) -> None:
        super().__init__(width, height, mask)
        if width == 1 and height > 2:
            raise BookmakerError(
                f"a triangle grid one cell wide falls apart into pairs of cells, so 1x{height} "
                "can't be a maze; make it at least 2 wide (or at most 2 tall)"
            )

    @property
    def step_offsets(self) -> tuple[int, ...]:
        # N, E, S, W lead where they do on squares; each cell has three of them.
        return -self.width, 1, self.width, -1

    def points_up(self, cell: int) -> bool:
        return (cell % self.width + cell // self.width) % 2 == 0

    @property
    def grid_box(self) -> tuple[float, float]:
        return (self.width + 1) / 2, ROW * self.height

    def cell_bounds(self, cell: int) -> tuple[float, float, float, float]:
        x, y = cell % self.width, cell // self.width
        return x / 2, ROW * y, x / 2 + 1, ROW * (y + 1)

    def grid_centre(self, cell: int) -> tuple[float, float]:
        x, y = cell % self.width, cell // self.width
        # The centroid: two thirds of the way from the apex to the base.
        return x / 2 + 0.5, ROW * (y + (2 / 3 if self.points_up(cell) else 1 / 3))

    def cell_edges(self, cell: int) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """The three sides clockwise: up, the apex, right base corner, left; down, the base
        first."""
        x, y = cell % self.width, cell // self.width
        left, top, bottom = x / 2, ROW * y, ROW * (y + 1)
        if self.points_up(cell):
            apex, right, base_left = (left + 0.5, top), (left + 1, bottom), (left, bottom)
            return [(EAST, apex, right), (SOUTH, right, base_left), (WEST, base_left, apex)]
        top_left, top_right, apex = (left, top), (left + 1, top), (left + 0.5, bottom)
        return [(NORTH, top_left, top_right), (EAST, top_right, apex), (WEST, apex, top_left)]

    def present_sides(self, cell: int) -> int:
        """The side bits ``cell`` has: W, E and its base."""
        return W | E | (S if self.points_up(cell) else N)

    @property
    def walk_slots(self) -> tuple[int, bytes]:
        # W, E and the base: a walk wastes no step on the side number a cell lacks.
        width = self.width
        row = b"".join(bytes((3, 1, 2 if (x + y) % 2 == 0 else 0)) for y in range(2) for x in range(width))
        return 3, (row * ((self.height + 1) // 2))[: 3 * self.cells]

    parity_of_row = 1  # a cell points up when x + y is even
    # N, E, S, W of an upward cell (parity 0) and of a downward one; a side a cell lacks
    # leads nowhere.
    grid_steps = ((None, (1, 0), (0, 1), (-1, 0)), ((0, -1), (1, 0), None, (-1, 0)))

    def lattice(self) -> Lattice:
        # Half units across, rows down: an upward cell (parity 0) has E, S and W, a downward
        # one N, E and W, as ``cell_edges`` draws them.
        up = (None, (1, 0, 2, 1), (2, 1, 0, 1), (0, 1, 1, 0))
        down = ((0, 0, 2, 0), (2, 0, 1, 1), None, (1, 1, 0, 0))
        return Lattice(_same_point, _points_down, (up, down), _half, _row)

    def _back_table(self) -> bytes:
        return bytes((2, 3, 0, 1)) * self.cells

    def _border_masks(self) -> bytes:
        # Each cell's sides (``present_sides``) less its open ones, for all cells at once.
        width = self.width
        rows = [bytes(self.present_sides(y * width + x) for x in range(width)) for y in range(2)]
        present = int.from_bytes(
            (rows[0] + rows[1]) * (self.height // 2) + rows[0] * (self.height % 2), "little"
        )
        closed = int.from_bytes(self.open_sides.translate(bytes(15 ^ mask for mask in range(256))), "little")
        return (present & closed).to_bytes(self.cells, "little")
