"""Silhouette ("mask") mazes: generators, border and endpoints, bad masks, config, recipes,
maze/2 JSON and the manifest (docs/design.md, "Shapes": Masks and Braid).

Neighbours, sides and the silhouette's outside are recomputed here from docs/design.md's
conventions, never read from the topology under test, so a topology that agrees with
itself but not with the design fails. Pictures and mask files are made at test time in
``tmp_path``.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import shutil
import textwrap
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from bookmaker.build import build
from bookmaker.config import ConfigError, load_book
from bookmaker.errors import BookmakerError
from bookmaker.layout.fonts import DEFAULT_BOLD, DEFAULT_REGULAR
from bookmaker.masks import MaskSpec, _masked_grid, masked_grid
from bookmaker.masks.outlines import OUTLINES
from bookmaker.maze import ALGORITHMS, generate_on, recipe
from bookmaker.maze.mask import Mask, pieces, settle_islands
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.render.export import export
from bookmaker.render.maze_json import passages

from .recipes import maze_flags
from .test_maze_cli import main_in_process as cli_in_process

SHAPES = ("square", "hex", "triangle")
ROW_SWEEPERS = ("eller", "sidewinder", "binary-tree")
GRAPH = [name for name, algorithm in ALGORITHMS.items() if algorithm.takes_masks]
ROOT3_2 = math.sqrt(3) / 2


# --- docs/design.md's grids, recomputed ------------------------------------------------------


def steps(shape: str, x: int, y: int) -> dict[int, tuple[int, int]]:
    """Side -> the (x, y) through it, for the sides a cell has (docs/design.md, "Shapes")."""
    if shape == "square":
        return {0: (x, y - 1), 1: (x + 1, y), 2: (x, y + 1), 3: (x - 1, y)}
    if shape == "hex":
        if x % 2 == 0:
            moves = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
        else:
            moves = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
        return {side: (x + dx, y + dy) for side, (dx, dy) in enumerate(moves)}
    found = {1: (x + 1, y), 3: (x - 1, y)}
    if (x + y) % 2 == 0:
        found[2] = (x, y + 1)  # points up: its base is below
    else:
        found[0] = (x, y - 1)  # points down: its base is above
    return found


def around(shape: str, width: int, height: int, cell: int) -> dict[int, int]:
    """Side -> the neighbouring cell id, or -1 off the grid, for each side ``cell`` has."""
    x, y = cell % width, cell // width
    return {
        side: (ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1)
        for side, (nx, ny) in steps(shape, x, y).items()
    }


def back_side(shape: str, width: int, height: int, a: int, b: int) -> int:
    return next(s for s, c in around(shape, width, height, b).items() if c == a)


def outside_cells(shape: str, width: int, height: int, on: bytes) -> set[int]:
    """Off cells joined to the grid's edge through off cells: the silhouette's outside."""
    outside = {
        cell
        for cell in range(width * height)
        if not on[cell] and -1 in around(shape, width, height, cell).values()
    }
    queue = list(outside)
    for cell in queue:
        for other in around(shape, width, height, cell).values():
            if other >= 0 and not on[other] and other not in outside:
                outside.add(other)
                queue.append(other)
    return outside


def expected_border(shape: str, width: int, height: int, on: bytes) -> list[int]:
    """Per cell, the bit mask of its sides facing the silhouette's outside (not a hole)."""
    outside = outside_cells(shape, width, height, on)
    return [
        0
        if not on[cell]
        else sum(
            1 << side
            for side, other in around(shape, width, height, cell).items()
            if other < 0 or other in outside
        )
        for cell in range(width * height)
    ]


def design_centre(shape: str, width: int, cell: int) -> tuple[float, float]:
    """The cell's centre in the whole grid's box."""
    x, y = cell % width, cell // width
    if shape == "square":
        return x + 0.5, y + 0.5
    if shape == "hex":
        return 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + x % 2)
    return x / 2 + 0.5, ROOT3_2 * (y + (2 / 3 if (x + y) % 2 == 0 else 1 / 3))


def grid_of(shape: str, width: int, height: int, on: bytes, name: str = "test"):
    return make_topology(shape, (width, height), mask=Mask(bytes(on), "file", name, "0" * 16))


def blob(shape: str, width: int, height: int, rng: random.Random, share: float) -> bytes:
    """A random connected piece of cells grown from a random seed cell."""
    count = width * height
    target = max(2, round(share * count))
    first = rng.randrange(count)
    on = bytearray(count)
    on[first] = 1
    frontier = [c for c in around(shape, width, height, first).values() if c >= 0]
    size = 1
    while size < target and frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        if on[cell]:
            continue
        on[cell] = 1
        size += 1
        frontier += [c for c in around(shape, width, height, cell).values() if c >= 0 and not on[c]]
    return bytes(on)


def ring(shape: str, width: int, height: int, band: tuple, hole: tuple) -> bytes:
    (x0, y0, x1, y1), (hx0, hy0, hx1, hy1) = band, hole
    return bytes(
        int(x0 <= x <= x1 and y0 <= y <= y1 and not (hx0 <= x <= hx1 and hy0 <= y <= hy1))
        for y in range(height)
        for x in range(width)
    )


RINGS = {  # a frame with a hole, off cells all round: (width, height), band, hole
    "square": ((10, 9), (1, 1, 8, 7), (3, 3, 6, 5)),
    "hex": ((10, 9), (1, 1, 8, 7), (3, 3, 6, 5)),
    "triangle": ((14, 9), (1, 1, 12, 7), (4, 3, 9, 5)),
}


def ring_grid(shape: str):
    (width, height), band, hole = RINGS[shape]
    return grid_of(shape, width, height, ring(shape, width, height, band, hole), "ring")


def check_spanning_tree(maze, perfect: bool = True) -> None:
    """Off cells have no passages; every passage joins two cells that are on, through sides
    docs/design.md gives them, recorded on both; all cells that are on are reachable; a perfect
    maze has exactly one passage fewer than cells."""
    grid = maze.topology
    shape, width, height, on = grid.kind, grid.width, grid.height, grid.present
    count = 0
    for cell in range(grid.cells):
        bits = maze.cells[cell]
        if not on[cell]:
            assert bits == 0, f"off cell {cell} has passages {bits}"
            continue
        table = around(shape, width, height, cell)
        for side in range(8):
            if bits >> side & 1:
                assert side in table, f"cell {cell} opens side {side} it lacks"
                other = table[side]
                assert other >= 0 and on[other], f"cell {cell} opens to {other}, off the mask"
                assert maze.cells[other] >> back_side(shape, width, height, cell, other) & 1
                count += 1
    assert count % 2 == 0
    present = [cell for cell in range(grid.cells) if on[cell]]
    assert grid.present_count == len(present)
    seen = {present[0]}
    queue = [present[0]]
    for cell in queue:
        for side, other in around(shape, width, height, cell).items():
            if maze.cells[cell] >> side & 1 and other not in seen:
                seen.add(other)
                queue.append(other)
    assert len(seen) == len(present), "some cells of the mask are unreachable"
    if perfect:
        assert count // 2 == len(present) - 1
    else:
        assert count // 2 >= len(present) - 1


# --- 1. Generators: a spanning tree of exactly the mask's cells ----------------------------


def test_the_graph_generators_are_all_but_the_row_sweepers():
    assert sorted(GRAPH) == sorted(set(ALGORITHMS) - set(ROW_SWEEPERS))


@settings(max_examples=25, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    name=st.sampled_from(GRAPH),
    width=st.integers(2, 7),
    height=st.integers(2, 7),
    share=st.floats(0.1, 0.9),
    blob_seed=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_connected_mask_gives_a_spanning_tree_of_its_cells(
    shape, name, width, height, share, blob_seed, seed
):
    on = blob(shape, width, height, random.Random(blob_seed), share)
    grid = grid_of(shape, width, height, on)
    maze = generate_on(grid, name, seed)
    check_spanning_tree(maze)
    braided = generate_on(grid, name, seed, braid=0.5)
    check_spanning_tree(braided, perfect=False)


@settings(max_examples=25, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    width=st.integers(2, 8),
    height=st.integers(2, 8),
    share=st.floats(0.2, 0.95),
    blob_seed=st.integers(0, 2**32 - 1),
)
@example(shape="triangle", width=8, height=6, share=0.625, blob_seed=140293328)  # a hole
def test_border_is_the_outside_of_any_silhouette(shape, width, height, share, blob_seed):
    on = blob(shape, width, height, random.Random(blob_seed), share)
    grid = grid_of(shape, width, height, on)
    assert list(grid.border) == expected_border(shape, width, height, on)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", GRAPH)
def test_every_graph_generator_spans_a_ring_and_an_outline(shape, name):
    size = {"square": (10, 10), "hex": (9, 8), "triangle": (16, 9)}[shape]
    heart = masked_grid(shape, size, MaskSpec("outline", "heart", islands="keep-largest"))
    for grid in (ring_grid(shape), heart):
        check_spanning_tree(generate_on(grid, name, 5))


@pytest.mark.parametrize("shape", SHAPES)
def test_a_full_braid_leaves_no_dead_end_that_has_a_second_neighbour(shape):
    grid = ring_grid(shape)
    maze = generate_on(grid, "wilson", 3, braid=1.0)
    check_spanning_tree(maze, perfect=False)
    for cell in range(grid.cells):
        if grid.present[cell]:
            neighbours = [
                c for c in around(shape, grid.width, grid.height, cell).values() if c >= 0 and grid.present[c]
            ]
            if len(neighbours) >= 2:
                assert maze.cells[cell].bit_count() >= 2, f"cell {cell} is still a dead end"


@pytest.mark.parametrize("name", ROW_SWEEPERS)
def test_row_sweepers_refuse_a_mask_naming_the_generators_that_can(name):
    grid = ring_grid("square")
    with pytest.raises(BookmakerError) as caught:
        generate_on(grid, name, 1)
    message = str(caught.value)
    assert "\n" not in message and name in message
    for other in GRAPH:
        assert other in message
    with pytest.raises(BookmakerError, match="can't carve"):
        ALGORITHMS[name].check_supports(grid)


# --- 2. Border, endpoints, centre and corners ----------------------------------------------


@pytest.mark.parametrize("shape", SHAPES)
def test_a_holes_edge_is_no_border(shape):
    grid = ring_grid(shape)
    on = grid.present
    hole = {cell for cell in range(grid.cells) if not on[cell]} - outside_cells(
        shape, grid.width, grid.height, on
    )
    assert hole
    assert list(grid.border) == expected_border(shape, grid.width, grid.height, on)
    for cell in range(grid.cells):
        for side, other in around(shape, grid.width, grid.height, cell).items():
            if on[cell] and other in hole:
                assert not grid.border[cell] >> side & 1, f"cell {cell} side {side}"


def faces_outside(grid, cell: int, side: int) -> bool:
    other = around(grid.kind, grid.width, grid.height, cell)[side]
    return other < 0 or other in outside_cells(grid.kind, grid.width, grid.height, grid.present)


@pytest.mark.parametrize("shape", SHAPES)
def test_border_endpoints_open_onto_the_outside_never_into_a_hole(shape):
    grid = ring_grid(shape)
    expected = expected_border(shape, grid.width, grid.height, grid.present)
    for seed in range(12):
        maze = with_endpoints(generate_on(grid, "wilson", seed, braid=0.3 * (seed % 2)), "border")
        for cell, exit in ((maze.start, False), (maze.end, True)):
            assert grid.present[cell] and expected[cell], f"seed {seed}: cell {cell}"
            side = grid.opening_side(cell, exit=exit)
            assert side is not None and faces_outside(grid, cell, side), (
                f"seed {seed}: the opening of cell {cell} (side {side}) leads into a hole"
            )


def centre_of_mass_cell(grid) -> int:
    present = [cell for cell in range(grid.cells) if grid.present[cell]]
    centres = {cell: design_centre(grid.kind, grid.width, cell) for cell in present}
    mx = sum(x for x, _ in centres.values()) / len(present)
    my = sum(y for _, y in centres.values()) / len(present)
    return min(present, key=lambda c: (round((centres[c][0] - mx) ** 2 + (centres[c][1] - my) ** 2, 9), c))


@pytest.mark.parametrize("shape", SHAPES)
def test_centre_is_the_cell_that_is_on_nearest_the_centre_of_mass(shape):
    # A ring's centre of mass lies in its hole: the nearest cell that is on is on the hole's
    # edge. An L-shaped blob's lies away from its box's middle.
    width, height = 9, 8
    ell = bytes(int(x <= 2 or y >= 5) for y in range(height) for x in range(width))
    for grid in (ring_grid(shape), grid_of(shape, width, height, ell)):
        expected = centre_of_mass_cell(grid)
        assert grid.middle_cell() == expected
        maze = with_endpoints(generate_on(grid, "kruskal", 2), "centre")
        assert maze.end == expected
        assert grid.present[maze.start] and faces_outside(grid, maze.start, grid.opening_side(maze.start))


@pytest.mark.parametrize("shape", SHAPES)
def test_corners_of_a_silhouette_are_its_outside_border_cells_with_room_nearest_the_box_corners(shape):
    size = {"square": (12, 12), "hex": (10, 9), "triangle": (18, 10)}[shape]
    for grid in (
        ring_grid(shape),
        masked_grid(shape, size, MaskSpec("outline", "heart", islands="keep-largest")),
    ):
        expected = expected_border(shape, grid.width, grid.height, grid.present)
        # Openings go where a marker has room outside (test_opening_room.py checks the room).
        rim = [cell for cell in range(grid.cells) if expected[cell] and grid.opening_sides[cell]]
        box_w, box_h = grid.box
        first, last = grid.corners()
        assert first == min(rim, key=lambda c: (round(math.dist(grid.centre(c), (0, 0)), 9), c))
        assert last == min(rim, key=lambda c: (round(math.dist(grid.centre(c), (box_w, box_h)), 9), c))
        maze = with_endpoints(generate_on(grid, "prim", 1), "corners")
        assert (maze.start, maze.end) == (first, last)
        assert faces_outside(grid, first, grid.opening_side(first))
        assert faces_outside(grid, last, grid.opening_side(last, exit=True))


def test_an_explicit_cell_off_the_mask_is_refused():
    grid = ring_grid("square")
    with pytest.raises(BookmakerError, match=r"start cell \[0, 0\] is outside the mask"):
        grid.cell_at(0, 0, "start")
    assert grid.cell_at(1, 1) == grid.width + 1


# --- 4. Bad masks: one clean line, or a sensible maze ----------------------------------


def main_in_process(args):
    """`bookmaker maze ARGS` through the CLI's own entry point, in this process."""
    _masked_grid.cache_clear()  # a new process: nothing remembered from an earlier run
    return cli_in_process(args)


def refused(args, *words) -> str:
    code, out, err = main_in_process(args)
    assert code == 2, (out, err)
    assert err.startswith("bookmaker: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and out == ""
    for word in words:
        assert word in err, err
    return err


def made(args) -> str:
    code, out, err = main_in_process(args)
    assert code == 0, err
    return out


def picture(path: Path, size=(60, 60), shapes=(), mode="L", background=255, ink=0) -> Path:
    image = Image.new(mode, size, background)
    pen = ImageDraw.Draw(image)
    for kind, box in shapes:
        getattr(pen, kind)(box, fill=ink)
    image.save(path)
    return path


def text_file(path: Path, rows: list[str]) -> Path:
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


TWO_BLOBS = ["XXX......", "XXX......", "XXX...XX.", "......XX.", "........."]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_empty_file_as_a_picture(in_tmp):
    (in_tmp / "empty.png").write_bytes(b"")
    with pytest.raises(BookmakerError, match="not a picture"):
        masked_grid("square", (6, 6), MaskSpec("image", "empty.png", in_tmp / "empty.png"))
    refused(["--mask-image", "empty.png", "--size", "6x6"], "--mask-image", "empty.png", "not a picture")


def test_an_all_white_picture_leaves_0_cells(in_tmp):
    picture(in_tmp / "white.png")
    refused(["--mask-image", "white.png", "--size", "6x6"], "leaves 0 cells")
    for shape in SHAPES:
        with pytest.raises(BookmakerError, match="leaves 0 cells"):
            masked_grid(shape, (6, 6), MaskSpec("image", "white.png", in_tmp / "white.png"))


def test_a_one_pixel_black_picture_fills_the_grid(in_tmp):
    picture(in_tmp / "dot.png", size=(1, 1), background=0)
    spec = MaskSpec("image", "dot.png", in_tmp / "dot.png")
    assert masked_grid("square", (6, 6), spec).present_count == 36
    for shape in ("hex", "triangle"):
        grid = masked_grid(shape, (7, 6), spec)
        assert grid.present_count >= grid.cells // 2
    record = json.loads(made(["--mask-image", "dot.png", "--size", "5x4", "--format", "json"]))
    assert record["mask"] == list(range(20)) and record["perfect"] is True


def test_a_10000_by_10000_picture_is_refused_by_its_size_without_decoding(in_tmp, monkeypatch):
    Image.new("1", (10000, 10000), 1).save(in_tmp / "huge.png", compress_level=1)
    from PIL import ImageFile

    def no_decoding(self):
        raise AssertionError("the huge picture's pixels were decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    with pytest.raises(BookmakerError) as caught:
        masked_grid("square", (8, 8), MaskSpec("image", "huge.png", in_tmp / "huge.png"))
    assert "megapixels" in str(caught.value) and "10000x10000" in str(caught.value)
    assert "damaged" not in str(caught.value)
    refused(["--mask-image", "huge.png", "--size", "8x8"], "megapixels")


def test_a_big_jpeg_is_read_at_a_reduced_scale(in_tmp):
    picture(in_tmp / "big.jpg", size=(7000, 7000), shapes=[("rectangle", (0, 0, 6999, 3499))])
    grid = masked_grid("square", (8, 8), MaskSpec("image", "big.jpg", in_tmp / "big.jpg"))
    assert [grid.present[i] for i in range(0, 64, 8)] == [1, 1, 1, 1, 0, 0, 0, 0]


def test_a_text_mask_with_a_character_the_font_lacks_names_it(in_tmp):
    with pytest.raises(BookmakerError, match=r"U\+1F409") as caught:
        masked_grid("square", (20, 8), MaskSpec("text", "Hi 🐉"))
    assert "\n" not in str(caught.value)
    refused(["--mask-text", "Hi 🐉", "--size", "20x8"], "U+1F409", "--mask-text")


def test_islands_error_counts_the_pieces_and_names_the_ways_out(in_tmp):
    path = text_file(in_tmp / "two.txt", TWO_BLOBS)
    with pytest.raises(BookmakerError) as caught:
        masked_grid("square", None, MaskSpec("file", "two.txt", path))
    message = str(caught.value)
    assert "2 separate pieces" in message and "keep-largest" in message and "connect" in message
    assert "9 cells at x 0-2, y 0-2" in message and "\n" not in message
    refused(["--mask-file", "two.txt"], "2 separate pieces", "keep-largest", "connect")


def test_keep_largest_keeps_the_bigger_piece_and_connect_bridges_them(in_tmp):
    path = text_file(in_tmp / "two.txt", TWO_BLOBS)
    width = len(TWO_BLOBS[0])
    big = {y * width + x for y in range(3) for x in range(3)}
    small = {y * width + x for y in (2, 3) for x in (6, 7)}
    for shape in ("square", "hex"):
        kept = masked_grid(shape, None, MaskSpec("file", "two.txt", path, islands="keep-largest"))
        assert {c for c in range(kept.cells) if kept.present[c]} == big
        joined = masked_grid(shape, None, MaskSpec("file", "two.txt", path, islands="connect"))
        cells = {c for c in range(joined.cells) if joined.present[c]}
        assert big | small <= cells and len(cells) > len(big | small)
        assert len(pieces(joined, joined.present)) == 1
        check_spanning_tree(generate_on(joined, "wilson", 1))
    record = json.loads(made(["--mask-file", "two.txt", "--islands", "keep-largest", "--format", "json"]))
    assert record["mask"] == sorted(big)


def test_settle_islands_itself():
    grid = make_topology("square", (4, 1))
    with pytest.raises(BookmakerError, match="leaves 1 cell of"):
        settle_islands(grid, bytes([1, 0, 0, 0]), "keep-largest")
    with pytest.raises(BookmakerError, match="islands takes one of"):
        settle_islands(grid, bytes([1, 1, 0, 0]), "drop")
    assert settle_islands(grid, bytes([1, 0, 0, 1]), "connect") == bytes([1, 1, 1, 1])


def test_a_file_mask_whose_size_disagrees_with_size(in_tmp):
    path = text_file(in_tmp / "shape.txt", ["XXXXXX", "XX..XX", "XXXXXX", "XXXXXX"])
    with pytest.raises(BookmakerError, match="6x4 grid, but the size asks for 8x8"):
        masked_grid("square", (8, 8), MaskSpec("file", "shape.txt", path))
    refused(["--mask-file", "shape.txt", "--size", "8x8"], "6x4", "8x8")
    record = json.loads(made(["--mask-file", "shape.txt", "--size", "6x4", "--format", "json"]))
    assert record["shape"] == {"kind": "square", "width": 6, "height": 4}
    assert record["mask"] == [c for c in range(24) if c not in (8, 9)]


def test_a_file_mask_with_a_bad_character_names_its_line_and_column(in_tmp):
    path = text_file(in_tmp / "bad.txt", ["XXXX", "XXoX", "XXXX"])
    with pytest.raises(BookmakerError) as caught:
        masked_grid("square", None, MaskSpec("file", "bad.txt", path))
    assert f"{path}:2:3:" in str(caught.value) and "'o'" in str(caught.value)
    refused(["--mask-file", "bad.txt"], "bad.txt:2:3:", "'o'")


def test_a_file_that_is_no_picture(in_tmp):
    (in_tmp / "notes.png").write_text("just some words\n", encoding="utf-8")
    refused(["--mask-image", "notes.png", "--size", "6x6"], "not a picture")
    picture(in_tmp / "shape.png", shapes=[("rectangle", (0, 0, 59, 59))])
    refused(["--mask-file", "shape.png"], "not a text file")


def test_a_polar_maze_takes_no_mask(in_tmp):
    refused(["--shape", "polar", "--outline", "heart"], "polar", "--outline")
    with pytest.raises(BookmakerError, match="polar"):
        masked_grid("polar", (8, 8), MaskSpec("outline", "heart"))


def test_a_folder_or_a_missing_file_as_the_mask(in_tmp):
    (in_tmp / "art").mkdir()
    refused(["--mask-image", "art", "--size", "6x6"], "art is a folder")
    refused(["--mask-file", "art"], "art is a folder")
    refused(["--mask-image", "gone.png", "--size", "6x6"], "cannot read gone.png")
    refused(["--mask-file", "gone.txt"], "cannot read gone.txt")


def test_other_flag_mistakes_are_one_line(in_tmp):
    refused(["--outline", "hart"], "did you mean 'heart'")
    refused(["--outline", "heart", "--mask-text", "Hi"], "--mask-text", "--outline")
    refused(["--islands", "connect"], "goes with a mask")
    refused(["--outline", "heart", "--threshold", "0.3"], "--mask-image only")
    refused(["--outline", "heart", "--islands", "glue"], "islands takes one of")
    refused(["--outline", "heart", "--algorithm", "eller"], "eller", "wilson", "kruskal")
    refused(["--outline", "heart", "--format", "ascii"], "ascii")
    refused(["--braid", "1.5"], "--braid")
    picture(in_tmp / "disc.png", shapes=[("ellipse", (5, 5, 55, 55))])
    refused(["--mask-image", "disc.png", "--threshold", "1.2", "--size", "6x6"], "threshold")


def test_transparent_pixels_are_light(in_tmp):
    picture(in_tmp / "ink.png", shapes=[("ellipse", (5, 5, 55, 55))])
    picture(
        in_tmp / "clear.png",
        mode="RGBA",
        background=(0, 0, 0, 0),
        shapes=[("ellipse", (5, 5, 55, 55))],
        ink=(0, 0, 0, 255),
    )
    for shape in SHAPES:
        ink = masked_grid(shape, (9, 9), MaskSpec("image", "ink.png", in_tmp / "ink.png"))
        clear = masked_grid(shape, (9, 9), MaskSpec("image", "clear.png", in_tmp / "clear.png"))
        assert ink.present == clear.present and 0 < clear.present_count < clear.cells


def test_a_16_bit_greyscale_picture_is_judged_by_its_lightness(in_tmp):
    """A dark grey shape (a quarter of white) on white: the same cells as its 8-bit copy."""
    picture(in_tmp / "eight.png", shapes=[("ellipse", (5, 5, 55, 55))], ink=64)
    picture(
        in_tmp / "sixteen.png", mode="I;16", background=65535, shapes=[("ellipse", (5, 5, 55, 55))], ink=16384
    )
    eight = masked_grid("square", (9, 9), MaskSpec("image", "eight.png", in_tmp / "eight.png"))
    try:
        sixteen = masked_grid("square", (9, 9), MaskSpec("image", "sixteen.png", in_tmp / "sixteen.png"))
    except BookmakerError as error:
        pytest.fail(f"a 16-bit picture of a dark shape was judged blank: {error}")
    assert sixteen.present == eight.present


def test_a_picture_is_fitted_keeping_its_aspect_ratio_centred(in_tmp):
    """A black picture twice as wide as high fills a square grid's middle half of rows."""
    picture(in_tmp / "wide.png", size=(80, 40), background=0)
    grid = masked_grid("square", (8, 8), MaskSpec("image", "wide.png", in_tmp / "wide.png"))
    rows = [sum(grid.present[y * 8 : (y + 1) * 8]) for y in range(8)]
    assert rows == [0, 0, 8, 8, 8, 8, 0, 0]
    picture(in_tmp / "tall.png", size=(40, 80), background=0)
    grid = masked_grid("square", (8, 8), MaskSpec("image", "tall.png", in_tmp / "tall.png"))
    columns = [sum(grid.present[x::8]) for x in range(8)]
    assert columns == [0, 0, 8, 8, 8, 8, 0, 0]


@pytest.mark.parametrize("dark_px, on", [(47, True), (43, False)])
def test_a_cell_is_on_when_at_least_half_of_it_is_dark(in_tmp, dark_px, on):
    """An 80 px picture on 8 columns: column 4 spans pixels 40-49."""
    picture(in_tmp / "half.png", size=(80, 80), shapes=[("rectangle", (0, 0, dark_px - 1, 79))])
    grid = masked_grid("square", (8, 8), MaskSpec("image", "half.png", in_tmp / "half.png"))
    assert [bool(grid.present[x]) for x in range(8)] == [True] * 4 + [on] + [False] * 3


def test_threshold_is_the_lightness_under_which_a_pixel_is_dark(in_tmp):
    path = picture(in_tmp / "grey.png", shapes=[("rectangle", (0, 0, 59, 29))], ink=102)  # 0.4
    assert masked_grid("square", (6, 6), MaskSpec("image", "grey.png", path)).present_count == 18
    with pytest.raises(BookmakerError, match="leaves 0 cells"):
        masked_grid("square", (6, 6), MaskSpec("image", "grey.png", path, threshold=0.3))
    with pytest.raises(BookmakerError, match="threshold takes a lightness between 0 and 1"):
        masked_grid("square", (6, 6), MaskSpec("image", "grey.png", path, threshold=1.0))


def test_a_text_is_one_piece_its_letters_joined_each_to_the_next():
    from bookmaker.masks.text import lettering, text_picture

    grid = make_topology("square", (40, 14))
    cut = lettering(text_picture("I I"), grid)
    assert cut.flaw is None and len(pieces(grid, cut.on)) == 2
    with pytest.raises(BookmakerError, match="2 separate pieces"):
        masked_grid("square", (40, 14), MaskSpec("text", "I I", islands="error"))
    joined = masked_grid("square", (40, 14), MaskSpec("text", "I I"))
    assert joined.mask.islands == "connect"
    # One short bridge across the gap between the letters, not a bar under the whole text.
    added = [c for c in range(grid.cells) if joined.present[c] and not cut.on[c]]
    first, second = (sorted({c % 40 for c in cells}) for _, cells in cut.characters)
    assert added and len(added) == second[0] - first[-1] - 1
    assert {c % 40 for c in added} == set(range(first[-1] + 1, second[0]))
    for shape in SHAPES:
        grid = masked_grid(shape, (30, 10), MaskSpec("text", "Hi Al"))
        assert len(pieces(grid, grid.present)) == 1


def test_the_mask_leaves_no_cells_hint_fits_the_kind_of_mask(in_tmp):
    path = picture(in_tmp / "grey.png", shapes=[("rectangle", (0, 0, 59, 29))], ink=102)  # 0.4
    with pytest.raises(BookmakerError, match="leaves 0 cells") as caught:
        masked_grid("square", (6, 6), MaskSpec("image", "grey.png", path, threshold=0.3))
    # A pixel is dark under the threshold: a higher one keeps more of the picture.
    assert "a higher threshold" in str(caught.value) and "lower" not in str(caught.value)
    assert (
        masked_grid("square", (6, 6), MaskSpec("image", "grey.png", path, threshold=0.5)).present_count == 18
    )
    with pytest.raises(BookmakerError, match="leaves 0 cells") as caught:
        masked_grid("square", (2, 2), MaskSpec("text", "."))
    assert "threshold" not in str(caught.value) and "a bigger size" in str(caught.value)


def test_a_text_mask_in_a_worksheet_names_the_name_the_font_lacks(tmp_path):
    path = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            algorithm: wilson
            mask: {text: "{name}"}
            count: 1
        worksheet: {names: [Ann, "\u674e"]}
    """,
    )
    (found,) = problems(path)
    assert found.startswith(f"{path}:7: sections[0].mask.text: ")
    assert "U+674E" in found and "for the name" in found


def test_the_cli_names_and_draws_a_masked_maze(in_tmp):
    assert made(["--outline", "heart", "--size", "8x8"]).startswith("<svg")
    out = made(["--outline", "heart", "--size", "8x8", "--format", "png", "--seed", 3])
    assert out == "output/maze-recursive-backtracker-heart-8x8-3.png\n"
    assert (in_tmp / out.strip()).read_bytes()[:4] == b"\x89PNG"
    out = made(["--mask-text", "Tom Li", "--size", "20x8", "--format", "pdf"])
    assert out == "output/maze-recursive-backtracker-tom-li-20x8-0.pdf\n"
    refused(["--outline", "heart", "--size", "8x8", "--start", "0,0", "--end", "4,4"], "outside the mask")
    record = json.loads(
        made(
            ["--outline", "heart", "--size", "8x8", "--start", "2,2", "--end", "4,5", "--format", "json"],
        )
    )
    assert record["start"] == 18 and record["end"] == 44


# --- 5. Config -----------------------------------------------------------------------------


def write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_book(path)
    assert all("\n" not in line for line in caught.value.problems)
    return caught.value.problems


def section(mask: str, extra: str = "size: 8x8") -> str:
    return f"""
        title: T
        sections:
          - title: S
            {extra}
            mask: {mask}
            count: 1
    """


def test_an_image_path_is_relative_to_the_config_folder(tmp_path, monkeypatch):
    (tmp_path / "art").mkdir()
    picture(tmp_path / "art" / "disc.png", shapes=[("ellipse", (5, 5, 55, 55))])
    path = write(tmp_path, section("{image: art/disc.png}"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    book = load_book(path)
    assert book.sections[0].mask.image == (tmp_path / "art" / "disc.png").resolve()
    grid = book.grid_for(0)
    assert grid.mask.kind == "image" and grid.mask.source == "disc.png"
    assert 0 < grid.present_count < grid.cells


@pytest.mark.parametrize(
    "mask, extra, line, key, words",
    [
        ("{image: missing.png}", "size: 8x8", 6, "sections[0].mask.image", "missing.png"),
        ("{outline: heart, text: Hi}", "size: 8x8", 6, "sections[0].mask", "exactly one of"),
        ("{}", "size: 8x8", 6, "sections[0].mask", "exactly one of"),
        ("{outline: heart, threshold: 1.5}", "size: 8x8", 6, "sections[0].mask.threshold", "1.5"),
        ("{outline: heart, threshold: 0}", "size: 8x8", 6, "sections[0].mask.threshold", "0"),
        ("{outline: heart}", "shape: polar\n            rings: 4", 7, "sections[0].mask", "polar"),
        ("{outline: heart}", "algorithm: eller\n            size: 8x8", 7, "sections[0].mask", "wilson"),
        ("{outline: hart}", "size: 8x8", 6, "sections[0].mask.outline", "heart"),
        ("{outline: heart, islands: glue}", "size: 8x8", 6, "sections[0].mask.islands", "connect"),
        ("{text: 'Hi {name}'}", "size: 20x8", 6, "sections[0].mask.text", "worksheet.names"),
        ("{text: 'Hi 🐉'}", "size: 20x8", 6, "sections[0].mask.text", "U+1F409"),
    ],
)
def test_mask_problems_name_file_line_and_key(tmp_path, mask, extra, line, key, words):
    path = write(tmp_path, section(mask, extra))
    found = problems(path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:{line}: {key}: "), found[0]
    assert words in found[0]


def test_a_picture_that_leaves_no_cells_is_reported_at_the_image_key(tmp_path):
    picture(tmp_path / "white.png")
    path = write(
        tmp_path,
        """
        title: T
        sections:
          - title: S
            size: 8x8
            mask:
              image: white.png
            count: 1
    """,
    )
    (found,) = problems(path)
    assert found.startswith(f"{path}:7: sections[0].mask.image: ") and "leaves 0 cells" in found


def test_worksheet_names_give_one_worksheet_per_name_each_its_own_silhouette(tmp_path):
    path = write(
        tmp_path,
        """
        title: Names
        seed: 5
        layout: worksheet
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Your name
            algorithm: wilson
            mask: {text: "{name}"}
            count: 1
        worksheet: {names: [Ann, Bob], min_cell: 4mm}
    """,
    )
    result = build(path, tmp_path / "names.pdf")
    records = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    assert [r["mask"]["source"] for r in records] == ["Ann", "Bob"]
    assert [r["mask"]["kind"] for r in records] == ["text", "text"]
    assert records[0]["mask"]["sha256"] == hashlib.sha256(b"Ann").hexdigest()[:16]
    grids = [
        masked_grid(
            "square", (r["shape"]["width"], r["shape"]["height"]), MaskSpec("text", r["mask"]["source"])
        )
        for r in records
    ]
    assert grids[0].present != grids[1].present
    for grid, record in zip(grids, records, strict=True):
        assert grid.present[record["start"]] and grid.present[record["end"]]


# --- 6. Reproducibility, recipes and maze/2 JSON ------------------------------------------


def test_the_same_spec_and_seed_give_the_same_bytes(in_tmp):
    picture(in_tmp / "disc.png", shapes=[("ellipse", (5, 5, 55, 55))])

    def one():
        _masked_grid.cache_clear()
        spec = MaskSpec("image", "disc.png", in_tmp / "disc.png", threshold=0.4)
        maze = with_endpoints(generate_on(masked_grid("hex", (9, 8), spec), "wilson", 7, braid=0.3), "border")
        return export(maze, "json", solution=True), export(maze, "png", cell=12)

    assert one() == one()


def test_the_recipe_names_the_mask_and_the_braid(in_tmp):
    data = picture(in_tmp / "disc.png", shapes=[("ellipse", (5, 5, 55, 55))]).read_bytes()
    heart = masked_grid("square", (12, 12), MaskSpec("outline", "heart"))
    text = recipe(with_endpoints(generate_on(heart, "wilson", 3, braid=0.3), "border"))
    assert text == "wilson 12x12 seed 3 outline=heart braid=0.3 border"
    disc = masked_grid(
        "triangle",
        (14, 8),
        MaskSpec("image", "disc.png", in_tmp / "disc.png", threshold=0.4, islands="keep-largest"),
    )
    text = recipe(generate_on(disc, "kruskal", 9))
    digest = hashlib.sha256(data).hexdigest()[:8]
    assert f" image=disc.png#{digest}" in text
    assert "islands=keep-largest" in text and "threshold=0.4" in text
    assert text.startswith("kruskal triangle 14x8 seed 9")


def test_the_cli_remakes_a_maze_from_its_recipe(in_tmp):
    picture(in_tmp / "disc.png", shapes=[("ellipse", (5, 5, 55, 55)), ("ellipse", (56, 2, 59, 5))])
    text_file(in_tmp / "shape.txt", ["XXXXXX..", "XX..XXXX", "XXXXXXXX"])
    mazes = [
        (masked_grid("hex", (9, 8), MaskSpec("outline", "heart")), "wilson", 0.3, "border"),
        (
            masked_grid(
                "triangle",
                (14, 8),
                MaskSpec("image", "disc.png", in_tmp / "disc.png", threshold=0.4, islands="keep-largest"),
            ),
            "kruskal",
            0.0,
            "diameter",
        ),
        (masked_grid("square", (24, 8), MaskSpec("text", "Tom Li")), "prim", 0.5, "border"),
        (
            masked_grid("square", None, MaskSpec("file", "shape.txt", in_tmp / "shape.txt")),
            "hunt-and-kill",
            1.0,
            "centre",
        ),
    ]
    for grid, name, braid, endpoints in mazes:
        maze = with_endpoints(generate_on(grid, name, 11, braid=braid), endpoints)
        text = recipe(maze)
        assert text.endswith(f" {endpoints}")
        out = made([*maze_flags(text), "--format", "json", "--solution"])
        assert out.encode() == export(maze, "json", solution=True), text


def test_a_changed_picture_is_refused_by_its_pinned_digest(in_tmp):
    path = picture(in_tmp / "pin.png", shapes=[("ellipse", (5, 5, 55, 55))])
    grid = masked_grid("square", (8, 8), MaskSpec("image", "pin.png", path))
    old = recipe(generate_on(grid, "wilson", 1)).split("#")[1][:8]  # as the recipe pins it
    made(["--mask-image", f"pin.png#{old}", "--size", "8x8", "--format", "json"])
    picture(path, shapes=[("rectangle", (5, 5, 55, 55))])
    _masked_grid.cache_clear()
    grid = masked_grid("square", (8, 8), MaskSpec("image", "pin.png", path))
    new = grid.mask.sha256[:8]
    assert new != old
    refused(["--mask-image", f"pin.png#{old}", "--size", "8x8", "--format", "json"], old, new, "changed")


def test_a_picture_changed_on_disk_is_read_again(tmp_path):
    """The library remembers grids it has cut, but must not serve one whose file has since
    changed: a second build in one process would print the old silhouette and digest."""
    path = picture(tmp_path / "art.png", shapes=[("rectangle", (0, 0, 59, 29))])
    first = masked_grid("square", (6, 6), MaskSpec("image", "art.png", path))
    picture(path, shapes=[("rectangle", (0, 0, 59, 59))])
    second = masked_grid("square", (6, 6), MaskSpec("image", "art.png", path))
    assert first.present_count == 18
    assert second.present_count == 36, "the grid cut from the old picture was served again"
    assert second.mask.sha256 != first.mask.sha256
    text_file(tmp_path / "art.txt", ["XX.", "XX."])
    first = masked_grid("square", None, MaskSpec("file", "art.txt", tmp_path / "art.txt"))
    text_file(tmp_path / "art.txt", ["XXX", "XXX"])
    second = masked_grid("square", None, MaskSpec("file", "art.txt", tmp_path / "art.txt"))
    assert (first.present_count, second.present_count) == (4, 6)


def test_maze_2_json_lists_the_mask_and_says_whether_it_is_perfect():
    grid = ring_grid("hex")
    record = json.loads(export(with_endpoints(generate_on(grid, "wilson", 4), "border"), "json"))
    assert record["format"] == "bookmaker.maze/2"
    assert record["cells"] == grid.cells
    assert record["mask"] == [c for c in range(grid.cells) if grid.present[c]]
    assert record["mask"] == sorted(set(record["mask"]))
    assert record["perfect"] is True
    assert len(record["passages"]) == grid.present_count - 1
    assert all(grid.present[a] and grid.present[b] for a, b in record["passages"])
    assert record["start"] in record["mask"] and record["end"] in record["mask"]
    braided = json.loads(export(generate_on(grid, "wilson", 4, braid=1.0), "json"))
    assert braided["perfect"] is False and len(braided["passages"]) > grid.present_count - 1
    plain = json.loads(export(generate_on(make_topology("square", (6, 5)), "wilson", 4, braid=1.0), "json"))
    assert plain["format"] == "bookmaker.maze/2" and plain["perfect"] is False
    assert plain["shape"] == {"kind": "square", "width": 6, "height": 5}
    assert plain["mask"] is None
    unbraided = json.loads(export(generate_on(make_topology("square", (6, 5)), "wilson", 4), "json"))
    assert unbraided["format"] == "bookmaker.maze/1"


# --- 7. The manifest -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def masked_book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("masked-book")
    (folder / "art").mkdir()
    picture(folder / "art" / "ring.png", size=(80, 80), shapes=[("ellipse", (2, 2, 78, 78))])
    image = Image.open(folder / "art" / "ring.png")
    ImageDraw.Draw(image).ellipse((28, 28, 52, 52), fill=255)  # a hole
    image.save(folder / "art" / "ring.png")
    text_file(
        folder / "art" / "drawn.txt", ["XXXXXXXXXX", "XXXXXXXXXX", "XXX....XXX", "XXXXXXXXXX", ".XXXXXXXX."]
    )
    path = write(
        folder,
        """
        title: Silhouettes
        seed: 5
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Rings
            algorithm: wilson
            shape: hex
            mask: {image: art/ring.png, threshold: 0.45}
            size: 11x10
            braid: 0.4
            count: 2
            per_page: 2
          - title: Hearts
            algorithm: kruskal
            mask: {outline: heart, islands: keep-largest}
            size: 10x10
            braid: 0.3
            count: 1
          - title: Drawn
            algorithm: prim
            shape: triangle
            mask: {file: art/drawn.txt}
            braid: 0.5
            count: 1
        answer_key:
          per_page: 4
    """,
    )
    result = build(path, folder / "book.pdf")
    return folder, result, json.loads(result.manifest.read_text(encoding="utf-8"))


def test_the_manifest_names_shape_braid_and_mask_of_every_maze(masked_book):
    folder, _, manifest = masked_book
    records = manifest["mazes"]
    assert len(records) == 4
    for record in records[:2]:
        assert record["shape"] == {"kind": "hex", "width": 11, "height": 10}
        assert record["braid"] == 0.4
        assert record["mask"]["kind"] == "image" and record["mask"]["source"] == "ring.png"
        assert record["mask"]["islands"] == "error" and record["mask"]["threshold"] == 0.45
    heart = records[2]
    assert heart["shape"] == {"kind": "square", "width": 10, "height": 10}
    assert heart["braid"] == 0.3
    assert heart["mask"]["kind"] == "outline" and heart["mask"]["source"] == "heart"
    assert heart["mask"]["islands"] == "keep-largest"
    drawn = records[3]
    assert drawn["shape"] == {"kind": "triangle", "width": 10, "height": 5}  # from the file
    assert drawn["braid"] == 0.5
    assert drawn["mask"]["kind"] == "file" and drawn["mask"]["source"] == "drawn.txt"
    for record in records:
        sha = record["mask"]["sha256"]
        assert len(sha) == 16 and all(c in "0123456789abcdef" for c in sha)
        assert isinstance(record["start"], int) and isinstance(record["end"], int)
        assert "width" not in record and "height" not in record


def test_the_manifests_sha256_is_of_the_files_bytes_or_the_text(masked_book):
    """docs/design.md: "sha256": first 16 hex digits of the image or file bytes, or of the text."""
    folder, _, manifest = masked_book
    records = manifest["mazes"]

    def sha(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()[:16]

    assert records[2]["mask"]["sha256"] == sha(b"heart")
    assert records[3]["mask"]["sha256"] == sha((folder / "art" / "drawn.txt").read_bytes())
    assert records[0]["mask"]["sha256"] == sha((folder / "art" / "ring.png").read_bytes())


def flags_of(record: dict, folder: Path) -> list[str]:
    """`bookmaker maze` flags that remake a manifest entry, its picture found in ``folder``."""
    shape, mask = record["shape"], record["mask"]
    flag = {"image": "--mask-image", "text": "--mask-text", "file": "--mask-file", "outline": "--outline"}[
        mask["kind"]
    ]
    source = mask["source"]
    if mask["kind"] in ("image", "file"):
        source = f"{folder / source}#{mask['sha256']}"
    args = [
        "--algorithm",
        record["algorithm"],
        "--shape",
        shape["kind"],
        "--size",
        f"{shape['width']}x{shape['height']}",
        "--seed",
        record["seed"],
        "--endpoints",
        record["endpoints"],
        "--braid",
        record["braid"],
        flag,
        source,
        "--islands",
        mask["islands"],
    ]
    if "threshold" in mask:
        args += ["--threshold", mask["threshold"]]
    if "font" in mask:  # a text in the book's own face, found by name like a picture
        args += ["--mask-font", f"{folder / 'fonts' / mask['font']['file']}#{mask['font']['sha256']}"]
    for key, value in record.get("options", {}).items():
        args += ["--option", f"{key}={value}"]
    return args


def test_each_manifest_entry_remakes_its_maze_with_start_and_end_on_the_mask(masked_book):
    folder, _, manifest = masked_book
    for record in manifest["mazes"]:
        printed = json.loads(made([*flags_of(record, folder / "art"), "--format", "json"]))
        assert printed["shape"] == record["shape"]
        assert [printed["start"], printed["end"]] == [record["start"], record["end"]]
        assert record["start"] in printed["mask"] and record["end"] in printed["mask"]
        assert printed["perfect"] is (len(printed["passages"]) == len(printed["mask"]) - 1)
        assert printed["stats"]["solution_length"] == record["solution_length"]


def test_a_text_mask_in_the_books_own_font_is_remade_from_its_manifest_entry(tmp_path):
    """docs/design.md: a manifest entry holds everything needed to regenerate the maze with
    `bookmaker maze`; a text mask's cells depend on the font its letters are drawn in."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copy(DEFAULT_REGULAR, fonts / "Plain.ttf")
    path = write(
        tmp_path,
        """
        title: Own font
        seed: 2
        font: {regular: fonts/Plain.ttf}
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Word
            algorithm: wilson
            mask: {text: MAZE}
            size: 20x7
            count: 1
    """,
    )
    result = build(path, tmp_path / "own.pdf")
    (record,) = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    in_book = masked_grid("square", (20, 7), MaskSpec("text", "MAZE", font=fonts / "Plain.ttf"))
    default = masked_grid("square", (20, 7), MaskSpec("text", "MAZE", font=DEFAULT_BOLD))
    assert in_book.present != default.present  # the font matters at this size
    printed = json.loads(made([*flags_of(record, tmp_path), "--format", "json"]))
    assert printed["mask"] == [c for c in range(in_book.cells) if in_book.present[c]], (
        "the manifest entry (and the printed recipe) does not say which font the text mask "
        "was drawn in, so `bookmaker maze` cuts a different silhouette"
    )


def test_min_solution_share_counts_the_cells_of_the_mask(tmp_path):
    """A line of cells: every maze on it is the line itself, its solution all of its cells;
    the share must be of the silhouette's cells, not of the whole rectangle's."""
    rows = ["." * 10] * 4 + ["X" * 10] + ["." * 10] * 5
    text_file(tmp_path / "line.txt", rows)
    path = write(
        tmp_path,
        """
        title: Line
        seed: 1
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Line
            algorithm: wilson
            mask: {file: line.txt}
            count: 1
            min_solution_share: 0.5
    """,
    )
    result = build(path, tmp_path / "line.pdf")
    (record,) = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    assert record["solution_length"] == 10
    assert record["shape"] == {"kind": "square", "width": 10, "height": 10}


def test_the_book_draws_each_masked_maze_in_its_silhouettes_box(masked_book):
    folder, _, manifest = masked_book
    for record in manifest["mazes"]:
        shape, mask = record["shape"], record["mask"]
        x0, y0, x1, y1 = record["bbox"]
        if mask["kind"] == "outline":
            spec = MaskSpec("outline", mask["source"], islands=mask["islands"])
        else:
            spec = MaskSpec(
                mask["kind"],
                mask["source"],
                folder / "art" / mask["source"],
                threshold=mask.get("threshold", 0.5),
                islands=mask["islands"],
            )
        grid = masked_grid(shape["kind"], (shape["width"], shape["height"]), spec)
        box_w, box_h = grid.box
        assert (x1 - x0) / (y1 - y0) == pytest.approx(box_w / box_h, rel=1e-3)


def test_every_outline_is_one_piece_at_20_cells(in_tmp):
    """docs/design.md's outlines keep one piece at 20x20 (the default islands for outlines is
    error); a few checked on each shape to keep this quick."""
    for index, name in enumerate(OUTLINES):
        shape = SHAPES[index % 3]
        grid = masked_grid(shape, (20, 20), MaskSpec("outline", name))
        assert len(pieces(grid, grid.present)) == 1 and grid.present_count > 40, name


def test_solution_runs_through_cells_of_the_mask_only():
    grid = ring_grid("triangle")
    maze = with_endpoints(generate_on(grid, "growing-tree", 8, braid=0.5), "diameter")
    path = solution(maze)
    assert path and all(grid.present[c] for c in path)
    record = json.loads(export(maze, "json", solution=True))
    assert record["solution"] == path and record["stats"]["solution_length"] == len(path)
    assert passages(maze) == record["passages"]


def test_a_one_cell_wide_triangle_silhouette_in_pairs_is_islands():
    # A triangle column falls apart into pairs (docs/design.md): a mask of one is islands too.
    width, height = 4, 4
    on = bytes(int(x == 1) for y in range(height) for x in range(width))
    grid = make_topology("triangle", (width, height))
    with pytest.raises(BookmakerError, match="3 separate pieces"):
        settle_islands(grid, on, "error")
    kept = settle_islands(grid, on, "keep-largest")
    assert [c for c in range(grid.cells) if kept[c]] == [5, 9]
