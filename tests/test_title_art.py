"""The title page's maze follows the book: the sections' one shape (or `title_art:`), remade
from the manifest like any maze, with its start and finish apart, and drawn in that shape."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from bookmaker.build import build
from bookmaker.maze import generate_on
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import with_endpoints

SCALE = 2.0
SECTIONS = {
    "square": "{title: A, size: 8x8, count: 2}",
    "hex": "{title: A, shape: hex, size: 8x8, count: 2}",
    "triangle": "{title: A, shape: triangle, size: 12x6, count: 2}",
    "polar": "{title: A, shape: polar, rings: 5, count: 2}",
}


def built(tmp_path: Path, sections: list[str], title_art: str | None = None) -> dict:
    front = "{how_to: false, contents: false" + (f", title_art: {title_art}" if title_art else "") + "}"
    rows = "\n".join(
        f"  - {SECTIONS[shape].replace('title: A', f'title: S{i}')}" for i, shape in enumerate(sections)
    )
    config = tmp_path / "book.yaml"
    config.write_text(
        f"title: Art\nseed: 12\nprofile: home\nfront_matter: {front}\nsections:\n{rows}\n", encoding="utf-8"
    )
    result = build(config, tmp_path / "book.pdf")  # the build runs the interior's preflight
    return json.loads(result.manifest.read_text(encoding="utf-8"))


def remade(art: dict):
    """The title art remade from the manifest alone."""
    shape = art.get("shape", {"kind": "square", "width": art["width"], "height": art["height"]})
    size = (shape["width"], shape["height"]) if "width" in shape else None
    topology = make_topology(shape["kind"], size, shape.get("rings"))
    return with_endpoints(generate_on(topology, art["algorithm"], art["seed"]), art["endpoints"])


def art_ink_box(pdf: Path) -> tuple[int, int, int, int]:
    """The box of the title page's ink between the subtitle and the author: the maze."""
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=SCALE).to_pil().convert("L")
    height = image.height
    band = image.crop((0, int(height * 0.2), image.width, int(height * 0.82)))
    return band.point(lambda v: 255 if v < 200 else 0).getbbox()


@pytest.mark.parametrize(
    "shapes, title_art, expected",
    [
        (["hex", "hex"], None, "hex"),
        (["polar"], None, "polar"),
        (["triangle"], None, "triangle"),
        (["square", "hex"], None, "square"),  # a mixed book keeps the square grid
        (["square", "hex"], "polar", "polar"),  # title_art chooses
        (["hex"], "square", "square"),
    ],
)
def test_the_title_art_takes_the_books_shape_or_the_one_chosen(tmp_path, shapes, title_art, expected):
    art = built(tmp_path, shapes, title_art)["title_art"]
    assert art.get("shape", {"kind": "square"})["kind"] == expected
    maze = remade(art)
    assert maze.topology.kind == expected
    # Drawn in its shape: a disc is as tall as it is wide, the grids about 1.7 times wider
    # (less the arrows above and below when they open at the top and bottom).
    x0, y0, x1, y1 = art_ink_box(tmp_path / "book.pdf")
    ratio = (x1 - x0) / (y1 - y0)
    if expected == "polar":
        assert ratio == pytest.approx(1.0, abs=0.12), ratio
    else:
        assert 1.4 < ratio < 1.9, ratio


@pytest.mark.parametrize("shape", ["square", "hex", "triangle"])
def test_the_title_arts_start_and_finish_are_apart(tmp_path, shape):
    maze = remade(built(tmp_path, [shape])["title_art"])
    sides = {maze.topology.opening_compass(maze.start), maze.topology.opening_compass(maze.end, exit=True)}
    assert sides in ({"N", "S"}, {"W", "E"})


def test_a_polar_title_art_runs_from_rim_to_middle(tmp_path):
    maze = remade(built(tmp_path, ["polar"])["title_art"])
    assert maze.topology.border[maze.start] and maze.end == 0  # the centre cell
