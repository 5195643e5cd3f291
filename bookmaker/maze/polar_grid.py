"""Circular (theta) mazes: a disc of rings around one centre cell.

docs/design.md, "Shapes": ring 0 is the centre cell, ring r >= 1 spans radii r
to r + 1 and holds c(r) = c(r-1) * max(1, round(2 pi r / c(r-1))) cells, so
cells stay close to square. Ids run ring by ring from the centre, and within
a ring clockwise from 12 o'clock; cell i of ring r spans the angles
360 i / c(r) to 360 (i + 1) / c(r).

Sides, as slots of the neighbour table: 0 inward, 1 clockwise,
2 anticlockwise, 3 and 4 the (at most two) outward neighbours. The centre
has no inward or sideways neighbour, so its six outward ones take slots 2
to 7; for turns every outward slot counts as one way, "out".
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from functools import cached_property
from typing import Any

from ..errors import BookmakerError
from .topology import NO_SIDE, Topology

INWARD, CLOCKWISE, ANTICLOCKWISE, OUTWARD = 0, 1, 2, 3
CENTRE_FIRST_SLOT = 2  # the centre's outward neighbours: slots 2 .. 7
MAX_RINGS = 2000


def ring_counts(rings: int) -> list[int]:
    """c(r) for r = 0 .. rings - 1."""
    counts = [1]
    for r in range(1, rings):
        counts.append(counts[-1] * max(1, round(2 * math.pi * r / counts[-1])))
    return counts


class PolarGrid(Topology):
    kind = "polar"
    sides = 8
    owned_sides = (INWARD, CLOCKWISE)  # each wall belongs to the cell outside or anticlockwise of it
    opening_order = exit_order = (OUTWARD,)  # only the outermost ring opens

    def __init__(self, rings: int) -> None:
        if not 1 <= rings <= MAX_RINGS:
            raise BookmakerError(f"a polar maze needs 1 to {MAX_RINGS} rings, got {rings}")
        self.rings = rings
        self.counts = ring_counts(rings)
        self.firsts = [0]  # the id of each ring's first cell
        for count in self.counts:
            self.firsts.append(self.firsts[-1] + count)
        self.cells = self.firsts.pop()
        # A ring is one unit wide; an inward door is as wide as the outer cell's inner arc.
        self.corridor = min([1.0] + [2 * math.pi * r / self.counts[r] for r in range(1, rings)])

    def __repr__(self) -> str:
        return f"PolarGrid({self.rings})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PolarGrid) and self.rings == other.rings

    def __hash__(self) -> int:
        return hash((self.kind, self.rings))

    @property
    def dimensions(self) -> tuple[int]:
        return (self.rings,)

    def describe(self) -> str:
        return f"{self.rings} rings"

    def shape_json(self) -> dict[str, Any]:
        return {"kind": "polar", "rings": self.rings}

    def scaled(self, factor: float) -> str:
        return f"rings: {max(1, math.floor(self.rings * factor))}"

    def coordinates(self, cell: int) -> tuple[int, int]:
        ring = bisect_right(self.firsts, cell) - 1
        return ring, cell - self.firsts[ring]

    def cell_at(self, ring: int, index: int, what: str = "cell") -> int:
        if not 0 <= ring < self.rings:
            raise BookmakerError(
                f"{what} cell {[ring, index]} is outside the maze: its ring must be 0..{self.rings - 1}"
            )
        if not 0 <= index < self.counts[ring]:
            raise BookmakerError(
                f"{what} cell {[ring, index]} is outside the maze: ring {ring} has cells "
                f"0..{self.counts[ring] - 1}"
            )
        return self.firsts[ring] + index

    def corners(self) -> tuple[int, int]:
        raise BookmakerError("a polar maze has no corners; use endpoints border or centre")

    @property
    def box(self) -> tuple[float, float]:
        return 2.0 * self.rings, 2.0 * self.rings

    def angles(self, cell: int) -> tuple[float, float]:
        """The cell's span, in degrees clockwise from 12 o'clock."""
        ring, index = self.coordinates(cell)
        step = 360 / self.counts[ring]
        return index * step, (index + 1) * step

    def centre(self, cell: int) -> tuple[float, float]:
        if cell == 0:
            return float(self.rings), float(self.rings)
        ring, _ = self.coordinates(cell)
        start, end = self.angles(cell)
        middle = math.radians((start + end) / 2)
        radius = ring + 0.5
        return self.rings + radius * math.sin(middle), self.rings - radius * math.cos(middle)

    def middle_cell(self) -> int:
        return 0

    def opening_side(self, cell: int, exit: bool = False) -> int | None:
        if cell == 0 and self.rings == 1:
            # A lone centre faces the outside all round: enter at the top (slot 2, 0 to 60
            # degrees), leave at the bottom (slot 5, 180 to 240), not through one gap twice.
            return CENTRE_FIRST_SLOT + (3 if exit else 0)
        return super().opening_side(cell, exit)

    def opening_compass(self, cell: int, exit: bool = False) -> str | None:
        """The rim's quarter the opening faces, by the middle of its arc: N from 315 to 45
        degrees clockwise from 12 o'clock, then E, S and W."""
        side = self.opening_side(cell, exit)
        if side is None:
            return None
        if cell == 0:  # a lone centre: its gap spans 0 to 60 or 180 to 240 degrees
            middle = 30.0 if side == CENTRE_FIRST_SLOT else 210.0
        else:
            start, end = self.angles(cell)
            middle = (start + end) / 2
        return "NESW"[int((middle + 45) % 360 // 90)]

    def step_kind(self, cell: int, side: int) -> int:
        return OUTWARD if cell == 0 or side >= OUTWARD else side

    @property
    def walk_slots(self) -> tuple[int, bytes]:
        # Eight slots, each real neighbour of a cell taking as many as every other: most cells
        # have four neighbours (inward, the two sideways, one outward) and take each twice, so
        # a walk almost never draws a side a cell lacks. Cells before a ring that doubles have
        # five, the centre six, the outermost ring three: they draw again now and then.
        centre = bytes(range(CENTRE_FIRST_SLOT, CENTRE_FIRST_SLOT + 6)) + bytes([NO_SIDE]) * 2
        rows = [centre]
        for ring in range(1, self.rings):
            if ring + 1 < self.rings and self.counts[ring + 1] > self.counts[ring]:
                row = bytes((INWARD, CLOCKWISE, ANTICLOCKWISE, OUTWARD, OUTWARD + 1)) + bytes([NO_SIDE]) * 3
            else:  # the outermost ring's outward slot faces the outside: a draw again
                row = bytes((INWARD, CLOCKWISE, ANTICLOCKWISE, OUTWARD)) * 2
            rows.append(row * self.counts[ring])
        return 8, b"".join(rows)

    def ring_strides(self) -> array[int]:
        """Per cell, its ring's count where its neighbours lie at ids minus that count
        (inward), plus one (clockwise), minus one (anticlockwise) and plus that count
        (outward, the only one): a cell of a ring whose inner and outer rings have as many
        cells, but for the first and the last, whose sideways neighbours wrap round. 0 for
        every other cell. Most of a poster's cells, whose neighbours follow without the table.
        Made on each call (3 ms for 571 rings), not kept: kept, its 4 MB a million cells would
        stay to the end of a poster, where its memory peaks."""
        strides = array("i", bytes(4 * self.cells))
        counts, firsts = self.counts, self.firsts
        for ring in range(2, self.rings - 1):
            count = counts[ring]
            if counts[ring - 1] == count == counts[ring + 1]:
                first = firsts[ring]
                strides[first + 1 : first + count - 1] = array("i", [count]) * (count - 2)
        return strides

    @cached_property
    def _tables(self) -> tuple[array[int], bytes]:
        # Filled a ring and a slot at a time by slices of one array of the ids, copied into
        # every eighth entry from the ring's first cell: no Python step a cell (a poster has
        # a million cells).
        table = array("i", [-1]) * (self.cells * 8)
        back = bytearray(self.cells * 8)
        ids = array("i", range(self.cells))
        counts, firsts = self.counts, self.firsts
        for ring in range(1, self.rings):
            count, first, inner_first = counts[ring], firsts[ring], firsts[ring - 1]
            fan = count // counts[ring - 1]  # outward neighbours of each cell of ring - 1
            start, stop = first * 8, (first + count) * 8
            inner = array("i", bytes(4 * count))  # each inner cell ``fan`` times
            for slot in range(fan):
                inner[slot::fan] = ids[inner_first:first]
            table[start + INWARD : stop : 8] = inner
            table[start + CLOCKWISE : stop : 8] = ids[first + 1 : first + count] + ids[first : first + 1]
            table[start + ANTICLOCKWISE : stop : 8] = (
                ids[first + count - 1 : first + count] + ids[first : first + count - 1]
            )
            back[start + CLOCKWISE : stop : 8] = bytes([ANTICLOCKWISE]) * count
            back[start + ANTICLOCKWISE : stop : 8] = bytes([CLOCKWISE]) * count
            # Outward: the centre's slots 2 .. 7 lead to ring 1's six cells, another cell's
            # slots 3 and on to its ``fan`` outer cells; each of those leads back inward (0).
            outward = CENTRE_FIRST_SLOT if ring == 1 else OUTWARD
            back[start + INWARD : stop : 8] = bytes(range(outward, outward + fan)) * (count // fan)
            for slot in range(fan):
                table[inner_first * 8 + outward + slot : start : 8] = ids[first + slot : first + count : fan]
        return table, bytes(back)

    def _neighbour_table(self) -> array[int]:
        return self._tables[0]

    def _back_table(self) -> bytes:
        return self._tables[1]

    def _border_masks(self) -> bytes:
        if self.rings == 1:
            return bytes([0b11111100])  # the centre's six outward slots, 2 to 7
        masks = bytearray(self.cells)
        outer = self.rings - 1
        masks[self.firsts[outer] :] = bytes([1 << OUTWARD]) * self.counts[outer]
        return bytes(masks)
