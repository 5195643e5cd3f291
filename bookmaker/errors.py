"""The one exception type users see: a message the CLI prints as a single line."""


class BookmakerError(Exception):
    """Bad input or an impossible request, explained in one line for the user."""
