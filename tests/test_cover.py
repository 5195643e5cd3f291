"""Full-wrap covers, read back from the PDF: size against KDP's published formula, boxes,
rendered pixels in the barcode box and round the folds, text positions from pdfium, the
EAN-13 decoded from the bars, and the cover command matching the build byte for byte.

Expected sizes are worked out here from the printers' own figures (docs/design.md, "Covers"),
never read from bookmaker's constants.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from pypdf import PdfReader
from typer.testing import CliRunner

from bookmaker.build import build, build_cover, cover_pdf
from bookmaker.cli import app
from bookmaker.config import load_book
from bookmaker.config.errors import ConfigError
from bookmaker.layout.cover_geometry import CoverGeometry
from bookmaker.layout.fonts import font_pair
from bookmaker.plan import make_mazes
from bookmaker.plan.book import book_counts
from bookmaker.plan.cover import CoverPlan
from bookmaker.preflight.cover import check_cover
from bookmaker.prepare import prepare
from bookmaker.profiles import KDP_COVER
from bookmaker.wording import fill_counts

INCH = 72.0
KDP_INCHES_PER_PAGE = {
    "white": 0.002252,
    "cream": 0.0025,
    "premium-color": 0.002347,
    "standard-color": 0.002252,
}
BACKGROUND = (0x17, 0x3F, 0x5F)  # the default cover colour, #173F5F
SCALE = 3.0  # pixels per point when rendering


def book_config(
    tmp_path: Path,
    cover: str = "",
    *,
    size: str = "8.5x11",
    profile: str = "kdp",
    mazes: int = 3,
    name: str = "book",
    shape: str = "size: 6x6",
) -> Path:
    """A small book with a cover block; ``cover`` is its keys, one per line; ``shape`` the
    section's shape and size keys."""
    keys = "\n".join(f"  {line}" for line in cover.strip().splitlines()) if cover.strip() else ""
    config = tmp_path / f"{name}.yaml"
    config.write_text(
        f"""\
title: Mazes for Testing
subtitle: Covers read back
author: Ada Tester
seed: 5
profile: {profile}
page: {{size: "{size}"}}
front_matter: {{title_page: false, how_to: false, contents: false}}
sections:
  - {{title: Square, {shape}, count: {mazes}}}
cover:
{keys or "  paper: white"}
""",
        encoding="utf-8",
    )
    return config


def cover_for(tmp_path: Path, pages: int, cover: str = "", **book) -> tuple[Path, CoverPlan]:
    """The cover a build makes for an interior of ``pages`` pages, without building one: drawn
    and preflighted by the build's own ``cover_pdf``, so a cover that a build would refuse
    fails here too."""
    loaded = load_book(book_config(tmp_path, cover, **book))
    fonts = font_pair(loaded.font.regular, loaded.font.bold)
    plan = CoverPlan(loaded, pages, fonts)
    path = tmp_path / f"cover-{pages}.pdf"
    path.write_bytes(cover_pdf(plan, make_mazes(plan.jobs()), fonts, path, preflight=True))
    return path, plan


def boxes(path: Path) -> dict[str, tuple[float, ...]]:
    page = PdfReader(path).pages[0]
    return {
        name: tuple(round(float(v), 3) for v in page[f"/{name}"])
        for name in ("MediaBox", "TrimBox", "BleedBox")
    }


def render(path: Path):
    document = pdfium.PdfDocument(str(path))
    image = document[0].render(scale=SCALE).to_pil().convert("RGB")
    document.close()
    return image


def region(image, box, inset: int = 1):
    """The rendered pixels of PDF box ``box`` (origin bottom left), ``inset`` pixels in."""
    x0, y0, x1, y1 = box
    height = image.height
    return image.crop(
        (
            round(x0 * SCALE) + inset,
            round(height - y1 * SCALE) + inset,
            round(x1 * SCALE) - inset,
            round(height - y0 * SCALE) - inset,
        )
    )


def colours(image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(image.width * image.height)}


def characters(path: Path) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every printed character with its glyph box, as pdfium lays the page out."""
    document = pdfium.PdfDocument(str(path))
    text = document[0].get_textpage()
    found = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    document.close()
    return [(char, box) for char, box in found if char.strip()]


def inside(box, zone) -> bool:
    return (
        box[0] >= zone[0] - 0.01
        and box[1] >= zone[1] - 0.01
        and box[2] <= zone[2] + 0.01
        and box[3] <= zone[3] + 0.01
    )


# -- size and boxes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size, trim, paper, pages",
    [
        ("8.5x11", (8.5, 11), "white", 24),
        ("8.5x11", (8.5, 11), "cream", 78),
        ("6x9", (6, 9), "white", 80),
        ("6x9", (6, 9), "premium-color", 300),
        ("5x8", (5, 8), "standard-color", 828),
        ("8.5x8.5", (8.5, 8.5), "cream", 300),
    ],
)
def test_cover_size_and_boxes_follow_kdp_formula(tmp_path, size, trim, paper, pages):
    path, _ = cover_for(tmp_path, pages, f"paper: {paper}", size=size)
    spine = pages * KDP_INCHES_PER_PAGE[paper]
    width = (0.125 + trim[0] + spine + trim[0] + 0.125) * INCH
    height = (0.125 + trim[1] + 0.125) * INCH
    found = boxes(path)
    assert found["MediaBox"] == pytest.approx((0, 0, width, height), abs=0.002)
    assert found["BleedBox"] == found["MediaBox"]
    assert found["TrimBox"] == pytest.approx((9, 9, width - 9, height - 9), abs=0.002)


def test_built_cover_counts_the_interior_pages(tmp_path):
    config = book_config(tmp_path, "paper: cream")
    result = build(config, tmp_path / "out" / "book.pdf")
    assert result.cover == tmp_path / "out" / "book.cover.pdf"
    pages = len(PdfReader(result.pdf).pages)
    assert pages == 24  # three mazes, padded to KDP's minimum
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    spine = pages * 0.0025 * INCH
    assert manifest["cover"] == {
        "file": "book.cover.pdf",
        "size": [round(2 * 8.5 * INCH + spine + 18, 3), 810.0],
        "spine_width": round(spine, 3),
        "paper": "cream",
        "interior_pages": pages,
        "spine_text": False,
        "barcode": "kdp",
    }
    assert boxes(result.cover)["MediaBox"][2] == pytest.approx(2 * 8.5 * INCH + spine + 18, abs=0.002)


# -- what lies where ------------------------------------------------------------------------


@pytest.mark.parametrize("pages", [24, 300])
def test_barcode_box_and_fold_clearances_hold_only_background(tmp_path, pages):
    path, plan = cover_for(tmp_path, pages, "back_text: " + "Many words here. " * 30)
    image = render(path)
    g = plan.geometry
    assert colours(region(image, g.barcode_box)) == {BACKGROUND}
    for band in g.fold_bands:
        x0, y0, x1, y1 = band
        if pages == 300:  # spine text may sit between the bands, never in them
            assert colours(region(image, band)) == {BACKGROUND}
        else:  # a 24-page spine is narrower than the two clearances: all of it is background
            assert colours(region(image, (x0, y0, x1, y1))) == {BACKGROUND}
    # The background runs into the bleed on every side.
    for edge in (
        (0, 0, 9, g.height),
        (g.width - 9, 0, g.width, g.height),
        (0, 0, g.width, 9),
        (0, g.height - 9, g.width, g.height),
    ):
        assert colours(region(image, edge, inset=0)) == {BACKGROUND}


def test_text_lies_in_the_safe_zones(tmp_path):
    path, plan = cover_for(tmp_path, 300, "back_text: " + "A long blurb that wraps. " * 20)
    g = plan.geometry
    found = characters(path)
    assert len(found) > 300
    zones = (g.back_safe, g.front_safe, g.spine_safe)
    outside = [char for char, box in found if not any(inside(box, zone) for zone in zones)]
    assert outside == []
    spine = [char for char, box in found if inside(box, g.spine_safe)]
    assert "".join(spine).startswith("MazesforTesting")


@pytest.mark.parametrize(
    "pages, spine_width, has_text",
    [
        (78, "0.6in", False),  # wide enough, but KDP prints no spine text under 80 pages
        (80, "0.6in", True),
        (80, None, False),  # allowed, but 0.18 in leaves under 4 pt between the clearances
        (120, None, True),  # 0.27 in leaves room for 6 pt letters
    ],
)
def test_spine_holds_text_exactly_when_allowed(tmp_path, pages, spine_width, has_text):
    keys = f"spine_width: {spine_width}" if spine_width else ""
    path, plan = cover_for(tmp_path, pages, keys)
    g = plan.geometry
    on_spine = [char for char, box in characters(path) if box[0] < g.folds[1] and box[2] > g.folds[0]]
    assert bool(on_spine) == has_text
    assert plan.manifest("c.pdf")["spine_text"] == has_text
    if has_text:
        assert all(
            inside(box, g.spine_safe)
            for _, box in characters(path)
            if box[0] < g.folds[1] and box[2] > g.folds[0]
        )
        sizes = {run.size for run in plan.spine_runs}
        assert min(sizes) >= 6
    else:
        assert any("spine holds no text" in note for note in plan.notes)


def test_spine_text_runs_top_to_bottom(tmp_path):
    path, plan = cover_for(tmp_path, 300, "spine_text: ABCDE")
    g = plan.geometry
    spine = [(char, box) for char, box in characters(path) if inside(box, g.spine_safe)]
    assert [char for char, _ in spine] == list("ABCDE")
    tops = [box[3] for _, box in spine]
    assert tops == sorted(tops, reverse=True)  # each letter lower than the one before


# -- barcodes -------------------------------------------------------------------------------

L_CODES = [
    "0001101",
    "0011001",
    "0010011",
    "0111101",
    "0100011",
    "0110001",
    "0101111",
    "0111011",
    "0110111",
    "0001011",
]
PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def decode_ean13(bits: str) -> str:
    """The 13 digits of an EAN-13 from its 95 modules (1 dark)."""
    assert bits[:3] == "101" and bits[45:50] == "01010" and bits[92:] == "101", bits
    r_codes = ["".join("1" if b == "0" else "0" for b in code) for code in L_CODES]
    g_codes = [code[::-1] for code in r_codes]
    left, parity = "", ""
    for i in range(6):
        chunk = bits[3 + 7 * i : 10 + 7 * i]
        if chunk in L_CODES:
            left, parity = left + str(L_CODES.index(chunk)), parity + "L"
        else:
            left, parity = left + str(g_codes.index(chunk)), parity + "G"
    right = "".join(str(r_codes.index(bits[50 + 7 * i : 57 + 7 * i])) for i in range(6))
    return str(PARITY.index(parity)) + left + right


def test_isbn_barcode_encodes_the_isbn(tmp_path):
    path, plan = cover_for(tmp_path, 120, "isbn: 978-1-4028-9462-6")
    document = pdfium.PdfDocument(str(path))
    scale = 12.0
    x0, y0, x1, y1 = plan.geometry.barcode_box
    width, height = document[0].get_size()
    # The barcode's box alone, cropped before rendering: the whole cover at this scale is
    # 150 million pixels.
    image = document[0].render(scale=scale, crop=(x0, y0, width - x1, height - y1)).to_pil().convert("L")
    document.close()
    row = round(image.height - (y1 - y0) * 0.45 * scale)
    pixels = [image.getpixel((x, row)) < 128 for x in range(image.width)]
    first, last = pixels.index(True), len(pixels) - 1 - pixels[::-1].index(True)
    module = (last - first + 1) / 95
    bits = "".join("1" if pixels[first + int((i + 0.5) * module)] else "0" for i in range(95))
    assert decode_ean13(bits) == "9781402894626"
    assert "ISBN 978-1-4028-9462-6" in "".join(c for c, _ in characters(path)).replace("ISBN", "ISBN ")


def test_a_cover_with_an_isbn_builds_and_passes_check(tmp_path):
    config = book_config(tmp_path, "isbn: 978-1-4028-9462-6")
    runner = CliRunner()
    assert runner.invoke(app, ["validate", str(config)]).exit_code == 0
    built = runner.invoke(app, ["build", str(config), "-o", str(tmp_path / "out" / "book.pdf")])
    assert built.exit_code == 0, built.output
    cover = tmp_path / "out" / "book.cover.pdf"
    # Every font on the cover is embedded: the barcode's digits are in the book's own font.
    fonts = PdfReader(cover).pages[0]["/Resources"]["/Font"]
    assert all("/FontFile2" in font.get_object().get("/FontDescriptor", {}) for font in fonts.values()), fonts
    box = CoverGeometry.of_page(
        *json.loads((tmp_path / "out" / "book.manifest.json").read_text(encoding="utf-8"))["cover"]["size"],
        24 * 0.002252 * INCH,
        KDP_COVER,
    ).barcode_box
    digits = "".join(c for c, b in characters(cover) if inside(b, box) and c.isdigit())
    assert "9781402894626" in digits
    # check --cover reads from the manifest that the box holds the publisher's own barcode.
    checked = runner.invoke(app, ["check", str(cover), "--cover", "--profile", "kdp", "--trim", "8.5x11in"])
    assert checked.exit_code == 0, checked.output
    told_kdp = runner.invoke(
        app, ["check", str(cover), "--cover", "--profile", "kdp", "--trim", "8.5x11in", "--barcode", "kdp"]
    )
    assert told_kdp.exit_code == 1 and "KDP's barcode box" in told_kdp.stdout


def test_check_cover_accepts_a_publishers_own_barcode_when_told(tmp_path):
    geometry = CoverGeometry(6 * INCH, 9 * INCH, 300 * 0.002252 * INCH, KDP_COVER)
    path = foreign_cover(
        tmp_path / "own.pdf", geometry, lambda c, g: c.rect(*g.barcode_box[:2], 100, 60, stroke=0, fill=1)
    )
    runner = CliRunner()
    args = ["check", str(path), "--cover", "--profile", "kdp", "--trim", "6x9in", "--pages", "300"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 1
    assert "holds something other than the background" in plain.stdout
    assert runner.invoke(app, args + ["--barcode", "own"]).exit_code == 0
    wrong = runner.invoke(app, args + ["--barcode", "isbn"])
    assert "--barcode: 'isbn' is not one of: kdp, own, none" in str(wrong.exception)


@pytest.mark.parametrize("shape", ["size: 6x6", "shape: hex, size: 6x6", "shape: triangle, size: 10x6"])
def test_the_back_sample_opens_on_opposite_sides(tmp_path, shape):
    path, plan = cover_for(tmp_path, 120, shape=shape)
    sample = make_mazes(plan.jobs())[1].maze
    sides = {
        sample.topology.opening_compass(sample.start),
        sample.topology.opening_compass(sample.end, exit=True),
    }
    assert sides in ({"N", "S"}, {"W", "E"})
    # Read back: the two arrows, the only accent ink in the sample's area, lie far apart.
    x0, y0, x1, y1 = plan.sample_area
    pixels = region(render(path), plan.sample_area)
    accent = (0xF6, 0xD5, 0x5C)
    # White where each of its channels is within 40 of the accent's: the arrows; their box
    near = [
        band.point(lambda level, value=value: 255 if abs(level - value) < 40 else 0)
        for band, value in zip(pixels.split(), accent, strict=True)
    ]
    left, top, right, bottom = ImageChops.darker(ImageChops.darker(near[0], near[1]), near[2]).getbbox()
    across = max(right - 1 - left, bottom - 1 - top) / SCALE
    assert across > 0.6 * min(x1 - x0, y1 - y0), across


def test_kdp_barcode_box_stays_plain_and_other_choices(tmp_path):
    _, plan = cover_for(tmp_path, 120, "barcode: none")
    assert any("KDP prints its own" in note for note in plan.notes)
    assert plan.view(make_mazes(plan.jobs())).isbn is None


@pytest.mark.parametrize(
    "cover, profile, key, words",
    [
        ("isbn: 978-1-4028-9462-7", "kdp", "cover.isbn", "check digit 7"),
        ("isbn: '12345'", "kdp", "cover.isbn", "not an ISBN-13"),
        ("barcode: isbn", "kdp", "cover.barcode", "give it as isbn"),
        ("barcode: kdp", "lulu", "cover.barcode", "Lulu prints none on your cover"),
        ("paper: white", "ingramspark", "cover.isbn", "IngramSpark prints no cover without"),
        ("isbn: 978-1-4028-9462-6", "ingramspark", "cover.spine_width", "IngramSpark publishes no spine"),
        ("paper: glossy", "kdp", "cover.paper", "'glossy' is not one of"),
        ("art: {shape: polar, algorithm: eller}", "kdp", "cover.art.algorithm", "eller carves"),
    ],
)
def test_cover_config_errors_name_the_key_and_line(tmp_path, cover, profile, key, words):
    config = book_config(tmp_path, cover, profile=profile)
    with pytest.raises(ConfigError) as caught:
        load_book(config)
    line = next(line for line in caught.value.lines() if key in line)
    assert line.startswith(f"{config}:")
    assert words in line


def test_cover_art_given_only_a_size_is_a_square_maze(tmp_path):
    _, plan = cover_for(tmp_path, 120, "art: {size: 10x12}")
    art = plan.jobs()[0]
    assert (art.shape, art.width, art.height, art.rings) == ("square", 10, 12, None)


@pytest.mark.parametrize(
    "cover, key, words",
    [
        (
            'background: "#FFFFFF"\nink: "#FFFFFF"',
            "cover.ink",
            "#FFFFFF on the background #FFFFFF has a contrast ratio of 1.00:1, under the 3:1",
        ),
        # a grey the eye finds just readable on white, and WCAG's figure for it: 2.85:1
        ('background: "#FFFFFF"\nink: "#999999"\naccent: "#000000"', "cover.ink", "2.85:1"),
        (
            'background: "#F6D55C"\nink: "#000000"',
            "cover.background",
            "#F6D55C under the accent #F6D55C has a contrast ratio of 1.00:1",
        ),
        # a white background alone: the default white ink and yellow accent both fade, one line
        (
            'background: "#FFFFFF"',
            "cover.background",
            "#FFFFFF under the ink #FFFFFF has a contrast ratio of 1.00:1, under the 3:1 the title, "
            "author and maze walls need to be read (WCAG's relative luminance); the accent #F6D55C "
            "too, at 1.44:1",
        ),
    ],
)
def test_unreadable_cover_colours_fail_validate_and_build(tmp_path, cover, key, words):
    config = book_config(tmp_path, cover)
    runner = CliRunner()
    for args in (["validate", str(config)], ["build", str(config), "-o", str(tmp_path / "b.pdf")]):
        error = runner.invoke(app, args).exception  # main() turns it into one line, exit 2
        assert isinstance(error, ConfigError), error
        assert f"{key}: " in str(error) and words in str(error), str(error)
    assert not list(tmp_path.glob("*.pdf"))


def test_readable_cover_colours_pass():
    from bookmaker.colours import contrast_ratio

    # WebAIM's published figures: #767676 is the lightest grey with 4.5:1 on white.
    assert contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#FFFFFF", "#000000") == contrast_ratio("#000000", "#FFFFFF")


def test_lulu_cover_takes_the_given_spine(tmp_path):
    path, plan = cover_for(tmp_path, 100, "spine_width: 0.3in", profile="lulu")
    assert plan.geometry.spine == pytest.approx(0.3 * INCH)
    assert boxes(path)["MediaBox"][2] == pytest.approx((0.25 + 17 + 0.3) * INCH, abs=0.002)


# -- commands -------------------------------------------------------------------------------


def test_cover_command_writes_the_builds_cover_and_nothing_else(tmp_path):
    config = book_config(tmp_path, "back_text: Hello")
    built = build(config, tmp_path / "built" / "book.pdf")
    alone = tmp_path / "alone"
    result = CliRunner().invoke(app, ["cover", str(config), "-o", str(alone / "c.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(alone / "c.pdf")
    assert (alone / "c.pdf").read_bytes() == built.cover.read_bytes()
    assert sorted(p.name for p in alone.iterdir()) == ["c.pdf"]


def test_build_lists_the_cover_and_says_why_the_spine_is_bare(tmp_path):
    config = book_config(tmp_path)
    result = CliRunner().invoke(app, ["build", str(config), "-o", str(tmp_path / "x.pdf"), "-q"])
    assert result.exit_code == 0, result.output
    assert str(tmp_path / "x.cover.pdf") in result.stdout.splitlines()
    assert "KDP prints spine text only on books of more than 79 pages" in result.stderr


def test_cover_command_refuses_a_config_without_a_cover(tmp_path):
    config = book_config(tmp_path)
    config.write_text(config.read_text(encoding="utf-8").split("cover:")[0], encoding="utf-8")
    with pytest.raises(Exception, match="no cover: block"):
        build_cover(config, tmp_path / "c.pdf")
    assert not (tmp_path / "c.pdf").exists()


def test_check_cover_passes_our_cover_and_catches_a_wrong_page_count(tmp_path):
    path, plan = cover_for(tmp_path, 120)
    assert check_cover(path, "kdp", plan.geometry, 120, "kdp").ok
    runner = CliRunner()
    good = runner.invoke(
        app,
        [
            "check",
            str(path),
            "--cover",
            "--profile",
            "kdp",
            "--pages",
            "120",
            "--paper",
            "white",
            "--trim",
            "8.5x11in",
        ],
    )
    assert good.exit_code == 0, good.output
    wrong = runner.invoke(
        app,
        [
            "check",
            str(path),
            "--cover",
            "--profile",
            "kdp",
            "--pages",
            "140",
            "--paper",
            "white",
            "--trim",
            "8.5x11in",
        ],
    )
    assert wrong.exit_code == 1
    assert "this cover must be 17.565 x 11.250 in" in wrong.stdout


def foreign_cover(path: Path, geometry: CoverGeometry, draw) -> Path:
    """A cover made by another tool: reportlab with its own drawing, boxes set right."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from bookmaker.layout.fonts import DEFAULT_REGULAR

    pdfmetrics.registerFont(TTFont("ForeignAndika", str(DEFAULT_REGULAR)))
    canvas = Canvas(str(path), pagesize=geometry.size, invariant=1, initialFontName="ForeignAndika")
    canvas.setTrimBox(geometry.trim)
    canvas.setBleedBox(geometry.media)
    canvas.setFillColorRGB(0.2, 0.3, 0.5)
    canvas.rect(0, 0, geometry.width, geometry.height, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont("ForeignAndika", 12)
    draw(canvas, geometry)
    canvas.save()
    return path


@pytest.mark.parametrize(
    "name, pages, draw, code",
    [
        ("fold", 300, lambda c, g: c.drawCentredString(g.folds[1], 300, "X"), "cover-text-fold"),
        (
            "edge",
            300,
            lambda c, g: c.drawString(g.front[0] + 20, g.height - 14, "Top edge"),
            "cover-text-edge",
        ),
        (
            "spine",
            60,
            lambda c, g: (c.rotate(90), c.drawString(300, -g.folds[0] - 20, "X"))[0],
            "cover-text-spine",
        ),
        ("barcode", 300, lambda c, g: c.rect(*g.barcode_box[:2], 30, 30, stroke=0, fill=1), "cover-barcode"),
        # White on a cover is a gap in the printed background: a hairline of it fills in.
        (
            "thin",
            300,
            lambda c, g: (
                c.setStrokeColorRGB(1, 1, 1),
                c.setLineWidth(0.25),
                c.line(g.front[0] + 40, 300, g.front[0] + 200, 300),
            ),
            "thin-line",
        ),
    ],
)
def test_check_cover_catches_defects_in_foreign_covers(tmp_path, name, pages, draw, code):
    geometry = CoverGeometry(6 * INCH, 9 * INCH, pages * 0.002252 * INCH, KDP_COVER)
    if name == "spine":
        geometry = CoverGeometry(6 * INCH, 9 * INCH, 0.5 * INCH, KDP_COVER)
    path = foreign_cover(tmp_path / f"{name}.pdf", geometry, draw)
    report = check_cover(path, "kdp", geometry, pages, "kdp")
    assert [problem.code for problem in report.problems] == [code], report.format()


def test_clean_foreign_cover_passes(tmp_path):
    geometry = CoverGeometry(6 * INCH, 9 * INCH, 300 * 0.002252 * INCH, KDP_COVER)
    path = foreign_cover(
        tmp_path / "clean.pdf", geometry, lambda c, g: c.drawString(g.front[0] + 40, 300, "A clean cover")
    )
    assert check_cover(path, "kdp", geometry, 300, "kdp").ok


def test_preview_guides_draw_the_folds_and_barcode_box(tmp_path):
    config = book_config(tmp_path)
    built = build(config, tmp_path / "book.pdf")
    result = CliRunner().invoke(
        app, ["preview", str(built.cover), "--guides", "-o", str(tmp_path / "png"), "--dpi", "72"]
    )
    assert result.exit_code == 0, result.output
    from PIL import Image

    image = Image.open(result.stdout.strip()).convert("RGB")
    manifest = json.loads(built.manifest.read_text(encoding="utf-8"))["cover"]
    geometry = CoverGeometry.of_page(*manifest["size"], manifest["spine_width"], KDP_COVER)
    fold_x = round(geometry.folds[0])
    line = [image.getpixel((x, 400)) for x in range(fold_x - 1, fold_x + 2)]
    assert max(red for red, _, _ in line) > 200  # the fold line, in red
    x0, y0, x1, y1 = geometry.barcode_box
    inside_box = image.getpixel((round((x0 + x1) / 2), round(geometry.height - (y0 + y1) / 2)))
    assert inside_box != BACKGROUND and inside_box[0] > BACKGROUND[0]  # tinted orange


def test_too_long_back_text_is_refused_on_its_key(tmp_path):
    config = book_config(tmp_path, "back_text: " + "Far too many words for one back cover. " * 90, size="5x8")
    with pytest.raises(
        Exception,
        match=r"cover\.back_text: \d+ lines at 9 pt, but the back "
        r"cover has room for about \d+",
    ):
        build(config, tmp_path / "book.pdf")
    assert list(tmp_path.glob("*.pdf")) == []


def test_check_cover_needs_a_trim_and_a_spine(tmp_path):
    path, _ = cover_for(tmp_path, 120)
    runner = CliRunner()
    no_trim = runner.invoke(app, ["check", str(path), "--cover", "--profile", "kdp", "--pages", "120"])
    assert no_trim.exit_code != 0 and "--cover needs --trim" in str(no_trim.exception)
    no_spine = runner.invoke(app, ["check", str(path), "--cover", "--profile", "kdp", "--trim", "8.5x11in"])
    assert "give --pages (and --paper) or --spine-width" in str(no_spine.exception)
    ingramspark = runner.invoke(
        app,
        ["check", str(path), "--cover", "--profile", "ingramspark", "--pages", "120", "--trim", "8.5x11in"],
    )
    assert "no spine formula for the ingramspark profile" in str(ingramspark.exception)
    given = runner.invoke(
        app,
        [
            "check",
            str(path),
            "--cover",
            "--profile",
            "kdp",
            "--trim",
            "8.5x11in",
            "--spine-width",
            f"{120 * 0.002252:.6f}in",
        ],
    )
    assert given.exit_code == 0, given.output


# -- the back's words, true to the book ------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[1] / "configs"
NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
} | {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "a hundred": 100}
COUNTED = re.compile(
    r"\b(\d[\d,]*|a hundred|" + "|".join(NUMBER_WORDS) + r")\s+"
    r"(?:[a-z-]+\s+)?(mazes?|pages?|sections?|shapes?)\b",
    re.IGNORECASE,
)


def counts_claimed(text: str) -> list[tuple[int, str]]:
    """Every "N mazes" (or pages, sections, shapes; one adjective may sit between) in ``text``."""
    found = []
    for number, noun in COUNTED.findall(text):
        value = int(number.replace(",", "")) if number[0].isdigit() else NUMBER_WORDS[number.lower()]
        found.append((value, noun.lower().rstrip("s")))
    return found


@pytest.mark.parametrize("config", sorted(SAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_samples_texts_state_its_books_own_counts(config):
    ready = prepare(config, mazes=False)
    book = ready.book
    pages = len(ready.main.pages)
    truth = {
        "maze": book.maze_count,
        "page": pages,
        "section": len(book.sections),
        "shape": len({s.shape for s in book.sections}),
    }
    texts = [fill_counts(book.subtitle, book_counts(book, pages))]  # as the title page sets it
    if ready.cover is not None:
        texts += [ready.cover.subtitle, ready.cover.back_text]
    claims = [claim for text in texts for claim in counts_claimed(text)]
    assert [(value, truth[noun]) for value, noun in claims if value != truth[noun]] == []
    # Where a sample names a count a placeholder can say, it uses the placeholder.
    raw = [book.subtitle] + ([book.cover.back_text] if book.cover else [])
    assert [text for text in raw for _, noun in counts_claimed(text) if noun != "shape"] == []


def test_the_default_books_title_page_prints_its_own_count(sample_book):
    result = sample_book("default")
    page = pdfium.PdfDocument(str(result.pdf))[0]
    words = " ".join(page.get_textpage().get_text_range().split())
    assert "12 mazes from easy to tricky" in words


def test_the_shapes_cover_prints_the_mazes_it_holds(tmp_path):
    ready = prepare(SAMPLES / "shapes.yaml", mazes=False)
    path = tmp_path / "shapes.cover.pdf"
    path.write_bytes(cover_pdf(ready.cover, ready.make(ready.cover_jobs), ready.fonts, path, preflight=True))
    words = " ".join(pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range().split())
    assert "44 mazes in four shapes" in words
    assert "44 mazes inside" in words
    assert "forty" not in words.lower()


def test_back_text_counts_are_filled_and_braces_kept(tmp_path):
    _, plan = cover_for(
        tmp_path, 120, 'back_text: "{mazes} mazes, {sections} section, {pages} pages, {{braces}}"'
    )
    assert plan.back_text == "3 mazes, 1 section, 120 pages, {braces}"
    assert "3 mazes, 1 section, 120 pages, {braces}" in " ".join(run.text for run in plan.back_texts)


def test_a_cover_whose_form_draws_itself_is_refused_without_pdfium_loading_it(tmp_path, monkeypatch):
    # pdfium, loading such a page, expands the form again and again until memory runs out
    # (over 3 GB, then the process aborts): the marks check's verdict must be the answer.
    import pikepdf

    geometry = CoverGeometry(432, 648, 18, KDP_COVER)
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(geometry.width, geometry.height))
    loop = pdf.make_stream(
        b"0 g 0 0 5 5 re f 0.5 0 0 0.5 0 0 cm /Me Do /Me Do",
        Type=pikepdf.Name.XObject,
        Subtype=pikepdf.Name.Form,
        BBox=[0, 0, 10, 10],
    )
    loop.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Me=loop))
    page = pdf.pages[0]
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Loop=loop))
    page.Contents = pdf.make_stream(b"q 1 0 0 1 100 300 cm /Loop Do Q")
    path = tmp_path / "cover.pdf"
    pdf.save(path)

    def no_loading(*args, **kwargs):
        raise AssertionError("pdfium loaded the page")

    monkeypatch.setattr(pdfium.PdfDocument, "get_page", no_loading)
    report = check_cover(path, "kdp", geometry, 100, "kdp")
    assert not report.ok
    assert "form-cycle" in {problem.code for problem in report.problems}
