"""How counts and suggestions read in what bookmaker prints: "1 problem", "2 problems",
"unknown outline 'hart' (did you mean 'heart'?)"."""

from __future__ import annotations

import difflib
from typing import Iterable


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural (``many``, else noun + "s") but for 1."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'heart'?)`` for the choice closest to a mistyped ``word``, or ""
    when none is close: the tail of an error that names what was not found."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
