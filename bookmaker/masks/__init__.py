"""Silhouettes for mazes: from a picture, a text, a file of X and . or a built-in outline
to the grid a maze fills (DESIGN.md, "Shapes", masks).

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
from ..maze.mask import ISLANDS, Mask, settle_islands
from ..maze.shapes import make_topology
from ..maze.topology import RectGrid
from .outlines import outline_image
from .pictures import load_picture
from .sampling import dark_cells, fit
from .text import text_picture
from .text_file import read_text_file

DEFAULT_THRESHOLD = 0.5
MASKED_SHAPES = ("square", "hex", "triangle")


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


def default_islands(kind: str) -> str:
    return MaskSpec(kind, "").settled_islands


@lru_cache(maxsize=32)
def masked_grid(shape: str, size: tuple[int, int] | None, spec: MaskSpec) -> RectGrid:
    """The ``shape`` grid of ``size`` cut to ``spec``'s silhouette, in one piece.

    A file of X and . sets the size itself; ``size`` may then be None, and a
    different one is an error. The other kinds need a size.
    """
    if shape not in MASKED_SHAPES:
        raise BookmakerError(f"a {shape} maze takes no mask: masks cut square, hex and triangle "
                             "grids" + (" (a polar maze is already a disc)" if shape == "polar"
                                        else ""))
    islands = spec.settled_islands
    if islands not in ISLANDS:
        raise BookmakerError(f"islands takes one of {', '.join(ISLANDS)}, got '{islands}'")
    baseline = None
    if spec.kind == "file":
        rows, data = read_text_file(spec.path)
        file_size = (len(rows[0]), len(rows))
        if size is not None and tuple(size) != file_size:
            raise BookmakerError(
                f"{spec.source} is a {file_size[0]}x{file_size[1]} grid, but the size asks for "
                f"{size[0]}x{size[1]}; leave the size out, since the file sets it")
        size = file_size
        grid = make_topology(shape, size)
        on = bytes(1 if char == "X" else 0 for row in rows for char in row)
    else:
        if size is None:
            raise BookmakerError(f"a {spec.kind} mask needs a size: the grid it is fitted into")
        grid = make_topology(shape, size)
        if spec.kind == "image":
            if not 0 < spec.threshold < 1:
                raise BookmakerError(f"threshold takes a lightness between 0 and 1, got "
                                     f"{spec.threshold:g}")
            picture, data = load_picture(spec.path)
        elif spec.kind == "text":
            picture, baseline_px = text_picture(spec.source, spec.font)
            left, top, scale = fit(picture.size, grid)
            baseline = top + baseline_px * scale
            data = spec.source.encode("utf-8")
        elif spec.kind == "outline":
            picture, data = outline_image(spec.source), spec.source.encode("utf-8")
        else:
            raise BookmakerError(f"unknown mask kind '{spec.kind}'; choose image, text, file "
                                 "or outline")
        on = dark_cells(picture, grid, spec.threshold)
    on = settle_islands(grid, on, islands, baseline)
    mask = Mask(on=on, kind=spec.kind, source=spec.source,
                sha256=hashlib.sha256(data).hexdigest()[:16], islands=islands,
                threshold=spec.threshold if spec.kind == "image" else None)
    return make_topology(shape, size, mask=mask)
