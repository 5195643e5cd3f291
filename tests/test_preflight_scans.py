"""Scanned books: the colour check decides each image from its colour space, a sample of
its first rows, or all its pixels, decoded in C, and finds what a full decode finds.

Each picture is grey but for at most one coloured pixel, in the first row (inside the
sample) or the last (past it), written the ways scanners and converters write images:
img2pdf keeps a PNG's data (Flate under PNG predictors, RGB or an 8-bit palette),
pikepdf writes raw Flate samples (RGB, CMYK, a 4-bit palette). The full decode they are
held to is pypdf's, as the preflight used before."""

from __future__ import annotations

import io
import zlib

import img2pdf
import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name
from PIL import Image
from pypdf import PdfReader

from bookmaker.preflight import images, interior
from bookmaker.preflight import marks as marks_module
from bookmaker.preflight.images import SAMPLE_BYTES, grey_image
from bookmaker.preflight.interior import check_pdf

WIDTH, HEIGHT = 400, 1000  # RGB rows of 1,200 bytes: the sample holds the first 436
GREY, RED = (128, 128, 128), (200, 40, 40)
assert WIDTH * 3 * HEIGHT > SAMPLE_BYTES > WIDTH * 3


def picture(where: str | None, mode: str = "RGB") -> Image.Image:
    """A grey picture, with one red pixel in its first row, its last, or none."""
    rgb = Image.new("RGB", (WIDTH, HEIGHT), GREY)
    if where is not None:
        rgb.putpixel((WIDTH // 2, 0 if where == "first" else HEIGHT - 1), RED)
    if mode == "P":
        return rgb.quantize(colors=2 if where else 1)
    return rgb.convert(mode)


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def img2pdf_file(path, image: Image.Image):
    path.write_bytes(img2pdf.convert(png(image), layout_fun=img2pdf.get_fixed_dpi_layout_fun((300, 300))))
    return path


def pikepdf_file(path, image: Image.Image, space, data: bytes, bits: int = 8):
    """One page showing ``data`` (raw samples, Flate-compressed here) in ``space``."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(WIDTH * 72 / 300, HEIGHT * 72 / 300))
    page = pdf.pages[0]
    stream = pdf.make_stream(
        zlib.compress(data),
        Type=Name.XObject,
        Subtype=Name.Image,
        Width=image.width,
        Height=image.height,
        ColorSpace=space,
        BitsPerComponent=bits,
        Filter=Name.FlateDecode,
    )
    page.Resources = Dictionary(XObject=Dictionary(Im0=stream))
    page.Contents = pdf.make_stream(f"q {WIDTH * 72 / 300} 0 0 {HEIGHT * 72 / 300} 0 0 cm /Im0 Do Q".encode())
    pdf.save(path)
    return path


def four_bit_indexed(path, where):
    """4-bit indices, two to a byte, into a palette of a grey and a red."""
    indices = picture(where, "P")
    palette = bytes(GREY + RED)
    data = indices.tobytes()  # a byte an index; WIDTH is even, so no pair spans two rows
    rows = bytes(high << 4 | low for high, low in zip(data[0::2], data[1::2], strict=True))
    # quantize put the grey at index 0, the red at 1, as the palette has them
    assert indices.getpalette()[:3] == list(GREY)
    space = Array([Name.Indexed, Name.DeviceRGB, 1, pikepdf.String(palette)])
    return pikepdf_file(path, indices, space, rows, bits=4)


MAKERS = {
    "img2pdf RGB PNG": lambda path, where: img2pdf_file(path, picture(where)),
    "img2pdf palette PNG": lambda path, where: img2pdf_file(path, picture(where, "P")),
    "pikepdf RGB Flate": lambda path, where: pikepdf_file(
        path, picture(where), Name.DeviceRGB, picture(where).tobytes()
    ),
    "pikepdf CMYK Flate": lambda path, where: pikepdf_file(
        path, picture(where), Name.DeviceCMYK, picture(where, "CMYK").tobytes()
    ),
    "pikepdf 4-bit palette": four_bit_indexed,
}


def the_image(path):
    page = PdfReader(path).pages[0]
    [xobject] = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    return xobject


def full_decode_is_grey(path) -> bool:
    """The verdict of decoding every pixel with pypdf, as the preflight did before."""
    return images._grey_picture(the_image(path).decode_as_image())


@pytest.mark.parametrize("maker", MAKERS)
@pytest.mark.parametrize("where", [None, "first", "last"])
def test_greyness_is_what_a_full_decode_finds(tmp_path, maker, where):
    path = MAKERS[maker](tmp_path / "scan.pdf", where)
    grey = grey_image(the_image(path))
    assert grey == (where is None) == full_decode_is_grey(path)
    report = check_pdf(path, "home", interior="black-and-white")
    assert ("colour" in {problem.code for problem in report.problems}) == (where is not None)


@pytest.mark.parametrize("maker", ["img2pdf RGB PNG", "img2pdf palette PNG", "pikepdf 4-bit palette"])
def test_scans_are_decoded_without_pypdf(tmp_path, monkeypatch, maker):
    """What scanners write is decoded in C here: pypdf's decoder (Python predictors, and
    every decoded stream cached on its reader) is never called for it."""
    path = MAKERS[maker](tmp_path / "scan.pdf", "last")
    xobject = the_image(path)

    def refuse(*_):
        raise AssertionError("decoded by pypdf")

    monkeypatch.setattr(type(xobject), "decode_as_image", refuse)
    monkeypatch.setattr(type(xobject), "get_data", refuse)
    assert not grey_image(xobject)


def test_a_file_past_the_in_memory_size_is_read_at_positions_to_the_same_report(tmp_path, monkeypatch):
    """A scanned book of hundreds of megabytes is read at positions (os.pread), not into
    memory; what the check finds is what it finds reading a small file whole."""
    path = MAKERS["img2pdf RGB PNG"](tmp_path / "scan.pdf", "last")
    whole = check_pdf(path, "home", interior="black-and-white")
    at_positions = []
    real = interior._FileAt.readinto
    monkeypatch.setattr(interior, "IN_MEMORY_BYTES", path.stat().st_size - 1)
    monkeypatch.setattr(interior._FileAt, "readinto", lambda *a: at_positions.append(1) or real(*a))
    read = check_pdf(path, "home", interior="black-and-white")
    assert at_positions
    assert "colour" in {problem.code for problem in whole.problems}
    assert read.format() == whole.format()


def test_a_grey_palette_needs_no_pixels(tmp_path, monkeypatch):
    """An Indexed image over a palette of greys is grey whatever its indices: none is decoded."""
    path = img2pdf_file(tmp_path / "grey.pdf", Image.new("L", (WIDTH, HEIGHT), 90).convert("P"))
    xobject = the_image(path)
    assert str(xobject["/ColorSpace"][0]) == "/Indexed"
    monkeypatch.setattr(images, "_decode", lambda *_: pytest.fail("pixels decoded"))
    assert grey_image(xobject)


# --- margins of a scanned page, judged from its own pixels ---------------------------------

DPI = 100  # a 6 x 9 in page of 600 x 900 pixels
PAGE = (6 * DPI, 9 * DPI)
# Where a dark word sits on the scan (pixels from the top left): well inside the safe area,
# reaching 0.1 in into the left margin, or, as PAPER, light enough to be paper anywhere.
WORDS = {
    "inside": ((150, 200, 400, 230), 40),
    "margin": ((10, 300, 200, 330), 40),
    "faint": ((10, 300, 200, 330), images.PAPER),
    "just dark": ((10, 300, 200, 330), images.PAPER - 1),
}


def scan_page(word: str, mode: str) -> Image.Image:
    """A scanned page: paper (of shades the renderer takes for paper) and one word."""
    page = Image.new("L", PAGE, 253)
    page.paste(images.PAPER, (0, 0, PAGE[0], 40))  # the scanner's lid, as light as paper goes
    box, shade = WORDS[word]
    page.paste(shade, box)
    return page.convert(mode) if mode != "P" else page.convert("RGB").quantize(colors=8)


def pikepdf_scan(path, picture: Image.Image, turned: bool):
    """Raw Flate samples, placed upright, or turned a quarter turn (the samples stored
    sideways, as a scanner fed landscape writes them, and the page's matrix turning them
    back)."""
    if turned:
        picture = picture.transpose(Image.Transpose.ROTATE_90)
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(6 * 72, 9 * 72))
    stream = pdf.make_stream(
        zlib.compress(picture.tobytes()),
        Type=Name.XObject,
        Subtype=Name.Image,
        Width=picture.width,
        Height=picture.height,
        ColorSpace=Name.DeviceGray if picture.mode == "L" else Name.DeviceRGB,
        BitsPerComponent=8,
        Filter=Name.FlateDecode,
    )
    page = pdf.pages[0]
    page.Resources = Dictionary(XObject=Dictionary(Im0=stream))
    place = "0 -648 432 0 0 648" if turned else "432 0 0 648 0 0"
    page.Contents = pdf.make_stream(f"q {place} cm /Im0 Do Q".encode())
    pdf.save(path)
    return path


def reportlab_scan(path, picture: Image.Image):
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=(6 * 72, 9 * 72))
    pdf.drawImage(ImageReader(picture), 0, 0, 6 * 72, 9 * 72)
    pdf.save()
    return path


SCANS = {
    "img2pdf RGB": lambda path, word: img2pdf_scan(path, scan_page(word, "RGB")),
    "img2pdf grey": lambda path, word: img2pdf_scan(path, scan_page(word, "L")),
    "img2pdf palette": lambda path, word: img2pdf_scan(path, scan_page(word, "P")),
    "pikepdf RGB": lambda path, word: pikepdf_scan(path, scan_page(word, "RGB"), turned=False),
    "pikepdf grey, turned": lambda path, word: pikepdf_scan(path, scan_page(word, "L"), turned=True),
    "reportlab RGB": lambda path, word: reportlab_scan(path, scan_page(word, "RGB")),
}


def img2pdf_scan(path, picture: Image.Image):
    path.write_bytes(img2pdf.convert(png(picture), layout_fun=img2pdf.get_fixed_dpi_layout_fun((DPI, DPI))))
    return path


def rendered_report(path, monkeypatch) -> str:
    """The report when every image past the margins is judged by rendering the page, as
    before scanned pages were judged from their own pixels."""
    with monkeypatch.context() as patch:
        patch.setattr(marks_module, "exact_pixels", lambda _: None)
        return check_pdf(path, "kdp", interior="black-and-white").format()


@pytest.mark.parametrize("maker", SCANS)
@pytest.mark.parametrize("word", WORDS)
def test_scanned_margins_are_what_the_render_finds(tmp_path, monkeypatch, maker, word):
    """A page that is one scanned image is judged from its pixels where they show it paper
    past the safe area, with no render, and the findings are the render's: a dark word
    in the margin is found, one inside or one as light as paper is not."""
    path = SCANS[maker](tmp_path / "scan.pdf", word)
    before = rendered_report(path, monkeypatch)
    renders = []
    real_render = interior._Renderer._render
    monkeypatch.setattr(interior._Renderer, "_render", lambda *a: renders.append(1) or real_render(*a))
    after = check_pdf(path, "kdp", interior="black-and-white").format()
    assert after == before
    assert ("outside-safe-area" in after) == (word in ("margin", "just dark"))
    clear = word in ("inside", "faint")
    assert (not renders) == (clear and not maker.startswith("reportlab"))  # reportlab: ASCII85


def test_a_scan_with_other_ink_is_rendered(tmp_path, monkeypatch):
    """A page number drawn over the scan makes the page more than one image: rendered as
    before, and in a colour interior (no colour check) the image is not decoded at all."""
    path = SCANS["pikepdf RGB"](tmp_path / "scan.pdf", "inside")
    pdf = pikepdf.open(path, allow_overwriting_input=True)
    page = pdf.pages[0]
    page.Contents = pdf.make_stream(page.Contents.read_bytes() + b" 0 g 200 10 4 4 re f")
    pdf.save(path)
    renders = []
    real_render = interior._Renderer._render
    monkeypatch.setattr(interior._Renderer, "_render", lambda *a: renders.append(1) or real_render(*a))
    report = check_pdf(path, "kdp", interior="black-and-white").format()
    assert renders and "outside-safe-area" in report and "on the bottom" in report
    monkeypatch.setattr(marks_module, "exact_pixels", lambda _: pytest.fail("decoded"))
    assert check_pdf(path, "kdp", interior="color").format() == report
