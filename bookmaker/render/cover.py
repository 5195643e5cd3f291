"""Drawing a full-wrap cover: one page, background to the bleed's edge, then text, mazes
and the publisher's barcode, all placed by the plan (``CoverView``)."""

from __future__ import annotations

import io
import re

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.eanbc import Ean13BarcodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..layout.fonts import FontPair
from ..layout.views import CoverView
from .canvas import draw_maze, hex_to_rgb, reproducible_canvas

# EAN-13 at its nominal size (100 % magnification): 0.33 mm modules. Smaller bars scan
# badly off a glossy cover, and the box has room for these.
EAN_MODULE = 0.33 * 72 / 25.4
ISBN_LABEL_PT = 8.0


def render_cover(view: CoverView, fonts: FontPair) -> bytes:
    """The cover's PDF bytes: MediaBox and BleedBox the whole page, TrimBox (and, but for
    PDF/X, ArtBox) the page less the bleed."""
    buffer = io.BytesIO()
    g = view.geometry
    with reproducible_canvas(buffer, g.size, fonts.regular, inks=view.inks) as canvas:
        canvas.setTitle(f"{view.title}: cover")
        canvas.setAuthor(view.author)
        canvas.setCreator(f"bookmaker {__version__}")
        canvas.setProducer(f"bookmaker {__version__} (reportlab)")
        canvas.setTrimBox(g.trim)
        canvas.setBleedBox(g.media)
        if not view.inks.cmyk:  # PDF/X allows a TrimBox or an ArtBox, not both
            canvas.setArtBox(g.trim)
        # One rectangle over the whole page: the background runs unbroken across both folds.
        canvas.setFillColorRGB(*hex_to_rgb(view.background))
        canvas.rect(0, 0, g.width, g.height, stroke=0, fill=1)
        for run in view.texts:
            canvas.saveState()
            canvas.translate(run.x, run.y)
            canvas.rotate(run.angle)
            canvas.setFillColorRGB(*hex_to_rgb(run.color))
            canvas.setFont(run.font, run.size)
            canvas.drawString(0, 0, run.text)
            canvas.restoreState()
        for maze in view.mazes:
            p = maze.placement
            draw_maze(canvas, maze.drawing, p.left, p.top, p.cell, maze.style)
        if view.isbn:
            _barcode(canvas, view, fonts)
        canvas.showPage()
    return buffer.getvalue()


def _barcode(canvas: Canvas, view: CoverView, fonts: FontPair) -> None:
    """The ISBN's EAN-13, black on a white label filling the barcode box, its digits and the
    ISBN above it in the book's font. reportlab's graphics start every drawing in Helvetica,
    which is never embedded and fails every printer's preflight, so the drawing starts in
    the book's font too."""
    x0, y0, x1, y1 = view.geometry.barcode_box
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    assert view.isbn is not None  # render_cover draws a barcode only for an ISBN
    digits = re.sub(r"\D", "", view.isbn)
    bars = Ean13BarcodeWidget(
        digits[:12],
        barWidth=EAN_MODULE,
        fontName=fonts.regular,
        fontSize=9,
        barFillColor=black,
        textColor=black,
        barStrokeWidth=0,
    )
    label = 4 + ISBN_LABEL_PT
    bars.barHeight = (y1 - y0) - 2 * 6 - label
    bx0, by0, bx1, by1 = bars.getBounds()
    drawing = Drawing(bx1 - bx0, by1 - by0)
    drawing.initialFontName, drawing.initialFontSize = fonts.regular, ISBN_LABEL_PT
    drawing.add(bars)
    left = x0 + ((x1 - x0) - (bx1 - bx0)) / 2
    renderPDF.draw(drawing, canvas, left - bx0, y0 + 6 - by0)
    text = f"ISBN {view.isbn}"
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.regular, ISBN_LABEL_PT)
    canvas.drawCentredString((x0 + x1) / 2, y1 - 6 - ISBN_LABEL_PT * 0.8, text)
