"""From a picture to the grid cells under its dark parts (docs/design.md, "Shapes", masks).

The picture is fitted into the whole grid's drawn box, keeping its aspect
ratio, centred. A cell is on when at least half of its area is dark: the
picture is made black and white at its own resolution (so the threshold
judges its real pixels), shrunk by area averaging to a lattice of
``LATTICE`` pixels per cell unit, and each cell averages that lattice at
points spread evenly over its own polygon (its square, hexagon or triangle).
"""

from __future__ import annotations

import math

from PIL import Image

from ..maze.topology import RectGrid

LATTICE = 8  # lattice pixels per cell unit: each is an area average of the picture
SPREAD = 6  # sample points tried across a cell's bounding box each way


def dark_cells(picture: Image.Image, grid: RectGrid, threshold: float = 0.5) -> bytes:
    """One byte per cell of ``grid``: 1 where at least half the cell is dark in ``picture``
    (lightness below ``threshold``, 0 to 1; transparent pixels are light)."""
    ink = _ink(picture, threshold)  # 255 where dark
    left, top, scale = fit(ink.size, grid)
    fit_w, fit_h = ink.width * scale, ink.height * scale
    lattice_w, lattice_h = max(1, round(fit_w * LATTICE)), max(1, round(fit_h * LATTICE))
    # The lattice is the picture shrunk by Pillow in two passes, each rounding to whole levels:
    # across every row to the lattice's width, then down every column to its height. Only the
    # first is made whole (a picture's height, not the lattice's: a poster's lattice would be
    # 64 MB); the second is made below for the lattice columns that points fall in, by the
    # same resize down those columns alone, each column's levels its own, so the very levels.
    narrowed = ink.resize((lattice_w, ink.height), Image.Resampling.BOX)
    # Lattice column c, not yet shrunk down: bytes c * ink.height on, as long.
    by_column = narrowed.transpose(Image.Transpose.TRANSPOSE).tobytes()
    del narrowed
    per_x, per_y = lattice_w / fit_w, lattice_h / fit_h  # lattice pixels per cell unit
    # A cell's polygon about its centre hangs on its parity alone (``RectGrid.lattice``: a
    # hexagon's column, a triangle pointing up or down), its centre's x on its column and
    # parity, its centre's y on its row and parity: so the sample points, their lattice
    # columns (-1 outside) and their rows (-1 outside) are each worked out once a parity,
    # column or row, not once a cell, which on a poster is a million times.
    parity_of = grid.lattice().parity
    spreads: dict[int, list[tuple[float, float]]] = {}
    columns: dict[tuple[int, int], list[int]] = {}
    rows: dict[tuple[int, int], list[int]] = {}
    across: dict[tuple[int, int], list[list[int]]] = {}  # (parity, first x): per point, its columns
    # (parity, first x) -> the rows whose cells from first x on, every other or every one, share
    # that parity: (y, the cells' x range, each point's lattice row)
    runs: dict[tuple[int, int], list[tuple[int, range, list[int]]]] = {}
    width, on = grid.width, bytearray(grid.cells)
    for y in range(grid.height):
        for first in range(min(2, width)):
            parity = parity_of(first, y)
            xs_of_row = range(first, width, 2 if parity_of(first + 1, y) != parity else 1)
            if first and xs_of_row.step == 1:
                continue  # one parity a row: the run from the first cell had them all
            cell = y * width + first
            cx, cy = grid.grid_centre(cell)
            offsets = spreads.get(parity)
            if offsets is None:
                polygon = [p for _, p, _ in grid.cell_edges(cell)]
                offsets = spreads[parity] = _spread(
                    tuple((round(px - cx, 6), round(py - cy, 6)) for px, py in polygon)
                )
            ys = rows.get((y, parity))
            if ys is None:
                ys = rows[y, parity] = [
                    py if 0 <= py < lattice_h else -1
                    for py in (math.floor((cy + dy - top) * per_y) for _, dy in offsets)
                ]
            if (parity, first) not in across:
                per_column = []
                for x in xs_of_row:
                    xs = columns.get((x, parity))
                    if xs is None:
                        column_x = grid.grid_centre(y * width + x)[0]
                        xs = columns[x, parity] = [
                            px if 0 <= px < lattice_w else -1
                            for px in (math.floor((column_x + dx - left) * per_x) for dx, _ in offsets)
                        ]
                    per_column.append(xs)
                across[parity, first] = [list(point) for point in zip(*per_column, strict=True)]
            runs.setdefault((parity, first), []).append((y, xs_of_row, ys))
    # A cell's ink is the sum of its points' lattice pixels. A row's cells are summed together
    # as one big integer holding a 16-bit slot a cell (36 points of 255 at most fit in 15 bits,
    # so no slot carries into the next): each point adds the lattice pixels under it along the
    # row, read off the lattice cut down to that point's columns, which is made once for all
    # rows (through Pillow, in C) rather than pixel by pixel.
    for (parity, first), run in runs.items():
        points = across[parity, first]
        count = len(points[0])
        totals = dict.fromkeys((y for y, _, _ in run), 0)
        # Points that share their columns (a square's column of points) share their copy.
        for point_columns in sorted(set(map(tuple, points))):
            tall = ink.height
            light = bytes(tall)  # a column off the picture
            picked = Image.frombytes(
                "L",
                (tall, count),
                b"".join(by_column[c * tall : (c + 1) * tall] if c >= 0 else light for c in point_columns),
            )
            # The second pass, down these columns: lattice row py, cell i at py * count + i.
            cut = picked.transpose(Image.Transpose.TRANSPOSE).resize((count, lattice_h), Image.Resampling.BOX)
            del picked
            wide = bytearray(2 * count * lattice_h)
            wide[1::2] = cut.tobytes()  # row py, cell i: big-endian 16 bits at 2 * (py * count + i)
            del cut
            span = 2 * count
            for k, columns_k in enumerate(points):
                if tuple(columns_k) != point_columns:
                    continue
                for y, _, ys in run:
                    py = ys[k]
                    if py >= 0:  # a point off the picture is light
                        totals[y] += int.from_bytes(wide[py * span : (py + 1) * span], "big")
            del wide  # before the next columns' copy is made: a poster's is 16 MB
        least = (255 * len(spreads[parity]) + 1) // 2  # at least half of the points' full ink
        # Each slot plus 2**15 - least has its top bit set where the slot is at least least.
        bias = int.from_bytes((0x8000 - least).to_bytes(2, "big") * count, "big")
        for y, xs_of_row, _ in run:
            top_bytes = (totals[y] + bias).to_bytes(2 * count, "big")[0::2]
            on[y * width + xs_of_row.start : (y + 1) * width : xs_of_row.step] = top_bytes.translate(_TOP_BIT)
    return bytes(on)


_TOP_BIT = bytes(level >> 7 for level in range(256))  # a byte -> 1 where its top bit is set


def fit(size: tuple[int, int], grid: RectGrid) -> tuple[float, float, float]:
    """Where a picture of ``size`` pixels lies in the whole grid's box: its left and top
    edges, and the cell units per pixel, aspect ratio kept, centred."""
    box_w, box_h = grid.grid_box
    scale = min(box_w / size[0], box_h / size[1])
    return (box_w - size[0] * scale) / 2, (box_h - size[1] * scale) / 2, scale


def _ink(picture: Image.Image, threshold: float) -> Image.Image:
    """Mode L: 255 where the picture is dark, 0 where light or transparent."""
    if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
        rgba = picture.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, rgba)
    if picture.mode in ("I", "I;16", "I;16B", "I;16L"):  # 16-bit grey: keep its lightness
        picture = picture.convert("I").point(lambda level: level * (1 / 257))
    grey = picture.convert("L")
    cut = threshold * 255
    return grey.point(lambda level: 255 if level < cut else 0)


def _spread(polygon: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """Points spread evenly over ``polygon`` (relative to its centre): a lattice across its
    bounding box, kept where inside."""
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0, max(ys) - y0
    points = [
        (x0 + (i + 0.5) * w / SPREAD, y0 + (j + 0.5) * h / SPREAD)
        for j in range(SPREAD)
        for i in range(SPREAD)
    ]
    return [p for p in points if _inside(p, polygon)]


def _inside(point: tuple[float, float], polygon) -> bool:
    """Even-odd rule: a ray to the right crosses the boundary an odd number of times."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
