"""Name mazes: a text drawn in the book's font, cut into a grid so that a child can read it.

Letters are drawn black on white in the bold face, spaced a little wider than the font sets
them, so that neighbours don't merge once cut into cells. A character the font has no glyph
for would print as an empty box, so it is an error that names it.

A maze of a name is only a maze of the name when the letters survive the grid: each letter
at least ``MIN_LETTER_ROWS`` cells tall, in one piece (or as many as its glyph has: an i and
its dot), and on square grids every stroke at least two cells thick, so that a maze, not a
one-cell corridor, runs along it. ``lettering`` cuts the letters and measures them;
``auto_size`` finds the smallest grid where they pass; a name maze at a size given is held
to them where it is configured (``name_flaw``).
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase.ttfonts import TTFontFile

from ..errors import BookmakerError
from ..layout.fonts import DEFAULT_BOLD
from ..maze.mask import pieces
from ..maze.shapes import make_grid
from ..maze.topology import MAX_BOOK_SIDE, RectGrid, SquareGrid
from .sampling import dark_cells, fit

EM = 200  # pixels per em: plenty for grids of a few hundred cells
TRACKING = 0.12  # of the em, added between letters
MAX_CHARACTERS = 40
MIN_LETTER_ROWS = 5  # a letter shorter than this is a blob, not a letter


@dataclass(frozen=True)
class TextPicture:
    """A text drawn black on white, and where each of its characters lies across it."""

    text: str
    picture: Image.Image
    # Each character but spaces, with the picture columns its advance (and half the tracking
    # either side) spans and the rows of its line, from its ascent to its descent: a cell
    # whose centre falls there belongs to it.
    characters: tuple[tuple[str, float, float, float, float], ...]
    font: Path


@dataclass(frozen=True)
class Lettering:
    """A text cut into a grid: the cells of each character, and the letters' flaw, if any."""

    grid: RectGrid
    characters: tuple[tuple[str, tuple[int, ...]], ...]  # each character and its cells
    flaw: str | None  # why the letters can't be read at this size (kept whole), or None
    lines: tuple[tuple[int, ...], ...] = ()  # indexes of ``characters``, line by line

    @property
    def on(self) -> bytes:
        on = bytearray(self.grid.cells)
        for _, cells in self.characters:
            for cell in cells:
                on[cell] = 1
        return bytes(on)

    @property
    def letters(self) -> list[list[list[int]]]:
        """Line by line, the cells of each character that kept any, in reading order."""
        return [[list(self.characters[k][1]) for k in line if self.characters[k][1]] for line in self.lines]


@lru_cache(maxsize=8)
def _characters(font: Path) -> frozenset[int]:
    try:
        return frozenset(TTFontFile(str(font)).charToGlyph)
    except Exception as error:  # reportlab raises bare errors for odd files
        raise BookmakerError(f"cannot read font {font} for the text mask ({error})") from None


def text_picture(text: str, font: Path | None = None) -> TextPicture:
    """``text`` drawn black on white, letter by letter; a line break starts a new line,
    centred under the one before."""
    font = Path(font or DEFAULT_BOLD)
    lines = text.split("\n")
    if not text.strip():
        raise BookmakerError("a text mask needs some letters, got an empty text")
    if any(not line.strip() for line in lines):
        raise BookmakerError("a text mask's lines each need some letters; remove the empty line")
    if len(text) > MAX_CHARACTERS:
        raise BookmakerError(
            f"a text mask takes at most {MAX_CHARACTERS} characters, got "
            f"{len(text)}; longer texts make letters too thin to walk"
        )
    known = _characters(font)
    for char in text:
        if ord(char) not in known and not char.isspace():
            name = unicodedata.name(char, "")
            raise BookmakerError(
                f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''}) is not in "
                f"{font.name}; use letters the font has, or another font"
            )
    face = ImageFont.truetype(str(font), EM)
    # Letter by letter, spaced apart, so neighbouring letters stay apart once cells are coarse;
    # each character as (char, x of its origin, its advance, y of its baseline). A line's
    # baseline sits below the one above by what their letters reach, and a tracking between.
    placed, bands, baseline, reach = [], [], 0.0, None
    half = TRACKING * EM / 2
    for line in lines:
        line = line.strip()
        ink = [face.getbbox(char, anchor="ls") for char in line]
        if reach is not None:
            baseline += reach - min(box[1] for box in ink) + TRACKING * EM
        reach = max(box[3] for box in ink)
        # The rows a line's characters own: its ink, and half the gap to the next line.
        bands.append((baseline + min(box[1] for box in ink) - half, baseline + reach + half))
        width = sum(face.getlength(char) for char in line) + TRACKING * EM * (len(line) - 1)
        x = -width / 2  # lines centred on x = 0
        for char in line:
            placed.append((char, x, face.getlength(char), baseline, bands[-1]))
            x += placed[-1][2] + TRACKING * EM
    boxes = [face.getbbox(char, anchor="ls") for char, *_ in placed]
    left = min(x + box[0] for (_, x, *_), box in zip(placed, boxes, strict=True))
    right = max(x + box[2] for (_, x, *_), box in zip(placed, boxes, strict=True))
    top = min(y + box[1] for (_, _, _, y, _), box in zip(placed, boxes, strict=True))
    bottom = max(y + box[3] for (_, _, _, y, _), box in zip(placed, boxes, strict=True))
    picture = Image.new("L", (math.ceil(right - left) + 2, math.ceil(bottom - top) + 2), 255)
    draw = ImageDraw.Draw(picture)
    for char, x, _, y, _ in placed:
        draw.text((1 + x - left, 1 + y - top), char, font=face, fill=0, anchor="ls")
    spans = tuple(
        (char, 1 + x - left - half, 1 + x - left + advance + half, 1 + y0 - top, 1 + y1 - top)
        for char, x, advance, _, (y0, y1) in placed
        if not char.isspace()
    )
    return TextPicture(text, picture, spans, font)


def lines_of(text: TextPicture) -> list[list[int]]:
    """The indexes of ``text.characters`` line by line."""
    lines: list[list[int]] = []
    for index, (_, _, _, top, _) in enumerate(text.characters):
        if not lines or top != text.characters[lines[-1][-1]][3]:
            lines.append([])
        lines[-1].append(index)
    return lines


@lru_cache(maxsize=256)
def glyph_shape(char: str, font: Path) -> tuple[int, int]:
    """How many separate pieces of ink ``char`` is drawn in (1, or 2 for an i and its dot),
    and how many holes they enclose (1 in an e, 2 in a B)."""
    face = ImageFont.truetype(str(font), EM // 2)
    # Whole pixels without a stroke; Pillow types them float for a fractional stroke width.
    left, top, right, bottom = (int(edge) for edge in face.getbbox(char, anchor="ls"))
    width, height = right - left + 2, bottom - top + 2
    picture = Image.new("L", (width, height), 0)
    ImageDraw.Draw(picture).text((1 - left, 1 - top), char, font=face, fill=255, anchor="ls")
    ink = bytes(value >= 128 for value in picture.tobytes())
    return _pieces_and_holes(SquareGrid(int(width), int(height)), ink)


def _pieces_and_holes(grid: RectGrid, ink: bytes) -> tuple[int, int]:
    """The pieces of ``ink`` on ``grid`` (which has a clear edge all round), and the pieces of
    what is clear that don't reach the edge: the holes."""
    clear = pieces(grid, bytes(1 - value for value in ink))
    edge = {
        cell
        for cell in range(grid.cells)
        if cell % grid.width in (0, grid.width - 1) or cell // grid.width in (0, grid.height - 1)
    }
    holes = sum(1 for piece in clear if edge.isdisjoint(piece))
    return len(pieces(grid, ink)), holes


def lettering(text: TextPicture, grid: RectGrid) -> Lettering:
    """``text`` fitted into ``grid``: each character's cells, and whether every letter is
    whole and ``MIN_LETTER_ROWS`` tall. On square grids only the cells of strokes two cells
    thick are kept (those inside a 2 x 2 block of the same letter), unless that leaves a
    letter that can't be read: then the letters keep every cell, and the flaw is said."""
    on = dark_cells(text.picture, grid)
    left, top, scale = fit(text.picture.size, grid)
    spans = text.characters
    owner = [-1] * grid.cells
    for cell in range(grid.cells):
        if on[cell]:
            x, y = grid.grid_centre(cell)
            x, y = (x - left) / scale, (y - top) / scale
            owner[cell] = next(
                (k for k, (_, x0, x1, y0, y1) in enumerate(spans) if x0 <= x < x1 and y0 <= y < y1), -1
            )
    cut = [
        (char, [cell for cell in range(grid.cells) if owner[cell] == k]) for k, (char, *_) in enumerate(spans)
    ]
    thick = [
        (char, _thick(grid, set(cells)) if isinstance(grid, SquareGrid) else cells) for char, cells in cut
    ]
    flaw = next(
        (
            found
            for char, cells in thick
            if char.isalnum()
            for found in [_letter_flaw(char, cells, grid, text.font)]
            if found
        ),
        None,
    )
    kept = cut if flaw else thick
    return Lettering(
        grid,
        tuple((char, tuple(cells)) for char, cells in kept),
        flaw,
        tuple(tuple(line) for line in lines_of(text)),
    )


def _thick(grid: RectGrid, cells: set[int]) -> list[int]:
    """The cells of ``cells`` that lie in a 2 x 2 block of them: strokes two cells thick."""
    width = grid.width
    kept = set()
    for cell in cells:
        x = cell % width
        if x + 1 < width and {cell + 1, cell + width, cell + width + 1} <= cells:
            kept |= {cell, cell + 1, cell + width, cell + width + 1}
    return sorted(kept)


def _letter_flaw(char: str, cells: list[int], grid: RectGrid, font: Path) -> str | None:
    """Why a letter cut into ``cells`` can't be read, or None: too short, broken, or with a
    hole (the eye of an e) filled in."""
    if not cells:
        return f"'{char}' is lost"
    xs = [cell % grid.width for cell in cells]
    ys = [cell // grid.width for cell in cells]
    rows = max(ys) - min(ys) + 1
    if rows < MIN_LETTER_ROWS:
        return f"'{char}' is {rows} cell{'' if rows == 1 else 's'} tall"
    # The letter alone, on a square grid of its own with a clear edge all round.
    width, height = max(xs) - min(xs) + 3, rows + 2
    ink = bytearray(width * height)
    for x, y in zip(xs, ys, strict=True):
        ink[(y - min(ys) + 1) * width + x - min(xs) + 1] = 1
    found, holes = _pieces_and_holes(SquareGrid(width, height), bytes(ink))
    wanted, wanted_holes = glyph_shape(char, font)
    if found > wanted:
        return f"'{char}' falls into {found} pieces"
    if holes < wanted_holes:
        return (
            f"'{char}' has its hole filled in"
            if wanted_holes == 1
            else f"'{char}' has {holes} of its {wanted_holes} holes"
        )
    return None


def _size_for_rows(text: TextPicture, shape: str, rows: int) -> tuple[int, int]:
    """The grid ``rows`` high and just wide enough for ``text`` at that height."""
    box_w, box_h = make_grid(shape, (rows, rows)).grid_box
    aspect = text.picture.width / text.picture.height
    return max(1, math.ceil(aspect * box_h / (box_w / rows))), rows


def auto_size(text: TextPicture, shape: str) -> tuple[int, int]:
    """The smallest grid (fewest rows, then as wide as the text) where ``text``'s letters
    can be read (``lettering``); a one-line error if none up to MAX_BOOK_SIDE cells does."""
    # A small letter is about half an em tall: an em of fewer rows than twice MIN_LETTER_ROWS
    # cannot pass, so the search starts there.
    rows = max(MIN_LETTER_ROWS, math.ceil(2 * MIN_LETTER_ROWS * text.picture.height / EM))
    while True:
        size = _size_for_rows(text, shape, rows)
        if max(size) > MAX_BOOK_SIDE:
            raise BookmakerError(
                f"'{text.text}' needs more than {MAX_BOOK_SIDE} "
                "cells across to be read in a maze; use a shorter text"
            )
        if lettering(text, make_grid(shape, size)).flaw is None:
            return size
        rows += 1


def name_flaw(text: str, font: Path | None, shape: str, size: tuple[int, int]) -> str | None:
    """Why ``text``'s letters can't be read on a ``shape`` grid of ``size``; None when they
    can."""
    return lettering(text_picture(text, font), make_grid(shape, size)).flaw


def text_size(text: str, font: Path | None, shape: str) -> tuple[int, int]:
    """The size ``auto_size`` gives ``text`` on a ``shape`` grid."""
    return auto_size(text_picture(text, font), shape)
