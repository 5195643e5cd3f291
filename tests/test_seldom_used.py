"""Features no other test reached: the preflight's report of a content stream it cannot read,
the page labels of a preview contact sheet, answers shaded as cells, and the `algorithms`
listing."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont
from pypdf import PdfWriter
from pypdf.generic import NameObject, StreamObject
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from bookmaker.build import build
from bookmaker.cli import app
from bookmaker.maze.solve import shortest_path
from bookmaker.preflight.interior import check_pdf
from bookmaker.preview import render_sheet

from .readback import RenderedPage, maze_of

ROOT = Path(__file__).resolve().parents[1]
ANDIKA = ROOT / "fonts" / "Andika-Regular.ttf"


def _pdf(path: Path, pages: int, line_widths: dict[int, float]) -> Path:
    """Letter pages, blank but for a square outline on those ``line_widths`` names."""
    c = Canvas(str(path), pagesize=(612, 792), invariant=1)
    for number in range(1, pages + 1):
        if number in line_widths:
            c.setLineWidth(line_widths[number])
            c.rect(100, 100, 200, 200)
        c.showPage()
    c.save()
    return path


# --- the preflight reads on past a page it cannot read -------------------------


@pytest.mark.parametrize(
    "data, filters, reason",
    [
        (b"0 0 m 72 72 l S", "/NoSuchDecode", "Unsupported filter /NoSuchDecode"),
        (b"1 0 0 1 0 0 cm (a string never closed", None, "Stream has ended unexpectedly"),
    ],
)
def test_an_unreadable_content_stream_is_reported_and_the_other_pages_still_checked(
    tmp_path, data, filters, reason
):
    writer = PdfWriter(clone_from=_pdf(tmp_path / "clean.pdf", 3, {1: 1, 2: 1, 3: 0.2}))
    broken = StreamObject()
    broken._data = data
    if filters:
        broken[NameObject("/Filter")] = NameObject(filters)
    writer.pages[1][NameObject("/Contents")] = writer._add_object(broken)
    writer.write(tmp_path / "broken.pdf")
    report = check_pdf(tmp_path / "broken.pdf", "home")
    assert [(p.page, p.code) for p in report.problems] == [(2, "unreadable-content"), (3, "thin-line")]
    assert str(report.problems[0]).startswith("page 2: ") and reason in str(report.problems[0])
    assert not report.ok


# --- a contact sheet names each page under its thumbnail ------------------------


def _ink(image: Image.Image) -> Image.Image:
    """Dark pixels as a 1-bit mask, cropped to where there are any."""
    mask = image.convert("L").point(lambda v: 255 if v < 128 else 0).convert("1")
    return mask.crop(mask.getbbox())


def _labels(sheet: Image.Image) -> list[Image.Image]:
    """The dark marks of the sheet, in reading order, grouped into words by the gaps between
    them; the pages are blank and their frames grey, so only the labels are dark."""
    mask = sheet.convert("L").point(lambda v: 255 if v < 128 else 0)
    rows = [y for y in range(mask.height) if mask.crop((0, y, mask.width, y + 1)).getbbox()]
    bands: list[list[int]] = []
    for y in rows:
        if bands and y - bands[-1][1] <= 2:
            bands[-1][1] = y
        else:
            bands.append([y, y])
    labels = []
    for top, bottom in bands:
        strip = mask.crop((0, top, mask.width, bottom + 1))
        columns = [x for x in range(strip.width) if strip.crop((x, 0, x + 1, strip.height)).getbbox()]
        words: list[list[int]] = []
        for x in columns:
            if words and x - words[-1][1] <= 8:
                words[-1][1] = x
            else:
                words.append([x, x])
        labels += [_ink(sheet.crop((left, top, right + 1, bottom + 1))) for left, right in words]
    return labels


def _reads_as(label: Image.Image, candidates: range) -> str:
    """The number whose rendering in Andika, at whichever size fits, matches ``label`` best."""
    scores = []
    for number in candidates:
        for size in range(8, 30):
            font = ImageFont.truetype(str(ANDIKA), size)
            canvas = Image.new("L", (size * 4, size * 2), 255)
            ImageDraw.Draw(canvas).text((size, size), str(number), font=font, fill=0, anchor="mm")
            glyphs = _ink(canvas)
            if glyphs.size == label.size:
                differing = ImageChops.logical_xor(glyphs, label).histogram()[255]
                scores.append((differing, str(number)))
    best, number = min(scores)
    assert best <= 3, f"no number in Andika looks like this label (closest: {number}, {best} px)"
    return number


def test_a_contact_sheet_labels_each_thumbnail_with_its_page_number(tmp_path):
    pdf = _pdf(tmp_path / "book.pdf", 12, {})
    pages = [3, 11, 7, 10, 1]  # in this order, so a label is the page, not the position
    sheet = Image.open(render_sheet(pdf, tmp_path / "sheet.png", pages=pages, dpi=20))
    assert [_reads_as(label, range(1, 13)) for label in _labels(sheet)] == [str(n) for n in pages]


# --- answers shaded as cells -----------------------------------------------------


def test_cells_style_shades_exactly_the_solution_cells_in_a_tint(tmp_path):
    config = tmp_path / "cells.yaml"
    config.write_text(
        textwrap.dedent("""
        title: Shaded
        front_matter: {title_page: false, how_to: false, contents: false}
        answer_key: {style: cells, per_page: 1}
        sections:
          - title: A
            algorithm: wilson
            size: 9x7
            count: 1
            endpoints: border
    """),
        encoding="utf-8",
    )
    result = build(config, tmp_path / "cells.pdf")
    (record,) = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
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


# --- bookmaker algorithms ----------------------------------------------------------


def test_algorithms_lists_the_ten_generators_their_options_and_shapes():
    result = CliRunner().invoke(app, ["algorithms"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == [
        "recursive-backtracker",
        "hunt-and-kill",
        "eller",
        "wilson",
        "growing-tree",
        "kruskal",
        "prim",
        "aldous-broder",
        "sidewinder",
        "binary-tree",
    ]
    # Every description starts in one column, and details are indented to it.
    column = len("recursive-backtracker") + 2
    for line in lines:
        assert line[column - 2 : column] == "  " and line[column] != " ", line

    def details(name: str) -> list[str]:
        start = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
        following = []
        for line in lines[start + 1 :]:
            if not line.startswith(" "):
                break
            following.append(line.strip())
        return following

    assert [d.split(":")[0] for d in details("growing-tree")] == [
        "policy (default mix)",
        "ratio (default 0.75)",
    ]
    assert [d.split(":")[0] for d in details("prim")] == ["variant (default frontier)"]
    assert [d.split(":")[0] for d in details("eller")] == [
        "horizontal (default 0.6)",
        "vertical (default 0.4)",
        "shapes",
    ]
    for row_by_row in ("eller", "sidewinder", "binary-tree"):
        assert details(row_by_row)[-1] == "shapes: square"
    for graph in ("recursive-backtracker", "hunt-and-kill", "wilson", "kruskal", "aldous-broder"):
        assert details(graph) == []
    for uniform in ("wilson", "aldous-broder"):
        assert "uniform" in next(line for line in lines if line.startswith(uniform + " "))
