"""Reading built books back: mazes regenerated from the manifest, drawings from pixels.

Tests trust rendered pixels and the manifest's seeds, never the drawing code.
"""

from __future__ import annotations

from itertools import pairwise

import pypdfium2 as pdfium
from pypdf import PdfReader

from bookmaker.maze import generate
from bookmaker.maze.solve import shortest_path, with_endpoints

SCALE = 4.0  # pixels per point: a 0.75 pt wall is 3 px wide


class RenderedPage:
    def __init__(self, pdf_path, page_number: int, scale: float = SCALE):
        document = pdfium.PdfDocument(str(pdf_path))
        page = document[page_number - 1]
        self.height_pt = page.get_height()
        self.scale = scale
        self.image = page.render(scale=scale).to_pil().convert("RGB")
        document.close()

    def pixel(self, x_pt: float, y_pt: float) -> tuple[int, int, int]:
        """The colour at PDF point (x, y), origin bottom left."""
        return self.image.getpixel((int(x_pt * self.scale), int((self.height_pt - y_pt) * self.scale)))


def page_texts(pdf_path) -> list[str]:
    """Each page's text as pypdf extracts it, every page read once: a line for each run of
    text the page draws."""
    return [page.extract_text() for page in PdfReader(pdf_path).pages]


def page_words(pdf_path) -> list[str]:
    """Each page's text as pdfium extracts it, where text on one baseline makes one line:
    for checks of the words a page prints rather than of its lines. pdfium reads in C, about
    ten times faster than pypdf, which parses each font again on every page."""
    document = pdfium.PdfDocument(str(pdf_path))
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document]
    finally:
        document.close()


def is_dark(rgb) -> bool:
    return sum(rgb) / 3 < 200


def is_red(rgb) -> bool:
    r, g, b = rgb
    return r > 150 and g < 120 and b < 120


def maze_of(record: dict):
    """The maze a manifest record describes, remade from its seed."""
    maze = generate(
        record["algorithm"], record["width"], record["height"], record["seed"], **record.get("options", {})
    )
    return with_endpoints(maze, record["endpoints"])


def endpoints_xy(maze) -> list:
    """[start, end] as the manifest writes them: [x, y] each, or None."""
    return [
        None if cell is None else list(maze.topology.coordinates(cell)) for cell in (maze.start, maze.end)
    ]


SIDE = {2: 1, 4: 2}  # passage bit -> side index (E, S) for ``Maze.is_open``


def is_open(maze, x: int, y: int, direction: int) -> bool:
    """Whether the passage bit ``direction`` of cell (x, y) is open."""
    return maze.is_open(maze.topology.cell_at(x, y), SIDE[direction])


def edge_points(bbox, width: int, height: int):
    """Yield (x, y, direction, px, py): the midpoint of each inner edge east and south of a cell."""
    x0, y0, x1, y1 = bbox
    cell = (x1 - x0) / width
    for y in range(height):
        for x in range(width):
            if x < width - 1:
                yield x, y, 2, x0 + (x + 1) * cell, y1 - (y + 0.5) * cell
            if y < height - 1:
                yield x, y, 4, x0 + (x + 0.5) * cell, y1 - (y + 1) * cell


def wall_mismatches(page: RenderedPage, bbox, maze) -> list[str]:
    """Inner edges drawn as a wall where the maze has a passage, or open where it has a wall."""
    return [
        f"edge {direction} of cell {(x, y)}"
        for x, y, direction, px, py in edge_points(bbox, maze.width, maze.height)
        if is_dark(page.pixel(px, py)) == is_open(maze, x, y, direction)
    ]


def overlay_mismatches(page: RenderedPage, bbox, maze, marked=is_red) -> list[str]:
    """Open passages whose overlay (pixels that are ``marked``: red unless told) disagrees
    with the solution, and solution cells (between the ends, which carry markers) left
    unmarked."""
    path = [maze.topology.coordinates(cell) for cell in shortest_path(maze, maze.start, maze.end)]
    on_path = {frozenset(pair) for pair in pairwise(path)}
    wrong = []
    for x, y, direction, px, py in edge_points(bbox, maze.width, maze.height):
        if is_open(maze, x, y, direction):
            other = (x + 1, y) if direction == 2 else (x, y + 1)
            if marked(page.pixel(px, py)) != (frozenset({(x, y), other}) in on_path):
                wrong.append(f"passage {(x, y)}-{other}")
    x0, _, x1, y1 = bbox
    cell = (x1 - x0) / maze.width
    for x, y in path[1:-1]:
        if not marked(page.pixel(x0 + (x + 0.5) * cell, y1 - (y + 0.5) * cell)):
            wrong.append(f"solution cell {(x, y)}")
    return wrong
