"""A mask drawn by hand: rows of X (a cell) and . (no cell), one character per cell."""

from __future__ import annotations

from pathlib import Path

from ..errors import BookmakerError


def read_text_file(path: Path) -> tuple[list[str], bytes]:
    """The file's rows, every one the same width, and its bytes (for its digest).

    Blank lines at either end and trailing spaces are forgiven; anything else
    that is not X or . is an error naming its line and column.
    """
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise BookmakerError(f"{path} is a folder, not a mask file") from None
    except OSError as error:
        raise BookmakerError(f"cannot read {path}: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BookmakerError(
            f"{path} is not a text file of X and . (is it a picture? use image: for pictures)"
        ) from None
    lines = [line.rstrip() for line in text.splitlines()]
    first = next((i for i, line in enumerate(lines) if line), None)
    if first is None:
        raise BookmakerError(f"{path} is empty; draw the shape as rows of X (a cell) and . (no cell)")
    last = max(i for i, line in enumerate(lines) if line)
    rows = lines[first : last + 1]
    width = max(len(row) for row in rows)
    for number, row in enumerate(rows, start=first + 1):
        for column, char in enumerate(row, start=1):
            if char not in "X.":
                raise BookmakerError(f"{path}:{number}:{column}: '{char}' is not X (a cell) or . (no cell)")
    # A short row means the cells past its end are off, as if padded with dots.
    return [row.ljust(width, ".") for row in rows], data
