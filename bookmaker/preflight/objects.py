"""Reading PDF objects that may be anything: a broken or hostile file puts any type
anywhere, so the preflight reads every value through these, which never raise."""

from __future__ import annotations

import math
import re
from typing import Any

from pypdf.generic import IndirectObject

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def resolve(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


_NOTHING: dict = {}  # one object, never changed: ids of what is read key caches


def as_dict(obj) -> dict:
    obj = resolve(obj)
    return obj if isinstance(obj, dict) else _NOTHING


def as_list(obj) -> list:
    obj = resolve(obj)
    return obj if isinstance(obj, list) else []


def _flag(obj) -> bool:
    """Whether ``obj`` is the boolean true (pypdf's BooleanObject is no bool)."""
    obj = resolve(obj)
    return obj is True or getattr(obj, "value", None) is True


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def as_number(obj, default: float) -> float:
    """``obj`` as a finite float, or ``default``."""
    obj = resolve(obj)
    try:
        return float(obj) if _is_number(obj) else default
    except OverflowError:  # an integer of hundreds of digits
        return default


def as_box(rect) -> Box | None:
    """A rectangle [x0 y0 x1 y1] in either corner order, or None if it is not four numbers."""
    values = [as_number(v, math.nan) for v in as_list(rect)]
    if len(values) != 4 or not all(map(math.isfinite, values)):
        return None
    x0, y0, x1, y1 = values
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def name_text(obj, default: str) -> str:
    obj = resolve(obj)
    return str(obj)[1:] if isinstance(obj, str) and str(obj).startswith("/") else default


def _key(ref) -> Any:
    """A cache key for a PDF object: its object number, or for a direct
    object (which lives as long as the reader) its identity."""
    return (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else id(ref)


# pypdf names a reference in its messages with the reading document's id, which changes
# from run to run: a report names it as the file does ("12 0 R").
_REFERENCE = re.compile(r"IndirectObject\((\d+), (\d+), \d+\)")


def one_line(error: Exception) -> str:
    text = _REFERENCE.sub(r"\1 \2 R", " ".join(str(error).split()))
    return text[:200] or type(error).__name__
