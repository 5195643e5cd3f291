"""Drawing each kind of book page on a reportlab canvas.

This module only draws: what goes on which page, where each maze sits and
every string were decided by the plan (see ``views``); here text is set in
the book's fonts and the mazes are inked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..geometry import extent, maze_drawing
from ..layout.fonts import FontPair
from ..layout.page_geometry import (
    CONTENTS_LEADING_PT,
    CONTENTS_TOP_PT,
    FOOTER_PT,
    MIN_LINE_PT,
    TEXT_SIZES,
    WORKSHEET_FIELDS_PT,
    PageFrame,
    TextSizes,
    arrow_room,
    fit_cell,
    marker_length,
    printed_width,
    wall_width,
)
from ..layout.typesetting import (
    HEAD_LABEL,
    HOW_TO_LEADING,
    INLINE_OPENER_LABEL,
    INLINE_OPENER_TITLE,
    OPENER_LABEL,
    PAD_HEADING,
    PAGE_HEADING,
    TITLE_LEADING,
    TITLE_PAGE_AUTHOR,
    TITLE_PAGE_BLURB,
    Hyphenation,
    SetText,
    at_most_lines,
    fit_text,
    how_to_room,
    how_to_size,
    opener_leading,
    opener_room,
    paragraph_lines,
    set_opener,
    set_slot,
    set_title,
    title_band,
)
from ..layout.views import MazeOnPage, Style
from ..maze.model import Maze
from .canvas import draw_maze, draw_route, fill_polygon

INK = 0.0
ART_GREY = 0.55  # the title page's maze: light, so the title stays the first thing seen
SOFT_INK = 0.3  # secondary text: still far darker than the 10 % grey floor
RULE_GREY = 0.6  # guide lines to write and draw over: paler than a pencil line


def text(
    canvas: Canvas,
    x: float,
    y: float,
    string: str,
    font: str,
    size: float,
    align: str = "left",
    grey: float = INK,
) -> None:
    canvas.setFillGray(grey)
    canvas.setFont(font, size)
    draw = {"left": canvas.drawString, "centre": canvas.drawCentredString, "right": canvas.drawRightString}[
        align
    ]
    draw(x, y, string)


def paragraph(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    body: str,
    font: str,
    size: float,
    hyphenation: Hyphenation,
    leading: float | None = None,
    grey: float = INK,
) -> float:
    """Wrapped text from ``top`` down; returns the y below the last line."""
    leading = leading or size * 1.35
    y = top - size
    for line in paragraph_lines(body, font, size, width, hyphenation):
        text(canvas, x, y, line, font, size, grey=grey)
        y -= leading
    return y + leading - size * 0.3


# A star's ten points, tip first, anticlockwise: cosine and sine of each one's angle
# (worked out once: a book draws five stars a maze).
_STAR_POINTS = tuple(
    (math.cos(angle), math.sin(angle)) for angle in (math.pi / 2 + i * math.pi / 5 for i in range(10))
)


def star(canvas: Canvas, cx: float, cy: float, radius: float, filled: bool) -> None:
    points = [
        (cx + r * cos, cy + r * sin)
        for r, (cos, sin) in zip((radius, radius * 0.45) * 5, _STAR_POINTS, strict=True)
    ]
    # An unearned star is a light grey fill: an outline would close up at small sizes.
    canvas.setFillGray(INK if filled else 0.78)
    fill_polygon(canvas, points)


def stars(canvas: Canvas, right: float, cy: float, count: int, size: float = 9.0) -> float:
    """Five stars, ``count`` of them filled, ending at ``right``; returns their left edge."""
    left = right - 5 * size
    for i in range(5):
        star(canvas, left + size * (i + 0.5), cy, size * 0.45, i < count)
    return left


def footer(canvas: Canvas, frame: PageFrame, fonts: FontPair) -> None:
    """The page number, in the outside corner where a reader's thumb finds it."""
    x0, y0, x1, _ = frame.content
    y = y0 + 4
    if frame.number % 2:
        text(canvas, x1, y, str(frame.number), fonts.regular, 10, "right")
    else:
        text(canvas, x0, y, str(frame.number), fonts.regular, 10, "left")


def running_head(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    title: str,
    detail: str = "",
    label: str = "",
    sizes: TextSizes = TEXT_SIZES["normal"],
) -> None:
    x0, _, x1, y1 = frame.content
    # A long title shrinks, then is cut, rather than run into the label or off the page.
    label, label_size = HEAD_LABEL.fit(label, fonts.regular, (x1 - x0) / 2) if label else ("", 0)
    room = x1 - x0 - (stringWidth(label, fonts.regular, label_size) + 8 if label else 0)
    fitted, size = fit_text(title, fonts.bold, 14, room, 10)
    text(canvas, x0, y1 - 14, fitted, fonts.bold, size)
    if label:
        text(canvas, x1, y1 - 14, label, fonts.regular, label_size, "right", SOFT_INK)
    if detail:
        size = sizes.head_instructions
        lines = at_most_lines(detail, fonts.regular, size, x1 - x0, 2, hyphenation)
        for i, line in enumerate(lines):
            text(
                canvas, x0, y1 - 18 - size - i * sizes.head_leading, line, fonts.regular, size, grey=SOFT_INK
            )


def maze_slot(canvas: Canvas, fonts: FontPair, item: MazeOnPage) -> None:
    """One maze with its number and cross-reference above it and its code below."""
    p = item.placement
    draw_maze(canvas, item.drawing, p.left, p.top, p.cell, item.style)
    if item.route:
        draw_route(canvas, item.route, p.left, p.top, p.cell, item.style)
    for connector in item.connectors:
        set_down(canvas, connector)
    setting = set_slot(
        p,
        item.drawing,
        item.label,
        item.note,
        item.stars is not None,
        item.code,
        fonts.bold,
        fonts.regular,
        item.number_size,
        item.markers,
        item.word_size,
        item.style.wall_width,
        item.end_words,
    )
    for word in setting.words:
        set_down(canvas, word, item.style.marker_grey)
    set_down(canvas, setting.number)
    if setting.stars:
        right, cy, size = setting.stars
        assert item.stars is not None  # set_slot makes room for stars only when there are some
        stars(canvas, right, cy, item.stars, size)
    if setting.note:
        set_down(canvas, setting.note, SOFT_INK)
    for line in setting.code:
        set_down(canvas, line, SOFT_INK)


def set_down(canvas: Canvas, run: SetText, grey: float = INK) -> None:
    """A run of text where ``typesetting`` set it."""
    text(canvas, run.x, run.y, run.text, run.font, run.size, run.align, grey)


def page_boxes(canvas: Canvas, frame: PageFrame, bleed: bool, art_box: bool = True) -> None:
    """TrimBox and BleedBox on every page: reportlab keeps the last values, printers read each
    page. ``art_box``: an ArtBox too, as large as the trim; PDF/X allows a TrimBox or an
    ArtBox, not both."""
    canvas.setPageSize((frame.width, frame.height))
    canvas.setTrimBox(frame.trim)
    canvas.setBleedBox(frame.bleed if bleed else frame.trim)
    if art_box:
        canvas.setArtBox(frame.trim)


def title_page(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    title: str,
    subtitle: str,
    author: str,
    blurb: str,
    decoration: Maze,
) -> None:
    x0, y0, x1, y1 = frame.content
    width = x1 - x0
    # The title shrinks until its longest word fits the width, and, on a small trim, until
    # it and the subtitle stay clear of the author's name at the foot.
    size = set_title(
        title, subtitle, fonts.bold, fonts.regular, width, title_band(frame.content), hyphenation
    ).size
    titles = hyphenation.for_titles
    y = paragraph(canvas, x0, y1 - 40, width, title, fonts.bold, size, titles, size * TITLE_LEADING)
    if subtitle:
        y = paragraph(canvas, x0, y - 10, width, subtitle, fonts.regular, 16, titles)
    art_top, art_bottom = y - 24, y0 + 70
    across, down = extent(decoration.topology)  # in cell units, whatever the shape
    cell = fit_cell(width, art_top - art_bottom, across, down)
    if cell > 4:
        left = x0 + (width - cell * across) / 2
        top = art_top - arrow_room(cell)
        draw_maze(
            canvas,
            maze_drawing(decoration, None, marker_length(cell) / cell),
            left,
            top,
            cell,
            Style(
                wall_width=printed_width(wall_width(cell), ART_GREY), wall_grey=ART_GREY, marker_grey=ART_GREY
            ),
        )
    if author:
        author, author_size = TITLE_PAGE_AUTHOR.fit(author, fonts.bold, width)
        text(canvas, x0, y0 + 40, author, fonts.bold, author_size)
    blurb, blurb_size = TITLE_PAGE_BLURB.fit(blurb, fonts.regular, width)
    text(canvas, x0, y0 + 20, blurb, fonts.regular, blurb_size, grey=SOFT_INK)


def how_to_page(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    heading: str,
    body: str,
    sizes: TextSizes = TEXT_SIZES["normal"],
) -> None:
    x0, y0, x1, y1 = frame.content
    heading, size = fit_text(heading, fonts.bold, 20, x1 - x0, 12)
    text(canvas, x0, y1 - 24, heading, fonts.bold, size)
    # On a small trim the text steps down in size until it fits above the page number.
    size = how_to_size(body, fonts.regular, x1 - x0, how_to_room(frame.content), hyphenation, sizes.how_to)
    paragraph(canvas, x0, y1 - 50, x1 - x0, body, fonts.regular, size, hyphenation, size * HOW_TO_LEADING)
    footer(canvas, frame, fonts)


def contents_page(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    heading: str,
    entries: Sequence[tuple[str, int, str]],
    link: bool,
) -> None:
    """Entries are (title, page, bookmark key); links only where the printer allows them."""
    x0, _, x1, y1 = frame.content
    fitted = PAGE_HEADING.fit(heading, fonts.bold, x1 - x0)
    text(canvas, x0, y1 - 24, fitted[0], fonts.bold, fitted[1])
    y = y1 - CONTENTS_TOP_PT
    for title, page, key in entries:
        number = str(page)
        title = fit_text(
            title, fonts.regular, 12, x1 - x0 - canvas.stringWidth(number, fonts.regular, 12) - 12
        )[0]
        text(canvas, x0, y, title, fonts.regular, 12)
        text(canvas, x1, y, number, fonts.regular, 12, "right")
        # Dot leaders guide the eye from the title to its page number.
        start = x0 + canvas.stringWidth(title, fonts.regular, 12) + 6
        end = x1 - canvas.stringWidth(number, fonts.regular, 12) - 6
        if end > start:
            dots = "." * int((end - start) / canvas.stringWidth(".", fonts.regular, 12))
            text(canvas, end, y, dots, fonts.regular, 12, "right", RULE_GREY)
        if link:
            canvas.linkRect("", key, (x0, y - 3, x1, y + 12), relative=0, thickness=0)
        y -= CONTENTS_LEADING_PT
    footer(canvas, frame, fonts)


def opener_page(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    title: str,
    label: str,
    instructions: str,
    about: str,
    rating: int | None,
    sizes: TextSizes = TEXT_SIZES["normal"],
) -> None:
    """A section's first page: its title, difficulty, instructions and what the mazes are."""
    x0, y0, x1, y1 = frame.content
    width = x1 - x0
    has_label = bool(label) or rating is not None
    setting = set_opener(
        title,
        has_label,
        instructions,
        about,
        fonts.bold,
        fonts.regular,
        width,
        opener_room(frame.content),
        hyphenation,
        sizes.instructions,
    )
    lines = setting.lines
    # Just above the middle, or higher when the text would run into the page number.
    top = min(y1, max((y0 + y1) / 2 + 80, y0 + FOOTER_PT + setting.needed))
    y = paragraph(canvas, x0, top, width, title, fonts.bold, 28, hyphenation.for_titles, 32)
    if has_label:
        left = x0
        if rating is not None:
            left = stars(canvas, x0 + 5 * 14, y - 12, rating, 14) + 5 * 14 + 10
        if label:
            label, label_size = OPENER_LABEL.fit(label, fonts.bold, x1 - left)
            text(canvas, left, y - 17, label, fonts.bold, label_size, grey=SOFT_INK)
        y -= 30
    if lines:
        y = paragraph(
            canvas,
            x0,
            y - 10,
            width,
            "\n".join(lines),
            fonts.regular,
            sizes.instructions,
            hyphenation,
            opener_leading(sizes.instructions),
        )
    paragraph(canvas, x0, y - 14, width, about, fonts.regular, 10, hyphenation, 14, SOFT_INK)
    footer(canvas, frame, fonts)


def inline_opener(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    title: str,
    label: str,
    instructions: str,
    about: str,
    rating: int | None,
    sizes: TextSizes = TEXT_SIZES["normal"],
) -> None:
    """A section's opener in the band above its first maze (``sizes.inline_opener``): the
    title with the stars and difficulty at its right, two lines of instructions and the line
    about its mazes."""
    x0, _, x1, y1 = frame.content
    right = x1
    if label:
        label, size = INLINE_OPENER_LABEL.fit(label, fonts.bold, (x1 - x0) / 3)
        text(canvas, right, y1 - 20, label, fonts.bold, size, "right", SOFT_INK)
        right -= stringWidth(label, fonts.bold, size) + 8
    if rating is not None:
        right = stars(canvas, right, y1 - 16, rating, 12) - 8
    fitted, size = INLINE_OPENER_TITLE.fit(title, fonts.bold, right - x0)
    text(canvas, x0, y1 - 20, fitted, fonts.bold, size)
    y = y1 - 40
    size = sizes.inline_instructions
    for line in at_most_lines(instructions, fonts.regular, size, x1 - x0, 2, hyphenation):
        text(canvas, x0, y, line, fonts.regular, size)
        y -= sizes.inline_leading
    text(canvas, x0, y - 1, fit_text(about, fonts.regular, 9, x1 - x0)[0], fonts.regular, 9, grey=SOFT_INK)


def draw_page(
    canvas: Canvas, frame: PageFrame, fonts: FontPair, hyphenation: Hyphenation, heading: str, body: str
) -> None:
    """A page to draw your own maze on: a faint square grid to plan walls along."""
    x0, y0, x1, y1 = frame.content
    heading, size = PAD_HEADING.fit(heading, fonts.bold, x1 - x0)
    text(canvas, x0, y1 - 20, heading, fonts.bold, size)
    paragraph(
        canvas,
        x0,
        y1 - 30,
        x1 - x0,
        body,
        fonts.regular,
        10,
        hyphenation,
        13,
        SOFT_INK,
    )
    top, bottom = y1 - 62, y0 + FOOTER_PT + 6
    step, line = 18.0, printed_width(MIN_LINE_PT, RULE_GREY)
    # Half a line of room each side, or the outer lines poke past the margin.
    columns, rows = int((x1 - x0 - line) // step), int((top - bottom - line) // step)
    left = x0 + ((x1 - x0) - columns * step) / 2
    canvas.setStrokeGray(RULE_GREY)
    canvas.setLineWidth(line)
    grid = canvas.beginPath()
    for i in range(columns + 1):
        grid.moveTo(left + i * step, top)
        grid.lineTo(left + i * step, top - rows * step)
    for j in range(rows + 1):
        grid.moveTo(left, top - j * step)
        grid.lineTo(left + columns * step, top - j * step)
    canvas.drawPath(grid, stroke=1, fill=0)
    footer(canvas, frame, fonts)


def notes_page(canvas: Canvas, frame: PageFrame, fonts: FontPair, heading: str) -> None:
    x0, y0, x1, y1 = frame.content
    text(canvas, x0, y1 - 20, heading, fonts.bold, 18)
    canvas.setStrokeGray(RULE_GREY)
    canvas.setLineWidth(printed_width(MIN_LINE_PT, RULE_GREY))
    lines = canvas.beginPath()
    y = y1 - 54
    while y > y0 + FOOTER_PT + 8:
        lines.moveTo(x0, y)
        lines.lineTo(x1, y)
        y -= 24
    canvas.drawPath(lines, stroke=1, fill=0)
    footer(canvas, frame, fonts)


def worksheet_head(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    hyphenation: Hyphenation,
    fields: Sequence[str],
    title: str,
    instruction: str,
    rating: int | None,
    code: str,
    written: Sequence[str] = (),
    sizes: TextSizes = TEXT_SIZES["normal"],
) -> None:
    """Name/date/class lines (each printed on with its ``written``, if any: a student's name,
    the date), the title, the variant code and up to two lines of instruction."""
    x0, _, x1, y1 = frame.content
    y = y1 - 16
    if fields:
        canvas.setStrokeGray(INK)
        canvas.setLineWidth(0.75)
        on_lines = [*written, *[""] * (len(fields) - len(written))]
        size, labels, slots = _field_row(fields, on_lines, fonts, x0, x1)
        for (left, width), label, on_line in zip(slots, labels, on_lines, strict=True):
            text(canvas, left, y, label, fonts.regular, size)
            start = left + canvas.stringWidth(label, fonts.regular, size) + 4
            canvas.line(start, y - 2, left + width - 12, y - 2)
            if on_line:
                printed = fit_text(on_line, fonts.bold, size, left + width - 12 - start - 4, 7)
                text(canvas, start + 4, y + 1, printed[0], fonts.bold, printed[1])
        y -= WORKSHEET_FIELDS_PT
    # A long title shrinks, then is cut, to leave the variant code (and stars) their room.
    room = x1 - x0 - (5 * 12 + 8 if rating is not None else 0) - stringWidth(code, fonts.regular, 9) - 8
    fitted, size = fit_text(title, fonts.bold, 18, room, 12)
    text(canvas, x0, y, fitted, fonts.bold, size)
    right = x1
    if rating is not None:
        right = stars(canvas, x1, y + 6, rating, 12) - 8
    text(canvas, right, y, code, fonts.regular, 9, "right", SOFT_INK)
    size = sizes.instructions
    for i, line in enumerate(at_most_lines(instruction, fonts.regular, size, x1 - x0, 2, hyphenation)):
        text(canvas, x0, y - size - 8 - i * (size + 4), line, fonts.regular, size)


def _field_row(
    fields: Sequence[str], on_lines: Sequence[str], fonts: FontPair, x0: float, x1: float
) -> tuple[float, list[str], list[tuple[float, float]]]:
    """The worksheet's write-in fields: the size of their text, their labels and where each
    goes, (left, width).

    The fields share the width alike. Many or long labels on a small page would overprint
    one another: each keeps at least a third of an inch of line, shrinking (all alike, to
    7 pt) and then cut to fit. What is printed on a line (a student's name, the date) is set
    at the labels' size; where it is wider than its line, the whole row shrinks (to 7 pt)
    until every label and every printed text fits, each field as wide as it needs and the
    room left over shared, so that a date is not cut short beside a blank line.
    """
    slot = (x1 - x0) / len(fields)
    room = slot - 12 - 4 - 24
    size = min(fit_text(name, fonts.regular, 12, room, 7)[1] for name in fields)

    def needs(size: float) -> list[float]:
        # its label, 4 pt, 4 pt more before what is printed (or a third of an inch of blank
        # line), and 12 pt to the next field
        return [
            stringWidth(fit_text(name, fonts.regular, size, room)[0], fonts.regular, size)
            + 20
            + (stringWidth(on_line, fonts.bold, size) if on_line else 24)
            for name, on_line in zip(fields, on_lines, strict=True)
        ]

    if any(need > slot for need, on_line in zip(needs(size), on_lines, strict=True) if on_line):
        while size > 7 and sum(needs(size)) > x1 - x0:
            size = max(7, size - 1)
        wanted = needs(size)
        left_over = x1 - x0 - sum(wanted)
        widths = [
            need + left_over / len(wanted) if left_over >= 0 else need * (x1 - x0) / sum(wanted)
            for need in wanted
        ]
        slots = [(x0 + sum(widths[:i]), width) for i, width in enumerate(widths)]
    else:
        slots = [(x0 + i * slot, slot) for i in range(len(fields))]
    return size, [fit_text(name, fonts.regular, size, room)[0] for name in fields], slots


def thumb_tab(canvas: Canvas, frame: PageFrame, index: int, count: int) -> None:
    """A dark tab at the outside edge, running off into the bleed, that finds a section by
    thumbing the closed book; drawn only on books printed with bleed."""
    x0, y0, x1, y1 = frame.trim
    slots = max(count, 6)
    height = (y1 - y0 - 2 * 72) / slots
    top = y1 - 72 - index * height
    depth = 0.3 * 72  # how far it reaches into the page from the trim edge
    if frame.number % 2:  # right-hand page: outside edge on the right
        left, right = x1 - depth, frame.width
    else:
        left, right = 0.0, x0 + depth
    canvas.setFillGray(0.25)
    canvas.rect(left, top - height + 2, right - left, height - 4, stroke=0, fill=1)
