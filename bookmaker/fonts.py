"""TrueType fonts for the PDF: registered once, always embedded.

reportlab's standard fonts (Helvetica) are never embedded, and printers reject
unembedded fonts, so every page uses only fonts registered here.
"""

from __future__ import annotations

import atexit
import hashlib
from contextlib import ExitStack
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import as_file, files
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .errors import BookmakerError

# reportlab and Pillow open fonts by file name; a package imported from a zip gets
# extracted copies that last until the process ends (from a folder, as_file is the file).
_EXTRACTED = ExitStack()
atexit.register(_EXTRACTED.close)


def _bundled(name: str) -> Path:
    return _EXTRACTED.enter_context(as_file(files("bookmaker.data.fonts") / name))


DEFAULT_REGULAR = _bundled("Andika-Regular.ttf")
DEFAULT_BOLD = _bundled("Andika-Bold.ttf")


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
