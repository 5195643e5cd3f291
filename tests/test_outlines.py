"""The built-in mask outlines: well-formed pictures that stay one piece when sampled into cells.

A mask maze switches on the cells under an outline's dark pixels, so beyond being a clean
black-on-white picture each outline must come out as one connected piece of cells on a coarse
20x20 grid and a fine 60x60 one, with nothing thinner than a twelfth of its height that the
sampling could cut off.
"""

from __future__ import annotations

from collections import deque
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw

from bookmaker.errors import BookmakerError
from bookmaker.masks.outlines import OUTLINES, outline_image

NAMES = list(OUTLINES)
CHECK_HEIGHT = 120  # pixels: small for flood fills in Python, yet a twelfth is ten of them
THICK_RADIUS = CHECK_HEIGHT // 24  # the disc that fits in any part a twelfth thick
CORNER_SLIVER = (2 * THICK_RADIUS + 1) ** 2 / 4  # what that disc can miss in a sharp corner
Cells = set[tuple[int, int]]


@cache
def picture(name: str) -> Image.Image:
    return outline_image(name)


def dark_pixels(image: Image.Image) -> Cells:
    """The pixels more than half dark."""
    width = image.width
    return {(i % width, i // width) for i, value in enumerate(image.tobytes()) if value < 128}


def pieces(cells: Cells, diagonal: bool = False) -> list[Cells]:
    """The connected groups of ``cells``, through sides (and corners when ``diagonal``)."""
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    unseen, groups = set(cells), []
    while unseen:
        start = unseen.pop()
        group, queue = {start}, deque([start])
        while queue:
            x, y = queue.popleft()
            for dx, dy in steps:
                neighbour = (x + dx, y + dy)
                if neighbour in unseen:
                    unseen.remove(neighbour)
                    group.add(neighbour)
                    queue.append(neighbour)
        groups.append(group)
    return groups


def holes(dark: Cells, columns: int, rows: int) -> Cells:
    """The light cells that cannot reach the edge of the picture (corners let light through,
    as sides join the dark)."""
    frame = {(x, y) for x in range(-1, columns + 1) for y in range(-1, rows + 1)}
    light = frame - dark
    outside = next(group for group in pieces(light, diagonal=True) if (-1, -1) in group)
    return light - outside


def cell_grid(name: str, cells: int) -> Cells:
    """The cells switched on when the outline is fitted, centred, into a ``cells`` square grid:
    each cell is on when at least half of its area is dark."""
    image = picture(name).point(lambda value: 0 if value < 128 else 255)
    if image.width >= image.height:
        columns, rows = cells, max(1, round(cells * image.height / image.width))
    else:
        columns, rows = max(1, round(cells * image.width / image.height)), cells
    sampled = image.resize((columns, rows), Image.Resampling.BOX)
    left, top = (cells - columns) // 2, (cells - rows) // 2
    return {(left + x, top + y) for x, y in dark_pixels(sampled)}


def opened(image: Image.Image, radius: int) -> Image.Image:
    """The dark region with every part that a disc of ``radius`` cannot reach taken away."""
    offsets = [
        (dx, dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if dx * dx + dy * dy <= radius * radius
    ]

    def shifted(source: Image.Image, dx: int, dy: int) -> Image.Image:
        moved = Image.new("L", source.size, 255)
        moved.paste(source, (dx, dy))
        return moved

    eroded = image
    for dx, dy in offsets:
        eroded = ImageChops.lighter(eroded, shifted(image, dx, dy))
    grown = eroded
    for dx, dy in offsets:
        grown = ImageChops.darker(grown, shifted(eroded, dx, dy))
    return grown


def test_catalogue_has_at_least_twelve_sorted_lowercase_names_with_descriptions():
    assert len(OUTLINES) >= 12
    assert sorted(NAMES) == NAMES
    assert all(name == name.lower() and OUTLINES[name] for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_picture_is_black_on_white_at_the_asked_height(name):
    image = picture(name)
    assert image.mode == "L" and image.height == 600
    histogram = image.histogram()
    assert (histogram[0] + histogram[255]) / (image.width * image.height) > 0.9
    width, height = image.size
    edges = [
        (0, 0, width, 1),
        (0, height - 1, width, height),
        (0, 0, 1, height),
        (width - 1, 0, width, height),
    ]
    assert all(image.crop(edge).getextrema() == (255, 255) for edge in edges)


@pytest.mark.parametrize("name", NAMES)
def test_shape_fills_a_good_part_of_its_picture(name):
    image = picture(name)
    assert image.histogram()[0] >= 0.35 * image.width * image.height


@pytest.mark.parametrize("name", NAMES)
def test_width_keeps_the_outlines_own_proportions(name):
    aspect = picture(name).width / 600
    assert 0.3 < aspect < 3
    for height in (20, 100, 257):
        assert abs(outline_image(name, height).width - height * aspect) <= 1


@pytest.mark.parametrize("name", NAMES)
def test_shape_is_centred_inside_a_small_margin(name):
    image = picture(name)
    left, top, right, bottom = ImageChops.invert(image).getbbox()
    margins = [left, top, image.width - right, image.height - bottom]
    assert all(0.015 * image.height <= margin <= 0.025 * image.height for margin in margins)
    assert abs(margins[0] - margins[2]) <= 2 and abs(margins[1] - margins[3]) <= 2


@pytest.mark.parametrize("name", NAMES)
def test_same_name_draws_the_same_bytes(name):
    assert outline_image(name, 150).tobytes() == outline_image(name, 150).tobytes()


@pytest.mark.parametrize("name", NAMES)
def test_pixels_form_one_piece_without_holes_or_thin_parts(name):
    image = outline_image(name, CHECK_HEIGHT)
    dark = dark_pixels(image)
    assert len(pieces(dark)) == 1
    assert not holes(dark, image.width, image.height)
    # Everything thinner than a twelfth of the height falls away in the opening: what is
    # left must still be one piece and almost all of the shape, having lost no more than the
    # sliver of a sharp corner anywhere (a thin limb or spike would lose more).
    thick = dark_pixels(opened(image, THICK_RADIUS))
    assert len(pieces(thick)) == 1
    assert len(thick) >= 0.97 * len(dark)
    assert max(map(len, pieces(dark - thick, diagonal=True)), default=0) <= CORNER_SLIVER


def test_the_checks_catch_a_thin_neck_a_thin_spike_and_a_hole():
    def drawn(*shapes: tuple[str, tuple[int, ...], int]) -> Image.Image:
        image = Image.new("L", (CHECK_HEIGHT, CHECK_HEIGHT), 255)
        pen = ImageDraw.Draw(image)
        for kind, box, fill in shapes:
            getattr(pen, kind)(box, fill=fill)
        return image

    two_discs = [("ellipse", (5, 30, 55, 80), 0), ("ellipse", (65, 30, 115, 80), 0)]
    dumbbell = drawn(*two_discs, ("rectangle", (50, 52, 70, 57), 0))
    assert len(pieces(dark_pixels(dumbbell))) == 1
    assert len(pieces(dark_pixels(opened(dumbbell, THICK_RADIUS)))) == 2
    spiked = drawn(("ellipse", (10, 10, 90, 90), 0), ("rectangle", (88, 47, 115, 52), 0))
    image = dark_pixels(spiked)
    assert (
        max(map(len, pieces(image - dark_pixels(opened(spiked, THICK_RADIUS)), diagonal=True)))
        > CORNER_SLIVER
    )
    ring = drawn(("ellipse", (10, 10, 110, 110), 0), ("ellipse", (40, 40, 80, 80), 255))
    assert holes(dark_pixels(ring), CHECK_HEIGHT, CHECK_HEIGHT)


@pytest.mark.parametrize("cells", [20, 60])
@pytest.mark.parametrize("name", NAMES)
def test_sampled_cells_form_one_piece_without_holes(name, cells):
    grid = cell_grid(name, cells)
    assert len(pieces(grid)) == 1
    assert not holes(grid, cells, cells)
    assert len(grid) >= 0.25 * cells * cells


def test_unknown_name_lists_the_outlines_and_suggests_the_close_one():
    with pytest.raises(BookmakerError) as raised:
        outline_image("hart")
    message = str(raised.value)
    assert "unknown outline 'hart'" in message
    assert "(did you mean 'heart'?)" in message
    assert message.endswith("choose one of: " + ", ".join(NAMES))


def test_unknown_name_without_a_close_one_gets_no_suggestion():
    with pytest.raises(BookmakerError) as raised:
        outline_image("xyzzy")
    assert "did you mean" not in str(raised.value)
