"""The book pipeline: config -> plan -> mazes -> layout -> pages -> PDF and manifest.

Pages are counted first, so margins (which follow the page count) and every
cross-reference are known before a maze is drawn. Output is written to
temporary files, checked by the preflight, and only then renamed over the old
files: a failed build never leaves a truncated PDF nor destroys the last one.
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .config import Book, load_book
from .errors import BookmakerError
from .files import write_atomically
from .fonts import font_pair
from .manifest import MazeRecord, manifest_json
from .maze.model import Maze
from .plan import BookPlan, Printed, make_mazes
from .plan.cover import CoverPlan
from .render.cover import render_cover
from .render.document import render_document
from .render.maze_json import writes_v1

Progress = Callable[[str, int], Callable[[], None]]  # (label, total) -> call once per step


@dataclass(frozen=True)
class BuildResult:
    pdf: Path
    manifest: Path
    key_pdf: Path | None
    pages: int
    mazes: int
    cover: Path | None = None
    notes: tuple[str, ...] = ()  # lines for stderr: what the build left out, and why


@dataclass(frozen=True)
class CoverResult:
    cover: Path
    interior_pages: int
    notes: tuple[str, ...]  # lines for stderr: what the cover left out, and why


def default_output(config: Path) -> Path:
    return Path("output") / f"{Path(config).stem}.pdf"


def cover_path(output: Path) -> Path:
    """Where the cover of the interior ``output`` goes: ``x.pdf`` gets ``x.cover.pdf``."""
    return output.with_name(f"{output.stem}.cover.pdf")


def _book(config: Path, seed: int | None) -> Book:
    book = load_book(config)
    return book if seed is None else book.model_copy(update={"seed": seed})


def _pdf_output(output: Path | str | None, default: Path) -> Path:
    output = Path(output) if output else default
    if output.suffix.lower() != ".pdf":
        raise BookmakerError(f"-o {output}: the output file must end in .pdf")
    return output


def _documents(plan: BookPlan):
    """The interior's groups, answers, main document and separate key (or None), counted to
    the page before any maze is made."""
    groups = plan.groups()
    answers = plan.answers(groups)
    main = plan.document(plan.main_pages(groups, answers))
    key = plan.document(plan.key_pages(answers), is_key=True) if (
        plan.separate_key and answers) else None
    return groups, answers, main, key


def build(config: Path | str, output: Path | str | None = None, *, seed: int | None = None,
          jobs: int = 1, progress: Progress | None = None, preflight: bool = True) -> BuildResult:
    """Build the book described by ``config``; returns the paths written."""
    config = Path(config)
    book = _book(config, seed)
    output = _pdf_output(output, default_output(config))
    fonts = font_pair(book.font.regular, book.font.bold)
    plan = BookPlan(book)

    groups, answers, main, key = _documents(plan)
    cover = CoverPlan(book, len(main.pages), fonts) if book.cover else None
    maze_jobs = plan.jobs(groups, main, key or main)
    art_jobs = [plan.art_job()] if book.front_matter.title_page else []
    cover_jobs = cover.jobs() if cover else []
    every_job = maze_jobs + art_jobs + cover_jobs
    made = make_mazes(every_job, workers=jobs,
                      progress=progress("mazes", len(every_job)) if progress else None)
    art = made[len(maze_jobs)] if art_jobs else None
    printed = plan.number(groups, made[:len(maze_jobs)])
    main.printed = printed
    if key:
        key.printed = printed
    plan.place(printed, main, key or main)

    tick = progress("pages", len(main.pages) + (len(key.pages) if key else 0)) if progress else None
    profile = plan.profile
    outline = profile.allows_outline and book.front_matter.contents
    pdf = render_document(plan.view(
        main, plan.contents(main.pages), art, title=book.title, outline=outline,
        links=outline and profile.allows_annotations, is_key=False,
        answer_refs=bool(answers) and not plan.separate_key), fonts, tick)
    if preflight:
        from .preflight import check_pdf  # pypdf loads only when a build checks its output

        _preflight(pdf, output, book.profile, "built PDF",
                   lambda path: check_pdf(path, book.profile, trim=plan.trim))
    files = {output: pdf}
    key_path = None
    if key:
        key_path = output.with_name(f"{output.stem}-key.pdf")
        files[key_path] = render_document(plan.view(
            key, [], art, title=f"{book.title}: answer key", outline=False, links=False,
            is_key=True, answer_refs=False), fonts, tick)
    cover_file = None
    if cover:
        cover_file = cover_path(output)
        files[cover_file] = _cover_pdf(cover, made[len(made) - len(cover_jobs):], fonts,
                                       cover_file, preflight)
    manifest_path = output.with_name(f"{output.stem}.manifest.json")
    files[manifest_path] = manifest_json(
        title=book.title, seed=book.seed, config=str(config), pages=len(main.pages),
        page_size=(main.frames[0].width, main.frames[0].height),
        pdf_sha256=hashlib.sha256(pdf).hexdigest(),
        mazes=[_record(book, item, key_path) for item in printed], profile=book.profile,
        key={"file": key_path.name, "pages": len(key.pages),
             "pdf_sha256": hashlib.sha256(files[key_path]).hexdigest()} if key else None,
        title_art={"algorithm": art.job.algorithm, "width": art.job.width,
                   "height": art.job.height, "seed": art.seed,
                   "endpoints": art.job.endpoints} if art else None,
        cover=cover.manifest(cover_file.name) if cover else None,
    )
    write_atomically(files)
    return BuildResult(output, manifest_path, key_path, len(main.pages), len(printed),
                       cover_file, tuple(cover.notes) if cover else ())


def build_cover(config: Path | str, output: Path | str | None = None, *,
                seed: int | None = None) -> CoverResult:
    """Only the cover of the book described by ``config``: byte for byte the one ``build``
    writes, its interior planned to the page but no interior maze made nor page drawn."""
    config = Path(config)
    book = _book(config, seed)
    if book.cover is None:
        raise BookmakerError(f"{config}: the config has no cover: block; add one (the README's "
                             "'Covers' lists its keys) to build a cover")
    output = _pdf_output(output, cover_path(default_output(config)))
    fonts = font_pair(book.font.regular, book.font.bold)
    _, _, main, _ = _documents(BookPlan(book))
    cover = CoverPlan(book, len(main.pages), fonts)
    write_atomically({output: _cover_pdf(cover, make_mazes(cover.jobs()), fonts, output, True)})
    return CoverResult(output, len(main.pages), tuple(cover.notes))


def _cover_pdf(cover: CoverPlan, made: list, fonts, path: Path, preflight: bool) -> bytes:
    pdf = render_cover(cover.view(made), fonts)
    if preflight:
        from .cover_preflight import check_cover

        profile = cover.book.profile
        _preflight(pdf, path, profile, "cover", lambda file: check_cover(
            file, profile, cover.geometry, cover.pages, cover.barcode))
    return pdf


def _record(book: Book, item: Printed, key_path: Path | None) -> MazeRecord:
    made, job, maze = item.made, item.made.job, item.made.maze
    return MazeRecord(
        number=item.number, section=book.sections[job.section].title, algorithm=job.algorithm,
        options=dict(job.options), width=job.width, height=job.height, seed=made.seed,
        endpoints=job.endpoints, page=item.page, bbox=item.placement.bbox,
        answer_page=item.answer_page,
        answer_bbox=item.answer_placement.bbox if item.answer_placement else None,
        start=_cell_name(maze, maze.start), end=_cell_name(maze, maze.end),
        solution_length=made.stats.solution_length, stars=item.stars, variant=item.variant,
        answer_file=key_path.name if key_path and item.answer_page else None,
        shape=None if writes_v1(maze) else maze.topology.shape_json(),
        braid=maze.braid, perfect=made.stats.loops == 0,
        mask=maze.topology.mask.as_json() if maze.topology.mask is not None else None,
    )


def _cell_name(maze: Maze, cell: int | None) -> list[int] | int | None:
    """A cell as the manifest names it: [x, y] where the maze is written as
    ``bookmaker.maze/1`` (square grids, as before shapes), its id on every other shape."""
    if cell is None or not writes_v1(maze):
        return cell
    return list(maze.topology.coordinates(cell))


def _preflight(pdf: bytes, output: Path, profile: str, what: str, check) -> None:
    """Our own PDF must pass the printer's checks (``check(path) -> Report``) before it
    replaces anything."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(pdf)
        handle.flush()
        report = check(handle.name)
    if not report.ok:
        first = report.problems[0]
        raise BookmakerError(
            f"{output}: the {what} fails the {profile} preflight ({len(report.problems)} "
            f"problems), nothing written; first: page {first.page}: {first.message}"
        )
