"""Lengths and sizes written with units, as a config or the CLI gives them.

Everything is converted to PDF points (1/72 in) at the edge, so the rest of
the code never sees a unit.
"""

from __future__ import annotations

import math
import re

POINTS_PER_UNIT = {"in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "pt": 1.0}
_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_UNIT = r"(in|mm|cm|pt)"
_LENGTH = re.compile(rf"^\s*{_NUMBER}\s*{_UNIT}\s*$")
_GRID = re.compile(r"^\s*(\d+)\s*[x×]\s*(\d+)\s*$")
UNITS_HINT = "a number with a unit: in, mm, cm or pt (e.g. 0.5in, 12mm)"


def parse_length(text: str) -> float:
    """'0.5in' -> 36.0 points. Raises ValueError with what is expected."""
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"'{text}' is not a length; write {UNITS_HINT}")
    number, unit = match.groups()
    return float(number) * POINTS_PER_UNIT[unit]


def parse_grid_size(text: str) -> tuple[int, int]:
    """'20x10' -> (20, 10): columns x rows."""
    match = _GRID.match(str(text))
    if not match:
        raise ValueError(f"'{text}' is not a maze size; write COLUMNSxROWS (e.g. 20x10)")
    return int(match.group(1)), int(match.group(2))


def format_points(points: float) -> str:
    """36.0 -> '0.5in': how errors show a length back to the user."""
    return f"{points / 72:.3g}in"


def format_mm(points: float, down: bool = False) -> str:
    """11.34 -> '4mm': a length in millimetres to a tenth, rounded down when ``down`` (a
    limit that must not be overstated)."""
    tenths = points / POINTS_PER_UNIT["mm"] * 10
    tenths = math.floor(tenths + 1e-9) if down else round(tenths)
    return f"{tenths / 10:g}mm"
