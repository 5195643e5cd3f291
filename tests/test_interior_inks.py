"""Interiors right for the paper they print on: a black-and-white interior holds only
greys, its answer key's path stays apart from the walls, and every printed line is
at least 0.75 pt and 60 % black, or wider where lighter. Read back from the PDF:
rendered pixels, and the stroke widths and greys its content streams set."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from bookmaker.build import build
from bookmaker.config import ConfigError, load_book

from .readback import RenderedPage, is_red, maze_of, overlay_mismatches

ROOT = Path(__file__).resolve().parents[1]
COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN"}


def small_book(
    tmp_path: Path,
    extra: str = "",
    profile: str = "kdp",
    answer_key: str = "{per_page: 4}",
    size: str = "6x6",
) -> Path:
    config = tmp_path / "book.yaml"
    config.write_text(
        f"""\
title: Inks
seed: 5
profile: {profile}
front_matter: {{title_page: true, how_to: false, contents: false}}
answer_key: {answer_key}
sections:
  - {{title: Easy, difficulty: Easy, size: {size}, count: 4, per_page: 2}}
{extra}""",
        encoding="utf-8",
    )
    return config


def built(tmp_path: Path, extra: str = "", answer_key: str = "{per_page: 4}", size: str = "6x6"):
    result = build(small_book(tmp_path, extra, answer_key=answer_key, size=size), tmp_path / "book.pdf")
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


def is_path_grey(rgb) -> bool:
    """The black-and-white path's 35 % grey (166), not the walls' 60 % (102) nor paper."""
    return max(rgb) - min(rgb) <= 2 and 140 <= rgb[0] <= 195


def strokes(pdf: Path) -> list[tuple[float, float | None]]:
    """(width in points, grey or None for a colour) of every stroke in the file's pages,
    through the graphics state stack and every scale a ``cm`` sets."""
    found = []
    for page in PdfReader(pdf).pages:
        scale, width, grey = 1.0, 1.0, 0.0
        stack = []
        for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
            if op == b"q":
                stack.append((scale, width, grey))
            elif op == b"Q":
                scale, width, grey = stack.pop()
            elif op == b"cm":
                a, b, c, d = (float(v) for v in operands[:4])
                scale *= math.sqrt(abs(a * d - b * c))
            elif op == b"w":
                width = float(operands[0])
            elif op == b"G":
                grey = float(operands[0])
            elif op == b"RG":
                grey = None
            elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
                found.append((width * scale, grey))
    return found


def test_a_black_and_white_interior_holds_only_greys(tmp_path):
    result, _ = built(tmp_path)
    reader = PdfReader(result.pdf)
    for number, page in enumerate(reader.pages, start=1):
        used = {op for _, op in ContentStream(page.get_contents(), reader).operations}
        assert not used & COLOUR_OPERATORS, f"page {number}"
    document = pdfium.PdfDocument(str(result.pdf))
    for index in range(len(document)):
        red, green, blue = document[index].render(scale=1).to_pil().convert("RGB").split()
        for a, b in ((red, green), (green, blue)):
            assert ImageChops.difference(a, b).getextrema()[1] <= 2, f"page {index + 1}"
    document.close()


def test_its_answer_key_draws_each_path_in_a_grey_apart_from_the_walls(tmp_path):
    result, manifest = built(tmp_path)
    for record in manifest["mazes"]:
        page = RenderedPage(result.pdf, record["answer_page"])
        maze = maze_of(record)
        assert overlay_mismatches(page, record["answer_bbox"], maze, is_path_grey) == []
    widths = {grey: width for width, grey in strokes(result.pdf)}
    assert widths[0.65] >= 2 * widths[0.4] - 1e-3  # the path, broad, over walls at 60 % black


def test_a_colour_interior_draws_the_path_in_its_colour(tmp_path):
    result, manifest = built(tmp_path, "interior: color\ncover: {paper: standard-color}\n")
    record = manifest["mazes"][0]
    page = RenderedPage(result.pdf, record["answer_page"])
    assert overlay_mismatches(page, record["answer_bbox"], maze_of(record), is_red) == []


@pytest.mark.parametrize(
    "extra, answer_key",
    [
        ("", "{per_page: 4}"),
        ("interior: color\ncover: {paper: premium-color}\n", "{per_page: 4}"),
        ("", "{per_page: 4, wall_grey: 0.75}"),
    ],
    ids=["black-and-white", "colour", "light walls"],
)
def test_every_line_is_075pt_and_60_percent_black_or_wider_where_lighter(tmp_path, extra, answer_key):
    result, _ = built(tmp_path, extra, answer_key)
    found = strokes(result.pdf)
    assert found
    for width, grey in found:
        assert width >= 0.75 - 1e-3
        if grey is not None and grey > 0.4:
            assert width >= 0.75 * 0.6 / (1 - grey) - 1e-3, (width, grey)


def test_lighter_answer_key_walls_are_drawn_wider(tmp_path):
    # 16 cells across an answer slot: walls of 0.1 cell would be 1.5 pt
    result, _ = built(tmp_path, answer_key="{per_page: 4, wall_grey: 0.75}", size="16x16")
    light = [width for width, grey in strokes(result.pdf) if grey == 0.75]
    assert light and min(light) == pytest.approx(0.75 * 0.6 / 0.25, abs=1e-3)  # 1.8 pt


@pytest.mark.parametrize(
    "profile, cover, expected",
    [
        ("kdp", "", "black-and-white"),
        ("lulu", "", "black-and-white"),
        ("ingramspark", "", "black-and-white"),
        ("home", "", "color"),
        ("kdp", "cover: {paper: premium-color}\n", "color"),
    ],
)
def test_the_interior_follows_the_printer_and_the_paper(tmp_path, profile, cover, expected):
    spine = "cover: {spine_width: 0.2in}\n" if profile in ("lulu", "ingramspark") and cover else ""
    assert load_book(small_book(tmp_path, cover + spine, profile)).interior_inks == expected


@pytest.mark.parametrize(
    "extra, answer_key, key, words",
    [
        ("", '{color: "#1F77B4"}', "answer_key.color", "interior: color"),
        (
            "cover: {paper: standard-color}\ninterior: black-and-white\n",
            "{}",
            "cover.paper",
            "black-and-white",
        ),
        ("interior: color\ncover: {paper: cream}\n", "{}", "cover.paper", "standard-color"),
    ],
)
def test_colour_that_cannot_print_is_an_error_on_its_key(tmp_path, extra, answer_key, key, words):
    config = small_book(tmp_path, extra, answer_key=answer_key)
    with pytest.raises(ConfigError) as caught:
        load_book(config)
    [line] = caught.value.problems
    assert line.startswith(f"{config}:") and f": {key}: " in line and words in line
