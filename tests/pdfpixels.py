"""Reading drawn mazes back from rendered PDF pages, for tests that trust pixels, not code."""

from __future__ import annotations

import pypdfium2 as pdfium

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


def is_dark(rgb) -> bool:
    return sum(rgb) / 3 < 200


def is_red(rgb) -> bool:
    r, g, b = rgb
    return r > 150 and g < 120 and b < 120


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
