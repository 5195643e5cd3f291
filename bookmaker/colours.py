"""Colours written as #RRGGBB: their components, and whether two can be told apart.

The contrast ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) of the lighter and darker
colour's relative luminance, from 1:1 (the same colour) to 21:1 (black on white).
"""

from __future__ import annotations

# WCAG's floor for large text and graphics (a cover's title, author and maze walls): under
# it, print and a shop's thumbnail both lose the words in the background.
MIN_CONTRAST = 3.0


def hex_to_rgb(color: str) -> tuple[float, float, float]:
    """#RRGGBB as three components from 0 to 1."""
    return int(color[1:3], 16) / 255, int(color[3:5], 16) / 255, int(color[5:7], 16) / 255


def relative_luminance(color: str) -> float:
    """WCAG 2's relative luminance of #RRGGBB: sRGB linearised, then weighted for the eye."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(linear, hex_to_rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two #RRGGBB colours, 1 to 21."""
    lighter, darker = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
