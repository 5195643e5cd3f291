"""The book pipeline: config -> plan -> mazes -> layout -> pages -> PDF and manifest.

Pages are counted first, so margins (which follow the page count) and every
cross-reference are known before a maze is drawn. Output is written to
temporary files, checked by the preflight, and only then renamed over the old
files: a failed build never leaves a truncated PDF nor destroys the last one.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .config import Book
from .errors import BookmakerError, ConfigKeyError
from .files import created_note, write_atomically
from .layout.cover_geometry import checked_barcode
from .manifest import MazeRecord, config_reference, manifest_json
from .maze.codes import recipe_code
from .maze.model import Maze
from .maze.shapes import DEFAULT_SHAPE
from .plan import MazeJob, Printed
from .plan.cover import CoverPlan
from .prepare import prepare
from .processes import WORTH_SPREADING, IdleWatch, choose_workers
from .render.canvas import write_ahead
from .render.cover import render_cover
from .render.document import render_document
from .render.maze_json import writes_v1
from .stopwatch import BUILD_STAGES, Stopwatch
from .wording import plural

Progress = Callable[[str, int], Callable[[], None]]  # (label, total) -> call once per step


@dataclass(frozen=True)
class BuildResult:
    pdf: Path
    manifest: Path
    key_pdf: Path | None
    pages: int
    mazes: int
    cover: Path | None = None
    notes: tuple[str, ...] = ()  # lines for stderr: pages it added, what it left out, and why
    preflight: tuple[str, ...] = ()  # each file's preflight result, as ``bookmaker check`` says it
    # What ``--timings`` prints: how many processes the build took and why, then each stage's time.
    timings: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoverResult:
    cover: Path
    interior_pages: int
    notes: tuple[str, ...]  # lines for stderr: the interior's padding, what the cover left out


def default_output(config: Path) -> Path:
    return Path("output") / f"{Path(config).stem}.pdf"


def cover_path(output: Path) -> Path:
    """Where the cover of the interior ``output`` goes: ``x.pdf`` gets ``x.cover.pdf``."""
    return output.with_name(f"{output.stem}.cover.pdf")


def _pdf_output(output: Path | str | None, default: Path) -> Path:
    """``output``; ``default``'s file name in the folder ``output`` names (``out/``, or a
    folder that exists); ``default`` when unset."""
    if not output:
        return default
    path = Path(output)
    if os.fspath(output).endswith(("/", os.sep)) or path.is_dir():
        return path / default.name
    if path.suffix.lower() != ".pdf":
        raise BookmakerError(
            f"-o {output}: give a file name ending in .pdf, or a folder as "
            f"{output}/ to write {default.name} in it"
        )
    return path


def build(
    config: Path | str,
    output: Path | str | None = None,
    *,
    seed: int | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
    preflight: bool = True,
) -> BuildResult:
    """Build the book described by ``config``; returns the paths written. ``jobs``: the
    processes it may work in, which it takes only where they pay (``choose_workers``)."""
    stopwatch = Stopwatch(stages=BUILD_STAGES)
    watch = IdleWatch()  # the cores, watched while the book is planned
    config = Path(config)
    # Every rule validate applies, by the same code: all problems at once, FILE:LINE: key.
    ready = prepare(config, seed=seed, mazes=False)
    book, fonts, plan, cover = ready.book, ready.fonts, ready.plan, ready.cover
    output = _pdf_output(output, default_output(config))

    maze_jobs, art_jobs, cover_jobs = ready.maze_jobs, ready.art_jobs, ready.cover_jobs
    every_job = maze_jobs + art_jobs + cover_jobs
    page_count = len(ready.main.pages) + (len(ready.key.pages) if ready.key else 0)
    choice = choose_workers(
        jobs,
        WORTH_SPREADING.book_seconds(sum(map(_cells, every_job)), page_count),
        "book",
        f"{plural(len(every_job), 'maze')}, {plural(page_count, 'page')}",
        watch.machine,
    )
    jobs = choice.workers
    stopwatch.lap("plan")
    made = ready.make(
        every_job,
        workers=jobs,
        progress=progress("mazes", len(every_job)) if progress else None,
        prepare_drawing=write_ahead,
    )
    views = ready.views(made[: len(maze_jobs) + len(art_jobs)])
    main, key, printed = ready.main, ready.key, views.printed
    stopwatch.lap("mazes")

    tick = progress("pages", page_count) if progress else None
    pdf = render_document(views.main, fonts, tick, threads=jobs)
    stopwatch.lap("pages")
    checked = []
    if preflight:
        from .preflight.interior import check_pdf  # pypdf loads only when a build checks its output

        checked.append(
            _preflight(
                pdf,
                output,
                book.profile,
                "built PDF",
                lambda path: check_pdf(
                    path, book.profile, trim=plan.trim, interior=book.interior_inks, workers=jobs
                ),
            )
        )
        stopwatch.lap("preflight")
    files = {output: pdf}
    key_path = None
    if key and views.key:
        key_path = output.with_name(f"{output.stem}-key.pdf")
        files[key_path] = render_document(views.key, fonts, tick, threads=jobs)
        stopwatch.lap("pages")
    cover_file = None
    if cover:
        cover_file = cover_path(output)
        files[cover_file], cover_check = checked_cover(
            cover, made[len(made) - len(cover_jobs) :], fonts, cover_file, preflight
        )
        checked += [cover_check] if cover_check else []
        stopwatch.lap("cover")
    manifest_path = output.with_name(f"{output.stem}.manifest.json")
    files[manifest_path] = manifest_json(
        title=book.title,
        seed=book.seed,
        config=config_reference(config),
        pages=len(main.pages),
        page_size=(main.frames[0].width, main.frames[0].height),
        pdf_sha256=hashlib.sha256(pdf).hexdigest(),
        mazes=[_record(book, item, key_path, plan.journey_record(item)) for item in printed],
        profile=book.profile,
        key={
            "file": key_path.name,
            "pages": len(key.pages),
            "pdf_sha256": hashlib.sha256(files[key_path]).hexdigest(),
        }
        if key and key_path
        else None,
        title_art=_title_art(views.art) if views.art else None,
        cover=cover.manifest(cover_file.name) if cover and cover_file else None,
    )
    created = write_atomically(files)
    stopwatch.lap("write")
    return BuildResult(
        output,
        manifest_path,
        key_path,
        len(main.pages),
        len(printed),
        cover_file,
        (*map(created_note, created), *ready.notes),
        tuple(checked),
        (choice.line(), *stopwatch.report().splitlines()),
    )


def _cells(job: MazeJob) -> int:
    """About how many cells the maze of ``job`` has, for the work estimate: a grid's whole
    rectangle, masked or not; a polar maze's disc of ``rings`` ring widths."""
    if job.width is not None and job.height is not None:
        return job.width * job.height
    return round(math.pi * (job.rings or 0) ** 2)


def build_cover(
    config: Path | str, output: Path | str | None = None, *, seed: int | None = None
) -> CoverResult:
    """Only the cover of the book described by ``config``: byte for byte the one ``build``
    writes, its interior planned to the page but no interior maze made nor page drawn."""
    config = Path(config)
    ready = prepare(config, seed=seed, mazes=False)
    book = ready.book
    if book.cover is None:
        raise ready.loaded.error(
            [
                ConfigKeyError(
                    "cover",
                    (
                        "the config has no cover: block; add one (the README's 'Covers' lists its keys) "
                        "to build a cover"
                    ),
                )
            ]
        )
    output = _pdf_output(output, cover_path(default_output(config)))
    cover, fonts, pages = ready.cover, ready.fonts, len(ready.main.pages)
    assert cover is not None  # prepare plans the cover of a book with a cover: block, or fails
    created = write_atomically({output: cover_pdf(cover, ready.make(ready.cover_jobs), fonts, output, True)})
    return CoverResult(output, pages, (*map(created_note, created), *ready.notes))


def cover_pdf(cover: CoverPlan, made: list, fonts, path: Path, preflight: bool) -> bytes:
    """The cover's PDF bytes, drawn with the mazes ``cover.jobs()`` made; with ``preflight``,
    checked by the printer's cover preflight first (BookmakerError naming ``path`` if it
    fails)."""
    return checked_cover(cover, made, fonts, path, preflight)[0]


def checked_cover(
    cover: CoverPlan, made: list, fonts, path: Path, preflight: bool
) -> tuple[bytes, str | None]:
    """``cover_pdf``, with its preflight's result (None without ``preflight``)."""
    pdf = render_cover(cover.view(made), fonts)
    if preflight:
        from .preflight.cover import check_cover

        profile = cover.book.profile
        return pdf, _preflight(
            pdf,
            path,
            profile,
            "cover",
            lambda file: check_cover(
                file, profile, cover.geometry, cover.pages, checked_barcode(cover.barcode)
            ),
        )
    return pdf, None


def _title_art(art) -> dict:
    """The manifest's ``title_art``: how to remake the title page's maze; ``shape`` as a
    maze entry writes it, for any shape but square."""
    record = {
        "algorithm": art.job.algorithm,
        "width": art.job.width,
        "height": art.job.height,
        "seed": art.seed,
        "endpoints": art.job.endpoints,
    }
    if art.job.shape != DEFAULT_SHAPE.name:
        record["shape"] = art.maze.topology.shape_json()
    return record


def _record(book: Book, item: Printed, key_path: Path | None, journey: dict | None) -> MazeRecord:
    made, job, maze = item.made, item.made.job, item.made.maze
    assert item.placement is not None  # BookPlan.place places every printed maze
    return MazeRecord(
        number=item.number,
        section=book.sections[job.section].title,
        algorithm=job.algorithm,
        options=dict(job.options),
        width=job.width,
        height=job.height,
        seed=made.seed,
        endpoints=job.endpoints,
        page=item.page,
        bbox=item.placement.bbox,
        answer_page=item.answer_page,
        answer_bbox=item.answer_placement.bbox if item.answer_placement else None,
        start=_cell_name(maze, maze.start),
        end=_cell_name(maze, maze.end),
        start_side=_opening(maze, maze.start, False),
        end_side=_opening(maze, maze.end, True),
        code=recipe_code(maze),
        solution_length=made.stats.solution_length,
        stars=item.stars,
        variant=item.variant,
        answer_file=key_path.name if key_path and item.answer_page else None,
        shape=None if writes_v1(maze) else maze.topology.shape_json(),
        braid=maze.braid,
        weave=maze.weave,
        perfect=made.stats.loops == 0,
        mask=maze.topology.mask.as_json() if maze.topology.mask is not None else None,
        journey=journey,
    )


def _cell_name(maze: Maze, cell: int | None) -> list[int] | int | None:
    """A cell as the manifest names it: [x, y] where the maze is written as
    ``bookmaker.maze/1`` (square grids, as before shapes), its id on every other shape."""
    if cell is None or not writes_v1(maze):
        return cell
    return list(maze.topology.coordinates(cell))


def _opening(maze: Maze, cell: int | None, exit: bool) -> str | None:
    """The side of the outer wall ("N", "E", "S", "W") an end's opening goes through; None
    for an end inside the maze, or none at all."""
    return None if cell is None else maze.topology.opening_compass(cell, exit)


def _preflight(pdf: bytes, output: Path, profile: str, what: str, check) -> str:
    """Our own PDF must pass the printer's checks (``check(path) -> Report``) before it
    replaces anything; returns the passing report's line, naming ``output``."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(pdf)
        handle.flush()
        report = check(handle.name)
    if not report.ok:
        raise BookmakerError(
            f"{output}: the {what} fails the {profile} preflight "
            f"({plural(len(report.problems), 'problem')}), nothing written; first: "
            f"{report.problems[0]}"
        )
    return f"{output.name}: {report.format()}"
