"""Drawing a whole paginated document: each page by its kind, then the PDF's outline.

Pagination, numbering and placement are done before this runs; here every
page is only drawn, from the book spec's text and the placed mazes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..config import Book
from ..fonts import FontPair
from ..layout import PageFrame, Placement
from ..maze import generate, recipe
from ..maze.solve import with_endpoints
from ..pages import Document, Page
from ..plan import maze_seed
from . import book as draw
from .canvas import Style, reproducible_canvas

HOW_TO_START = (
    "Start at the arrow pointing into the maze and find your way to the arrow pointing out. "
    "Where a maze starts or ends inside, a round dot marks the start and a square the finish. "
    "Every maze in this book is a perfect maze: there is exactly one path between any two "
    "places, so there are no loops to go round in, and every dead end means turn back."
)
HOW_TO_STARS = (
    "Stars beside a maze show how hard it is, from one star (a short, easy path) to five "
    "(a long path with many turns and choices)."
)
HOW_TO_ANSWERS = (
    "Stuck? The page number beside each maze tells you where its answer is, in the answer "
    "key at the back. Try a pencil first, and look only when you must."
)
HOW_TO_RECIPE = (
    "The small code under each maze (its algorithm, size and seed) is its recipe: "
    "the bookmaker maze command remakes exactly that maze from it."
)


def how_to_text(stars: bool, answers: bool) -> str:
    """The default how-to page: it explains stars and the answer key only where the book has them."""
    parts = [HOW_TO_START, HOW_TO_STARS if stars else "", HOW_TO_ANSWERS if answers else "",
             HOW_TO_RECIPE]
    return "\n\n".join(part for part in parts if part)


def mazes(count: int) -> str:
    return f"{count} maze" if count == 1 else f"{count} mazes"


Entry = tuple[str, int, str]  # contents line: title, page number, bookmark key


@dataclass(frozen=True)
class Options:
    """How this document is drawn, beyond its pages."""

    title: str
    outline: bool  # PDF bookmarks for the contents entries
    links: bool  # clickable contents lines (annotations)
    is_key: bool  # a separate answer key
    answer_refs: bool  # puzzles name the page of their answer


def render_document(doc: Document, book: Book, fonts: FontPair, entries: list[Entry],
                    options: Options, progress: Callable[[], None] | None = None) -> bytes:
    """The PDF bytes of ``doc``."""
    buffer = io.BytesIO()
    first = doc.frames[0]
    with reproducible_canvas(buffer, (first.width, first.height), fonts.regular) as canvas:
        canvas.setTitle(options.title)
        canvas.setAuthor(book.author)
        canvas.setSubject(book.subtitle)
        canvas.setCreator(f"bookmaker {__version__}")
        canvas.setProducer(f"bookmaker {__version__} (reportlab)")
        for page, frame in zip(doc.pages, doc.frames):
            draw.page_boxes(canvas, frame, doc.bleed)
            _draw_page(canvas, doc, book, fonts, page, frame, entries, options)
            if options.outline:
                _bookmark(canvas, page, entries)
            canvas.showPage()
            if progress:
                progress()
        if options.outline:
            canvas.showOutline()
    return buffer.getvalue()


def _bookmark(canvas: Canvas, page: Page, entries: list[Entry]) -> None:
    for title, number, key in entries:
        if number == page.number:
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(title, key, level=0)


def _style(book: Book, answer: bool, placement: Placement) -> Style:
    key = book.answer_key
    return Style(
        wall_width=placement.wall_width,
        wall_grey=key.wall_grey if answer else 0.0,
        solution=key.style,
        solution_color=key.color,
        solution_width=max(1.0, min(3.0, placement.cell * 0.3)),
    )


def _draw_page(canvas: Canvas, doc: Document, book: Book, fonts: FontPair, page: Page,
               frame: PageFrame, entries: list[Entry], options: Options) -> None:
    kind = page.kind
    if doc.bleed and kind in ("opener", "puzzles"):
        draw.thumb_tab(canvas, frame, page.section, len(book.sections))
    if kind == "title":
        decoration = with_endpoints(
            generate("wilson", 24, 14, maze_seed(book.seed, "cover", 0)), "border")
        blurb = mazes(len(doc.printed)) + (
            ", with answers at the back" if options.answer_refs else "")
        draw.title_page(canvas, frame, fonts, book.title, book.subtitle, book.author, blurb,
                        decoration)
    elif kind == "how_to":
        stars = book.worksheet.stars if book.layout == "worksheet" else book.show_rating
        draw.how_to_page(canvas, frame, fonts, book.front_matter.how_to_text
                         or how_to_text(stars, options.answer_refs))
    elif kind == "contents":
        start, end = page.contents_slice
        draw.contents_page(canvas, frame, fonts, entries[start:end], page.first_of_kind,
                           options.links)
    elif kind == "opener":
        section = book.sections[page.section]
        printed = [p for p in doc.printed if p.made.job.section == page.section]
        first, last = printed[0].number, printed[-1].number
        numbers = f"number {first}" if first == last else f"numbers {first} to {last}"
        # Readers get sizes and numbers; the algorithm's technical summary is for designers.
        about = (f"{mazes(len(printed))} of {section.size[0]} x {section.size[1]} cells, "
                 f"{numbers}.")
        rating = (round(sum(p.stars for p in printed) / len(printed)) if book.show_rating
                  else None)
        draw.opener_page(canvas, frame, fonts, section.title, section.difficulty or "",
                         section.instructions, about, rating)
    elif kind in ("puzzles", "worksheet"):
        section = book.sections[page.section]
        items = [doc.printed[i] for i in page.mazes]
        if kind == "puzzles":
            draw.running_head(canvas, frame, fonts, section.title, section.instructions,
                              section.difficulty or "")
        else:
            rating = max(p.stars for p in items) if book.worksheet.stars else None
            draw.worksheet_head(canvas, frame, fonts, book.worksheet.fields, section.title,
                                section.instructions, rating, f"Variant {items[0].variant}")
        for item in items:
            note = f"answer p. {item.answer_page}" if item.answer_page and options.answer_refs else ""
            rating = item.stars if book.show_rating and kind == "puzzles" else None
            draw.maze_slot(canvas, fonts, draw.MazeOnPage(
                item.made.drawing, item.placement, item.label, note,
                recipe(item.made.maze, item.made.job.endpoints), rating,
            ), _style(book, False, item.placement))
        draw.footer(canvas, frame, fonts)
    elif kind == "answers":
        heading = f"Answer key: {book.title}" if options.is_key else "Answers"
        detail = ("Each worksheet's solutions, found by the variant code printed on it."
                  if book.layout == "worksheet" else
                  "The solution of each maze, marked by its number and the page it is on.")
        draw.running_head(canvas, frame, fonts, heading, detail)
        for position in page.mazes:
            item = doc.printed[position]
            label = f"{item.variant} · {item.label}" if item.variant else item.label
            draw.maze_slot(canvas, fonts, draw.MazeOnPage(
                item.made.answer, item.answer_placement, label,
                f"puzzle p. {item.page}", recipe(item.made.maze, item.made.job.endpoints), None,
            ), _style(book, True, item.answer_placement))
        draw.footer(canvas, frame, fonts)
    elif kind == "draw":
        draw.draw_page(canvas, frame, fonts)
    elif kind == "notes":
        draw.notes_page(canvas, frame, fonts)
