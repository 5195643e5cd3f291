"""TrueType fonts for the PDF: registered once, always embedded.

reportlab's standard fonts (Helvetica) are never embedded, and printers reject
unembedded fonts, so every page uses only fonts registered here.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .errors import BookmakerError

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
DEFAULT_REGULAR = FONT_DIR / "Andika-Regular.ttf"
DEFAULT_BOLD = FONT_DIR / "Andika-Bold.ttf"


@dataclass(frozen=True)
class FontPair:
    regular: str  # reportlab font names
    bold: str


@lru_cache(maxsize=None)
def register(path: Path, where: str = "font") -> str:
    """Register the TrueType file at ``path`` and return its reportlab name."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BookmakerError(f"{where}: cannot read font file {path}: {error.strerror}") from None
    # Named by content, so two files with the same stem never collide.
    name = f"{path.stem}-{hashlib.sha256(data).hexdigest()[:8]}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except Exception as error:  # reportlab raises TTFError and bare errors for odd files
        raise BookmakerError(
            f"{where}: {path} is not a TrueType font reportlab can embed ({error})"
        ) from None
    return name


def font_pair(regular: Path | None, bold: Path | None) -> FontPair:
    """The book's fonts; unset ones are the bundled Andika."""
    regular_name = register(Path(regular or DEFAULT_REGULAR), "font.regular")
    if bold is None and regular is not None:
        bold_name = regular_name  # a custom face without a bold: headings use it too
    else:
        bold_name = register(Path(bold or DEFAULT_BOLD), "font.bold")
    return FontPair(regular_name, bold_name)
