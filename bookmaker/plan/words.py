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
from ..maze.shapes import shape_named
from ..maze.topology import Topology
from ..profiles import RECIPES
from .mazes import MadeMaze

ARROW, INSIDE = "arrow", "inside"  # where a maze's start or finish is marked


def mazes(count: int, noun: str = "maze") -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def opener_about(count: int, topology: Topology, first: int, last: int) -> str:
    """What a section's opening page says of its mazes: '4 mazes of 8 x 10 cells, numbers 5
    to 8.'"""
    numbers = f"number {first}" if first == last else f"numbers {first} to {last}"
    return f"{about_mazes(count, topology)}, {numbers}."


def about_mazes(count: int, topology: Topology) -> str:
    """'4 mazes of 8 x 10 cells', '2 hexagon mazes of 12 x 10 cells', '3 round mazes of 8 rings',
    and for silhouettes, which leave out some of their grid, '4 mazes cut from a 14 x 14 grid'."""
    shape = shape_named(topology.kind)
    noun = shape.noun
    if shape.takes_rings:
        (rings,) = topology.dimensions
        return f"{mazes(count, noun)} of {rings} rings"
    size = " x ".join(map(str, topology.dimensions))
    if topology.mask is not None:
        return f"{mazes(count, noun)} cut from a {size} grid"
    return f"{mazes(count, noun)} of {size} cells"


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

    @classmethod
    def of_mazes(
        cls, title: str, made: Sequence[MadeMaze], answers: bool, markers: str = "arrows"
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
        )

    @classmethod
    def of_config(
        cls, title: str, shape: str, endpoints: str, braid: float, answers: bool, markers: str = "arrows"
    ) -> SectionFacts:
        """The facts a section's config allows before its mazes are made: ends on the wall or
        inside wherever it has ends (the longest how-to text), loops where it is braided."""
        ends = frozenset() if endpoints == "none" else frozenset((ARROW, INSIDE))
        return cls(title, shape, ends, ends, braid > 0, answers, markers)

    @property
    def marked(self) -> bool:
        return bool(self.starts or self.finishes)


START_ARROW = "the arrow with a ball on its tail, pointing into the maze"
FINISH_ARROW = "the arrow with two heads pointing out"
START_WORD, FINISH_WORD = "the word START", "the word FINISH"  # markers: words or both
START_MARK, FINISH_MARK = "dot", "square"  # what marks an end inside, on its patch
PERFECT = (
    "Every maze in this book is a perfect maze: there is exactly one path between any two "
    "places, so there are no loops to go round in, and every dead end means turn back."
)
LOOPS = (
    "some paths join up again in loops, so there can be more than one way through and "
    "you can go round in circles: mark where you have been, and look for the shortest way."
)
PERFECT_OTHERS = (
    "The other mazes are perfect mazes: there is exactly one path between any "
    "two places, and every dead end means turn back."
)
STARS = (
    "Stars beside a maze show how hard it is next to the other mazes in this book, from one "
    "star (the shortest, easiest paths) to five (the longest, with the most turns and choices)."
)
ANSWERS = (
    "Stuck? The page number beside {which} maze tells you where its answer is, in the answer "
    "key at the back. Try a pencil first, and look only when you must."
)
RECIPE_TEXTS = {
    "full": "The small print under a maze (its algorithm, size and seed) is its recipe: "
    "the bookmaker maze command remakes exactly that maze from it.",
    "code": "A maze code under a maze remakes it: bookmaker maze --code with the code prints "
    "exactly that maze again.",
}


def how_to_text(
    sections: Sequence[SectionFacts], stars: bool, answers: bool, recipes: Iterable[str] = ()
) -> str:
    """The default how-to page: how this book's mazes mark their ends, which have loops,
    and only where the book has them its stars, answer key and the recipes (``recipes``:
    modes of ``RECIPES``) printed under its mazes for the reader to remake them."""
    with_answers = [section for section in sections if section.answers]
    parts = [
        _ends(sections),
        _loops(sections),
        STARS if stars else "",
        ANSWERS.format(which="each" if len(with_answers) == len(sections) else "a")
        if answers and with_answers
        else "",
        *(RECIPE_TEXTS[mode] for mode in RECIPES if mode in recipes and mode in RECIPE_TEXTS),
    ]
    return "\n\n".join(part for part in parts if part)


def _ends(sections: Sequence[SectionFacts]) -> str:
    """How to find the start and the finish, as this book's mazes mark them: the way most
    are marked first, then the other way where a book's mazes use both."""
    marked = [section for section in sections if section.marked]
    unmarked = [section for section in sections if not section.marked]
    sentences = []
    if marked:
        ends: list[str] = []
        also: list[str] = []
        for role, arrow, word, mark, name, exit in (
            ("starts", START_ARROW, START_WORD, START_MARK, "start", False),
            ("finishes", FINISH_ARROW, FINISH_WORD, FINISH_MARK, "finish", True),
        ):
            inside = [section for section in marked if INSIDE in getattr(section, role)]
            walled = {section.markers for section in marked if ARROW in getattr(section, role)}
            on_wall = bool(walled)
            shown = f"the {mark} on {_patches(inside, exit)}" if inside else ""
            ends.append(_wall_mark(walled, arrow, word) if on_wall else shown)
            if on_wall and inside:
                also.append(
                    f"where {'one' if also else 'a maze'} {role} inside, "
                    f"a {mark} on {_patches(inside, exit)} marks the {name}"
                )
        start, finish = ends
        pause = "," if "," in start else ""
        sentences.append(f"Start at {start}{pause} and find your way to {finish}.")
        if also:
            said = ", and ".join(also)
            sentences.append(said[0].upper() + said[1:] + ".")
    if unmarked:
        which = f"The mazes in {_titles(unmarked)}" if marked else "The mazes in this book"
        sentences.append(
            f"{which} have no marked start or finish: pick any two places and "
            "find a way from one to the other."
        )
    return " ".join(sentences)


def _wall_mark(markers: set[str], arrow: str, word: str) -> str:
    """What marks an end in the outer wall, given the ``markers`` of the sections that have
    one there: the arrow, the word, or either where some mazes show one and some the other
    (or both beside each other)."""
    if markers == {"arrows"}:
        return arrow
    if markers == {"words"}:
        return f"{word}, beside the way {'in' if word == START_WORD else 'out'}"
    return f"{arrow}, or {word}"


def _patches(sections: Sequence[SectionFacts], exit: bool) -> str:
    """'a grey circle', or 'a grey square (a grey hexagon in the hexagon mazes)' where the
    shapes draw their patches differently (``halo_shape``)."""
    by_patch: dict[str, list[str]] = {}
    for section in sections:
        shapes = by_patch.setdefault(halo_shape(section.shape, exit), [])
        if section.shape not in shapes:
            shapes.append(section.shape)
    (first, _), *others = by_patch.items()
    aside = "; ".join(
        f"a grey {patch} in the {' and '.join(shape_named(s).noun + 's' for s in shapes)}"
        for patch, shapes in others
    )
    return f"a grey {first}" + (f" ({aside})" if aside else "")


def _loops(sections: Sequence[SectionFacts]) -> str:
    """Whether the book's mazes have one path or loops, naming the sections with loops in a
    book that has both kinds."""
    looped = [section for section in sections if section.loops]
    if not looped:
        return PERFECT
    if len(looped) == len(sections):
        return f"The mazes in this book have loops: {LOOPS}"
    return f"In {_titles(looped)}, {LOOPS} {PERFECT_OTHERS}"


def _titles(sections: Sequence[SectionFacts]) -> str:
    """'Hearts', 'Hearts and in Stars', 'Hearts, in Stars and in Round and Round': each
    title after its own 'in', so titles with 'and' in them stay whole."""
    titles = list(dict.fromkeys(section.title for section in sections))
    if len(titles) == 1:
        return titles[0]
    return ", in ".join(titles[:-1]) + f" and in {titles[-1]}"
