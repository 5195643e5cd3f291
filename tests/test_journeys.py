"""Journeys: one maze tiled across pages, read back from the maze, the manifest and the
printed pages (text by pypdf, walls by pypdfium2's pixels)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont
from PIL import Image

from bookmaker.build import build
from bookmaker.config import ConfigError, load_book
from bookmaker.maze import ALGORITHMS, generate
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.plan import BookPlan
from bookmaker.plan.journey import (
    ARROWS,
    Tiling,
    chosen_tiling,
    connectors,
    crossings,
    eller_pages,
    label,
    pages_crossed,
    route_pieces,
    tile_maze,
)

from .command_line import in_process
from .readback import RenderedPage, is_dark, maze_of, page_texts, wall_mismatches

E, S, W, N = 2, 4, 8, 1
SQUARE_ALGORITHMS = [name for name, algorithm in ALGORITHMS.items() if algorithm.carves("square")]


def _journey(algorithm: str, size=(13, 11), grid=(3, 2), seed=5):
    maze = with_endpoints(generate(algorithm, *size, seed), "corners")
    return maze, Tiling.of(size, *grid)


@pytest.mark.parametrize("algorithm", SQUARE_ALGORITHMS)
def test_tiles_rebuild_the_maze_and_their_edges_agree_cell_for_cell(algorithm):
    maze, tiling = _journey(algorithm)
    tiles = tiling.tiles()
    assert [(t.column, t.row) for t in tiles] == [(c, r) for r in range(2) for c in range(3)]  # reading order
    parts = {t.index: tile_maze(maze, t) for t in tiles}
    for tile in tiles:
        part = parts[tile.index]
        for y in range(tile.height):
            row = maze.cells[(tile.y + y) * maze.width + tile.x :][: tile.width]
            assert part.cells[y * tile.width : (y + 1) * tile.width] == row
        if tile.column + 1 < tiling.columns:  # its east column against its neighbour's west one
            right = parts[tile.index + 1]
            for y in range(tile.height):
                assert bool(part.cells[y * tile.width + tile.width - 1] & E) == bool(
                    right.cells[y * right.width] & W
                )
        if tile.row + 1 < tiling.rows:
            below = parts[tile.index + tiling.columns]
            for x in range(tile.width):
                assert bool(part.cells[(tile.height - 1) * tile.width + x] & S) == bool(below.cells[x] & N)
    # The start on the first page, at its top left; the finish on the last, at its bottom right.
    assert parts[0].start == 0 and parts[0].end is None
    assert parts[5].end == parts[5].topology.cells - 1 and parts[5].start is None


def test_connectors_pair_up_with_labels_along_each_edge():
    maze, tiling = _journey("kruskal", size=(20, 14), grid=(2, 2), seed=9)
    found = crossings(maze, tiling)
    ends = connectors(tiling, found)
    opposite = {"E": "W", "W": "E", "S": "N", "N": "S"}
    for tile, on_tile in enumerate(ends):
        for end in on_tile:
            partners = [e for e in ends[end.to] if e.to == tile and e.label == end.label]
            assert len(partners) == 1, (tile, end)
            assert partners[0].side == opposite[end.side] and partners[0].at == end.at
            assert end.arrow == ARROWS[end.side]
    # Each edge's connectors are lettered A, B, C... from its top (or left), one a corridor.
    for leaving, entering, side in ((0, 1, "E"), (0, 2, "S"), (1, 3, "S"), (2, 3, "E")):
        edge = [c for c in found if (c.tile, c.other, c.side) == (leaving, entering, side)]
        assert [c.label for c in edge] == [label(i) for i in range(len(edge))]
        assert [c.at for c in edge] == sorted(c.at for c in edge)
        tile = tiling.tiles()[leaving]
        if side == "E":
            x = tile.x + tile.width - 1
            open_rows = [y for y in range(tile.y, tile.y + tile.height) if maze.cells[y * maze.width + x] & E]
        else:
            y = tile.y + tile.height - 1
            open_rows = [x for x in range(tile.x, tile.x + tile.width) if maze.cells[y * maze.width + x] & S]
        assert [c.at for c in edge] == open_rows
    assert label(25) == "Z" and label(26) == "AA"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_solution_crosses_pages_in_order_through_connectors(seed):
    maze, tiling = _journey("wilson", size=(18, 16), grid=(3, 2), seed=seed)
    path = solution(maze)
    visits = pages_crossed(tiling, path, maze.width)
    assert visits[0] == 0 and visits[-1] == 5
    crossing_pairs = set()
    for c in crossings(maze, tiling):
        tile = tiling.tiles()[c.tile]
        if c.side == "E":
            a = c.at * maze.width + tile.x + tile.width - 1
            crossing_pairs.add(frozenset((a, a + 1)))
        else:
            a = (tile.y + tile.height - 1) * maze.width + c.at
            crossing_pairs.add(frozenset((a, a + maze.width)))
    steps = list(zip(path, path[1:], strict=False))
    changes = [
        (a, b)
        for a, b in steps
        if tiling.tile_of(a % maze.width, a // maze.width) != tiling.tile_of(b % maze.width, b // maze.width)
    ]
    assert len(changes) == len(visits) - 1
    assert all(frozenset(step) in crossing_pairs for step in changes)
    # Each page's pieces of the route: one a visit, each ending on the page's edge or opening.
    for tile in tiling.tiles():
        pieces = route_pieces(maze, path, tile)
        assert len(pieces) == visits.count(tile.index)
        for piece in pieces:
            for x, y in (piece[0], piece[-1]):
                assert x in (0, tile.width) or y in (0, tile.height)


def test_eller_makes_a_journey_a_row_of_pages_at_a_time():
    tiling = Tiling.of((23, 17), 3, 4)
    whole = with_endpoints(generate("eller", 23, 17, 11, horizontal=0.5), "corners")
    made = [tile for row in eller_pages(tiling, 11, horizontal=0.5) for tile in row]
    assert len(made) == 12
    for tile, part in zip(tiling.tiles(), made, strict=True):
        expected = tile_maze(whole, tile)
        assert (part.cells, part.start, part.end) == (expected.cells, expected.start, expected.end)


def test_tiling_takes_the_grid_nearest_square_or_with_the_widest_cells():
    # Without a size: a page of 20 x 30 cells, 6 pages -> 3 across and 2 down (60 x 60).
    tiling = chosen_tiling(6, None, lambda w, h: 0.0, lambda cell: (20, 30))
    assert (tiling.columns, tiling.rows, tiling.size) == (3, 2, (60, 60))
    # A size: the grid whose largest tile fits a 400 x 500 pt room at the widest cell.
    tiling = chosen_tiling(4, (100, 30), lambda w, h: min(400 / w, 500 / h), lambda cell: (0, 0))
    assert (tiling.columns, tiling.rows, tiling.widths) == (4, 1, (25, 25, 25, 25))
    assert Tiling.of((10, 7), 3, 2).widths == (4, 3, 3)


JOURNEY_BOOK = """
title: A journey
seed: 7
profile: kdp
page: {size: 6x9}
front_matter: {title_page: false, contents: false}
sections:
  - title: Over the hills
    algorithm: kruskal
    journey: {pages: 4}
    size: 16x20
"""


@pytest.fixture(scope="module")
def journey_book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("journey")
    (folder / "book.yaml").write_text(JOURNEY_BOOK, encoding="utf-8")
    result = build(folder / "book.yaml", folder / "book.pdf")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return folder, result, manifest


def test_a_built_journey_prints_its_connectors_and_walls_where_the_maze_has_them(journey_book):
    folder, result, manifest = journey_book
    assert result.preflight == (f"book.pdf: PDF passes the kdp preflight: {result.pages} pages",)
    (record,) = manifest["mazes"]
    journey = record["journey"]
    assert (journey["columns"], journey["rows"]) == (2, 2) and len(journey["tiles"]) == 4
    assert record["endpoints"] == "corners" and [record["width"], record["height"]] == [16, 20]
    maze = maze_of(record)
    tiling = Tiling.of((16, 20), 2, 2)
    pages = [tile["page"] for tile in journey["tiles"]]
    assert pages == list(range(pages[0], pages[0] + 4))  # consecutive
    texts = page_texts(result.pdf)
    ends = connectors(tiling, crossings(maze, tiling))
    for tile, on_tile, entry in zip(tiling.tiles(), ends, journey["tiles"], strict=True):
        assert entry["cells"] == [tile.x, tile.y, tile.width, tile.height]
        printed = re.findall(r"([A-Z]+) ([←→↑↓]) p\. (\d+)", texts[entry["page"] - 1])
        expected = [(end.label, end.arrow, str(pages[end.to])) for end in on_tile]
        assert sorted(printed) == sorted(expected)
        # Every wall of the tile, inner and on its edge, is drawn as the maze has it.
        page = RenderedPage(result.pdf, entry["page"])
        assert wall_mismatches(page, entry["bbox"], tile_maze(maze, tile)) == []
        x0, y0, x1, y1 = entry["bbox"]
        cell = (x1 - x0) / tile.width
        for end in on_tile:  # a gap in the outer wall at each connector, a wall elsewhere
            if end.side in "EW":
                x, y = (x1 if end.side == "E" else x0), y1 - (end.at + 0.5) * cell
            else:
                x, y = x0 + (end.at + 0.5) * cell, (y1 if end.side == "N" else y0)
            assert not is_dark(page.pixel(x, y)), (entry["page"], end)
        for row in range(tile.height):
            if tile.column == 1 and not any(e.side == "W" and e.at == row for e in on_tile):
                assert is_dark(page.pixel(x0, y1 - (row + 0.5) * cell))


def test_a_journey_reduced_or_tiled_in_the_key(journey_book):
    _, result, manifest = journey_book
    (record,) = manifest["mazes"]
    # 16 x 20 cells keep 1.5 mm corridors on one page of the key: the whole maze, once.
    assert "answer_page" not in record["journey"]["tiles"][0]
    assert record["answer_page"] > record["journey"]["tiles"][-1]["page"]


def test_the_recipe_remakes_the_journey(journey_book):
    folder, _, manifest = journey_book
    (record,) = manifest["mazes"]
    done = in_process("maze", "--code", record["code"], "--format", "json", cwd=folder)
    assert done.returncode == 0, done.stderr
    remade = json.loads(done.stdout)
    assert remade["cells"] == maze_of(record).rows()
    assert [remade["start"], remade["end"]] == [record["start"], record["end"]]


def test_preview_lays_the_pages_side_by_side(journey_book):
    folder, result, manifest = journey_book
    done = in_process(
        "preview", "--journey", result.pdf, "-o", folder / "preview", "--dpi", "144", cwd=folder
    )
    assert done.returncode == 0, done.stderr
    image = Image.open(folder / "preview" / "book-journey-1.png")
    tile = manifest["mazes"][0]["journey"]["tiles"][0]
    cell = (tile["bbox"][2] - tile["bbox"][0]) / tile["cells"][2]
    assert abs(image.width - (32 * cell + 24)) <= 2 and abs(image.height - (40 * cell + 24)) <= 2
    # Where two pages join, their walls meet as one: as wide as any wall inside a page.
    maze, scale = maze_of(manifest["mazes"][0]), 144 / 72
    grey = image.convert("L")

    def wall_width(column: int, row: int) -> int:
        x, y = 12 + round(column * cell * scale), 12 + round((row + 0.5) * cell * scale)
        return sum(grey.getpixel((x + dx, y)) < 128 for dx in range(-6, 7))

    joins = [r for r in range(20) if not maze.cells[r * 16 + 7] & E]  # the wall between pages
    inside = [(c, r) for r in range(20) for c in range(2, 7) if not maze.cells[r * 16 + c - 1] & E]
    widths = {wall_width(8, row) for row in joins}
    assert joins and widths <= {wall_width(c, r) for c, r in inside}


@pytest.mark.parametrize(
    ("section", "key", "said"),
    [
        ("shape: hex\n    size: 10x10\n", "shape", "a journey is a square maze"),
        ("count: 2\n", "count", "a journey is one maze"),
        ("endpoints: border\n", "endpoints", "endpoints: corners"),
        ("per_page: 2\n", "per_page", "whole pages"),
        ("algorithm: kruskal\n    weave: 0.5\n", "weave", "a tunnel under a page's edge"),
    ],
)
def test_a_journey_refuses_what_it_cannot_be(tmp_path, section, key, said):
    config = tmp_path / "book.yaml"
    config.write_text(f"title: T\nsections:\n  - title: Far\n    journey: {{pages: 3}}\n    {section}")
    with pytest.raises(ConfigError) as caught:
        load_book(config)
    assert f"sections[0].{key}" in str(caught.value) and said in str(caught.value)


def test_a_journey_is_no_worksheet(tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nlayout: worksheet\nsections:\n  - title: Far\n    journey: {pages: 2}\n")
    with pytest.raises(ConfigError, match=r"sections\[0\]\.journey: a journey runs across a book's pages"):
        load_book(config)


@pytest.mark.parametrize(
    ("language", "printed"), [("en", "B ← p. 14"), ("de", "B ← S. 14"), ("nl", "B ← blz. 14")]
)
def test_connectors_print_in_the_books_language(tmp_path, language, printed):
    config = tmp_path / "book.yaml"
    config.write_text(
        f"title: T\nlanguage: {language}\nsections:\n  - title: Far\n    journey: {{pages: 2}}\n"
    )
    assert BookPlan(load_book(config)).connector_text("B", "←", 14) == printed


def test_a_journey_too_large_for_its_pages_is_refused_on_its_size(tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nsections:\n  - title: Far\n    journey: {pages: 2}\n    size: 300x300\n")
    done = in_process("validate", config, cwd=tmp_path)
    assert done.returncode != 0
    assert "book.yaml:5: sections[0].size:" in done.stderr and "connectors need" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_font_without_arrows_is_refused_for_a_journey(tmp_path):
    font = TTFont(Path(__file__).parent.parent / "fonts" / "Andika-Regular.ttf")
    cutter = subset.Subsetter(subset.Options())
    cutter.populate(unicodes=range(0x20, 0x100))  # Latin-1: no arrows
    cutter.subset(font)
    for record in font["name"].names:  # a family of its own, not the bundled Andika's
        if record.nameID in (1, 4, 6, 16):
            record.string = "LatinOnly"
    font.save(tmp_path / "latin.ttf")
    config = tmp_path / "book.yaml"
    config.write_text(
        "title: T\nfont: {regular: latin.ttf, bold: latin.ttf}\n"
        "sections:\n  - title: Far\n    journey: {pages: 2}\n    size: 10x10\n"
    )
    done = in_process("validate", config, cwd=tmp_path)
    assert done.returncode != 0 and "sections[0].journey" in done.stderr and "→" in done.stderr
    # The same font builds a book without journeys: only a journey prints the arrows.
    config.write_text(
        "title: T\nfont: {regular: latin.ttf, bold: latin.ttf}\n"
        "sections:\n  - title: Near\n    size: 10x10\n    count: 1\n"
    )
    assert "journey" not in in_process("validate", config, cwd=tmp_path).stderr
