"""The sentences a book prints about its own mazes: the how-to page and a section opener's
summary, each built from facts about the book it is in, so that none says what is untrue
of it: that a braided maze has one path, that a hexagon maze marks its finish with a grey
square, or that a shop's buyer can retype a recipe into bookmaker.

The facts come from the made mazes where they exist (``SectionFacts.of_mazes``); checking
that the text fits its page happens before any maze is made, so it asks the config
(``SectionFacts.of_config``), which allows every kind of end a section's endpoints may give.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..geometry import halo_shape
from ..language import Words
from ..maze.shapes import DEFAULT_SHAPE, shape_named
from ..maze.topology import Topology
from ..maze.weave import crossings
from ..profiles import RECIPES
from .mazes import MadeMaze

ARROW, INSIDE = "arrow", "inside"  # where a maze's start or finish is marked


def mazes(words: Words, count: int) -> str:
    """'1 maze', '44 mazes': a count of mazes of any shape, as the title page gives it."""
    return DEFAULT_SHAPE.counted(words, count)


def opener_about(words: Words, count: int, topology: Topology, first: int, last: int, pages: int = 0) -> str:
    """What a section's opening page says of its mazes: '4 mazes of 8 x 10 cells, numbers 5
    to 8.'; of a journey across ``pages`` pages, '1 maze of 57 x 54 cells across 6 pages,
    number 1.'"""
    about = about_mazes(words, count, topology)
    if pages:
        about = words.pgettext("opener.journey", "{mazes} across {pages} pages", mazes=about, pages=pages)
    if first == last:
        return words.pgettext("opener.about-one", "{mazes}, number {first}.", mazes=about, first=first)
    return words.pgettext(
        "opener.about-many", "{mazes}, numbers {first} to {last}.", mazes=about, first=first, last=last
    )


def about_mazes(words: Words, count: int, topology: Topology) -> str:
    """'4 mazes of 8 x 10 cells', '2 hexagon mazes of 12 x 10 cells', '3 round mazes of 8 rings',
    and for silhouettes, which leave out some of their grid, '4 mazes cut from a 14 x 14 grid'."""
    shape = shape_named(topology.kind)
    counted = shape.counted(words, count)
    if shape.takes_rings:
        (rings,) = topology.dimensions
        return words.pgettext("opener.rings", "{mazes} of {rings} rings", mazes=counted, rings=rings)
    width, height = topology.dimensions
    size = words.pgettext("opener.size", "{width} x {height}", width=width, height=height)
    if topology.mask is not None:
        return words.pgettext("opener.cut", "{mazes} cut from a {size} grid", mazes=counted, size=size)
    return words.pgettext("opener.cells", "{mazes} of {size} cells", mazes=counted, size=size)


@dataclass(frozen=True)
class SectionFacts:
    """What a reader of one section's mazes meets: how their starts and finishes are marked
    (``ARROW`` on the outer wall, ``INSIDE`` on a patch; none for unmarked mazes), whether
    they have loops, and whether the answer key shows them."""

    title: str
    shape: str
    starts: frozenset[str]
    finishes: frozenset[str]
    loops: bool
    answers: bool
    markers: str = "arrows"  # how ends on the wall are marked: arrows, words or both
    journey: bool = False  # one maze across pages, joined by connectors (plan.journey)
    woven: bool = False  # some passages cross over and under others (maze.weave)

    @classmethod
    def of_mazes(
        cls,
        title: str,
        made: Sequence[MadeMaze],
        answers: bool,
        markers: str = "arrows",
        journey: bool = False,
    ) -> SectionFacts:
        """The facts of a section whose mazes ``made`` exist."""
        starts: set[str] = set()
        finishes: set[str] = set()
        for maze in (item.maze for item in made):
            for cell, exit, found in ((maze.start, False, starts), (maze.end, True, finishes)):
                if cell is not None:
                    on_wall = maze.topology.opening_side(cell, exit) is not None
                    found.add(ARROW if on_wall else INSIDE)
        return cls(
            title,
            made[0].maze.topology.kind,
            frozenset(starts),
            frozenset(finishes),
            any(item.stats.loops for item in made),
            answers,
            markers,
            journey,
            any(crossings(item.maze) for item in made),
        )

    @classmethod
    def of_config(
        cls,
        title: str,
        shape: str,
        endpoints: str,
        braid: float,
        answers: bool,
        markers: str = "arrows",
        journey: bool = False,
        weave: float = 0.0,
    ) -> SectionFacts:
        """The facts a section's config allows before its mazes are made: ends on the wall or
        inside wherever it has ends (the longest how-to text), loops where it is braided,
        crossings where it is woven."""
        ends = frozenset() if endpoints == "none" else frozenset((ARROW, INSIDE))
        return cls(title, shape, ends, ends, braid > 0, answers, markers, journey, weave > 0)

    @property
    def marked(self) -> bool:
        return bool(self.starts or self.finishes)


def how_to_text(
    words: Words,
    sections: Sequence[SectionFacts],
    stars: bool,
    answers: bool,
    recipes: Iterable[str] = (),
) -> str:
    """The default how-to page: how this book's mazes mark their ends, which have loops,
    and only where the book has them its stars, answer key and the recipes (``recipes``:
    modes of ``RECIPES``) printed under its mazes for the reader to remake them."""
    with_answers = [section for section in sections if section.answers]
    recipe_texts = {
        "full": words.pgettext(
            "how-to.recipe",
            "The small print under a maze (its algorithm, size and seed) is its recipe: "
            "the bookmaker maze command remakes exactly that maze from it.",
        ),
        "code": words.pgettext(
            "how-to.code",
            "A maze code under a maze remakes it: bookmaker maze --code with the code prints "
            "exactly that maze again.",
        ),
    }
    parts = [
        _ends(words, sections),
        _loops(words, sections),
        words.pgettext(
            "how-to.journey",
            "A journey is one big maze that runs across several pages, from the first to the last. "
            "Where a path runs off the edge of a page, a letter and an arrow name the page it goes "
            "on: find the same letter at the edge of that page and carry on.",
        )
        if any(section.journey for section in sections)
        else "",
        _woven(words, [section for section in sections if section.woven]),
        words.pgettext(
            "how-to.stars",
            "Stars beside a maze show how hard it is next to the other mazes in this book, from one "
            "star (the shortest, easiest paths) to five (the longest, with the most turns and choices).",
        )
        if stars
        else "",
        _answers(words, len(with_answers) == len(sections)) if answers and with_answers else "",
        *(recipe_texts[mode] for mode in RECIPES if mode in recipes and mode in recipe_texts),
    ]
    return "\n\n".join(part for part in parts if part)


def _woven(words: Words, woven: Sequence[SectionFacts]) -> str:
    """How to read a crossing, where the book has woven mazes, and the dashed answer line
    under it where their answers are printed."""
    if not woven:
        return ""
    text = words.pgettext(
        "how-to.weave",
        "In a woven maze, paths cross like bridges. Where a path's walls stop short at another "
        "path, it runs underneath: go straight on to the other side, as there is no turning "
        "under a bridge.",
    )
    if any(section.answers for section in woven):
        text += " " + words.pgettext(
            "how-to.weave-answers", "In the answers, the path is dashed where it runs underneath."
        )
    return text


def _answers(words: Words, every: bool) -> str:
    """Where the answers are: beside each maze, or beside a maze where only some have one."""
    if every:
        return words.pgettext(
            "how-to.answers-each",
            "Stuck? The page number beside each maze tells you where its answer is, in the answer "
            "key at the back. Try a pencil first, and look only when you must.",
        )
    return words.pgettext(
        "how-to.answers-some",
        "Stuck? The page number beside a maze tells you where its answer is, in the answer "
        "key at the back. Try a pencil first, and look only when you must.",
    )


def _wall_mark(words: Words, markers: set[str], start: bool) -> str:
    """What marks the start (or the finish) in the outer wall, given the ``markers`` of the
    sections that have one there: the arrow, the word, or either where some mazes show one
    and some the other (or both beside each other)."""
    if markers == {"arrows"}:
        if start:
            return words.pgettext(
                "how-to.start-arrow", "the arrow with a ball on its tail, pointing into the maze"
            )
        return words.pgettext("how-to.finish-arrow", "the arrow with two heads pointing out")
    if markers == {"words"}:
        if start:
            return words.pgettext("how-to.start-word", "the word START, beside the way in")
        return words.pgettext("how-to.finish-word", "the word FINISH, beside the way out")
    if start:
        return words.pgettext(
            "how-to.start-arrow-or-word",
            "the arrow with a ball on its tail, pointing into the maze, or the word START",
        )
    return words.pgettext(
        "how-to.finish-arrow-or-word", "the arrow with two heads pointing out, or the word FINISH"
    )


def _ends(words: Words, sections: Sequence[SectionFacts]) -> str:
    """How to find the start and the finish, as this book's mazes mark them: the way most
    are marked first, then the other way where a book's mazes use both."""
    marked = [section for section in sections if section.marked]
    unmarked = [section for section in sections if not section.marked]
    sentences = []
    if marked:
        start_inside = [section for section in marked if INSIDE in section.starts]
        finish_inside = [section for section in marked if INSIDE in section.finishes]
        start_walls = {section.markers for section in marked if ARROW in section.starts}
        finish_walls = {section.markers for section in marked if ARROW in section.finishes}
        start = finish = ""
        if start_walls:
            start = _wall_mark(words, start_walls, True)
        elif start_inside:
            start = words.pgettext(
                "how-to.start-dot", "the dot on {patch}", patch=_patches(words, start_inside, False)
            )
        if finish_walls:
            finish = _wall_mark(words, finish_walls, False)
        elif finish_inside:
            finish = words.pgettext(
                "how-to.finish-square", "the square on {patch}", patch=_patches(words, finish_inside, True)
            )
        if "," in start:  # a pause after a start that has a comma of its own
            sentences.append(
                words.pgettext(
                    "how-to.start-finish-pause",
                    "Start at {start}, and find your way to {finish}.",
                    start=start,
                    finish=finish,
                )
            )
        else:
            sentences.append(
                words.pgettext(
                    "how-to.start-finish",
                    "Start at {start} and find your way to {finish}.",
                    start=start,
                    finish=finish,
                )
            )
        also_start = bool(start_walls and start_inside)
        also_finish = bool(finish_walls and finish_inside)
        if also_start and also_finish:
            sentences.append(
                words.pgettext(
                    "how-to.both-inside",
                    "Where a maze starts inside, a dot on {start_patch} marks the start, and where one "
                    "finishes inside, a square on {finish_patch} marks the finish.",
                    start_patch=_patches(words, start_inside, False),
                    finish_patch=_patches(words, finish_inside, True),
                )
            )
        elif also_start:
            sentences.append(
                words.pgettext(
                    "how-to.start-inside",
                    "Where a maze starts inside, a dot on {patch} marks the start.",
                    patch=_patches(words, start_inside, False),
                )
            )
        elif also_finish:
            sentences.append(
                words.pgettext(
                    "how-to.finish-inside",
                    "Where a maze finishes inside, a square on {patch} marks the finish.",
                    patch=_patches(words, finish_inside, True),
                )
            )
    if unmarked:
        if marked:
            sentences.append(
                words.pgettext(
                    "how-to.unmarked-sections",
                    "The mazes in {titles} have no marked start or finish: pick any two places and "
                    "find a way from one to the other.",
                    titles=_titles(words, unmarked),
                )
            )
        else:
            sentences.append(
                words.pgettext(
                    "how-to.unmarked",
                    "The mazes in this book have no marked start or finish: pick any two places and "
                    "find a way from one to the other.",
                )
            )
    return " ".join(sentences)


def _patch(words: Words, patch: str) -> str:
    """'a grey circle': the patch ``halo_shape`` names."""
    if patch == "circle":
        return words.pgettext("how-to.patch-circle", "a grey circle")
    if patch == "square":
        return words.pgettext("how-to.patch-square", "a grey square")
    return words.pgettext("how-to.patch-hexagon", "a grey hexagon")


def _patches(words: Words, sections: Sequence[SectionFacts], exit: bool) -> str:
    """'a grey circle', or 'a grey square (a grey hexagon in the hexagon mazes)' where the
    shapes draw their patches differently (``halo_shape``)."""
    by_patch: dict[str, list[str]] = {}
    for section in sections:
        shapes = by_patch.setdefault(halo_shape(section.shape, exit), [])
        if section.shape not in shapes:
            shapes.append(section.shape)
    (first, _), *others = by_patch.items()
    if not others:
        return _patch(words, first)
    asides = []
    for patch, shapes in others:
        named = shape_named(shapes[0]).named(words)
        for shape in shapes[1:]:
            named = words.pgettext(
                "how-to.and", "{first} and {second}", first=named, second=shape_named(shape).named(words)
            )
        asides.append(
            words.pgettext(
                "how-to.patch-in", "{patch} in the {mazes}", patch=_patch(words, patch), mazes=named
            )
        )
    return words.pgettext(
        "how-to.patch-aside", "{patch} ({others})", patch=_patch(words, first), others="; ".join(asides)
    )


def _loops(words: Words, sections: Sequence[SectionFacts]) -> str:
    """Whether the book's mazes have one path or loops, naming the sections with loops in a
    book that has both kinds."""
    looped = [section for section in sections if section.loops]
    if not looped:
        return words.pgettext(
            "how-to.perfect",
            "Every maze in this book is a perfect maze: there is exactly one path between any two "
            "places, so there are no loops to go round in, and every dead end means turn back.",
        )
    if len(looped) == len(sections):
        return words.pgettext(
            "how-to.all-loops",
            "The mazes in this book have loops: some paths join up again in loops, so there can be "
            "more than one way through and you can go round in circles: mark where you have been, "
            "and look for the shortest way.",
        )
    return words.pgettext(
        "how-to.some-loops",
        "In {titles}, some paths join up again in loops, so there can be more than one way through "
        "and you can go round in circles: mark where you have been, and look for the shortest way. "
        "The other mazes are perfect mazes: there is exactly one path between any two places, and "
        "every dead end means turn back.",
        titles=_titles(words, looped),
    )


def _titles(words: Words, sections: Sequence[SectionFacts]) -> str:
    """'Hearts', 'Hearts and in Stars', 'Hearts, in Stars and in Round and Round': each
    title after its own 'in', so titles with 'and' in them stay whole."""
    titles = list(dict.fromkeys(section.title for section in sections))
    said = titles[0]
    for title in titles[1:-1]:
        said = words.pgettext("how-to.titles-next", "{titles}, in {title}", titles=said, title=title)
    if len(titles) > 1:
        said = words.pgettext("how-to.titles-last", "{titles} and in {title}", titles=said, title=titles[-1])
    return said
