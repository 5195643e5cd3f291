"""`bookmaker maze` as a user reads it: a pdf is a printable sheet, every caption is a whole
recipe that remakes its maze, a book's maze code remakes its maze, and an unknown file
suffix is an error rather than a file of the wrong kind. Run in this process."""

from __future__ import annotations

import json
import re
import sys

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.cli import main
from bookmaker.profiles import parse_size
from bookmaker.render.export import SHEET_MARGIN
from tests.recipes import maze_flags

LETTER, A4 = parse_size("letter"), parse_size("a4")


@pytest.fixture
def maze(monkeypatch, capsys, tmp_path):
    """Runs `bookmaker maze ARGS` through main() in ``tmp_path``: (exit code, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)

    def run(*args) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["bookmaker", "maze", *map(str, args)])
        with pytest.raises(SystemExit) as stop:
            main()
        out, err = capsys.readouterr()
        return stop.value.code or 0, out, err

    return run


def refused(result, *words) -> str:
    code, out, err = result
    assert code == 2 and out == "" and err.count("\n") == 1, err
    for word in words:
        assert word in err
    return err


# --- the file's kind --------------------------------------------------------------------


def test_an_unknown_suffix_is_an_error_and_writes_nothing(maze, tmp_path):
    refused(maze("-s", "5x5", "-o", "x.gif"), "-o x.gif", ".gif", ".txt", ".pdf", "--format")
    assert list(tmp_path.iterdir()) == []
    assert maze("-s", "5x5", "-o", "x.txt")[0] == 0
    assert (tmp_path / "x.txt").read_text(encoding="utf-8").startswith("recursive-backtracker 5x5")
    assert maze("-s", "5x5", "-f", "svg", "-o", "x.gif")[0] == 0  # --format decides
    assert (tmp_path / "x.gif").read_text(encoding="utf-8").startswith("<svg")


# --- captions are whole recipes ---------------------------------------------------------

CAPTIONED = [
    ["--algorithm", "wilson", "--shape", "hex", "--size", "7x6", "--seed", 5, "-e", "opposite"],
    [
        "--algorithm",
        "kruskal",
        "--shape",
        "polar",
        "--rings",
        6,
        "--seed",
        9,
        "--start",
        "5,3",
        "--end",
        "0,0",
    ],
    ["--algorithm", "prim", "--size", "9x7", "--seed", 2, "--braid", 0.5, "-e", "corners"],
    [
        "--algorithm",
        "growing-tree",
        "--option",
        "policy=oldest",
        "--size",
        "6x8",
        "--seed",
        3,
        "-e",
        "diameter",
    ],
]


@pytest.mark.parametrize("args", CAPTIONED, ids=["hex", "polar-cells", "braid", "options"])
def test_retyping_a_pdf_or_svg_caption_remakes_the_maze(maze, tmp_path, args):
    assert maze(*args, "--solution", "-o", "m.pdf")[0] == 0
    assert maze(*args, "-o", "m.svg")[0] == 0
    caption = PdfReader(tmp_path / "m.pdf").pages[0].extract_text().splitlines()[-1].strip()
    svg = (tmp_path / "m.svg").read_text(encoding="utf-8")
    assert f"<title>{caption}</title>" in svg
    if "--start" in args:
        assert caption.endswith("start 5,3 end 0,0")
    assert maze(*args, "-f", "json", "--solution", "-o", "given.json")[0] == 0
    assert maze(*maze_flags(caption), "-f", "json", "--solution", "-o", "retyped.json")[0] == 0
    assert (tmp_path / "retyped.json").read_bytes() == (tmp_path / "given.json").read_bytes()


# --- a pdf is a printable sheet ---------------------------------------------------------


def dark_box(page, scale: float = 2.0) -> tuple[float, float, float, float]:
    """The box round every dark pixel of a rendered page, in PDF points from the top left."""
    image = page.render(scale=scale).to_pil().convert("L").point(lambda v: 255 if v < 128 else 0)
    x0, y0, x1, y1 = image.getbbox()
    return x0 / scale, y0 / scale, x1 / scale, y1 / scale


def test_a_pdf_is_a_centred_letter_sheet_with_a_title_and_the_solution_on_page_two(maze, tmp_path):
    assert (
        maze(
            "-a",
            "wilson",
            "-s",
            "12x15",
            "--seed",
            7,
            "-e",
            "opposite",
            "--solution",
            "--title",
            "Maze for Sam",
            "-o",
            "sam.pdf",
        )[0]
        == 0
    )
    reader = PdfReader(tmp_path / "sam.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(LETTER)
    first, second = (page.extract_text() for page in reader.pages)
    assert first.startswith("Maze for Sam") and "wilson 12x15 seed 7 opposite" in first
    assert second.startswith("Maze for Sam – solution")
    document = pdfium.PdfDocument(tmp_path / "sam.pdf")
    page_w, page_h = LETTER
    # The drawing below the title line: the maze with its arrows, centred across the page.
    puzzle = document[0]
    ink = dark_box(puzzle)  # title, arrows and maze: all inside the half-inch margins
    assert ink[0] >= SHEET_MARGIN - 1 and ink[2] <= page_w - SHEET_MARGIN + 1
    assert ink[1] >= SHEET_MARGIN - 1 and ink[3] <= page_h - SHEET_MARGIN + 1
    title_bottom = SHEET_MARGIN + 20
    # The maze fills the page's width or its height between the title and the recipe.
    walls = _walls_box(puzzle)
    assert walls[1] > title_bottom
    assert (walls[0] + walls[2]) / 2 == pytest.approx(page_w / 2, abs=3)
    assert walls[2] - walls[0] > 0.75 * (page_w - 2 * SHEET_MARGIN) or walls[3] - walls[1] > 0.75 * (
        page_h - 2 * SHEET_MARGIN - 60
    )
    document.close()


def _walls_box(page, scale: float = 2.0) -> tuple[float, float, float, float]:
    """The outer wall's box: the longest dark rows and columns of the rendered page."""
    image = page.render(scale=scale).to_pil().convert("L")
    width, height = image.size
    pixels = image.load()
    rows = [y for y in range(height) if sum(pixels[x, y] < 128 for x in range(0, width, 2)) > width / 8]
    columns = [x for x in range(width) if sum(pixels[x, y] < 128 for y in range(0, height, 2)) > height / 8]
    return columns[0] / scale, rows[0] / scale, columns[-1] / scale, rows[-1] / scale


def test_a4_and_fit_pages(maze, tmp_path):
    # closed (no openings), so that the outer wall's box is read from whole dark lines
    assert maze("-s", "6x6", "--endpoints", "none", "--page", "a4", "-o", "a4.pdf")[0] == 0
    box = PdfReader(tmp_path / "a4.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(A4)
    # A small maze is not blown up into a few giant cells: half-inch corridors at most.
    walls = _walls_box(pdfium.PdfDocument(tmp_path / "a4.pdf")[0])
    assert walls[2] - walls[0] == pytest.approx(6 * 36, abs=3)
    assert maze("-s", "6x6", "--endpoints", "none", "--page", "fit", "--cell", 20, "-o", "fit.pdf")[0] == 0
    box = PdfReader(tmp_path / "fit.pdf").pages[0].mediabox
    assert float(box.width) < 6 * 20 + 100  # cut to the maze, not a sheet


def test_what_cannot_go_on_a_sheet_is_said_plainly(maze, tmp_path):
    refused(
        maze("-s", "400x400", "-o", "big.pdf"),
        "400x400",
        "8.5 x 11.0 in",
        "pt corridors",
        "use a size up to about",
        "--page fit",
    )
    refused(maze("-s", "20x20", "--cell", 40, "-o", "big.pdf"), "needs a", "--page fit", "smaller --cell")
    refused(maze("-s", "5x5", "--page", "a4", "-o", "m.png"), "--page", "pdf", "png")
    refused(maze("-s", "5x5", "--page", "fit", "--title", "Hi", "-o", "m.pdf"), "--title")
    refused(maze("-s", "5x5", "--page", "huge", "-o", "m.pdf"), "--page:", "huge", "fit")
    assert list(tmp_path.iterdir()) == []


# --- codes ------------------------------------------------------------------------------


def test_a_code_printed_in_a_book_remakes_its_maze(maze, tmp_path):
    config = tmp_path / "book.yaml"
    config.write_text(
        "title: Codes\nprofile: kdp\npage: {size: 8.5x11}\n"
        "sections:\n  - {title: A, size: 8x10, count: 2}\n"
        "  - {title: B, shape: polar, rings: 5, count: 1, braid: 0.25}\n",
        encoding="utf-8",
    )
    result = build(config, tmp_path / "book.pdf")
    records = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    reader = PdfReader(result.pdf)
    for record in records:
        # A kdp book prints the code bare, for the publisher's records.
        printed = re.findall(
            r"\b([0-9A-Z]{4}(?:-[0-9A-Z]{1,4})+)\b", reader.pages[record["page"] - 1].extract_text()
        )
        assert record["code"] in printed
        code, _, err = maze(
            "--code",
            record["code"].lower().replace("-", " "),
            "-f",
            "json",
            "--solution",
            "-o",
            f"{record['number']}.json",
        )
        assert code == 0, err
        made = json.loads((tmp_path / f"{record['number']}.json").read_text(encoding="utf-8"))
        assert made["seed"] == record["seed"] and made["start"] == record["start"]
        assert made["end"] == record["end"]
        assert made["stats"]["solution_length"] == record["solution_length"]


def test_a_code_and_a_flag_it_gives_do_not_mix(maze):
    refused(maze("--code", "82J8-9A17-BZGZ-WGRP", "--seed", 3), "--seed", "--code")
    refused(maze("--code", "82J8-9A17-BZGZ-WGRQ"), "mistyped")
