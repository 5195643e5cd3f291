"""`bookmaker maze`: one maze (or a run of seeds) straight to the terminal or a file.

The work is ``bookmaker.maze_files.write_mazes``; this command reads the flags, which
arrive as text, into its ``MazeRequest``, and prints what it wrote. ``--code`` stands for
all of algorithm, shape, size, seed, endpoints and braid, as a book prints them under a
maze. Every mistake is one line on stderr and exit code 2, and nothing is written until
the maze is made.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from ..errors import BookmakerError
from ..masks import DEFAULT_THRESHOLD, MaskSpec
from ..masks.outlines import OUTLINES
from ..maze import Algorithm, lookup
from ..maze.codes import read_code
from ..maze.shapes import DEFAULT_SHAPE, SHAPE_NAMES, shape_named
from ..maze_files import (
    DEFAULT_ALGORITHM,
    DEFAULT_MAX_CELLS,
    DEFAULT_PAGE,
    DEFAULT_RINGS,
    DEFAULT_SIZE,
    FIT_PAGE,
    MASK_FLAGS,
    MazeRequest,
    write_mazes,
)
from ..render.export import DEFAULT_TITLE, FORMATS

_DIGEST = re.compile(r"^(?P<path>.+)#(?P<digest>[0-9a-f]{4,64})$")
Value = TypeVar("Value")


def _suffixes() -> str:
    """The suffixes -o knows, one a format: '.txt, .json, ...'."""
    return ", ".join(f".{record.suffix}" for record in FORMATS.values())


def _formats(**wanted: bool) -> str:
    """The names of the formats whose records have the ``wanted`` values: 'png/pdf'."""
    return "/".join(
        name for name, record in FORMATS.items() if all(getattr(record, k) == v for k, v in wanted.items())
    )


def _integer(text: str, flag: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BookmakerError(f"{flag} takes a whole number, got '{text}'") from None


def _number(text: str, flag: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise BookmakerError(f"{flag} takes a number, got '{text}'") from None


def _read(text: str | None, read: Callable[[str, str], Value], flag: str) -> Value | None:
    """``text`` read by ``read``, or None for a flag not given."""
    return None if text is None else read(text, flag)


def _pinned(value: str) -> tuple[Path, str | None]:
    """A path, and the digest a recipe pinned to it (``cat.png#1a2b3c4d``), if any."""
    pinned = _DIGEST.match(value)
    if pinned and not Path(value).exists():
        return Path(pinned["path"]), pinned["digest"]
    return Path(value), None


def _mask_spec(
    sources: dict[str, str | None], islands: str | None, threshold: str | None, font: str | None
) -> tuple[MaskSpec | None, dict[str, str]]:
    """The mask the flags ask for, and the digests a recipe pinned to its files (by the
    mask's field they check: sha256, font_sha256)."""
    given = {kind: value for kind, value in sources.items() if value is not None}
    if len(given) > 1:
        raise BookmakerError(f"give one mask, not {' and '.join(MASK_FLAGS[k] for k in given)}")
    if not given:
        if islands is not None or threshold is not None:
            flag = "--islands" if islands is not None else "--threshold"
            raise BookmakerError(
                f"{flag} goes with a mask: --mask-image, --mask-text, --mask-file or --outline"
            )
        return None, {}
    ((kind, value),) = given.items()
    if threshold is not None and kind != "image":
        raise BookmakerError("--threshold judges the pixels of --mask-image only")
    if font is not None and kind != "text":
        raise BookmakerError("--mask-font draws the letters of --mask-text only")
    digests, path, face = {}, None, None
    if kind in ("image", "file"):
        path, digests["sha256"] = _pinned(value)
    if font is not None:
        face, digests["font_sha256"] = _pinned(font)
    spec = MaskSpec(
        kind,
        path.name if path else value,
        path,
        _number(threshold, "--threshold") if threshold is not None else DEFAULT_THRESHOLD,
        islands,
        face,
    )
    return spec, {field: digest for field, digest in digests.items() if digest}


def _cell(text: str, flag: str) -> tuple[int, int]:
    parts = text.split(",")
    try:
        a, b = (int(part) for part in parts)
    except ValueError:
        raise BookmakerError(
            f"{flag} takes a cell as X,Y (e.g. 0,0), or RING,INDEX on a polar maze, got '{text}'"
        ) from None
    return a, b


def _option_value(algorithm: Algorithm, key: str, text: str) -> Any:
    """The value ``text`` stands for, read and checked by the option's own declaration."""
    option = next(option for option in algorithm.declared if option.name == key)
    return option.parse(algorithm.name, text)


def parse_options(algorithm: Algorithm, pairs: list[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BookmakerError(f"--option takes KEY=VALUE, got '{pair}'")
        if key not in algorithm.options:
            algorithm.settings({key: text})  # raises the declaration's "has no option" error
        options[key] = _option_value(algorithm, key, text.strip())
    return options


def _endpoints(mode: str | None, start: str | None, end: str | None):
    """The endpoint mode (None: the shape's default), or the (start, end) cells given by hand."""
    if start is None and end is None:
        return mode
    if start is None or end is None:
        raise BookmakerError("--start and --end go together: give both cells")
    if mode is not None:
        raise BookmakerError("give either --endpoints or --start/--end, not both")
    return _cell(start, "--start"), _cell(end, "--end")


def maze_command(
    code: str | None = typer.Option(
        None,
        "--code",
        metavar="CODE",
        help="A maze code printed in a book (e.g. 82J8-9A17-BZGZ-WGRP): it gives the "
        "algorithm, shape, size, seed, endpoints, braid and weave.",
    ),
    algorithm: str | None = typer.Option(
        None,
        "--algorithm",
        "-a",
        metavar="NAME",
        help=f"Generator (default {DEFAULT_ALGORITHM}); see `bookmaker algorithms`.",
    ),
    shape: str | None = typer.Option(
        None, "--shape", metavar="SHAPE", help=f"{', '.join(SHAPE_NAMES)} (default {DEFAULT_SHAPE.name})."
    ),
    size: str | None = typer.Option(
        None,
        "--size",
        "-s",
        metavar="WxH",
        help=f"Columns x rows (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}; with --mask-text, auto: "
        "the smallest grid in which the letters are 5 cells tall with strokes 2 cells thick).",
    ),
    rings: str | None = typer.Option(
        None,
        "--rings",
        metavar="N",
        help=f"Rings of a polar maze, the centre cell included (default {DEFAULT_RINGS}).",
    ),
    seed: str | None = typer.Option(
        None, "--seed", metavar="INT", help="Seed (>= 0, default 0): same seed, same maze."
    ),
    endpoints: str | None = typer.Option(
        None,
        "--endpoints",
        "-e",
        metavar="MODE",
        help="Start and finish: opposite (the default, as in a book: openings on opposite "
        "sides, far apart), centre (finish in the middle; the default for polar), corners, "
        "border (the border cells farthest apart), diameter (the two cells farthest apart) "
        "or none (no way in or out).",
    ),
    start: str | None = typer.Option(
        None, "--start", metavar="X,Y", help="Start cell (with --end); RING,INDEX on polar."
    ),
    end: str | None = typer.Option(
        None, "--end", metavar="X,Y", help="Finish cell (with --start); RING,INDEX on polar."
    ),
    option: list[str] = typer.Option(
        [], "--option", metavar="KEY=VALUE", help="An algorithm option; repeatable."
    ),
    count: str | None = typer.Option(
        None,
        "--count",
        "-n",
        metavar="N",
        help=f"N mazes, seeds S..S+N-1; json gives an array, {_formats(streams=False)} numbered files.",
    ),
    fmt: str | None = typer.Option(
        None,
        "--format",
        "-f",
        metavar="FORMAT",
        help=f"{', '.join(FORMATS)}; default from the -o extension, else ascii "
        "(svg for what ascii can't draw: other shapes, silhouettes, woven mazes).",
    ),
    solution: bool = typer.Option(
        False, "--solution", help="Show the answer (pdf: on page 2; json: fills 'solution')."
    ),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        metavar="FILE",
        help=f"Write here ('-' for stdout). Text formats default to stdout, {_formats(binary=True)} to "
        f"output/; the suffix picks the format ({_suffixes()}).",
    ),
    cell: str | None = typer.Option(
        None,
        "--cell",
        metavar="SIZE",
        help="Cell size: pixels for png/svg, points for pdf (on a sheet: default as large as fits).",
    ),
    page: str | None = typer.Option(
        None,
        "--page",
        metavar="SIZE",
        help=f"pdf: a printable sheet of this size ({DEFAULT_PAGE} by default; a4, a5, 6x9, "
        f"210x297mm, ...), or {FIT_PAGE}: a page cut to the maze.",
    ),
    title: str | None = typer.Option(
        None, "--title", metavar="TEXT", help=f"pdf sheet: the line at the top (default '{DEFAULT_TITLE}')."
    ),
    max_cells: str = typer.Option(
        str(DEFAULT_MAX_CELLS), "--max-cells", metavar="N", help="Refuse mazes with more cells than this."
    ),
    mask_image: str | None = typer.Option(
        None,
        "--mask-image",
        metavar="PATH",
        help="Cut the grid to a picture's dark shape (square, hex, triangle).",
    ),
    mask_text: str | None = typer.Option(
        None,
        "--mask-text",
        metavar="TEXT",
        help="Cut the grid to letters, for name mazes; \\n starts a new line.",
    ),
    mask_file: str | None = typer.Option(
        None,
        "--mask-file",
        metavar="PATH",
        help="Cut the grid to rows of X (cell) and . (none); the file sets the size.",
    ),
    outline: str | None = typer.Option(
        None, "--outline", metavar="NAME", help=f"A built-in outline: {', '.join(OUTLINES)}."
    ),
    islands: str | None = typer.Option(
        None,
        "--islands",
        metavar="MODE",
        help="A mask in pieces: error, keep-largest or connect (default: connect for text).",
    ),
    threshold: str | None = typer.Option(
        None,
        "--threshold",
        metavar="X",
        help="--mask-image: the lightness (0 to 1, default 0.5) under which a pixel is dark.",
    ),
    mask_font: str | None = typer.Option(
        None,
        "--mask-font",
        metavar="PATH",
        help="--mask-text: a TrueType face for the letters (default: Andika Bold).",
    ),
    braid: str | None = typer.Option(
        None,
        "--braid",
        metavar="P",
        help="Join this share of dead ends into loops, 0 to 1 (default 0; 1: no dead ends).",
    ),
    weave: str | None = typer.Option(
        None,
        "--weave",
        metavar="P",
        help="Place this share of the possible crossings, where passages run over and under "
        "one another, 0 to 1 (default 0; square grids, --algorithm kruskal).",
    ),
    timings: bool = typer.Option(
        False,
        "--timings",
        help="Print the seconds each stage took (carve, endpoints, solve, geometry, write) to stderr.",
    ),
) -> None:
    """Generate a maze and print or save it.

    The same algorithm, size, seed and options give the same maze, on any machine, next year.
    """
    if code is not None:
        algorithm, shape, size, rings, seed, endpoints, braid, weave = _from_code(
            code,
            {
                "--algorithm": algorithm,
                "--shape": shape,
                "--size": size,
                "--rings": rings,
                "--seed": seed,
                "--endpoints": endpoints,
                "--start": start,
                "--end": end,
                "--braid": braid,
                "--weave": weave,
                "--option": option,
                "--count": count,
                "--mask-image": mask_image,
                "--mask-text": mask_text,
                "--mask-file": mask_file,
                "--outline": outline,
                "--islands": islands,
                "--threshold": threshold,
                "--mask-font": mask_font,
            },
        )
    share = _number(braid or "0", "--braid")
    crossings = _number(weave or "0", "--weave")
    mask, pinned = _mask_spec(
        {
            "image": mask_image,
            "file": mask_file,
            "outline": outline,
            # \n in the text starts a second line, as a recipe writes it.
            "text": None if mask_text is None else mask_text.replace("\\n", "\n"),
        },
        islands,
        threshold,
        mask_font,
    )
    request = MazeRequest(
        algorithm=algorithm or DEFAULT_ALGORITHM,
        options=parse_options(lookup(algorithm or DEFAULT_ALGORITHM), option) if option else {},
        shape=shape or DEFAULT_SHAPE.name,
        size=size,
        rings=_read(rings, _integer, "--rings"),
        mask=mask,
        pinned=pinned,
        max_cells=_integer(max_cells, "--max-cells"),
        seed=_integer(seed or "0", "--seed"),
        count=_read(count, _integer, "--count"),
        endpoints=_endpoints(endpoints, start, end),
        braid=share,
        weave=crossings,
        format=fmt,
        output=output,
        solution=solution,
        cell=_read(cell, _number, "--cell"),
        page=page,
        title=title,
        memory=timings,
    )
    written = write_mazes(
        request, wrote=lambda path: typer.echo(str(path)), note=lambda line: typer.echo(line, err=True)
    )
    if written.stream is not None:
        sys.stdout.buffer.write(written.stream)
        sys.stdout.flush()
    if timings:
        typer.echo(written.stopwatch.report(), err=True)


def _from_code(code: str, given: dict[str, Any]) -> tuple:
    """(algorithm, shape, size, rings, seed, endpoints, braid, weave) as flags would give them, from
    a maze code; a flag the code already answers is an error, not a silent override."""
    parts = read_code(code)
    for flag, value in given.items():
        if value not in (None, []):
            raise BookmakerError(
                f"{flag}: --code already gives the maze ({parts.algorithm} "
                f"{parts.shape}, seed {parts.seed}); drop {flag}, or --code"
            )
    polar = shape_named(parts.shape).takes_rings
    return (
        parts.algorithm,
        parts.shape,
        None if polar else f"{parts.width}x{parts.height}",
        str(parts.width) if polar else None,
        str(parts.seed),
        parts.endpoints,
        f"{parts.braid:g}",
        f"{parts.weave:g}",
    )


def register(app: typer.Typer) -> None:
    app.command("maze")(maze_command)
