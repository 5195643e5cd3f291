"""An image XObject's pixels, decoded in C, for the colour and ink checks.

    picture = decoded(xobject)               # a Pillow image, or None
    grey = grey_image(xobject)               # True: every pixel is a grey
    picture = exact_pixels(xobject)          # as a renderer draws them, or None
    clean = paper_outside(xobject, picture, (left, top, right, bottom))

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

Where a scanned page's margins are judged, the picture decoded once serves both checks:
an image in a device grey or RGB space (or an Indexed palette over one) whose pixels
outside a rectangle are all paper (every channel at least PAPER) renders as paper there,
since a renderer's pixel is a weighted average of the image's pixels around it.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops
from pypdf.generic import IndirectObject

from .objects import as_dict, as_number, resolve

GREY_SPREAD = 2  # a pixel whose RGB channels lie this close is a grey
PAPER = 250  # a pixel, drawn or rendered, whose every channel reaches this is paper
SAMPLE_BYTES = 1 << 19  # decoded bytes of an image's first rows looked at before the rest
MAX_IMAGE_BYTES = 1 << 30  # an image claiming more decoded bytes than this is left to pypdf
RELEASE_BYTES = 1 << 18  # an image whose encoded bytes pass this, pypdf is made to forget
_RGB_SPACES = {"/DeviceRGB", "/RGB", "/CalRGB"}
_CMYK_SPACES = {"/DeviceCMYK", "/CMYK"}
_GREY_SPACES = {"/DeviceGray", "/G", "/CalGray"}
_ICC_MODES = {1: "L", 3: "RGB", 4: "CMYK"}
# Pillow's PNG decoder undoes PNG predictors; a PNG has no CMYK, but four 8-bit channels
# unfilter byte for byte alike, so CMYK goes through as RGBA and is read back as CMYK.
_PNG_COLOUR_TYPES = {"L": (0, "L"), "RGB": (2, "RGB"), "CMYK": (6, "RGBA"), "P": (3, "P")}
# The spaces whose samples a renderer draws as they are, without a colour conversion.
_DEVICE_MODES = {"/DeviceGray": "L", "/G": "L", "/DeviceRGB": "RGB", "/RGB": "RGB"}


def grey_image(xobject, seen: Callable[[Image.Image], None] | None = None) -> bool:
    """Whether every pixel of an image prints as a grey (its RGB channels within
    GREY_SPREAD of each other once converted as Pillow converts it); False for an image
    that cannot be decoded, whose colour space must then speak for it. Where the whole
    image is decoded as exact_pixels decodes it, ``seen`` is shown it too."""
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
        return not _uses_any(xobject, colours, seen)
    sample = _decode(xobject, SAMPLE_BYTES)
    if sample is not None and not _grey_picture(sample[0]):
        return False
    if sample is not None and sample[1]:
        _show(xobject, sample[0], seen)
        return True  # the sample was the whole image
    picture = exact_pixels(xobject)
    if picture is None:
        return _grey_picture(decoded(xobject))
    _show(xobject, picture, seen)
    return _grey_picture(picture)


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


def exact_pixels(xobject) -> Image.Image | None:
    """The whole image as a renderer draws its samples (for an Indexed image, its indices),
    decoded here in C: an opaque image in a device grey or RGB space, or an Indexed
    palette over one, with no /Decode array. None for any other, or one that cannot be
    decoded here."""
    if not _exact(xobject):
        return None
    whole = _decode(xobject, None)
    return whole[0] if whole is not None else None


def _exact(xobject) -> bool:
    """Whether an image is opaque, in a device grey or RGB space or a palette over one, and
    without a /Decode array: whether its samples, as decoded here, are what a renderer draws."""
    masked = any(key in xobject for key in ("/SMask", "/Mask", "/Decode"))
    return (
        not masked
        and not as_number(xobject.get("/SMaskInData"), 0)
        and _device_mode(resolve(xobject.get("/ColorSpace"))) is not None
    )


def paper_outside(xobject, picture: Image.Image, inner: tuple[int, int, int, int]) -> bool:
    """Whether every pixel of ``picture`` (exact_pixels' decoding of ``xobject``) outside
    the rectangle ``inner`` (columns and rows, from the top left; the ends excluded) is
    paper: each of its channels at least PAPER."""
    width, height = picture.size
    left, top = max(0, min(inner[0], width)), max(0, min(inner[1], height))
    right, bottom = max(left, min(inner[2], width)), max(top, min(inner[3], height))
    bands = [
        (0, 0, width, top),
        (0, bottom, width, height),
        (0, top, left, bottom),
        (right, top, width, bottom),
    ]
    space = resolve(xobject.get("/ColorSpace"))
    dark = _dark_indices(space) if picture.mode == "P" else None
    for band in bands:
        if band[0] >= band[2] or band[1] >= band[3]:
            continue
        piece = picture.crop(band)
        if dark is not None:
            if _holds_any(piece, dark):
                return False
            continue
        extrema: Any = piece.getextrema()  # (low, high), or one such pair a channel
        lowest = extrema[0] if picture.mode == "L" else min(low for low, _ in extrema)
        if lowest < PAPER:
            return False
    return True


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


def _device_mode(space) -> str | None:
    """ "L" or "RGB" for a device grey or RGB space, "P" for an Indexed palette over one;
    None for any other space (a renderer converts its colours its own way)."""
    if isinstance(space, list) and len(space) == 1:
        space = resolve(space[0])
    if isinstance(space, str):
        return _DEVICE_MODES.get(space)
    if isinstance(space, list) and len(space) == 4 and resolve(space[0]) in ("/Indexed", "/I"):
        return "P" if _device_mode(resolve(space[1])) is not None else None
    return None


def _palette_hues(space) -> list[bool] | None:
    """For each of the 256 indices of an Indexed space, whether its colour is no grey
    (indices past the palette's end are black, as Pillow pads a palette); None if the
    palette cannot be read."""
    palette = _palette(space)
    if palette is None:
        return None
    base, count, lookup = palette
    hues = [False] * 256
    if base != "L" and count:
        rgb = Image.frombytes(base, (count, 1), lookup[: count * len(base)]).convert("RGB").tobytes()
        for index, (r, g, b) in enumerate(zip(rgb[0::3], rgb[1::3], rgb[2::3], strict=True)):
            hues[index] = max(abs(r - g), abs(g - b)) > GREY_SPREAD
    return hues


def _dark_indices(space) -> list[bool]:
    """For each of the 256 indices of an Indexed space over a device grey or RGB space,
    whether its colour is darker than paper in any channel; every index, if the palette
    cannot be read, and those past its end."""
    palette = _palette(space)
    dark = [True] * 256
    if palette is not None and palette[0] in ("L", "RGB"):
        base, count, lookup = palette
        for index in range(count):
            dark[index] = min(lookup[index * len(base) : (index + 1) * len(base)]) < PAPER
    return dark


def _palette(space) -> tuple[str, int, bytes] | None:
    """An Indexed space's base mode ("L", "RGB" or "CMYK"), how many colours its palette
    gives, and the palette's bytes; None if it cannot be read."""
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
    return base, count, lookup


def _uses_any(xobject, colours: list[bool], seen) -> bool:
    """Whether an Indexed image's pixels use any index ``colours`` marks: in a sample of
    its first rows, else in all of them (shown to ``seen``, as in grey_image)."""
    sample = _decode(xobject, SAMPLE_BYTES)
    if sample is not None and not sample[1] and not _holds_any(sample[0], colours):
        sample = _decode(xobject, None)
    if sample is None:  # pypdf decodes it, to its colours
        return not _grey_picture(decoded(xobject))
    if sample[1]:
        _show(xobject, sample[0], seen)
    return _holds_any(sample[0], colours)


def _show(xobject, picture: Image.Image, seen) -> None:
    """Show ``seen`` the whole image this module decoded, if exact_pixels would give it."""
    if seen is not None and _exact(xobject):
        seen(picture)


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
