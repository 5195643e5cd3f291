"""The book pipeline: config -> plan -> mazes -> layout -> pages -> PDF and manifest.

Output is written to temporary files, checked by the preflight, and only then
renamed over the old files, so a failed build never leaves a truncated PDF and
never destroys the previous one.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from . import __version__
from .config import Book, load_book
from .config.models import Section
from .errors import BookmakerError
from .files import write_atomically
from .fonts import FontPair, font_pair
from .layout import (
    MIN_CELL_PT, PageFrame, Placement, page_frame, place_maze, resolve_margins, slot_boxes,
)
from .manifest import MazeRecord, manifest_json
from .maze import generate, lookup
from .maze.solve import with_endpoints
from .pages import Group, Page, paginate_book, pad_for_printer
from .plan import MadeMaze, MazeJob, make_mazes, maze_seed, order_by_difficulty, stars, difficulty_score
from .profiles import Profile, get_profile
from .render import book as draw
from .render.canvas import Style, reproducible_canvas

HOW_TO = (
    "Start at the arrow pointing into the maze and find your way to the arrow pointing out. "
    "Where a maze starts or ends inside, a round dot marks the start and a square the finish. "
    "Every maze in this book is a perfect maze: there is exactly one path between any two "
    "places, so there are no loops to go round in, and every dead end means turn back.\n\n"
    "Stars beside a maze show how hard it is, from one star (a short, easy path) to five "
    "(a long path with many turns and choices).\n\n"
    "Stuck? The page number beside each maze tells you where its answer is, in the answer "
    "key at the back. Try a pencil first, and look only when you must.\n\n"
    "The small code under each maze (its algorithm, size and seed) is its recipe: "
    "`bookmaker maze` remakes exactly that maze from it."
)


@dataclass(frozen=True)
class BuildResult:
    pdf: Path
    manifest: Path
    key_pdf: Path | None
    pages: int
    mazes: int


@dataclass
class Printed:
    """One maze as the book prints it."""

    made: MadeMaze
    number: int
    label: str
    variant: str | None = None
    page: int = 0
    placement: Placement | None = None
    answer_page: int | None = None
    answer_placement: Placement | None = None


@dataclass
class Document:
    """One PDF to write: its pages and what they reference."""

    pages: list[Page]
    frames: list[PageFrame]
    bleed: bool
    printed: list[Printed] = field(default_factory=list)


def default_output(config: Path) -> Path:
    return Path("output") / f"{Path(config).stem}.pdf"


def regeneration_code(made: MadeMaze) -> str:
    """What `bookmaker maze` needs to remake this maze: algorithm, size, seed, endpoints."""
    job = made.job
    options = "".join(f" {key}={value}" for key, value in job.options)
    return f"{job.algorithm}{options} {job.width}x{job.height} seed {made.seed} {job.endpoints}"


def variant_code(book_seed: int, copy: int) -> str:
    """A short code that tells a worksheet copy apart: its number and four check letters."""
    digest = hashlib.sha256(f"bookmaker/variant|{book_seed}|{copy}".encode()).digest()
    return f"{copy + 1:02d}-{base64.b32encode(digest).decode()[:4]}"


def _section_where(book: Book, index: int) -> str:
    return f"sections[{index}] ({book.sections[index].title})"


def _groups(book: Book) -> list[Group]:
    """Sections in order; a worksheet set repeats them for each copy."""
    groups, position = [], 0
    copies = range(book.worksheet.copies) if book.layout == "worksheet" else [None]
    for copy in copies:
        for s, section in enumerate(book.sections):
            groups.append(Group(s, list(range(position, position + section.count)),
                                section.per_page, copy))
            position += section.count
    return groups


def _answer_positions(book: Book, groups: list[Group]) -> list[int]:
    return [i for g in groups if book.sections[g.section].endpoints != "none" for i in g.mazes]


def _body_area(book: Book, frame: PageFrame, kind: str) -> tuple:
    area = draw.body_area(frame)
    if kind == "worksheet":
        fields = 34 if book.worksheet.fields else 0
        x0, y0, x1, y1 = frame.content
        area = (x0, y0 + 22, x1, y1 - 34 - fields - 30)
    return area


def _cell_for(book: Book, frame: PageFrame, kind: str, per_page: int, section: Section,
              where: str, min_cell: float) -> Placement:
    slot = slot_boxes(_body_area(book, frame, kind), per_page)[0]
    return place_maze(slot, section.size[0], section.size[1], min_cell, where)


class Builder:
    def __init__(self, book: Book, config_name: str, jobs: int, progress: Callable | None):
        self.book = book
        self.config_name = config_name
        self.jobs = jobs
        self.progress = progress
        self.profile: Profile = get_profile(book.profile)
        self.trim = book.page.trim_size
        self.fonts: FontPair = font_pair(book.font.regular, book.font.bold)
        self.worksheet = book.layout == "worksheet"
        self.separate_key = self.worksheet and book.worksheet.key == "separate"

    # -- planning ---------------------------------------------------------------------------

    def contents_entries(self, main: list[Page]) -> list[tuple[str, int, str]]:
        entries = []
        for page in main:
            if page.kind == "opener" or (page.kind == "worksheet" and page.first_of_kind
                                         and page.copy == 0):
                entries.append((self.book.sections[page.section].title, page.number,
                                f"section-{page.section}"))
            elif page.kind == "answers" and page.first_of_kind:
                entries.append(("Answers", page.number, "answers"))
        return entries

    def paginate(self, groups: list[Group], answers: list[int]) -> tuple[list[Page], int]:
        front = self.book.front_matter
        # Contents lines: one per section (per copy's first page for worksheets) and the answers.
        entries = len(self.book.sections) + (1 if answers and not self.separate_key else 0)
        pages = paginate_book(
            title_page=front.title_page, how_to=front.how_to,
            contents_entries=entries if front.contents else 0,
            groups=groups,
            answers=None if self.separate_key or not self.book.answer_key.enabled else answers,
            answers_per_page=self.book.answer_key.per_page,
            worksheet=self.worksheet,
        )
        return pad_for_printer(pages, self.profile, self.trim), entries

    def frames(self, count: int, profile: Profile, bleed: bool) -> list[PageFrame]:
        margins = resolve_margins(self.book.page.margins.model_dump(), profile, count, bleed)
        return [page_frame(n, self.trim, profile, bleed, margins) for n in range(1, count + 1)]

    def jobs_for(self, groups: list[Group], frame: PageFrame, key_frame: PageFrame) -> list[MazeJob]:
        book, jobs = self.book, []
        min_cell = book.worksheet.min_cell if self.worksheet else MIN_CELL_PT
        kind = "worksheet" if self.worksheet else "puzzles"
        for group in groups:
            section = book.sections[group.section]
            where = _section_where(book, group.section)
            puzzle = _cell_for(book, frame, kind, section.per_page, section,
                               f"{where}.size", min_cell)
            answer = _cell_for(book, key_frame, "answers", book.answer_key.per_page, section,
                               f"{where}.size (in the answer key, answer_key.per_page)",
                               MIN_CELL_PT)
            seed_key = section.slug if group.copy is None else f"{section.slug}/copy-{group.copy + 1}"
            for index in range(len(group.mazes)):
                jobs.append(MazeJob(
                    section=group.section, index=index, seed_key=seed_key, book_seed=book.seed,
                    algorithm=section.algorithm, options=tuple(sorted(section.options.items())),
                    width=section.size[0], height=section.size[1], endpoints=section.endpoints,
                    min_solution_share=section.min_solution_share,
                    marker_size=puzzle.marker_cells, answer_marker_size=answer.marker_cells,
                    where=f"{where}.min_solution_share",
                ))
        return jobs

    def number(self, groups: list[Group], made: list[MadeMaze]) -> list[Printed]:
        """Order each section as asked, then number the mazes in print order."""
        printed: list[Printed] = []
        for group in groups:
            section = self.book.sections[group.section]
            mazes = [made[i] for i in group.mazes]
            if section.order == "difficulty":
                mazes = order_by_difficulty(mazes)
            for position, maze in enumerate(mazes):
                if self.worksheet:
                    previous = sum(1 for p in printed if p.variant == variant_code(self.book.seed, group.copy))
                    printed.append(Printed(maze, len(printed) + 1, str(previous + 1),
                                           variant_code(self.book.seed, group.copy)))
                else:
                    printed.append(Printed(maze, len(printed) + 1, str(len(printed) + 1)))
        return printed

    def place(self, doc: Document, key: Document | None) -> None:
        """Fix every maze's page and box: puzzles in ``doc``, answers in ``key`` (or ``doc``)."""
        kind_of = {"puzzles": "puzzles", "worksheet": "worksheet"}
        for page in doc.pages:
            if page.kind in kind_of:
                frame = doc.frames[page.number - 1]
                slots = slot_boxes(_body_area(self.book, frame, page.kind),
                                   self.book.sections[page.section].per_page)
                for slot, position in zip(slots, page.mazes):
                    item = doc.printed[position]
                    item.page = page.number
                    item.placement = self._placement(slot, item, frame, page.kind)
        answers_doc = key or doc
        per_page = self.book.answer_key.per_page
        for page in answers_doc.pages:
            if page.kind == "answers":
                frame = answers_doc.frames[page.number - 1]
                slots = slot_boxes(_body_area(self.book, frame, "answers"), per_page)
                for slot, position in zip(slots, page.mazes):
                    item = doc.printed[position]
                    item.answer_page = page.number
                    item.answer_placement = self._placement(slot, item, frame, "answers")

    def _placement(self, slot, item: Printed, frame: PageFrame, kind: str) -> Placement:
        job = item.made.job
        min_cell = self.book.worksheet.min_cell if kind == "worksheet" else MIN_CELL_PT
        return place_maze(slot, job.width, job.height, min_cell, _section_where(self.book, job.section))

    # -- drawing ----------------------------------------------------------------------------

    def style(self, answer: bool, placement: Placement) -> Style:
        key = self.book.answer_key
        return Style(
            wall_width=placement.wall_width,
            wall_grey=key.wall_grey if answer else 0.0,
            solution=key.style,
            solution_color=key.color,
            solution_width=max(1.0, min(3.0, placement.cell * 0.3)),
        )

    def render(self, doc: Document, entries: list[tuple[str, int, str]], title: str,
               is_key: bool = False) -> bytes:
        book, fonts = self.book, self.fonts
        profile = self.profile if not is_key else get_profile("home")
        outline = profile.allows_outline and book.front_matter.contents and not is_key
        links = profile.allows_annotations and outline
        buffer = io.BytesIO()
        first = doc.frames[0]
        with reproducible_canvas(buffer, (first.width, first.height), fonts.regular) as canvas:
            canvas.setTitle(title)
            canvas.setAuthor(book.author)
            canvas.setSubject(book.subtitle)
            canvas.setCreator(f"bookmaker {__version__}")
            canvas.setProducer(f"bookmaker {__version__} (reportlab)")
            for page, frame in zip(doc.pages, doc.frames):
                draw.page_boxes(canvas, frame, doc.bleed)
                self.draw_page(canvas, doc, page, frame, entries, links, is_key)
                if outline:
                    self.bookmark(canvas, page, entries)
                canvas.showPage()
                if self.progress:
                    self.progress()
            if outline:
                canvas.showOutline()
        return buffer.getvalue()

    def bookmark(self, canvas: Canvas, page: Page, entries) -> None:
        for title, number, key in entries:
            if number == page.number:
                canvas.bookmarkPage(key)
                canvas.addOutlineEntry(title, key, level=0)

    def draw_page(self, canvas: Canvas, doc: Document, page: Page, frame: PageFrame,
                  entries, links: bool, is_key: bool) -> None:
        book, fonts = self.book, self.fonts
        kind = page.kind
        if doc.bleed and kind in ("opener", "puzzles"):
            draw.thumb_tab(canvas, frame, page.section, len(book.sections))
        if kind == "title":
            total = sum(s.count for s in book.sections)
            decoration = with_endpoints(
                generate("wilson", 24, 14, maze_seed(book.seed, "cover", 0)), "border")
            blurb = f"{total} mazes" + (", with answers at the back" if book.answer_key.enabled else "")
            draw.title_page(canvas, frame, fonts, book.title, book.subtitle, book.author, blurb,
                            decoration)
        elif kind == "how_to":
            draw.how_to_page(canvas, frame, fonts, book.front_matter.how_to_text or HOW_TO)
        elif kind == "contents":
            start, end = page.contents_slice
            draw.contents_page(canvas, frame, fonts, entries[start:end], page.first_of_kind, links)
        elif kind == "opener":
            section = book.sections[page.section]
            algorithm = lookup(section.algorithm)
            mazes = [p for p in doc.printed if p.made.job.section == page.section]
            ratings = [stars(difficulty_score(p.made.stats)) for p in mazes]
            about = (f"{len(mazes)} mazes of {section.size[0]} x {section.size[1]} cells, "
                     f"numbers {mazes[0].number} to {mazes[-1].number}. Made with the "
                     f"{section.algorithm} algorithm: {algorithm.summary}.")
            draw.opener_page(canvas, frame, fonts, section.title, section.difficulty or "",
                             section.instructions, about,
                             round(sum(ratings) / len(ratings)) if book.show_rating else None)
        elif kind in ("puzzles", "worksheet"):
            section = book.sections[page.section]
            items = [doc.printed[i] for i in page.mazes]
            if kind == "puzzles":
                draw.running_head(canvas, frame, fonts, section.title, section.instructions,
                                  section.difficulty or "")
            else:
                rating = max(stars(difficulty_score(p.made.stats)) for p in items)
                draw.worksheet_head(canvas, frame, fonts, book.worksheet.fields, section.title,
                                    section.instructions,
                                    rating if book.worksheet.stars else None,
                                    f"Variant {items[0].variant}")
            for item in items:
                note = ""
                if item.answer_page and not self.separate_key:
                    note = f"answer p. {item.answer_page}"
                draw.maze_slot(canvas, fonts, draw.MazeOnPage(
                    item.made.drawing, item.placement, item.label, note,
                    regeneration_code(item.made),
                    stars(difficulty_score(item.made.stats))
                    if book.show_rating and kind == "puzzles" else None,
                ), self.style(False, item.placement))
            draw.footer(canvas, frame, fonts)
        elif kind == "answers":
            heading = "Answers" if not is_key else f"Answer key: {book.title}"
            detail = ("The solution of each maze, marked by its number and the page it is on."
                      if not self.worksheet else
                      "Each worksheet's solutions, found by the variant code printed on it.")
            draw.running_head(canvas, frame, fonts, heading, detail)
            for position in page.mazes:
                item = doc.printed[position]
                label = item.label if not item.variant else f"{item.variant} · {item.label}"
                draw.maze_slot(canvas, fonts, draw.MazeOnPage(
                    item.made.answer, item.answer_placement, label,
                    f"puzzle p. {item.page}", regeneration_code(item.made), None,
                ), self.style(True, item.answer_placement))
            draw.footer(canvas, frame, fonts)
        elif kind == "draw":
            draw.draw_page(canvas, frame, fonts)
        elif kind == "notes":
            draw.notes_page(canvas, frame, fonts)


def build(config: Path | str, output: Path | str | None = None, *, seed: int | None = None,
          jobs: int = 1, progress: Callable[[str, int], Callable[[], None]] | None = None,
          preflight: bool = True) -> BuildResult:
    """Build the book described by ``config``; returns the paths written.

    ``progress(label, total)`` may return a callback to call once per step done.
    """
    config = Path(config)
    book = load_book(config)
    if seed is not None:
        book = book.model_copy(update={"seed": seed})
    output = Path(output) if output else default_output(config)
    if output.suffix.lower() != ".pdf":
        raise BookmakerError(f"-o {output}: the output file must end in .pdf")
    builder = Builder(book, str(config), jobs, None)

    groups = _groups(book)
    answers = _answer_positions(book, groups) if book.answer_key.enabled else []
    main_pages, _ = builder.paginate(groups, answers)
    main = Document(main_pages, builder.frames(len(main_pages), builder.profile, book.page.bleed),
                    book.page.bleed)
    key = None
    if builder.separate_key and answers:
        key_pages = paginate_book(title_page=False, how_to=False, contents_entries=0, groups=[],
                              answers=answers, answers_per_page=book.answer_key.per_page,
                              worksheet=True)
        key = Document(key_pages, builder.frames(len(key_pages), get_profile("home"), False), False)
    sample = next(p for p in main.pages if p.kind in ("puzzles", "worksheet"))
    frame = main.frames[sample.number - 1]
    key_frame = (key or main).frames[0]
    jobs_list = builder.jobs_for(groups, frame, key_frame)

    tick = progress("mazes", len(jobs_list)) if progress else None
    made = make_mazes(jobs_list, workers=jobs, progress=tick)
    main.printed = builder.number(groups, made)
    if key:
        key.printed = main.printed
    builder.place(main, key)

    entries = builder.contents_entries(main.pages)
    builder.progress = progress("pages", len(main.pages) + (len(key.pages) if key else 0)) if progress else None
    pdf = builder.render(main, entries, book.title)
    key_pdf = builder.render(key, [], f"{book.title}: answer key", is_key=True) if key else None

    files = {output: pdf}
    key_path = output.with_name(f"{output.stem}-key.pdf") if key_pdf else None
    if key_pdf:
        files[key_path] = key_pdf
    records = [_record(book, p, key_path.name if key_path else None) for p in main.printed]
    manifest_path = output.with_name(f"{output.stem}.manifest.json")
    files[manifest_path] = manifest_json(
        title=book.title, seed=book.seed, config=str(config), pages=len(main.pages),
        page_size=(main.frames[0].width, main.frames[0].height),
        pdf_sha256=hashlib.sha256(pdf).hexdigest(), mazes=records, profile=book.profile,
        key={"file": key_path.name, "pages": len(key.pages),
             "pdf_sha256": hashlib.sha256(key_pdf).hexdigest()} if key_pdf else None,
    )
    if preflight:
        _preflight(pdf, book.profile, builder.trim, output)
    write_atomically(files)
    return BuildResult(output, manifest_path, key_path, len(main.pages), len(main.printed))


def _record(book: Book, item: Printed, answer_file: str | None) -> MazeRecord:
    made, job = item.made, item.made.job
    return MazeRecord(
        number=item.number, section=book.sections[job.section].title, algorithm=job.algorithm,
        options=dict(job.options), width=job.width, height=job.height, seed=made.seed,
        endpoints=job.endpoints, page=item.page, bbox=item.placement.bbox,
        answer_page=item.answer_page,
        answer_bbox=item.answer_placement.bbox if item.answer_placement else None,
        start=made.maze.start, end=made.maze.end,
        solution_length=made.stats.solution_length,
        stars=stars(difficulty_score(made.stats)), variant=item.variant,
        answer_file=answer_file if item.answer_page else None,
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
