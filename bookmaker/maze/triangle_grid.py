"""Triangular (delta) grids: ``width`` triangles a row, alternately pointing up and down.

docs/design.md, "Shapes": cell (x, y) is ``y * width + x`` and points up when
x + y is even. Sides keep the square bits: W=8 and E=2 always; an upward
cell's base is S=4 (below), a downward cell's is N=1 (above). For side
length 1 and row height h = sqrt 3 / 2, cell (x, y) spans x / 2 to x / 2 + 1
across and y h to (y + 1) h down.
"""

from __future__ import annotations

import math
from array import array

from ..errors import BookmakerError
from .mask import Mask
from .topology import E, N, RectGrid, S, W

ROW = math.sqrt(3) / 2
NORTH, EAST, SOUTH, WEST = range(4)  # side numbers, as on squares


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

    def _neighbour_table(self) -> array[int]:
        def steps(x: int, y: int) -> list[tuple[int, int]]:
            up = (x + y) % 2 == 0
            # A side a cell lacks leads nowhere: (-1, -1) is off the grid.
            return [(-1, -1) if up else (x, y - 1), (x + 1, y), (x, y + 1) if up else (-1, -1), (x - 1, y)]

        return self._grid_table(steps)

    def _back_table(self) -> bytes:
        return bytes((2, 3, 0, 1)) * self.cells

    def _border_masks(self) -> bytes:
        return bytes(self.present_sides(cell) & ~self.open_sides[cell] for cell in range(self.cells))
