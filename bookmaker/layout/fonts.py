"""TrueType fonts for the PDF: registered once, always embedded.

reportlab's standard fonts (Helvetica) are never embedded, and printers reject
unembedded fonts, so every page uses only fonts registered here.
"""

from __future__ import annotations

import atexit
import hashlib
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import ConfigKeyError, ConfigKeyErrors

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


@cache
def register(path: Path, where: str = "font") -> str:
    """Register the TrueType file at ``path`` and return its reportlab name; a file that
    cannot be read or used is a ConfigKeyError on ``where`` (``font.regular``)."""
    path = Path(path)
    bundled = path in (DEFAULT_REGULAR, DEFAULT_BOLD)
    try:
        data = path.read_bytes()
    except OSError as error:
        if bundled:
            raise ConfigKeyError(
                tuple(where.split(".")),
                (
                    f"the bundled font {path.name} is missing (looked for {path}: "
                    f"{error.strerror}); reinstall bookmaker, or name a TrueType file of your own "
                    f"as {where}"
                ),
            ) from None
        raise ConfigKeyError(
            tuple(where.split(".")), f"cannot read font file {path}: {error.strerror}"
        ) from None
    # Named by content, so two files with the same stem never collide.
    name = f"{path.stem}-{hashlib.sha256(data).hexdigest()[:8]}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except Exception as error:  # reportlab raises TTFError and bare errors for odd files
        raise ConfigKeyError(
            tuple(where.split(".")),
            (
                f"{path} is not a TrueType font reportlab can embed ({error}); give a .ttf file"
                + (", or reinstall bookmaker" if bundled else "")
            ),
        ) from None
    return name


def font_pair(regular: Path | None, bold: Path | None) -> FontPair:
    """The book's fonts; unset ones are the bundled Andika. Raises ConfigKeyErrors naming
    each face that cannot be used."""
    problems = []
    try:
        regular_name = register(Path(regular or DEFAULT_REGULAR), "font.regular")
    except ConfigKeyError as error:
        problems.append(error)
    if bold is None and regular is not None:
        bold_name = None  # a custom face without a bold: headings use it too
    else:
        try:
            bold_name = register(Path(bold or DEFAULT_BOLD), "font.bold")
        except ConfigKeyError as error:
            problems.append(error)
    if problems:
        raise ConfigKeyErrors(problems)
    return FontPair(regular_name, bold_name or regular_name)


def characters(name: str) -> frozenset[int]:
    """The code points the registered font ``name`` has a glyph for (its cmap, read once when
    it was registered): any other character prints as an empty box."""
    return _characters(name)


@cache
def _characters(name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def family(name: str) -> str:
    """The family name inside the registered font ``name``, as a reader knows it: 'Andika'."""
    face = pdfmetrics.getFont(name).face
    family = getattr(face, "familyName", b"") or getattr(face, "name", b"") or name
    return family.decode("latin-1") if isinstance(family, bytes) else str(family)


def ink_reach(name: str, text: str, size: float) -> tuple[float, float]:
    """How far ``text`` set at ``size`` points in the registered font ``name`` inks below
    and above its baseline, in points, from its glyphs' outlines (not the font's ascent,
    which leaves room for accents the text may not have): what must keep clear of a maze."""
    reaches = [_glyph_reach(name, ord(char)) for char in text if not char.isspace()]
    if not reaches:
        return 0.0, 0.0
    return (max(below for below, _ in reaches) * size, max(above for _, above in reaches) * size)


@cache
def _glyph_reach(name: str, code: int) -> tuple[float, float]:
    """The glyph of ``code`` below and above the baseline, in ems: its 'glyf' record's box."""
    face = pdfmetrics.getFont(name).face
    glyph = face.charToGlyph.get(code, 0)
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if end <= start:  # no outline: a space
        return 0.0, 0.0
    at = face.get_table_pos("glyf")[0] + start
    data = face._ttf_data
    y_min = int.from_bytes(data[at + 4 : at + 6], "big", signed=True)
    y_max = int.from_bytes(data[at + 8 : at + 10], "big", signed=True)
    return max(0.0, -y_min / face.unitsPerEm), max(0.0, y_max / face.unitsPerEm)
