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

from bookmaker.preflight import images
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


def test_a_grey_palette_needs_no_pixels(tmp_path, monkeypatch):
    """An Indexed image over a palette of greys is grey whatever its indices: none is decoded."""
    path = img2pdf_file(tmp_path / "grey.pdf", Image.new("L", (WIDTH, HEIGHT), 90).convert("P"))
    xobject = the_image(path)
    assert str(xobject["/ColorSpace"][0]) == "/Indexed"
    monkeypatch.setattr(images, "_decode", lambda *_: pytest.fail("pixels decoded"))
    assert grey_image(xobject)
