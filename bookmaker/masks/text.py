"""Name mazes: a text drawn in the book's font, to be fitted into a grid.

Letters are drawn black on white in the bold face, spaced a little wider
than the font sets them, so that neighbours don't merge once cut into cells. A character
the font has no glyph for would print as an empty box, so it is an error
that names it.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase.ttfonts import TTFontFile

from ..errors import BookmakerError
from ..fonts import DEFAULT_BOLD

EM = 200  # pixels per em: plenty for grids of a few hundred cells
TRACKING = 0.12  # of the em, added between letters
MAX_CHARACTERS = 40


@lru_cache(maxsize=8)
def _characters(font: Path) -> frozenset[int]:
    try:
        return frozenset(TTFontFile(str(font)).charToGlyph)
    except Exception as error:  # reportlab raises bare errors for odd files
        raise BookmakerError(f"cannot read font {font} for the text mask ({error})") from None


def text_picture(text: str, font: Path | None = None) -> tuple[Image.Image, int]:
    """``text`` drawn black on white, and its baseline's row in the picture."""
    font = Path(font or DEFAULT_BOLD)
    if not text.strip():
        raise BookmakerError("a text mask needs some letters, got an empty text")
    if "\n" in text:
        raise BookmakerError("a text mask is one line; write it without line breaks")
    if len(text) > MAX_CHARACTERS:
        raise BookmakerError(f"a text mask takes at most {MAX_CHARACTERS} characters, got "
                             f"{len(text)}; longer texts make letters too thin to walk")
    known = _characters(font)
    for char in text:
        if ord(char) not in known and not char.isspace():
            name = unicodedata.name(char, "")
            raise BookmakerError(
                f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''}) is not in "
                f"{font.name}; use letters the font has, or another font")
    face = ImageFont.truetype(str(font), EM)
    # Letter by letter, spaced apart, so neighbouring letters stay apart once cells are coarse.
    starts, x = [], 0.0
    for char in text:
        starts.append(x)
        x += face.getlength(char) + TRACKING * EM
    boxes = [face.getbbox(char, anchor="ls") for char in text]
    left = min(start + box[0] for start, box in zip(starts, boxes))
    right = max(start + box[2] for start, box in zip(starts, boxes))
    top = min(box[1] for box in boxes)
    bottom = max(box[3] for box in boxes)
    picture = Image.new("L", (math.ceil(right - left) + 2, bottom - top + 2), 255)
    draw = ImageDraw.Draw(picture)
    for char, start in zip(text, starts):
        draw.text((1 + start - left, 1 - top), char, font=face, fill=0, anchor="ls")
    return picture, 1 - top
