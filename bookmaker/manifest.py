"""The ``bookmaker.manifest/1`` record written beside every built PDF."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = "bookmaker.manifest/1"


def _box(box) -> list[float] | None:
    return [round(v, 3) for v in box] if box else None


@dataclass(frozen=True)
class MazeRecord:
    """One maze of the book. A square maze is given by ``width`` and ``height``, its ``start``
    and ``end`` as [x, y]; any other (written as ``bookmaker.maze/2``) by its ``shape``
    object, its ``start`` and ``end`` as cell ids (docs/design.md, "Shapes")."""

    number: int
    section: str
    algorithm: str
    options: dict
    width: int | None
    height: int | None
    seed: int
    endpoints: str
    page: int
    bbox: tuple
    answer_page: int | None
    answer_bbox: tuple | None
    start: list[int] | int | None
    end: list[int] | int | None
    solution_length: int | None
    stars: int
    # The side of the outer wall ("N", "E", "S" or "W") each opening goes through; None for
    # an end inside the maze.
    start_side: str | None = None
    end_side: str | None = None
    code: str | None = None  # the regeneration code, where one can carry the maze
    variant: str | None = None
    answer_file: str | None = None  # set when the answers are in a separate key PDF
    shape: dict | None = None  # set for mazes written as bookmaker.maze/2
    braid: float = 0.0
    mask: dict | None = None  # Mask.as_json(): what the silhouette was made from
    perfect: bool = True  # false once braiding made loops
    weave: float = 0.0  # the share of possible crossings placed; written when woven
    # One maze across pages: its tiles' cells, pages and boxes (BookPlan.journey_record).
    journey: dict | None = None

    def as_json(self) -> dict[str, Any]:
        # docs/design.md: a /2 maze carries its shape, braid and mask.
        size = (
            {
                "shape": self.shape,
                "braid": self.braid or 0,
                **({"weave": self.weave} if self.weave else {}),
                "mask": self.mask,
                "perfect": self.perfect,
            }
            if self.shape
            else {"width": self.width, "height": self.height}
        )
        record = {
            "number": self.number,
            "section": self.section,
            "algorithm": self.algorithm,
            **size,
            "seed": self.seed,
            "endpoints": self.endpoints,
            "page": self.page,
            "bbox": _box(self.bbox),
            "answer_page": self.answer_page,
            "answer_bbox": _box(self.answer_bbox),
            "start": self.start,
            "end": self.end,
            "start_side": self.start_side,
            "end_side": self.end_side,
            "solution_length": self.solution_length,
            "stars": self.stars,
            "code": self.code,
        }
        if self.options:
            record["options"] = dict(sorted(self.options.items()))
        if self.variant:
            record["variant"] = self.variant
        if self.answer_file:
            record["answer_file"] = self.answer_file
        if self.journey:
            record["journey"] = self.journey
        return record


def config_reference(config: Path) -> str:
    """The config as a manifest names it: relative to the working folder, with forward
    slashes, when it lies inside it, else absolute; never as the path happened to be
    typed (``./book.yaml`` and ``book.yaml`` give one manifest)."""
    path = Path(os.path.abspath(config))
    try:
        return path.relative_to(Path(os.path.abspath(Path.cwd()))).as_posix()
    except ValueError:
        return path.as_posix()


def manifest_json(
    *,
    title: str,
    seed: int,
    config: str,
    pages: int,
    page_size: tuple[float, float],
    pdf_sha256: str,
    mazes: list[MazeRecord],
    profile: str,
    key: dict | None = None,
    title_art: dict | None = None,
    cover: dict | None = None,
) -> bytes:
    document = {
        "format": FORMAT,
        "title": title,
        "seed": seed,
        "config": config,
        "profile": profile,
        "pages": pages,
        "page_size": [round(page_size[0], 3), round(page_size[1], 3)],
        "pdf_sha256": pdf_sha256,
        "mazes": [m.as_json() for m in mazes],
    }
    if key:
        document["answer_key"] = key
    if title_art:
        document["title_art"] = title_art
    if cover:
        document["cover"] = cover
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode()
