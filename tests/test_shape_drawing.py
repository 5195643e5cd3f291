"""Hex, triangle and polar mazes drawn in every picture format, read back against the maze.

Walls are read from pixels at places docs/design.md defines (``wall_readback``),
never from ``bookmaker.geometry``; square mazes run alongside as the control.
"""

from __future__ import annotations

import io
import math
import pickle
import re
from itertools import pairwise

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from bookmaker.errors import BookmakerError
from bookmaker.geometry import Arc, extent, maze_drawing
from bookmaker.maze import generate_on
from bookmaker.maze.mask import Mask
from bookmaker.maze.polar_grid import CLOCKWISE
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.preflight.content import parse
from bookmaker.render.export import SOLUTION_COLOR, check_size, export, pdf_layout, png_layout, to_ascii
from tests.wall_readback import (
    corner_flaws,
    openings,
    pdf_to_pixels,
    sides,
    standing,
    to_pixels,
    wall_mismatches,
)

RED = tuple(int(SOLUTION_COLOR[i : i + 2], 16) for i in (1, 3, 5))
PDF_SCALE = 4.0  # pixels a point: walls 7 px wide at the default cell

MAZES = [
    ("square", (1, 1), "border"),
    ("square", (7, 4), "border"),
    ("hex", (1, 1), "border"),
    ("hex", (2, 1), "border"),
    ("hex", (1, 3), "border"),
    ("hex", (5, 4), "diameter"),
    ("hex", (12, 10), "border"),
    ("triangle", (1, 1), "border"),
    ("triangle", (2, 1), "border"),
    ("triangle", (2, 3), "border"),
    ("triangle", (7, 5), "diameter"),
    ("triangle", (16, 8), "border"),
    ("polar", 1, "border"),
    ("polar", 2, "border"),
    ("polar", 2, "centre"),
    ("polar", 3, "border"),
    ("polar", 8, "border"),
    ("polar", 8, "centre"),
]


def make(kind, size, endpoints="border", seed=7):
    topology = make_topology(kind, rings=size) if kind == "polar" else make_topology(kind, size=size)
    return with_endpoints(generate_on(topology, "wilson", seed), endpoints)


def case_id(case):
    kind, size, endpoints = case
    shown = f"{size}rings" if kind == "polar" else "x".join(map(str, size))
    return f"{kind}-{shown}-{endpoints}"


def is_red(rgb) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(rgb, RED, strict=True))


def inner_marked(maze) -> set[int]:
    """Endpoint cells that carry a dot or square marker over their centre."""
    return {
        cell
        for cell, exit in ((maze.start, False), (maze.end, True))
        if maze.topology.opening_side(cell, exit=exit) is None
    }


def check_picture(image, to_pixel, maze, wall_px, solved):
    """Walls where the maze has them, joins closed, and the solution red through its cells."""
    assert wall_mismatches(image, to_pixel, maze) == []
    assert corner_flaws(image, to_pixel, maze, wall_px) == []
    path = solution(maze)
    for cell in set(path) - inner_marked(maze):
        x, y = to_pixel(maze.topology.centre(cell))
        assert is_red(image.getpixel((int(x), int(y)))) == solved, f"cell {cell}"


# --- Pictures read back ---------------------------------------------------------


@pytest.mark.parametrize("case", MAZES, ids=case_id)
def test_png_shows_every_wall_and_only_walls(case):
    maze = make(*case)
    cell = round(50 / maze.topology.corridor)  # walls 5 px wide
    width, height, margin, thickness = png_layout(maze.topology, cell)
    for solved in (False, True):
        image = Image.open(io.BytesIO(export(maze, "png", solution=solved, cell=cell)))
        assert image.size == (width, height)
        check_picture(image.convert("RGB"), to_pixels(margin, margin, cell), maze, thickness, solved)


@pytest.mark.parametrize("case", MAZES, ids=case_id)
def test_pdf_shows_every_wall_and_only_walls(case):
    maze = make(*case)
    data = export(maze, "pdf", solution=True)
    cell = check_size("pdf", maze.topology)
    page_w, page_h, left, top, _ = pdf_layout(maze, cell)
    wall_px = 0.1 * cell * maze.topology.corridor * PDF_SCALE
    document = pdfium.PdfDocument(data)
    for page, solved in zip(document, (False, True), strict=True):
        assert page.get_size() == pytest.approx((page_w, page_h), abs=1e-3)
        image = page.render(scale=PDF_SCALE).to_pil().convert("RGB")
        to_pixel = pdf_to_pixels(left, top, cell, (page_w, page_h), image.size)
        check_picture(image, to_pixel, maze, wall_px, solved)
    document.close()


def test_readback_catches_a_missing_wall_a_blob_and_butt_ends():
    """The checks themselves: a wall painted over, ink stuck out past a corner, and walls
    meeting with butt ends."""
    from PIL import ImageDraw

    maze = make("hex", (5, 4))
    cell = 80  # walls 8 px wide: a notch shows beside the anti-aliased edge
    _, _, margin, thickness = png_layout(maze.topology, cell)
    to_pixel = to_pixels(margin, margin, cell)
    image = Image.open(io.BytesIO(export(maze, "png", cell=cell))).convert("RGB")
    assert corner_flaws(image, to_pixel, maze, thickness) == []
    wall = next(side for side in sides(maze.topology) if standing(maze, side, openings(maze)))
    painted = image.copy()
    x, y = to_pixel(wall.middle)
    ImageDraw.Draw(painted).ellipse((x - 9, y - 9, x + 9, y + 9), fill="white")
    assert wall_mismatches(painted, to_pixel, maze) == [f"cell {wall.cell} side {wall.side}: wall missing"]
    (x0, y0), (x1, y1) = map(to_pixel, wall.ends)
    length = math.hypot(x1 - x0, y1 - y0)
    x, y = x1 + (x1 - x0) / length * thickness, y1 + (y1 - y0) / length * thickness
    ImageDraw.Draw(image).ellipse((x - 2, y - 2, x + 2, y + 2), fill="black")
    assert any(flaw.startswith("spike") for flaw in corner_flaws(image, to_pixel, maze, thickness))
    butt = Image.new("RGB", image.size, "white")
    for side in sides(maze.topology):
        if standing(maze, side, openings(maze)):
            ImageDraw.Draw(butt).line([to_pixel(end) for end in side.ends], fill="black", width=thickness)
    assert wall_mismatches(butt, to_pixel, maze) == []
    assert any(flaw.startswith("gap") for flaw in corner_flaws(butt, to_pixel, maze, thickness))


# --- The drawing's walls: each once, merged ------------------------------------


def drawn_length(wall) -> float:
    if isinstance(wall, Arc):
        return wall.radius * math.radians(abs(wall.end - wall.start))
    x0, y0, x1, y1 = wall
    return math.hypot(x1 - x0, y1 - y0)


def side_length(topology, side) -> float:
    """1 for straight sides; a polar arc side's length from its chord and radius."""
    if topology.kind != "polar" or side.side == CLOCKWISE:
        return 1.0
    radius = math.dist((topology.rings, topology.rings), side.middle)
    return 2 * radius * math.asin(min(1.0, math.dist(*side.ends) / (2 * radius)))


@pytest.mark.parametrize("case", MAZES, ids=case_id)
def test_every_standing_wall_is_drawn_once(case):
    maze = make(*case)
    gaps = openings(maze)
    expected = sum(
        side_length(maze.topology, side) for side in sides(maze.topology) if standing(maze, side, gaps)
    )
    assert sum(map(drawn_length, maze_drawing(maze).walls)) == pytest.approx(expected)


def test_triangle_walls_are_merged_along_rows_and_both_diagonals():
    maze = make("triangle", (16, 8))
    walls = maze_drawing(maze).walls
    directions = {round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 180 for x0, y0, x1, y1 in walls}
    assert directions == {0, 60, 120}
    assert max(map(drawn_length, walls)) >= 3
    ends = {}
    for x0, y0, x1, y1 in walls:
        direction = round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 180
        for point in ((x0, y0), (x1, y1)):
            key = (round(point[0], 6), round(point[1], 6), direction)
            assert key not in ends, f"two walls on one line meet at {point}: not merged"
            ends[key] = True


def test_polar_walls_are_true_arcs_merged_on_each_circle():
    maze = make("polar", 8)
    walls = maze_drawing(maze).walls
    arcs = [wall for wall in walls if isinstance(wall, Arc)]
    assert {arc.radius for arc in arcs} == set(range(1, 9))
    for radius in range(1, 9):
        on_circle = sorted((arc.start % 360, arc.end % 360) for arc in arcs if arc.radius == radius)
        starts = {round(start, 6) for start, _ in on_circle}
        assert not any(round(end, 6) in starts for _, end in on_circle), f"circle {radius}"
    segments = [wall for wall in walls if not isinstance(wall, Arc)]
    for x0, y0, x1, y1 in segments:  # radial: pointing at the middle
        assert abs((x0 - 8) * (y1 - 8) - (y0 - 8) * (x1 - 8)) < 1e-9


def test_polar_solution_follows_the_rings():
    maze = make("polar", 8)
    path = solution(maze)
    line = maze_drawing(maze, path).solution
    sideways = sum(1 for a, b in pairwise(path) if a and maze.topology.side_between(a, b) in (1, 2))
    ring_arcs = [
        step
        for step in line
        if isinstance(step, Arc)
        and abs(abs(step.end - step.start) - 360 / maze.topology.counts[int(step.radius)]) < 1e-9
    ]
    assert len(ring_arcs) == sideways > 0
    assert all(step.radius % 1 == 0.5 for step in line if isinstance(step, Arc))


# --- Formats --------------------------------------------------------------------


def svg_arc_centres(path: str) -> list[tuple[float, float]]:
    """The centre of each arc command of an SVG path (SVG 1.1, F.6.5, circles only)."""
    centres, here = [], (0.0, 0.0)
    for command, numbers in re.findall(r"([MLAHV])([^MLAHV]+)", path):
        values = [float(v) for v in numbers.split()]
        end = {"H": (values[0], here[1]), "V": (here[0], values[0])}.get(command, values[-2:])
        if command == "A":
            radius, large, sweep = values[0], values[3], values[4]
            half = ((here[0] - end[0]) / 2, (here[1] - end[1]) / 2)
            squared = half[0] ** 2 + half[1] ** 2
            factor = math.sqrt(max(0.0, radius**2 - squared) / squared)
            sign = 1 if large != sweep else -1
            centres.append(
                (
                    (here[0] + end[0]) / 2 + sign * factor * half[1],
                    (here[1] + end[1]) / 2 - sign * factor * half[0],
                )
            )
        here = end
    return centres


def test_svg_draws_polar_arcs_and_sizes_the_view_from_the_shape():
    maze = make("polar", 8)
    text = export(maze, "svg", solution=True).decode()
    walls, line = re.findall(r'<path d="([^"]+)"', text)
    assert walls.count("A") > 20 and line.count("A") > 0
    for x, y in svg_arc_centres(walls) + svg_arc_centres(line):  # on the disc's middle
        assert (x, y) == (pytest.approx(8, abs=0.02), pytest.approx(8, abs=0.02))
    assert 'stroke-linecap="round" stroke-linejoin="round"' in text
    view = [float(v) for v in re.search(r'viewBox="([^"]+)"', text).group(1).split()]
    assert view[2] > 16 and view[3] > 16  # the disc is 16 cells across, plus room for arrows
    hexagonal = export(make("hex", (12, 10)), "svg").decode()
    assert " A" not in hexagonal and "A" not in re.findall(r'<path d="([^"]+)"', hexagonal)[0]


def test_pdf_draws_polar_arcs_as_curves_with_round_joins():
    maze = make("polar", 8)
    reader = pypdf.PdfReader(io.BytesIO(export(maze, "pdf")))
    operations = parse(reader.pages[0].get_contents().get_data())
    operators = [operator for _, operator in operations]
    assert operators.count(b"c") > 20
    assert ([1], b"J") in operations and ([1], b"j") in operations


def test_page_and_image_sizes_come_from_the_shape():
    for kind, size, _ in MAZES:
        maze = make(kind, size)
        box_w, box_h = extent(maze.topology)
        assert (box_w, box_h) == maze.topology.box
        width, height, margin, _ = png_layout(maze.topology, 30)
        assert (width, height) == (math.ceil(box_w * 30) + 2 * margin, math.ceil(box_h * 30) + 2 * margin)
        page_w, page_h, left, top, baseline = pdf_layout(maze, 20.0)
        assert left + box_w * 20 <= page_w and baseline < top - box_h * 20 < top <= page_h


def test_ascii_draws_square_mazes_only():
    maze = make("hex", (4, 3))
    message = "^ascii draws square mazes only; use svg, png or pdf for a hex maze$"
    for attempt in (
        lambda: to_ascii(maze),
        lambda: export(maze, "ascii"),
        lambda: check_size("ascii", maze.topology),
    ):
        with pytest.raises(BookmakerError, match=message):
            attempt()


def test_big_pages_are_refused_naming_the_shape():
    with pytest.raises(BookmakerError, match="a polar 400 rings maze at --cell 20 needs"):
        check_size("pdf", make_topology("polar", rings=400), 20)


@pytest.mark.parametrize("kind", ["hex", "triangle", "square silhouette"])
def test_polygon_walls_and_cells_read_the_same_after_a_trip_to_a_worker_process(kind):
    # Walls are kept as lattice indices and path cells made as they are read: a drawing
    # made in a worker process is pickled back, and must draw the same there.
    if kind == "square silhouette":  # its walls are lattice indices too, with their lines
        on = bytes(0 if cell in (0, 14) else 1 for cell in range(30))
        topology = make_topology("square", size=(6, 5), mask=Mask(on, "file", "holed", "0" * 16))
        maze = with_endpoints(generate_on(topology, "wilson", 7), "border")
    else:
        maze = make(kind, (6, 5))
    drawing = maze_drawing(maze, solution(maze))
    back = pickle.loads(pickle.dumps(drawing))
    walls = list(drawing.walls)
    assert walls and list(back.walls) == walls and len(back.walls) == len(walls)
    assert all(len(wall) == 4 for wall in walls)
    cells = list(drawing.solution_cells)
    assert cells and list(back.solution_cells) == cells == back.solution_cells[:]
    assert back.solution_cells[-1] == cells[-1]
