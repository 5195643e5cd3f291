"""Fitting text to a width in a registered font: shrunk to a smallest size, wrapped to a
number of lines, and cut with an ellipsis only as a last resort.

The rules for each piece of a page's text (how far a title shrinks, how small an author's
name may get) live here, once: the renderer sets the text by them, and the plan asks the
same functions beforehand whether the config's text fits, so a text that cannot is reported
on its key instead of running off the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

import pyphen
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from ..geometry import MazeDrawing, Segment
from .fonts import ink_reach
from .page_geometry import (
    CLEAR_PT,
    END_WORDS,
    FOOTER_PT,
    Box,
    Placement,
    box_gap,
    drawn_box,
    line_gap,
    marker_shapes,
    page_points,
    union,
    wall_lines,
)


def fit_text(
    string: str, font: str, size: float, width: float, smallest: float | None = None
) -> tuple[str, float]:
    """``string`` and the size to draw it at so it fits ``width``: smaller, down to
    ``smallest``, then cut short with an ellipsis."""
    smallest = size if smallest is None else smallest
    while size > smallest and stringWidth(string, font, size) > width:
        size = max(smallest, size - 1)
    if stringWidth(string, font, size) <= width:
        return string, size
    # A font without the ellipsis character would print a box for it.
    ellipsis = "\u2026" if 0x2026 in getattr(getFont(font).face, "charToGlyph", {}) else "..."
    while string and stringWidth(string.rstrip() + ellipsis, font, size) > width:
        string = string[:-1]
    return string.rstrip() + ellipsis, size


# Body text breaks a word at one of its dictionary points rather than leave its line filled
# under this share of the width: the lines stay ragged, and few words break (in the English
# samples, every line that ends before a word that does not fit is over 90 % full), but a long
# compound no longer leaves the line above it a third empty or more. Titles never break a
# word for this.
SHORT_LINE = 2 / 3
# The fewest letters a dictionary break leaves before and after it: a careful publisher never
# carries two letters over to the next line ("Abenteu-er").
HYPHEN_LEFT, HYPHEN_RIGHT = 2, 3
# A run of letters (with the middle dot of Catalan's l·l inside one): where a dictionary
# breaks a word, never beside its punctuation.
_LETTERS = re.compile(r"[^\W\d_]+(?:\u00b7[^\W\d_]+)*")
# The spaces a line may break at: any but the no-break ones, which French sets before : ; ? !
# and inside « » so that they never start a line.
_BREAKING_SPACES = re.compile(r"[^\S\u00a0\u2007\u202f]+")
# Words a reader types back as printed, which no dictionary break may split: the command the
# how-to page names ("bookmaker maze --code").
UNBROKEN = frozenset({"bookmaker"})


@dataclass(frozen=True)
class Hyphenation:
    """How the words of a text in ``language`` (a BCP 47 tag) break at a line's end: at the
    points its hyphenation dictionary (pyphen's) allows, with a hyphen added, or after a
    hyphen of their own. A word too wide for a line always breaks so. In running text, so
    does a word that would leave its line filled under SHORT_LINE, and a break fills the line
    as far as it can. A ``title`` breaks only a word too wide for a line, where its two lines
    come out closest in width: a title is looked at whole, and "Schatten-" / "jachtavontuur"
    reads better there than "Schattenjachtavon-" / "tuur"."""

    language: str
    title: bool = False

    @property
    def for_titles(self) -> Hyphenation:
        return replace(self, title=True)


@cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=language, left=HYPHEN_LEFT, right=HYPHEN_RIGHT)


def word_breaks(word: str, language: str) -> list[tuple[str, str]]:
    """Where ``word`` may break at a line's end, as (what ends the line, what starts the
    next), the longest first: where the dictionary of ``language`` allows, inside a run of
    its letters, with a hyphen added; or after a hyphen of its own between two letters."""
    breaks = [
        (word[: i + 1], word[i + 1 :])
        for i in range(1, len(word) - 1)
        if word[i] == "-" and word[i - 1].isalpha() and word[i + 1].isalpha()
    ]
    for run in _LETTERS.finditer(word):
        if run.group().lower() in UNBROKEN:
            continue
        for head, tail in _dictionary(language).iterate(run.group()):
            breaks.append((word[: run.start()] + head + "-", tail + word[run.end() :]))
    return sorted(breaks, key=lambda pair: len(pair[0]), reverse=True)


@dataclass(frozen=True)
class _SetLine:
    text: str  # as printed
    running: str  # as it reads in the text (a hyphen the break added left out), up to the next line

    @property
    def breaks_word(self) -> bool:
        return not self.running.endswith(" ")


def wrap(body: str, font: str, size: float, width: float, hyphenation: Hyphenation | None) -> list[str]:
    """``body`` broken into lines of at most ``width``: between words, and inside a word as
    ``hyphenation`` says (None: never, as for a code a reader types back). A word wider than
    a line that cannot break so is broken between its letters rather than run past the edge."""
    return [line.text for line in _set_lines(body, font, size, width, hyphenation)]


def _set_lines(
    body: str, font: str, size: float, width: float, hyphenation: Hyphenation | None
) -> list[_SetLine]:
    lines: list[_SetLine] = []
    space = stringWidth(" ", font, size)
    for block in body.split("\n"):
        words = [word for word in _BREAKING_SPACES.split(block) if word][
            ::-1
        ]  # a stack: the rest of a broken word goes back on it
        line: list[str] = []
        used = -space  # the line's width so far, less the space before its next word
        while words:
            word = words.pop()
            wide = stringWidth(word, font, size)
            if used + space + wide <= width:
                line.append(word)
                used = used + space + wide
                continue
            # A line breaks a word for being short only below one that ends in a whole word:
            # hyphens on line after line (a ladder) read worse than a short line, to a child
            # most of all.
            short = bool(line) and used < SHORT_LINE * width and not (lines and lines[-1].breaks_word)
            if hyphenation is not None and (wide > width or (short and not hyphenation.title)):
                # Each break as (the line's width with its head, the head, the rest), longest first.
                reaches = [
                    (used + space + stringWidth(head, font, size), head, tail)
                    for head, tail in word_breaks(word, hyphenation.language)
                ]
                fitting = [each for each in reaches if each[0] <= width]
                if hyphenation.title:
                    # Closest in width among the breaks whose rest fits the next line, if any.
                    two_lines = [each for each in fitting if stringWidth(each[2], font, size) <= width]
                    fitting = (
                        sorted(two_lines, key=lambda each: abs(each[0] - stringWidth(each[2], font, size)))
                        or fitting
                    )
                if fitting:
                    _, head, tail = fitting[0]
                    # The rest is the word's own end (a dictionary that respells a break, as
                    # Catalan's col·lecció: col-, lecció, respells the line's end).
                    read = word[: len(word) - len(tail)]
                    lines.append(_SetLine(" ".join([*line, head]), " ".join([*line, read])))
                    line, used = [], -space
                    words.append(tail)
                    continue
            if line:  # the word starts the next line
                lines.append(_SetLine(" ".join(line), " ".join(line) + " "))
                line, used = [], -space
                words.append(word)
                continue
            # Too wide for a line, with no break that fits: between its letters, each piece a line.
            while len(word) > 1 and stringWidth(word, font, size) > width:
                cut = _fitting_prefix(word, font, size, width)
                lines.append(_SetLine(word[:cut], word[:cut]))
                word = word[cut:]
            lines.append(_SetLine(word, word + " "))
        if line:
            lines.append(_SetLine(" ".join(line), " ".join(line) + " "))
    return lines


def _fitting_prefix(string: str, font: str, size: float, width: float) -> int:
    """How many leading characters of ``string`` fit ``width`` (at least one)."""
    low, high = 1, len(string)
    while low < high:
        middle = (low + high + 1) // 2
        if stringWidth(string[:middle], font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def at_most_lines(
    body: str, font: str, size: float, width: float, count: int, hyphenation: Hyphenation
) -> list[str]:
    """``body`` wrapped to ``width``; a longer text ends its last line with an ellipsis."""
    lines = _set_lines(body, font, size, width, hyphenation)
    if len(lines) <= count:
        return [line.text for line in lines]
    rest = "".join(line.running for line in lines[count - 1 :]).rstrip()
    return [line.text for line in lines[: count - 1]] + [fit_text(rest, font, size, width)[0]]


def paragraph_lines(body: str, font: str, size: float, width: float, hyphenation: Hyphenation) -> list[str]:
    """The lines a paragraph sets ``body`` in: each of its own lines wrapped to ``width``."""
    return [
        line for block in body.split("\n") for line in wrap(block, font, size, width, hyphenation) or [""]
    ]


def paragraph_height(
    body: str, font: str, size: float, width: float, leading: float, hyphenation: Hyphenation
) -> float:
    """How far a paragraph of ``body`` reaches down the page from its top."""
    return size * 1.3 + (len(paragraph_lines(body, font, size, width, hyphenation)) - 1) * leading


@dataclass(frozen=True)
class Line:
    """One line of text that shrinks from ``size`` to ``smallest`` to fit its width."""

    size: float
    smallest: float

    def fit(self, string: str, font: str, width: float) -> tuple[str, float]:
        """The text and size to draw (cut with an ellipsis only where ``fits`` is false)."""
        return fit_text(string, font, self.size, width, self.smallest)

    def fits(self, string: str, font: str, width: float) -> bool:
        return stringWidth(string, font, self.smallest) <= width

    def longest(self, string: str, font: str, width: float) -> str:
        """The longest start of ``string`` that fits ``width`` at the smallest size."""
        cut = _fitting_prefix(string, font, self.smallest, width)
        return string[:cut] if stringWidth(string[:cut], font, self.smallest) <= width else ""


# The lines the pages set, each shrinking to its smallest size before it is refused.
TITLE_PAGE_AUTHOR = Line(14, 10)  # bold, at the foot of the title page
TITLE_PAGE_BLURB = Line(10, 7)  # "12 mazes, with answers at the back"
OPENER_LABEL = Line(14, 9)  # a section's difficulty on its opening page, bold
HEAD_LABEL = Line(10, 7)  # the difficulty at the right of a running head
INLINE_OPENER_TITLE = Line(22, 12)  # a section's title above its first maze (opener: inline)
INLINE_OPENER_LABEL = Line(12, 8)  # its difficulty, bold, at the right of the title
PAGE_HEADING = Line(20, 12)  # "Contents (continued)", on a small trim
PAD_HEADING = Line(18, 12)  # "Draw your own maze", on a small trim


SLOT_NUMBER = 11.0  # a maze's number, bold, at the left of the row above it
SLOT_NOTE = 8.0  # its answer or puzzle page reference
SLOT_STAR = 8.0  # one of its five stars
SLOT_STARS = 5 * SLOT_STAR + 5  # five stars, and the gap before them, at the right of the row
SLOT_CODE, SLOT_CODE_LEADING = 7.0, 8.0  # its code or recipe, under it: never smaller


def slot_label_width(
    label: str, note: str, stars: bool, bold: str, regular: str, number: float = SLOT_NUMBER
) -> float:
    """The width of the row above a maze: its number (bold, ``number`` pt), a gap, its page
    reference and five stars, set apart."""
    return (
        stringWidth(label, bold, number)
        + 10
        + stringWidth(note, regular, SLOT_NOTE)
        + (SLOT_STARS if stars else 0)
    )


def slot_label_least(
    label: str, note: str, stars: bool, bold: str, regular: str, number: float = SLOT_NUMBER
) -> float:
    """The narrowest slot whose row keeps its pieces inside it: the number, from the left;
    the page reference and stars, from the right (in a slot under ``slot_label_width`` they
    come close, but never leave the slot)."""
    return max(
        stringWidth(label, bold, number), stringWidth(note, regular, SLOT_NOTE) + (SLOT_STARS if stars else 0)
    )


@dataclass(frozen=True)
class SetText:
    """One run of text where it goes: ``x`` is its left, centre or right as ``align`` says;
    ``box`` is the page box its glyphs ink."""

    x: float
    y: float  # baseline
    text: str
    font: str
    size: float
    align: str
    box: Box


def set_text(x: float, y: float, text: str, font: str, size: float, align: str = "left") -> SetText:
    width = stringWidth(text, font, size)
    left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
    below, above = ink_reach(font, text, size)
    return SetText(x, y, text, font, size, align, (left, y - below, left + width, y + above))


WORD_SLIDES = 12  # 2 pt steps a word may slide out from the wall to clear a zigzag outline


def set_words(
    placement: Placement,
    drawing: MazeDrawing,
    arrows: bool,
    font: str,
    size: float,
    wall: float,
    end_words: tuple[str, str] = END_WORDS,
) -> list[SetText]:
    """START and FINISH beside their openings, outside the outer wall: straight out from the
    gap, or (beside an arrow) to one side of it, the side towards the maze's middle first;
    each where it keeps CLEAR_PT from the walls (``wall`` points wide), the arrows, the other
    word and the slot's edges, or where it comes closest if no place does."""
    taken = [_points_box(page_points(placement, shape)) for shape in marker_shapes(drawing, arrows)]
    every_wall = wall_lines(placement, drawing)
    middle_x = (placement.bbox[0] + placement.bbox[2]) / 2
    middle_y = (placement.bbox[1] + placement.bbox[3]) / 2
    off = CLEAR_PT + wall / 2
    words = []
    for word, opening, marker in zip(
        end_words, drawing.openings, (drawing.start_marker, drawing.end_marker), strict=True
    ):
        if opening is None:
            continue
        (px, py), (ux, uy) = page_points(placement, [opening[0]])[0], opening[1]
        ox, oy = ux, -uy  # the way out, on the page (y up)
        width = stringWidth(word, font, size)
        below, above = ink_reach(font, word, size)
        height = below + above
        # What the word keeps beside: its arrow, or the gap's middle a wall's clearance out.
        mark = (
            _points_box(page_points(placement, marker))
            if arrows
            else (px + ox * off, py + oy * off, px + ox * off, py + oy * off)
        )
        if abs(oy) >= abs(ox):  # out through the top or bottom
            base = py + off if oy > 0 else py - off - height
            rise = (
                max((mark[1] + mark[3]) / 2 - height / 2, base)
                if oy > 0
                else min((mark[1] + mark[3]) / 2 - height / 2, base)
            )
            right = (mark[2] + CLEAR_PT, rise, mark[2] + CLEAR_PT + width, rise + height)
            left_box = (mark[0] - CLEAR_PT - width, rise, mark[0] - CLEAR_PT, rise + height)
            sides = [right, left_box] if px < middle_x else [left_box, right]
            beyond = mark[3] + CLEAR_PT if oy > 0 else mark[1] - CLEAR_PT - height
            out = (px - width / 2, beyond, px + width / 2, beyond + height)
            straight = (px - width / 2, base, px + width / 2, base + height)
        else:  # out through a side
            near = px + off if ox > 0 else px - off - width
            over = (near, mark[3] + CLEAR_PT, near + width, mark[3] + CLEAR_PT + height)
            under = (near, mark[1] - CLEAR_PT - height, near + width, mark[1] - CLEAR_PT)
            sides = [over, under] if py < middle_y else [under, over]
            beyond = mark[2] + CLEAR_PT if ox > 0 else mark[0] - CLEAR_PT - width
            out = (beyond, py - height / 2, beyond + width, py + height / 2)
            straight = (near, py - height / 2, near + width, py + height / 2)
        boxes = ([straight] if not arrows else []) + sides + [out]
        # Only walls within a word's reach of the gap can come near it.
        reach = width + height + WORD_SLIDES * 2 + 40
        lines = [
            line
            for line in every_wall
            if box_gap((px - reach, py - reach, px + reach, py + reach), _line_box(line)) == 0
        ]

        def clearance(box: Box, lines: list[Segment] = lines) -> float:
            slot = placement.slot
            inside = min(box[0] - slot[0], slot[2] - box[2], box[1] - slot[1], slot[3] - box[3])
            walls = min((line_gap(box, line) - wall / 2 for line in lines), default=CLEAR_PT)
            others = min((box_gap(box, other) for other in taken), default=CLEAR_PT)
            return min(inside + CLEAR_PT, walls, others)

        # A zigzag or notched outline may reach out past the gap: each place slides out
        # from the wall, a step at a time, until it is clear; the nearest clear one wins.
        step_x, step_y = (
            (0.0, 2.0 if oy > 0 else -2.0) if abs(oy) >= abs(ox) else (2.0 if ox > 0 else -2.0, 0.0)
        )
        tries = [
            (b[0] + k * step_x, b[1] + k * step_y, b[2] + k * step_x, b[3] + k * step_y)
            for k in range(WORD_SLIDES)
            for b in boxes
        ]
        box = next((box for box in tries if clearance(box) >= CLEAR_PT), None)
        if box is None:
            box = max(tries, key=clearance)
        taken.append(box)
        words.append(set_text(box[0], box[1] + below, word, font, size))
    return words


def _points_box(points) -> Box:
    return union([(x, y, x, y) for x, y in points])


def _line_box(line) -> Box:
    x0, y0, x1, y1 = line
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


@dataclass(frozen=True)
class SlotSetting:
    """The text around one maze, and its stars: where each goes and what box it inks."""

    number: SetText
    note: SetText | None
    stars: tuple[float, float, float] | None  # right edge, centre height, one star's size
    stars_box: Box | None
    code: list[SetText]
    words: list[SetText]  # START and FINISH, with markers: words or both


def set_slot(
    placement: Placement,
    drawing: MazeDrawing,
    label: str,
    note: str,
    stars: bool,
    code: str,
    bold: str,
    regular: str,
    number: float = SLOT_NUMBER,
    markers: str = "arrows",
    word: float = 10.0,
    wall: float | None = None,
    end_words: tuple[str, str] = END_WORDS,
) -> SlotSetting:
    """The words beside a maze's openings (``markers`` words or both), the row above it (its
    number, page reference and stars) and its code below, each kept CLEAR_PT from the maze's
    walls (``wall`` points wide: the placement's by default), arrows and words."""
    wall = placement.wall_width if wall is None else wall
    arrows = markers != "words"
    words = set_words(placement, drawing, arrows, bold, word, wall, end_words) if markers != "arrows" else []
    drawn = union([drawn_box(placement, drawing, arrows), *(w.box for w in words)])
    slot, maze = placement.slot, placement.bbox
    # The row spans the maze, or more when the maze is too narrow to hold it.
    needed = slot_label_width(label, note, stars, bold, regular, number)
    span = min(max(maze[2] - maze[0], needed), slot[2] - slot[0])
    centre = (maze[0] + maze[2]) / 2
    left = min(max(centre - span / 2, slot[0]), slot[2] - span)
    right = left + span
    # The row's lowest ink (a descender, or a star's lower points) sits CLEAR_PT above the
    # maze's highest.
    star_drop = SLOT_STAR * 0.45 - 3.5 * SLOT_STAR / 8  # a star's lowest point under the baseline
    below = max(
        ink_reach(bold, label, number)[0], ink_reach(regular, note, SLOT_NOTE)[0], star_drop if stars else 0.0
    )
    y = drawn[3] + CLEAR_PT + below
    number_text = set_text(left, y, label, bold, number)
    note_right, star_row, star_box = right, None, None
    if stars:
        cy = y + 3.5 * SLOT_STAR / 8
        star_row = (right, cy, SLOT_STAR)
        star_box = (right - 5 * SLOT_STAR, cy - SLOT_STAR * 0.45, right, cy + SLOT_STAR * 0.45)
        note_right = right - 5 * SLOT_STAR - 5
    note_text = set_text(note_right, y, note, regular, SLOT_NOTE, "right") if note else None
    # The code may not fit one line under a narrow maze: wrap it, never shrink under 7 pt, and
    # never hyphenate it: a reader types it back as printed.
    lines = wrap(code, regular, SLOT_CODE, slot[2] - slot[0], None)[:2] if code else []
    code_text = []
    if lines:
        y = drawn[1] - CLEAR_PT - ink_reach(regular, lines[0], SLOT_CODE)[1]
        code_text = [
            set_text(centre, y - SLOT_CODE_LEADING * i, line, regular, SLOT_CODE, "centre")
            for i, line in enumerate(lines)
        ]
    return SlotSetting(number_text, note_text, star_row, star_box, code_text, words)


# The title page: the title shrinks in steps from its largest size to its smallest until
# its longest word fits the width and it leaves the subtitle its room.
TITLE_LARGEST, TITLE_SMALLEST, TITLE_STEP = 34.0, 14.0, 2.0
TITLE_LEADING = 1.15
SUBTITLE_SIZE, SUBTITLE_LEADING, SUBTITLE_GAP = 16.0, 16 * 1.35, 10.0


def title_band(content: Box) -> float:
    """The height of a title page (``content`` its content box) from the title's top down to
    the room kept for the author's name at its foot."""
    x0, y0, x1, y1 = content
    return (y1 - 40) - (y0 + 60)


@dataclass(frozen=True)
class TitleSetting:
    size: float  # the title's size
    room: float  # the height left to the title once the subtitle has its own
    height: float  # the height the title takes at ``size``
    subtitle_height: float  # the subtitle's, with the gap above it (0 without one)

    @property
    def fits(self) -> bool:
        return self.height <= self.room


def set_title(
    title: str,
    subtitle: str,
    bold: str,
    regular: str,
    width: float,
    height: float,
    hyphenation: Hyphenation,
) -> TitleSetting:
    """The title page's title size, for text ``width`` wide in a band ``height`` tall, both
    broken as titles are (``Hyphenation.for_titles``)."""
    hyphenation = hyphenation.for_titles
    subtitle_height = (
        SUBTITLE_GAP
        + paragraph_height(subtitle, regular, SUBTITLE_SIZE, width, SUBTITLE_LEADING, hyphenation)
        if subtitle
        else 0.0
    )
    room = height - subtitle_height
    size = TITLE_LARGEST
    while size > TITLE_SMALLEST and (
        max((stringWidth(line, bold, size) for line in simpleSplit(title, bold, size, width)), default=0.0)
        > width
        or paragraph_height(title, bold, size, width, size * TITLE_LEADING, hyphenation) > room
    ):
        size -= TITLE_STEP
    return TitleSetting(
        size,
        room,
        paragraph_height(title, bold, size, width, size * TITLE_LEADING, hyphenation),
        subtitle_height,
    )


# The how-to page's text steps down in size until it fits above the page number.
HOW_TO_STEP, HOW_TO_LEADING = 0.5, 1.5


def how_to_room(content: Box) -> float:
    """The height the how-to text has, under its heading and above the page number."""
    x0, y0, x1, y1 = content
    return y1 - 50 - (y0 + FOOTER_PT)


def how_to_size(
    body: str,
    font: str,
    width: float,
    room: float,
    hyphenation: Hyphenation,
    sizes: tuple[float, float] = (12.0, 8.0),
) -> float:
    """The how-to text's size: the largest of ``sizes`` (largest, smallest) that fits
    ``room``, or the smallest."""
    size, smallest = sizes
    while (
        size > smallest
        and paragraph_height(body, font, size, width, size * HOW_TO_LEADING, hyphenation) > room
    ):
        size -= HOW_TO_STEP
    return size


# A section's opening page: its title, a label row, instructions and a line about its mazes.
OPENER_TITLE, OPENER_TITLE_LEADING = 28.0, 32.0
OPENER_ABOUT, OPENER_ABOUT_LEADING = 10.0, 14.0
OPENER_LABEL_ROW = 30.0
OPENER_RATING_WIDTH = 5 * 14 + 10.0  # five 14 pt stars and a gap, left of the label


@dataclass(frozen=True)
class OpenerSetting:
    lines: list[str]  # the instructions, at most as many lines as the page leaves them
    needed: float  # the height of everything, from the title's top
    room: float  # the height there is, from the top of the content box to the footer

    @property
    def fits(self) -> bool:
        return self.needed <= self.room


def opener_room(content: Box) -> float:
    """The height a section's opening page has for its text, above the page number."""
    x0, y0, x1, y1 = content
    return y1 - y0 - FOOTER_PT


def opener_leading(size: float) -> float:
    """The line spacing of a section's instructions on its opening page (18 pt at 13 pt)."""
    return size + 5


def set_opener(
    title: str,
    has_label: bool,
    instructions: str,
    about: str,
    bold: str,
    regular: str,
    width: float,
    room: float,
    hyphenation: Hyphenation,
    size: float = 13.0,
) -> OpenerSetting:
    """What a section's opening page sets, in a content box ``width`` wide with ``room``
    above its footer, its instructions at ``size`` points."""
    fixed = (
        paragraph_height(title, bold, OPENER_TITLE, width, OPENER_TITLE_LEADING, hyphenation.for_titles)
        + (OPENER_LABEL_ROW if has_label else 0)
        + 14
        + paragraph_height(about, regular, OPENER_ABOUT, width, OPENER_ABOUT_LEADING, hyphenation)
    )
    lines = []
    if instructions:
        # Long instructions lose their end, marked, rather than push the page off its foot.
        left = room - fixed - 10 - size * 1.3
        lines = at_most_lines(
            instructions, regular, size, width, max(1, int(left // opener_leading(size)) + 1), hyphenation
        )
    needed = fixed + (10 + size * 1.3 + (len(lines) - 1) * opener_leading(size) if lines else 0)
    return OpenerSetting(lines, needed, room)
