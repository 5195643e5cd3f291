"""Silhouettes for mazes: from a picture, a text, a file of X and . or a built-in outline
to the grid a maze fills (docs/design.md, "Shapes", masks).

``MaskSpec`` is what a user asks for, small and hashable, so a book's worker
processes can each rebuild the same grid; ``masked_grid`` turns it into a
square, hex or triangle grid whose mask has been settled into one piece.
Every problem is a one-line ``BookmakerError`` about the mask itself; the
caller puts the file, line and key (or the flag) in front.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BookmakerError
from ..layout.fonts import DEFAULT_BOLD
from ..maze.mask import ISLANDS, MASK_KINDS, Mask, settle_islands
from ..maze.shapes import MASKED_SHAPES, SHAPE_NAMES, make_grid, shape_named
from ..maze.topology import RectGrid
from .outlines import outline_image
from .pictures import load_picture
from .sampling import dark_cells
from .text import auto_size, lettering, text_picture
from .text_file import read_text_file

DEFAULT_THRESHOLD = 0.5
# What gives a mask that leaves too few cells more of them. A darker pixel is one under the
# threshold, so a higher threshold keeps more of a picture; it does nothing to the others.
REMEDIES = {
    "image": "a darker or bigger picture, a higher threshold, or a bigger size",
    "text": "a bigger size",
    "file": "more X cells in the file",
    "outline": "a bigger size",
}


@dataclass(frozen=True)
class MaskSpec:
    kind: str  # image, text, file or outline
    source: str  # the text, the outline's name, or the file's name as the user wrote it
    path: Path | None = None  # image and file: where the file is
    threshold: float = DEFAULT_THRESHOLD  # image: the lightness under which a pixel is dark
    islands: str | None = None  # None: the kind's default (connect for text, else error)
    font: Path | None = None  # text: the TrueType face the letters are drawn in

    @property
    def settled_islands(self) -> str:
        if self.islands is not None:
            return self.islands
        return "connect" if self.kind == "text" else "error"


def masked_grid(shape: str, size: tuple[int, int] | None, spec: MaskSpec) -> RectGrid:
    """The ``shape`` grid of ``size`` cut to ``spec``'s silhouette, in one piece.

    A file of X and . sets the size itself; ``size`` may then be None, and a
    different one is an error. A text given no size takes the smallest grid in which its
    letters can be read (``text.auto_size``). The other kinds need a size. Grids are kept
    for reuse (a book's mazes share one) until the bytes of a file under them
    change.
    """
    contents = tuple(_content(path) for path in (spec.path, spec.font))
    return _masked_grid(shape, None if size is None else tuple(size), spec, contents)


def _content(path: Path | None) -> str | None:
    """What a file holds, as a digest: None without a file, or when it can't be read (reading
    it for the mask will say why)."""
    if path is None:
        return None
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


@lru_cache(maxsize=32)
def _masked_grid(
    shape: str, size: tuple[int, int] | None, spec: MaskSpec, contents: tuple[str | None, str | None]
) -> RectGrid:
    """The work of ``masked_grid``; ``contents``, the digests of the mask's file and font,
    keys the cache so that changed bytes are read again."""
    if shape not in MASKED_SHAPES:
        disc = shape in SHAPE_NAMES and shape_named(shape).takes_rings
        raise BookmakerError(
            f"a {shape} maze takes no mask: masks cut {', '.join(MASKED_SHAPES[:-1])} and "
            f"{MASKED_SHAPES[-1]} grids" + (f" (a {shape} maze is already a disc)" if disc else "")
        )
    islands = spec.settled_islands
    if islands not in ISLANDS:
        raise BookmakerError(f"islands takes one of {', '.join(ISLANDS)}, got '{islands}'")
    letters = None
    if spec.kind == "file":
        assert spec.path is not None  # MaskSpec: a file mask comes with its path
        rows, data = read_text_file(spec.path)
        file_size = (len(rows[0]), len(rows))
        if size is not None and tuple(size) != file_size:
            raise BookmakerError(
                f"{spec.source} is a {file_size[0]}x{file_size[1]} grid, but the size asks for "
                f"{size[0]}x{size[1]}; leave the size out, since the file sets it"
            )
        size = file_size
        grid = make_grid(shape, size)
        on = bytes(1 if char == "X" else 0 for row in rows for char in row)
        digest = hashlib.sha256(data).hexdigest()
    elif spec.kind == "text":
        text = text_picture(spec.source, spec.font)
        size = auto_size(text, shape) if size is None else size
        cut = lettering(text, make_grid(shape, size))
        grid, on, letters = cut.grid, cut.on, cut.letters
        digest = hashlib.sha256(spec.source.encode("utf-8")).hexdigest()
    else:
        if size is None:
            raise BookmakerError(f"a {spec.kind} mask needs a size: the grid it is fitted into")
        grid = make_grid(shape, size)
        if spec.kind == "image":
            if not 0 < spec.threshold < 1:
                raise BookmakerError(f"threshold takes a lightness between 0 and 1, got {spec.threshold:g}")
            assert spec.path is not None  # MaskSpec: an image mask comes with its path
            picture, digest = load_picture(spec.path)
        elif spec.kind == "outline":
            picture = outline_image(spec.source)
            digest = hashlib.sha256(spec.source.encode("utf-8")).hexdigest()
        else:
            raise BookmakerError(f"unknown mask kind '{spec.kind}'; choose one of: {', '.join(MASK_KINDS)}")
        on = dark_cells(picture, grid, spec.threshold)
    on = settle_islands(grid, on, islands, letters, REMEDIES[spec.kind])
    font = font_sha256 = None
    if spec.kind == "text" and spec.font is not None and Path(spec.font) != DEFAULT_BOLD:
        # Another face cuts other cells: the record names it, so the maze can be remade.
        font = Path(spec.font).name
        assert contents[1] is not None  # text_picture has just drawn the letters in this font
        font_sha256 = contents[1][:16]
    mask = Mask(
        on=on,
        kind=spec.kind,
        source=spec.source,
        sha256=digest[:16],
        islands=islands,
        threshold=spec.threshold if spec.kind == "image" else None,
        font=font,
        font_sha256=font_sha256,
    )
    return make_grid(shape, size, mask)
