"""Building sample books and reading them back: pages, text, fonts, and the drawn mazes."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.maze.solve import shortest_path

from .command_line import in_process
from .readback import (
    RenderedPage,
    endpoints_xy,
    is_dark,
    maze_of,
    overlay_mismatches,
    wall_mismatches,
)

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"


@pytest.fixture(scope="module")
def default_book(sample_book):
    result = sample_book("default")
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


def test_manifest_matches_pdf(default_book):
    result, manifest = default_book
    reader = PdfReader(result.pdf)
    assert manifest["format"] == "bookmaker.manifest/1"
    assert manifest["pages"] == len(reader.pages) == result.pages
    assert manifest["pdf_sha256"] == hashlib.sha256(result.pdf.read_bytes()).hexdigest()
    assert [m["number"] for m in manifest["mazes"]] == list(range(1, len(manifest["mazes"]) + 1))
    assert reader.metadata.title == "Maze Book"
    assert reader.metadata.author == "Bookmaker"


def test_page_text_names_numbers_and_answer_pages(default_book):
    result, manifest = default_book
    reader = PdfReader(result.pdf)
    for record in manifest["mazes"]:
        puzzle_text = reader.pages[record["page"] - 1].extract_text()
        assert f"answer p. {record['answer_page']}" in puzzle_text
        assert f"seed {record['seed']}" in puzzle_text
        answer_text = reader.pages[record["answer_page"] - 1].extract_text()
        assert f"puzzle p. {record['page']}" in answer_text
    contents = reader.pages[2].extract_text()
    assert "Contents" in contents and "Answers" in contents


def test_every_font_is_embedded(default_book):
    result, _ = default_book
    reader = PdfReader(result.pdf)
    for number, page in enumerate(reader.pages, start=1):
        fonts = page["/Resources"].get("/Font", {})
        assert fonts, f"page {number} lists no font"
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                f"page {number}: {font['/BaseFont']} is not embedded"
            )


def test_drawn_walls_match_the_maze_data(default_book):
    result, manifest = default_book
    for record in manifest["mazes"]:
        maze = maze_of(record)
        assert endpoints_xy(maze) == [record["start"], record["end"]]
        page = RenderedPage(result.pdf, record["page"])
        assert wall_mismatches(page, record["bbox"], maze) == [], f"maze {record['number']}"


def test_answer_overlay_covers_exactly_the_solution(default_book):
    result, manifest = default_book
    for record in manifest["mazes"]:
        maze = maze_of(record)
        assert len(shortest_path(maze, maze.start, maze.end)) == record["solution_length"]
        page = RenderedPage(result.pdf, record["answer_page"])
        assert overlay_mismatches(page, record["answer_bbox"], maze) == [], f"answer {record['number']}"


def test_same_config_same_bytes_across_processes_jobs_and_environment(default_book, tmp_path):
    result, _ = default_book
    original = result.pdf.read_bytes()
    manifest = result.manifest.read_text(encoding="utf-8")
    env = {**os.environ, "PYTHONHASHSEED": "123", "SOURCE_DATE_EPOCH": "1700000000"}
    out = tmp_path / "again.pdf"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.always_spread",  # two processes, which a book this small would not take
            "build",
            str(CONFIGS / "default.yaml"),
            "-o",
            str(out),
            "--jobs",
            "2",
            "--quiet",
        ],
        check=True,
        env=env,
        cwd=ROOT,
        capture_output=True,
    )
    assert out.read_bytes() == original
    again = json.loads(out.with_name("again.manifest.json").read_text(encoding="utf-8"))
    first = json.loads(manifest)
    assert again["mazes"] == first["mazes"] and again["pdf_sha256"] == first["pdf_sha256"]


def test_another_section_leaves_mazes_unchanged(tmp_path):
    base = (CONFIGS / "default.yaml").read_text(encoding="utf-8")
    extra = base.replace("sections:", "sections:\n  - title: Inserted\n    size: 5x5\n    count: 2\n", 1)
    (tmp_path / "a.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(extra, encoding="utf-8")
    seeds = []
    for name in ("a", "b"):
        result = build(tmp_path / f"{name}.yaml", tmp_path / f"{name}.pdf")
        records = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
        seeds.append({(m["section"], m["seed"]) for m in records if m["section"] != "Inserted"})
    assert seeds[0] == seeds[1]


def test_maze_command_regenerates_a_printed_maze(default_book):
    _, manifest = default_book
    record = manifest["mazes"][-1]
    printed = in_process(
        "maze",
        "--algorithm",
        record["algorithm"],
        "--size",
        f"{record['width']}x{record['height']}",
        "--seed",
        record["seed"],
        "--endpoints",
        record["endpoints"],
        "--format",
        "json",
        cwd=ROOT,
    )
    assert printed.returncode == 0, printed.stderr
    document = json.loads(printed.stdout)
    assert document["cells"] == maze_of(record).rows()
    assert document["start"] == record["start"] and document["end"] == record["end"]


def test_a_maze_too_fine_for_its_slot_names_the_section_and_writes_nothing(tmp_path):
    config = tmp_path / "fine.yaml"
    config.write_text(
        "title: Too fine\nsections:\n  - title: Giant\n    size: 400x400\n    count: 1\n    per_page: 12\n",
        encoding="utf-8",
    )
    out = tmp_path / "fine.pdf"
    out.write_bytes(b"the earlier good book")
    run = in_process("build", config, "-o", out, cwd=ROOT)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert lines[0].startswith(f"{config}:4: sections[0].size: ") and "up to about" in lines[0]
    assert out.read_bytes() == b"the earlier good book"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fine.pdf", "fine.yaml"]


def test_bleed_books_get_thumb_tabs_that_run_into_the_bleed(tmp_path):
    config = tmp_path / "tabs.yaml"
    config.write_text(
        "title: Tabs\nprofile: kdp\npage: {size: 6x9, bleed: true}\nfront_matter: {how_to: false}\n"
        "sections:\n  - title: One\n    size: 6x6\n    count: 2\n",
        encoding="utf-8",
    )
    result = build(config, tmp_path / "tabs.pdf")
    record = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"][0]
    page = RenderedPage(result.pdf, record["page"], scale=2)
    width_pt = page.image.width / page.scale
    outside_right = record["page"] % 2 == 1
    edge_x = width_pt - 1 if outside_right else 1
    darks = [y for y in range(1, int(page.height_pt) - 1) if is_dark(page.pixel(edge_x, y))]
    assert darks, "no tab reaches the bleed edge"
    inner_x = width_pt - 9 - 0.35 * 72 if outside_right else 9 + 0.35 * 72
    assert not any(is_dark(page.pixel(inner_x, y)) for y in darks), "tab reaches into the page"


def test_a_tiny_maze_gets_cells_of_at_most_an_inch(tmp_path):
    config = tmp_path / "tiny.yaml"
    config.write_text(
        "title: Tiny\nsections:\n  - title: One\n    size: 2x1\n    count: 1\n", encoding="utf-8"
    )
    manifest = build(config, tmp_path / "tiny.pdf").manifest.read_text(encoding="utf-8")
    record = json.loads(manifest)["mazes"][0]
    x0, y0, x1, y1 = record["bbox"]
    assert (x1 - x0) == pytest.approx(144, abs=0.01) and (y1 - y0) == pytest.approx(72, abs=0.01)


def test_cells_style_shades_exactly_the_solution_cells_in_a_tint(tmp_path, build_book):
    _, result, manifest = build_book(
        tmp_path,
        """
        title: Shaded
        front_matter: {title_page: false, how_to: false, contents: false}
        answer_key: {style: cells, per_page: 1}
        sections:
          - title: A
            algorithm: wilson
            size: 9x7
            count: 1
            endpoints: border
    """,
        "cells",
    )
    (record,) = manifest["mazes"]
    maze = maze_of(record)
    on_path = {maze.topology.coordinates(cell) for cell in shortest_path(maze, maze.start, maze.end)}
    page = RenderedPage(result.pdf, record["answer_page"])
    x0, _, x1, y1 = record["answer_bbox"]
    cell = (x1 - x0) / maze.width

    def tinted(x: float, y: float) -> bool:
        # #D62728 lightened to 45 %: about (236, 158, 158); no wall, page or line colour.
        r, g, b = page.pixel(x0 + x * cell, y1 - y * cell)
        return r > 200 and 120 < g < 200 and 120 < b < 200

    wrong = []
    for y in range(maze.height):
        for x in range(maze.width):
            # A quarter in from the corner: off the walls, and off a line through the centres.
            if tinted(x + 0.25, y + 0.25) != ((x, y) in on_path):
                wrong.append((x, y))
            elif (x, y) in on_path and not tinted(x + 0.5, y + 0.5):  # no line drawn over it
                wrong.append((x, y, "centre"))
    assert wrong == []
    assert 2 < len(on_path) < maze.width * maze.height
