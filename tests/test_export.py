"""Each export format read back and compared with the maze's own cell bits.

The expected walls come from the cells here, not from ``geometry``, so a
renderer that agrees with itself but not with the maze fails.
"""

from __future__ import annotations

import io
import json
import re

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, generate, recipe
from bookmaker.maze.solve import measure, solution, with_endpoints
from bookmaker.render.export import (
    SOLUTION_COLOR,
    export,
    pdf_layout,
    png_layout,
    to_ascii,
    to_json,
    to_jsonl,
)

E, S = 2, 4
RED = tuple(int(SOLUTION_COLOR[i : i + 2], 16) for i in (1, 3, 5))
KEYS = ["format", "algorithm", "width", "height", "seed", "cells", "start", "end", "solution", "stats"]


def make(name="wilson", width=9, height=7, seed=3, endpoints="border"):
    return with_endpoints(generate(name, width, height, seed), endpoints)


def xy(maze, cell):
    """(x, y) of cell id ``cell`` (None stays None): the maze keeps ids, the formats print [x, y]."""
    return None if cell is None else maze.topology.coordinates(cell)


def solution_xy(maze):
    return [xy(maze, cell) for cell in solution(maze)]


def inner_edges(maze):
    """(cell, bit, open?) for each edge between two cells, east and south of a cell."""
    for y in range(maze.height):
        for x in range(maze.width):
            bits = maze.cells[y * maze.width + x]
            if x < maze.width - 1:
                yield (x, y), E, bool(bits & E)
            if y < maze.height - 1:
                yield (x, y), S, bool(bits & S)


def outer_edges(maze):
    """Unit segments of the outer wall as ((x0, y0), (x1, y1)) on the corner lattice."""
    w, h = maze.width, maze.height
    for x in range(w):
        yield (x, 0), (x + 1, 0)
        yield (x, h), (x + 1, h)
    for y in range(h):
        yield (0, y), (0, y + 1)
        yield (w, y), (w, y + 1)


def cell_edges(cell):
    x, y = cell
    return {
        ((x, y), (x + 1, y)),
        ((x, y + 1), (x + 1, y + 1)),
        ((x, y), (x, y + 1)),
        ((x + 1, y), (x + 1, y + 1)),
    }


def assert_outer_wall(maze, standing):
    """``standing(segment)`` for each outer unit segment: closed except one gap per border end."""
    gaps = {seg for seg in outer_edges(maze) if not standing(seg)}
    ends = [xy(maze, c) for c in (maze.start, maze.end) if c is not None and _on_border(maze, xy(maze, c))]
    assert len(gaps) == len(ends)
    for cell in ends:
        assert len(gaps & cell_edges(cell)) >= 1, f"no opening at {cell}"


def _on_border(maze, cell):
    return cell[0] in (0, maze.width - 1) or cell[1] in (0, maze.height - 1)


def is_dark(rgb) -> bool:
    return max(rgb[:3]) < 90


def is_red(rgb) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(rgb, RED, strict=True))


# --- JSON ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_json_is_the_documented_object(name):
    maze = make(name)
    record = json.loads(to_json(maze))
    assert list(record) == KEYS
    assert record["format"] == "bookmaker.maze/1"
    assert (record["algorithm"], record["width"], record["height"], record["seed"]) == (name, 9, 7, 3)
    assert record["cells"] == [list(generate(name, 9, 7, 3).cells[y * 9 : (y + 1) * 9]) for y in range(7)]
    assert maze.start is not None and maze.end is not None
    assert record["start"] == list(xy(maze, maze.start))
    assert record["end"] == list(xy(maze, maze.end))
    assert record["solution"] is None  # the answer only on request
    assert record["stats"] == measure(maze).as_json()
    assert record["stats"]["solution_length"] == len(solution(maze))


def test_json_solution_on_request():
    maze = make()
    record = json.loads(to_json(maze, solution=True))
    assert record["solution"] == [list(cell) for cell in solution_xy(maze)]


def test_json_without_endpoints_has_nulls():
    record = json.loads(to_json(make(endpoints="none"), solution=True))
    assert record["start"] is record["end"] is record["solution"] is None
    assert record["stats"]["solution_length"] is record["stats"]["turns"] is None


def test_json_rows_one_per_line_and_jsonl_one_line():
    maze = make()
    text = to_json(maze)
    assert all(re.fullmatch(r"    \[[\d, ]+\],?", text.splitlines()[7 + y]) for y in range(7))
    line = to_jsonl(maze)
    assert line.endswith("\n") and "\n" not in line[:-1]
    assert json.loads(line) == json.loads(text)
    assert list(json.loads(line)) == KEYS


# --- ASCII --------------------------------------------------------------------


def ascii_grid(maze, text):
    lines = text.splitlines()
    assert lines[0] == recipe(maze)
    grid = lines[1:]
    assert len(grid) == 2 * maze.height + 1
    return [line.ljust(4 * maze.width + 1) for line in grid]


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_ascii_walls_match_cells(name):
    maze = make(name)
    grid = ascii_grid(maze, to_ascii(maze))
    for (x, y), bit, is_open in inner_edges(maze):
        if bit == E:
            wall = grid[2 * y + 1][4 * x + 4] == "|"
        else:
            wall = grid[2 * y + 2][4 * x + 1 : 4 * x + 4] == "---"
        assert wall != is_open, f"edge {bit} of {(x, y)}"

    def standing(segment):
        (x0, y0), (x1, y1) = segment
        if y0 == y1:
            return grid[2 * y0][4 * x0 + 1 : 4 * x0 + 4] == "---"
        return grid[2 * y0 + 1][4 * x0] == "|"

    assert_outer_wall(maze, standing)


def test_ascii_marks_ends_and_solution_only_on_request():
    maze = make()
    plain = ascii_grid(maze, to_ascii(maze))
    solved = ascii_grid(maze, to_ascii(maze, solution=True))
    path = solution_xy(maze)
    ends = {xy(maze, maze.start): "S", xy(maze, maze.end): "E"}
    for grid, marked in ((plain, set()), (solved, set(path))):
        for y in range(maze.height):
            for x in range(maze.width):
                mark = grid[2 * y + 1][4 * x + 2]
                expected = ends.get((x, y)) or ("o" if (x, y) in marked else " ")
                assert mark == expected, (x, y)


# --- SVG ----------------------------------------------------------------------


def svg_walls(text):
    path = re.search(r'<path d="([^"]+)"[^>]*stroke-linecap="square"', text).group(1)
    units = set()
    for x, y, kind, to in re.findall(r"M(\d+) (\d+)([HV])(\d+)", path):
        x, y, to = int(x), int(y), int(to)
        if kind == "H":
            units |= {((i, y), (i + 1, y)) for i in range(x, to)}
        else:
            units |= {((x, i), (x, i + 1)) for i in range(y, to)}
    return units


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_svg_walls_match_cells(name):
    maze = make(name)
    text = export(maze, "svg").decode()
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    walls = svg_walls(text)
    for (x, y), bit, is_open in inner_edges(maze):
        segment = ((x + 1, y), (x + 1, y + 1)) if bit == E else ((x, y + 1), (x + 1, y + 1))
        assert (segment in walls) != is_open
    assert_outer_wall(maze, lambda segment: segment in walls)
    assert recipe(maze) in text


def test_svg_solution_only_on_request():
    maze = make()
    assert "<polyline" not in export(maze, "svg").decode()
    solved = export(maze, "svg", solution=True).decode()
    points = re.search(r'<polyline points="([^"]+)"', solved).group(1).split()
    centres = [f"{x + 0.5:g},{y + 0.5:g}" for x, y in solution_xy(maze)]
    assert [p for p in points if p in centres] == centres


# --- PNG ----------------------------------------------------------------------


def png_image(maze, **kwargs):
    image = Image.open(io.BytesIO(export(maze, "png", cell=20, **kwargs)))
    return image.convert("RGB")


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_png_wall_pixels_match_cells(name):
    maze = make(name)
    image = png_image(maze, solution=True)
    width, height, margin, thickness = png_layout(maze.topology, 20)
    assert image.size == (width, height)

    def pixel(lattice_x, lattice_y):
        # The first pixel row/column of a wall on the lattice line; cell units in, pixels out.
        return image.getpixel(
            (round(margin + lattice_x * 20 - thickness // 2), round(margin + lattice_y * 20 - thickness // 2))
        )

    for (x, y), bit, is_open in inner_edges(maze):
        at = pixel(x + 1, y + 0.5) if bit == E else pixel(x + 0.5, y + 1)
        assert is_dark(at) != is_open, f"edge {bit} of {(x, y)}: {at}"

    def standing(segment):
        (x0, y0), (x1, y1) = segment
        return is_dark(pixel((x0 + x1) / 2, (y0 + y1) / 2))

    assert_outer_wall(maze, standing)


def test_png_solution_colour_only_on_the_solution_and_only_on_request():
    maze = make("kruskal", 12, 10, 5)
    _, _, margin, _ = png_layout(maze.topology, 20)
    path = set(solution_xy(maze))
    solved = png_image(maze, solution=True)
    for y in range(maze.height):
        for x in range(maze.width):
            centre = solved.getpixel((margin + x * 20 + 10, margin + y * 20 + 10))
            assert is_red(centre) == ((x, y) in path), (x, y)
    plain = png_image(maze)
    assert not any(is_red(rgb) for _, rgb in plain.getcolors(maxcolors=1 << 24))


def test_png_and_pdf_are_reproducible():
    maze = make()
    assert export(maze, "png", solution=True) == export(maze, "png", solution=True)
    assert export(maze, "pdf", solution=True) == export(maze, "pdf", solution=True)


def test_png_refuses_absurd_images():
    with pytest.raises(BookmakerError, match="--cell"):
        export(generate("sidewinder", 2000, 2000, 0), "png", cell=40)


# --- PDF ----------------------------------------------------------------------

SCALE = 2.0  # pixels per point


def pdf_pages(data):
    document = pdfium.PdfDocument(data)
    pages = [page.render(scale=SCALE).to_pil().convert("RGB") for page in document]
    document.close()
    return pages


@pytest.mark.parametrize("name", ["wilson", "eller", "binary-tree", "growing-tree"])
def test_pdf_pages_show_the_maze_then_the_solution(name):
    maze = make(name, 12, 9, 11, "diameter" if name == "eller" else "border")
    cell = 18.0
    data = export(maze, "pdf", solution=True, cell=cell)
    page_w, page_h, left, top, _ = pdf_layout(maze, cell)
    puzzle, answer = pdf_pages(data)
    assert puzzle.size == (round(page_w * SCALE), round(page_h * SCALE))

    def pixel(image, lattice_x, lattice_y):
        return image.getpixel(
            (int((left + lattice_x * cell) * SCALE), int((page_h - top + lattice_y * cell) * SCALE))
        )

    for (x, y), bit, is_open in inner_edges(maze):
        at = pixel(puzzle, x + 1, y + 0.5) if bit == E else pixel(puzzle, x + 0.5, y + 1)
        assert is_dark(at) != is_open, f"edge {bit} of {(x, y)}: {at}"
    assert_outer_wall(
        maze, lambda seg: is_dark(pixel(puzzle, (seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2))
    )

    path = set(solution_xy(maze))
    ends = [xy(maze, c) for c in (maze.start, maze.end)]
    inner_ends = {c for c in ends if not _on_border(maze, c)}
    for y in range(maze.height):
        for x in range(maze.width):
            assert not is_red(pixel(puzzle, x + 0.5, y + 0.5))
            if (x, y) not in inner_ends:  # an inner end is covered by its diamond marker
                assert is_red(pixel(answer, x + 0.5, y + 0.5)) == ((x, y) in path), (x, y)


def test_pdf_is_one_page_without_solution_and_embeds_its_only_font():
    maze = make()
    data = export(maze, "pdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    fonts = [f.get_object() for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert [str(f["/BaseFont"]).split("+")[-1] for f in fonts] == ["Andika"]
    assert all("/FontFile2" in f["/FontDescriptor"] for f in fonts)  # embedded TrueType
    assert b"Helvetica" not in data
    assert recipe(maze) in reader.pages[0].extract_text()


def test_pdf_refuses_a_page_over_200_inches():
    with pytest.raises(BookmakerError, match="--cell"):
        export(generate("binary-tree", 1000, 10, 0), "pdf", cell=72)


def test_unknown_format():
    with pytest.raises(BookmakerError, match="ascii, json, jsonl, svg, png, pdf"):
        export(make(), "gif")


def test_json_names_options_off_their_defaults_so_the_maze_can_be_remade():
    plain = json.loads(export(generate("growing-tree", 6, 5, 3), "json"))
    assert "options" not in plain
    maze = generate("growing-tree", 6, 5, 3, policy="oldest")
    record = json.loads(export(maze, "json"))
    assert record["options"] == {"policy": "oldest"}
    again = generate(
        record["algorithm"], record["width"], record["height"], record["seed"], **record["options"]
    )
    assert again.rows() == record["cells"]
    assert recipe(with_endpoints(maze, "border")) == "growing-tree 6x5 seed 3 policy=oldest border"
