"""The plan of one book: groups, pages, margins, seeds, numbers, boxes, and what each page shows.

``BookPlan`` decides everything before a page is drawn: which page holds
what (pagination), where every maze goes (layout), the jobs that make the
mazes (seeded from the book seed and section ids), how they are numbered
and rated, and finally the ``views`` the renderer draws. It reads the
validated config it is handed but does not import the config layer.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..errors import ConfigKeyError, format_key
from ..fonts import FontPair
from ..layout import (
    GRIDS, MIN_ANSWER_CORRIDOR_PT, MIN_CELL_PT, Box, PageFrame, Placement, body_area,
    clear_corridor, contents_lines, page_frame, place_maze, grey_solution_width, printed_width,
    CLEAR_PT, END_WORDS, MAX_WALL_PT, TEXT_SIZES, TextSizes, resolve_margins, slot_boxes, solution_width, within_corridor,
)
from ..maze import recipe
from ..maze.codes import recipe_code
from ..maze.topology import Topology
from ..profiles import RECIPES, get_profile
from ..views import (
    AnswersView, ContentsView, DocumentView, DrawView, Entry, HowToView, MazeOnPage, NotesView,
    OpenerView, PuzzlesView, SheetView, Style, TitleView, WorksheetView,
)
from .mazes import (
    MadeMaze, MazeJob, StarScale, difficulty_score, order_by_difficulty, stars, variant_code,
)
from .pagination import (
    CONTENTS_LINES_PER_PAGE, Document, Group, Page, Printed, answer_runs, pad_for_printer,
    paginate_book,
)

# A black-and-white answer key's path: 35 % black, lighter than the walls' 60 % so that
# tone as well as width tells them apart, and dark enough to stand out from the paper.
GREY_SOLUTION = 0.65
# The title page's maze: its seed comes from the book seed and this name, like a section's.
TITLE_ART = {"seed_key": "cover", "algorithm": "wilson", "width": 24, "height": 14}

if TYPE_CHECKING:  # the plan reads a Book; importing the config layer would run upwards
    from ..config import Book

HOW_TO_START = (
    "Start at the arrow with a ball on its tail, pointing into the maze, and find your way to "
    "the arrow with two heads pointing out. Where a maze starts or ends inside, a dot on a grey "
    "circle marks the start and a square on a grey square the finish. "
    "Every maze in this book is a perfect maze: there is exactly one path between any two "
    "places, so there are no loops to go round in, and every dead end means turn back."
)
HOW_TO_STARS = (
    "Stars beside a maze show how hard it is next to the other mazes in this book, from one "
    "star (the shortest, easiest paths) to five (the longest, with the most turns and choices)."
)
HOW_TO_ANSWERS = (
    "Stuck? The page number beside each maze tells you where its answer is, in the answer "
    "key at the back. Try a pencil first, and look only when you must."
)
HOW_TO_RECIPE = {
    "full": "The small print under a maze (its algorithm, size and seed) is its recipe: "
            "the bookmaker maze command remakes exactly that maze from it.",
    "code": "A maze code under a maze remakes it: bookmaker maze --code with the code prints "
            "exactly that maze again.",
    "none": "",
}


def how_to_text(stars: bool, answers: bool, recipes: tuple[str, ...] = ("full",)) -> str:
    """The default how-to page: it explains stars, the answer key and what prints under the
    mazes (``recipes``: the recipe modes the book uses) only where the book has them."""
    parts = [HOW_TO_START, HOW_TO_STARS if stars else "", HOW_TO_ANSWERS if answers else "",
             *(HOW_TO_RECIPE[mode] for mode in RECIPES if mode in recipes)]
    return "\n\n".join(part for part in parts if part)


# What a reader calls a maze of each shape, on a section's opening page.
MAZE_NOUNS = {"square": "maze", "hex": "hexagon maze", "triangle": "triangle maze",
              "polar": "round maze"}


def mazes(count: int, noun: str = "maze") -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def opener_about(count: int, topology: Topology, first: int, last: int) -> str:
    """What a section's opening page says of its mazes: '4 mazes of 8 x 10 cells, numbers 5
    to 8.'"""
    numbers = f"number {first}" if first == last else f"numbers {first} to {last}"
    return f"{about_mazes(count, topology)}, {numbers}."


def about_mazes(count: int, topology: Topology) -> str:
    """'4 mazes of 8 x 10 cells', '2 hexagon mazes of 12 x 10 cells', '3 round mazes of 8 rings'."""
    noun = MAZE_NOUNS[topology.kind]
    if topology.kind == "polar":
        return f"{mazes(count, noun)} of {topology.rings} rings"
    return f"{mazes(count, noun)} of {topology.width} x {topology.height} cells"



def _noting(problems: list[ConfigKeyError], step, *args):
    """``step(*args)``, or None with its problem added to ``problems``."""
    try:
        return step(*args)
    except ConfigKeyError as error:
        if not any(str(seen) == str(error) for seen in problems):
            problems.append(error)
        return None


def _fits(slot: Box, topology: Topology, minimum: float, sizes: TextSizes,
          side_room: float) -> bool:
    try:
        place_maze(slot, topology, minimum, (), sizes=sizes, side_room=side_room)
    except ConfigKeyError:
        return False
    return True


class BookPlan:
    """Decides what goes where in one book: groups, pages, margins, seeds, numbers, boxes."""

    def __init__(self, book: Book, fonts: FontPair | None = None):
        self.book = book
        self.fonts = fonts  # to leave START and FINISH their room; None: no words are set
        self.profile = get_profile(book.profile)
        self.trim = book.page.trim_size
        self.worksheet = book.layout == "worksheet"
        self.separate_key = self.worksheet and book.worksheet.key == "separate"
        self.puzzle_kind = "worksheet" if self.worksheet else "puzzles"
        self.sizes = TEXT_SIZES[book.text_size]
        self._grids: dict[tuple[int, str | None], Topology] = {}

    def grid(self, group: Group) -> Topology:
        """The grid of ``group``'s mazes: its section's, cut by a mask (a worksheet's
        ``{name}`` may give each copy its own), made once."""
        name = (group.section, self.name(group.copy))
        if name not in self._grids:
            self._grids[name] = self.book.grid_for(*name)
        return self._grids[name]

    def groups(self) -> list[Group]:
        """Sections in order; a worksheet set repeats them for each copy."""
        groups, position = [], 0
        copies = range(self.book.worksheet.copies) if self.worksheet else [None]
        for copy in copies:
            for index, section in enumerate(self.book.sections):
                mazes = list(range(position, position + section.count))
                groups.append(Group(index, mazes, section.per_page, copy))
                position += section.count
        return groups

    def has_answers(self, section: int) -> bool:
        """Whether the answer key shows the mazes of ``section``: none without endpoints."""
        return self.book.answer_key.enabled and self.book.sections[section].endpoints != "none"

    def answers(self, groups: list[Group]) -> list[int]:
        """Positions of the mazes that have a solution to show."""
        return [i for g in groups if self.has_answers(g.section) for i in g.mazes]

    def documents(self, problems: list[ConfigKeyError]
                  ) -> tuple[list[Group], list[int], Document | None, Document | None]:
        """The interior's groups, answers, main document and separate key (or None), counted
        to the page before any maze is made. Problems on the way go to ``problems`` and the
        plan goes on as far as it can without them; a document whose pages cannot be framed
        is None."""
        groups = self.groups()
        answers = self.answers(groups)
        groups = self.fit_answers(groups, answers)
        main = self.document(self.main_pages(groups, answers, problems), problems=problems)
        key = (self.document(self.key_pages(groups), is_key=True, problems=problems)
               if self.separate_key and answers else None)
        return groups, answers, main, key

    def fit_answers(self, groups: list[Group], answers: list[int]) -> list[Group]:
        """``groups`` with the answers a page each gets in the key (``answers_per_page``).

        Pages, and the gutter that follows their count, are settled together: more answer
        pages can widen KDP's gutter, narrowing every slot, so the counts are fitted to the
        key's pages again until they hold. They only ever fall, so this ends."""
        counts = [self.book.answer_key.per_page] * len(groups)
        while True:
            groups = [replace(group, answers_per_page=count) for group, count in zip(groups, counts)]
            if not answers:
                return groups
            doc = (self.document(self.key_pages(groups), is_key=True, problems=[])
                   if self.separate_key else
                   self.document(self.main_pages(groups, answers, []), problems=[]))
            if doc is None:  # its margins are the final document's problem to report
                return groups
            fitted = []
            for group, count in zip(groups, counts):
                if self.has_answers(group.section):
                    count = min(count, self.answers_per_page(doc.frames[0], self.grid(group),
                                                                   group.section))
                fitted.append(count)
            if fitted == counts:
                return groups
            counts = fitted

    def answers_per_page(self, frame: PageFrame, topology: Topology, section: int) -> int:
        """How many answers of mazes on ``topology`` a page of the key holds on ``frame``:
        ``answer_key.per_page``, unless their corridors would come out under 2 mm between
        the walls (MIN_ANSWER_CORRIDOR_PT); then the most of the slot counts (GRIDS) up to it
        that gives them 2 mm, or 1 if none does."""
        wanted = self.book.answer_key.per_page
        area = self.area(frame, "answers")
        side_room = self.word_room(section)
        for count in sorted((count for count in GRIDS if count <= wanted), reverse=True):
            try:
                placement = place_maze(slot_boxes(area, count)[0], topology, MIN_CELL_PT, (),
                                       sizes=self.sizes, side_room=side_room)
            except ConfigKeyError:
                continue
            wall = self.answer_wall(placement)
            if clear_corridor(placement, topology, wall) >= MIN_ANSWER_CORRIDOR_PT:
                return count
        return 1

    def answer_wall(self, placement: Placement) -> float:
        """The width the answer key draws a maze's walls at ``placement``: grey walls wider."""
        return printed_width(placement.wall_width, self.book.answer_key.wall_grey)

    def main_pages(self, groups: list[Group], answers: list[int],
                   problems: list[ConfigKeyError] | None = None) -> list[Page]:
        front = self.book.front_matter
        in_book = answers and not self.separate_key
        entries = len(self.book.sections) + (1 if in_book else 0)
        pages = paginate_book(
            title_page=front.title_page, how_to=front.how_to,
            contents_entries=entries if front.contents else 0,
            groups=groups, answers=self.answer_runs(groups) if in_book else None,
            worksheet=self.worksheet,
            # A margin under the printer's minimum is the document's to report, once.
            contents_per_page=self.contents_per_page(None if problems is None else []),
        )
        try:
            return pad_for_printer(pages, self.profile, self.trim)
        except ConfigKeyError as error:
            if problems is None:
                raise
            problems.append(error)
            return pages

    def contents_per_page(self, problems: list[ConfigKeyError] | None = None) -> int:
        """Contents lines a page holds: fewer than the usual 28 on a short page."""
        # Only the inside margin follows the page count, and it does not change the height.
        requested = self.book.page.margins
        margins = resolve_margins({"top": requested.top, "bottom": requested.bottom},
                                  self.profile, 0, self.book.page.bleed, problems)
        height = self.trim[1] - margins.top - margins.bottom
        return min(CONTENTS_LINES_PER_PAGE, contents_lines(height))

    def key_pages(self, groups: list[Group]) -> list[Page]:
        return paginate_book(title_page=False, how_to=False, contents_entries=0, groups=[],
                             answers=self.answer_runs(groups), worksheet=True)

    def answer_runs(self, groups: list[Group]) -> list[tuple[int, list[int]]]:
        """The answers in order, in runs of the same count a page (``answer_runs``)."""
        return answer_runs(groups, lambda group: self.has_answers(group.section))

    def document(self, pages: list[Page], *, is_key: bool = False,
                 problems: list[ConfigKeyError] | None = None) -> Document | None:
        """Frames for ``pages``: margins follow the final page count (KDP's gutter table).
        With ``problems`` given, margin problems go there, and None stands for a document
        whose pages cannot be framed."""
        # A separate teacher's key is printed at home: no bleed, no printer padding.
        profile = get_profile("home") if is_key else self.profile
        # A printer that prints no bleed (home) gives no page room past the trim: thumb tabs
        # meant to run off into it would sit on the unprintable edge instead.
        bleed = self.book.page.bleed and not is_key and profile.bleed_rule != "none"
        margins = resolve_margins(self.book.page.margins.model_dump(), profile, len(pages), bleed,
                                  problems)
        try:
            frames = [page_frame(p.number, self.trim, profile, bleed, margins) for p in pages]
        except ConfigKeyError as error:
            if problems is None:
                raise
            problems.append(error)
            return None
        return Document(pages, frames, bleed)

    def area(self, frame: PageFrame, kind: str) -> Box:
        return body_area(frame, kind, bool(self.book.worksheet.fields), self.sizes)

    def name(self, copy: int | None) -> str | None:
        """The student a worksheet copy is for, when the worksheets name them."""
        names = self.book.worksheet.names
        return names[copy] if copy is not None and names else None

    def fit(self, frame: PageFrame, kind: str, per_page: int, section: int, topology: Topology,
            slot: int = 0) -> Placement:
        """Where a maze of ``section`` on ``topology`` goes in slot ``slot`` of a ``kind`` page;
        a ConfigKeyError on the section's size (or rings) when it cannot go there, suggesting
        what would fit."""
        spec = self.book.sections[section]
        minimum = self.book.worksheet.min_cell if kind == "worksheet" else MIN_CELL_PT
        key = ("sections", section, "rings" if spec.shape == "polar" else "size")
        area = self.area(frame, kind)
        try:
            return place_maze(slot_boxes(area, per_page)[slot], topology, minimum, key,
                              sizes=self.sizes, side_room=self.word_room(section))
        except ConfigKeyError as error:
            setting = "answer_key.per_page" if kind == "answers" else "per_page"
            # The most mazes a page could hold at this size, or what else would make room.
            fewer = next((count for count in sorted(GRIDS, reverse=True) if count < per_page
                          and _fits(slot_boxes(area, count)[0], topology, minimum, self.sizes,
                                self.word_room(section))), None)
            instead = (f"{setting}: {fewer}" if fewer else
                       "a smaller worksheet.min_cell, narrower margins or a larger page.size"
                       if kind == "worksheet" else "narrower margins or a larger page.size")
            asked = self.book.answer_key.per_page
            key_count = f"{setting}: {per_page}" if per_page == asked else f"even {per_page} a page"
            where = (f"in the answer key ({key_count}), " if kind == "answers" else
                     "on a worksheet (worksheet.min_cell), " if kind == "worksheet" else "")
            try:
                place_maze(slot_boxes(area, per_page)[slot], topology, minimum, key, instead,
                           self.sizes, self.word_room(section))
            except ConfigKeyError as better:
                error = better
            raise ConfigKeyError(key, where + error.message) from None

    def word_room(self, section: int) -> float:
        """Points to leave left and right of a maze of ``section`` for START or FINISH beside
        an opening there: the wider word, clear of the thickest wall."""
        if self.fonts is None or self.book.markers_of(section) == "arrows":
            return 0.0
        widest = max(stringWidth(word, self.fonts.bold, self.sizes.word) for word in END_WORDS)
        return CLEAR_PT + MAX_WALL_PT / 2 + widest + 1

    def jobs(self, groups: list[Group], main: Document, answers: Document,
             problems: list[ConfigKeyError] | None = None) -> list[MazeJob]:
        """One job per maze; arrow sizes come from the cell size its pages will give it. With
        ``problems`` given, a maze that does not fit its slot is noted there (and its job
        made anyway, to be checked for what else may be wrong), not raised."""
        book, jobs = self.book, []
        puzzle_frame = next(f for p, f in zip(main.pages, main.frames) if p.kind == self.puzzle_kind)
        answer_frame = answers.frames[0]
        fit = self.fit if problems is None else partial(_noting, problems, self.fit)
        for group in groups:
            section = book.sections[group.section]
            mask = book.mask_spec(group.section, self.name(group.copy))
            grid = self.grid(group)
            puzzle = fit(puzzle_frame, self.puzzle_kind, section.per_page, group.section, grid)
            # A section kept out of the key must not be refused for the key's smaller slots;
            # one too large for its own pages is refused for that alone.
            answer = (fit(answer_frame, "answers", group.answers_per_page, group.section, grid)
                      if puzzle and self.has_answers(group.section) else puzzle)
            seed_key = section.slug if group.copy is None else f"{section.slug}/copy-{group.copy + 1}"
            # A polar section has rings instead; a file mask gives the grid its size.
            width, height = (None, None) if section.shape == "polar" else (grid.width, grid.height)
            for index in range(len(group.mazes)):
                jobs.append(MazeJob(
                    section=group.section, index=index, seed_key=seed_key, book_seed=book.seed,
                    algorithm=section.algorithm, options=tuple(sorted(section.options.items())),
                    shape=section.shape, width=width, height=height, rings=section.rings,
                    endpoints=section.endpoints, mask=mask, braid=section.braid,
                    min_solution_share=section.min_solution_share,
                    marker_size=puzzle.marker_cells if puzzle else 1.0,
                    answer_marker_size=answer.marker_cells if answer else 1.0,
                    where=format_key(("sections", group.section, "min_solution_share")),
                ))
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
                printed.append(Printed(maze, len(printed) + 1, str(per_copy[group.copy]),
                                       stars(difficulty_score(maze.stats), scale), variant))
        return printed

    def place(self, printed: list[Printed], main: Document, answers: Document) -> None:
        """Fix every maze's page and box, puzzles in ``main`` and answers in ``answers``."""
        for doc, kinds in ((main, {self.puzzle_kind}), (answers, {"answers"})):
            for page, frame in zip(doc.pages, doc.frames):
                if page.kind not in kinds:
                    continue
                for slot, position in enumerate(page.mazes):
                    item = printed[position]
                    placement = self.fit(frame, page.kind, page.per_page, item.made.job.section,
                                         item.made.maze.topology, slot)
                    if page.kind == "answers":
                        item.answer_page, item.answer_placement = page.number, placement
                    else:
                        item.page, item.placement = page.number, placement

    def contents(self, pages: list[Page]) -> list[Entry]:
        entries = []
        for page in pages:
            if page.kind == "opener" or (page.kind == "worksheet" and page.first_of_kind
                                         and page.copy == 0):
                entries.append((self.book.sections[page.section].title, page.number,
                                f"section-{page.section}"))
            elif page.kind == "answers" and page.first_of_kind:
                entries.append(("Answers", page.number, "answers"))
        return entries



    def how_to_body(self, answer_refs: bool) -> str:
        """The how-to page's text: the config's, or one that explains what the book has."""
        book = self.book
        rated = book.worksheet.stars if book.layout == "worksheet" else book.show_rating
        recipes = {book.recipe_of(index) for index in range(len(book.sections))}
        if any(book.recipe_of(index) == "code" and (section.mask or section.options)
               for index, section in enumerate(book.sections)):
            recipes.add("full")  # a silhouette, or options, print their recipe: no code says them
        return book.front_matter.how_to_text or how_to_text(rated, answer_refs, tuple(recipes))

    def caption(self, made: MadeMaze) -> str:
        """What prints under a maze: its recipe, its code (the recipe where no code can carry
        it) or nothing, as ``Book.recipe_of`` says for its section."""
        mode = self.book.recipe_of(made.job.section)
        if mode == "none":
            return ""
        code = recipe_code(made.maze) if mode == "code" else None
        return f"maze code {code}" if code else recipe(made.maze)

    def art_job(self) -> MazeJob:
        """The title page's maze, seeded like every other maze, by the name 'cover'."""
        return MazeJob(section=-1, index=0, seed_key=TITLE_ART["seed_key"], book_seed=self.book.seed,
                       algorithm=TITLE_ART["algorithm"], options=(), width=TITLE_ART["width"],
                       height=TITLE_ART["height"], endpoints="border", min_solution_share=None)

    def view(self, doc: Document, entries: list[Entry], art: MadeMaze | None, *, title: str,
             outline: bool, links: bool, is_key: bool, answer_refs: bool) -> DocumentView:
        """What every page of ``doc`` shows, ready to draw."""
        book = self.book
        sheets = []
        for page, frame in zip(doc.pages, doc.frames):
            tab = ((page.section, len(book.sections))
                   if doc.bleed and page.kind in ("opener", "puzzles") else None)
            marks = [entry for entry in entries if entry[1] == page.number] if outline else []
            view = self._page_view(doc, page, entries, art, links, is_key, answer_refs)
            sheets.append(SheetView(frame, view, tab, marks))
        return DocumentView(title=title, author=book.author, subject=book.subtitle,
                            bleed=doc.bleed, outline=outline, sheets=sheets)

    def _page_view(self, doc: Document, page: Page, entries: list[Entry], art: MadeMaze | None,
                   links: bool, is_key: bool, answer_refs: bool):
        book, kind = self.book, page.kind
        if kind == "title":
            blurb = mazes(len(doc.printed)) + (", with answers at the back" if answer_refs else "")
            return TitleView(book.title, book.subtitle, book.author, blurb, art.maze)
        if kind == "how_to":
            return HowToView(self.how_to_body(answer_refs), self.sizes)
        if kind == "contents":
            start, end = page.contents_slice
            return ContentsView(entries[start:end], page.first_of_kind, links)
        if kind == "opener":
            section = book.sections[page.section]
            printed = [p for p in doc.printed if p.made.job.section == page.section]
            # Readers get sizes and numbers; the algorithm's technical summary is for designers.
            about = opener_about(len(printed), printed[0].made.maze.topology, printed[0].number,
                                 printed[-1].number)
            rating = (round(sum(p.stars for p in printed) / len(printed)) if book.show_rating
                      else None)
            return OpenerView(section.title, section.difficulty or "", section.instructions,
                              about, rating, self.sizes)
        if kind in ("puzzles", "worksheet"):
            section = book.sections[page.section]
            items = [doc.printed[i] for i in page.mazes]
            slots = [MazeOnPage(
                item.made.drawing, item.placement, item.label,
                f"answer p. {item.answer_page}" if item.answer_page and answer_refs else "",
                self.caption(item.made),
                item.stars if book.show_rating and kind == "puzzles" else None,
                self._style(False, item.placement, section=item.made.job.section),
                self.sizes.number, book.markers_of(item.made.job.section), self.sizes.word,
            ) for item in items]
            if kind == "puzzles":
                return PuzzlesView(section.title, section.instructions, section.difficulty or "",
                                   slots, self.sizes)
            rating = max(p.stars for p in items) if book.worksheet.stars else None
            return WorksheetView(book.worksheet.fields, section.title, section.instructions,
                                 rating, f"Variant {items[0].variant}", slots,
                                 self.name(page.copy) or "", self.sizes)
        if kind == "answers":
            slots = []
            for position in page.mazes:
                item = doc.printed[position]
                label = f"{item.variant} · {item.label}" if item.variant else item.label
                slots.append(MazeOnPage(
                    item.made.answer, item.answer_placement, label, f"puzzle p. {item.page}",
                    self.caption(item.made), None,
                    self._style(True, item.answer_placement, item.made.maze.topology,
                                item.made.job.section),
                    self.sizes.number, book.markers_of(item.made.job.section), self.sizes.word,
                ))
            return AnswersView(
                f"Answer key: {book.title}" if is_key else "Answers",
                "Each worksheet's solutions, found by the variant code printed on it."
                if book.layout == "worksheet" else
                "The solution of each maze, marked by its number and the page it is on.",
                slots)
        return DrawView() if kind == "draw" else NotesView()

    def _style(self, answer: bool, placement: Placement, topology: Topology | None = None,
               section: int = 0) -> Style:
        key = self.book.answer_key
        arrows = self.book.markers_of(section) != "words"
        if not answer:
            return Style(wall_width=placement.wall_width, arrows=arrows)
        wall = self.answer_wall(placement)
        line = self.solution_line(placement, topology)
        if self.book.interior_inks == "color":
            return Style(wall_width=wall, wall_grey=key.wall_grey, solution=key.style,
                         solution_color=key.color or Style.solution_color, solution_width=line,
                         arrows=arrows)
        return Style(wall_width=wall, wall_grey=key.wall_grey, solution=key.style,
                     solution_grey=GREY_SOLUTION, solution_width=line, arrows=arrows)

    def solution_line(self, placement: Placement, topology: Topology) -> float:
        """The answer key's solution line for a maze on ``topology`` at ``placement``: a share
        of the cell, broader in a black-and-white interior (where only its width and tone
        tell it from the walls), and never wider than the corridor between the walls, which
        light grey walls, drawn wider, narrow."""
        cell = placement.cell
        width = (solution_width(cell) if self.book.interior_inks == "color"
                 else printed_width(grey_solution_width(cell), GREY_SOLUTION))
        return within_corridor(width, clear_corridor(placement, topology,
                                                     self.answer_wall(placement)))
