"""The resolution rule holds on each axis of an image as placed, not on its average.

KDP asks for 300 dpi (profiles: min_image_dpi). An image stretched on one axis prints its
pixels large along that axis only: 300 samples across an inch but 75 samples up an inch
is a 75 dpi image, however sharp it is across. Placements here are written by hand into the
page's content (a `cm` then `Do`), so the test decides each axis's scale, and turned a
quarter so the image's own axes are not the page's.
"""

from __future__ import annotations

import pikepdf
import pytest
from pikepdf import Dictionary, Name

from bookmaker.preflight.interior import check_pdf

from .test_preflight_corpus import INCH, canvas_font, pike_book


def image_book(tmp_path, samples: tuple[int, int], placed: tuple[float, float], quarter_turn: bool = False):
    """A 24-page book whose pages each draw one grey image of ``samples`` (across, up)
    over ``placed`` inches (across, up of the image's own axes), and a caption."""
    across, up = placed[0] * INCH, placed[1] * INCH
    # The image's unit square maps to across x up; a quarter turn swaps the page axes.
    matrix = f"0 {across} {-up} 0 {200 + up} 200" if quarter_turn else f"{across} 0 0 {up} 150 200"
    content = (
        f"q {matrix} cm /Im Do Q BT /F1 10 Tf 72 72 Td (A caption well inside the margins) Tj ET"
    ).encode()

    def edit(pdf):
        width, height = samples
        image = pikepdf.Stream(pdf, bytes([128]) * (width * height))
        image.Type, image.Subtype = Name.XObject, Name.Image
        image.Width, image.Height = width, height
        image.ColorSpace, image.BitsPerComponent = Name.DeviceGray, 8
        font = canvas_font(pdf)
        for page in pdf.pages:
            page.Resources = Dictionary(XObject=Dictionary(Im=image), Font=Dictionary(F1=font))

    return pike_book(tmp_path / "book.pdf", content, edit=edit)


def resolution_problems(path) -> list[str]:
    return [p.message for p in check_pdf(path, "kdp").problems if p.code == "low-resolution"]


@pytest.mark.parametrize("quarter_turn", [False, True], ids=["upright", "turned"])
@pytest.mark.parametrize(
    "samples, placed, low",
    [
        ((300, 75), (1, 1), 75),  # 300 dpi across, 75 dpi up
        ((75, 300), (1, 1), 75),  # 75 dpi across, 300 dpi up
        ((600, 300), (1, 2), 150),  # 600 dpi across, 150 dpi up
        ((300, 300), (1, 4), 75),  # square in samples, stretched four times up
    ],
)
def test_an_image_sharp_on_one_axis_only_fails_at_its_lower_resolution(
    tmp_path, samples, placed, low, quarter_turn
):
    found = resolution_problems(image_book(tmp_path, samples, placed, quarter_turn))
    assert len(found) == 24  # every page says so
    assert set(found) == {f"image at {low} dpi as placed is under kdp's 300 dpi (lowest resolution)"}


@pytest.mark.parametrize("quarter_turn", [False, True], ids=["upright", "turned"])
@pytest.mark.parametrize(
    "samples, placed",
    [
        ((300, 300), (1, 1)),
        ((600, 300), (2, 1)),  # 300 dpi both ways, though not square in samples
        ((900, 300), (1.5, 1)),  # 600 across, 300 up
    ],
)
def test_an_image_at_300_dpi_on_both_axes_passes(tmp_path, samples, placed, quarter_turn):
    assert resolution_problems(image_book(tmp_path, samples, placed, quarter_turn)) == []
