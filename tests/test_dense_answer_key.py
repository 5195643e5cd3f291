"""The answer key stays readable when dense: a section whose answers would have corridors
under 2 mm at answer_key.per_page goes fewer to a page, the most that gives them 2 mm; the
other sections keep per_page, a page takes answers of both where a grid all of them accept
has a slot left, and numbers and page references stay right. Line widths follow
the cell, and the solution line stays inside its corridor."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

import pytest

from bookmaker.build import build
from bookmaker.config import load_book
from bookmaker.layout.page_geometry import (
    GRIDS,
    MAX_CELL_PT,
    MIN_ANSWER_CORRIDOR_PT,
    MIN_CELL_PT,
    MIN_LINE_PT,
    body_area,
    centred,
    clear_corridor,
    grey_solution_width,
    place_maze,
    printed_width,
    slot_boxes,
    solution_width,
    wall_width,
)
from bookmaker.maze.shapes import make_topology
from bookmaker.plan.book import GREY_SOLUTION, BookPlan
from bookmaker.prepare import prepare

from .readback import RenderedPage, maze_of, overlay_mismatches, page_texts, wall_mismatches

TWO_MM = 2 * 72 / 25.4

CONFIG = """\
title: Dense answers
front_matter: {how_to: false}
answer_key:
  per_page: 6
sections:
  - title: Roomy
    size: 10x10
    count: 6
    per_page: 2
  - title: Dense
    size: 28x38
    count: 3
    per_page: 1
  - title: Roomy again
    size: 10x10
    count: 2
    per_page: 2
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory, build_book):
    return build_book(tmp_path_factory.mktemp("dense"), CONFIG, "dense")


def _corridor(record) -> float:
    """Points between the walls of an answer, read from the manifest: cell minus wall."""
    x0, _, x1, _ = record["answer_bbox"]
    cell = (x1 - x0) / record["width"]
    return cell - wall_width(cell)


def test_the_constant_is_two_millimetres():
    assert MIN_ANSWER_CORRIDOR_PT == pytest.approx(TWO_MM) == pytest.approx(5.669, abs=1e-3)


def test_a_dense_section_goes_fewer_to_a_page_and_the_others_keep_six(book):
    config, result, manifest = book
    by_page: dict[int, list[dict]] = {}
    for record in manifest["mazes"]:
        by_page.setdefault(record["answer_page"], []).append(record)
    # Answers keep the mazes' order; the first roomy answer after the dense ones takes the
    # fourth slot of their page, a grid both accept, rather than opening a page of its own.
    assert [[r["number"] for r in records] for _, records in sorted(by_page.items())] == [
        [1, 2, 3, 4, 5, 6],
        [7, 8, 9, 10],
        [11],
    ]
    dense = [r for r in manifest["mazes"] if r["section"] == "Dense"]
    roomy = [r for r in manifest["mazes"] if r["section"] != "Dense"]
    assert min(_corridor(r) for r in dense) >= TWO_MM
    # Three answers on a page of four slots: 2 x 2, each half the width less a gap.
    ready = prepare(config, mazes=False)
    frame = ready.main.frames[dense[0]["answer_page"] - 1]
    area = body_area(frame, "answers")
    slot_width = (area[2] - area[0] - 10) / 2
    for record in dense:
        x0, _, x1, _ = record["answer_bbox"]
        assert x1 - x0 < slot_width
    # At six a page (the only grid between four and six) the corridors would be under 2 mm,
    # so four is the most that gives them 2 mm.
    topology = make_topology("square", (28, 38), None)
    at = {
        count: place_maze(slot_boxes(area, count)[0], topology, MIN_CELL_PT, ()).cell
        for count in GRIDS
        if count <= 6
    }
    assert at[6] - wall_width(at[6]) < TWO_MM <= at[4] - wall_width(at[4])
    assert at[4] == pytest.approx((dense[0]["answer_bbox"][2] - dense[0]["answer_bbox"][0]) / 28)

    # The roomy sections are laid out six a page, as asked, but on the dense page's grid.
    def width_at(count: int) -> float:
        return round(
            place_maze(
                slot_boxes(area, count)[0], make_topology("square", (10, 10), None), MIN_CELL_PT, ()
            ).cell
            * 10,
            2,
        )

    assert [round(r["answer_bbox"][2] - r["answer_bbox"][0], 2) for r in roomy] == (
        [width_at(6)] * 6 + [width_at(4), width_at(6)]
    )


def test_page_references_follow_the_answers_to_their_pages(book):
    _, result, manifest = book
    pages = page_texts(result.pdf)
    for record in manifest["mazes"]:
        assert f"answer p. {record['answer_page']}" in pages[record["page"] - 1]
        assert f"puzzle p. {record['page']}" in pages[record["answer_page"] - 1]
    assert len(pages) == result.pages == manifest["mazes"][-1]["answer_page"]


def test_a_dense_answer_is_drawn_where_the_manifest_says(book):
    _, result, manifest = book
    record = next(r for r in manifest["mazes"] if r["section"] == "Dense")
    maze = maze_of(record)
    assert wall_mismatches(RenderedPage(result.pdf, record["page"]), record["bbox"], maze) == []
    page = RenderedPage(result.pdf, record["answer_page"])
    assert overlay_mismatches(page, record["answer_bbox"], maze) == []


def test_a_maze_too_dense_even_for_four_goes_one_to_a_page(tmp_path):
    config = tmp_path / "one.yaml"
    config.write_text(CONFIG.replace("28x38", "48x64"), encoding="utf-8")
    manifest = json.loads(build(config, tmp_path / "one.pdf").manifest.read_text(encoding="utf-8"))
    dense = [r for r in manifest["mazes"] if r["section"] == "Dense"]
    assert len({r["answer_page"] for r in dense}) == 3
    assert min(_corridor(r) for r in dense) >= TWO_MM
    page = RenderedPage(tmp_path / "one.pdf", dense[0]["answer_page"])
    assert overlay_mismatches(page, dense[0]["answer_bbox"], maze_of(dense[0])) == []


# Each shape's narrowest corridor, in cell units: squares and hexagons a side, triangles
# their inscribed circle, a disc its shortest arc (a ring of 24 cells at radius 3).
CORRIDORS = {"square": 1.0, "hex": 1.0, "triangle": 1 / math.sqrt(3), "polar": 2 * math.pi * 3 / 24}


@pytest.mark.parametrize("shape", sorted(CORRIDORS))
@pytest.mark.parametrize("wall_grey", [0.0, 0.4])
def test_lines_follow_the_cell_and_the_solution_stays_inside_its_corridor(shape, wall_grey):
    corridor = CORRIDORS[shape]
    # From the smallest cell a maze may have (3.6 pt corridors) to the largest (1 inch).
    cells = [MIN_CELL_PT / corridor * 1.05**step for step in range(80)]
    cells = [cell for cell in cells if cell * corridor <= MAX_CELL_PT]
    previous = (0.0, 0.0, 0.0)
    for cell in cells:
        wall = printed_width(wall_width(cell), wall_grey)
        colour = solution_width(cell)
        grey = printed_width(grey_solution_width(cell), GREY_SOLUTION)
        clear = cell * corridor - wall
        assert wall >= MIN_LINE_PT and colour >= MIN_LINE_PT and grey >= MIN_LINE_PT
        assert colour < clear and grey < clear, (shape, cell, wall, colour, grey, clear)
        # Wider cells never get thinner lines: each grows with the cell up to its cap.
        assert all(now >= before for now, before in zip((wall, colour, grey), previous, strict=True))
        previous = (wall, colour, grey)
    # And they do grow: the widest lines are wider than the narrowest.
    assert wall_width(cells[-1]) > wall_width(cells[0])
    assert solution_width(cells[-1]) > solution_width(cells[0])
    assert grey_solution_width(cells[-1]) > grey_solution_width(cells[0])


@pytest.mark.parametrize("interior", ["color", "black-and-white"])
@pytest.mark.parametrize("wall_grey", [0.4, 0.9])
def test_light_walls_never_squeeze_the_solution_out_of_its_corridor(interior, wall_grey):
    # Walls lighter than 60 % black are drawn wider to print (4.5 pt at 0.9): in a small
    # cell the solution line narrows to the corridor they leave, down to the 0.75 pt minimum.
    book = load_book_text(
        f"title: Light\ninterior: {interior}\n"
        f"answer_key: {{wall_grey: {wall_grey}}}\n"
        "sections: [{title: A, size: 10x10, count: 1}]\n"
    )
    plan = BookPlan(book)
    topology = make_topology("square", (10, 10), None)
    slot = (0.0, 0.0, 400.0, 400.0)
    narrowed = 0
    for cell in (3.6, 5.0, 6.0, 8.0, 12.0, 20.0, 40.0):
        placement = centred(slot, slot, topology, cell)
        wall = plan.answer_wall(placement)
        clear = clear_corridor(placement, topology, wall)
        line = plan.solution_line(placement, topology)
        assert MIN_LINE_PT <= line <= max(clear, MIN_LINE_PT), (cell, wall, line, clear)
        nominal = (
            solution_width(cell)
            if interior == "color"
            else printed_width(grey_solution_width(cell), GREY_SOLUTION)
        )
        narrowed += line < nominal
    # Darker walls leave room everywhere; the lightest take it in the smallest cells.
    assert (narrowed > 0) == (wall_grey == 0.9)


def load_book_text(text: str):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "book.yaml"
        path.write_text(text, encoding="utf-8")
        return load_book(path)
