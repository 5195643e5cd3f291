"""`bookmaker maze`: one maze (or a run of seeds) straight to the terminal or a file.

Several mazes (``--count N``) use seeds S, S+1, ... and each is byte for byte
what ``--seed S+i`` alone prints:
- ascii and jsonl: the single outputs one after another (jsonl: one line each);
- json: a JSON array whose items are the single documents, verbatim;
- svg, png, pdf: one file per maze: ``-o FILE.png`` becomes FILE-1.png ...
  FILE-N.png; without ``-o``, output/maze-<algorithm>[-<shape>]-<size>-<seed>.<ext>.

``--shape hex|triangle|polar`` picks another shape than square: grid shapes
take ``--size``, polar mazes ``--rings``, and explicit cells are X,Y on a
grid and RING,INDEX on a disc. ``--code`` stands for all of algorithm, shape,
size, seed, endpoints and braid, as a book prints them under a maze.

A pdf is a printable sheet (``--page``, letter unless told; ``--title``) or,
with ``--page fit``, a page cut to the maze at ``--cell`` points a cell.

Arguments arrive as text and are checked here, so every mistake is one line
on stderr and exit code 2, and nothing is written until the maze is made.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import typer

from ..errors import BookmakerError
from ..files import write_atomic
from ..masks import DEFAULT_THRESHOLD, MaskSpec, masked_grid
from ..masks.outlines import OUTLINES
from ..maze import Algorithm, Maze, generate_on, lookup
from ..maze.codes import read_code
from ..maze.shapes import SHAPES, make_topology
from ..maze.solve import ENDPOINT_MODES, default_endpoints, with_endpoints
from ..maze.topology import Topology, check_grid_size
from ..profiles import parse_size
from ..render.export import DEFAULT_TITLE, FORMATS, check_size, export, sheet_layout
from ..stopwatch import Stopwatch
from ..units import parse_grid_size
from .folders import ready_folder

DEFAULT_DIR = Path("output")
# What a file name's suffix asks for, when --format does not say.
SUFFIXES = {"txt": "ascii", "ascii": "ascii", **{fmt: fmt for fmt in FORMATS if fmt != "ascii"}}
DEFAULT_PAGE, FIT_PAGE = "letter", "fit"
# Endpoints have no entry: they default as a book's section does, by shape.
DEFAULTS = {"algorithm": "recursive-backtracker", "shape": "square", "seed": "0", "braid": "0"}


def _integer(text: str, flag: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise BookmakerError(f"{flag} takes a whole number, got '{text}'") from None
    if value < minimum:
        raise BookmakerError(f"{flag} must be at least {minimum}, got {value}")
    return value


def _number(text: str, flag: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise BookmakerError(f"{flag} takes a number, got '{text}'") from None


DEFAULT_SIZE, DEFAULT_RINGS = "20x20", "10"


MASK_FLAGS = {"image": "--mask-image", "text": "--mask-text", "file": "--mask-file", "outline": "--outline"}
_DIGEST = re.compile(r"^(?P<path>.+)#(?P<digest>[0-9a-f]{4,64})$")


def _pinned(value: str) -> tuple[Path, str | None]:
    """A path, and the digest a recipe pinned to it (``cat.png#1a2b3c4d``), if any."""
    pinned = _DIGEST.match(value)
    if pinned and not Path(value).exists():
        return Path(pinned["path"]), pinned["digest"]
    return Path(value), None


def _mask_spec(
    sources: dict[str, str | None], islands: str | None, threshold: str | None, font: str | None
) -> tuple[MaskSpec | None, dict[str, str], str]:
    """The mask the flags ask for, the digests a recipe pinned to its files (by the mask's
    field they check: sha256, font_sha256), and the flag to blame."""
    given = {kind: value for kind, value in sources.items() if value is not None}
    if len(given) > 1:
        raise BookmakerError(f"give one mask, not {' and '.join(MASK_FLAGS[k] for k in given)}")
    if not given:
        if islands is not None or threshold is not None:
            flag = "--islands" if islands is not None else "--threshold"
            raise BookmakerError(
                f"{flag} goes with a mask: --mask-image, --mask-text, --mask-file or --outline"
            )
        return None, {}, ""
    ((kind, value),) = given.items()
    flag = MASK_FLAGS[kind]
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
    return spec, {field: digest for field, digest in digests.items() if digest}, flag


def _topology(
    shape: str,
    size: str | None,
    rings: str | None,
    max_cells: int,
    mask: MaskSpec | None = None,
    digests: dict[str, str] | None = None,
    flag: str = "",
) -> Topology:
    """The shape the flags describe: ``--size`` for grid shapes, ``--rings`` for polar, cut
    to ``mask``'s silhouette if one is given."""
    if shape not in SHAPES:
        raise BookmakerError(f"--shape takes one of {', '.join(SHAPES)}, got '{shape}'")
    if shape == "polar":
        if size is not None:
            raise BookmakerError("a polar maze is sized by --rings N, not --size")
        if mask is not None:
            raise BookmakerError(
                f"{flag}: a polar maze is already a disc and takes no mask; "
                "use --shape square, hex or triangle for a silhouette"
            )
        topology = make_topology(shape, rings=_integer(rings or DEFAULT_RINGS, "--rings", 1))
    else:
        if rings is not None:
            raise BookmakerError(f"--rings sizes polar mazes; give a {shape} maze --size WxH")
        if size is None and mask is not None and mask.kind == "file":
            dimensions = None  # the file sets it
        elif mask is not None and mask.kind == "text" and (size or "auto").lower() == "auto":
            dimensions = None  # the letters set it: the smallest grid they can be read in
        else:
            try:
                dimensions = parse_grid_size(size or DEFAULT_SIZE)
                check_grid_size(*dimensions)
            except (ValueError, BookmakerError) as error:
                raise BookmakerError(f"--size: {error}") from None
            width, height = dimensions
            if width * height > max_cells:  # before the grid's tables are built
                raise BookmakerError(
                    f"a {width}x{height} maze has {width * height:,} cells, over the limit of "
                    f"{max_cells:,}; raise --max-cells to allow it"
                )
        if mask is None:
            topology = make_topology(shape, dimensions)
        else:
            topology = _masked(shape, dimensions, mask, digests or {}, flag)
    if topology.cells > max_cells:
        raise BookmakerError(
            f"a {topology.describe()} {shape} maze has {topology.cells:,} cells, over the limit "
            f"of {max_cells:,}; raise --max-cells to allow it"
        )
    return topology


def _masked(
    shape: str, size: tuple[int, int] | None, mask: MaskSpec, digests: dict[str, str], flag: str
) -> Topology:
    try:
        topology = masked_grid(shape, size, mask)
    except BookmakerError as error:
        raise BookmakerError(f"{flag}: {error}") from None
    for field, digest in digests.items():
        found = getattr(topology.mask, field) or ""
        if not found.startswith(digest):
            path, said = (mask.path, flag) if field == "sha256" else (mask.font, "--mask-font")
            raise BookmakerError(
                f"{said}: {path} has changed since the recipe was made: its SHA-256 begins "
                f"{found[: len(digest)]}, the recipe says {digest}"
            )
    return topology


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


def _endpoints(mode: str | None, start: str | None, end: str | None, shape: str):
    """The endpoint mode, or the (start, end) cells given by hand; unnamed, the mode a book's
    section of this shape gets, so a first maze has a way in and out."""
    if start is None and end is None:
        mode = mode or default_endpoints(shape)
        if mode not in ENDPOINT_MODES:
            raise BookmakerError(f"--endpoints takes one of {', '.join(ENDPOINT_MODES)}, got '{mode}'")
        return mode
    if start is None or end is None:
        raise BookmakerError("--start and --end go together: give both cells")
    if mode is not None:
        raise BookmakerError("give either --endpoints or --start/--end, not both")
    cells = _cell(start, "--start"), _cell(end, "--end")
    if cells[0] == cells[1]:
        raise BookmakerError(f"--start and --end are the same cell {start}")
    return cells


def _make(
    algorithm: str, topology: Topology, seed: int, options: dict, endpoints, braid: float, watch: Stopwatch
) -> Maze:
    try:
        maze = generate_on(topology, algorithm, seed, braid=braid, **options)
    except ValueError as error:  # an option value the algorithm cannot use
        raise BookmakerError(f"{algorithm}: {error}") from None
    watch.lap("carve")
    if not isinstance(endpoints, str):  # explicit cells, as the user names them
        endpoints = tuple(
            maze.topology.cell_at(*cell, what) for cell, what in zip(endpoints, ("start", "end"), strict=True)
        )
    maze = with_endpoints(maze, endpoints)
    watch.lap("endpoints")
    return maze


def _targets(
    fmt: str, output: str | None, count: int | None, seeds: range, algorithm: str, topology: Topology
) -> list[Path | None]:
    """Where each maze goes; None is stdout. Text formats share one stream or file."""
    several = count is not None and count > 1
    if output == "-":
        if several and fmt in ("svg", "png", "pdf"):
            raise BookmakerError(f"{count} {fmt} files cannot share stdout; give -o FILE.{fmt}")
        return [None]
    if fmt in ("ascii", "json", "jsonl"):
        return [Path(output) if output else None]
    if output is None:
        if fmt == "svg" and not several:
            return [None]
        if fmt == "svg":
            raise BookmakerError(
                f"--count {count} with --format svg needs -o FILE.svg (writes FILE-1.svg ... "
                f"FILE-{count}.svg)"
            )
        shape = "" if topology.kind == "square" else f"{topology.kind}-"
        if topology.mask is not None:  # maze-wilson-heart-30x30-7.svg
            shape += re.sub(r"[^a-z0-9]+", "-", Path(topology.mask.source).stem.lower()).strip("-") + "-"
        size = topology.describe().replace(" ", "")
        return [DEFAULT_DIR / f"maze-{algorithm}-{shape}{size}-{seed}.{fmt}" for seed in seeds]
    path = Path(output)
    if not several:
        return [path]
    return [path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, count + 1)]


def _check_writable(path: Path) -> None:
    """Refuse a folder as the file, and make the file's folder (saying so), before any
    maze is carved."""
    if path.is_dir():
        raise BookmakerError(f"-o {path} is a directory; give a file name")
    ready_folder(path.parent, path)


def _combine(fmt: str, documents: list[bytes], as_list: bool) -> bytes:
    if fmt == "json" and as_list:
        return b"[\n" + b",\n".join(doc.rstrip(b"\n") for doc in documents) + b"\n]\n"
    return b"".join(documents)


def maze_command(
    code: str | None = typer.Option(
        None,
        "--code",
        metavar="CODE",
        help="A maze code printed in a book (e.g. 82J8-9A17-BZGZ-WGRP): it gives the "
        "algorithm, shape, size, seed, endpoints and braid.",
    ),
    algorithm: str | None = typer.Option(
        None,
        "--algorithm",
        "-a",
        metavar="NAME",
        help=f"Generator (default {DEFAULTS['algorithm']}); see `bookmaker algorithms`.",
    ),
    shape: str | None = typer.Option(
        None, "--shape", metavar="SHAPE", help=f"{', '.join(SHAPES)} (default square)."
    ),
    size: str | None = typer.Option(
        None,
        "--size",
        "-s",
        metavar="WxH",
        help=f"Columns x rows (default {DEFAULT_SIZE}; with --mask-text, auto: the smallest "
        "grid in which the letters are 5 cells tall with strokes 2 cells thick).",
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
        help="N mazes, seeds S..S+N-1; json gives an array, svg/png/pdf numbered files.",
    ),
    fmt: str | None = typer.Option(
        None,
        "--format",
        "-f",
        metavar="FORMAT",
        help=f"{', '.join(FORMATS)}; default from the -o extension, else ascii "
        "(svg for shapes ascii can't draw).",
    ),
    solution: bool = typer.Option(
        False, "--solution", help="Show the answer (pdf: on page 2; json: fills 'solution')."
    ),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        metavar="FILE",
        help="Write here ('-' for stdout). Text formats default to stdout, png/pdf to output/; "
        "the suffix picks the format (.txt, .json, .jsonl, .svg, .png, .pdf).",
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
        "4000000", "--max-cells", metavar="N", help="Refuse mazes with more cells than this."
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
        algorithm, shape, size, rings, seed, endpoints, braid = _from_code(
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
    algorithm, shape, seed = (
        algorithm or DEFAULTS["algorithm"],
        shape or DEFAULTS["shape"],
        seed or DEFAULTS["seed"],
    )
    braid = braid or DEFAULTS["braid"]
    loops = _number(braid, "--braid")
    if not 0 <= loops <= 1:
        raise BookmakerError(f"--braid takes a share from 0 to 1, got {braid}")
    mask, digests, flag = _mask_spec(
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
    topology = _topology(shape, size, rings, _integer(max_cells, "--max-cells", 1), mask, digests, flag)
    if fmt is None:
        fmt = _format_of(output, shape == "square" and mask is None)
    if fmt not in FORMATS:
        raise BookmakerError(f"--format takes one of {', '.join(FORMATS)}, got '{fmt}'")
    sheet = _sheet(fmt, page, title)
    first = _integer(seed, "--seed", 0)
    number = _integer(count, "--count", 1) if count is not None else None
    scale = _number(cell, "--cell") if cell is not None else None
    if sheet is None:
        scale = check_size(fmt, topology, scale)
    elif scale is not None and not 0 < scale < float("inf"):
        raise BookmakerError(f"--cell must be above 0, got {scale:g}")
    else:  # refuse a maze the page cannot hold before carving it; the sheet sizes the cells
        sheet_layout(topology, sheet, "recipe", scale, title or DEFAULT_TITLE)
    ends = _endpoints(endpoints, start, end, shape)
    if solution and ends == "none":
        raise BookmakerError(
            f"--solution needs endpoints: drop --endpoints none (the default is "
            f"{default_endpoints(shape)}), or give another mode, or --start/--end"
        )
    generator = lookup(algorithm)
    generator.check_supports(topology)
    options = parse_options(generator, option)
    seeds = range(first, first + (number or 1))
    targets = _targets(fmt, output, number, seeds, algorithm, topology)
    for path in targets:
        if path is not None:
            _check_writable(path)

    shared = len(targets) == 1  # every maze goes to one stream or file
    documents = []
    watch = Stopwatch(memory=timings)  # stage peaks too, under tracemalloc
    for index, maze_seed in enumerate(seeds):
        maze = _make(algorithm, topology, maze_seed, options, ends, loops, watch)
        data = export(
            maze,
            fmt,
            solution=solution,
            cell=scale,
            stopwatch=watch,
            page=sheet,
            title=title or DEFAULT_TITLE,
        )
        del maze  # let go of it before the next one is carved
        if shared:
            documents.append(data)
            continue
        _save(targets[index], data)
        watch.lap("write")
    if shared:
        data = _combine(fmt, documents, as_list=number is not None)
        if targets[0] is None:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            _save(targets[0], data)
        watch.lap("write")
    if timings:
        typer.echo(watch.report(), err=True)


def _from_code(code: str, given: dict[str, Any]) -> tuple:
    """(algorithm, shape, size, rings, seed, endpoints, braid) as flags would give them, from
    a maze code; a flag the code already answers is an error, not a silent override."""
    parts = read_code(code)
    for flag, value in given.items():
        if value not in (None, []):
            raise BookmakerError(
                f"{flag}: --code already gives the maze ({parts.algorithm} "
                f"{parts.shape}, seed {parts.seed}); drop {flag}, or --code"
            )
    polar = parts.shape == "polar"
    return (
        parts.algorithm,
        parts.shape,
        None if polar else f"{parts.width}x{parts.height}",
        str(parts.width) if polar else None,
        str(parts.seed),
        parts.endpoints,
        f"{parts.braid:g}",
    )


def _format_of(output: str | None, plain: bool) -> str:
    """The format ``-o``'s suffix asks for; without one, ascii for what ascii draws (plain
    square mazes), else svg. An unknown suffix is an error, not a file of the wrong kind."""
    if not output or output == "-" or not Path(output).suffix:
        return "ascii" if plain else "svg"
    suffix = Path(output).suffix.lstrip(".").lower()
    if suffix not in SUFFIXES:
        known = ", ".join(f".{name}" for name in SUFFIXES if name != "ascii")
        raise BookmakerError(
            f"-o {output}: bookmaker cannot write .{suffix} files; use {known}, or give --format"
        )
    return SUFFIXES[suffix]


def _sheet(fmt: str, page: str | None, title: str | None) -> tuple[float, float] | None:
    """The page a pdf sheet takes, in points; None for a page cut to the maze (and for
    every other format)."""
    if fmt != "pdf":
        for flag, value in (("--page", page), ("--title", title)):
            if value is not None:
                raise BookmakerError(f"{flag} is for pdf sheets; this writes {fmt}")
        return None
    if (page or DEFAULT_PAGE).strip().lower() == FIT_PAGE:
        if title is not None:
            raise BookmakerError(f"--title goes on a sheet; --page {FIT_PAGE} has no room for it")
        return None
    try:
        return parse_size(page or DEFAULT_PAGE)
    except BookmakerError as error:
        raise BookmakerError(f"--page: {error}; or {FIT_PAGE} for a page cut to the maze") from None


def _save(path: Path, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError as error:
        raise BookmakerError(f"cannot write {path}: {error.strerror or error}") from None
    typer.echo(str(path))


def register(app: typer.Typer) -> None:
    app.command("maze")(maze_command)
