"""The one exception type users see: a message the CLI prints without a traceback."""


class BookmakerError(Exception):
    """Bad input or an impossible request, explained in one line for the user."""

    def lines(self) -> list[str]:
        """What the CLI prints to stderr, one string per line."""
        return [f"bookmaker: error: {self}"]
