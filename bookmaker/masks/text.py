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
from ..fonts import DEFAULT_BOLD
from ..maze.mask import pieces
from ..maze.shapes import make_topology
from ..maze.topology import RectGrid
from .sampling import dark_cells, fit

EM = 200  # pixels per em: plenty for grids of a few hundred cells
TRACKING = 0.12  # of the em, added between letters
MAX_CHARACTERS = 40
MIN_LETTER_ROWS = 5  # a letter shorter than this is a blob, not a letter
MAX_SIDE = 500  # the most cells a grid side may have (config.models.MAX_MAZE_SIDE)


@dataclass(frozen=True)
class TextPicture:
    """A text drawn black on white, and where each of its characters lies across it."""

    text: str
    picture: Image.Image
    # Each character but spaces, with the picture columns its advance (and half the tracking
    # either side) spans: a cell whose centre falls there belongs to it.
    characters: tuple[tuple[str, float, float], ...]
    font: Path


@dataclass(frozen=True)
class Lettering:
    """A text cut into a grid: the cells of each character, and the letters' flaw, if any."""

    grid: RectGrid
    characters: tuple[tuple[str, tuple[int, ...]], ...]  # each character and its cells
    flaw: str | None  # why the letters can't be read at this size (kept whole), or None

    @property
    def on(self) -> bytes:
        on = bytearray(self.grid.cells)
        for _, cells in self.characters:
            for cell in cells:
                on[cell] = 1
        return bytes(on)

    @property
    def letters(self) -> list[list[int]]:
        """The cells of each character that kept any, in reading order."""
        return [list(cells) for _, cells in self.characters if cells]


@lru_cache(maxsize=8)
def _characters(font: Path) -> frozenset[int]:
    try:
        return frozenset(TTFontFile(str(font)).charToGlyph)
    except Exception as error:  # reportlab raises bare errors for odd files
        raise BookmakerError(f"cannot read font {font} for the text mask ({error})") from None


@lru_cache(maxsize=16)
def text_picture(text: str, font: Path | None = None) -> TextPicture:
    """``text`` drawn black on white, letter by letter."""
    font = Path(font or DEFAULT_BOLD)
    if not text.strip():
        raise BookmakerError("a text mask needs some letters, got an empty text")
    if "\n" in text:
        raise BookmakerError("a text mask is one line; write it without line breaks")
    if len(text) > MAX_CHARACTERS:
        raise BookmakerError(f"a text mask takes at most {MAX_CHARACTERS} characters, got "
                             f"{len(text)}; longer texts make letters too thin to walk")
    known = _characters(font)
    for char in text:
        if ord(char) not in known and not char.isspace():
            name = unicodedata.name(char, "")
            raise BookmakerError(
                f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''}) is not in "
                f"{font.name}; use letters the font has, or another font")
    face = ImageFont.truetype(str(font), EM)
    # Letter by letter, spaced apart, so neighbouring letters stay apart once cells are coarse.
    starts, advances, x = [], [], 0.0
    for char in text:
        starts.append(x)
        advances.append(face.getlength(char))
        x += advances[-1] + TRACKING * EM
    boxes = [face.getbbox(char, anchor="ls") for char in text]
    left = min(start + box[0] for start, box in zip(starts, boxes))
    right = max(start + box[2] for start, box in zip(starts, boxes))
    top = min(box[1] for box in boxes)
    bottom = max(box[3] for box in boxes)
    picture = Image.new("L", (math.ceil(right - left) + 2, bottom - top + 2), 255)
    draw = ImageDraw.Draw(picture)
    for char, start in zip(text, starts):
        draw.text((1 + start - left, 1 - top), char, font=face, fill=0, anchor="ls")
    half = TRACKING * EM / 2
    spans = tuple((char, 1 + start - left - half, 1 + start - left + advance + half)
                  for char, start, advance in zip(text, starts, advances) if not char.isspace())
    return TextPicture(text, picture, spans, font)


@lru_cache(maxsize=256)
def glyph_shape(char: str, font: Path) -> tuple[int, int]:
    """How many separate pieces of ink ``char`` is drawn in (1, or 2 for an i and its dot),
    and how many holes they enclose (1 in an e, 2 in a B)."""
    face = ImageFont.truetype(str(font), EM // 2)
    left, top, right, bottom = face.getbbox(char, anchor="ls")
    width, height = right - left + 2, bottom - top + 2
    picture = Image.new("1", (width, height), 0)
    ImageDraw.Draw(picture).text((1 - left, 1 - top), char, font=face, fill=1, anchor="ls")
    ink = bytes(1 if value else 0 for value in picture.getdata())
    return _pieces_and_holes(make_topology("square", (width, height)), ink)


def _pieces_and_holes(grid: RectGrid, ink: bytes) -> tuple[int, int]:
    """The pieces of ``ink`` on ``grid`` (which has a clear edge all round), and the pieces of
    what is clear that don't reach the edge: the holes."""
    clear = pieces(grid, bytes(1 - value for value in ink))
    edge = {cell for cell in range(grid.cells)
            if cell % grid.width in (0, grid.width - 1) or cell // grid.width in (0, grid.height - 1)}
    holes = sum(1 for piece in clear if edge.isdisjoint(piece))
    return len(pieces(grid, ink)), holes


def lettering(text: TextPicture, grid: RectGrid) -> Lettering:
    """``text`` fitted into ``grid``: each character's cells, and whether every letter is
    whole and ``MIN_LETTER_ROWS`` tall. On square grids only the cells of strokes two cells
    thick are kept (those inside a 2 x 2 block of the same letter), unless that leaves a
    letter that can't be read: then the letters keep every cell, and the flaw is said."""
    on = dark_cells(text.picture, grid)
    left, _, scale = fit(text.picture.size, grid)
    spans = text.characters
    owner = [-1] * grid.cells
    for cell in range(grid.cells):
        if on[cell]:
            x = (grid.grid_centre(cell)[0] - left) / scale
            owner[cell] = next((k for k, (_, x0, x1) in enumerate(spans) if x0 <= x < x1), -1)
    cut = [(char, [cell for cell in range(grid.cells) if owner[cell] == k])
           for k, (char, _, _) in enumerate(spans)]
    thick = [(char, _thick(grid, set(cells)) if grid.kind == "square" else cells)
             for char, cells in cut]
    flaw = next((found for char, cells in thick if char.isalnum()
                 for found in [_letter_flaw(char, cells, grid, text.font)] if found), None)
    kept = cut if flaw else thick
    return Lettering(grid, tuple((char, tuple(cells)) for char, cells in kept), flaw)


def _thick(grid: RectGrid, cells: set[int]) -> list[int]:
    """The cells of ``cells`` that lie in a 2 x 2 block of them: strokes two cells thick."""
    width = grid.width
    kept = set()
    for cell in cells:
        x, y = cell % width, cell // width
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
    for x, y in zip(xs, ys):
        ink[(y - min(ys) + 1) * width + x - min(xs) + 1] = 1
    found, holes = _pieces_and_holes(make_topology("square", (width, height)), bytes(ink))
    wanted, wanted_holes = glyph_shape(char, font)
    if found > wanted:
        return f"'{char}' falls into {found} pieces"
    if holes < wanted_holes:
        return f"'{char}' has its hole filled in" if wanted_holes == 1 else \
            f"'{char}' has {holes} of its {wanted_holes} holes"
    return None


def size_for_rows(text: TextPicture, shape: str, rows: int) -> tuple[int, int]:
    """The grid ``rows`` high and just wide enough for ``text`` at that height."""
    box_w, box_h = make_topology(shape, (rows, rows)).grid_box
    aspect = text.picture.width / text.picture.height
    return max(1, math.ceil(aspect * box_h / (box_w / rows))), rows


def auto_size(text: TextPicture, shape: str) -> tuple[int, int]:
    """The smallest grid (fewest rows, then as wide as the text) where ``text``'s letters
    can be read (``lettering``); a one-line error if none up to MAX_SIDE cells does."""
    # A letter's x-height is about half the em, the picture about an em high: fewer rows than
    # twice MIN_LETTER_ROWS cannot pass, so the search starts there.
    rows = max(MIN_LETTER_ROWS, math.ceil(2 * MIN_LETTER_ROWS * text.picture.height / EM))
    while True:
        size = size_for_rows(text, shape, rows)
        if max(size) > MAX_SIDE:
            raise BookmakerError(
                f"'{text.text}' needs more than {MAX_SIDE} "
                "cells across to be read in a maze; use a shorter text")
        if lettering(text, make_topology(shape, size)).flaw is None:
            return size
        rows += 1


def name_flaw(text: str, font: Path | None, shape: str, size: tuple[int, int]
              ) -> tuple[str, tuple[int, int]] | None:
    """Why ``text``'s letters can't be read on a ``shape`` grid of ``size``, and the size
    ``auto_size`` would give it; None when they can."""
    picture = text_picture(text, font)
    flaw = lettering(picture, make_topology(shape, size)).flaw
    return None if flaw is None else (flaw, auto_size(picture, shape))
