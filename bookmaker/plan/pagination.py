"""Pagination: which page holds what, decided before anything is drawn.

Page numbers are known up front, so a puzzle can name its answer's page and
the contents can name every section's first page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..errors import ConfigKeyError
from ..layout.page_geometry import PageFrame, Placement
from ..profiles import Profile
from ..wording import listing, plural
from .mazes import MadeMaze

PageKind = Literal[
    "title", "how_to", "contents", "opener", "puzzles", "answers", "worksheet", "draw", "notes", "blank"
]
CONTENTS_LINES_PER_PAGE = 28  # at most; a short page holds fewer (layout.contents_lines)
# The padding pages' headings in English (the catalogue's source text), for the note on the
# command line that names them; the pages print them in the book's language.
PAD_TITLES = {"draw": "Draw your own maze", "notes": "Notes"}


@dataclass
class PlannedPage:
    """One page of the book as paginated before anything is drawn: what kind of page it is,
    its number, and what it holds (mazes, contents entries, a section's opener). The
    config's ``page:`` block, the trim and margins of every page, is ``config.Page``."""

    kind: PageKind
    number: int = 0
    section: int | None = None  # index into Book.sections
    mazes: list[int] = field(default_factory=list)  # indexes into the build's maze list
    copy: int | None = None  # worksheet variant, from 0
    first_of_kind: bool = False  # first page of its contents, section (in a copy) or answers
    contents_slice: tuple[int, int] = (0, 0)  # contents entries on this page
    per_page: int = 0  # the slots of a page of mazes: its grid, however many it holds
    opener: bool = False  # the section's opener (inline) heads this page of mazes
    tile: int | None = None  # the part of a journey this page shows (plan.journey), from 0


@dataclass(frozen=True)
class Group:
    """Mazes that share pages: a section, or one section of one worksheet copy."""

    section: int
    mazes: list[int]
    per_page: int
    copy: int | None = None
    opener: str = "page"  # page, inline or none (Book.opener_of); worksheets have none
    # In the answer key: the counts a page may hold of these answers (answer_key.per_page
    # and fewer) that keep their corridors 2 mm wide, most first.
    answer_grids: tuple[int, ...] = ()
    tiles: int = 0  # a journey's pages: its one maze is tiled across them (plan.journey)
    tiled_key: bool = False  # a journey's answer too is tiled, a page a tile, not reduced to one

    @property
    def answers_per_page(self) -> int:
        return self.answer_grids[0] if self.answer_grids else 0


def chunks(items: list[int], size: int) -> list[list[int]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


AnswerPage = tuple[int, list[int], int | None]  # answers the page's grid holds, positions, tile


def answer_pages(groups: list[Group], shown, by_section: bool = False) -> list[AnswerPage]:
    """The answers of the groups for which ``shown(group)`` holds, packed onto pages as
    (answers the page's grid holds, positions, None): each answer goes on the page before it
    while a grid that every answer there accepts (``Group.answer_grids``) has a slot left, so
    a change of count between sections wastes no page. ``by_section`` takes the groups
    section by section (a worksheet set's copies side by side), so that answers alike sit
    together. A journey whose key is tiled takes a page a tile: (1, [position], tile)."""
    if by_section:
        groups = sorted(groups, key=lambda group: group.section)  # stable: copies stay in order
    pages: list[tuple[set[int], list[int], int | None]] = []
    for group in groups:
        if not shown(group):
            continue
        if group.tiled_key:  # a page a tile, which no other answer joins
            pages += [({1}, list(group.mazes), tile) for tile in range(group.tiles)]
            continue
        grids = set(group.answer_grids)
        for position in group.mazes:
            if pages and pages[-1][2] is None:
                common = pages[-1][0] & grids
                if common and max(common) > len(pages[-1][1]):
                    pages[-1] = (common, pages[-1][1] + [position], None)
                    continue
            pages.append((grids, [position], None))
    return [(max(grids), positions, tile) for grids, positions, tile in pages]


def paginate_book(
    *,
    title_page: bool,
    how_to: bool,
    contents_entries: int,
    groups: list[Group],
    answers: list[AnswerPage] | None,
    worksheet: bool,
    contents_per_page: int = CONTENTS_LINES_PER_PAGE,
) -> list[PlannedPage]:
    """The page sequence of a book or worksheet set, numbered from 1; ``answers`` come as
    (answers a page, positions, tile) (``answer_pages``); a journey takes a page a tile."""
    pages: list[PlannedPage] = []
    if title_page:
        pages.append(PlannedPage("title"))
    if how_to:
        pages.append(PlannedPage("how_to"))
    if contents_entries:
        for start in range(0, contents_entries, contents_per_page):
            end = min(contents_entries, start + contents_per_page)
            pages.append(PlannedPage("contents", contents_slice=(start, end), first_of_kind=start == 0))
    for group in groups:
        if group.opener == "page":
            pages.append(PlannedPage("opener", section=group.section))
        if group.tiles:
            pages += [
                PlannedPage(
                    "puzzles",
                    section=group.section,
                    mazes=list(group.mazes),
                    first_of_kind=tile == 0,
                    per_page=1,
                    opener=tile == 0 and group.opener == "inline",
                    tile=tile,
                )
                for tile in range(group.tiles)
            ]
            continue
        for index, on_page in enumerate(chunks(group.mazes, group.per_page)):
            pages.append(
                PlannedPage(
                    "worksheet" if worksheet else "puzzles",
                    section=group.section,
                    mazes=on_page,
                    copy=group.copy,
                    first_of_kind=index == 0,
                    per_page=group.per_page,
                    opener=index == 0 and group.opener == "inline",
                )
            )
    first = True
    for per_page, positions, tile in answers or []:
        for on_page in chunks(positions, per_page):
            pages.append(
                PlannedPage("answers", mazes=on_page, first_of_kind=first, per_page=per_page, tile=tile)
            )
            first = False
    for number, page in enumerate(pages, start=1):
        page.number = number
    return pages


def pad_for_printer(
    pages: list[PlannedPage], profile: Profile, trim: tuple[float, float], paper: str | None = None
) -> list[PlannedPage]:
    """Meet the printer's page-count rule for ``paper`` (None: not known) with useful pages,
    grids to draw a maze and notes, and end on the blank page a printer that wants one would
    otherwise add itself: every page the printer prints is in the book, and in its count."""
    rule = profile.page_count_rule(*trim, paper)
    blank = 1 if profile.blank_last_page else 0
    target = max(len(pages) + blank, rule.min_pages)
    if rule.must_be_even:
        target += target % 2
    if rule.max_pages is not None and target > rule.max_pages:
        raise ConfigKeyError(
            "sections",
            f"the book needs {target} pages, {target - rule.max_pages} over the {profile.name} "
            f"limit of {rule.max_pages} at this trim{f' on {paper} paper' if paper else ''}; lower "
            "some section's count or raise its per_page",
        )
    padded = list(pages)
    while len(padded) < target - blank:
        kind: PageKind = "draw" if (target - blank - len(padded)) % 2 == 0 else "notes"
        padded.append(PlannedPage(kind, number=len(padded) + 1))
    if blank:
        padded.append(PlannedPage("blank", number=len(padded) + 1))
    return padded


def padding_note(
    pages: list[PlannedPage], profile: Profile, trim: tuple[float, float], paper: str | None = None
) -> str | None:
    """The line that tells the user what ``pad_for_printer`` added to ``pages`` and why, e.g.
    "kdp needs an even page count; added 1 'Notes' page", or None when nothing was added."""
    added = {kind: sum(page.kind == kind for page in pages) for kind in PAD_TITLES}
    count = sum(added.values())
    blank = 1 if pages and pages[-1].kind == "blank" else 0
    if not count and not blank:
        return None
    rule = profile.page_count_rule(*trim, paper)
    short = len(pages) - count < rule.min_pages
    needs = []
    if short:
        needs.append(f"at least {plural(rule.min_pages, 'page')}")
        if rule.must_be_even and rule.min_pages % 2:
            needs.append("an even count")
    elif count:
        needs.append("an even page count")
    if blank:
        needs.append("its last page blank")
    kinds = [(number, f"'{PAD_TITLES[kind]}'") for kind, number in added.items() if number]
    kinds += [(1, "blank")] if blank else []
    if len(kinds) == 1:
        what = plural(kinds[0][0], f"{kinds[0][1]} page")
    else:
        total = count + blank
        parts = [f"{number} {title}" for number, title in kinds]
        what = f"{plural(total, 'page')}: " + listing(parts, last="and")
    return f"{profile.name} needs {listing(needs, last='and')}; added {what}"


@dataclass
class Printed:
    """One maze as the book prints it."""

    made: MadeMaze
    number: int
    label: str
    stars: int
    variant: str | None = None
    page: int = 0
    placement: Placement | None = None
    answer_page: int | None = None
    answer_placement: Placement | None = None
    # A journey's pages and tiles' boxes, in its tiles' order; its answer's, when tiled too.
    tile_pages: list[int] = field(default_factory=list)
    tile_placements: list[Placement] = field(default_factory=list)
    answer_tile_pages: list[int] = field(default_factory=list)
    answer_tile_placements: list[Placement] = field(default_factory=list)


@dataclass
class Document:
    """One PDF to write: its pages and what they reference."""

    pages: list[PlannedPage]
    frames: list[PageFrame]
    bleed: bool
    printed: list[Printed] = field(default_factory=list)
