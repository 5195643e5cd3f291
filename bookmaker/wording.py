"""How counts, lists and suggestions read in what bookmaker prints: "1 problem", "2 problems",
"unknown outline 'hart' (did you mean 'heart'?)"; and the book's own counts filled into a
user's text, so a blurb stays true when the book changes."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural (``many``, else noun + "s") but for 1."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def listing(items: Iterable[object], last: str = "or") -> str:
    """'a, b or c' (or with ``last`` "and", 'a, b and c'): a list written out in a sentence."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


# The counts a cover's text may name, each filled in from the book it is printed on.
BOOK_COUNTS = ("mazes", "pages", "sections")
# "{{" and "}}" are braces themselves; "{name}" a count; any other brace stands alone.
_BRACES = re.compile(r"\{\{|\}\}|\{([^{}\n]*)\}|[{}]")


def count_problem(text: str) -> str | None:
    """What is wrong with the placeholders in ``text``, or None: an unknown name, or a
    brace that opens or closes nothing."""
    for match in _BRACES.finditer(text):
        found = match.group(0)
        if found in ("{{", "}}") or match.group(1) in BOOK_COUNTS:
            continue
        names = ", ".join("{" + name + "}" for name in BOOK_COUNTS)
        where = f"'{_around(text, match)}'"
        if "\n" in text.strip():
            where += f" (line {text.count(chr(10), 0, match.start()) + 1} of the text)"
        if match.group(1) is None:
            return (
                f"a stray '{found}' in {where}; the book's counts are written {names}, "
                "and a brace itself as {{ or }}"
            )
        return (
            f"'{found}' in {where} is not a count bookmaker knows; it fills in {names} "
            "(write {{ and }} for a brace itself)"
        )
    return None


def fill_counts(text: str, counts: dict[str, int], number: Callable[[int], str] = "{:,}".format) -> str:
    """``text`` with each ``{name}`` of ``BOOK_COUNTS`` replaced by its count, written by
    ``number`` (the book's language's digit grouping), and ``{{`` and ``}}`` by single
    braces; ``count_problem(text)`` must be None."""

    def fill(match: re.Match) -> str:
        found = match.group(0)
        return found[0] if found in ("{{", "}}") else number(counts[match.group(1)])

    return _BRACES.sub(fill, text)


def _around(text: str, match: re.Match, reach: int = 20) -> str:
    """The words round ``match``, on one line, to show where it is."""
    start, end = max(0, match.start() - reach), min(len(text), match.end() + reach)
    return ("..." if start else "") + " ".join(text[start:end].split()) + ("..." if end < len(text) else "")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'heart'?)`` for the choice closest to a mistyped ``word``, or ""
    when none is close: the tail of an error that names what was not found."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
