"""A config's problems, all of them at once, each on its own `FILE:LINE: key: what` line."""

from __future__ import annotations

from ..errors import BookmakerError


class ConfigError(BookmakerError):
    """Everything wrong with one config file; ``problems`` holds the lines."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))

    def lines(self) -> list[str]:
        # The lines already name the file, as compilers do; a prefix would break editors' parsing.
        return list(self.problems)
