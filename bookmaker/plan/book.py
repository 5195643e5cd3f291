"""The plan of one book: groups, pages, margins, seeds, numbers, boxes, and what each page shows.

``BookPlan`` decides everything before a page is drawn: which page holds
what (pagination), where every maze goes (layout), the jobs that make the
mazes (seeded from the book seed and section ids), how they are numbered
and rated, and finally the ``views`` the renderer draws. It reads the
validated config it is handed but does not import the config layer.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, TypedDict

from reportlab.pdfbase.pdfmetrics import stringWidth

from .. import units
from ..errors import ConfigKeyError, format_key
from ..geometry import maze_drawing
from ..layout.fonts import FontPair
from ..layout.journey import (
    CONNECTOR_PT,
    MIN_JOURNEY_CELL_PT,
    bands,
    place_tile,
    set_connectors,
    tile_cell,
    tile_cells,
    tile_slot,
)
from ..layout.page_geometry import (
    CLEAR_PT,
    GRIDS,
    MAX_CELL_PT,
    MAX_WALL_PT,
    MIN_ANSWER_CORRIDOR_PT,
    MIN_CELL_PT,
    TEXT_SIZES,
    Box,
    PageFrame,
    Placement,
    TextSizes,
    body_area,
    clear_corridor,
    contents_lines,
    grey_solution_width,
    inline_opener_area,
    page_frame,
    place_maze,
    printed_width,
    resolve_margins,
    slot_boxes,
    slot_cell,
    solution_width,
    within_corridor,
)
from ..layout.typesetting import Hyphenation
from ..layout.views import (
    AnswersView,
    BlankView,
    ContentsView,
    DocumentView,
    DrawView,
    Entry,
    HowToView,
    MazeOnPage,
    NotesView,
    OpenerView,
    PuzzlesView,
    SheetView,
    Style,
    TitleView,
    WorksheetView,
)
from ..masks.text import MIN_LETTER_ROWS
from ..maze import recipe
from ..maze.codes import recipe_code
from ..maze.shapes import SQUARE, make_topology, shape_named
from ..maze.topology import Topology
from ..profiles import get_profile
from ..wording import fill_counts
from .journey import (
    ARROWS,
    Connector,
    Tile,
    Tiling,
    chosen_tiling,
    connectors,
    crossings,
    route_cells,
    route_pieces,
    tile_maze,
)
from .mazes import (
    MadeMaze,
    MazeJob,
    StarScale,
    difficulty_score,
    order_by_difficulty,
    stars,
    variant_code,
)
from .pagination import (
    CONTENTS_LINES_PER_PAGE,
    AnswerPage,
    Document,
    Group,
    PlannedPage,
    Printed,
    answer_pages,
    pad_for_printer,
    paginate_book,
)
from .words import SectionFacts, how_to_text, mazes, opener_about

# A black-and-white answer key's path: 35 % black, lighter than the walls' 60 % so that
# tone as well as width tells them apart, and dark enough to stand out from the paper.
GREY_SOLUTION = 0.65
# A page of short mazes takes this many of them when they keep their size (BookPlan.pack).
PACKED_COUNTS = (2, 3)
# The title page's maze: its seed comes from the book seed and this name, like a section's;
# its size is its shape's (``Shape.title_art``).
TITLE_ART = {"seed_key": "cover", "algorithm": "wilson"}
# What may end a worksheet field's label as written, before the catalogue's own colon.
FIELD_ENDS = " :\u00a0\u202f"
# A journey's answer is the whole maze on one page when its corridors stay this wide there;
# narrower, each page of the journey gets a page of the key.
MIN_REDUCED_CORRIDOR_PT = 1.5 * 72 / 25.4
# The widest page number a connector names, for the room its band keeps.
WIDEST_PAGE = 888

if TYPE_CHECKING:  # the plan reads a Book; importing the config layer would run upwards
    from ..config import Book


def _noting(problems: list[ConfigKeyError], step, *args):
    """``step(*args)``, or None with its problem added to ``problems``: one problem a key,
    since one size too large for a page is one problem, whatever each student's name makes
    of the numbers."""
    try:
        return step(*args)
    except ConfigKeyError as error:
        if not any(seen.key == error.key for seen in problems):
            problems.append(error)
        return None


class _DrawnWith(TypedDict):
    """What a maze is placed with besides its slot, its grid and its smallest cell."""

    sizes: TextSizes
    side_room: float


def _fits(slot: Box, topology: Topology, minimum: float, sizes: TextSizes, side_room: float) -> bool:
    try:
        place_maze(slot, topology, minimum, (), sizes=sizes, side_room=side_room)
    except ConfigKeyError:
        return False
    return True


def two_lines(name: str) -> str | None:
    """``name`` broken at the space that makes its longer line shortest; None for one word
    (or a name already on two lines)."""
    words = name.split(" ")
    if "\n" in name or len(words) < 2:
        return None
    cut = min(range(1, len(words)), key=lambda at: max(len(" ".join(words[:at])), len(" ".join(words[at:]))))
    return " ".join(words[:cut]) + "\n" + " ".join(words[cut:])


def _plain_label(label: str) -> str:
    """A field's label as compared with another: 'Datum:', 'datum' and 'Datum' are one."""
    return label.strip().removesuffix(":").strip().casefold()


class BookPlan:
    """Decides what goes where in one book: groups, pages, margins, seeds, numbers, boxes."""

    def __init__(self, book: Book, fonts: FontPair | None = None):
        self.book = book
        self.fonts = fonts  # to leave START and FINISH their room; None: no words are set
        self.profile = get_profile(book.profile)
        self.trim = book.page.trim_size
        # The interior's paper, which some printers' page counts depend on; None without a cover.
        self.paper = book.cover.paper if book.cover is not None else None
        self.worksheet = book.layout == "worksheet"
        self.separate_key = self.worksheet and book.worksheet.key == "separate"
        self.puzzle_kind = "worksheet" if self.worksheet else "puzzles"
        self.sizes = TEXT_SIZES[book.text_size]
        self.words = book.words()
        # Its words break at line ends by its language's rules, wherever text is set.
        self.hyphenation = Hyphenation(self.words.language)
        self.end_words = (
            self.words.pgettext("maze.start", "START"),
            self.words.pgettext("maze.finish", "FINISH"),
        )
        date_label = self.words.pgettext("worksheet.date", "Date")
        fields = book.worksheet.fields
        self.worksheet_fields = (
            list(fields)
            if fields is not None
            else [
                self.words.pgettext("worksheet.name", "Name"),
                date_label,
                self.words.pgettext("worksheet.class", "Class"),
            ]
        )
        # A set date is printed on the Date line, which the fields gain at their end when
        # they have none: a teacher reads a bare date at the top of a sheet less surely
        # than one beside its label; the labels the config wrote keep their order.
        self.date_field: int | None = None
        if book.worksheet.date is not None:
            labels = [_plain_label(field) for field in self.worksheet_fields]
            if _plain_label(date_label) not in labels:
                self.worksheet_fields.append(date_label)
                labels.append(_plain_label(date_label))
            self.date_field = labels.index(_plain_label(date_label))
        self._grids: dict[tuple[int, str | None], Topology] = {}
        self._tilings: dict[int, Tiling] = {}
        self._ends: dict[int, list[list[Connector]]] = {}  # a journey's connectors, tile by tile

    def grid(self, group: Group) -> Topology:
        """The grid of ``group``'s mazes: its section's, cut by a mask (a worksheet's
        ``{name}`` may give each copy its own), made once."""
        name = (group.section, self.name(group.copy))
        if name not in self._grids:
            journey = self.book.sections[group.section].journey
            self._grids[name] = (
                make_topology(SQUARE.name, self.tiling(group.section).size)
                if journey is not None
                else self.book.grid_for(*name)
            )
        return self._grids[name]

    def section_grid(self, section: int) -> Topology:
        """The grid of ``section``'s mazes, as its opener describes them."""
        return self.grid(Group(section, [], 1))

    def tiling(self, section: int) -> Tiling:
        """How journey ``section``'s maze is cut into its pages (``chosen_tiling``): its size,
        when the config gives none, from the room a page of the book leaves a tile."""
        if section not in self._tilings:
            spec = self.book.sections[section]
            assert spec.journey is not None  # only a journey is tiled
            doc = self.document(self.main_pages(self.groups(), [], []), problems=[])
            frame = (
                next((f for p, f in zip(doc.pages, doc.frames, strict=True) if p.section == section), None)
                if doc
                else None
            )
            if frame is None:  # its margins are the final document's problem to report
                self._tilings[section] = Tiling.of(
                    spec.size or (spec.journey.pages, 1), spec.journey.pages, 1
                )
            else:
                slot = self.journey_slot(frame, "puzzles", section)
                try:
                    self._tilings[section] = chosen_tiling(
                        spec.journey.pages,
                        spec.size,
                        lambda width, height: tile_cell(slot, width, height),
                        lambda cell: tile_cells(slot, cell),
                    )
                except ValueError as error:
                    raise ConfigKeyError(("sections", section, "size"), str(error)) from None
        return self._tilings[section]

    def connector_text(self, label: str, arrow: str, page: int) -> str:
        """What a journey's connector prints: 'A → p. 14'."""
        return self.words.pgettext(
            "journey.connector", "{label} {arrow} p. {page}", label=label, arrow=arrow, page=page
        )

    def journey_slot(self, frame: PageFrame, kind: str, section: int, opener_here: bool = False) -> Box:
        """The part of a ``kind`` page a journey's tile, its label and its code go in: the
        maze area less the connectors' bands on every side."""
        if self.fonts is None:
            widest = 0.0
        else:
            widest = max(
                stringWidth(
                    self.connector_text("W", ARROWS[side], WIDEST_PAGE), self.fonts.bold, CONNECTOR_PT
                )
                for side in "EW"
            )
        area = (
            self.maze_area(frame, kind, section, opener_here) if kind == "puzzles" else self.area(frame, kind)
        )
        return tile_slot(area, *bands(widest))

    def tile_placement(
        self, frame: PageFrame, kind: str, section: int, tile: Tile, opener_here: bool = False
    ) -> Placement:
        """Where ``tile`` of journey ``section`` goes on a ``kind`` page: every tile at the cell
        its largest tile fits at, or a ConfigKeyError when that cell is too small for the
        connectors beside each row."""
        tiling, spec = self.tiling(section), self.book.sections[section]
        slot = self.journey_slot(frame, kind, section, opener_here)
        cell = math.floor(min(tile_cell(slot, *tiling.largest), MAX_CELL_PT) * 100) / 100
        if cell < MIN_JOURNEY_CELL_PT:
            width, height = tiling.size
            raise ConfigKeyError(
                ("sections", section, "size" if spec.size else "journey"),
                f"a journey of {width}x{height} cells on {len(tiling.tiles())} pages gives "
                f"{cell:.1f} pt cells{' in the answer key' if kind == 'answers' else ''}, under the "
                f"{MIN_JOURNEY_CELL_PT:.1f} pt its connectors need beside each row; use a smaller "
                "size or more pages",
            )
        return place_tile(slot, make_topology(SQUARE.name, (tile.width, tile.height)), cell)

    def reduces_journey(self, frame: PageFrame, group: Group) -> bool:
        """Whether the answer key shows journey ``group``'s whole maze on one page of ``frame``
        with corridors at least MIN_REDUCED_CORRIDOR_PT wide."""
        topology = self.grid(group)
        try:
            placement = place_maze(
                slot_boxes(self.area(frame, "answers"), 1)[0],
                topology,
                MIN_CELL_PT,
                (),
                sizes=self.sizes,
                side_room=self.word_room(group.section),
            )
        except ConfigKeyError:
            return False
        return clear_corridor(placement, topology, self.answer_wall(placement)) >= MIN_REDUCED_CORRIDOR_PT

    def groups(self) -> list[Group]:
        """Sections in order; a worksheet set repeats them for each copy."""
        groups, position = [], 0
        copies = range(self.book.worksheet.copies) if self.worksheet else [None]
        for copy in copies:
            for index, section in enumerate(self.book.sections):
                mazes = list(range(position, position + section.count))
                groups.append(
                    Group(
                        index,
                        mazes,
                        section.per_page,
                        copy,
                        opener=self.book.opener_of(index),
                        answer_grids=self.answer_grids_wanted(),
                        tiles=section.journey.pages if section.journey else 0,
                    )
                )
                position += section.count
        return groups

    def has_answers(self, section: int) -> bool:
        """Whether the answer key shows the mazes of ``section``: none without endpoints."""
        return self.book.answer_key.enabled and self.book.sections[section].endpoints != "none"

    def answers(self, groups: list[Group]) -> list[int]:
        """Positions of the mazes that have a solution to show."""
        return [i for g in groups if self.has_answers(g.section) for i in g.mazes]

    def documents(
        self, problems: list[ConfigKeyError]
    ) -> tuple[list[Group], list[int], Document | None, Document | None]:
        """The interior's groups, answers, main document and separate key (or None), counted
        to the page before any maze is made. Problems on the way go to ``problems`` and the
        plan goes on as far as it can without them; a document whose pages cannot be framed
        is None."""
        groups = self.groups()
        answers = self.answers(groups)
        groups = self.fit_answers(self.pack(groups, answers), answers)
        main = self.document(self.main_pages(groups, answers, problems), problems=problems)
        key = (
            self.document(self.key_pages(groups), is_key=True, problems=problems)
            if self.separate_key and answers
            else None
        )
        return groups, answers, main, key

    def pack(self, groups: list[Group], answers: list[int]) -> list[Group]:
        """``groups`` with short mazes two or three to a page (PACKED_COUNTS): a section's
        page takes more of its mazes than ``per_page`` when the slots of the fuller page give
        each the very cell size, and so the corridors, it has at ``per_page``: mazes so wide
        and low that each needs no more than a half or a third of the page's height.

        The room is measured on the pages before packing: packing only shortens the book,
        which never narrows KDP's gutter, so the packed mazes keep at least that room."""
        if self.worksheet:
            return groups
        doc = self.document(self.main_pages(groups, answers, []), problems=[])
        if doc is None:  # its margins are the final document's problem to report
            return groups
        frame = doc.frames[0]
        return [replace(group, per_page=self.packed_count(frame, group)) for group in groups]

    def packed_count(self, frame: PageFrame, group: Group) -> int:
        """How many of ``group``'s mazes a page of it holds at their size (``pack``)."""
        topology, area = self.grid(group), self.maze_area(frame, "puzzles", group.section)
        sizes, side_room = self.sizes, self.word_room(group.section)
        if len(group.mazes) <= group.per_page or not _fits(
            slot_boxes(area, group.per_page)[0], topology, MIN_CELL_PT, sizes, side_room
        ):
            return group.per_page
        # Cells before the inch cap: a small maze capped at an inch on a page of its own is
        # not short, only small, and keeps its page.
        alone = slot_cell(slot_boxes(area, group.per_page)[0], topology, sizes, side_room)
        fitting = [
            count
            for count in PACKED_COUNTS
            if count > group.per_page
            and slot_cell(slot_boxes(area, count)[0], topology, sizes, side_room) >= alone
        ]
        if not fitting:
            return group.per_page
        # No more slots than the section has mazes: two mazes fill a page of two, not of three.
        return next(count for count in fitting if count >= min(len(group.mazes), fitting[-1]))

    def answer_grids_wanted(self) -> tuple[int, ...]:
        """The counts a page of the key may hold before any is measured: answer_key.per_page
        and the grids below it, most first."""
        return tuple(
            sorted((count for count in GRIDS if count <= self.book.answer_key.per_page), reverse=True)
        )

    def fit_answers(self, groups: list[Group], answers: list[int]) -> list[Group]:
        """``groups`` with the counts a page of the key may hold of their answers
        (``answer_grids``).

        Pages, and the gutter that follows their count, are settled together: more answer
        pages can widen KDP's gutter, narrowing every slot, so the counts are fitted to the
        key's pages again until they hold. They only ever fall, so this ends."""
        grids = [self.answer_grids_wanted()] * len(groups)
        tiled = [False] * len(groups)
        while True:
            groups = [
                replace(group, answer_grids=fitting, tiled_key=tiles)
                for group, fitting, tiles in zip(groups, grids, tiled, strict=True)
            ]
            if not answers:
                return groups
            doc = (
                self.document(self.key_pages(groups), is_key=True, problems=[])
                if self.separate_key
                else self.document(self.main_pages(groups, answers, []), problems=[])
            )
            if doc is None:  # its margins are the final document's problem to report
                return groups
            fitted = [
                tuple(
                    count
                    for count in fitting
                    if count in self.answer_grids(doc.frames[0], self.grid(group), group.section)
                )
                or (1,)
                if self.has_answers(group.section)
                else fitting
                for group, fitting in zip(groups, grids, strict=True)
            ]
            # A journey's key is tiled once its whole maze no longer keeps its corridors on one
            # page: more pages only narrow them, so a tiled key stays tiled.
            now_tiled = [
                was
                or bool(group.tiles and self.has_answers(group.section))
                and not self.reduces_journey(doc.frames[0], group)
                for group, was in zip(groups, tiled, strict=True)
            ]
            if fitted == grids and now_tiled == tiled:
                return groups
            grids, tiled = fitted, now_tiled

    def answer_grids(self, frame: PageFrame, topology: Topology, section: int) -> tuple[int, ...]:
        """The counts of answers of mazes on ``topology`` (of ``section``) a page of the key
        may hold on ``frame``: those of the slot counts (GRIDS) up to ``answer_key.per_page``
        whose slots keep their corridors at least 2 mm wide between the walls
        (MIN_ANSWER_CORRIDOR_PT), most first; just 1 if none does."""
        wanted = self.book.answer_key.per_page
        area = self.area(frame, "answers")
        side_room = self.word_room(section)
        fitting = []
        for count in sorted((count for count in GRIDS if count <= wanted), reverse=True):
            try:
                placement = place_maze(
                    slot_boxes(area, count)[0],
                    topology,
                    MIN_CELL_PT,
                    (),
                    sizes=self.sizes,
                    side_room=side_room,
                )
            except ConfigKeyError:
                continue
            wall = self.answer_wall(placement)
            if clear_corridor(placement, topology, wall) >= MIN_ANSWER_CORRIDOR_PT:
                fitting.append(count)
        return tuple(fitting) or (1,)

    def answer_wall(self, placement: Placement) -> float:
        """The width the answer key draws a maze's walls at ``placement``: grey walls wider."""
        return printed_width(placement.wall_width, self.book.answer_key.wall_grey)

    def main_pages(
        self, groups: list[Group], answers: list[int], problems: list[ConfigKeyError] | None = None
    ) -> list[PlannedPage]:
        front = self.book.front_matter
        in_book = answers and not self.separate_key
        entries = len(self.book.sections) + (1 if in_book else 0)
        pages = paginate_book(
            title_page=front.title_page,
            how_to=front.how_to,
            contents_entries=entries if front.contents else 0,
            groups=groups,
            answers=self.answer_pages(groups) if in_book else None,
            worksheet=self.worksheet,
            # A margin under the printer's minimum is the document's to report, once.
            contents_per_page=self.contents_per_page(None if problems is None else []),
        )
        try:
            return pad_for_printer(pages, self.profile, self.trim, self.paper)
        except ConfigKeyError as error:
            if problems is None:
                raise
            problems.append(error)
            return pages

    def contents_per_page(self, problems: list[ConfigKeyError] | None = None) -> int:
        """Contents lines a page holds: fewer than the usual 28 on a short page."""
        # Only the inside margin follows the page count, and it does not change the height.
        requested = self.book.page.margins
        margins = resolve_margins(
            {"top": requested.top, "bottom": requested.bottom},
            self.profile,
            0,
            self.book.page.bleed,
            problems,
        )
        height = self.trim[1] - margins.top - margins.bottom
        return min(CONTENTS_LINES_PER_PAGE, contents_lines(height))

    def key_pages(self, groups: list[Group]) -> list[PlannedPage]:
        return paginate_book(
            title_page=False,
            how_to=False,
            contents_entries=0,
            groups=[],
            answers=self.answer_pages(groups),
            worksheet=True,
        )

    def answer_pages(self, groups: list[Group]) -> list[AnswerPage]:
        """The answers packed onto the key's pages (``answer_pages``); a worksheet set's
        key takes them section by section, each student's found by its variant code."""
        return answer_pages(groups, lambda group: self.has_answers(group.section), by_section=self.worksheet)

    def document(
        self, pages: list[PlannedPage], *, is_key: bool = False, problems: list[ConfigKeyError] | None = None
    ) -> Document | None:
        """Frames for ``pages``: margins follow the final page count (KDP's gutter table).
        With ``problems`` given, margin problems go there, and None stands for a document
        whose pages cannot be framed."""
        # A separate teacher's key is printed at home: no bleed, no printer padding.
        profile = get_profile("home") if is_key else self.profile
        # A printer that prints no bleed (home) gives no page room past the trim: thumb tabs
        # meant to run off into it would sit on the unprintable edge instead.
        bleed = self.book.page.bleed and not is_key and profile.bleed_rule != "none"
        margins = resolve_margins(self.book.page.margins.model_dump(), profile, len(pages), bleed, problems)
        try:
            frames = [page_frame(p.number, self.trim, profile, bleed, margins) for p in pages]
        except ConfigKeyError as error:
            if problems is None:
                raise
            problems.append(error)
            return None
        return Document(pages, frames, bleed)

    def area(self, frame: PageFrame, kind: str) -> Box:
        return body_area(frame, kind, bool(self.worksheet_fields), self.sizes)

    def maze_area(self, frame: PageFrame, kind: str, section: int, opener_here: bool = False) -> Box:
        """Where the slots of a ``kind`` page of ``section`` go: the body area, less the
        section's inline opener where it opens so (``opener_here``: on this page; on its
        other pages, the same room)."""
        area = self.area(frame, kind)
        if kind == "puzzles" and self.book.opener_of(section) == "inline":
            return inline_opener_area(area, opener_here, self.sizes)
        return area

    def _written(self, copy: int | None) -> list[str]:
        """What a worksheet prints on each of its fields' lines: the date on the Date line
        when the worksheets give one, the student's name on the first other line when
        they name students; '' leaves a line blank to write on."""
        written = [""] * len(self.worksheet_fields)
        if self.date_field is not None:
            assert self.book.worksheet.date is not None  # date_field is set for a date
            written[self.date_field] = self.words.date(self.book.worksheet.date)
        name = " ".join((self.name(copy) or "").split())
        lines = [i for i in range(len(written)) if i != self.date_field]
        if name and lines:
            written[lines[0]] = name
        return written

    def name(self, copy: int | None) -> str | None:
        """The student a worksheet copy is for, when the worksheets name them."""
        names = self.book.worksheet.names
        return names[copy] if copy is not None and names else None

    def fit(
        self,
        frame: PageFrame,
        kind: str,
        per_page: int,
        section: int,
        topology: Topology,
        slot: int = 0,
        opener_here: bool = False,
    ) -> Placement:
        """Where a maze of ``section`` on ``topology`` goes in slot ``slot`` of a ``kind`` page
        (which the section's inline opener heads if ``opener_here``); a ConfigKeyError on the
        section's size (or rings) when it cannot go there, suggesting what would fit."""
        spec = self.book.sections[section]
        minimum = self.book.worksheet.min_cell if kind == "worksheet" else MIN_CELL_PT
        key = ("sections", section, "rings" if shape_named(spec.shape).takes_rings else "size")
        area = self.maze_area(frame, kind, section, opener_here)
        try:
            return place_maze(
                slot_boxes(area, per_page)[slot],
                topology,
                minimum,
                key,
                sizes=self.sizes,
                side_room=self.word_room(section),
            )
        except ConfigKeyError:
            setting = "answer_key.per_page" if kind == "answers" else "per_page"
            # The most mazes a page could hold at this size, or what else would make room.
            fewer = next(
                (
                    count
                    for count in sorted(GRIDS, reverse=True)
                    if count < per_page
                    and _fits(
                        slot_boxes(area, count)[0], topology, minimum, self.sizes, self.word_room(section)
                    )
                ),
                None,
            )
            instead = (
                f"{setting}: {fewer}"
                if fewer
                else "a smaller worksheet.min_cell, narrower margins or a larger page.size"
                if kind == "worksheet"
                else "narrower margins or a larger page.size"
            )
            asked = self.book.answer_key.per_page
            key_count = f"{setting}: {per_page}" if per_page == asked else f"even {per_page} a page"
            where = (
                f"in the answer key ({key_count}), "
                if kind == "answers"
                else "on a worksheet (worksheet.min_cell), "
                if kind == "worksheet"
                else ""
            )
            try:
                place_maze(
                    slot_boxes(area, per_page)[slot],
                    topology,
                    minimum,
                    key,
                    instead,
                    self.sizes,
                    self.word_room(section),
                )
            except ConfigKeyError as better:
                error = better
            raise ConfigKeyError(key, where + error.message) from None

    def sized_by_name(self, group: Group) -> bool:
        """Whether ``group``'s maze is a student's name, its grid sized to the letters."""
        section = self.book.sections[group.section]
        return (
            self.worksheet
            and section.size is None
            and section.mask is not None
            and section.mask.kind == "text"
            and self.name(group.copy) is not None
        )

    def fit_name(
        self, frame: PageFrame, answer_frame: PageFrame, group: Group, topology: Topology
    ) -> Placement:
        """Where a student's name maze goes on its worksheet; a ConfigKeyError on the
        student's line of ``worksheet.names`` when it is too wide for the page at
        ``worksheet.min_cell`` (or for a page of the key, one answer a page), saying what
        would work."""
        section, name = self.book.sections[group.section], self.name(group.copy)
        assert name is not None and group.copy is not None  # sized_by_name: a student's copy
        minimum = self.book.worksheet.min_cell
        slot = slot_boxes(self.area(frame, "worksheet"), section.per_page)[0]
        key_slot = slot_boxes(self.area(answer_frame, "answers"), 1)[0]
        keyed = self.has_answers(group.section)
        drawn = _DrawnWith(sizes=self.sizes, side_room=self.word_room(group.section))

        def fits(grid: Topology, least: float) -> bool:
            return _fits(slot, grid, least, **drawn) and (
                not keyed or _fits(key_slot, grid, MIN_CELL_PT, **drawn)
            )

        if fits(topology, minimum):
            return place_maze(slot, topology, minimum, (), **drawn)
        # How much wider the name is than what fits: on its sheet at min_cell, and in the key.
        largest = place_maze(slot, topology, 0.0, (), **drawn).cell * topology.corridor
        room = min(
            largest / minimum,
            place_maze(key_slot, topology, 0.0, (), **drawn).cell * topology.corridor / MIN_CELL_PT
            if keyed
            else largest / minimum,
        )
        works = []
        if fits(topology, min(largest, minimum)):
            works.append(f"worksheet.min_cell: {units.format_mm(largest, down=True)} or less")
        letters = math.floor(sum(char.isalnum() for char in name) * room)
        if letters >= 1:
            works.append(f"a shorter name (about {letters} letter{' fits' if letters == 1 else 's fit'})")
        split = two_lines(name)
        if split is not None and fits(self.book.grid_for(group.section, split), minimum):
            written = split.replace("\n", "\\n")
            works.append(f'two lines, written "{written}"')
        works = works or ["a larger page.size"]
        raise ConfigKeyError(
            ("worksheet", "names", group.copy),
            f"'{' '.join(name.split())}' needs a maze of {topology.describe()} cells for its "
            f"letters to be {MIN_LETTER_ROWS} cells tall with strokes 2 cells thick, too wide "
            f"for the page at worksheet.min_cell {units.format_mm(minimum)}"
            f"{' or for its answer in the key' if keyed else ''}. What would work: "
            f"{'; '.join(works)}",
        )

    def word_room(self, section: int) -> float:
        """Points to leave left and right of a maze of ``section`` for START or FINISH beside
        an opening there: the wider word, clear of the thickest wall."""
        if self.fonts is None or self.book.markers_of(section) == "arrows":
            return 0.0
        widest = max(stringWidth(word, self.fonts.bold, self.sizes.word) for word in self.end_words)
        return CLEAR_PT + MAX_WALL_PT / 2 + widest + 1

    def jobs(
        self,
        groups: list[Group],
        main: Document,
        answers: Document,
        problems: list[ConfigKeyError] | None = None,
    ) -> list[MazeJob]:
        """One job per maze; arrow sizes come from the cell size its pages will give it. With
        ``problems`` given, a maze that does not fit its slot is noted there (and its job
        made anyway, to be checked for what else may be wrong), not raised."""
        book, jobs = self.book, []
        puzzle_frame = next(
            f for p, f in zip(main.pages, main.frames, strict=True) if p.kind == self.puzzle_kind
        )
        answer_frame = answers.frames[0]
        fit = self.fit if problems is None else partial(_noting, problems, self.fit)
        # The grid of the key page each answer lands on: a page may mix counts.
        answer_grid = {
            position: page.per_page
            for page in answers.pages
            if page.kind == "answers"
            for position in page.mazes
        }
        for group in groups:
            section = book.sections[group.section]
            mask = book.mask_spec(group.section, self.name(group.copy))
            grid = self.grid(group)
            # A journey's arrows are sized for its tiles, in its pages and in a tiled key.
            fit_tile = (
                self.tile_placement if problems is None else partial(_noting, problems, self.tile_placement)
            )
            first_tile = self.tiling(group.section).tiles()[0] if group.tiles else None
            if self.sized_by_name(group) and problems is not None:
                puzzle = _noting(problems, self.fit_name, puzzle_frame, answer_frame, group, grid)
            elif first_tile is not None:
                puzzle = fit_tile(puzzle_frame, "puzzles", group.section, first_tile)
            else:
                puzzle = fit(puzzle_frame, self.puzzle_kind, group.per_page, group.section, grid)
            # A section kept out of the key must not be refused for the key's smaller slots;
            # one too large for its own pages is refused for that alone.
            # Its answers' arrows are sized for the densest key page any of them lands on.
            densest = (
                max((answer_grid.get(position, 0) for position in group.mazes), default=0)
                or group.answers_per_page
            )
            if not (puzzle and self.has_answers(group.section)):
                answer = puzzle
            elif group.tiled_key and first_tile is not None:
                answer = fit_tile(answer_frame, "answers", group.section, first_tile)
            else:
                answer = fit(answer_frame, "answers", densest, group.section, grid)
            seed_key = section.slug if group.copy is None else f"{section.slug}/copy-{group.copy + 1}"
            # A polar section has rings instead; a file mask gives the grid its size.
            width, height, _ = shape_named(section.shape).size_fields(grid.dimensions)
            for index in range(len(group.mazes)):
                jobs.append(
                    MazeJob(
                        section=group.section,
                        index=index,
                        seed_key=seed_key,
                        book_seed=book.seed,
                        algorithm=section.algorithm,
                        options=tuple(sorted(section.options.items())),
                        shape=section.shape,
                        width=width,
                        height=height,
                        rings=section.rings,
                        endpoints=section.endpoints,
                        mask=mask,
                        braid=section.braid,
                        weave=section.weave,
                        min_solution_share=section.min_solution_share,
                        marker_size=puzzle.marker_cells if puzzle else 1.0,
                        answer_marker_size=answer.marker_cells if answer else 1.0,
                        where=format_key(("sections", group.section, "min_solution_share")),
                    )
                )
        return jobs

    def number(self, groups: list[Group], made: list[MadeMaze]) -> list[Printed]:
        """Order each section as asked, then number the mazes in print order and rate them.

        A worksheet copy numbers its own mazes from 1, beside its variant code. Stars are
        fitted to the whole book (every copy of a worksheet set): its easiest maze gets 1,
        its hardest 5 (``StarScale``).
        """
        scale = StarScale.fitted(difficulty_score(maze.stats) for maze in made)
        printed: list[Printed] = []
        per_copy: dict[int | None, int] = {}
        for group in groups:
            mazes = [made[i] for i in group.mazes]
            if self.book.sections[group.section].order == "difficulty":
                mazes = order_by_difficulty(mazes)
            variant = variant_code(self.book.seed, group.copy) if group.copy is not None else None
            for maze in mazes:
                per_copy[group.copy] = per_copy.get(group.copy, 0) + 1
                printed.append(
                    Printed(
                        maze,
                        len(printed) + 1,
                        str(per_copy[group.copy]),
                        stars(difficulty_score(maze.stats), scale),
                        variant,
                    )
                )
        return printed

    def place(self, printed: list[Printed], main: Document, answers: Document) -> None:
        """Fix every maze's page and box, puzzles in ``main`` and answers in ``answers``."""
        for doc, kinds in ((main, {self.puzzle_kind}), (answers, {"answers"})):
            for page, frame in zip(doc.pages, doc.frames, strict=True):
                if page.kind not in kinds:
                    continue
                if page.tile is not None:
                    self.place_tile(printed[page.mazes[0]], page, frame)
                    continue
                for slot, position in enumerate(page.mazes):
                    item = printed[position]
                    placement = self.fit(
                        frame,
                        page.kind,
                        page.per_page,
                        item.made.job.section,
                        item.made.maze.topology,
                        slot,
                        page.opener,
                    )
                    if page.kind == "answers":
                        item.answer_page, item.answer_placement = page.number, placement
                    else:
                        item.page, item.placement = page.number, placement

    def place_tile(self, item: Printed, page: PlannedPage, frame: PageFrame) -> None:
        """Fix the page and box of the tile of journey ``item`` that ``page`` shows; its
        first tile's stand for the whole journey's."""
        assert page.tile is not None  # a page of a journey shows one of its tiles
        section = item.made.job.section
        tile = self.tiling(section).tiles()[page.tile]
        placement = self.tile_placement(frame, page.kind, section, tile, page.opener)
        if page.kind == "answers":
            item.answer_tile_pages.append(page.number)
            item.answer_tile_placements.append(placement)
            if page.tile == 0:
                item.answer_page, item.answer_placement = page.number, placement
        else:
            item.tile_pages.append(page.number)
            item.tile_placements.append(placement)
            if page.tile == 0:
                item.page, item.placement = page.number, placement

    def journey_record(self, item: Printed) -> dict | None:
        """The manifest's ``journey`` of a journey's maze (None for any other): its grid of
        pages, and each tile's cells (x, y, width, height in the whole maze), page and box,
        and where the key shows it a page a tile, its page and box there."""
        if not item.tile_pages:
            return None
        tiling = self.tiling(item.made.job.section)
        tiles = []
        for index, tile in enumerate(tiling.tiles()):
            record: dict = {
                "page": item.tile_pages[index],
                "cells": [tile.x, tile.y, tile.width, tile.height],
                "bbox": [round(v, 3) for v in item.tile_placements[index].bbox],
            }
            if item.answer_tile_pages:
                record["answer_page"] = item.answer_tile_pages[index]
                record["answer_bbox"] = [round(v, 3) for v in item.answer_tile_placements[index].bbox]
            tiles.append(record)
        return {"pages": len(tiles), "columns": tiling.columns, "rows": tiling.rows, "tiles": tiles}

    def contents(self, pages: list[PlannedPage]) -> list[Entry]:
        """Each section at its first page (its opener page, or its first page of mazes when
        it opens inline or without an opener; a worksheet set's first copy), and the answers."""
        entries, listed = [], set()
        for page in pages:
            if page.section is not None and page.section not in listed:
                listed.add(page.section)
                entries.append(
                    (self.book.sections[page.section].title, page.number, f"section-{page.section}")
                )
            elif page.kind == "answers" and page.first_of_kind:
                entries.append((self.words.pgettext("contents.answers", "Answers"), page.number, "answers"))
        return entries

    def how_to_body(self, answer_refs: bool, printed: list[Printed] | None = None) -> str:
        """The how-to page's text: the config's, or one that explains what the book has, as
        its ``printed`` mazes show it (unset: as its config allows, before they are made)."""
        book = self.book
        if book.front_matter.how_to_text:
            return book.front_matter.how_to_text
        rated = book.worksheet.stars if book.layout == "worksheet" else book.show_rating
        recipes = set()
        if not self.profile.retail:  # a shop's buyer is told nothing of the codes under mazes
            recipes = {book.recipe_of(index) for index in range(len(book.sections))}
            if any(
                book.recipe_of(index) == "code" and (section.mask or section.options)
                for index, section in enumerate(book.sections)
            ):
                recipes.add("full")  # a silhouette, or options, print their recipe: no code says them
        return how_to_text(self.words, self.section_facts(printed), rated, answer_refs, recipes)

    def section_facts(self, printed: list[Printed] | None) -> list[SectionFacts]:
        """What each section's mazes show a reader: from the ``printed`` mazes, else from
        the config."""
        facts = []
        for index, section in enumerate(self.book.sections):
            answers, markers = self.has_answers(index), self.book.markers_of(index)
            if printed is None:
                facts.append(
                    SectionFacts.of_config(
                        section.title,
                        section.shape,
                        section.endpoints,
                        section.braid,
                        answers,
                        markers,
                        section.journey is not None,
                        section.weave,
                    )
                )
            else:
                made = [item.made for item in printed if item.made.job.section == index]
                facts.append(
                    SectionFacts.of_mazes(section.title, made, answers, markers, section.journey is not None)
                )
        return facts

    def caption(self, made: MadeMaze) -> str:
        """What prints under a maze: its recipe, its code (the recipe where no code can carry
        it) or nothing, as ``Book.recipe_of`` says for its section; in a book sold in shops
        (``Profile.retail``) only a bare code or seed for the publisher's records."""
        mode = self.book.recipe_of(made.job.section)
        if mode == "none":
            return ""
        code = recipe_code(made.maze) if mode == "code" else None
        if self.profile.retail:
            # For the publisher's records, not the buyer: bare, and where no code can carry
            # the maze its seed, which the manifest lists beside everything else that made it.
            return code or f"seed {made.seed}"
        return f"maze code {code}" if code else recipe(made.maze)

    def art_job(self) -> MazeJob:
        """The title page's maze, in the book's shape (``Book.title_art_shape``), seeded like
        every other maze, by the name 'cover'. Like every puzzle a buyer sees, it opens on
        opposite sides (a polar maze: from its rim to its middle)."""
        shape = shape_named(self.book.title_art_shape)
        width, height, rings = shape.size_fields(shape.title_art)
        return MazeJob(
            section=-1,
            index=0,
            seed_key=TITLE_ART["seed_key"],
            book_seed=self.book.seed,
            algorithm=TITLE_ART["algorithm"],
            options=(),
            width=width,
            height=height,
            endpoints=shape.endpoints,
            min_solution_share=None,
            shape=shape.name,
            rings=rings,
        )

    def view(
        self,
        doc: Document,
        entries: list[Entry],
        art: MadeMaze | None,
        *,
        title: str,
        outline: bool,
        links: bool,
        is_key: bool,
        answer_refs: bool,
        book_pages: int,
    ) -> DocumentView:
        """What every page of ``doc`` shows, ready to draw; ``book_pages``: the interior's
        page count, which a subtitle's ``{pages}`` names."""
        book = self.book
        subtitle = fill_counts(book.subtitle, book_counts(book, book_pages), self.words.number)
        sheets = []
        for page, frame in zip(doc.pages, doc.frames, strict=True):
            tab = (
                (page.section, len(book.sections))
                if doc.bleed and page.kind in ("opener", "puzzles") and page.section is not None
                else None
            )
            marks = [entry for entry in entries if entry[1] == page.number] if outline else []
            view = self._page_view(doc, page, entries, art, links, is_key, answer_refs, subtitle)
            sheets.append(SheetView(frame, view, tab, marks))
        return DocumentView(
            title=title,
            author=book.author,
            subject=subtitle,
            bleed=doc.bleed,
            outline=outline,
            language=self.words.language,
            sheets=sheets,
            inks=book.inks,
        )

    def _page_view(
        self,
        doc: Document,
        page: PlannedPage,
        entries: list[Entry],
        art: MadeMaze | None,
        links: bool,
        is_key: bool,
        answer_refs: bool,
        subtitle: str,
    ):
        book, kind = self.book, page.kind
        if kind == "title":
            assert art is not None  # prepare makes the art of every book with a title page
            count = len(doc.printed)
            if answer_refs:
                blurb = self.words.npgettext(
                    "title.mazes-answers",
                    "{count} maze, with answers at the back",
                    "{count} mazes, with answers at the back",
                    count,
                )
            else:
                blurb = mazes(self.words, count)
            return TitleView(book.title, subtitle, book.author, blurb, art.maze)
        if kind == "how_to":
            heading = self.words.pgettext("how-to.heading", "How to solve these mazes")
            return HowToView(heading, self.how_to_body(answer_refs, doc.printed), self.sizes)
        if kind == "contents":
            start, end = page.contents_slice
            heading = (
                self.words.pgettext("contents.heading", "Contents")
                if page.first_of_kind
                else self.words.pgettext("contents.continued", "Contents (continued)")
            )
            return ContentsView(heading, entries[start:end], links)
        if kind == "opener":
            assert page.section is not None  # pagination gives an opener its section
            return self._opener_view(doc, page.section)
        if kind in ("puzzles", "worksheet"):
            assert page.section is not None  # pagination gives a page of mazes its section
            section = book.sections[page.section]
            items = [doc.printed[i] for i in page.mazes]
            slots = []
            if page.tile is not None:
                slots.append(self._tile_on_page(items[0], page.tile, False, answer_refs))
                items = []
            for item in items:
                assert item.placement is not None  # BookPlan.place places every printed maze
                slots.append(
                    MazeOnPage(
                        item.made.drawing,
                        item.placement,
                        item.label,
                        self.words.pgettext("maze.answer-page", "answer p. {page}", page=item.answer_page)
                        if item.answer_page and answer_refs
                        else "",
                        self.caption(item.made),
                        item.stars if book.show_rating and kind == "puzzles" else None,
                        self._style(False, item.placement, section=item.made.job.section),
                        self.sizes.number,
                        book.markers_of(item.made.job.section),
                        self.sizes.word,
                        self.end_words,
                    )
                )
            if kind == "puzzles":
                return PuzzlesView(
                    section.title,
                    section.instructions,
                    section.difficulty or "",
                    slots,
                    self._opener_view(doc, page.section) if page.opener else None,
                    self.sizes,
                )
            rating = max(p.stars for p in items) if book.worksheet.stars else None
            return WorksheetView(
                # Each label as the language writes one before a line to fill in: "Name:"; a
                # label written with its colon already ("Naam:") gets no second one.
                [
                    self.words.pgettext("worksheet.field", "{field}:", field=field.rstrip(FIELD_ENDS))
                    for field in self.worksheet_fields
                ],
                section.title,
                section.instructions,
                rating,
                self.words.pgettext("worksheet.variant", "Variant {code}", code=items[0].variant),
                slots,
                self._written(page.copy),
                self.sizes,
            )
        if kind == "answers":
            slots = []
            if page.tile is not None:
                slots.append(self._tile_on_page(doc.printed[page.mazes[0]], page.tile, True, answer_refs))
            for position in page.mazes if page.tile is None else []:
                item = doc.printed[position]
                # The key holds only mazes with a solution, each placed by BookPlan.place.
                assert item.made.answer is not None and item.answer_placement is not None
                label = f"{item.variant} · {item.label}" if item.variant else item.label
                slots.append(
                    MazeOnPage(
                        item.made.answer,
                        item.answer_placement,
                        label,
                        self.words.pgettext("answers.puzzle-page", "puzzle p. {page}", page=item.page),
                        self.caption(item.made),
                        None,
                        self._style(
                            True, item.answer_placement, item.made.maze.topology, item.made.job.section
                        ),
                        self.sizes.number,
                        book.markers_of(item.made.job.section),
                        self.sizes.word,
                        self.end_words,
                    )
                )
            words = self.words
            if page.tile is not None:
                item = doc.printed[page.mazes[0]]
                detail = words.pgettext(
                    "answers.journey-part",
                    "The part of maze {number} on page {page}.",
                    number=item.number,
                    page=item.tile_pages[page.tile],
                )
            elif book.layout == "worksheet":
                detail = words.pgettext(
                    "answers.worksheets",
                    "Each worksheet's solutions, found by the variant code printed on it.",
                )
            # A maze with loops has more than one way through: the key draws the shortest.
            elif any(item.made.stats.loops for item in doc.printed):
                detail = words.pgettext(
                    "answers.shortest",
                    "The shortest way through each maze, marked by its number and the page it is on.",
                )
            else:
                detail = words.pgettext(
                    "answers.solution",
                    "The solution of each maze, marked by its number and the page it is on.",
                )
            heading = (
                words.pgettext("answers.key-heading", "Answer key: {title}", title=book.title)
                if is_key
                else words.pgettext("answers.heading", "Answers")
            )
            return AnswersView(heading, detail, slots)
        if kind == "blank":
            return BlankView()
        if kind == "draw":
            return DrawView(
                self.words.pgettext("draw.heading", "Draw your own maze"),
                self.words.pgettext(
                    "draw.body",
                    "Draw walls along the grid lines, leave one way in and one way out, "
                    "then give it to someone to solve.",
                ),
            )
        return NotesView(self.words.pgettext("notes.heading", "Notes"))

    def _tile_on_page(self, item: Printed, index: int, answer: bool, answer_refs: bool) -> MazeOnPage:
        """What a page of journey ``item`` shows: its ``index``-th tile, with a connector at
        each corridor that runs on to another page, naming that page (in the key, the key's).
        The first tile carries the journey's number, stars and page reference; the last its
        caption; the answer's tiles the solution's pieces on them."""
        made, section = item.made, item.made.job.section
        assert self.fonts is not None  # a book's pages are composed with its fonts loaded
        tiling = self.tiling(section)
        tiles = tiling.tiles()
        tile = tiles[index]
        maze = tile_maze(made.maze, tile)
        pages = item.answer_tile_pages if answer else item.tile_pages
        placement = (item.answer_tile_placements if answer else item.tile_placements)[index]
        drawing = maze_drawing(maze, None, placement.marker_cells)
        if section not in self._ends:  # worked out once for all its pages and its key's
            self._ends[section] = connectors(tiling, crossings(made.maze, tiling))
        texts = [
            (end.side, end.at, self.connector_text(end.label, end.arrow, pages[end.to]))
            for end in self._ends[section][index]
        ]
        route: list = []
        if answer:
            assert made.solution is not None  # the key holds only mazes with a solution
            if self.book.answer_key.style == "cells":
                drawing = replace(drawing, solution_cells=route_cells(made.maze, made.solution, tile))
            else:
                route = route_pieces(made.maze, made.solution, tile)
        first, book = index == 0, self.book
        if answer:
            note = self.words.pgettext("answers.puzzle-page", "puzzle p. {page}", page=item.tile_pages[index])
        elif item.answer_page and answer_refs:
            note = self.words.pgettext("maze.answer-page", "answer p. {page}", page=item.answer_page)
        else:
            note = ""
        style = self._style(answer, placement, made.maze.topology, section)
        return MazeOnPage(
            drawing,
            placement,
            item.label if first else "",
            note if first else "",
            self.caption(made) if index == len(tiles) - 1 else "",
            item.stars if first and book.show_rating and not answer else None,
            style,
            self.sizes.number,
            book.markers_of(section),
            self.sizes.word,
            self.end_words,
            route=route,
            connectors=set_connectors(placement, texts, self.fonts.bold),
        )

    def _opener_view(self, doc: Document, section: int) -> OpenerView:
        """What opens section ``section``, on a page of its own or above its first maze."""
        spec = self.book.sections[section]
        printed = [p for p in doc.printed if p.made.job.section == section]
        # Readers get sizes and numbers; the algorithm's technical summary is for designers.
        about = opener_about(
            self.words,
            len(printed),
            printed[0].made.maze.topology,
            printed[0].number,
            printed[-1].number,
            spec.journey.pages if spec.journey else 0,
        )
        rating = round(sum(p.stars for p in printed) / len(printed)) if self.book.show_rating else None
        return OpenerView(spec.title, spec.difficulty or "", spec.instructions, about, rating, self.sizes)

    def _style(
        self, answer: bool, placement: Placement, topology: Topology | None = None, section: int = 0
    ) -> Style:
        key = self.book.answer_key
        arrows = self.book.markers_of(section) != "words"
        if not answer:
            return Style(wall_width=placement.wall_width, arrows=arrows)
        assert topology is not None  # an answer's line is sized to its maze's corridors
        wall = self.answer_wall(placement)
        line = self.solution_line(placement, topology)
        if self.book.interior_inks == "color":
            return Style(
                wall_width=wall,
                wall_grey=key.wall_grey,
                solution=key.style,
                solution_color=key.color or Style.solution_color,
                solution_width=line,
                arrows=arrows,
            )
        return Style(
            wall_width=wall,
            wall_grey=key.wall_grey,
            solution=key.style,
            solution_grey=GREY_SOLUTION,
            solution_width=line,
            arrows=arrows,
        )

    def solution_line(self, placement: Placement, topology: Topology) -> float:
        """The answer key's solution line for a maze on ``topology`` at ``placement``: a share
        of the cell, broader in a black-and-white interior (where only its width and tone
        tell it from the walls), and never wider than the corridor between the walls, which
        light grey walls, drawn wider, narrow."""
        cell = placement.cell
        width = (
            solution_width(cell)
            if self.book.interior_inks == "color"
            else printed_width(grey_solution_width(cell), GREY_SOLUTION)
        )
        return within_corridor(width, clear_corridor(placement, topology, self.answer_wall(placement)))


def book_counts(book: Book, pages: int) -> dict[str, int]:
    """What ``{mazes}``, ``{pages}`` and ``{sections}`` (``wording.BOOK_COUNTS``) stand for
    in the book's own text: its mazes, its interior's ``pages`` and its sections."""
    return {"mazes": book.maze_count, "pages": pages, "sections": len(book.sections)}
