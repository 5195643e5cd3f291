"""What each page shows, as plain data: the plan composes these, the renderer draws them.

Every string is final and every maze is placed, so drawing a page needs no
config, no seeds and no decisions; only text is set by the renderer, which
knows the fonts' metrics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..colours import RGB, Inks
from ..geometry import MazeDrawing, Point
from ..maze.model import Maze
from .cover_geometry import CoverGeometry
from .page_geometry import END_WORDS, PageFrame, Placement, TextSizes
from .typesetting import SetText

Entry = tuple[str, int, str]  # a contents line: title, page number, bookmark key


@dataclass(frozen=True)
class Style:
    """How a maze is inked."""

    wall_width: float = 1.5  # points at print size
    wall_grey: float = 0.0  # 0 black .. 1 white
    solution: str = "line"  # or "cells"
    solution_color: str = "#D62728"
    solution_width: float = 2.0  # points; "line" style
    marker_grey: float = 0.0
    wall_color: str | None = None  # #RRGGBB in place of wall_grey, for a colour cover
    marker_color: str | None = None  # #RRGGBB in place of marker_grey
    solution_grey: float | None = None  # in place of solution_color: a black-and-white interior
    arrows: bool = True  # false: an end with an opening has no arrow (words mark it instead)


@dataclass(frozen=True)
class MazeOnPage:
    """What a slot shows: the drawing, where it goes, and its labels."""

    drawing: MazeDrawing
    placement: Placement
    label: str  # e.g. "7"
    note: str  # right of the label: "answer p. 57" or "puzzle p. 12"
    code: str  # regeneration code under the maze
    stars: int | None
    style: Style
    number_size: float = 11.0  # the number's size, bold
    markers: str = "arrows"  # or words (START and FINISH beside the openings), or both
    word_size: float = 10.0  # START and FINISH, bold
    end_words: tuple[str, str] = END_WORDS  # the start's and the finish's, in the book's language
    # A journey's tile: the solution's pieces on it (cell units), and its connectors, set.
    route: Sequence[Sequence[Point]] = ()
    connectors: Sequence[SetText] = ()


@dataclass(frozen=True)
class TitleView:
    title: str
    subtitle: str
    author: str
    blurb: str
    art: Maze  # made by the plan; drawn in grey at whatever size the text leaves


@dataclass(frozen=True)
class HowToView:
    heading: str
    body: str
    sizes: TextSizes = TextSizes()


@dataclass(frozen=True)
class ContentsView:
    heading: str  # "Contents", or "Contents (continued)" after the first page
    entries: Sequence[Entry]
    links: bool


@dataclass(frozen=True)
class OpenerView:
    title: str
    label: str
    instructions: str
    about: str
    rating: int | None
    sizes: TextSizes = TextSizes()


@dataclass(frozen=True)
class PuzzlesView:
    title: str
    instructions: str
    label: str
    slots: Sequence[MazeOnPage]
    opener: OpenerView | None = None  # the section's opener, set above its first maze
    sizes: TextSizes = TextSizes()


@dataclass(frozen=True)
class WorksheetView:
    fields: Sequence[str]  # each label as printed, "Name:"
    title: str
    instruction: str
    rating: int | None
    code: str
    slots: Sequence[MazeOnPage]
    # What each field's line prints (a student's name, the date); '' leaves it blank.
    written: Sequence[str] = ()
    sizes: TextSizes = TextSizes()


@dataclass(frozen=True)
class AnswersView:
    heading: str
    detail: str
    slots: Sequence[MazeOnPage]


@dataclass(frozen=True)
class DrawView:
    """A grid to draw your own maze on."""

    heading: str
    body: str


@dataclass(frozen=True)
class NotesView:
    """Ruled lines for notes."""

    heading: str


@dataclass(frozen=True)
class BlankView:
    """Nothing at all, not even a page number: the last page a printer wants blank."""


PageView = (
    TitleView
    | HowToView
    | ContentsView
    | OpenerView
    | PuzzlesView
    | WorksheetView
    | AnswersView
    | DrawView
    | NotesView
    | BlankView
)


@dataclass(frozen=True)
class SheetView:
    """One page: its boxes, what it shows, its thumb tab and the bookmarks landing on it."""

    frame: PageFrame
    view: PageView
    tab: tuple[int, int] | None = None  # (section index, section count) on books with bleed
    bookmarks: Sequence[Entry] = ()


@dataclass(frozen=True)
class DocumentView:
    """One PDF: its metadata and its pages."""

    title: str
    author: str
    subject: str
    bleed: bool
    outline: bool  # PDF bookmarks for the contents entries
    language: str  # the BCP 47 tag of its words, which break at line ends by its rules
    sheets: list[SheetView] = field(default_factory=list)
    inks: Inks = RGB  # how its colours are written: RGB, or CMYK in a PDF/X file


@dataclass(frozen=True)
class TextRun:
    """One run of text at its baseline's start, in one font, size and colour; ``angle`` -90
    runs it top to bottom, as a spine reads."""

    x: float
    y: float
    text: str
    font: str
    size: float
    color: str
    angle: float = 0.0


@dataclass(frozen=True)
class CoverMaze:
    drawing: MazeDrawing
    placement: Placement
    style: Style


@dataclass(frozen=True)
class CoverView:
    """A full-wrap cover: a background over the whole page, text, mazes and the barcode."""

    geometry: CoverGeometry
    title: str
    author: str
    background: str  # #RRGGBB
    texts: Sequence[TextRun]
    mazes: Sequence[CoverMaze]
    isbn: str | None  # as written, drawn as an EAN-13 in the barcode box; None: nothing there
    inks: Inks = RGB  # how its colours are written: RGB, or CMYK in a PDF/X file
