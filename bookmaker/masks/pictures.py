"""Reading a mask's picture: any raster Pillow reads, within a bound on its size.

A picture is only ever shrunk to a grid of at most a few hundred cells a
side, so a huge one is refused up front (from its header, before its pixels
are decoded) rather than loaded whole: a 10,000 x 10,000 PNG would take
hundreds of megabytes and seconds only to be shrunk. JPEG decodes at a
reduced scale instead, which costs nothing.
"""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from ..errors import BookmakerError

MAX_PIXELS = 40_000_000  # about 6300 x 6300: far more detail than any maze grid can show
JPEG_DRAFT = (2048, 2048)  # a JPEG over the bound decodes at the nearest scale above this


def load_picture(path: Path) -> tuple[Image.Image, str]:
    """The picture at ``path``, decoded, and its file's SHA-256 in hex."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
    except IsADirectoryError:
        raise BookmakerError(f"{path} is a folder, not a picture") from None
    except OSError as error:
        raise BookmakerError(f"cannot read {path}: {error.strerror}") from None
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            picture = _open_header(path)
            width, height = picture.size
            if width * height > MAX_PIXELS:
                if picture.format != "JPEG":
                    raise BookmakerError(
                        f"{path} is {width}x{height} pixels ({width * height / 1e6:.0f} "
                        f"megapixels); mask pictures may have at most {MAX_PIXELS // 1_000_000} "
                        "megapixels, far more than a maze can show: shrink it to about 2000 "
                        "pixels across"
                    )
                picture.draft("L", JPEG_DRAFT)
            picture.load()
        except BookmakerError:
            raise
        except UnidentifiedImageError:
            raise BookmakerError(
                f"{path} is not a picture Pillow can read; use a PNG (black "
                "shape on white, or on transparency)"
            ) from None
        except (
            OSError,
            ValueError,
            SyntaxError,
            Image.DecompressionBombWarning,
            Image.DecompressionBombError,
        ) as error:
            raise BookmakerError(f"{path} is a damaged or unreadable picture ({error})") from None
    if picture.width < 1 or picture.height < 1:
        raise BookmakerError(f"{path} has no pixels")
    return picture, digest.hexdigest()


def _open_header(path: Path) -> Image.Image:
    """``Image.open`` without Pillow's own size alarm, which would fire before the bound
    above could say what is wrong (it reads only the header; nothing is decoded yet)."""
    bound = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None
    try:
        return Image.open(path)
    finally:
        Image.MAX_IMAGE_PIXELS = bound
