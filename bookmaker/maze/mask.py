"""Masks: which cells of a square, hex or triangle grid take part in a maze.

A mask is one byte per cell of the full grid (1: on), plus where it came
from, so a manifest and a recipe can name it (docs/design.md, "Shapes"). The maze
spans exactly the cells that are on, and they must form one connected piece
of at least two cells; ``islands`` says what to do when they don't:
``error`` explains, ``keep-largest`` drops the smaller pieces, ``connect``
joins them: a text's letters each to the next first, then by the shortest bridges.

Pieces are found with the full grid's neighbour relation, the one the maze
will have, so a piece here is a piece of the maze. That grid is a ``FullGrid``:
what this module needs of a ``topology.RectGrid``, which is built with a mask and
so cannot be imported here without a circle.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, islice, pairwise
from typing import Any, Protocol, overload

from ..errors import BookmakerError


class FullGrid(Protocol):
    """A grid as masks see it: cell (x, y) is ``y * width + x``, and ``full_neighbours``
    holds ``sides`` entries a cell, the neighbours as if no mask switched cells off."""

    @property
    def square_neighbours(self) -> bool: ...

    @property
    def width(self) -> int: ...

    @property
    def sides(self) -> int: ...

    @property
    def full_neighbours(self) -> array[int]: ...

    def describe(self) -> str: ...


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

    def as_json(self) -> dict[str, Any]:
        """The manifest's ``mask`` object: docs/design.md's fields, then what else remakes it."""
        record: dict[str, Any] = {
            "kind": self.kind,
            "source": self.source,
            "sha256": self.sha256,
            "islands": self.islands,
        }
        if self.threshold is not None:
            record["threshold"] = self.threshold
        if self.font is not None:
            record["font"] = {"file": self.font, "sha256": self.font_sha256}
        return record


def pieces(grid: FullGrid, on: bytes | bytearray) -> list[Sequence[int]]:
    """The connected pieces of the cells that are on, largest first (then by lowest id).

    The last answer is kept: a mask's pieces are sought when it is settled and again when
    its grid is made (``topology.RectGrid`` checks that it is one piece), and on a poster
    a search cell by cell takes half a second. Callers read the pieces and never change them.
    Square grids' pieces are found from runs of cells (``square_pieces``), the others' by
    searching the neighbour table (the grid says which: ``square_neighbours``).
    """
    key = _key(grid, on)
    if _last_pieces is not None and _last_pieces[0] == key:
        return _last_pieces[1]
    if grid.square_neighbours:
        found: list[Sequence[int]] = [RunPiece(runs) for runs in square_pieces(grid.width, on)]
    else:
        found = _searched_pieces(grid, on)
    found.sort(key=lambda piece: (-len(piece), piece[0]))
    _remember(key, found)
    return found


def _searched_pieces(grid: FullGrid, on: bytes | bytearray) -> list[Sequence[int]]:
    """The pieces, each found by a breadth-first search through the neighbour table."""
    table, sides = grid.full_neighbours, grid.sides
    found: list[Sequence[int]] = []
    # 1 where a cell is off or already in a piece: one test a neighbour. The byte past the
    # end, 1, is what a missing neighbour (-1) reads.
    closed = bytearray(on.translate(bytes([1]) + bytes(255))) + b"\1"
    first = closed.find(0)
    while first >= 0:
        closed[first] = 1
        piece = array("i", [first])  # 4 bytes a cell: a poster's piece is a million of them
        for cell in piece:  # grows while walked: a breadth-first queue
            for other in table[cell * sides : (cell + 1) * sides]:
                if not closed[other]:
                    closed[other] = 1
                    piece.append(other)
        found.append(piece)
        first = closed.find(0, first)
    return found


_RUN = re.compile(rb"[^\0]+")  # cells that are on, side by side along a row


def square_pieces(width: int, on: bytes | bytearray) -> list[list[tuple[int, int]]]:
    """The pieces of the cells that are on (any byte but 0) in a square grid ``width`` cells
    wide, each as its runs along rows, (first cell, cell past the last), in id order.

    A square cell's neighbours are the cells beside it in its row and above and below it, so
    a row's run of cells is joined within itself, and to each run of the next row that shares
    a column: the pieces come from a few thousand runs, not a million cells searched one by one.
    """
    rows: list[list[tuple[int, int]]] = [
        [match.span() for match in _RUN.finditer(on, start, start + width)]
        for start in range(0, len(on), width)
    ]
    count = sum(map(len, rows))
    parent = list(range(count))

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    first = 0  # the number of the row above's first run
    for above, below in pairwise(rows):
        # Runs of two rows meet where their columns overlap: walk both in order, as a merge.
        i = j = 0
        second = first + len(above)
        while i < len(above) and j < len(below):
            (a, b), (c, d) = above[i], below[j]
            if max(a + width, c) < min(b + width, d):
                ra, rb = root(first + i), root(second + j)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
            if b + width <= d:
                i += 1
            else:
                j += 1
        first = second
    pieces: dict[int, list[tuple[int, int]]] = {}
    for run, span in enumerate(span for row in rows for span in row):
        pieces.setdefault(root(run), []).append(span)
    return list(pieces.values())


class RunPiece(Sequence[int]):
    """A piece of a square grid as its runs along rows (``square_pieces``), read as its cells'
    ids in id order: a poster's piece is a million cells, and what reads it mostly asks how
    many there are."""

    def __init__(self, runs: list[tuple[int, int]]) -> None:
        self.runs = runs
        self.ends = list(accumulate(end - start for start, end in runs))  # cells up to each run's end

    def __len__(self) -> int:
        return self.ends[-1]

    def __iter__(self) -> Iterator[int]:
        return chain.from_iterable(range(start, end) for start, end in self.runs)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return list(islice(self, *index.indices(len(self))))
        if not -len(self) <= index < len(self):
            raise IndexError("piece index out of range")
        index %= len(self)
        run = bisect_right(self.ends, index)
        start, end = self.runs[run]
        return end - (self.ends[run] - index)


_last_pieces: tuple[tuple[Any, ...], list[Sequence[int]]] | None = None


def _key(grid: FullGrid, on: bytes | bytearray) -> tuple[Any, ...]:
    """What the pieces hang on: the kind and size of grid, so its neighbours, and the mask."""
    return type(grid), grid.width, grid.sides, bytes(on)


def _remember(key: tuple[Any, ...], found: list[Sequence[int]]) -> None:
    global _last_pieces
    _last_pieces = key, found


def settle_islands(
    grid: FullGrid,
    on: bytes,
    islands: str,
    letters: list[list[list[int]]] | None = None,
    remedy: str = "a bigger shape or a bigger size",
) -> bytes:
    """``on`` made one piece of at least two cells as ``islands`` says, or a one-line error.

    ``letters`` (text masks) are the cells of each letter in reading order, line by line:
    ``connect`` joins each to the next on its line by the shortest bridge between them before
    bridging what is left (the lines, the dots of i's), so that the way from the first letter
    to the last runs through every letter between. ``remedy`` says what gives a mask that leaves
    too few cells more of them.
    """
    if islands not in ISLANDS:
        raise BookmakerError(f"islands takes one of {', '.join(ISLANDS)}, got '{islands}'")
    found = pieces(grid, on)
    if len(found) > 1 and islands == "keep-largest":
        keep = bytearray(len(on))
        for cell in found[0]:
            keep[cell] = 1
        on, found = bytes(keep), found[:1]
        _remember(_key(grid, on), found)
    elif len(found) > 1 and islands == "connect":
        on = _connected(grid, on, letters)
        found = pieces(grid, on)
    if not found or len(found[0]) < 2:
        cells = len(found[0]) if found else 0
        raise BookmakerError(
            f"the mask leaves {cells} cell{'' if cells == 1 else 's'} of the "
            f"{grid.describe()} grid, and a maze needs at least 2 in one piece; use {remedy}"
        )
    if len(found) > 1:
        largest, second = (_where(grid, piece) for piece in found[:2])
        raise BookmakerError(
            f"the mask falls into {len(found)} separate pieces (the largest {largest}, the "
            f"next {second}); "
            "set islands to keep-largest to keep only the largest, or to connect to join them"
        )
    return on


def _where(grid: FullGrid, piece: Sequence[int]) -> str:
    xs = [cell % grid.width for cell in piece]
    ys = [cell // grid.width for cell in piece]

    def span(values: list[int]) -> str:
        return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"

    return f"{len(piece)} cell{'' if len(piece) == 1 else 's'} at x {span(xs)}, y {span(ys)}"


def _connected(grid: FullGrid, on: bytes, letters: list[list[list[int]]] | None) -> bytes:
    """``on`` with its pieces joined: each letter to the next, then shortest bridges."""
    joined = bytearray(on)
    for line in letters or []:
        for here, there in pairwise(line):
            _bridge(grid, joined, here, set(there))
    while True:
        found = pieces(grid, joined)
        if len(found) < 2:
            return bytes(joined)
        _bridge(grid, joined, found[0], None)


def _bridge(grid: FullGrid, joined: bytearray, sources: Sequence[int], targets: set[int] | None) -> None:
    """Switch on the fewest cells that join ``sources`` to a cell of ``targets`` (None: to any
    cell that is on), going through cells that are off. Nothing when they touch already, or
    when no way through off cells leads there."""
    table, sides = grid.full_neighbours, grid.sides
    reach = set(sources)
    # Breadth-first through cells that are off, lowest rows first on a tie, so that letters
    # join near their feet, as handwriting does.
    came_from = {cell: cell for cell in sources}
    queue = deque(sorted(sources, key=lambda cell: (-(cell // grid.width), cell)))
    while queue:
        here = queue.popleft()
        for other in table[here * sides : (here + 1) * sides]:
            if other < 0 or other in came_from:
                continue
            came_from[other] = here
            if joined[other]:
                if other in reach or (targets is not None and other not in targets):
                    continue
                if here in reach:
                    return  # already touching
                cell = here
                while not joined[cell]:
                    joined[cell] = 1
                    cell = came_from[cell]
                return
            queue.append(other)
