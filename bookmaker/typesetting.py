"""Fitting text to a width in a registered font: shrunk to a smallest size, wrapped to a
number of lines, and cut with an ellipsis only as a last resort."""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth


def fit_text(string: str, font: str, size: float, width: float,
             smallest: float | None = None) -> tuple[str, float]:
    """``string`` and the size to draw it at so it fits ``width``: smaller, down to
    ``smallest``, then cut short with an ellipsis."""
    smallest = size if smallest is None else smallest
    while size > smallest and stringWidth(string, font, size) > width:
        size = max(smallest, size - 1)
    if stringWidth(string, font, size) <= width:
        return string, size
    # A font without the ellipsis character would print a box for it.
    ellipsis = "\u2026" if 0x2026 in getattr(getFont(font).face, "charToGlyph", {}) else "..."
    while string and stringWidth(string.rstrip() + ellipsis, font, size) > width:
        string = string[:-1]
    return string.rstrip() + ellipsis, size


def at_most_lines(body: str, font: str, size: float, width: float, count: int) -> list[str]:
    """``body`` wrapped to ``width``; a longer text ends its last line with an ellipsis."""
    lines = simpleSplit(body, font, size, width)
    if len(lines) > count:
        lines[count - 1] = fit_text(" ".join(lines[count - 1:]), font, size, width)[0]
    return lines[:count]
