"""Drawing a whole document: each page by its view, then the PDF's outline.

Pagination, numbering, placement and every string are decided before this
runs (``plan``); here every page is only drawn from its view.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..layout.fonts import FontPair
from ..layout.typesetting import Hyphenation
from ..layout.views import (
    AnswersView,
    ContentsView,
    DocumentView,
    DrawView,
    HowToView,
    NotesView,
    OpenerView,
    PuzzlesView,
    SheetView,
    TitleView,
    WorksheetView,
)
from . import book as draw
from .canvas import PageCompressor, reproducible_canvas


def render_document(
    document: DocumentView, fonts: FontPair, progress: Callable[[], None] | None = None, threads: int = 1
) -> bytes:
    """The PDF bytes of ``document``; ``threads`` > 1 compresses pages on that many threads
    while the next are drawn, to the same bytes."""
    buffer = io.BytesIO()
    first = document.sheets[0].frame
    with reproducible_canvas(
        buffer, (first.width, first.height), fonts.regular, inks=document.inks
    ) as canvas:
        canvas.setTitle(document.title)
        canvas.setAuthor(document.author)
        canvas.setSubject(document.subject)
        canvas.setCreator(f"bookmaker {__version__}")
        canvas.setProducer(f"bookmaker {__version__} (reportlab)")
        hyphenation = Hyphenation(document.language)
        with PageCompressor(canvas, threads) as compressor:
            for sheet in document.sheets:
                draw.page_boxes(canvas, sheet.frame, document.bleed, art_box=not document.inks.cmyk)
                _draw_sheet(canvas, sheet, fonts, hyphenation)
                for title, _, key in sheet.bookmarks:
                    canvas.bookmarkPage(key)
                    canvas.addOutlineEntry(title, key, level=0)
                canvas.showPage()
                compressor.page_done()
                if progress:
                    progress()
            compressor.finish()
        if document.outline:
            canvas.showOutline()
    return buffer.getvalue()


def _draw_sheet(canvas: Canvas, sheet: SheetView, fonts: FontPair, hyphenation: Hyphenation) -> None:
    view, frame = sheet.view, sheet.frame
    if sheet.tab:
        draw.thumb_tab(canvas, frame, *sheet.tab)
    if isinstance(view, TitleView):
        draw.title_page(
            canvas, frame, fonts, hyphenation, view.title, view.subtitle, view.author, view.blurb, view.art
        )
    elif isinstance(view, HowToView):
        draw.how_to_page(canvas, frame, fonts, hyphenation, view.heading, view.body, view.sizes)
    elif isinstance(view, ContentsView):
        draw.contents_page(canvas, frame, fonts, view.heading, view.entries, view.links)
    elif isinstance(view, OpenerView):
        draw.opener_page(
            canvas,
            frame,
            fonts,
            hyphenation,
            view.title,
            view.label,
            view.instructions,
            view.about,
            view.rating,
            view.sizes,
        )
    elif isinstance(view, (PuzzlesView, WorksheetView)):
        if isinstance(view, PuzzlesView) and view.opener:
            opener = view.opener
            draw.inline_opener(
                canvas,
                frame,
                fonts,
                hyphenation,
                opener.title,
                opener.label,
                opener.instructions,
                opener.about,
                opener.rating,
                view.sizes,
            )
        elif isinstance(view, PuzzlesView):
            draw.running_head(
                canvas, frame, fonts, hyphenation, view.title, view.instructions, view.label, view.sizes
            )
        else:
            draw.worksheet_head(
                canvas,
                frame,
                fonts,
                hyphenation,
                view.fields,
                view.title,
                view.instruction,
                view.rating,
                view.code,
                view.written,
                view.sizes,
            )
        for slot in view.slots:
            draw.maze_slot(canvas, fonts, slot)
        draw.footer(canvas, frame, fonts)
    elif isinstance(view, AnswersView):
        draw.running_head(canvas, frame, fonts, hyphenation, view.heading, view.detail)
        for slot in view.slots:
            draw.maze_slot(canvas, fonts, slot)
        draw.footer(canvas, frame, fonts)
    elif isinstance(view, DrawView):
        draw.draw_page(canvas, frame, fonts, hyphenation, view.heading, view.body)
    elif isinstance(view, NotesView):
        draw.notes_page(canvas, frame, fonts, view.heading)
    # A BlankView draws nothing: the printer wants the page blank, without even a number.
