"""One maze, or a run of seeds, as files: the work of `bookmaker maze`, for Python callers too.

    from bookmaker.maze_files import MazeRequest, write_mazes

    written = write_mazes(MazeRequest(algorithm="wilson", size=(30, 20), seed=7, output="maze.pdf"))
    written.files  # (PosixPath('maze.pdf'),): a letter sheet, the solution on page 2 if asked

Several mazes (``count``) use seeds S, S+1, ... and each is byte for byte what seed S+i
alone gives. A format that streams (its record's ``join``: ascii, json, jsonl) puts them
in one stream or file, json as an array of the single documents; the others write a file
each: ``FILE.png`` becomes FILE-1.png ... FILE-N.png, and with no output named,
output/maze-<algorithm>[-<shape>]-<size>-<seed>.<suffix>.

``shape`` is square, hex, triangle or polar: grid shapes take ``size``, polar mazes
``rings``, and endpoint cells are X,Y on a grid and RING,INDEX on a disc. A pdf is a
printable sheet (``page``, letter unless told; ``title``) or, with ``page="fit"``, a page
cut to the maze at ``cell`` points a cell.

Everything is checked before the first maze is carved, so a mistake writes nothing. Each
is one line (``BookmakerError``) naming the command-line flag it concerns, as `bookmaker
maze` prints it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BookmakerError
from .files import created_note, make_folder, write_atomic
from .masks import MaskSpec, masked_grid
from .maze import Maze, generate_on, lookup, woven_grid
from .maze.shapes import DEFAULT_SHAPE, MASKED_SHAPES, SHAPE_NAMES, make_topology, shape_named, shape_word
from .maze.solve import ENDPOINT_MODES, default_endpoints, with_endpoints
from .maze.topology import Topology, check_grid_size
from .profiles import parse_size
from .render.export import (
    DEFAULT_TITLE,
    FORMATS,
    OutputFormat,
    check_size,
    default_format,
    export,
    format_of_suffix,
    sheet_layout,
)
from .stopwatch import Stopwatch
from .units import parse_grid_size

DEFAULT_DIR = Path("output")
DEFAULT_ALGORITHM = "recursive-backtracker"
DEFAULT_SIZE, DEFAULT_RINGS = (20, 20), 10
DEFAULT_MAX_CELLS = 4_000_000
DEFAULT_PAGE, FIT_PAGE = "letter", "fit"
STDOUT = "-"  # the output that asks for stdout even where a format would go to a file
# The flag that gives each kind of mask, named in its errors.
MASK_FLAGS = {"image": "--mask-image", "text": "--mask-text", "file": "--mask-file", "outline": "--outline"}

Cell = tuple[int, int]  # X,Y on a grid, RING,INDEX on a disc


@dataclass(frozen=True)
class MazeRequest:
    """What to make and where to put it; every field has `bookmaker maze`'s default."""

    algorithm: str = DEFAULT_ALGORITHM
    options: Mapping[str, Any] = field(default_factory=dict)  # the algorithm's, by its declarations
    shape: str = DEFAULT_SHAPE.name
    # A grid shape's columns and rows, or as text ("30x20"); None: 20x20, or what the mask
    # sets: a file its own size; a text (also given "auto") the smallest grid its letters
    # can be read in.
    size: tuple[int, int] | str | None = None
    rings: int | None = None  # polar: rings, the centre cell included; None: 10
    mask: MaskSpec | None = None  # the silhouette a grid is cut to
    # The start of the SHA-256 a recipe pinned to the mask's files, by the field of the
    # mask that checks it (sha256, font_sha256): a changed file is an error.
    pinned: Mapping[str, str] = field(default_factory=dict)
    max_cells: int = DEFAULT_MAX_CELLS  # refuse a bigger maze before building it
    seed: int = 0
    count: int | None = None  # None: one maze; N: seeds seed .. seed+N-1 (json: an array)
    # A mode (ENDPOINT_MODES), or the start and end cells; None: the mode a book's
    # section of this shape gets, so a first maze has a way in and out.
    endpoints: str | tuple[Cell, Cell] | None = None
    braid: float = 0.0  # the share of dead ends joined into loops, 0 to 1
    weave: float = 0.0  # the share of possible crossings placed, 0 to 1 (square, kruskal)
    # A name in FORMATS; None: what ``output``'s suffix asks for, else the default format
    # that draws the shape.
    format: str | None = None
    # A file; STDOUT; None: stdout for a text format, a file in output/ for a binary one.
    output: str | Path | None = None
    solution: bool = False  # draw the answer (pdf: on page 2; json: fill 'solution')
    cell: float | None = None  # pixels for png and svg, points for pdf; None: the format's default
    # pdf: the sheet's width and height in points, or its size as text (a4, 6x9,
    # 210x297mm), or FIT_PAGE: a page cut to the maze; None: a letter sheet.
    page: tuple[float, float] | str | None = None
    title: str | None = None  # the line at the top of a sheet; None: DEFAULT_TITLE
    memory: bool = False  # the stopwatch also notes each stage's peak, if tracemalloc traces


@dataclass(frozen=True)
class WrittenMazes:
    """What ``write_mazes`` made."""

    format: str
    files: tuple[Path, ...]  # in seed order
    # The bytes meant for stdout (``output`` STDOUT, or None for a text format), for the
    # caller to write; None when every maze went to a file.
    stream: bytes | None
    stopwatch: Stopwatch  # the seconds each stage took (``report()``)


@dataclass(frozen=True)
class _Plan:
    """A request checked: everything ``write_mazes`` needs, before it carves a maze."""

    topology: Topology
    record: OutputFormat
    sheet: tuple[float, float] | None  # the page a sheet takes, in points
    cell: float | None
    endpoints: str | tuple[Cell, Cell]
    seeds: range
    targets: list[Path | None]  # None: the stream for stdout


def _quiet(_: Any) -> None:
    pass


def write_mazes(
    request: MazeRequest,
    *,
    wrote: Callable[[Path], None] = _quiet,
    note: Callable[[str], None] = _quiet,
) -> WrittenMazes:
    """Make the mazes ``request`` asks for and write each file; ``wrote`` hears of each file
    as it is put in place, ``note`` gets the lines for stderr (a folder it had to make).
    A mistake in the request is one ``BookmakerError``, raised before any maze is carved."""
    plan = _plan(request, note)
    shared = len(plan.targets) == 1  # every maze goes to one stream or file
    documents, files = [], []
    watch = Stopwatch(memory=request.memory)  # stage peaks too, under tracemalloc
    for index, seed in enumerate(plan.seeds):
        maze = _make(request, plan.topology, seed, plan.endpoints, watch)
        data = export(
            maze,
            plan.record.name,
            solution=request.solution,
            cell=plan.cell,
            stopwatch=watch,
            page=plan.sheet,
            title=request.title or DEFAULT_TITLE,
        )
        del maze  # let go of it before the next one is carved
        if shared:
            documents.append(data)
            continue
        files.append(_save(plan.targets[index], data, wrote))
        watch.lap("write")
    stream = None
    if shared:
        join = plan.record.join
        data = join(documents) if join is not None and request.count is not None else documents[0]
        target = plan.targets[0]
        if target is None:
            stream = data
        else:
            files.append(_save(target, data, wrote))
        watch.lap("write")
    return WrittenMazes(plan.record.name, tuple(files), stream, watch)


def _plan(request: MazeRequest, note: Callable[[str], None]) -> _Plan:
    """Every check, in the order `bookmaker maze` has always reported them; then the
    folders the files go in, made (and noted) before anything is carved."""
    if not 0 <= request.braid <= 1:
        raise BookmakerError(f"--braid takes a share from 0 to 1, got {request.braid:.15g}")
    topology = _topology(request)
    if request.weave:
        try:
            topology = woven_grid(topology, request.algorithm, request.braid, request.weave)
        except BookmakerError as error:  # said as the flag is written: '--weave works on ...'
            raise BookmakerError(f"--{error}") from None
    record = _format(request, topology)
    sheet = _sheet(record, request.page, request.title)
    _at_least(request.seed, "--seed", 0)
    if request.count is not None:
        _at_least(request.count, "--count", 1)
    cell = request.cell
    if sheet is None:
        cell = check_size(record.name, topology, cell)
    elif cell is not None and not 0 < cell < float("inf"):
        raise BookmakerError(f"--cell must be above 0, got {cell:g}")
    else:  # refuse a maze the page cannot hold before carving it; the sheet sizes the cells
        sheet_layout(topology, sheet, "recipe", cell, request.title or DEFAULT_TITLE)
    endpoints = _endpoints(request)
    if request.solution and endpoints == "none":
        raise BookmakerError(
            f"--solution needs endpoints: drop --endpoints none (the default is "
            f"{default_endpoints(request.shape)}), or give another mode, or --start/--end"
        )
    generator = lookup(request.algorithm)
    generator.check_supports(topology)
    generator.settings(request.options)
    seeds = range(request.seed, request.seed + (request.count or 1))
    targets = _targets(record, request.output, request.count, seeds, request.algorithm, topology)
    for path in targets:
        if path is not None:
            _check_writable(path, note)
    return _Plan(topology, record, sheet, cell, endpoints, seeds, targets)


def _at_least(value: int, flag: str, minimum: int) -> None:
    if value < minimum:
        raise BookmakerError(f"{flag} must be at least {minimum}, got {value}")


def _topology(request: MazeRequest) -> Topology:
    """The shape asked for: ``size`` for grid shapes, ``rings`` for polar, cut to the
    mask's silhouette if one is given."""
    shape, size, mask = request.shape, request.size, request.mask
    _at_least(request.max_cells, "--max-cells", 1)
    if shape not in SHAPE_NAMES:
        raise BookmakerError(f"--shape takes one of {', '.join(SHAPE_NAMES)}, got '{shape}'")
    if shape_named(shape).takes_rings:
        if size is not None:
            raise BookmakerError("a polar maze is sized by --rings N, not --size")
        if mask is not None:
            raise BookmakerError(
                f"{MASK_FLAGS[mask.kind]}: a polar maze is already a disc and takes no mask; "
                f"use --shape {', '.join(MASKED_SHAPES[:-1])} or {MASKED_SHAPES[-1]} for a silhouette"
            )
        rings = DEFAULT_RINGS if request.rings is None else request.rings
        _at_least(rings, "--rings", 1)
        topology = make_topology(shape, rings=rings)
    else:
        if request.rings is not None:
            raise BookmakerError(f"--rings sizes polar mazes; give a {shape} maze --size WxH")
        topology = _grid(request)
    if topology.cells > request.max_cells:
        raise BookmakerError(
            f"a {topology.describe()} {shape} maze has {topology.cells:,} cells, over the limit "
            f"of {request.max_cells:,}; raise --max-cells to allow it"
        )
    return topology


def _grid(request: MazeRequest) -> Topology:
    """A grid shape's topology: ``size``, or what the mask sets, cut to the mask."""
    shape, size, mask = request.shape, request.size, request.mask
    if size is None and mask is not None and mask.kind == "file":
        dimensions = None  # the file sets it
    elif mask is not None and mask.kind == "text" and str(size or "auto").lower() == "auto":
        dimensions = None  # the letters set it: the smallest grid they can be read in
    else:
        try:
            given = size or DEFAULT_SIZE
            dimensions = parse_grid_size(given) if isinstance(given, str) else given
            check_grid_size(*dimensions)
        except (ValueError, BookmakerError) as error:
            raise BookmakerError(f"--size: {error}") from None
        width, height = dimensions
        if width * height > request.max_cells:  # before the grid's tables are built
            raise BookmakerError(
                f"a {width}x{height} maze has {width * height:,} cells, over the limit of "
                f"{request.max_cells:,}; raise --max-cells to allow it"
            )
    if mask is None:
        return make_topology(shape, dimensions)
    return _masked(shape, dimensions, mask, request.pinned)


def _masked(shape: str, size: tuple[int, int] | None, mask: MaskSpec, pinned: Mapping[str, str]) -> Topology:
    flag = MASK_FLAGS[mask.kind]
    try:
        topology = masked_grid(shape, size, mask)
    except BookmakerError as error:
        raise BookmakerError(f"{flag}: {error}") from None
    for field_name, digest in pinned.items():
        found = getattr(topology.mask, field_name) or ""
        if not found.startswith(digest):
            path, said = (mask.path, flag) if field_name == "sha256" else (mask.font, "--mask-font")
            raise BookmakerError(
                f"{said}: {path} has changed since the recipe was made: its SHA-256 begins "
                f"{found[: len(digest)]}, the recipe says {digest}"
            )
    return topology


def _format(request: MazeRequest, topology: Topology) -> OutputFormat:
    """The format named; else the one the output's suffix asks for; else the default
    format that draws ``topology``. An unknown suffix is an error, not a file of the
    wrong kind."""
    name, output = request.format, request.output
    if name is None:
        if not output or output == STDOUT or not Path(output).suffix:
            return default_format(topology)
        suffix = Path(output).suffix.lstrip(".").lower()
        record = format_of_suffix(suffix)
        if record is None:
            known = ", ".join(f".{record.suffix}" for record in FORMATS.values())
            raise BookmakerError(
                f"-o {output}: bookmaker cannot write .{suffix} files; use {known}, or give --format"
            )
        return record
    if name not in FORMATS:
        raise BookmakerError(f"--format takes one of {', '.join(FORMATS)}, got '{name}'")
    return FORMATS[name]


def _sheet(
    record: OutputFormat, page: tuple[float, float] | str | None, title: str | None
) -> tuple[float, float] | None:
    """The page a sheet takes, in points; None for a page cut to the maze (and for every
    format not drawn on pages)."""
    if not record.pages:
        for flag, value in (("--page", page), ("--title", title)):
            if value is not None:
                raise BookmakerError(f"{flag} is for pdf sheets; this writes {record.name}")
        return None
    if isinstance(page, tuple):
        return page
    if (page or DEFAULT_PAGE).strip().lower() == FIT_PAGE:
        if title is not None:
            raise BookmakerError(f"--title goes on a sheet; --page {FIT_PAGE} has no room for it")
        return None
    try:
        return parse_size(page or DEFAULT_PAGE)
    except BookmakerError as error:
        raise BookmakerError(f"--page: {error}; or {FIT_PAGE} for a page cut to the maze") from None


def _endpoints(request: MazeRequest) -> str | tuple[Cell, Cell]:
    """The endpoint mode, or the (start, end) cells; unnamed, the mode a book's section of
    this shape gets."""
    endpoints = request.endpoints
    if endpoints is None or isinstance(endpoints, str):
        mode = endpoints or default_endpoints(request.shape)
        if mode not in ENDPOINT_MODES:
            raise BookmakerError(f"--endpoints takes one of {', '.join(ENDPOINT_MODES)}, got '{mode}'")
        return mode
    start, end = endpoints
    if start == end:
        raise BookmakerError(f"--start and --end are the same cell {start[0]},{start[1]}")
    return endpoints


def _make(
    request: MazeRequest,
    topology: Topology,
    seed: int,
    endpoints: str | tuple[Cell, Cell],
    watch: Stopwatch,
) -> Maze:
    try:
        maze = generate_on(
            topology, request.algorithm, seed, braid=request.braid, weave=request.weave, **request.options
        )
    except ValueError as error:  # an option value the algorithm cannot use
        raise BookmakerError(f"{request.algorithm}: {error}") from None
    watch.lap("carve")
    if isinstance(endpoints, str):
        maze = with_endpoints(maze, endpoints)
    else:  # explicit cells, as the user names them
        start, end = (
            maze.topology.cell_at(a, b, what)
            for (a, b), what in zip(endpoints, ("start", "end"), strict=True)
        )
        maze = with_endpoints(maze, (start, end))
    watch.lap("endpoints")
    return maze


def _targets(
    record: OutputFormat,
    output: str | Path | None,
    count: int | None,
    seeds: range,
    algorithm: str,
    topology: Topology,
) -> list[Path | None]:
    """Where each maze goes; None is stdout. Formats that stream share one stream or file."""
    several = count is not None and count > 1
    if output == STDOUT:
        if several and not record.streams:
            raise BookmakerError(
                f"{count} {record.name} files cannot share stdout; give -o FILE.{record.suffix}"
            )
        return [None]
    if record.streams:
        return [Path(output) if output else None]
    if output is None:
        if not record.binary and not several:
            return [None]
        if not record.binary:
            ext = record.suffix
            raise BookmakerError(
                f"--count {count} with --format {record.name} needs -o FILE.{ext} (writes FILE-1.{ext} "
                f"... FILE-{count}.{ext})"
            )
        shape = shape_word(topology.kind, "-")
        if topology.mask is not None:  # maze-wilson-heart-30x30-7.svg
            shape += re.sub(r"[^a-z0-9]+", "-", Path(topology.mask.source).stem.lower()).strip("-") + "-"
        size = topology.describe().replace(" ", "")
        return [DEFAULT_DIR / f"maze-{algorithm}-{shape}{size}-{seed}.{record.suffix}" for seed in seeds]
    path = Path(output)
    if not several:
        return [path]
    return [path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, len(seeds) + 1)]


def _check_writable(path: Path, note: Callable[[str], None]) -> None:
    """Refuse a folder as the file, and make the file's folder (saying so), before any
    maze is carved."""
    if path.is_dir():
        raise BookmakerError(f"-o {path} is a directory; give a file name")
    if make_folder(path.parent, path):
        note(created_note(path.parent))


def _save(path: Path | None, data: bytes, wrote: Callable[[Path], None]) -> Path:
    assert path is not None, "only a shared stream goes to stdout"
    write_atomic(path, data)
    wrote(path)
    return path
