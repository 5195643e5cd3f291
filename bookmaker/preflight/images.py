"""An image XObject's pixels, decoded in C, for the colour and ink checks.

    picture = decoded(xobject)               # a Pillow image, or None
    grey = grey_image(xobject)               # True: every pixel is a grey

A scanned book is a PDF of page-sized images, most of them Flate-compressed with
PNG predictors (img2pdf and most converters keep a PNG's data as it is). pypdf
undoes the predictors in Python and caches every decoded stream on its reader:
minutes and gigabytes for a hundred pages. Here such an image is handed to
Pillow as the PNG it was, and nothing decoded is kept: one picture at a time.

Whether an image is grey is told, cheapest first, by its colour space (a grey
space, an Indexed palette of greys), then by a bounded sample of its first rows
(one coloured pixel there settles it), and only then by every pixel; each step
decides exactly as decoding the whole image would. What this module does not
decode itself (JPEG, JPEG 2000, CCITT, JBIG2, a /Decode array, Lab or spot
colours...) pypdf decodes, as before.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

from PIL import Image, ImageChops
from pypdf.generic import IndirectObject

from .objects import as_dict, as_number, resolve

GREY_SPREAD = 2  # a pixel whose RGB channels lie this close is a grey
SAMPLE_BYTES = 1 << 19  # decoded bytes of an image's first rows looked at before the rest
MAX_IMAGE_BYTES = 1 << 30  # an image claiming more decoded bytes than this is left to pypdf
RELEASE_BYTES = 1 << 18  # an image whose encoded bytes pass this, pypdf is made to forget
_RGB_SPACES = {"/DeviceRGB", "/RGB", "/CalRGB"}
_CMYK_SPACES = {"/DeviceCMYK", "/CMYK"}
_GREY_SPACES = {"/DeviceGray", "/G", "/CalGray"}
_ICC_MODES = {1: "L", 3: "RGB", 4: "CMYK"}
# Pillow's PNG decoder undoes PNG predictors; a PNG has no CMYK, but four 8-bit channels
# unfilter byte for byte alike, so CMYK goes through as RGBA and is read back as CMYK.
_PNG_COLOUR_TYPES = {"RGB": (2, "RGB"), "CMYK": (6, "RGBA"), "P": (3, "P")}


def grey_image(xobject) -> bool:
    """Whether every pixel of an image prints as a grey (its RGB channels within
    GREY_SPREAD of each other once converted as Pillow converts it); False for an image
    that cannot be decoded, whose colour space must then speak for it."""
    space = resolve(xobject.get("/ColorSpace"))
    mode = _mode(space)
    if mode == "L":
        return True
    if mode == "P":
        colours = _palette_hues(space)
        if colours is None:
            return _grey_picture(decoded(xobject))
        if not any(colours):
            return True  # a palette of greys: whatever indices the pixels hold
        return not _uses_any(xobject, colours)
    sample = _decode(xobject, SAMPLE_BYTES)
    if sample is not None and not _grey_picture(sample[0]):
        return False
    if sample is not None and sample[1]:
        return True  # the sample was the whole image
    return _grey_picture(decoded(xobject))


def decoded(xobject) -> Image.Image | None:
    """The image's pixels as Pillow holds them, decoded in C where this module can,
    else by pypdf; None if neither can decode it."""
    # an Indexed image decoded here holds indices, not colours
    whole = _decode(xobject, None) if _mode(resolve(xobject.get("/ColorSpace"))) != "P" else None
    if whole is not None:
        return whole[0]
    try:
        return xobject.decode_as_image()
    except Exception:  # a broken or exotic image: the callers judge it by its colour space
        return None
    finally:
        if getattr(xobject, "decoded_self", None) is not None:
            xobject.decoded_self = None  # pypdf's cache of the decoded bytes: one image at a time


def release(ref) -> None:
    """Make pypdf forget the image ``ref`` (an indirect reference) if it is large: a reader
    keeps every object it reads for its whole life, and a scanned book's images are the
    whole file over again. An image drawn again is read again."""
    if not isinstance(ref, IndirectObject):
        return
    cached = getattr(ref.pdf, "resolved_objects", None)
    key = (ref.generation, ref.idnum)
    if isinstance(cached, dict) and len(getattr(cached.get(key), "_data", None) or b"") > RELEASE_BYTES:
        del cached[key]


def _grey_picture(picture: Image.Image | None) -> bool:
    """Whether every pixel of a decoded picture is a grey: red and green, and green and
    blue, within GREY_SPREAD of each other. Each difference is taken modulo 256, whose
    histogram shows at once whether any lies outside -GREY_SPREAD to GREY_SPREAD."""
    if picture is None:
        return False
    if picture.mode in ("1", "L", "LA", "I", "I;16", "F"):
        return True
    rgb = picture if picture.mode == "RGB" else picture.convert("RGB")
    red, green, blue = rgb.split()
    return not any(
        any(ImageChops.subtract_modulo(a, b).histogram()[GREY_SPREAD + 1 : 256 - GREY_SPREAD])
        for a, b in ((red, green), (green, blue))
    )


def _mode(space) -> str | None:
    """The Pillow mode of an image's samples in colour space ``space``: "L" for a grey
    space, "RGB", "CMYK", "P" for an Indexed space; None for any other."""
    if isinstance(space, list) and len(space) == 1:
        space = resolve(space[0])
    if isinstance(space, str):
        return (
            "L"
            if space in _GREY_SPACES
            else "RGB"
            if space in _RGB_SPACES
            else "CMYK"
            if space in _CMYK_SPACES
            else None
        )
    if not isinstance(space, list) or len(space) < 2:
        return None
    family = resolve(space[0])
    if family == "/ICCBased":
        return _ICC_MODES.get(int(as_number(as_dict(space[1]).get("/N"), 0)))
    if family in _GREY_SPACES:
        return "L"
    if family == "/CalRGB":
        return "RGB"
    if family in ("/Indexed", "/I") and len(space) == 4:
        return "P"
    return None


def _palette_hues(space) -> list[bool] | None:
    """For each of the 256 indices of an Indexed space, whether its colour is no grey
    (indices past the palette's end are black, as Pillow pads a palette); None if the
    palette cannot be read."""
    base = _mode(resolve(space[1]))
    lookup = resolve(space[3])
    try:
        lookup = lookup.get_data() if hasattr(lookup, "get_data") else lookup
    except Exception:  # a broken palette stream: pypdf decides
        return None
    if isinstance(lookup, str):  # pypdf decodes some strings to text; the bytes are the palette
        lookup = getattr(lookup, "original_bytes", None) or lookup.encode("latin-1", "replace")
    if base not in ("L", "RGB", "CMYK") or not isinstance(lookup, bytes):
        return None
    count = max(0, min(256, int(as_number(space[2], 255)) + 1, len(lookup) // len(base)))
    hues = [False] * 256
    if base != "L" and count:
        rgb = Image.frombytes(base, (count, 1), lookup[: count * len(base)]).convert("RGB").tobytes()
        for index, (r, g, b) in enumerate(zip(rgb[0::3], rgb[1::3], rgb[2::3], strict=True)):
            hues[index] = max(abs(r - g), abs(g - b)) > GREY_SPREAD
    return hues


def _uses_any(xobject, colours: list[bool]) -> bool:
    """Whether an Indexed image's pixels use any index ``colours`` marks: in a sample of
    its first rows, else in all of them."""
    sample = _decode(xobject, SAMPLE_BYTES)
    if sample is not None and not sample[1] and not _holds_any(sample[0], colours):
        sample = _decode(xobject, None)
    if sample is None:  # pypdf decodes it, to its colours
        return not _grey_picture(decoded(xobject))
    return _holds_any(sample[0], colours)


def _holds_any(indices: Image.Image, colours: list[bool]) -> bool:
    return any(count and colour for count, colour in zip(indices.histogram(), colours, strict=False))


def _decode(xobject, limit: int | None) -> tuple[Image.Image, bool] | None:
    """The image's first rows, at most ``limit`` decoded bytes of them (None: all), and
    whether they are the whole image; None where this module does not decode the image
    (pypdf does), or cannot (broken data)."""
    space = resolve(xobject.get("/ColorSpace"))
    mode = _mode(space)
    width, height = int(as_number(xobject.get("/Width"), 0)), int(as_number(xobject.get("/Height"), 0))
    bits = int(as_number(xobject.get("/BitsPerComponent"), 8))
    raw: Any = getattr(xobject, "_data", None)  # pypdf keeps the encoded bytes there
    filters = resolve(xobject.get("/Filter"))
    filters = [resolve(f) for f in filters] if isinstance(filters, list) else [filters]
    parameters = resolve(xobject.get("/DecodeParms"))
    if isinstance(parameters, list):
        parameters = resolve(parameters[0]) if len(parameters) == 1 else None
    parameters = as_dict(parameters)
    if (
        mode not in _PNG_COLOUR_TYPES
        or width <= 0
        or height <= 0
        or (bits != 8 and not (mode == "P" and bits in (1, 2, 4)))
        or not isinstance(raw, bytes)
        or filters not in ([None], ["/FlateDecode"])
        or "/Decode" in xobject
    ):
        return None
    components = len(mode) if mode != "P" else 1
    row = (width * components * bits + 7) // 8
    if row * height > MAX_IMAGE_BYTES:
        return None
    rows = height if limit is None else max(1, min(height, limit // row))
    predictor = int(as_number(parameters.get("/Predictor"), 1))
    try:
        if filters == [None] or predictor == 1:
            data = raw if filters == [None] else zlib.decompressobj().decompress(raw, row * rows)
            if len(data) < row * rows:
                return None  # short data: pypdf pads what it can
            raw_mode = mode if bits == 8 else f"P;{bits}"
            picture = Image.frombytes(mode, (width, rows), data[: row * rows], "raw", raw_mode)
        elif predictor >= 10 and _png_parameters(parameters, components, bits, width):
            picture = _png(raw, mode, bits, width, rows)
        else:
            return None  # TIFF predictor: rare, left to pypdf
    except (OSError, ValueError, zlib.error):  # broken data: pypdf recovers what it can
        return None
    return picture, rows == height


def _png_parameters(parameters: dict, components: int, bits: int, width: int) -> bool:
    """Whether a PNG predictor's parameters describe the image's own samples."""
    return (
        int(as_number(parameters.get("/Colors"), 1)) == components
        and int(as_number(parameters.get("/BitsPerComponent"), 8)) == bits
        and int(as_number(parameters.get("/Columns"), 1)) == width
    )


def _png(data: bytes, mode: str, bits: int, width: int, rows: int) -> Image.Image:
    """Flate data under PNG predictors, as the PNG file it was: Pillow unfilters it in C.
    Only ``rows`` rows are declared, and Pillow decodes no further than they reach."""
    colour_type, png_mode = _PNG_COLOUR_TYPES[mode]
    header = struct.pack(">IIBBBBB", width, rows, bits, colour_type, 0, 0, 0)
    chunks = [(b"IHDR", header)]
    if colour_type == 3:  # a palette of zeros: the picture is read for its indices
        chunks.append((b"PLTE", bytes(3 << bits)))
    chunks += [(b"IDAT", data), (b"IEND", b"")]
    png = b"\x89PNG\r\n\x1a\n" + b"".join(
        struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        for kind, body in chunks
    )
    picture = Image.open(io.BytesIO(png))
    picture.load()
    if picture.mode != png_mode:
        raise ValueError(f"decoded as {picture.mode}, not {png_mode}")
    if png_mode == "RGBA":
        return Image.frombytes("CMYK", picture.size, picture.tobytes())
    return picture  # RGB, or for an Indexed image the indices (a palette of zeros)
