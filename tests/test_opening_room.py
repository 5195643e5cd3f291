"""Openings go where a start or finish marker has room: never at the bottom of a notch of a
silhouette's outline (under a tree's tier, beside an apple's stem, in a house's door).

The room is checked here against the walls the maze is drawn with, not the mask: a strip
outside the opening, along its outward line, as long as an arrow reaches plus the 2 pt
every printed thing keeps from walls, and as wide as an arrow plus 2 pt on either side,
at the narrowest corridor a sample silhouette prints an arrow beside.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.config import load_book
from bookmaker.config.yaml_source import parse_yaml
from bookmaker.geometry import maze_drawing
from bookmaker.geometry.primitives import marker
from bookmaker.layout.page_geometry import CLEAR_PT, marker_length
from bookmaker.masks import MaskSpec, masked_grid
from bookmaker.masks.outlines import OUTLINES
from bookmaker.maze import generate_on
from bookmaker.maze.solve import with_endpoints

from .test_end_markers import planned_sample
from .test_masks import blob, grid_of

SILHOUETTES = Path(__file__).parent.parent / "configs" / "silhouettes.yaml"
# The narrowest corridor (points) silhouettes.yaml prints an arrow beside: its fish, four to
# a page of the answer key (test_the_narrowest_corridor_... keeps this true).
NARROWEST_CORRIDOR_PT = 6.45
MODES = ("opposite", "border", "centre", "corners")
ROOT3_2 = math.sqrt(3) / 2


def arrow_room() -> tuple[float, float]:
    """How far out (from the wall) and to either side (of the opening's middle) the arrows
    and their 2 pt reach, in corridors, measured on the marker outlines the pages draw."""
    corridor = NARROWEST_CORRIDOR_PT
    size = marker_length(corridor) / corridor  # in corridors (a hex corridor is its side)
    out, across = 0.0, 0.0
    for exit in (False, True):
        # An opening at the origin facing +x: x is out, y across.
        points = marker((0.0, 0.0), (1.0, 0.0), lambda d: (d, 0.0), exit, size)
        out = max(out, max(x for x, _ in points))
        across = max(across, max(abs(y) for _, y in points))
    clear = CLEAR_PT / corridor
    return out + clear, across + clear


def side_ends(grid, cell: int, side: int):
    """The two ends of ``cell``'s ``side`` in the drawing (docs/design.md, "Shapes"), or None."""
    x, y = grid.coordinates(cell)
    if grid.kind == "square":
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        ends = corners[side], corners[(side + 1) % 4]
    elif grid.kind == "hex":
        cx, cy = 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + x % 2)
        corners = [
            (cx - 0.5, cy - ROOT3_2),
            (cx + 0.5, cy - ROOT3_2),
            (cx + 1, cy),
            (cx + 0.5, cy + ROOT3_2),
            (cx - 0.5, cy + ROOT3_2),
            (cx - 1, cy),
        ]
        ends = corners[side], corners[(side + 1) % 6]
    else:
        left, top, bottom = x / 2, ROOT3_2 * y, ROOT3_2 * (y + 1)
        if (x + y) % 2 == 0:  # points up: E, S, W
            apex, right, base_left = (left + 0.5, top), (left + 1, bottom), (left, bottom)
            ends = {1: (apex, right), 2: (right, base_left), 3: (base_left, apex)}.get(side)
        else:
            top_left, top_right, apex = (left, top), (left + 1, top), (left + 0.5, bottom)
            ends = {0: (top_left, top_right), 1: (top_right, apex), 3: (apex, top_left)}.get(side)
    if ends is None:
        return None
    ox, oy = grid.origin
    return [(px - ox, py - oy) for px, py in ends]


def opening_line(grid, cell: int, side: int):
    """The middle of a border side and the unit vector out of the cell through it."""
    (x0, y0), (x1, y1) = side_ends(grid, cell, side)
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    length = math.dist((x0, y0), (x1, y1))
    nx, ny = (y1 - y0) / length, (x0 - x1) / length
    cx, cy = grid.centre(cell)
    if nx * (middle[0] - cx) + ny * (middle[1] - cy) < 0:
        nx, ny = -nx, -ny
    return middle, (nx, ny)


def enters(segment, middle, outward, out: float, half: float) -> bool:
    """Whether a wall ``segment`` enters the strip from just beyond the wall out to ``out``,
    ``half`` either side of the outward line through ``middle`` (Liang-Barsky clipping)."""
    (mx, my), (nx, ny) = middle, outward

    def local(x, y):
        dx, dy = x - mx, y - my
        return dx * nx + dy * ny, -dx * ny + dy * nx  # (out, across)

    (a0, b0), (a1, b1) = local(*segment[:2]), local(*segment[2:])
    low, high = 0.0, 1.0
    for start, step, lowest, highest in ((a0, a1 - a0, 1e-6, out), (b0, b1 - b0, -half, half)):
        if abs(step) < 1e-12:
            if not lowest < start < highest:
                return False
            continue
        t0, t1 = sorted(((lowest - start) / step, (highest - start) / step))
        low, high = max(low, t0), min(high, t1)
    return high - low > 1e-9


def has_room(walls, grid, cell: int, side: int, room) -> bool:
    middle, outward = opening_line(grid, cell, side)
    out, half = room[0] * grid.corridor, room[1] * grid.corridor
    return not any(enters(wall, middle, outward, out, half) for wall in walls)


def check_openings_have_room(grid, seed: int) -> None:
    """With every endpoint mode: where any border side of the silhouette has room, every
    opening has it; where none has, the openings are on its border all the same."""
    room = arrow_room()
    maze = generate_on(grid, "recursive-backtracker", seed)
    walls = list(maze_drawing(maze).walls)  # no openings cut: the whole outline stands
    sides = [
        (cell, side)
        for cell in range(grid.cells)
        for side in range(grid.sides)
        if grid.border[cell] >> side & 1
    ]
    anywhere = any(has_room(walls, grid, cell, side, room) for cell, side in sides)
    for mode in MODES:
        ended = with_endpoints(maze, mode)
        drawn = maze_drawing(ended)
        for cell, exit, opening in (
            (ended.start, False, drawn.openings[0]),
            (ended.end, True, drawn.openings[1]),
        ):
            side = grid.opening_side(cell, exit=exit)
            if side is None:  # only the centre's end lies inside the maze
                assert mode == "centre" and exit and opening is None
                continue
            assert grid.border[cell] >> side & 1, (mode, cell)
            middle, outward = opening
            assert middle == pytest.approx(opening_line(grid, cell, side)[0])
            if anywhere:
                assert has_room(walls, grid, cell, side, room), (mode, grid.coordinates(cell), side)


def silhouette_sections():
    """A test a section, named by its id: from the YAML alone, since collecting the tests
    in every worker would otherwise load the book, cutting each mask (0.7 s a worker)."""
    sections = parse_yaml(SILHOUETTES.read_text(encoding="utf-8")).data["sections"]
    return [pytest.param(index, id=section.get("id")) for index, section in enumerate(sections)]


@pytest.mark.parametrize("index", silhouette_sections())
def test_every_opening_of_the_sample_silhouettes_has_room_outside_for_its_marker(index, request):
    book = load_book(SILHOUETTES)
    assert request.node.callspec.id == book.sections[index].id
    grid = book.grid_for(index)
    for seed in range(3):
        check_openings_have_room(grid, seed)


@pytest.mark.parametrize("shape, size", [("square", (24, 24)), ("hex", (22, 16)), ("triangle", (36, 20))])
def test_every_opening_of_a_built_in_outline_has_room_outside_for_its_marker(shape, size):
    for name in OUTLINES:
        grid = masked_grid(shape, size, MaskSpec("outline", name, islands="keep-largest"))
        check_openings_have_room(grid, 1)


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(["square", "hex", "triangle"]),
    width=st.integers(6, 18),
    height=st.integers(6, 14),
    share=st.floats(0.2, 0.8),
    blob_seed=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_opening_of_a_random_blob_has_room_outside_for_its_marker(
    shape, width, height, share, blob_seed, seed
):
    on = blob(shape, width, height, random.Random(blob_seed), share)
    check_openings_have_room(grid_of(shape, width, height, on), seed)


def test_an_opening_at_the_bottom_of_a_notch_moves_to_where_its_marker_has_room():
    # A square U: the notch between its arms is 2 cells wide and 5 deep. The cells at its
    # bottom face the outside, but an arrow there would stand between the arms.
    width, height = 8, 7
    on = bytes(int(not (3 <= x <= 4 and y <= 4)) for y in range(height) for x in range(width))
    grid = grid_of("square", width, height, on)
    notch_bottom = [grid.cell_at(3, 5), grid.cell_at(4, 5)]
    assert all(grid.border[cell] & 1 for cell in notch_bottom)  # their N sides face out
    walls = list(maze_drawing(generate_on(grid, "prim", 0)).walls)
    assert not any(has_room(walls, grid, cell, 0, arrow_room()) for cell in notch_bottom)
    for seed in range(20):
        maze = generate_on(grid, "recursive-backtracker", seed)
        for mode in MODES:
            ended = with_endpoints(maze, mode)
            assert ended.start not in notch_bottom
            assert ended.end not in notch_bottom or mode == "centre"
    # Named there by hand, the ends are marked inside the maze, not crowded into the notch.
    named = with_endpoints(maze, tuple(notch_bottom))
    assert [grid.opening_side(named.start), grid.opening_side(named.end, exit=True)] == [None, None]
    drawn = maze_drawing(named)
    assert drawn.openings == (None, None) and len(drawn.halos) == 2


def test_a_silhouette_with_no_room_anywhere_still_opens_on_its_border():
    # A triangle cross: every side facing out has a cell of the cross within an arrow's
    # breadth beyond it, so no opening has room, and they go on the border as before.
    rows = ["..X..", "XXXXX", "XXXXX", "..X..", ".....", "....."]
    on = bytes(char == "X" for row in rows for char in row)
    grid = grid_of("triangle", 5, 6, on)
    walls = list(maze_drawing(generate_on(grid, "prim", 0)).walls)
    border = [
        (cell, side) for cell in range(grid.cells) for side in range(4) if grid.border[cell] >> side & 1
    ]
    assert border and not any(has_room(walls, grid, cell, side, arrow_room()) for cell, side in border)
    for mode in MODES:
        ended = with_endpoints(generate_on(grid, "prim", 3), mode)
        assert grid.border[ended.start] and grid.opening_side(ended.start) is not None
        assert grid.border[ended.end] or mode == "centre"


def test_the_narrowest_corridor_the_silhouettes_book_prints_an_arrow_beside_is_the_one_assumed():
    # The maze layer's room is worked out for this corridor: a book with narrower ones would
    # need more room than openings are given.
    _, pages = planned_sample(SILHOUETTES)
    narrowest = min(
        item.placement.cell * mazes[id(item.drawing)].topology.corridor
        for _, slots, mazes in pages
        for item in slots
    )
    assert narrowest == pytest.approx(NARROWEST_CORRIDOR_PT, abs=0.01)
