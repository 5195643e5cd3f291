"""The Maze type: a rectangular grid of cells, one byte of passage bits per cell.

Cell (x, y) has (0, 0) at the top left, x growing right and y growing down.
Bits are set when the passage in that direction is open, and a passage is
recorded on both of its cells. Openings in the outer wall are not bits: they
are the maze's ``start`` and ``end`` cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field

N, E, S, W = 1, 2, 4, 8
OPPOSITE = {N: S, E: W, S: N, W: E}
# (bit, dx, dy) in a fixed order, so every walk over neighbours is reproducible.
STEPS = ((N, 0, -1), (E, 1, 0), (S, 0, 1), (W, -1, 0))

Cell = tuple[int, int]


@dataclass(slots=True)
class Maze:
    width: int
    height: int
    cells: bytearray
    algorithm: str = ""
    seed: int | None = None
    options: dict = field(default_factory=dict)
    start: Cell | None = None
    end: Cell | None = None

    def __post_init__(self) -> None:
        if len(self.cells) != self.width * self.height:
            raise ValueError(
                f"cells holds {len(self.cells)} bytes, expected {self.width}x{self.height}"
            )

    def contains(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def bits(self, x: int, y: int) -> int:
        return self.cells[y * self.width + x]

    def is_open(self, x: int, y: int, direction: int) -> bool:
        return bool(self.cells[y * self.width + x] & direction)

    def open_neighbours(self, x: int, y: int) -> list[Cell]:
        bits = self.cells[y * self.width + x]
        return [(x + dx, y + dy) for bit, dx, dy in STEPS if bits & bit]

    def rows(self) -> list[list[int]]:
        w = self.width
        return [list(self.cells[y * w:(y + 1) * w]) for y in range(self.height)]

    def border_side(self, cell: Cell, *, exit: bool = False) -> int | None:
        """The outer wall an opening at ``cell`` goes through, or None inside the grid.

        Top and bottom win over the sides, so corner openings read as the
        usual "enter at the top, leave at the bottom"; an exit looks at the
        bottom first, so a one-row maze is entered above and left below.
        """
        x, y = cell
        order = ((S, y == self.height - 1), (N, y == 0)) if exit else (
            (N, y == 0), (S, y == self.height - 1))
        for side, on_edge in order + ((W, x == 0), (E, x == self.width - 1)):
            if on_edge:
                return side
        return None


def carve_between(cells: bytearray, width: int, a: int, b: int) -> None:
    """Open the passage between two adjacent cells given by flat index."""
    if b == a + 1:
        cells[a] |= E
        cells[b] |= W
    elif b == a - 1:
        cells[a] |= W
        cells[b] |= E
    elif b == a + width:
        cells[a] |= S
        cells[b] |= N
    elif b == a - width:
        cells[a] |= N
        cells[b] |= S
    else:
        raise ValueError(f"cells {a} and {b} are not adjacent")
