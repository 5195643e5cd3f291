from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.errors import BookmakerError
from bookmaker.preview import default_output_dir, page_count, parse_pages, render_pages, render_sheet
from tests.command_line import in_process

LETTER = (612, 792)
ANDIKA = Path(__file__).resolve().parents[1] / "fonts" / "Andika-Regular.ttf"


def squares_pdf(path, pages=3):
    """Letter pages, each with a black 72 pt square whose lower left corner
    is 72 pt from the left and (72 * page number) pt from the bottom."""
    c = Canvas(str(path), pagesize=LETTER, invariant=1)
    for n in range(1, pages + 1):
        c.rect(72, 72 * n, 72, 72, stroke=0, fill=1)
        c.showPage()
    c.save()
    return path


def centred_pdf(path, pages):
    c = Canvas(str(path), pagesize=LETTER, invariant=1)
    for _ in range(pages):
        c.rect(206, 296, 200, 200, stroke=0, fill=1)
        c.showPage()
    c.save()
    return path


def test_rendered_pixels_show_the_square_where_it_was_drawn(tmp_path):
    pdf = squares_pdf(tmp_path / "book.pdf")
    [p2] = render_pages(pdf, tmp_path / "out", pages=[2], dpi=144)
    assert p2 == tmp_path / "out" / "book-p002.png"
    image = Image.open(p2).convert("L")
    assert image.size == (1224, 1584)  # letter at 2 px per point

    # page 2's square spans x 72..144 pt, y 144..216 pt from the bottom
    def px(x_pt, y_pt):
        return image.getpixel((int(x_pt * 2), int((792 - y_pt) * 2)))

    assert px(108, 180) < 10  # inside the square
    assert px(108, 108) > 245  # where page 1's square would be
    assert px(160, 180) > 245  # right of it
    assert px(73, 145) < 10 and px(143, 215) < 10


def test_file_names_and_default_dir(tmp_path):
    pdf = squares_pdf(tmp_path / "maze book.pdf", pages=3)
    paths = render_pages(pdf, tmp_path / "o", dpi=20)
    assert [p.name for p in paths] == ["maze book-p001.png", "maze book-p002.png", "maze book-p003.png"]
    assert default_output_dir(pdf) == Path("output/preview/maze book")


def test_rendering_is_deterministic(tmp_path):
    pdf = squares_pdf(tmp_path / "b.pdf", pages=2)
    first = [p.read_bytes() for p in render_pages(pdf, tmp_path / "a", dpi=30)]
    second = [p.read_bytes() for p in render_pages(pdf, tmp_path / "b", dpi=30)]
    assert first == second
    s1 = render_sheet(pdf, tmp_path / "s1.png").read_bytes()
    assert render_sheet(pdf, tmp_path / "s2.png").read_bytes() == s1


def _components(image, inside):
    """Count 4-connected regions of pixels for which ``inside(value)`` holds."""
    w, h = image.size
    data = image.tobytes()  # one byte per pixel in mode L
    seen = bytearray(w * h)
    count = 0
    for start in range(w * h):
        if seen[start] or not inside(data[start]):
            continue
        count += 1
        seen[start] = 1
        stack = [start]
        while stack:
            i = stack.pop()
            x, y = i % w, i // w
            for j, ok in ((i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)):
                if ok and not seen[j] and inside(data[j]):
                    seen[j] = 1
                    stack.append(j)
    return count


@pytest.mark.parametrize("pages, columns", [(1, None), (5, None), (7, 3)])
def test_sheet_is_one_image_with_one_thumbnail_per_page(tmp_path, pages, columns):
    pdf = centred_pdf(tmp_path / "b.pdf", pages)
    out = tmp_path / "sheet"
    path = render_sheet(pdf, out / "b-sheet.png", columns=columns, dpi=20)
    assert list(out.iterdir()) == [path]
    image = Image.open(path).convert("L")
    # each page is a white region on the grey sheet holding one black square
    assert _components(image, lambda v: v >= 250) == pages
    assert _components(image, lambda v: v <= 5) == pages
    # the page numbers are drawn in dark grey ink between the thumbnails
    assert any(20 < v < 100 for v in image.tobytes())


def test_sheet_of_chosen_pages(tmp_path):
    pdf = centred_pdf(tmp_path / "b.pdf", 6)
    image = Image.open(render_sheet(pdf, tmp_path / "s.png", pages=[2, 4, 6], dpi=20)).convert("L")
    assert _components(image, lambda v: v >= 250) == 3


def test_parse_pages():
    assert parse_pages(None, 3) == [1, 2, 3]
    assert parse_pages("1-4,7", 8) == [1, 2, 3, 4, 7]
    assert parse_pages(" 3 , 1-2,2", 8) == [3, 1, 2]
    with pytest.raises(BookmakerError, match=r"^--pages: page 9 is past the end \(8 pages\)$"):
        parse_pages("1-9", 8)
    with pytest.raises(BookmakerError, match="runs backwards"):
        parse_pages("4-2", 8)
    with pytest.raises(BookmakerError, match="count from 1"):
        parse_pages("0-2", 8)
    for bad in ("", "1,,2", "a", "1-", "-3", "1-2-3", "2.5"):
        with pytest.raises(BookmakerError, match="is not a page or a range"):
            parse_pages(bad, 8)


def test_bad_inputs(tmp_path):
    with pytest.raises(BookmakerError, match="no such file"):
        page_count(tmp_path / "missing.pdf")
    junk = tmp_path / "junk.pdf"
    junk.write_text("hello", encoding="utf-8")
    with pytest.raises(BookmakerError, match="not a readable PDF"):
        render_pages(junk, tmp_path)
    pdf = squares_pdf(tmp_path / "b.pdf", pages=1)
    with pytest.raises(BookmakerError, match="--dpi"):
        render_pages(pdf, tmp_path, dpi=0)


# --- the command line -----------------------------------------------------------


def test_cli_preview_prints_only_the_paths_written(tmp_path):
    squares_pdf(tmp_path / "book.pdf", pages=8)
    result = in_process("preview", "book.pdf", "--pages", "1-2,7", "--dpi", "20", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = [f"output/preview/book/book-p00{n}.png" for n in (1, 2, 7)]
    assert result.stdout.splitlines() == written
    names = sorted(p.name for p in (tmp_path / "output/preview/book").iterdir())
    assert names == [Path(w).name for w in written]
    assert Image.open(tmp_path / written[0]).size == (170, 220)


def test_cli_preview_sheet(tmp_path):
    centred_pdf(tmp_path / "book.pdf", 4)
    result = in_process("preview", "book.pdf", "--sheet", "-o", "sheets", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "sheets/book-sheet.png\n"
    assert [p.name for p in (tmp_path / "sheets").iterdir()] == ["book-sheet.png"]


def test_cli_preview_bad_pages_is_one_line_exit_2(tmp_path):
    squares_pdf(tmp_path / "book.pdf", pages=8)
    result = in_process("preview", "book.pdf", "--pages", "9", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "bookmaker: error: --pages: page 9 is past the end (8 pages)\n"
    assert not (tmp_path / "output").exists()


def test_a_book_past_64_pages_gets_a_contact_sheet_for_each_64(tmp_path):
    centred_pdf(tmp_path / "book.pdf", 65)
    result = in_process("preview", "book.pdf", "--sheet", "-o", "sheets", "--dpi", 5, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["sheets/book-sheet-1.png", "sheets/book-sheet-2.png"]
    sheets = [Image.open(tmp_path / path).convert("L") for path in result.stdout.split()]
    # each page is a white region on the grey sheet holding one black square
    assert [_components(sheet, lambda v: v >= 250) for sheet in sheets] == [64, 1]
    assert [_components(sheet, lambda v: v <= 5) for sheet in sheets] == [64, 1]
    result = in_process(
        "preview", "book.pdf", "--sheet", "--pages", "2-65", "-o", "one", "--dpi", 5, cwd=tmp_path
    )
    assert result.stdout == "one/book-sheet.png\n"  # 64 pages still fit on one
    assert _components(Image.open(tmp_path / "one/book-sheet.png").convert("L"), lambda v: v <= 5) == 64


def cover_shaped_pdf(path):
    """One page wider than tall, as a full-wrap cover of a 6 x 9 in book is."""
    c = Canvas(str(path), pagesize=(12.5 * 72, 9.25 * 72), invariant=1)
    c.rect(72, 72, 72, 72, stroke=0, fill=1)
    c.showPage()
    c.save()
    return path


def test_guides_without_a_spine_name_the_flag_preview_takes(tmp_path):
    cover_shaped_pdf(tmp_path / "cover.pdf")
    for flags, said in (
        ([], "give --interior-pages (and --paper) or --spine-width"),
        (["--profile", "ingramspark", "--interior-pages", 100], "--interior-pages: "),
    ):
        result = in_process("preview", "cover.pdf", "--guides", *flags, cwd=tmp_path)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith("bookmaker: error: ") and result.stderr.count("\n") == 1
        assert said in result.stderr and "--pages " not in result.stderr
    assert not (tmp_path / "output").exists()


def test_guides_over_a_page_that_is_no_cover_say_so(tmp_path):
    squares_pdf(tmp_path / "book.pdf", pages=3)
    squares_pdf(tmp_path / "page.pdf", pages=1)
    cover_shaped_pdf(tmp_path / "cover.pdf")
    warnings = {}
    for name in ("book", "page", "cover"):
        result = in_process(
            "preview",
            f"{name}.pdf",
            "--guides",
            "--interior-pages",
            100,
            "-o",
            "png",
            "--dpi",
            10,
            cwd=tmp_path,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout == f"png/{name}-guides.png\n"  # drawn all the same
        warnings[name] = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings["book"] == [
        "bookmaker: warning: book.pdf is not a full-wrap cover (it has 3 pages); the guides show "
        "where a cover's trim, folds and barcode box would fall on its first page"
    ]
    [page] = warnings["page"]
    assert "page.pdf is not a full-wrap cover (its page, 8.5in x 11in, is not wider than tall)" in page
    assert warnings["cover"] == []


def blank_pdf(path, pages):
    """Letter pages with nothing on them."""
    c = Canvas(str(path), pagesize=LETTER, invariant=1)
    for _ in range(pages):
        c.showPage()
    c.save()
    return path


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
    pdf = blank_pdf(tmp_path / "book.pdf", 12)
    pages = [3, 11, 7, 10, 1]  # in this order, so a label is the page, not the position
    sheet = Image.open(render_sheet(pdf, tmp_path / "sheet.png", pages=pages, dpi=20))
    assert [_reads_as(label, range(1, 13)) for label in _labels(sheet)] == [str(n) for n in pages]
