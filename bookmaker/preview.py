"""Page previews: PDF pages rendered to PNG, one file per page or one contact sheet.

    render_pages("book.pdf", "out/", pages=[1, 2], dpi=100)   # out/book-p001.png, out/book-p002.png
    render_sheet("book.pdf", "out/book-sheet.png")            # every page as a thumbnail
    render_sheets("book.pdf", "out/")   # out/book-sheet.png, or book-sheet-1.png ... past 64 pages

Rendering is pdfium's (through pypdfium2), so a preview shows what a viewer
shows. The same PDF and options give byte-identical PNGs.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from .errors import BookmakerError
from .files import write_atomic
from .layout.cover_geometry import CoverGeometry
from .layout.fonts import DEFAULT_REGULAR
from .units import format_points

PAGE_DPI = 100
SHEET_DPI = 30  # a 6 x 9 in page becomes a 180 x 270 px thumbnail
MAX_DPI = 1200
MAX_COLUMNS = 8
SHEET_PAGES = MAX_COLUMNS**2  # thumbnails on one sheet: a larger one is too big to look over
MAX_SHEET_PIXELS = 100_000_000  # a 300 MB RGB image: more is a mistake, not a preview
PAD = 12
LABEL_HEIGHT = 22
BACKGROUND = (208, 208, 208)
FRAME = (128, 128, 128)
INK = (48, 48, 48)
FONT = DEFAULT_REGULAR  # page labels in the books' own font

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def default_output_dir(pdf: str | Path) -> Path:
    """Where previews go unless told: output/preview/<stem>/ under the current folder."""
    return Path("output") / "preview" / Path(pdf).stem


def parse_pages(spec: str | None, page_count: int) -> list[int]:
    """Page numbers from "1-4,7" (counting from 1, in the order given, each
    once); None means every page. Anything doubtful is an error, not a guess."""
    if spec is None:
        return list(range(1, page_count + 1))
    pages: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        match = _RANGE.match(part)
        if not match:
            raise BookmakerError(f"--pages: '{part}' is not a page or a range such as 1-4,7")
        first = int(match[1])
        last = int(match[2]) if match[2] else first
        if first < 1:
            raise BookmakerError("--pages: pages count from 1")
        if last < first:
            raise BookmakerError(f"--pages: '{part}' runs backwards")
        if last > page_count:
            raise BookmakerError(f"--pages: page {last} is past the end ({page_count} pages)")
        pages += [n for n in range(first, last + 1) if n not in pages]
    return pages


def render_pages(
    pdf: str | Path, out_dir: str | Path, pages: list[int] | None = None, dpi: int = PAGE_DPI
) -> list[Path]:
    """Render ``pages`` (default all) to ``out_dir/<stem>-p001.png`` and so on."""
    out = Path(out_dir)
    written = []
    for number, image in _render(pdf, pages, dpi):
        path = out / f"{Path(pdf).stem}-p{number:03d}.png"
        _save(image, path)
        written.append(path)
    return written


def _save(image: Image.Image, path: Path) -> None:
    """PNG bytes written atomically: a failure leaves no half image, and a clean error."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    write_atomic(path, buffer.getvalue())


def render_sheet(
    pdf: str | Path,
    out_path: str | Path,
    pages: list[int] | None = None,
    dpi: int = SHEET_DPI,
    columns: int | None = None,
) -> Path:
    """One PNG with ``pages`` (default all) as thumbnails in a grid, each
    numbered underneath, so a whole book can be looked over at a glance."""
    if columns is not None and columns < 1:
        raise BookmakerError(f"--columns must be at least 1, got {columns}")
    _refuse_huge_sheet(pdf, pages, dpi, columns)
    thumbs = list(_render(pdf, pages, dpi))
    columns = columns or min(MAX_COLUMNS, math.ceil(math.sqrt(len(thumbs))))
    cell_w = max(image.width for _, image in thumbs) + 2 * PAD
    cell_h = max(image.height for _, image in thumbs) + PAD + LABEL_HEIGHT
    rows = math.ceil(len(thumbs) / columns)
    sheet = Image.new("RGB", (columns * cell_w, rows * cell_h + PAD), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    font = _font(LABEL_HEIGHT - 6)
    for i, (number, image) in enumerate(thumbs):
        x0 = (i % columns) * cell_w + (cell_w - image.width) // 2
        y0 = (i // columns) * cell_h + PAD
        sheet.paste(image, (x0, y0))
        draw.rectangle((x0 - 1, y0 - 1, x0 + image.width, y0 + image.height), outline=FRAME)
        centre = (x0 + image.width / 2, y0 + image.height + LABEL_HEIGHT / 2 + 1)
        draw.text(centre, str(number), fill=INK, font=font, anchor="mm")
    out = Path(out_path)
    _save(sheet, out)
    return out


def page_image(pdf: str | Path | bytes, number: int = 1, dpi: int = PAGE_DPI) -> Image.Image:
    """Page ``number`` of a PDF file, or of its bytes, as an RGB picture."""
    ((_, image),) = _render(pdf, [number], dpi)
    return image


def render_sheets(
    pdf: str | Path,
    out_dir: str | Path,
    pages: list[int] | None = None,
    dpi: int = SHEET_DPI,
    columns: int | None = None,
) -> list[Path]:
    """Contact sheets of ``pages`` (default all), ``SHEET_PAGES`` to a sheet, in order:
    ``out_dir/<stem>-sheet.png``, or ``<stem>-sheet-1.png``, ``-2`` ... for more pages."""
    numbers = list(range(1, page_count(pdf) + 1)) if pages is None else pages
    runs = [numbers[start : start + SHEET_PAGES] for start in range(0, len(numbers), SHEET_PAGES)] or [
        numbers
    ]
    stem, out = Path(pdf).stem, Path(out_dir)
    if len(runs) == 1:
        return [render_sheet(pdf, out / f"{stem}-sheet.png", runs[0], dpi, columns)]
    # The first sheet is the fullest: if it is not refused as too large, none is.
    return [
        render_sheet(pdf, out / f"{stem}-sheet-{n}.png", run, dpi, columns) for n, run in enumerate(runs, 1)
    ]


def render_journeys(pdf: str | Path, manifest: dict, out_dir: str | Path, dpi: int = PAGE_DPI) -> list[Path]:
    """Each journey of the book whose ``manifest`` (``bookmaker.manifest/1``) lies beside
    ``pdf``, its pages' tiles cut out at their outer walls' boxes and laid side by side as
    the maze runs: ``out_dir/<stem>-journey-<number>.png``, and ``-key.png`` for a key that
    shows it a page a tile. Each tile's wall on a page edge is cut down its middle, so two
    tiles that meet show one wall there, no wider than any other, where the pages join."""
    journeys = [maze for maze in manifest.get("mazes", []) if maze.get("journey")]
    if not journeys:
        raise BookmakerError(f"{pdf}: its manifest lists no journey (a section with journey: pages)")
    written, stem = [], Path(pdf).stem
    for maze in journeys:
        tiles = maze["journey"]["tiles"]
        for suffix, page_key, box_key in (("", "page", "bbox"), ("-key", "answer_page", "answer_bbox")):
            if page_key not in tiles[0]:
                continue
            path = Path(out_dir) / f"{stem}-journey-{maze['number']}{suffix}.png"
            _save(_journey_image(pdf, tiles, page_key, box_key, dpi), path)
            written.append(path)
    return written


def _journey_image(pdf: str | Path, tiles: list[dict], page_key: str, box_key: str, dpi: int) -> Image.Image:
    scale = dpi / 72
    # Points a cell, from the first tile's box and cells: every tile has the same.
    x0, _, x1, _ = tiles[0][box_key]
    cell = (x1 - x0) / tiles[0]["cells"][2]
    images = dict(_render(pdf, [tile[page_key] for tile in tiles], dpi))
    width = max(tile["cells"][0] + tile["cells"][2] for tile in tiles)
    height = max(tile["cells"][1] + tile["cells"][3] for tile in tiles)
    sheet = Image.new(
        "RGB", (round(width * cell * scale) + 2 * PAD, round(height * cell * scale) + 2 * PAD), "white"
    )
    for tile in tiles:
        page = images[tile[page_key]]
        left, bottom, right, top = tile[box_key]
        x, y, across, down = tile["cells"]
        cut = page.crop(
            (
                round(left * scale),
                round(page.height - top * scale),
                round(right * scale),
                round(page.height - bottom * scale),
            )
        )
        at = (PAD + round(x * cell * scale), PAD + round(y * cell * scale))
        sheet.paste(
            cut.resize(
                (
                    round((x + across) * cell * scale) - at[0] + PAD,
                    round((y + down) * cell * scale) - at[1] + PAD,
                )
            ),
            at,
        )
    return sheet


# Guides over a cover: colours a cover's own art seldom uses, so they stand out on any.
TRIM_GUIDE, FOLD_GUIDE, SAFE_GUIDE, BARCODE_GUIDE = (0, 190, 255), (255, 40, 40), (40, 220, 40), (255, 150, 0)


def _guides(geometry: CoverGeometry) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """The legend's entries: each guide's label, with the printer's figures, and colour."""
    rules = geometry.rules
    return (
        ("trim", TRIM_GUIDE),
        (f"fold, +/- {rules.fold_clearance / 72:g} in", FOLD_GUIDE),
        (f"safe area, {rules.safe_inset / 72:g} in inside the trim", SAFE_GUIDE),
        ("barcode box", BARCODE_GUIDE),
    )


def render_cover_guides(
    pdf: str | Path, out_path: str | Path, geometry: CoverGeometry, dpi: int = PAGE_DPI
) -> Path:
    """The cover's first page with its trim, spine folds (and their clearance), safe areas and
    barcode box drawn over it, and a legend beneath: where everything falls."""
    out = Path(out_path)
    _save(cover_with_guides(pdf, geometry, dpi), out)
    return out


def cover_with_guides(pdf: str | Path | bytes, geometry: CoverGeometry, dpi: int = PAGE_DPI) -> Image.Image:
    """``render_cover_guides``'s picture, of a cover file or of its bytes."""
    ((_, page),) = _render(pdf, [1], dpi)
    scale = dpi / 72

    def pixels(box):
        x0, y0, x1, y1 = box
        return x0 * scale, page.height - y1 * scale, x1 * scale, page.height - y0 * scale

    overlay = Image.new("RGBA", page.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    width = max(1, round(dpi / 50))
    for band in geometry.fold_bands:
        draw.rectangle(pixels(band), fill=FOLD_GUIDE + (70,))
    for x in geometry.folds:
        draw.line((x * scale, 0, x * scale, page.height), fill=FOLD_GUIDE + (255,), width=width)
    draw.rectangle(
        pixels(geometry.barcode_box), fill=BARCODE_GUIDE + (90,), outline=BARCODE_GUIDE + (255,), width=width
    )
    for zone in (geometry.back_safe, geometry.front_safe, geometry.spine_safe):
        if zone is not None:
            draw.rectangle(pixels(zone), outline=SAFE_GUIDE + (255,), width=width)
    draw.rectangle(pixels(geometry.trim), outline=TRIM_GUIDE + (255,), width=width)
    guided = Image.alpha_composite(page.convert("RGBA"), overlay).convert("RGB")
    return _with_legend(guided, _guides(geometry))


def _with_legend(image: Image.Image, guides: tuple[tuple[str, tuple[int, int, int]], ...]) -> Image.Image:
    font = _font(LABEL_HEIGHT - 6)
    sheet = Image.new("RGB", (image.width, image.height + LABEL_HEIGHT + 2 * PAD), BACKGROUND)
    sheet.paste(image, (0, 0))
    draw = ImageDraw.Draw(sheet)
    x, y = PAD, image.height + PAD
    for label, colour in guides:
        draw.rectangle((x, y + 3, x + LABEL_HEIGHT - 6, y + LABEL_HEIGHT - 3), fill=colour)
        x += LABEL_HEIGHT
        draw.text((x, y + LABEL_HEIGHT / 2), label, fill=INK, font=font, anchor="lm")
        x += int(draw.textlength(label, font=font)) + 2 * PAD
    return sheet


def _refuse_huge_sheet(pdf: str | Path, pages: list[int] | None, dpi: int, columns: int | None) -> None:
    """Estimate the sheet from the first page before rendering anything: memory is finite."""
    document = _open(pdf)
    try:
        width, height = document[0].get_size()
        count = len(pages) if pages else len(document)
    finally:
        document.close()
    columns = columns or min(MAX_COLUMNS, math.ceil(math.sqrt(count)))
    rows = math.ceil(count / columns)
    pixels_w = columns * (width * dpi / 72 + 2 * PAD)
    pixels_h = rows * (height * dpi / 72 + PAD + LABEL_HEIGHT)
    if pixels_w * pixels_h > MAX_SHEET_PIXELS:
        raise BookmakerError(
            f"a contact sheet of {count} pages at --dpi {dpi} would be {pixels_w:.0f}x{pixels_h:.0f} "
            f"pixels, over the {MAX_SHEET_PIXELS:,}-pixel limit; lower --dpi"
        )


def page_count(pdf: str | Path) -> int:
    document = _open(pdf)
    try:
        return len(document)
    finally:
        document.close()


def not_a_cover(pdf: str | Path) -> str | None:
    """What shows that ``pdf`` is no full-wrap cover, or None if it may be one. A full wrap
    is one page holding the back, the spine and the front side by side: wider than tall."""
    document = _open(pdf)
    try:
        pages, (width, height) = len(document), document[0].get_size()
    finally:
        document.close()
    if pages != 1:
        return f"it has {pages} pages"
    if width <= height:
        return f"its page, {format_points(width)} x {format_points(height)}, is not wider than tall"
    return None


def page_size(pdf: str | Path) -> tuple[float, float]:
    """The first page's width and height in points."""
    document = _open(pdf)
    try:
        return document[0].get_size()
    finally:
        document.close()


def _open(pdf: str | Path | bytes) -> pdfium.PdfDocument:
    if isinstance(pdf, bytes):  # a PDF made in memory, never written (the studio's pages)
        return pdfium.PdfDocument(pdf)
    path = Path(pdf)
    if not path.is_file():
        raise BookmakerError(f"{path}: no such file")
    try:
        return pdfium.PdfDocument(path)
    except pdfium.PdfiumError as error:
        raise BookmakerError(f"{path}: not a readable PDF: {error}") from None


def check_dpi(dpi: int) -> int:
    if not 1 <= dpi <= MAX_DPI:
        raise BookmakerError(f"--dpi must be between 1 and {MAX_DPI}, got {dpi}")
    return dpi


def _render(pdf: str | Path | bytes, pages: list[int] | None, dpi: int):
    """Yield (page number, RGB image) for each page asked for."""
    check_dpi(dpi)
    document = _open(pdf)
    path = "the PDF" if isinstance(pdf, bytes) else Path(pdf)
    try:
        count = len(document)
        numbers = list(range(1, count + 1)) if pages is None else pages
        if not numbers:
            raise BookmakerError(f"{path}: no pages to render")
        for number in numbers:
            if not 1 <= number <= count:
                raise BookmakerError(f"page {number} is past the end ({count} pages)")
            page = document[number - 1]
            try:
                yield number, page.render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                page.close()
    finally:
        document.close()


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.truetype(str(FONT), size)
    except OSError:  # an installed copy without the fonts/ folder
        return ImageFont.load_default(size)
