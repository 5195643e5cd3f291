"""How counts read in what bookmaker prints: "1 problem", "2 problems"."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural (``many``, else noun + "s") but for 1."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"
