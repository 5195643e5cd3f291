"""Books of hexagonal, triangular and polar mazes, read back: the config keys and their
errors, the layout's corridors and centring, the manifest, worksheets and answer keys,
the printed recipe, and every wall read back from the rendered pixels."""

from __future__ import annotations

import json
import re
import textwrap
from collections import defaultdict
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from bookmaker.build import build
from bookmaker.cli import app
from bookmaker.commands.schema_cmd import book_schema
from bookmaker.config import ConfigError, load_book
from bookmaker.errors import BookmakerError
from bookmaker.layout.page_geometry import MIN_CELL_PT, place_maze, slot_maze_area
from bookmaker.maze import generate_on
from bookmaker.maze.shapes import SHAPE_NAMES, make_topology
from bookmaker.maze.solve import measure, solution, with_endpoints
from bookmaker.plan import difficulty_score
from bookmaker.preflight.interior import check_pdf
from bookmaker.render.maze_json import passages

from .recipes import maze_flags
from .wall_readback import pdf_to_pixels, wall_mismatches

ROOT = Path(__file__).resolve().parent.parent
SCALE = 3.0  # pixels per point: a 0.75 pt wall is over 2 px wide

SMALL_BOOK = """
title: Every shape
seed: 3
front_matter: {title_page: false, how_to: false, contents: false}
sections:
  - title: Squares
    size: 6x8
    count: 2
    per_page: 2
  - title: Hexes
    shape: hex
    algorithm: wilson
    size: 7x6
    count: 3
    per_page: 2
    order: difficulty
  - title: Triangles
    shape: triangle
    algorithm: hunt-and-kill
    size: 12x7
    count: 2
    per_page: 2
  - title: Discs
    shape: polar
    rings: 6
    count: 3
    per_page: 2
    order: difficulty
answer_key:
  per_page: 4
"""


def write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def topology_of(record: dict):
    """The topology a manifest entry names: by ``shape``, or by width and height (square)."""
    shape = record.get("shape") or {"kind": "square", "width": record["width"], "height": record["height"]}
    return make_topology(shape["kind"], (shape.get("width"), shape.get("height")), shape.get("rings"))


def maze_of(record: dict):
    """The maze a manifest entry describes, remade from its seed."""
    maze = generate_on(topology_of(record), record["algorithm"], record["seed"], **record.get("options", {}))
    return with_endpoints(maze, record["endpoints"])


def named_cell(maze, cell):
    """A cell as the manifest writes it: [x, y] on a square grid, the id on other shapes."""
    if cell is None or maze.topology.kind != "square":
        return cell
    return list(maze.topology.coordinates(cell))


# The module on one worker, so the small shapes book (the module fixture below) is built once, not on each.
pytestmark = pytest.mark.xdist_group("small_book")


@pytest.fixture(scope="module")
def small_book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shapes")
    result = build(write(folder, SMALL_BOOK), folder / "book.pdf")
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


# --- the config -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape, sized, endpoints",
    [
        ("square", "size: 8x6", "opposite"),
        ("hex", "size: 8x6", "opposite"),
        ("triangle", "size: 8x6", "opposite"),
        ("polar", "rings: 6", "centre"),
    ],
)
def test_each_shape_validates_with_its_size_key_and_default_endpoints(tmp_path, shape, sized, endpoints):
    book = load_book(
        write(
            tmp_path,
            f"""
        title: T
        sections:
          - {{title: A, shape: {shape}, {sized}, count: 1}}
          - {{title: B, shape: {shape}, {sized}, count: 1, endpoints: diameter}}
    """,
        )
    )
    first, second = book.sections
    assert first.topology.kind == shape and first.endpoints == endpoints
    assert second.endpoints == "diameter"  # a section's own endpoints always win


def test_every_shape_problem_is_reported_at_once_on_its_own_line(tmp_path):
    path = write(
        tmp_path,
        """
        title: T
        sections:
          - title: A
            shape: polar
            size: 10x10
            count: 1
          - title: B
            shape: triangle
            size: 1x4
            count: 1
          - title: C
            shape: hex
            algorithm: sidewinder
            size: 8x8
            count: 1
          - title: D
            shape: polar
            rings: 6
            endpoints: corners
            count: 1
    """,
    )
    problems = pytest.raises(ConfigError, load_book, path).value.problems
    assert [re.match(rf"{re.escape(str(path))}:(\d+): (\S+):", p).groups() for p in problems] == [
        ("6", "sections[0].size"),
        ("10", "sections[1].size"),
        ("14", "sections[2].algorithm"),
        ("20", "sections[3].endpoints"),
    ]
    assert "rings: 2 to 250" in problems[0]
    assert "at least 2 wide" in problems[1]
    assert "carves square mazes only, not hex" in problems[2] and "wilson" in problems[2]


def test_the_schema_asks_polar_sections_for_rings_and_the_others_for_a_size():
    jsonschema = pytest.importorskip("jsonschema")
    schema = book_schema()

    def valid(section: dict) -> bool:
        book = {"title": "T", "sections": [{"title": "A", "count": 1, **section}]}
        return jsonschema.Draft202012Validator(schema).is_valid(book)

    assert valid({"size": "8x8"}) and valid({"shape": "hex", "size": "8x8"})
    assert valid({"shape": "polar", "rings": 8})
    assert not valid({"shape": "polar", "size": "8x8"}) and not valid({"shape": "polar"})
    assert not valid({"shape": "hex", "rings": 8}) and not valid({"rings": 8})
    assert not valid({"shape": "polar", "rings": 1})
    assert not valid({"shape": "triangle", "size": "8x8", "algorithm": "eller"})
    assert valid({"size": "8x8", "algorithm": "eller"})


# --- the layout -------------------------------------------------------------------------

SLOTS = [(0, 0, 500, 700), (0, 0, 240, 200), (0, 0, 150, 400)]
TOPOLOGIES = [
    ("square", (20, 16), None),
    ("hex", (14, 12), None),
    ("triangle", (24, 12), None),
    ("polar", None, 9),
]


@pytest.mark.parametrize("slot", SLOTS)
@pytest.mark.parametrize("shape, size, rings", TOPOLOGIES)
def test_every_shape_keeps_corridors_as_wide_as_a_square_mazes(slot, shape, size, rings):
    topology = make_topology(shape, size, rings)
    for minimum in (MIN_CELL_PT, 8.0):
        try:
            placement = place_maze(slot, topology, minimum, "here")
        except BookmakerError as error:
            # Too fine: the size the error suggests fits.
            suggested = re.search(r"up to about (rings: )?(\d+)(?:x(\d+))?", str(error))
            assert str(error).startswith("here: ") and suggested
            smaller = make_topology(
                shape,
                suggested[3] and (int(suggested[2]), int(suggested[3])),
                None if suggested[3] else int(suggested[2]),
            )
            placement = place_maze(slot, smaller, minimum, "here")
            topology = smaller
        assert placement.cell * topology.corridor >= minimum
        x0, y0, x1, y1 = placement.bbox
        width, height = topology.box
        assert x1 - x0 == pytest.approx(width * placement.cell)
        assert y1 - y0 == pytest.approx(height * placement.cell)
        area = slot_maze_area(slot)
        assert area[0] <= x0 and x1 <= area[2] and area[1] <= y0 and y1 <= area[3]


@pytest.mark.parametrize("slot", SLOTS)
@pytest.mark.parametrize("shape, size, rings", TOPOLOGIES)
def test_each_shape_is_centred_in_its_slot(slot, shape, size, rings):
    topology = make_topology(shape, size, rings)
    try:
        placement = place_maze(slot, topology, MIN_CELL_PT, "here")
    except BookmakerError:
        pytest.skip("too fine for this slot")
    x0, y0, x1, y1 = placement.bbox
    ax0, ay0, ax1, ay1 = slot_maze_area(slot)
    assert (x0 + x1) / 2 == pytest.approx((ax0 + ax1) / 2, abs=0.01)
    assert (y0 + y1) / 2 == pytest.approx((ay0 + ay1) / 2, abs=0.01)
    if shape == "polar":  # the disc's middle is the box's: the middle of the slot
        assert x1 - x0 == pytest.approx(y1 - y0)


def test_a_polar_section_too_fine_for_its_slot_names_rings(tmp_path):
    path = write(
        tmp_path,
        """
        title: T
        sections:
          - {title: Discs, shape: polar, rings: 120, count: 1, per_page: 12}
    """,
    )
    with pytest.raises(BookmakerError) as error:
        build(path, tmp_path / "book.pdf")
    message = str(error.value)
    assert message.startswith(f"{path}:4: sections[0].rings: polar 120 rings gives ")
    assert re.search(r"up to about rings: \d+, or narrower margins or a larger page.size", message)


# --- the built book ---------------------------------------------------------------------


def test_the_manifest_names_each_shape_and_its_end_cells(small_book):
    _, manifest = small_book
    kinds = set()
    for record in manifest["mazes"]:
        maze = maze_of(record)
        kind = maze.topology.kind
        kinds.add(kind)
        if kind == "square":  # bookmaker.manifest/1 entries as before shapes
            assert "shape" not in record and (record["width"], record["height"]) == (6, 8)
            assert isinstance(record["start"], list)
        else:
            assert record["shape"] == maze.topology.shape_json()
            assert (record["braid"], record["mask"]) == (0, None)
            assert "width" not in record and "height" not in record
            assert isinstance(record["start"], int) and isinstance(record["end"], int)
        assert [record["start"], record["end"]] == [named_cell(maze, maze.start), named_cell(maze, maze.end)]
        assert record["solution_length"] == len(solution(maze))
        if kind == "polar":  # the default endpoints finish in the centre cell, id 0
            assert record["endpoints"] == "centre" and record["end"] == 0
    assert kinds == set(SHAPE_NAMES)


def test_corridors_in_the_book_are_at_least_the_minimum(small_book):
    _, manifest = small_book
    for record in manifest["mazes"]:
        topology = topology_of(record)
        for box in (record["bbox"], record["answer_bbox"]):
            cell = (box[2] - box[0]) / topology.box[0]
            assert cell * topology.corridor >= MIN_CELL_PT - 0.01, record["number"]
            assert (box[3] - box[1]) == pytest.approx(topology.box[1] * cell, abs=0.01)


def test_difficulty_order_and_the_answer_key_hold_for_every_shape(small_book):
    _, manifest = small_book
    by_section = defaultdict(list)
    for record in manifest["mazes"]:
        by_section[record["section"]].append(record)
    for title in ("Hexes", "Discs"):  # order: difficulty
        scores = [difficulty_score(measure(maze_of(r))) for r in by_section[title]]
        assert scores == sorted(scores), title
    answers = defaultdict(list)
    for record in manifest["mazes"]:
        answers[record["answer_page"]].append(record["number"])
    assert all(len(numbers) <= 4 for numbers in answers.values())
    assert sum(len(numbers) for numbers in answers.values()) == len(manifest["mazes"])


def test_the_printed_recipe_remakes_each_maze_with_the_maze_command(small_book):
    result, manifest = small_book
    document = pdfium.PdfDocument(str(result.pdf))
    runner = CliRunner()
    pages = defaultdict(list)
    for record in manifest["mazes"]:
        pages[record["page"]].append(record)
    for page, records in pages.items():
        text = document[page - 1].get_textpage().get_text_range()
        recipes = [line.strip() for line in text.splitlines() if " seed " in line]
        assert len(recipes) == len(records)
        for recipe, record in zip(recipes, records, strict=True):
            made = runner.invoke(app, ["maze", *maze_flags(recipe), "--format", "json", "-o", "-"])
            assert made.exit_code == 0, (recipe, made.output)
            printed, maze = json.loads(made.stdout), maze_of(record)
            if maze.topology.kind == "square":
                assert printed["cells"] == maze.rows()
            else:
                assert printed["shape"] == record["shape"]
                assert printed["passages"] == passages(maze)
            assert [printed["start"], printed["end"]] == [record["start"], record["end"]]
    document.close()


def wall_problems(pdf: Path, records: list[dict]) -> tuple[list[str], set[str]]:
    """Walls on the rendered puzzle pages that disagree with the mazes the manifest
    regenerates, and the shapes checked. Each maze is placed by its manifest ``bbox``,
    scaled by its topology's box."""
    document = pdfium.PdfDocument(str(pdf))
    pages = defaultdict(list)
    for record in records:
        pages[record["page"]].append(record)
    wrong, shapes = [], set()
    for number, on_page in pages.items():
        page = document[number - 1]
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        for record in on_page:
            maze = maze_of(record)
            x0, _, x1, y1 = record["bbox"]
            cell = (x1 - x0) / maze.topology.box[0]
            to_pixel = pdf_to_pixels(x0, y1, cell, (page.get_width(), page.get_height()), image.size)
            wrong += [
                f"maze {record['number']}: {problem}" for problem in wall_mismatches(image, to_pixel, maze)
            ]
            shapes.add(maze.topology.kind)
    document.close()
    return wrong, shapes


def test_every_wall_reads_back_from_the_rendered_pages(small_book):
    result, manifest = small_book
    wrong, shapes = wall_problems(result.pdf, manifest["mazes"])
    assert wrong == [] and shapes == set(SHAPE_NAMES)


def test_worksheets_of_every_shape_give_each_student_a_variant_and_a_separate_key(tmp_path):
    path = write(
        tmp_path,
        """
        title: Sheets
        seed: 8
        layout: worksheet
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - {title: Hex, shape: hex, size: 6x5, count: 1}
          - {title: Triangle, shape: triangle, size: 9x5, count: 1}
          - {title: Disc, shape: polar, rings: 4, count: 1}
        worksheet: {copies: 2, min_cell: 9mm, key: separate}
        answer_key: {per_page: 6}
    """,
    )
    result = build(path, tmp_path / "sheets.pdf")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert result.key_pdf is not None and len(manifest["mazes"]) == 6
    by_section = defaultdict(list)
    minimum = load_book(path).worksheet.min_cell
    for record in manifest["mazes"]:
        by_section[record["section"]].append(record)
        assert record["answer_file"] == result.key_pdf.name and record["answer_page"] == 1
        topology = topology_of(record)
        x0, _, x1, _ = record["bbox"]
        assert (x1 - x0) / topology.box[0] * topology.corridor >= minimum - 0.01
    for records in by_section.values():
        first, second = records
        assert first["variant"] != second["variant"] and first["seed"] != second["seed"]
        assert passages(maze_of(first)) != passages(maze_of(second))
    assert check_pdf(str(result.key_pdf), "home").ok


def test_the_sample_shapes_book_mixes_every_shape_from_easy_to_hard(sample_book):
    result = sample_book("shapes")  # built through the KDP preflight
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    book = load_book(ROOT / "configs" / "shapes.yaml")
    assert book.profile == "kdp" and book.trim_size == (612.0, 792.0)
    assert {s.shape for s in book.sections} == set(SHAPE_NAMES) and book.answer_key.enabled
    stars = defaultdict(list)
    for record in manifest["mazes"]:
        stars[record["section"]].append(record["stars"])
        assert record["answer_page"] > record["page"]
    # Stars are fitted to the book: its easiest maze gets 1, its hardest 5. Each opener shows
    # its section's mean, rounded, and they climb with the labels (the Very Easy squares and
    # the Easy hexagons score alike, so their unrounded means may cross).
    ratings = [round(sum(stars[s.title]) / len(stars[s.title])) for s in book.sections]
    assert ratings == sorted(ratings) and (ratings[0], ratings[-1]) == (1, 5)
    assert {star for section in stars.values() for star in section} == {1, 2, 3, 4, 5}
    assert check_pdf(str(result.pdf), "kdp", trim=book.trim_size).ok
    assert wall_problems(result.pdf, manifest["mazes"]) == ([], set(SHAPE_NAMES))
