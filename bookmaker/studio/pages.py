"""The studio's live pages: the book as the text now describes it, page by page, kept
current while the user types.

Each update runs the text through ``prepare`` (every rule ``validate`` and ``build``
apply, by the same code), makes only the mazes no earlier update made (they are cached
by their recipe, the ``MazeJob``, so changing one section re-makes that section's mazes
and no other), and composes every page with ``Prepared.views``, as ``build`` does. A page
whose view is unchanged keeps its version, and so its pictures; a changed page is drawn
by the book's own renderer when the browser asks for it, one page to a PDF in memory,
rasterised by pdfium. A text with problems leaves the last good pages in place.
"""

from __future__ import annotations

import io
import itertools
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image

from ..errors import BookmakerError
from ..layout.views import ContentsView, DocumentView, SheetView
from ..maze import recipe
from ..maze.codes import recipe_code
from ..plan import MadeMaze, MazeJob
from ..plan.cover import CoverPlan
from ..prepare import Prepared, prepare
from ..preview import cover_with_guides, page_image
from ..render.cover import render_cover
from ..render.document import render_document
from ..render.export import to_svg

THUMB_DPI = 24  # a letter page is 204 x 264 px: a strip of them shows a book at a glance
LARGE_DPI = 110  # the chosen page, large enough to read a maze's caption
COVER_DPI = 40
MAZE_CACHE = 4000  # mazes kept: a few books' worth, so undoing an edit makes nothing
GENERATIONS_KEPT = 3  # pictures of pages a browser may still ask for after an update


@dataclass(frozen=True)
class ProblemLine:
    """One line of what ``validate`` says, split so the page can link it to its field."""

    text: str  # the whole line, FILE:LINE: key: what
    line: int | None
    key: str | None


@dataclass
class PreviewPage:
    """One page of the last good book, by the version its pictures are cached under."""

    version: int
    label: str  # "7", or "key 2" for a separate key's page
    document: DocumentView  # the page's document, holding only this page
    fonts: Any
    mazes: list[dict] = field(default_factory=list)  # clickable boxes: number, box in [0, 1]
    pictures: dict[str, bytes] = field(default_factory=dict)


@dataclass
class Generation:
    """The book as one update made it."""

    number: int
    pages: list[PreviewPage]
    printed: dict[int, MadeMaze]  # by maze number
    cover: CoverPlan | None
    cover_mazes: list[MadeMaze]
    fonts: Any
    cover_png: bytes | None = None


class Pages:
    """The pages of the book ``config`` names, as each new text makes them."""

    def __init__(self, config: Path):
        self.config = config
        self._mazes: OrderedDict[MazeJob, MadeMaze] = OrderedDict()
        self._generations: OrderedDict[int, Generation] = OrderedDict()
        self._versions: dict[int, PreviewPage] = {}
        self._counter = itertools.count(1)
        self._lock = threading.Lock()  # one update at a time; pdfium is not thread-safe either
        self.made_last = 0  # mazes the last update made (the rest came from the cache)

    @property
    def current(self) -> Generation | None:
        return next(reversed(self._generations.values()), None)

    def update(self, text: str) -> tuple[Generation | None, list[ProblemLine]]:
        """The book ``text`` describes, or its problems (and no generation)."""
        with self._lock:
            try:
                ready = prepare(self.config, mazes=False, text=text)
                made = self._make(ready)
            except BookmakerError as error:
                return None, problems(error, str(self.config))
            return self._compose(ready, made), []

    def _make(self, ready: Prepared) -> list[MadeMaze]:
        jobs = ready.maze_jobs + ready.art_jobs + ready.cover_jobs
        missing = [job for job in dict.fromkeys(jobs) if job not in self._mazes]
        # ready.make reports a min_solution_share no seed meets, as validate does.
        for job, made in zip(missing, ready.make(missing), strict=True):
            self._mazes[job] = made
        self.made_last = len(missing)
        for job in jobs:
            self._mazes.move_to_end(job)
        while len(self._mazes) > MAZE_CACHE:
            self._mazes.popitem(last=False)
        return [self._mazes[job] for job in jobs]

    def _compose(self, ready: Prepared, made: list[MadeMaze]) -> Generation:
        art_end = len(ready.maze_jobs) + len(ready.art_jobs)
        views = ready.views(made[:art_end])
        previous = self.current
        old = {page.label: page for page in previous.pages} if previous else {}
        pages = []
        documents = [(views.main, "")] + ([(views.key, "key ")] if views.key else [])
        for document, prefix in documents:
            assert document is not None
            shell = replace(document, sheets=[])
            for number, sheet in enumerate(document.sheets, 1):
                label = f"{prefix}{number}"
                kept = old.get(label)
                boxes = _boxes(views.printed, number, sheet, key=bool(prefix), separate=bool(views.key))
                if kept is not None and _same(kept, shell, sheet, ready.fonts):
                    page = replace(kept, mazes=boxes)  # the same version, sharing its pictures
                else:
                    page = PreviewPage(
                        next(self._counter), label, replace(shell, sheets=[sheet]), ready.fonts, boxes
                    )
                self._versions[page.version] = page
                pages.append(page)
        generation = Generation(
            next(self._counter),
            pages,
            {item.number: item.made for item in views.printed},
            ready.cover,
            made[art_end:],
            ready.fonts,
        )
        self._generations[generation.number] = generation
        while len(self._generations) > GENERATIONS_KEPT:
            self._generations.popitem(last=False)
        live = {page.version for kept in self._generations.values() for page in kept.pages}
        self._versions = {version: page for version, page in self._versions.items() if version in live}
        return generation

    def picture(self, version: int, size: str) -> bytes | None:
        """The PNG of a page version, ``size`` "thumb" or "large"; None for one gone."""
        page = self._versions.get(version)
        if page is None:
            return None
        if size not in page.pictures:
            with self._lock:
                page.pictures[size] = _png(
                    page_image(_pdf(page), 1, THUMB_DPI if size == "thumb" else LARGE_DPI)
                )
        return page.pictures[size]

    def cover(self, number: int) -> bytes | None:
        """The cover of generation ``number`` with its guides; None if it has none."""
        generation = self._generations.get(number)
        if generation is None or generation.cover is None:
            return None
        if generation.cover_png is None:
            with self._lock:
                pdf = render_cover(generation.cover.view(generation.cover_mazes), generation.fonts)
                generation.cover_png = _png(cover_with_guides(pdf, generation.cover.geometry, COVER_DPI))
        return generation.cover_png

    def maze(self, generation_number: int, number: int) -> dict | None:
        """What the page says of maze ``number``, with its answer drawn as SVG."""
        generation = self._generations.get(generation_number)
        made = generation.printed.get(number) if generation else None
        if made is None:
            return None
        maze = made.maze
        return {
            "number": number,
            "seed": made.seed,
            "recipe": recipe(maze),
            "code": recipe_code(maze),
            "solution_length": made.stats.solution_length,
            "answer_svg": to_svg(maze, solution=made.solution is not None, cell=12.0),
        }


def _same(page: PreviewPage, shell: DocumentView, sheet: SheetView, fonts: Any) -> bool:
    """Whether ``sheet`` draws what ``page`` drew. Mazes from the cache are the very same
    objects, so comparing a page of unchanged mazes stops at their identity."""
    drawn = page.document
    # The title, author and subject are the PDF's metadata, not drawn on any page.
    return (
        page.fonts == fonts
        and (drawn.bleed, drawn.inks) == (shell.bleed, shell.inks)
        and drawn.sheets[0] == sheet
    )


def _boxes(printed, number: int, sheet: SheetView, key: bool, separate: bool) -> list[dict]:
    """Each maze on page ``number`` as a box in fractions of the page, top left first."""
    width, height = sheet.frame.width, sheet.frame.height
    boxes = []
    for item in printed:
        # A separate key's pages hold the answers; the book's own hold the puzzles, and the
        # answers too when they print at its back.
        if (key or not separate) and item.answer_page == number and item.answer_placement:
            boxes.append((item.number, item.answer_placement.bbox))
        if not key and item.page == number and item.placement is not None:
            boxes.append((item.number, item.placement.bbox))
    return [
        {
            "number": maze,
            "box": [x0 / width, 1 - y1 / height, (x1 - x0) / width, (y1 - y0) / height],
        }
        for maze, (x0, y0, x1, y1) in boxes
    ]


def _pdf(page: PreviewPage) -> bytes:
    sheet = page.document.sheets[0]
    view = sheet.view
    if isinstance(view, ContentsView):  # its links point at pages this one-page PDF lacks
        sheet = replace(sheet, view=replace(view, links=False))
    return render_document(
        replace(page.document, outline=False, sheets=[replace(sheet, bookmarks=())]), page.fonts
    )


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def problems(error: BookmakerError, file: str) -> list[ProblemLine]:
    """``error``'s lines as ``validate`` prints them, each with its line and key."""
    found = []
    for text in error.lines():
        line, key = None, None
        rest = text.removeprefix(f"{file}:") if text.startswith(f"{file}:") else None
        if rest is not None:
            number, _, after = rest.partition(": ")
            if number.isdigit():
                line = int(number)
                name, sep, _ = after.partition(": ")
                key = name if sep and " " not in name else None
        found.append(ProblemLine(text, line, key))
    return found
