"""The plan of a full-wrap cover: its size from the interior's page count, its mazes, and
where every line of text goes.

The front holds the title, subtitle, a large maze and the author; the back the blurb, a line
saying what is inside, a small sample puzzle and the barcode box; the spine the title and
author, running top to bottom, where the printer and the spine's width allow. Everything is
placed here, with the fonts' metrics, so the renderer only draws and the preflight and tests
can hold the drawing to the same geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from PIL import ImageFont
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from ..errors import ConfigKeyError, ConfigKeyErrors
from ..layout.cover_geometry import MIN_SPINE_LETTER, CoverGeometry, spine_text_rule, spine_width
from ..layout.fonts import FontPair
from ..layout.page_geometry import Box, fill_area
from ..layout.typesetting import Hyphenation, Line, at_most_lines, wrap
from ..layout.views import CoverMaze, CoverView, Style, TextRun
from ..maze.shapes import make_topology, shape_named
from ..profiles import INCH, get_profile
from ..wording import fill_counts
from .book import book_counts
from .mazes import MadeMaze, MazeJob

if TYPE_CHECKING:  # the plan reads a Book; importing the config layer would run upwards
    from ..config import Book

# The cover's mazes are seeded like every other maze: the book seed and these names.
ART_SEED_KEY = "cover-art"
SAMPLE_SEED_KEY = "cover-sample"
# The back's puzzle is small enough to be taken in at a glance from a shop shelf
# (``Shape.cover_sample``).
SMALLEST_BODY = 9.0  # points: the back's text shrinks to this before it is refused
LEADING = 1.35
MIN_MAZE_AREA = 1.5 * INCH  # a maze squeezed smaller than this is a speck, not art


@dataclass(frozen=True)
class _Block:
    """Lines of one font and size, set from a top edge down."""

    lines: list[str]
    font: str
    size: float
    leading: float
    color: str  # #RRGGBB

    @property
    def height(self) -> float:
        return self.size + (len(self.lines) - 1) * self.leading


class CoverPlan:
    """Everything about the cover of ``book`` once its interior has ``pages`` pages."""

    def __init__(self, book: Book, pages: int, fonts: FontPair):
        cover = book.cover
        assert cover is not None, "a CoverPlan needs a book with a cover block"
        self.book, self.cover, self.pages, self.fonts = book, cover, pages, fonts
        self.printer = get_profile(book.profile)
        self.words = book.words()
        self.hyphenation = Hyphenation(self.words.language)
        spine = (
            cover.spine_width
            if cover.spine_width is not None
            else spine_width(self.printer, cover.paper, pages)
        )
        self.geometry = CoverGeometry(*book.trim_size, spine, self.printer.cover)
        self.notes: list[str] = []  # one line each on stderr: what the cover left out, and why
        if cover.spine_width is not None and self.printer.cover.spine_per_page is None:
            # The width was typed from the printer's own template: say what to ask it for.
            self.notes.append(
                f"cover: spine_width {cover.spine_width / INCH:g} in as typed; check it against the spine "
                f"{self.printer.label}'s cover template gives a {pages}-page interior on {cover.paper} paper"
            )
        self.barcode = book.cover_barcode
        if self.barcode == "none" and self.printer.cover.prints_barcode:
            self.notes.append(
                f"cover: barcode: none leaves no room for a barcode, but {self.printer.label} prints "
                "its own on the back unless you tell it your cover carries one"
            )
        self.spine_runs = self._spine()
        # Both panels are set, and every problem with their text reported together.
        problems = []
        try:
            self.front_texts, self.art_area = self._front()
        except ConfigKeyError as error:
            problems.append(error)
        try:
            self.back_texts, self.sample_area = self._back()
        except ConfigKeyError as error:
            problems.append(error)
        if problems:
            raise ConfigKeyErrors(problems)

    @property
    def title(self) -> str:
        return self.book.title

    @property
    def author(self) -> str:
        return self.cover.author if self.cover.author is not None else self.book.author

    @property
    def subtitle(self) -> str:
        subtitle = self.cover.subtitle if self.cover.subtitle is not None else self.book.subtitle
        return fill_counts(subtitle, book_counts(self.book, self.pages), self.words.number)

    @property
    def back_text(self) -> str:
        """The back's blurb with the book's counts filled in, so it stays true to the book."""
        return fill_counts(self.cover.back_text, book_counts(self.book, self.pages), self.words.number)

    def key(self, name: str) -> tuple[str, ...]:
        """The config key a cover text comes from: ``cover.author``, or the book's ``author``
        when the cover gives none of its own."""
        return ("cover", name) if getattr(self.cover, name, None) is not None else (name,)

    @property
    def margin(self) -> float:
        """The visual margin of each panel: more than the printer's safe inset on a large trim."""
        return max(self.geometry.rules.safe_inset, 0.06 * self.geometry.trim_width)

    # -- mazes ---------------------------------------------------------------------------

    def jobs(self) -> list[MazeJob]:
        """The front's maze, then the back's sample puzzle if the cover has one."""
        art = self.cover.art
        topology = make_topology(art.shape, art.size, art.rings)
        jobs = [self._job(ART_SEED_KEY, art.algorithm, (), topology, self.art_area, art.seed)]
        if self.sample_area is not None:
            section = self.book.sections[0]
            shape = shape_named(section.shape)
            sample = shape.make(shape.cover_sample)
            jobs.append(
                self._job(
                    SAMPLE_SEED_KEY,
                    section.algorithm,
                    tuple(sorted(section.options.items())),
                    sample,
                    self.sample_area,
                    None,
                )
            )
        return jobs

    def _job(
        self, seed_key: str, algorithm: str, options: tuple, topology, area: Box, seed: int | None
    ) -> MazeJob:
        shape = shape_named(topology.kind)
        width, height, rings = shape.size_fields(topology.dimensions)
        marker = fill_area(area, topology).marker_cells
        return MazeJob(
            section=-1,
            index=0,
            seed_key=seed_key,
            book_seed=self.book.seed,
            seed=seed,
            algorithm=algorithm,
            options=options,
            shape=shape.name,
            width=width,
            height=height,
            rings=rings,
            endpoints=shape.endpoints,
            min_solution_share=None,
            marker_size=marker,
            answer_marker_size=marker,
        )

    # -- the three panels ------------------------------------------------------------------

    def _front(self) -> tuple[list[TextRun], Box]:
        x0, y0, x1, y1 = self.geometry.front
        m, fonts, ink = self.margin, self.fonts, self.cover.ink
        left, right, width = x0 + m, x1 - m, x1 - x0 - 2 * m
        size = self.geometry.trim_width * 0.085
        while True:  # the title shrinks until it takes at most three lines, none cut
            lines = simpleSplit(self.title, fonts.bold, size, width)
            if size <= 18 or (len(lines) <= 3 and _widest(lines, fonts.bold, size) <= width):
                break
            size -= 2
        if _widest(lines, fonts.bold, size) > width:
            word = _longest_word(self.title, fonts.bold)
            raise ConfigKeyError(
                "title",
                (
                    f"the word '{word}' is {stringWidth(word, fonts.bold, size) / INCH:.2f}in wide "
                    f"even at {size:g} pt, too long for the front cover's {width / INCH:.2f}in; "
                    "shorten it or break it with a space or hyphen"
                ),
            )
        texts: list[TextRun] = []
        top = y1 - m
        title = _Block(lines, fonts.bold, size, size * 1.1, ink)
        top = self._centred(texts, title, left, right, top)
        if self.subtitle:
            small = max(11.0, size * 0.4)
            sub = _Block(
                at_most_lines(self.subtitle, fonts.regular, small, width, 2, self.hyphenation.for_titles),
                fonts.regular,
                small,
                small * 1.25,
                ink,
            )
            top = self._centred(texts, sub, left, right, top - size * 0.45)
        bottom = y0 + m
        if self.author:
            author_size = max(12.0, size * 0.42)
            if stringWidth(self.author, fonts.bold, author_size) > width:
                fits = Line(author_size, author_size).longest(self.author, fonts.bold, width)
                raise ConfigKeyError(
                    self.key("author"),
                    (
                        f"{stringWidth(self.author, fonts.bold, author_size) / INCH:.2f}in wide at "
                        f"{author_size:.1f} pt, wider than the front cover's {width / INCH:.2f}in; at "
                        f"most {len(fits)} characters fit, e.g. '{fits.rstrip()}'"
                    ),
                )
            block = _Block(
                at_most_lines(self.author, fonts.bold, author_size, width, 1, self.hyphenation.for_titles),
                fonts.bold,
                author_size,
                author_size,
                ink,
            )
            self._centred(texts, block, left, right, bottom + author_size * 1.2)
            bottom += author_size * 1.2 + author_size
        gap = size * 0.5
        if (top - gap) - (bottom + gap) < MIN_MAZE_AREA:
            # Blame the longer of the two texts that take the front's height.
            blame = (
                self.key("subtitle") if self.subtitle and len(self.subtitle) > len(self.title) else ("title",)
            )
            raise ConfigKeyError(
                blame,
                (
                    "the title, subtitle and author leave "
                    f"{max(0.0, (top - gap) - (bottom + gap)) / INCH:.2f}in of the front cover for "
                    f"its maze, under the {MIN_MAZE_AREA / INCH:g}in it needs; shorten the title or "
                    "subtitle"
                ),
            )
        return texts, (left, bottom + gap, right, top - gap)

    def _back(self) -> tuple[list[TextRun], Box | None]:
        g, fonts, cover = self.geometry, self.fonts, self.cover
        x0, y0, x1, y1 = g.back
        m = self.margin
        left, right, width = x0 + m, x1 - m, x1 - x0 - 2 * m
        # The text stays above the barcode box, whatever the box holds.
        floor = g.barcode_box[3] + 0.25 * INCH
        body = max(10.0, min(15.0, g.trim_width / INCH * 1.65))
        fact = self._fact()
        while True:
            blocks = [
                _Block(
                    wrap(p, fonts.regular, body, width, self.hyphenation),
                    fonts.regular,
                    body,
                    body * LEADING,
                    cover.ink,
                )
                for p in _paragraphs(self.back_text)
            ]
            blocks.append(
                _Block(
                    wrap(fact, fonts.bold, body * 1.15, width, self.hyphenation),
                    fonts.bold,
                    body * 1.15,
                    body * 1.15 * LEADING,
                    cover.accent,
                )
            )
            height = sum(b.height for b in blocks) + body * (len(blocks) - 1)
            if y1 - m - height >= floor or body <= SMALLEST_BODY:
                break
            body = max(SMALLEST_BODY, body - 0.5)
        if y1 - m - height < floor:
            room = int((y1 - m - floor) // (body * LEADING))
            lines = sum(len(b.lines) for b in blocks)
            raise ConfigKeyError(
                ("cover", "back_text"),
                (
                    f"{lines} lines at {body:g} pt, but the back cover has room for about {room} "
                    "above the barcode box; shorten it"
                ),
            )
        texts: list[TextRun] = []
        top = y1 - m
        for block in blocks:
            for i, line in enumerate(block.lines):
                texts.append(
                    TextRun(
                        left, top - block.size - i * block.leading, line, block.font, block.size, block.color
                    )
                )
            top -= block.height + body
        sample = None
        if cover.sample:
            area_top = top - body * 2.2
            area_right = g.barcode_box[0] - 0.25 * INCH if self.barcode != "none" else right
            side = min(area_top - (y0 + m), area_right - left, g.trim_width * 0.55)
            if side >= MIN_MAZE_AREA:
                texts.append(
                    TextRun(
                        left,
                        top - body,
                        self.words.pgettext("cover.try", "Try this one:"),
                        fonts.bold,
                        body,
                        cover.accent,
                    )
                )
                sample = (left, area_top - side, left + side, area_top)
            else:
                self.notes.append(
                    "cover: the back text leaves under 1.5 in for the sample "
                    "puzzle, so the back has none; shorten the text to get one"
                )
        return texts, sample

    def _fact(self) -> str:
        book = self.book
        count = book.maze_count
        if book.answer_key.enabled:
            return self.words.npgettext(
                "cover.mazes-answers",
                "{count} maze inside, with every answer at the back.",
                "{count} mazes inside, with every answer at the back.",
                count,
            )
        return self.words.npgettext("cover.mazes", "{count} maze inside.", "{count} mazes inside.", count)

    def _spine(self) -> list[TextRun]:
        """The spine's text, top to bottom, centred across the spine; none (and a note saying
        why) when the printer forbids it or the spine is too narrow for 6 pt letters."""
        g, fonts, cover = self.geometry, self.fonts, self.cover
        if cover.spine_text is not None:
            runs = [(cover.spine_text, fonts.bold)] if cover.spine_text else []
        else:
            runs = [(self.title, fonts.bold)] + ([(self.author, fonts.regular)] if self.author else [])
        if not runs:
            return []
        refused = spine_text_rule(self.printer, self.pages)
        if refused:
            self.notes.append(f"cover: the spine holds no text: {refused}")
            return []
        safe = g.spine_safe
        length = g.trim_height - 2 * self.margin
        across = _across(runs, safe)
        if safe is None or across < MIN_SPINE_LETTER:
            room = 0.0 if safe is None else safe[2] - safe[0]
            self.notes.append(
                f"cover: the spine holds no text: at {g.spine / INCH:.3f} in, it leaves {room:.1f} "
                f"pt between the folds' clearances, too little for letters of "
                f"{MIN_SPINE_LETTER:g} pt"
            )
            return []
        for tried in (runs, runs[:1]):  # the title alone, before giving up on the spine
            size = min(24.0, across, length / _runs_width(tried, 1.0))
            if size >= MIN_SPINE_LETTER:
                return self._spine_runs(tried, size, safe)
        self.notes.append(
            f"cover: the spine holds no text: '{runs[0][0]}' is too long to run "
            f"along the spine in letters of {MIN_SPINE_LETTER:g} pt; set "
            "cover.spine_text to something shorter"
        )
        return []

    def _spine_runs(self, runs: list[tuple[str, str]], size: float, safe: Box) -> list[TextRun]:
        ascent, descent = _ink(runs)
        x0, y0, x1, y1 = safe
        # Rotated -90 degrees, the text's up is the page's right: its ink spans the baseline's x
        # less the descent to the baseline's x plus the ascent.
        baseline = (x0 + x1) / 2 - (ascent - descent) * size / 2
        total = _runs_width(runs, size)
        y = (self.geometry.height + total) / 2
        texts = []
        for text, font in runs:
            texts.append(TextRun(baseline, y, text, font, size, self.cover.ink, angle=-90.0))
            y -= stringWidth(text, font, size) + size
        return texts

    def _centred(self, texts: list[TextRun], block: _Block, left: float, right: float, top: float) -> float:
        """``block`` centred between ``left`` and ``right`` from ``top`` down; returns its
        bottom."""
        for i, line in enumerate(block.lines):
            x = (left + right - stringWidth(line, block.font, block.size)) / 2
            texts.append(
                TextRun(x, top - block.size - i * block.leading, line, block.font, block.size, block.color)
            )
        return top - block.height - block.size * 0.25

    def view(self, made: list[MadeMaze]) -> CoverView:
        """The cover to draw, with the mazes ``jobs`` asked for: the front's with its path
        from rim to middle in the accent colour, the back's as a puzzle to solve."""
        cover = self.cover
        mazes = []
        # The back's sample only where the cover has room for one (jobs made it last).
        for item, area in zip(made, (self.art_area, self.sample_area), strict=False):
            assert area is not None  # jobs() asks for a sample maze only where the back has room
            place = fill_area(area, item.maze.topology)
            style = Style(
                wall_width=place.wall_width,
                wall_color=cover.ink,
                solution_color=cover.accent,
                solution_width=place.wall_width * 1.6,
                marker_color=cover.accent,
            )
            drawing = item.answer if area is self.art_area and item.answer else item.drawing
            mazes.append(CoverMaze(drawing, place, style))
        return CoverView(
            geometry=self.geometry,
            title=self.title,
            author=self.author,
            background=cover.background,
            texts=self.front_texts + self.back_texts + self.spine_runs,
            mazes=mazes,
            isbn=cover.isbn if self.barcode == "isbn" else None,
            inks=self.book.inks,
        )

    def manifest(self, file: str) -> dict:
        """The manifest's ``cover`` entry (docs/design.md, the manifest)."""
        g = self.geometry
        return {
            "file": file,
            "size": [round(g.width, 3), round(g.height, 3)],
            "spine_width": round(g.spine, 3),
            "paper": self.cover.paper,
            "interior_pages": self.pages,
            "spine_text": bool(self.spine_runs),
            "barcode": self.barcode,
        }


def _paragraphs(text: str) -> list[str]:
    """Paragraphs split at blank lines; single line breaks inside one are spaces, as in YAML."""
    blocks = [
        " ".join(line.strip() for line in block.splitlines()).strip()
        for block in text.replace("\r\n", "\n").split("\n\n")
    ]
    return [block for block in blocks if block]


def _widest(lines: list[str], font: str, size: float) -> float:
    return max((stringWidth(line, font, size) for line in lines), default=0.0)


def _longest_word(text: str, font: str) -> str:
    return max(text.split(), key=lambda word: stringWidth(word, font, 10))


def _runs_width(runs: list[tuple[str, str]], size: float) -> float:
    """The runs' length along the spine, one em between them."""
    return sum(stringWidth(text, font, size) for text, font in runs) + size * (len(runs) - 1)


@cache
def _glyph_ink(text: str, font: str) -> tuple[float, float]:
    """How far ``text``'s ink reaches above and below its baseline, per point of size: the
    letters themselves, not the font's em box, so a narrow spine holds the largest text that
    really fits between its folds."""
    face = ImageFont.truetype(getFont(font).face.filename, 1000)
    _, top, _, bottom = face.getbbox(text, anchor="ls")
    return -top / 1000, max(bottom, 0) / 1000


def _ink(runs: list[tuple[str, str]]) -> tuple[float, float]:
    extents = [_glyph_ink(text, font) for text, font in runs]
    return max(a for a, _ in extents), max(d for _, d in extents)


def _across(runs: list[tuple[str, str]], safe: Box | None) -> float:
    """The largest size at which ``runs``' letters fit across the spine between the folds."""
    if safe is None:
        return 0.0
    ascent, descent = _ink(runs)
    return (safe[2] - safe[0]) / (ascent + descent)
