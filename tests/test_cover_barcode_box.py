"""KDP's barcode box sits where KDP prints its barcode, measured from what bookmaker writes.

KDP's paperback cover guide: KDP prints the barcode in a box 2 in wide and 1.2 in high at
the lower right of the back cover, 0.25 in from the bottom trim edge and 0.25 in from the
spine fold; the cover bleeds 0.125 in past the trim; the back cover's fold lies one trim
width right of the trim's left edge. Those numbers are written below and the box is worked
out from them alone, never read from bookmaker's geometry. Then three readings of the box
bookmaker uses: the preflight must object to ink just inside each of its corners and not
to ink just outside each edge; a built cover (which passed that preflight) is plain
background there; `preview --guides` draws its outline there; and an ISBN's white label
fills it, both found from the pixels.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from bookmaker.build import build
from bookmaker.cli import app
from bookmaker.layout.cover_geometry import CoverGeometry
from bookmaker.layout.fonts import DEFAULT_REGULAR
from bookmaker.preflight.cover import check_cover
from bookmaker.profiles import KDP_COVER

INCH = 72.0
# KDP's figures, in inches.
BLEED = 0.125
BOX_WIDTH, BOX_HEIGHT = 2.0, 1.2
FROM_BOTTOM_TRIM, FROM_SPINE_FOLD = 0.25, 0.25
KDP_WHITE_INCHES_PER_PAGE = 0.002252


def kdp_box(trim_width: float) -> tuple[float, float, float, float]:
    """The barcode box in inches from the page's bottom left (x0, y0, x1, y1), for a cover
    whose panels are ``trim_width`` in wide: the back panel is on the left."""
    fold = BLEED + trim_width
    right = fold - FROM_SPINE_FOLD
    bottom = BLEED + FROM_BOTTOM_TRIM
    return right - BOX_WIDTH, bottom, right, bottom + BOX_HEIGHT


def test_the_box_worked_out_here_matches_the_guides_own_example():
    # A 6 x 9 in book: the fold 6.125 in from the page's left, the box from 3.875 to
    # 5.875 in across and 0.375 to 1.575 in up.
    assert kdp_box(6) == pytest.approx((3.875, 0.375, 5.875, 1.575))


# --- the preflight looks where KDP prints ------------------------------------------------

PROBE = 0.04  # in: a dot this big, this far inside or outside an edge of the box


def probes(box, inside: bool) -> list[tuple[str, float, float]]:
    """Dots (name, x, y in inches, bottom left corner) hugging each corner of ``box`` from
    inside, or each edge from outside."""
    x0, y0, x1, y1 = box
    middle_x, middle_y = (x0 + x1) / 2, (y0 + y1) / 2
    if inside:
        return [
            ("lower left", x0 + 0.01, y0 + 0.01),
            ("lower right", x1 - 0.01 - PROBE, y0 + 0.01),
            ("upper left", x0 + 0.01, y1 - 0.01 - PROBE),
            ("upper right", x1 - 0.01 - PROBE, y1 - 0.01 - PROBE),
        ]
    gap = 0.04
    return [
        ("left of it", x0 - gap - PROBE, middle_y),
        ("right of it", x1 + gap, middle_y),
        ("below it", middle_x, y0 - gap - PROBE),
        ("above it", middle_x, y1 + gap),
    ]


def cover_with_a_dot(path: Path, trim: tuple[float, float], spine: float, dot) -> Path:
    """A plain cover made by another tool, a white dot at ``dot`` (inches) or none."""
    width = (2 * BLEED + 2 * trim[0] + spine) * INCH
    height = (2 * BLEED + trim[1]) * INCH
    pdfmetrics.registerFont(TTFont("ProbeAndika", str(DEFAULT_REGULAR)))  # no unembedded font
    canvas = Canvas(str(path), pagesize=(width, height), invariant=1, initialFontName="ProbeAndika")
    canvas.setTrimBox((BLEED * INCH, BLEED * INCH, width - BLEED * INCH, height - BLEED * INCH))
    canvas.setFillColorRGB(0.2, 0.3, 0.5)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    if dot:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(dot[0] * INCH, dot[1] * INCH, PROBE * INCH, PROBE * INCH, stroke=0, fill=1)
    canvas.save()
    return path


TRIMS = [((6, 9), 120), ((8.5, 11), 300), ((5, 8), 24)]


@pytest.mark.parametrize("trim, pages", TRIMS)
def test_the_preflight_objects_to_ink_at_every_corner_of_kdps_box_and_not_beside_it(tmp_path, trim, pages):
    spine = pages * KDP_WHITE_INCHES_PER_PAGE
    geometry = CoverGeometry(trim[0] * INCH, trim[1] * INCH, spine * INCH, KDP_COVER)
    box = kdp_box(trim[0])

    def problems(dot, name):
        path = cover_with_a_dot(tmp_path / f"{name}.pdf", trim, spine, dot)
        return [p.code for p in check_cover(path, "kdp", geometry, pages, "kdp").problems]

    assert problems(None, "plain") == []
    for name, x, y in probes(box, inside=True):
        assert problems((x, y), name) == ["cover-barcode"], f"ink at the box's {name} corner"
    for name, x, y in probes(box, inside=False):
        assert problems((x, y), name) == [], f"ink {name}, outside the box"


# --- a built cover keeps the box plain, and the preview's guide outlines it ----------------


# The module on one worker, so the cover (the module fixture below) is built once, not on each.
pytestmark = pytest.mark.xdist_group("built_cover")


@pytest.fixture(scope="module")
def built_cover(tmp_path_factory) -> tuple[Path, dict]:
    """A 6 x 9 in KDP book's cover, built (so through the cover preflight), with a back
    text long enough to run down towards the box."""
    folder = tmp_path_factory.mktemp("cover")
    config = folder / "book.yaml"
    blurb = "A long blurb that wraps across the back cover, down towards the barcode. " * 6
    config.write_text(
        f"""\
title: Mazes for Testing
author: Ada Tester
seed: 5
profile: kdp
page: {{size: "6x9"}}
front_matter: {{title_page: false, how_to: false, contents: false}}
sections:
  - {{title: Square, size: 6x6, count: 3}}
cover:
  paper: white
  back_text: "{blurb.strip()}"
""",
        encoding="utf-8",
    )
    result = build(config, folder / "out" / "book.pdf")  # runs the cover preflight
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return result.cover, manifest["cover"]


def test_a_built_cover_leaves_kdps_box_plain_background(built_cover):
    cover, record = built_cover
    assert record["spine_width"] == pytest.approx(24 * KDP_WHITE_INCHES_PER_PAGE * INCH, abs=1e-3)
    scale = 4.0  # pixels per point
    document = pdfium.PdfDocument(str(cover))
    image = document[0].render(scale=scale).to_pil().convert("RGB")
    document.close()
    x0, y0, x1, y1 = (v * INCH * scale for v in kdp_box(6))
    inside = image.crop(
        (round(x0) + 1, round(image.height - y1) + 1, round(x1) - 1, round(image.height - y0) - 1)
    )
    colours = inside.getcolors(inside.width * inside.height)
    assert len(colours) == 1, f"{len(colours)} colours in KDP's barcode box"
    background = image.getpixel((2, 2))  # the bleed at the top left corner
    assert colours[0][1] == background


def test_the_preview_guide_outlines_kdps_box(built_cover, tmp_path):
    cover, _ = built_cover
    dpi = 144
    result = CliRunner().invoke(
        app, ["preview", str(cover), "--guides", "-o", str(tmp_path / "png"), "--dpi", str(dpi)]
    )
    assert result.exit_code == 0, result.output
    image = Image.open(result.stdout.strip()).convert("RGB")
    page_height = round((2 * BLEED + 9) * dpi)  # the legend lies below the page
    orange = (255, 150, 0)  # the barcode box's guide colour, in the legend beneath the page
    found = [
        (x, y) for y in range(page_height) for x in range(round(8 * dpi)) if image.getpixel((x, y)) == orange
    ]
    assert found, "no barcode box guide on the back cover"
    xs, ys = [x for x, _ in found], [y for _, y in found]
    x0, y0, x1, y1 = kdp_box(6)
    expected = (x0 * dpi, page_height - y1 * dpi, x1 * dpi, page_height - y0 * dpi)
    assert (min(xs), min(ys), max(xs) + 1, max(ys) + 1) == pytest.approx(expected, abs=1.5)


# --- an ISBN's label fills the box ---------------------------------------------------------

SOLID = 8  # pixels at 144 dpi: thicker than any white line or letter on a cover's back


def test_an_isbns_white_label_fills_exactly_kdps_box(tmp_path):
    """With the publisher's own ISBN, bookmaker draws the EAN-13 on a white label filling
    its barcode box: the white pixels there, found on the rendered page, are KDP's box."""
    from .test_cover import cover_for

    # cover_for runs the build's cover preflight, the barcode box holding the publisher's own.
    cover, _ = cover_for(tmp_path, 120, "isbn: 978-1-4028-9462-6", size="6x9")
    dpi = 144
    document = pdfium.PdfDocument(str(cover))
    image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    back = np.asarray(image.crop((0, 0, round((BLEED + 6) * dpi), image.height)))
    # Solid white: pixels whose whole SOLID x SOLID square is white. The label's margins are
    # that thick; white letters and lines elsewhere on the back are not.
    white = np.all(back == 255, axis=2).astype(np.int32)
    total = np.pad(white.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    solid = (
        total[SOLID:, SOLID:] - total[:-SOLID, SOLID:] - total[SOLID:, :-SOLID] + total[:-SOLID, :-SOLID]
    ) == SOLID * SOLID  # [y, x]: the square from (x, y)
    ys, xs = np.nonzero(solid)
    assert len(xs), "no white label on the back cover"
    found = (xs.min(), ys.min(), xs.max() + SOLID, ys.max() + SOLID)
    x0, y0, x1, y1 = kdp_box(6)
    expected = (x0 * dpi, image.height - y1 * dpi, x1 * dpi, image.height - y0 * dpi)
    assert found == pytest.approx(expected, abs=1.5)
