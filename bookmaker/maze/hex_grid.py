"""Hexagonal (sigma) grids: flat-topped hexagons, odd columns half a cell lower.

docs/design.md, "Shapes": cell (x, y) is ``y * width + x``; sides N=0, NE=1,
SE=2, S=3, SW=4, NW=5 (passage bits 1 .. 32). For side length 1 the centre
of (x, y) is (1 + 1.5 x, (sqrt 3 / 2)(1 + 2 y + x mod 2)).
"""

from __future__ import annotations

import math

from .topology import Lattice, RectGrid

ROOT3_2 = math.sqrt(3) / 2
# (dx, dy) through each side, in an even column and in an odd one.
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def _hex_origin(x: int, y: int) -> tuple[int, int]:
    return 3 * x, 2 * y + (x & 1)


def _column_parity(x: int, y: int) -> int:
    return x & 1


def _half(value: int) -> float:
    return value / 2


def _half_height(value: int) -> float:
    return ROOT3_2 * value


class HexGrid(RectGrid):
    kind = "hex"
    sides = 6
    owned_sides = (1, 2, 3)  # NE, SE, S: each inner wall belongs to the cell west of or above it
    opening_order = (0, 5, 1, 3, 4, 2)  # the start: top first, then the upper slants
    exit_order = (3, 2, 4, 0, 1, 5)  # the exit: bottom first, then the lower slants
    side_compass = ("N", "E", "E", "S", "W", "W")
    grid_steps = (_EVEN, _ODD)

    @property
    def grid_box(self) -> tuple[float, float]:
        return 1.5 * self.width + 0.5, ROOT3_2 * (2 * self.height + (self.width > 1))

    @property
    def column_step_offsets(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        width = self.width
        return tuple(dx + dy * width for dx, dy in _EVEN), tuple(dx + dy * width for dx, dy in _ODD)

    def grid_centre(self, cell: int) -> tuple[float, float]:
        x, y = cell % self.width, cell // self.width
        return 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + (x & 1))

    def cell_bounds(self, cell: int) -> tuple[float, float, float, float]:
        cx, cy = self.grid_centre(cell)
        return cx - 1, cy - ROOT3_2, cx + 1, cy + ROOT3_2

    def cell_edges(self, cell: int) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """Sides N, NE, SE, S, SW, NW clockwise from the top-left corner. Corners sit on
        multiples of sqrt 3 / 2 down and of 1/2 across, computed from whole numbers, so
        neighbours share them exactly."""
        x, y = cell % self.width, cell // self.width
        row = 2 * y + (x & 1)  # the top edge, in half-heights
        left, right = 1.5 * x, 1.5 * x + 2
        top, middle, bottom = ROOT3_2 * row, ROOT3_2 * (row + 1), ROOT3_2 * (row + 2)
        corners = [
            (left + 0.5, top),
            (right - 0.5, top),
            (right, middle),
            (right - 0.5, bottom),
            (left + 0.5, bottom),
            (left, middle),
        ]
        return [(side, corners[side], corners[(side + 1) % 6]) for side in range(6)]

    def lattice(self) -> Lattice:
        # Half units across, half heights (sqrt 3 / 2) down, from the cell's left and top.
        corners = ((1, 0, 3, 0), (3, 0, 4, 1), (4, 1, 3, 2), (3, 2, 1, 2), (1, 2, 0, 1), (0, 1, 1, 0))
        return Lattice(_hex_origin, _column_parity, (corners, corners), _half, _half_height)

    def _back_table(self) -> bytes:
        return bytes((3, 4, 5, 0, 1, 2)) * self.cells

    def _border_masks(self) -> bytes:
        return self.open_sides.translate(bytes(63 ^ mask for mask in range(256)))
