"""The Maze: a topology plus its open passages, one byte of side bits per cell.

A passage through side ``s`` of a cell is the bit ``1 << s`` of its byte, and
is recorded on both of its cells; for the square grid that is N=1, E=2, S=4,
W=8 in row-major order, as docs/design.md promises. Openings in the outer wall are
not bits: they are the maze's ``start`` and ``end`` cells (cell ids), which a
drawing opens on the border.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .topology import RectGrid, Topology


@dataclass(slots=True)
class Maze:
    topology: Topology
    cells: bytearray
    algorithm: str = ""
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    start: int | None = None
    end: int | None = None
    braid: float = 0.0  # the share of dead ends joined after carving (``braid``); 0: perfect
    weave: float = 0.0  # the share of possible crossings placed before carving (``weave``)
    # How ``start`` and ``end`` were chosen, as a recipe says it: an endpoint mode, or
    # 'start X,Y end X,Y' for cells named by hand (see ``solve.with_endpoints``).
    endpoints: str | None = None

    def __post_init__(self) -> None:
        if len(self.cells) != self.topology.cells:
            raise ValueError(
                f"cells holds {len(self.cells)} bytes, expected {self.topology.cells} "
                f"for {self.topology.kind} {self.topology.describe()}"
            )

    @property
    def grid(self) -> RectGrid:
        """The topology of a maze laid out in rows and columns; a disc has none (TypeError)."""
        topology = self.topology
        if not isinstance(topology, RectGrid):
            raise TypeError(f"a {topology.kind} maze has no rows and columns")
        return topology

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def is_open(self, cell: int, side: int) -> bool:
        return bool(self.cells[cell] >> side & 1)

    def rows(self) -> list[list[int]]:
        """The cell bytes row by row (grid shapes): ``bookmaker.maze/1``'s ``cells``."""
        w = self.width
        return [list(self.cells[y * w : (y + 1) * w]) for y in range(self.height)]
