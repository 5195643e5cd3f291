"""Masked (silhouette) and braided mazes drawn to PNG and PDF, read back from the pixels.

Where a wall may stand comes from docs/design.md's conventions through ``wall_readback``
(which knows that a cell a mask switched off has no sides, and that a cell that is on
has a wall toward it): every wall that should stand is drawn, including round holes,
no wall is missing where the maze is open or opened, the interior of every cell that is
off is blank, and no ink lies anywhere but on the walls of the silhouette's cells.
"""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw

from bookmaker.masks import MaskSpec, masked_grid
from bookmaker.maze import generate_on
from bookmaker.maze.mask import Mask, pieces
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.render.export import (
    LABEL_BASELINE,
    LABEL_PT,
    SOLUTION_COLOR,
    check_size,
    export,
    pdf_layout,
    png_layout,
)
from tests.wall_readback import (
    DARK,
    corner_flaws,
    openings,
    pdf_to_pixels,
    sides,
    standing,
    to_pixels,
    wall_mismatches,
)

RED = tuple(int(SOLUTION_COLOR[i : i + 2], 16) for i in (1, 3, 5))
PDF_SCALE = 4.0
ROOT3_2 = math.sqrt(3) / 2


# --- Masks -----------------------------------------------------------------------------

RINGS = {  # (width, height), the band kept (x0, y0, x1, y1) and the hole cut from it
    "square": ((9, 8), (1, 1, 7, 6), (3, 3, 5, 4)),
    "hex": ((9, 8), (1, 1, 7, 6), (3, 3, 5, 4)),
    "triangle": ((12, 7), (1, 1, 10, 5), (4, 3, 7, 3)),
}


def ring_grid(shape: str):
    """A ``shape`` grid cut to a frame with a hole: off cells all round it (so the drawing
    is cropped) and inside it (a hole, whose walls are no border)."""
    (width, height), (x0, y0, x1, y1), (hx0, hy0, hx1, hy1) = RINGS[shape]
    on = bytes(
        int(x0 <= x <= x1 and y0 <= y <= y1 and not (hx0 <= x <= hx1 and hy0 <= y <= hy1))
        for y in range(height)
        for x in range(width)
    )
    grid = make_topology(shape, (width, height), mask=Mask(on, "file", "ring", "0" * 16))
    assert len(pieces(grid, on)) == 1
    return grid


def outline_grid(shape: str):
    size = {"square": (12, 11), "hex": (10, 9), "triangle": (18, 9)}[shape]
    return masked_grid(shape, size, MaskSpec("outline", "star", islands="keep-largest"))


def holes(grid) -> list[int]:
    """Cells that are off and not reachable from the grid's edge through cells that are
    off: computed from docs/design.md's neighbour rules, not the topology's border."""
    full = make_topology(grid.kind, (grid.width, grid.height))
    table, count, on = full.neighbours, full.sides, grid.present
    outside = {
        cell
        for cell in range(grid.cells)
        if not on[cell]
        and -1 in [table[cell * count + s] for s in range(count) if _real(grid, cell) >> s & 1]
    }
    queue = list(outside)
    for cell in queue:
        for other in table[cell * count : (cell + 1) * count]:
            if other >= 0 and not on[other] and other not in outside:
                outside.add(other)
                queue.append(other)
    return [cell for cell in range(grid.cells) if not on[cell] and cell not in outside]


def _real(grid, cell):
    if grid.kind == "triangle":
        up = (cell % grid.width + cell // grid.width) % 2 == 0
        return 2 | 8 | (4 if up else 1)
    return (1 << grid.sides) - 1


CASES = [
    (shape, mask, braid)
    for shape in ("square", "hex", "triangle")
    for mask, braid in (("ring", 0.0), ("ring", 0.6), ("star", 0.4))
]


def case_id(case):
    shape, mask, braid = case
    return f"{shape}-{mask}-braid{braid:g}"


def make(case, endpoints="border", seed=11):
    shape, mask, braid = case
    grid = ring_grid(shape) if mask == "ring" else outline_grid(shape)
    return with_endpoints(generate_on(grid, "wilson", seed, braid=braid), endpoints)


# --- Where the drawing lies: the silhouette's box --------------------------------------


def silhouette_bounds(grid) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the cells that are on, in the whole grid's cell units,
    from docs/design.md's geometry."""
    boxes = []
    for cell in range(grid.cells):
        if not grid.present[cell]:
            continue
        x, y = cell % grid.width, cell // grid.width
        if grid.kind == "square":
            boxes.append((x, y, x + 1, y + 1))
        elif grid.kind == "hex":
            cx, cy = 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + x % 2)
            boxes.append((cx - 1, cy - ROOT3_2, cx + 1, cy + ROOT3_2))
        else:
            boxes.append((x / 2, ROOT3_2 * y, x / 2 + 1, ROOT3_2 * (y + 1)))
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def design_centre(grid, cell) -> tuple[float, float]:
    x, y = cell % grid.width, cell // grid.width
    if grid.kind == "square":
        return x + 0.5, y + 0.5
    if grid.kind == "hex":
        return 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + x % 2)
    up = (x + y) % 2 == 0
    return x / 2 + 0.5, ROOT3_2 * (y + (2 / 3 if up else 1 / 3))


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_the_drawing_is_cropped_to_the_silhouettes_box(case):
    maze = make(case)
    grid = maze.topology
    left, top, right, bottom = silhouette_bounds(grid)
    assert grid.origin == pytest.approx((left, top))
    assert grid.box == pytest.approx((right - left, bottom - top))
    for cell in range(grid.cells):
        cx, cy = design_centre(grid, cell)
        assert grid.centre(cell) == pytest.approx((cx - left, cy - top))
    cell = 30
    width, height, margin, _ = png_layout(grid, cell)
    assert (width, height) == (
        math.ceil((right - left) * cell) + 2 * margin,
        math.ceil((bottom - top) * cell) + 2 * margin,
    )
    assert Image.open(io.BytesIO(export(maze, "png", cell=cell))).size == (width, height)


# --- Pixel checks ----------------------------------------------------------------------


def dark(image: Image.Image) -> Image.Image:
    """Mode L: 255 where ``image`` has ink (its brightest channel below DARK)."""
    brightest = ImageChops.lighter(ImageChops.lighter(*image.split()[:2]), image.split()[2])
    return brightest.point(lambda level: 255 if level < DARK else 0)


def allowed_ink(size, to_pixel, maze, wall_px: float, scale: float) -> Image.Image:
    """Mode L: 255 within a wall's width (and a little) of every wall that should stand."""
    canvas = Image.new("L", size, 0)
    pen = ImageDraw.Draw(canvas)
    reach = 0.75 * wall_px + 2
    gaps = openings(maze)
    for side in sides(maze.topology):
        if standing(maze, side, gaps):
            a, b = map(to_pixel, side.ends)
            pen.line([a, b], fill=255, width=math.ceil(2 * reach))
            for x, y in (a, b):
                pen.ellipse((x - reach, y - reach, x + reach, y + reach), fill=255)
    return canvas


def stray_ink(image, to_pixel, maze, wall_px, scale, keep_below: float | None = None):
    """The box of ink that is not on a wall that should stand, or None."""
    ink = dark(image)
    if keep_below is not None:  # leave out the label under the maze
        ink.paste(0, (0, int(keep_below), ink.width, ink.height))
    stray = ImageChops.subtract(ink, allowed_ink(image.size, to_pixel, maze, wall_px, scale))
    return stray.getbbox()


def inked_off_cells(image, to_pixel, maze, scale: float, skip=frozenset()) -> list[int]:
    """Cells that are off but show ink near their centre (inside the cell, clear of walls)."""
    grid = maze.topology
    inscribed = {"square": 0.5, "hex": ROOT3_2, "triangle": 1 / (2 * math.sqrt(3))}[grid.kind]
    radius = 0.55 * inscribed * scale
    ink = dark(image)
    found = []
    for cell in range(grid.cells):
        if grid.present[cell] or cell in skip:
            continue
        x, y = to_pixel(grid.centre(cell))
        box = (math.floor(x - radius), math.floor(y - radius), math.ceil(x + radius), math.ceil(y + radius))
        if box[0] < 0 or box[1] < 0 or box[2] > image.width or box[3] > image.height:
            continue  # past the picture's edge: nothing can be drawn there anyway
        if ink.crop(box).getbbox() is not None:
            found.append(cell)
    return found


def near_openings(maze, reach: float) -> set[int]:
    """Off cells within ``reach`` cell units of an opening: where arrows are drawn."""
    grid = maze.topology
    middles = [side.middle for side in sides(grid) if (side.cell, side.side) in openings(maze)]
    return {
        cell
        for cell in range(grid.cells)
        if not grid.present[cell] and any(math.dist(grid.centre(cell), m) < reach for m in middles)
    }


def is_red(rgb) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(rgb, RED, strict=True))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_png_draws_every_wall_of_the_silhouette_and_nothing_outside_it(case):
    maze = make(case)
    grid = maze.topology
    assert holes(grid) or case[1] != "ring"
    cell = round(40 / grid.corridor)
    _, _, margin, thickness = png_layout(grid, cell)
    to_pixel = to_pixels(margin, margin, cell)
    for solved in (False, True):
        image = Image.open(io.BytesIO(export(maze, "png", solution=solved, cell=cell)))
        image = image.convert("RGB")
        assert wall_mismatches(image, to_pixel, maze) == []
        assert corner_flaws(image, to_pixel, maze, thickness) == []
        assert inked_off_cells(image, to_pixel, maze, cell, near_openings(maze, 1.6)) == []
        for step in set(solution(maze)):
            x, y = to_pixel(grid.centre(step))
            assert is_red(image.getpixel((int(x), int(y)))) == solved, f"cell {step}"
    # Without endpoints there are no arrows: every bit of ink is a wall that should stand.
    plain = with_endpoints(maze, "none")
    image = Image.open(io.BytesIO(export(plain, "png", cell=cell))).convert("RGB")
    assert inked_off_cells(image, to_pixel, plain, cell) == []
    assert stray_ink(image, to_pixel, plain, thickness, cell) is None
    assert wall_mismatches(image, to_pixel, plain) == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pdf_draws_every_wall_of_the_silhouette_and_nothing_outside_it(case):
    maze = make(case)
    grid = maze.topology
    cell = check_size("pdf", grid)
    page_w, page_h, left, top, _ = pdf_layout(maze, cell)
    wall_px = 0.1 * cell * grid.corridor * PDF_SCALE
    document = pdfium.PdfDocument(export(maze, "pdf", solution=True))
    assert len(document) == 2
    for page in document:
        image = page.render(scale=PDF_SCALE).to_pil().convert("RGB")
        to_pixel = pdf_to_pixels(left, top, cell, (page_w, page_h), image.size)
        assert wall_mismatches(image, to_pixel, maze) == []
        assert corner_flaws(image, to_pixel, maze, wall_px) == []
        assert inked_off_cells(image, to_pixel, maze, cell * PDF_SCALE, near_openings(maze, 1.6)) == []
    document.close()
    plain = with_endpoints(maze, "none")
    page_w, page_h, left, top, _ = pdf_layout(plain, cell)  # its shorter recipe: a narrower page
    document = pdfium.PdfDocument(export(plain, "pdf"))
    page = document[0]
    image = page.render(scale=PDF_SCALE).to_pil().convert("RGB")
    to_pixel = pdf_to_pixels(left, top, cell, (page_w, page_h), image.size)
    label_top = (page_h - LABEL_BASELINE - LABEL_PT - 2) * image.height / page_h
    assert inked_off_cells(image, to_pixel, plain, cell * PDF_SCALE) == []
    assert stray_ink(image, to_pixel, plain, wall_px, cell * PDF_SCALE, label_top) is None
    document.close()


@pytest.mark.parametrize("shape", sorted(RINGS))
def test_hole_walls_stand_and_are_no_border(shape):
    """Round a hole every side is a wall, drawn, and never an opening."""
    grid = ring_grid(shape)
    hole = set(holes(grid))
    assert hole
    table = make_topology(shape, (grid.width, grid.height)).neighbours
    facing = [
        (cell, side)
        for cell in range(grid.cells)
        if grid.present[cell]
        for side in range(grid.sides)
        if _real(grid, cell) >> side & 1 and table[cell * grid.sides + side] in hole
    ]
    assert facing
    for seed in range(6):
        maze = with_endpoints(generate_on(grid, "wilson", seed, braid=1.0), "border")
        gaps = openings(maze)
        assert not gaps & set(facing)
        drawn = {(s.cell, s.side) for s in sides(grid) if standing(maze, s, gaps)}
        assert set(facing) <= drawn
    assert [(cell, side) for cell, side in facing if grid.border[cell] >> side & 1] == []


def test_readback_catches_a_wall_inside_a_hole_and_a_hole_wall_left_out():
    """The checks themselves: ink painted in a hole, and a wall round the hole painted over."""
    maze = make(("square", "ring", 0.0), endpoints="none")
    grid = maze.topology
    cell = 40
    _, _, margin, thickness = png_layout(grid, cell)
    to_pixel = to_pixels(margin, margin, cell)
    image = Image.open(io.BytesIO(export(maze, "png", cell=cell))).convert("RGB")
    assert stray_ink(image, to_pixel, maze, thickness, cell) is None
    hole = holes(grid)[0]
    x, y = to_pixel(grid.centre(hole))
    inked = image.copy()
    ImageDraw.Draw(inked).line([(x - 10, y), (x + 10, y)], fill="black", width=3)
    assert inked_off_cells(inked, to_pixel, maze, cell) == [hole]
    assert stray_ink(inked, to_pixel, maze, thickness, cell) is not None
    table = make_topology("square", (grid.width, grid.height)).neighbours
    wall = next(s for s in sides(grid) if table[s.cell * 4 + s.side] == hole)
    painted = image.copy()
    x, y = to_pixel(wall.middle)
    ImageDraw.Draw(painted).ellipse((x - 6, y - 6, x + 6, y + 6), fill="white")
    assert wall_mismatches(painted, to_pixel, maze) == [f"cell {wall.cell} side {wall.side}: wall missing"]
