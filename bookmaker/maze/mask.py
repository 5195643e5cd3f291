"""Masks: which cells of a square, hex or triangle grid take part in a maze.

A mask is one byte per cell of the full grid (1: on), plus where it came
from, so a manifest and a recipe can name it (DESIGN.md, "Shapes"). The maze
spans exactly the cells that are on, and they must form one connected piece
of at least two cells; ``islands`` says what to do when they don't:
``error`` explains, ``keep-largest`` drops the smaller pieces, ``connect``
joins them, along a text's baseline first, then by the shortest bridges.

Pieces are found with the full grid's neighbour relation, the one the maze
will have, so a piece here is a piece of the maze.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import BookmakerError

if TYPE_CHECKING:
    from .topology import RectGrid

ISLANDS = ("error", "keep-largest", "connect")
MASK_KINDS = ("image", "text", "file", "outline")


@dataclass(frozen=True)
class Mask:
    on: bytes  # one byte per cell of the full grid, row-major: 1 where the cell takes part
    kind: str  # image, text, file or outline
    source: str  # the text, the file's name or the outline's name
    sha256: str  # first 16 hex digits of the image or file bytes, or of the text
    islands: str = "error"
    threshold: float | None = None  # images: the lightness under which a pixel is dark
    font: str | None = None  # text in another face than the bundled one: its file's name
    font_sha256: str | None = None  # ... and the first 16 hex digits of its SHA-256

    def as_json(self) -> dict:
        """The manifest's ``mask`` object: DESIGN.md's fields, then what else remakes it."""
        record = {"kind": self.kind, "source": self.source, "sha256": self.sha256,
                  "islands": self.islands}
        if self.threshold is not None:
            record["threshold"] = self.threshold
        if self.font is not None:
            record["font"] = {"file": self.font, "sha256": self.font_sha256}
        return record


def pieces(grid: RectGrid, on: bytes | bytearray) -> list[list[int]]:
    """The connected pieces of the cells that are on, largest first (then by lowest id)."""
    table, sides = grid.full_neighbours, grid.sides
    seen = bytearray(len(on))
    found = []
    for first in range(len(on)):
        if not on[first] or seen[first]:
            continue
        seen[first] = 1
        piece = [first]
        for cell in piece:  # grows while walked: a breadth-first queue
            for other in table[cell * sides:(cell + 1) * sides]:
                if other >= 0 and on[other] and not seen[other]:
                    seen[other] = 1
                    piece.append(other)
        found.append(piece)
    found.sort(key=lambda piece: (-len(piece), piece[0]))
    return found


def settle_islands(grid: RectGrid, on: bytes, islands: str,
                   baseline: float | None = None) -> bytes:
    """``on`` made one piece of at least two cells as ``islands`` says, or a one-line error.

    ``baseline`` (text masks) is the y, in the grid's drawing units, that letters stand
    on: ``connect`` lays a bar one cell high along it before bridging what is left.
    """
    if islands not in ISLANDS:
        raise BookmakerError(f"islands takes one of {', '.join(ISLANDS)}, got '{islands}'")
    found = pieces(grid, on)
    if len(found) > 1 and islands == "keep-largest":
        keep = bytearray(len(on))
        for cell in found[0]:
            keep[cell] = 1
        on, found = bytes(keep), found[:1]
    elif len(found) > 1 and islands == "connect":
        on = _connected(grid, on, found, baseline)
        found = pieces(grid, on)
    if not found or len(found[0]) < 2:
        cells = len(found[0]) if found else 0
        raise BookmakerError(
            f"the mask leaves {cells} cell{'' if cells == 1 else 's'} of the "
            f"{grid.describe()} grid, and a maze needs at least 2 in one piece; use a darker "
            "or bigger shape, a lower threshold, or a bigger size")
    if len(found) > 1:
        largest, second = (_where(grid, piece) for piece in found[:2])
        raise BookmakerError(
            f"the mask falls into {len(found)} separate pieces (the largest {largest}, the "
            f"next {second}); "
            "set islands to keep-largest to keep only the largest, or to connect to join them")
    return on


def _where(grid: RectGrid, piece: list[int]) -> str:
    xs = [cell % grid.width for cell in piece]
    ys = [cell // grid.width for cell in piece]
    def span(values: list[int]) -> str:
        return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"
    return f"{len(piece)} cell{'' if len(piece) == 1 else 's'} at x {span(xs)}, y {span(ys)}"


def _connected(grid: RectGrid, on: bytes, found: list[list[int]],
               baseline: float | None) -> bytes:
    """``on`` with its pieces joined: a bar along ``baseline``, then shortest bridges."""
    joined = bytearray(on)
    if baseline is not None:
        columns = [cell % grid.width for piece in found for cell in piece]
        first, last = min(columns), max(columns)
        for cell in range(grid.cells):
            x = cell % grid.width
            if first <= x <= last:
                top, bottom = grid.cell_rows(cell)
                # Half a cell above the baseline: the bar is the letters' lowest row.
                if top <= baseline - (bottom - top) / 2 < bottom:
                    joined[cell] = 1
    table, sides = grid.full_neighbours, grid.sides
    while True:
        found = pieces(grid, joined)
        if len(found) < 2:
            return bytes(joined)
        # Breadth-first from the largest piece through cells that are off, until another
        # piece is reached; the cells on the way become the bridge.
        came_from = {cell: cell for cell in found[0]}
        queue = deque(found[0])
        while queue:
            here = queue.popleft()
            reached = None
            for other in table[here * sides:(here + 1) * sides]:
                if other < 0 or other in came_from:
                    continue
                came_from[other] = here
                if joined[other]:
                    reached = other
                    break
                queue.append(other)
            if reached is not None:
                cell = came_from[reached]
                while not joined[cell]:
                    joined[cell] = 1
                    cell = came_from[cell]
                break
