"""Typed declarations of the generators' options.

Each algorithm module lists its options once, as ``Option`` values. That one
declaration checks values (``generate``, the config), reads them from text
(``bookmaker maze --option``), describes them (``bookmaker algorithms``) and
gives their JSON Schema (``bookmaker schema``), so the four always agree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import BookmakerError


@dataclass(frozen=True)
class Option:
    """One option: a choice among words, or a number in a range."""

    name: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()  # for a word; empty for a number
    minimum: float | None = None
    maximum: float | None = None
    above_minimum: bool = False  # the minimum itself is excluded

    @property
    def expects(self) -> str:
        """What a valid value is, in words: 'one of newest, random' or 'a number from 0 to 1'."""
        if self.choices:
            return f"one of {', '.join(self.choices)}"
        low = "above" if self.above_minimum else "from"
        if self.minimum is not None and self.maximum is not None:
            high = "and at most" if self.above_minimum else "to"
            return f"a number {low} {self.minimum:g} {high} {self.maximum:g}"
        return "a number"

    def check(self, algorithm: str, value: Any) -> Any:
        """``value`` if valid, as given (a recipe prints it back); else a one-line error."""
        if self.choices:
            if isinstance(value, str) and value in self.choices:
                return value
        elif (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and not (isinstance(value, float) and math.isnan(value))
            and self._in_range(value)
        ):
            return value
        raise BookmakerError(
            f"{algorithm} option '{self.name}' must be {self.expects} ({self.description}), got {value!r}"
        )

    def _in_range(self, value: float) -> bool:
        if self.minimum is not None and (
            value <= self.minimum if self.above_minimum else value < self.minimum
        ):
            return False
        return self.maximum is None or value <= self.maximum

    def parse(self, algorithm: str, text: str) -> Any:
        """The value written as ``text`` on the command line, checked."""
        if self.choices:
            return self.check(algorithm, text)
        try:
            number = float(text)
        except ValueError:
            raise BookmakerError(
                f"{algorithm} option '{self.name}' takes {self.expects}, got '{text}'"
            ) from None
        return self.check(algorithm, number)

    def json_schema(self) -> dict[str, Any]:
        if self.choices:
            return {"enum": list(self.choices), "default": self.default, "description": self.description}
        schema: dict[str, Any] = {"type": "number", "default": self.default, "description": self.description}
        if self.minimum is not None:
            schema["exclusiveMinimum" if self.above_minimum else "minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return schema


def check_options(algorithm: str, declared: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value, the defaults filled in; unknown names are errors."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(by_name) or "none"
        raise BookmakerError(f"{algorithm} has no option '{unknown[0]}' (its options: {valid})")
    return {
        name: option.check(algorithm, given.get(name, option.default)) for name, option in by_name.items()
    }
