"""Classroom worksheets read back: distinct variants, variant codes on every sheet,
and a separate answer key whose every entry is the solution of its own variant."""

from __future__ import annotations

import json
from collections import defaultdict
from itertools import combinations
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.config import load_book
from bookmaker.maze.solve import shortest_path

from .command_line import in_process
from .readback import RenderedPage, endpoints_xy, maze_of, overlay_mismatches

ROOT = Path(__file__).resolve().parent.parent
CLASSROOM = ROOT / "configs" / "classroom.yaml"
COPIES = 12


def printed_under(record: dict) -> str:
    """What a worksheet prints under a maze: its code (recipe: code is the worksheet
    default), or its recipe where no code can carry the maze."""
    return f"maze code {record['code']}" if record["code"] else f"seed {record['seed']}"


# The module on one worker, so the classroom worksheets (the module fixture below) is built once, not on each.
pytestmark = pytest.mark.xdist_group("worksheets")


@pytest.fixture(scope="module")
def worksheets(tmp_path_factory):
    """configs/classroom.yaml as it stands, with fewer copies to keep the test quick."""
    folder = tmp_path_factory.mktemp("worksheets")
    text = CLASSROOM.read_text(encoding="utf-8")
    assert "copies: 30" in text
    config = folder / "classroom.yaml"
    config.write_text(text.replace("copies: 30", f"copies: {COPIES}"), encoding="utf-8")
    result = build(config, folder / "class.pdf")
    return result, json.loads(result.manifest.read_text(encoding="utf-8")), load_book(config)


def test_every_variant_has_every_section(worksheets):
    result, manifest, book = worksheets
    by_variant = defaultdict(list)
    for record in manifest["mazes"]:
        by_variant[record["variant"]].append(record["section"])
    assert len(by_variant) == COPIES
    expected = [s.title for s in book.sections for _ in range(s.count)]
    assert all(sections == expected for sections in by_variant.values())
    assert result.key_pdf is not None and result.key_pdf.name == "class-key.pdf"


def test_variants_are_pairwise_distinct_mazes(worksheets):
    _, manifest, _ = worksheets
    mazes = {r["number"]: maze_of(r) for r in manifest["mazes"]}
    for record in manifest["mazes"]:  # the manifest describes what we regenerate
        maze = mazes[record["number"]]
        assert maze.start is not None and maze.end is not None
        assert endpoints_xy(maze) == [record["start"], record["end"]]
    by_section = defaultdict(list)
    for record in manifest["mazes"]:
        by_section[record["section"]].append(record)
    for section, records in by_section.items():
        assert len(records) == COPIES
        for a, b in combinations(records, 2):
            assert bytes(mazes[a["number"]].cells) != bytes(mazes[b["number"]].cells), (
                f"{section}: variants {a['variant']} and {b['variant']} print the same maze"
            )
    assert len({r["seed"] for r in manifest["mazes"]}) == len(manifest["mazes"])


def test_each_sheet_shows_its_own_variant_code(worksheets):
    result, manifest, _ = worksheets
    reader = PdfReader(result.pdf)
    codes = {r["variant"] for r in manifest["mazes"]}
    assert len(codes) == COPIES
    for record in manifest["mazes"]:
        text = reader.pages[record["page"] - 1].extract_text()
        assert f"Variant {record['variant']}" in text, f"page {record['page']}"
        assert [c for c in codes if c in text] == [record["variant"]], f"page {record['page']}"
        assert printed_under(record) in text
    # The students' PDF holds no answers: they are all in the key.
    assert all(r["answer_file"] == result.key_pdf.name for r in manifest["mazes"])
    assert not any("Answer key" in page.extract_text() for page in reader.pages)


def test_key_labels_every_answer_with_its_variant(worksheets):
    result, manifest, _ = worksheets
    key = PdfReader(result.key_pdf)
    for record in manifest["mazes"]:
        text = key.pages[record["answer_page"] - 1].extract_text()
        # The label is the variant code and the maze's place in that variant.
        place = sum(
            1
            for r in manifest["mazes"]
            if r["variant"] == record["variant"] and r["number"] <= record["number"]
        )
        assert f"{record['variant']} · {place}" in text, f"key page {record['answer_page']}"
        assert printed_under(record) in text
        assert f"puzzle p. {record['page']}" in text


def test_key_overlay_is_the_solution_of_that_variants_maze(worksheets):
    result, manifest, _ = worksheets
    pages: dict[int, RenderedPage] = {}
    for record in manifest["mazes"]:
        assert record["answer_file"] == result.key_pdf.name
        maze = maze_of(record)
        assert len(shortest_path(maze, maze.start, maze.end)) == record["solution_length"]
        number = record["answer_page"]
        page = pages.get(number) or pages.setdefault(number, RenderedPage(result.key_pdf, number))
        assert overlay_mismatches(page, record["answer_bbox"], maze) == [], record["variant"]


def test_key_is_not_interchangeable_between_variants(worksheets):
    """Each key entry differs from every other variant's solution of the same section,
    so matching it to its own maze above means something."""
    _, manifest, _ = worksheets
    by_section = defaultdict(list)
    for record in manifest["mazes"]:
        maze = maze_of(record)
        by_section[record["section"]].append(tuple(shortest_path(maze, maze.start, maze.end)))
    for section, paths in by_section.items():
        assert len(paths) == COPIES
        assert len(set(paths)) == len(paths), f"{section}: two variants share an answer"


def test_too_small_cells_for_min_cell_is_a_clean_error(tmp_path):
    config = tmp_path / "big.yaml"
    config.write_text(
        """\
title: Worksheets
layout: worksheet
sections:
  - {title: Fine, size: 6x8, count: 1}
  - {title: Far Too Big, size: 30x40, count: 1}
worksheet: {copies: 3, min_cell: 12mm}
""",
        encoding="utf-8",
    )
    run = in_process("build", config, "-o", tmp_path / "out.pdf", "--quiet", cwd=ROOT)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert lines[0].startswith(f"{config}:5: sections[1].size: on a worksheet (worksheet.min_cell)")
    assert "34.0 pt minimum" in lines[0]  # 12 mm
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.yaml"]
