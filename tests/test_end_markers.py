"""Start and finish markers a child reads at a glance, read back from rendered pictures.

The start and finish arrows differ in shape, not only in direction; an end inside the maze
sits on a light patch as wide as an arrow is long, in a grey printers reproduce.
"""

from __future__ import annotations

import io
import json

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from bookmaker.build import build
from bookmaker.maze import generate
from bookmaker.maze.solve import with_endpoints
from bookmaker.render.export import export, png_layout

CELL = 40  # pixels


def picture(maze) -> tuple[Image.Image, int]:
    _, _, margin, _ = png_layout(maze.topology, CELL)
    return Image.open(io.BytesIO(export(maze, "png", cell=CELL))).convert("L"), margin


def ink(image: Image.Image, threshold: int = 128) -> Image.Image:
    return image.point(lambda value: 255 if value < threshold else 0)


def solid(mask: Image.Image) -> Image.Image:
    """A resized mask's blurred edge made solid again, half way."""
    return mask.point(lambda value: 255 if value >= 128 else 0)


def count_ink(mask: Image.Image) -> int:
    return mask.histogram()[255]


def test_start_and_finish_arrows_differ_in_shape_not_only_direction():
    # Seed 4: the start opens at the top of column 4, the finish at the bottom of column 7.
    maze = with_endpoints(generate("recursive-backtracker", 8, 6, 4), "opposite")
    grid = maze.topology
    assert (grid.coordinates(maze.start), grid.coordinates(maze.end)) == ((4, 0), (7, 5))
    image, margin = picture(maze)
    reach = margin - 4  # the band between the outer wall and the picture's edge
    top = image.crop((margin + 4 * CELL, 0, margin + 5 * CELL, reach))
    bottom = image.crop((margin + 7 * CELL, image.height - reach, margin + 8 * CELL,
                         image.height))
    start, finish = ink(top), ink(bottom).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    assert count_ink(start) > 100 and count_ink(finish) > 100  # both arrows are drawn
    # Turned to point the same way and scaled to the same box, the two marks still cover
    # different pixels (two copies of one shape would match all but their edges).
    box = (64, 64)
    start = start.crop(start.getbbox()).resize(box)
    finish = finish.crop(finish.getbbox()).resize(box)
    overlap = count_ink(solid(ImageChops.multiply(start, finish)))
    union = count_ink(solid(ImageChops.lighter(start, finish)))
    assert overlap / union < 0.75
    # Far from the wall (the top rows of both, turned to point out upward) the start ends
    # in its round ball and the finish in its arrowhead's point.
    assert _width(start, 0.1) > 0.4 * box[0] > _width(finish, 0.1)


def _width(mark: Image.Image, share: float) -> int:
    """The mark's width ``share`` of its height down from its top."""
    y = round(share * (mark.height - 1))
    return sum(1 for x in range(mark.width) if mark.getpixel((x, y)) >= 128)


def test_an_end_inside_the_maze_is_as_visible_as_an_arrow():
    inside = with_endpoints(generate("recursive-backtracker", 8, 6, 7), "diameter")
    grid = inside.topology
    assert not grid.border[inside.start] and not grid.border[inside.end]
    image, margin = picture(inside)
    patch = sum(image.histogram()[180:226])  # the light grey under the ends
    arrows, arrow_margin = picture(with_endpoints(generate("recursive-backtracker", 8, 6, 4),
                                                  "opposite"))
    band = arrows.crop((0, 0, arrows.width, arrow_margin - 4))  # the start pin, above the maze
    arrow_ink = count_ink(ink(band))
    assert patch >= 2 * 2 * arrow_ink  # each end's patch covers more than twice an arrow's ink
    # The patch surrounds the mark: grey on every side of the start cell's centre, a cell out.
    x, y = grid.coordinates(inside.start)
    cx, cy = margin + (x + 0.5) * CELL, margin + (y + 0.5) * CELL
    for dx, dy in ((0.8, 0), (-0.8, 0), (0, 0.8), (0, -0.8)):
        value = image.getpixel((round(cx + dx * CELL * 0.9), round(cy + dy * CELL * 0.9)))
        assert value < 128 or 180 <= value <= 225, (dx, dy, value)  # a wall, or the patch


def test_the_patch_prints_at_twenty_percent_grey_on_a_book_page(tmp_path):
    config = tmp_path / "inside.yaml"
    config.write_text(
        "title: Inside\nfront_matter: {title_page: false, how_to: false, contents: false}\n"
        "sections:\n  - {title: Middle, size: 8x6, count: 1, endpoints: diameter}\n",
        encoding="utf-8")
    result = build(config, tmp_path / "inside.pdf")
    record = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"][0]
    x0, y0, x1, y1 = record["bbox"]
    cell = (x1 - x0) / 8
    scale = 4
    page = pdfium.PdfDocument(result.pdf)[record["page"] - 1]
    height = page.get_height()
    image = page.render(scale=scale).to_pil().convert("L")
    inner = [key for key in ("start", "end") if record[f"{key}_side"] is None]
    assert inner  # the diameter's ends of this seed lie inside
    for key in inner:
        x, y = record[key]
        # Half way between the mark and the cell's corner: patch, not mark, not wall.
        px = (x0 + (x + 0.5) * cell + 0.3 * cell) * scale
        py = (height - (y1 - (y + 0.5) * cell) + 0.3 * cell) * scale
        assert abs(image.getpixel((round(px), round(py))) - 0.8 * 255) <= 3, key
