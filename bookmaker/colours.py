"""Colours written as #RRGGBB: their components, whether two can be told apart, and the
CMYK a press prints them in.

The contrast ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) of the lighter and darker
colour's relative luminance, from 1:1 (the same colour) to 21:1 (black on white).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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


CMYK = tuple[float, float, float, float]  # cyan, magenta, yellow, black, each 0 to 1


def rgb_to_cmyk(red: float, green: float, blue: float) -> CMYK:
    """An RGB colour (components 0 to 1) as the CMYK a press lays down: the one conversion
    every CMYK file bookmaker writes goes through.

    Full black generation: the grey all three inks would share is printed with black
    alone (K = 1 - the largest component), and C, M and Y only add the hue. So black
    text and walls are pure K (0, 0, 0, 1), every grey is K only, white is no ink, and no
    colour carries more than 300 %. Components are rounded to 1/10,000, under what any
    press resolves, so one colour is always written alike.
    """
    black = 1 - max(red, green, blue)
    if black >= 1:
        return 0.0, 0.0, 0.0, 1.0
    return (
        round((1 - red - black) / (1 - black), 4),
        round((1 - green - black) / (1 - black), 4),
        round((1 - blue - black) / (1 - black), 4),
        round(black, 4),
    )


def total_ink(cmyk: CMYK) -> float:
    """The ink a CMYK colour lays down, in per cent: C + M + Y + K, 0 to 400."""
    return round(sum(cmyk) * 100, 2)


def capped_ink(cmyk: CMYK, limit: float) -> CMYK:
    """``cmyk`` with at most ``limit`` per cent of ink: C, M and Y are scaled down together
    until the sum is the limit, and K is kept. Keeping black keeps the colour as dark as it
    was and its hue where it was; only its saturation gives way (scaling all four inks
    would lighten it instead). A limit under the black alone can't be met, and is not:
    the caller's limit is a printer's, all of which allow 100 % black."""
    if total_ink(cmyk) <= limit:
        return cmyk
    cyan, magenta, yellow, black = cmyk
    scale = max(0.0, (limit / 100 - black) / (cyan + magenta + yellow))
    # Rounded down, so the sum never creeps back over the limit.
    return (
        math.floor(cyan * scale * 1e4) / 1e4,
        math.floor(magenta * scale * 1e4) / 1e4,
        math.floor(yellow * scale * 1e4) / 1e4,
        black,
    )


@dataclass(frozen=True)
class Inks:
    """How a file's colours are written: ``output`` is one of ``profiles.OUTPUTS`` ("rgb" as
    drawn; "pdf-x1a" and "pdf-x4" in CMYK), ``max_total`` the printer's total-ink limit in per
    cent (None: none)."""

    output: str = "rgb"
    max_total: float | None = None

    @property
    def cmyk(self) -> bool:
        return self.output != "rgb"

    def of(self, red: float, green: float, blue: float) -> CMYK:
        """The CMYK an RGB colour is written in, capped at the printer's limit."""
        converted = rgb_to_cmyk(red, green, blue)
        return converted if self.max_total is None else capped_ink(converted, self.max_total)

    def capped(self, color: str) -> tuple[float, CMYK] | None:
        """(the ink #RRGGBB needs, the colour written) where a CMYK file caps it; else None."""
        if not self.cmyk or self.max_total is None:
            return None
        needed = rgb_to_cmyk(*hex_to_rgb(color))
        return (
            None if total_ink(needed) <= self.max_total else (total_ink(needed), self.of(*hex_to_rgb(color)))
        )


RGB = Inks()  # colours written as drawn: any file that is not PDF/X
