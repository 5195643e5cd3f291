"""`opposite` endpoints: start and finish open on opposite sides of the outer wall, far apart;
`border` keeps its meaning; the manifest says which side each opening uses.

Which side of the outer wall an opening is on is worked out here from the drawing's
geometry (docs/design.md's cell sides, via ``tests.wall_readback``), and the gaps are read back
from rendered pictures, so a compass table that disagrees with the picture fails.
"""

from __future__ import annotations

import io
import json
import math
import statistics
from pathlib import Path

import pytest
from PIL import Image

from bookmaker.build import build
from bookmaker.config import load_book
from bookmaker.masks import MaskSpec, masked_grid
from bookmaker.maze import generate, generate_on
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import ENDPOINT_MODES, solution, with_endpoints
from bookmaker.plan.mazes import maze_seed
from bookmaker.render.export import export, png_layout
from tests.wall_readback import sides, to_pixels, wall_mismatches

ROOT = Path(__file__).resolve().parent.parent
OPPOSITE = {"N": "S", "S": "N", "W": "E", "E": "W"}


def drawn_side(maze, cell: int, exit: bool) -> str:
    """The compass side of the gap the drawing opens for an end, from the side's middle:
    seen from the cell's centre on a grid, from the disc's middle on a polar maze."""
    grid = maze.topology
    side = grid.opening_side(cell, exit=exit)
    middle = next(s.middle for s in sides(grid) if (s.cell, s.side) == (cell, side))
    cx, cy = (grid.rings, grid.rings) if grid.kind == "polar" else grid.centre(cell)
    angle = math.degrees(math.atan2(middle[0] - cx, cy - middle[1])) % 360  # clockwise from N
    return "NESW"[int((angle + 45) % 360 // 90)]


def rendered_gaps_agree(maze) -> None:
    """The PNG shows every wall and exactly the two gaps the maze's ends open."""
    cell = round(40 / maze.topology.corridor)  # as tests/test_mask_drawing.py reads walls back
    _, _, margin, _ = png_layout(maze.topology, cell)
    image = Image.open(io.BytesIO(export(maze, "png", cell=cell))).convert("RGB")
    assert wall_mismatches(image, to_pixels(margin, margin, cell), maze) == []


GRIDS = [("square", (9, 7), None), ("hex", (8, 6), None), ("triangle", (12, 5), None), ("polar", None, 6)]


@pytest.mark.parametrize("shape, size, rings", GRIDS, ids=[g[0] for g in GRIDS])
def test_opposite_opens_on_opposite_sides_of_every_shape(shape, size, rings):
    grid = make_topology(shape, size, rings)
    for seed in range(8):
        maze = with_endpoints(generate_on(grid, "wilson", seed), "opposite")
        start, end = drawn_side(maze, maze.start, False), drawn_side(maze, maze.end, True)
        assert end == OPPOSITE[start], f"seed {seed}: {start} to {end}"
        assert grid.opening_compass(maze.start) == start
        assert grid.opening_compass(maze.end, exit=True) == end
        if seed < 2:
            rendered_gaps_agree(maze)


def test_a_silhouette_opens_on_opposite_sides_too():
    grid = masked_grid("square", (14, 12), MaskSpec("outline", "star", islands="keep-largest"))
    for seed in range(4):
        maze = with_endpoints(generate_on(grid, "wilson", seed), "opposite")
        start, end = drawn_side(maze, maze.start, False), drawn_side(maze, maze.end, True)
        assert end == OPPOSITE[start]
    rendered_gaps_agree(maze)


def test_the_pair_is_far_apart_along_the_maze():
    """A double sweep per way round finds the farthest pair of opposite-side cells, or
    nearly: on small mazes checked against every pair, never under 90 % of it."""
    for seed in range(10):
        maze = with_endpoints(generate("wilson", 7, 6, seed), "opposite")
        grid = maze.topology
        best = 0
        for a in range(grid.cells):
            for b in range(grid.cells):
                first = grid.opening_compass(a)
                if a != b and first and grid.opening_compass(b, exit=True) == OPPOSITE[first]:
                    best = max(best, len(solution(with_endpoints(maze, (a, b)))))
        assert len(solution(maze)) >= 0.9 * best, f"seed {seed}"


def test_a_maze_without_two_opposite_sides_falls_back_to_border():
    maze = generate("recursive-backtracker", 1, 1, 3)
    assert (with_endpoints(maze, "opposite").start, with_endpoints(maze, "opposite").end) == (
        with_endpoints(maze, "border").start,
        with_endpoints(maze, "border").end,
    )


def test_border_keeps_its_meaning():
    """Recipes printed with `border` must remake the same openings: pinned start and end."""
    pinned = {
        ("wilson", 20, 10, 7): (13, 80),
        ("recursive-backtracker", 8, 10, 2237009691): (3, 76),
        ("kruskal", 15, 20, 5): (13, 119),
    }
    for (algorithm, width, height, seed), ends in pinned.items():
        maze = with_endpoints(generate(algorithm, width, height, seed), "border")
        assert (maze.start, maze.end) == ends


def test_the_sample_books_no_longer_put_start_and_finish_side_by_side():
    """In the activity book `border` put 30 of 84 mazes' openings on one side, 18 of them
    within three cells of each other; the default `opposite` puts none on one side, and
    keeps the median solution at least 85 % as long."""
    book = load_book(ROOT / "configs" / "activity-book.yaml")
    counted = {"border": [0, []], "opposite": [0, []]}
    for section in book.sections:
        if section.endpoints != "opposite":
            continue
        for index in range(section.count):
            maze = generate_on(
                section.topology,
                section.algorithm,
                maze_seed(book.seed, section.slug, index),
                **section.options,
            )
            for mode, tally in counted.items():
                ended = with_endpoints(maze, mode)
                grid = ended.topology
                tally[0] += grid.opening_compass(ended.start) == grid.opening_compass(ended.end, exit=True)
                tally[1].append(len(solution(ended)))
    assert len(counted["opposite"][1]) == 84
    assert counted["border"][0] == 30 and counted["opposite"][0] == 0
    assert statistics.median(counted["opposite"][1]) >= 0.85 * statistics.median(counted["border"][1])


def test_new_books_default_to_opposite_and_the_manifest_names_the_sides(tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text(
        "title: Sides\nfront_matter: {title_page: false, how_to: false, contents: false}\n"
        "sections:\n"
        "  - {title: Plain, size: 8x6, count: 2}\n"
        "  - {title: Hexes, shape: hex, size: 7x5, count: 1}\n"
        "  - {title: Inside, size: 8x6, count: 1, endpoints: diameter}\n"
        "  - {title: Old, size: 8x6, count: 1, endpoints: border}\n",
        encoding="utf-8",
    )
    result = build(config, tmp_path / "book.pdf")
    records = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    assert [r["endpoints"] for r in records] == ["opposite"] * 3 + ["diameter", "border"]
    for record in records[:3]:
        assert OPPOSITE[record["start_side"]] == record["end_side"]
    plain = records[0]
    maze = with_endpoints(generate("recursive-backtracker", 8, 6, plain["seed"]), "opposite")
    assert [list(maze.topology.coordinates(c)) for c in (maze.start, maze.end)] == [
        plain["start"],
        plain["end"],
    ]
    assert (plain["start_side"], plain["end_side"]) == (
        drawn_side(maze, maze.start, False),
        drawn_side(maze, maze.end, True),
    )
    inside = records[3]
    grid = make_topology("square", (8, 6))
    for key, exit in (("start", False), ("end", True)):
        x, y = inside[key]
        expected = grid.opening_compass(y * 8 + x, exit) if grid.border[y * 8 + x] else None
        assert inside[f"{key}_side"] == expected


def test_init_writes_a_book_whose_mazes_open_on_opposite_sides(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from bookmaker.cli import app

    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["init", "book.yaml"]).exit_code == 0
    book = load_book(tmp_path / "book.yaml")
    assert {s.endpoints for s in book.sections} == {"opposite"}
    assert "opposite" in ENDPOINT_MODES
