"""The one exception type users see: a message the CLI prints without a traceback.

A problem with one key of a book's config found past loading it (by the plan, the layout,
the fonts or the typesetting) is a ``ConfigKeyError``: it carries the key, so the config
layer can pin it to its line as ``FILE:LINE: key: what``, like every other config problem.
"""

from __future__ import annotations

from collections.abc import Iterable

KeyPath = tuple[str | int, ...]  # a config key: ("sections", 2, "size")


class BookmakerError(Exception):
    """Bad input or an impossible request, explained in one line for the user."""

    def lines(self) -> list[str]:
        """What the CLI prints to stderr, one string per line."""
        return [f"bookmaker: error: {self}"]


def format_key(path: KeyPath) -> str:
    """``sections[2].size``: a key path as a config's errors name it."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


class ConfigKeyError(BookmakerError):
    """What is wrong with the config's ``key`` (and what would work), found past loading."""

    def __init__(self, key: KeyPath | str, message: str) -> None:
        key = (key,) if isinstance(key, str) else tuple(key)
        super().__init__(key, message)  # both in args, so it survives a worker process
        self.key, self.message = key, message

    def __str__(self) -> str:
        return f"{format_key(self.key)}: {self.message}" if self.key else self.message


class ConfigKeyErrors(BookmakerError):
    """Several ``ConfigKeyError``s found by one step, reported together."""

    def __init__(self, errors: Iterable[ConfigKeyError]) -> None:
        errors = list(errors)
        super().__init__(errors)
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)


def key_errors(error: BookmakerError) -> list[ConfigKeyError]:
    """The keyed problems ``error`` carries (none for a plain BookmakerError)."""
    if isinstance(error, ConfigKeyErrors):
        return list(error.errors)
    return [error] if isinstance(error, ConfigKeyError) else []
