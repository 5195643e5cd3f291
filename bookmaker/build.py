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
from .layout import MIN_CELL_PT, Box, PageFrame, Placement, page_frame, place_maze, resolve_margins, slot_boxes
from .manifest import MazeRecord, manifest_json
from .pages import (
    CONTENTS_LINES_PER_PAGE, Document, Group, Page, Printed, pad_for_printer, paginate_book,
)
from .plan import MadeMaze, MazeJob, difficulty_score, make_mazes, order_by_difficulty, stars, variant_code
from .profiles import get_profile
from .render.book import body_area, contents_lines
from .render.document import Entry, Options, render_document

Progress = Callable[[str, int], Callable[[], None]]  # (label, total) -> call once per step


@dataclass(frozen=True)
class BuildResult:
    pdf: Path
    manifest: Path
    key_pdf: Path | None
    pages: int
    mazes: int


def default_output(config: Path) -> Path:
    return Path("output") / f"{Path(config).stem}.pdf"


class Planner:
    """Decides what goes where in one book: groups, pages, margins, seeds, numbers, boxes."""

    def __init__(self, book: Book):
        self.book = book
        self.profile = get_profile(book.profile)
        self.trim = book.page.trim_size
        self.worksheet = book.layout == "worksheet"
        self.separate_key = self.worksheet and book.worksheet.key == "separate"
        self.puzzle_kind = "worksheet" if self.worksheet else "puzzles"

    def where(self, section: int) -> str:
        return f"sections[{section}] ({self.book.sections[section].title})"

    def groups(self) -> list[Group]:
        """Sections in order; a worksheet set repeats them for each copy."""
        groups, position = [], 0
        copies = range(self.book.worksheet.copies) if self.worksheet else [None]
        for copy in copies:
            for index, section in enumerate(self.book.sections):
                mazes = list(range(position, position + section.count))
                groups.append(Group(index, mazes, section.per_page, copy))
                position += section.count
        return groups

    def has_answers(self, section: int) -> bool:
        """Whether the answer key shows the mazes of ``section``: none without endpoints."""
        return self.book.answer_key.enabled and self.book.sections[section].endpoints != "none"

    def answers(self, groups: list[Group]) -> list[int]:
        """Positions of the mazes that have a solution to show."""
        return [i for g in groups if self.has_answers(g.section) for i in g.mazes]

    def main_pages(self, groups: list[Group], answers: list[int]) -> list[Page]:
        front = self.book.front_matter
        in_book = answers and not self.separate_key
        entries = len(self.book.sections) + (1 if in_book else 0)
        pages = paginate_book(
            title_page=front.title_page, how_to=front.how_to,
            contents_entries=entries if front.contents else 0,
            groups=groups, answers=answers if in_book else None,
            answers_per_page=self.book.answer_key.per_page, worksheet=self.worksheet,
            contents_per_page=self.contents_per_page(),
        )
        return pad_for_printer(pages, self.profile, self.trim)

    def contents_per_page(self) -> int:
        """Contents lines a page holds: fewer than the usual 28 on a short page."""
        # Only the inside margin follows the page count, and it does not change the height.
        requested = self.book.page.margins
        margins = resolve_margins({"top": requested.top, "bottom": requested.bottom},
                                  self.profile, 0, self.book.page.bleed)
        height = self.trim[1] - margins.top - margins.bottom
        return min(CONTENTS_LINES_PER_PAGE, contents_lines(height))

    def key_pages(self, answers: list[int]) -> list[Page]:
        return paginate_book(title_page=False, how_to=False, contents_entries=0, groups=[],
                             answers=answers, answers_per_page=self.book.answer_key.per_page,
                             worksheet=True)

    def document(self, pages: list[Page], *, is_key: bool = False) -> Document:
        """Frames for ``pages``: margins follow the final page count (KDP's gutter table)."""
        # A separate teacher's key is printed at home: no bleed, no printer padding.
        profile = get_profile("home") if is_key else self.profile
        # A printer that prints no bleed (home) gives no page room past the trim: thumb tabs
        # meant to run off into it would sit on the unprintable edge instead.
        bleed = self.book.page.bleed and not is_key and profile.bleed_rule != "none"
        margins = resolve_margins(self.book.page.margins.model_dump(), profile, len(pages), bleed)
        frames = [page_frame(p.number, self.trim, profile, bleed, margins) for p in pages]
        return Document(pages, frames, bleed)

    def area(self, frame: PageFrame, kind: str) -> Box:
        return body_area(frame, kind, bool(self.book.worksheet.fields))

    def fit(self, frame: PageFrame, kind: str, per_page: int, section: int, slot: int = 0
            ) -> Placement:
        """Where a maze of ``section`` goes in slot ``slot`` of a ``kind`` page."""
        width, height = self.book.sections[section].size
        box = slot_boxes(self.area(frame, kind), per_page)[slot]
        answer = kind == "answers"
        minimum = self.book.worksheet.min_cell if kind == "worksheet" else MIN_CELL_PT
        where = self.where(section) + (
            f".size (in the answer key, at answer_key.per_page: {per_page})" if answer else ".size")
        return place_maze(box, width, height, minimum, where)

    def jobs(self, groups: list[Group], main: Document, answers: Document) -> list[MazeJob]:
        """One job per maze; arrow sizes come from the cell size its pages will give it."""
        book, jobs = self.book, []
        puzzle_frame = next(f for p, f in zip(main.pages, main.frames) if p.kind == self.puzzle_kind)
        answer_frame = answers.frames[0]
        for group in groups:
            section = book.sections[group.section]
            puzzle = self.fit(puzzle_frame, self.puzzle_kind, section.per_page, group.section)
            # A section kept out of the key must not be refused for the key's smaller slots.
            answer = (self.fit(answer_frame, "answers", book.answer_key.per_page, group.section)
                      if self.has_answers(group.section) else puzzle)
            seed_key = section.slug if group.copy is None else f"{section.slug}/copy-{group.copy + 1}"
            for index in range(len(group.mazes)):
                jobs.append(MazeJob(
                    section=group.section, index=index, seed_key=seed_key, book_seed=book.seed,
                    algorithm=section.algorithm, options=tuple(sorted(section.options.items())),
                    width=section.size[0], height=section.size[1], endpoints=section.endpoints,
                    min_solution_share=section.min_solution_share,
                    marker_size=puzzle.marker_cells, answer_marker_size=answer.marker_cells,
                    where=f"{self.where(group.section)}.min_solution_share",
                ))
        return jobs

    def number(self, groups: list[Group], made: list[MadeMaze]) -> list[Printed]:
        """Order each section as asked, then number the mazes in print order.

        A worksheet copy numbers its own mazes from 1, beside its variant code.
        """
        printed: list[Printed] = []
        per_copy: dict[int | None, int] = {}
        for group in groups:
            mazes = [made[i] for i in group.mazes]
            if self.book.sections[group.section].order == "difficulty":
                mazes = order_by_difficulty(mazes)
            variant = variant_code(self.book.seed, group.copy) if group.copy is not None else None
            for maze in mazes:
                per_copy[group.copy] = per_copy.get(group.copy, 0) + 1
                printed.append(Printed(maze, len(printed) + 1, str(per_copy[group.copy]),
                                       stars(difficulty_score(maze.stats)), variant))
        return printed

    def place(self, printed: list[Printed], main: Document, answers: Document) -> None:
        """Fix every maze's page and box, puzzles in ``main`` and answers in ``answers``."""
        for doc, kinds in ((main, {self.puzzle_kind}), (answers, {"answers"})):
            for page, frame in zip(doc.pages, doc.frames):
                if page.kind not in kinds:
                    continue
                for slot, position in enumerate(page.mazes):
                    item = printed[position]
                    section = item.made.job.section
                    per_page = (self.book.answer_key.per_page if page.kind == "answers"
                                else self.book.sections[section].per_page)
                    placement = self.fit(frame, page.kind, per_page, section, slot)
                    if page.kind == "answers":
                        item.answer_page, item.answer_placement = page.number, placement
                    else:
                        item.page, item.placement = page.number, placement

    def contents(self, pages: list[Page]) -> list[Entry]:
        entries = []
        for page in pages:
            if page.kind == "opener" or (page.kind == "worksheet" and page.first_of_kind
                                         and page.copy == 0):
                entries.append((self.book.sections[page.section].title, page.number,
                                f"section-{page.section}"))
            elif page.kind == "answers" and page.first_of_kind:
                entries.append(("Answers", page.number, "answers"))
        return entries


def build(config: Path | str, output: Path | str | None = None, *, seed: int | None = None,
          jobs: int = 1, progress: Progress | None = None, preflight: bool = True) -> BuildResult:
    """Build the book described by ``config``; returns the paths written."""
    config = Path(config)
    book = load_book(config)
    if seed is not None:
        book = book.model_copy(update={"seed": seed})
    output = Path(output) if output else default_output(config)
    if output.suffix.lower() != ".pdf":
        raise BookmakerError(f"-o {output}: the output file must end in .pdf")
    fonts = font_pair(book.font.regular, book.font.bold)
    planner = Planner(book)

    groups = planner.groups()
    answers = planner.answers(groups)
    main = planner.document(planner.main_pages(groups, answers))
    key = planner.document(planner.key_pages(answers), is_key=True) if (
        planner.separate_key and answers) else None
    maze_jobs = planner.jobs(groups, main, key or main)
    made = make_mazes(maze_jobs, workers=jobs,
                      progress=progress("mazes", len(maze_jobs)) if progress else None)
    printed = planner.number(groups, made)
    main.printed = printed
    if key:
        key.printed = printed
    planner.place(printed, main, key or main)

    tick = progress("pages", len(main.pages) + (len(key.pages) if key else 0)) if progress else None
    profile = planner.profile
    outline = profile.allows_outline and book.front_matter.contents
    pdf = render_document(main, book, fonts, planner.contents(main.pages), Options(
        title=book.title, outline=outline, links=outline and profile.allows_annotations,
        is_key=False, answer_refs=bool(answers) and not planner.separate_key), tick)
    if preflight:
        _preflight(pdf, book.profile, planner.trim, output)
    files = {output: pdf}
    key_path = None
    if key:
        key_path = output.with_name(f"{output.stem}-key.pdf")
        files[key_path] = render_document(key, book, fonts, [], Options(
            title=f"{book.title}: answer key", outline=False, links=False, is_key=True,
            answer_refs=False), tick)
    manifest_path = output.with_name(f"{output.stem}.manifest.json")
    files[manifest_path] = manifest_json(
        title=book.title, seed=book.seed, config=str(config), pages=len(main.pages),
        page_size=(main.frames[0].width, main.frames[0].height),
        pdf_sha256=hashlib.sha256(pdf).hexdigest(),
        mazes=[_record(book, item, key_path) for item in printed], profile=book.profile,
        key={"file": key_path.name, "pages": len(key.pages),
             "pdf_sha256": hashlib.sha256(files[key_path]).hexdigest()} if key else None,
    )
    write_atomically(files)
    return BuildResult(output, manifest_path, key_path, len(main.pages), len(printed))


def _record(book: Book, item: Printed, key_path: Path | None) -> MazeRecord:
    made, job = item.made, item.made.job
    return MazeRecord(
        number=item.number, section=book.sections[job.section].title, algorithm=job.algorithm,
        options=dict(job.options), width=job.width, height=job.height, seed=made.seed,
        endpoints=job.endpoints, page=item.page, bbox=item.placement.bbox,
        answer_page=item.answer_page,
        answer_bbox=item.answer_placement.bbox if item.answer_placement else None,
        start=made.maze.start, end=made.maze.end,
        solution_length=made.stats.solution_length, stars=item.stars, variant=item.variant,
        answer_file=key_path.name if key_path and item.answer_page else None,
    )


def _preflight(pdf: bytes, profile: str, trim: tuple[float, float], output: Path) -> None:
    """Our own PDF must pass the printer's checks before it replaces anything."""
    from .preflight import check_pdf

    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(pdf)
        handle.flush()
        report = check_pdf(handle.name, profile, trim=trim)
    if not report.ok:
        first = report.problems[0]
        raise BookmakerError(
            f"{output}: the built PDF fails the {profile} preflight ({len(report.problems)} "
            f"problems), nothing written; first: page {first.page}: {first.message}"
        )
