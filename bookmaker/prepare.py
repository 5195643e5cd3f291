"""Everything a build decides before it draws, and every rule it holds the config to on the way.

``bookmaker validate``, ``bookmaker build`` and ``bookmaker cover`` all start here, so a
config that validates builds, and one that does not build does not validate, with the same
lines. The config's own checks run first (``load_config``); once it is well formed, every
later rule runs and every problem is reported together, each on its key's line as
``FILE:LINE: key: what``:

- the fonts can be read and embedded, and have a glyph for every character printed;
- no student's name is given twice, and every name maze fits its page;
- the pages fit the printer: its page-count limit, its minimum margins at the final count;
- every maze fits its slot, on its page and in the answer key, at its minimum corridor;
- every text fits where its page sets it (title, author, section titles, labels, cover);
- a ``min_solution_share`` is met by some seed: the only rule that needs the mazes made.
  ``validate`` makes them; ``build`` makes them anyway, and meets the same rule there.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .config import Book, LoadedConfig, load_config
from .errors import BookmakerError, ConfigKeyError, key_errors
from .layout.fonts import FontPair, font_pair
from .layout.views import DocumentView
from .plan import BookPlan, Document, Group, MadeMaze, MazeJob, Printed, make_mazes
from .plan.cover import CoverPlan
from .plan.mazes import make_maze
from .plan.pagination import padding_note
from .plan.text import glyph_problems, text_problems
from .profiles import PROFILES


@dataclass(frozen=True)
class Views:
    """What every page of a book shows, its mazes made, numbered and placed: ready to draw."""

    printed: list[Printed]  # the mazes in print order, each with its page and box
    art: MadeMaze | None  # the title page's maze
    main: DocumentView
    key: DocumentView | None  # a separate teacher's key


@dataclass
class Prepared:
    """A book planned to the page and checked, ready for its mazes to be made and drawn."""

    loaded: LoadedConfig
    fonts: FontPair
    plan: BookPlan
    groups: list[Group]
    answers: list[int]  # positions of the mazes with a solution to show
    main: Document
    key: Document | None  # a separate teacher's key
    cover: CoverPlan | None
    maze_jobs: list[MazeJob]
    art_jobs: list[MazeJob]  # the title page's maze, if the book has a title page
    cover_jobs: list[MazeJob]

    @property
    def book(self) -> Book:
        return self.loaded.book

    @property
    def notes(self) -> tuple[str, ...]:
        """Lines for stderr on what ``build`` and ``cover`` make of the book, past its problems:
        the pages the printer's page count added, and what a cover left out. ``validate``
        reports only problems, and prints none of these."""
        padding = padding_note(self.main.pages, self.plan.profile, self.plan.trim, self.plan.paper)
        return (
            *([padding] if padding else []),
            *ink_notes(self.book),
            *(self.cover.notes if self.cover else ()),
        )

    def make(
        self, jobs: list[MazeJob], workers: int = 1, progress=None, prepare_drawing=None
    ) -> list[MadeMaze]:
        """The mazes of ``jobs`` (``make_mazes``); a ``min_solution_share`` that no seed meets
        is reported on its key, with every other section's that fails too."""
        try:
            return make_mazes(jobs, workers=workers, progress=progress, prepare_drawing=prepare_drawing)
        except BookmakerError as error:
            problems = share_problems(jobs)
            if problems:
                raise self.loaded.error(problems) from None
            raise error

    def views(self, made: list[MadeMaze]) -> Views:
        """Number and place the mazes ``made`` for ``maze_jobs`` and then ``art_jobs`` (in
        that order), and compose every page of the book and of its separate key."""
        book, plan, main, key = self.book, self.plan, self.main, self.key
        art = made[len(self.maze_jobs)] if self.art_jobs else None
        printed = plan.number(self.groups, made[: len(self.maze_jobs)])
        main.printed = printed
        if key:
            key.printed = printed
        plan.place(printed, main, key or main)
        profile = plan.profile
        outline = profile.allows_outline and book.front_matter.contents
        main_view = plan.view(
            main,
            plan.contents(main.pages),
            art,
            title=book.title,
            outline=outline,
            # A PDF/X file carries no annotations, links included.
            links=outline and profile.allows_annotations and not book.inks.cmyk,
            is_key=False,
            answer_refs=bool(self.answers) and not plan.separate_key,
            book_pages=len(main.pages),
        )
        key_view = None
        if key:
            key_view = plan.view(
                key,
                [],
                art,
                title=f"{book.title}: answer key",
                outline=False,
                links=False,
                is_key=True,
                answer_refs=False,
                book_pages=len(main.pages),
            )
        return Views(printed, art, main_view, key_view)


def prepare(
    config: str | os.PathLike[str],
    *,
    seed: int | None = None,
    mazes: bool = True,
    text: str | None = None,
) -> Prepared:
    """Load, plan and check the book ``config`` describes (``seed`` replacing its seed), or
    raise ConfigError listing every problem. ``mazes=False`` leaves the one rule that needs
    the mazes made to the caller who makes them (``Prepared.make``); it still runs when
    there are other problems, so the list is the same either way. ``text`` stands for the
    file's content (``load_config``): the studio checks an edit before it is saved."""
    loaded = load_config(config, seed=seed, text=text)
    book = loaded.book
    problems: list[ConfigKeyError] = []

    def attempt(step, *args):
        try:
            return step(*args)
        except BookmakerError as error:
            found = key_errors(error)
            if not found:
                raise
            problems.extend(found)
            return None

    fonts = attempt(font_pair, book.font.regular, book.font.bold)
    problems += repeated_names(book.worksheet.names)
    plan = BookPlan(book, fonts)
    groups, answers, main, key = plan.documents(problems)
    maze_jobs = plan.jobs(groups, main, key or main, problems) if main is not None else []
    cover = None
    if fonts is not None:
        problems += glyph_problems(book, fonts)
        if main is not None:
            problems += text_problems(plan, fonts, main, key, answers)
            if book.cover is not None:
                cover = attempt(CoverPlan, book, len(main.pages), fonts)
    if mazes or problems:
        problems += share_problems(maze_jobs)
    if problems:
        raise loaded.error(_unique(problems))
    assert main is not None  # documents() leaves out the main document only with a problem
    art_jobs = [plan.art_job()] if book.front_matter.title_page else []
    return Prepared(
        loaded,
        fonts,
        plan,
        groups,
        answers,
        main,
        key,
        cover,
        maze_jobs,
        art_jobs,
        cover.jobs() if cover else [],
    )


def ink_notes(book: Book) -> list[str]:
    """One line for each of the book's colours that a CMYK file caps at the printer's
    total-ink limit (``colours.Inks``): the colour is printed, only less saturated, so this
    is said, not refused."""
    inks, cover = book.inks, book.cover
    named = [("answer_key: color", book.answer_key.color)]
    if cover is not None:
        named += [(f"cover: {key}", getattr(cover, key)) for key in ("background", "ink", "accent")]
    notes = []
    for where, colour in named:
        capped = inks.capped(colour) if colour else None
        if capped:
            notes.append(
                f"{where} {colour} needs {capped[0]:.0f} % ink; capped at "
                f"{PROFILES[book.profile].label}'s {inks.max_total:g} %"
            )
    return notes


def repeated_names(names: list[str]) -> list[ConfigKeyError]:
    """Each name of ``worksheet.names`` that an earlier one already is, spaces and case
    aside: two sheets with one name can't be told apart."""
    problems: list[ConfigKeyError] = []
    first: dict[str, int] = {}
    for index, name in enumerate(names):
        key = " ".join(name.split()).casefold()
        if key in first:
            problems.append(
                ConfigKeyError(
                    ("worksheet", "names", index),
                    f"'{name.strip()}' is names[{first[key]}] again; two sheets with one name can't "
                    "be told apart: add an initial or a surname",
                )
            )
        else:
            first[key] = index
    return problems


def share_problems(jobs: list[MazeJob]) -> list[ConfigKeyError]:
    """Each section whose ``min_solution_share`` some maze cannot meet in its seeds: the
    first such maze's problem, made by the same ``make_maze`` a build makes it with."""
    problems, failed = [], set()
    for job in jobs:
        if not job.min_solution_share or job.section in failed:
            continue
        try:
            make_maze(job)
        except BookmakerError as error:
            failed.add(job.section)
            # The key says what the demand is; the message, why no seed met it.
            message = str(error).removeprefix(f"{job.where}: ").removeprefix("min_solution_share ")
            problems.append(ConfigKeyError(("sections", job.section, "min_solution_share"), message))
    return problems


def _unique(problems: list[ConfigKeyError]) -> list[ConfigKeyError]:
    """Each problem once: a worksheet set meets the same one in every copy."""
    return list({(problem.key, problem.message): problem for problem in problems}.values())
