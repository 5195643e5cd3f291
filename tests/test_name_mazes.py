"""Name mazes a child can read (issue 23, part 3): a student's name cut into a grid keeps its
letters 5 cells tall with strokes 2 cells thick, the way from start to finish runs through the
letters, a name too long for the page is an error that says what would work, and a class's
answer key packs its answers onto few pages.

Letters are measured on the mask a maze is made on: a letter's cells are the mask's cells under
that character's advance in the drawn text, so a mask that lost or thinned a letter fails.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.config import ConfigError
from bookmaker.masks import MaskSpec, masked_grid
from bookmaker.masks.sampling import dark_cells, fit
from bookmaker.masks.text import MIN_LETTER_ROWS, lettering, text_picture
from bookmaker.maze import generate_on
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.prepare import prepare

NAMES = [
    "Ava",
    "Ben",
    "Chloe",
    "Daniel",
    "Emma",
    "Finn",
    "Grace",
    "Henry",
    "Isla",
    "Jack",
    "Katie",
    "Leo",
    "Mia",
    "Noah",
    "Olivia",
    "Zoë",
]
TWO_MM = 2 * 72 / 25.4


def write(folder: Path, text: str, name: str = "names.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        prepare(path, mazes=False)
    assert all("\n" not in line for line in caught.value.problems)
    return caught.value.problems


def letter_cells(name: str, grid) -> dict[int, list[int]]:
    """For each letter of ``name`` (by its index among the drawn characters), the mask's cells
    whose centres lie under its advance and which its ink darkens."""
    text = text_picture(name)
    ink = dark_cells(text.picture, make_topology("square", (grid.width, grid.height)))
    left, top, scale = fit(text.picture.size, grid)
    found: dict[int, list[int]] = {}
    for index, (char, x0, x1, y0, y1) in enumerate(text.characters):
        if not char.isalnum():
            continue
        found[index] = [
            cell
            for cell in range(grid.cells)
            if grid.present[cell]
            and ink[cell]
            and x0 <= (grid.grid_centre(cell)[0] - left) / scale < x1
            and y0 <= (grid.grid_centre(cell)[1] - top) / scale < y1
        ]
    return found


@pytest.mark.parametrize("name", NAMES + ["Wilhelmina", "van der Berg", "Mia\nvan Dam"])
def test_every_letter_of_a_name_maze_is_five_cells_tall_with_strokes_two_cells_thick(name):
    grid = masked_grid("square", None, MaskSpec("text", name))  # size: auto
    cut = lettering(text_picture(name), make_topology("square", (grid.width, grid.height)))
    assert cut.flaw is None
    for (char, cells), under in zip(
        [(c, cells) for c, cells in cut.characters if c.isalnum()],
        letter_cells(name, grid).values(),
        strict=True,
    ):
        assert cells, f"'{char}' of {name} is lost"
        assert all(grid.present[cell] for cell in cells)
        # Most of the letter's ink is kept: thinning did not eat the letter away.
        assert len(cells) >= 0.8 * len(under), f"'{char}' of {name}"
        rows = {cell // grid.width for cell in cells}
        assert max(rows) - min(rows) + 1 >= MIN_LETTER_ROWS, f"'{char}' of {name}"
        kept = set(cells)
        w = grid.width
        for cell in cells:  # every cell of the letter lies in a 2 x 2 block of the letter
            assert any(
                {c, c + 1, c + w, c + w + 1} <= kept and (c % w) + 1 < w
                for c in (cell, cell - 1, cell - w, cell - w - 1)
            ), f"'{char}' of {name} is one cell thick at {cell % w},{cell // w}"


@pytest.mark.parametrize("name", ["Wilhelmina", "Chloe", "Ava", "Olivia", "Noah", "Henry"])
def test_the_way_through_a_name_maze_runs_through_its_letters_not_along_a_bar(name):
    grid = masked_grid("square", None, MaskSpec("text", name))
    letters = {cell for cells in letter_cells(name, grid).values() for cell in cells}
    for seed in range(5):
        maze = with_endpoints(generate_on(grid, "wilson", seed), "opposite")
        path = solution(maze)
        share = sum(cell in letters for cell in path) / len(path)
        assert share >= 0.5, f"{name} seed {seed}: {share:.0%} of the way inside letters"


def test_a_name_maze_is_sized_to_its_letters_unless_a_size_is_given(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            mask: {text: "{name}"}
            count: 1
          - title: Tom
            mask: {text: Tom}
            size: auto
            count: 1
        worksheet: {names: [Ava, Ben], min_cell: 4mm}
    """,
    )
    ready = prepare(config, mazes=False)
    sizes = [(job.width, job.height) for job in ready.maze_jobs]
    assert sizes[0] != sizes[2]  # Ava's and Ben's grids fit their own names
    assert sizes[1] == sizes[3]
    for size in sizes:
        assert 5 <= size[1] <= 20 and size[0] > 2 * size[1]
    # size: auto sizes letters only.
    config = write(
        tmp_path,
        """
        title: T
        sections:
          - title: S
            mask: {outline: heart}
            size: auto
            count: 1
    """,
    )
    (found,) = problems(config)
    assert found.startswith(f"{config}:6: sections[0].size: ") and "text mask" in found


def test_a_name_at_a_size_it_cannot_be_read_at_fails_validate_on_one_line(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            algorithm: wilson
            mask: {text: "{name}"}
            size: 40x16
            count: 1
        worksheet:
          min_cell: 4mm
          names:
            - Wilhelmina van der Berg
            - Daniel
    """,
    )
    (found,) = problems(config)
    assert found.startswith(f"{config}:8: sections[0].size: ")
    assert "'Wilhelmina van der Berg' and 1 other name" in found and "size: auto" in found


def test_a_name_too_wide_for_the_page_names_the_pupil_and_what_would_work(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            mask: {text: "{name}"}
            count: 1
        worksheet:
          min_cell: 1.8mm
          names:
            - Ava
            - Mia van Dam
    """,
    )
    (found,) = problems(config)
    assert found.startswith(f"{config}:12: worksheet.names[1]: 'Mia van Dam' ")
    # So wide a name's answer would not fit the key at any min_cell: none is offered.
    assert "worksheet.min_cell: " not in found.split("What would work")[1]
    for advice in ("a shorter name (about ", 'two lines, written "Mia\\nvan Dam"'):
        assert advice in found, advice
    text = config.read_text(encoding="utf-8")
    ready = prepare(write(tmp_path, text.replace("- Mia van Dam", '- "Mia\\nvan Dam"')), mazes=False)
    job = ready.maze_jobs[1]
    assert job.mask.source == "Mia\nvan Dam" and job.height > 2 * 14
    # Where a smaller min_cell works, it is offered, and it works.
    config = write(
        tmp_path, text.replace("min_cell: 1.8mm", "min_cell: 4mm").replace("- Mia van Dam", "- Chloe")
    )
    (found,) = problems(config)
    assert found.startswith(f"{config}:12: worksheet.names[1]: 'Chloe' ")
    offered = found.split("worksheet.min_cell: ")[1].split("mm")[0]
    prepare(
        write(tmp_path, config.read_text().replace("min_cell: 4mm", f"min_cell: {offered}mm")), mazes=False
    )


def test_a_name_on_two_lines_prints_on_one_in_the_name_field_and_is_remade_from_its_recipe(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Your name
            algorithm: wilson
            mask: {text: "{name}"}
            count: 1
        worksheet:
          min_cell: 1.8mm
          names: ["Mia\\nvan Dam"]
    """,
    )
    result = build(config, tmp_path / "two.pdf")
    text = PdfReader(result.pdf).pages[0].extract_text()
    assert "Mia van Dam" in text
    assert 'text="Mia\\nvan Dam"' in text  # the recipe, as --mask-text takes it back
    grid = masked_grid("square", None, MaskSpec("text", "Mia\nvan Dam"))
    record = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"][0]
    assert record["shape"]["width"] == grid.width and record["shape"]["height"] == grid.height


def test_every_problem_of_the_worksheet_is_reported_in_one_run_repeated_names_too(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            mask: {text: "{name}"}
            count: 1
        worksheet:
          min_cell: 3mm
          names:
            - Ann
            - Bob
            - " ann "
            - Wilhelmina van der Berg
            - Bob
    """,
    )
    found = problems(config)
    assert [line.split(": ")[1] for line in found] == [
        "worksheet.names[2]",
        "worksheet.names[3]",
        "worksheet.names[4]",
    ]
    assert "'ann' is names[0] again" in found[0] and "'Bob' is names[1] again" in found[2]
    # A problem the loader finds does not hide the copies and min_cell problems beside it.
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            mask: {text: "{name}"}
            count: 1
        worksheet:
          copies: 3
          min_cell: -4mm
          names: [Ann, Bob]
    """,
    )
    found = problems(config)
    assert [line.split(": ")[1] for line in found] == ["worksheet.copies", "worksheet.min_cell"]


SIXTEEN = (
    """\
title: Name Mazes
seed: 7
layout: worksheet
front_matter: {title_page: false, how_to: false, contents: false}
sections:
  - title: Your name
    algorithm: wilson
    mask: {text: "{name}"}
    count: 1
  - title: Challenge
    algorithm: wilson
    size: 10x12
    count: 1
worksheet:
  min_cell: 2.2mm
"""
    + f"  names: [{', '.join(NAMES)}]\n"
)


@pytest.fixture(scope="module")
def sixteen(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sixteen")
    config = folder / "sixteen.yaml"
    config.write_text(SIXTEEN, encoding="utf-8")
    result = build(config, folder / "sixteen.pdf")  # runs the preflight build runs
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


# One worker of a parallel run takes every test of the worksheets, which are then built once.
@pytest.mark.xdist_group("sixteen_names")
def test_sixteen_name_worksheets_have_a_key_of_at_most_ten_pages(sixteen):
    result, manifest = sixteen
    assert len(PdfReader(result.pdf).pages) == 32
    assert len(PdfReader(result.key_pdf).pages) <= 10
    # Packed, yet every answer keeps 2 mm corridors.
    for record in manifest["mazes"]:
        x0, _, x1, _ = record["answer_bbox"]
        cell = (x1 - x0) / record["shape"]["width"] if "shape" in record else (x1 - x0) / record["width"]
        assert cell > TWO_MM


@pytest.mark.xdist_group("sixteen_names")
def test_a_name_worksheet_prints_the_name_as_its_maze(sixteen):
    """The worksheet page, rendered: its maze's ink spans the page's width, in a band as
    flat as a name, and its recipe names the child."""
    result, manifest = sixteen
    record = next(r for r in manifest["mazes"] if r.get("mask", {}).get("source") == "Chloe")
    pdf = pdfium.PdfDocument(str(result.pdf))
    page = pdf[record["page"] - 1]
    assert "Chloe" in page.get_textpage().get_text_range()
    x0, y0, x1, y1 = record["bbox"]
    width, height = page.get_size()
    assert x1 - x0 > 0.6 * width and (x1 - x0) > 3 * (y1 - y0)


def test_one_size_too_large_for_the_worksheet_page_is_one_line_whatever_the_names(tmp_path):
    config = write(
        tmp_path,
        """
        title: Names
        layout: worksheet
        sections:
          - title: Your name
            mask: {text: "{name}"}
            size: 60x20
            count: 1
        worksheet: {names: [Ava, Ben, Tom]}
    """,
    )
    (found,) = problems(config)
    assert found.startswith(f"{config}:7: sections[0].size: on a worksheet")
