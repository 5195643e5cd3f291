"""The shapes a maze can take: one ``Shape`` record each, the single place a shape is named.

Everything that differs between shapes and is not the topology's own geometry lives
in its record: the name configs and ``--shape`` write, the class that builds its
topology, whether it is sized by a grid (width x height, and a mask may cut it) or
by rings, its number in maze codes, what the how-to text calls it, its default
endpoints, the patches that mark an end inside it, and its sizes on the title page
and the back cover. Code elsewhere asks the record (``shape_named``) or the
topology (``Topology``'s interface), never compares a shape's name:
``tests/test_shape_registry.py`` fails on a module that does.

How to add a shape (say "octagon"):

1. Write its topology: a ``Topology`` subclass in ``bookmaker/maze/octagon_grid.py``
   with ``kind = "octagon"``; a ``RectGrid`` subclass if it is sized by width x
   height (then masks cut it too). The contract tests of
   ``tests/test_shape_topology.py`` (add it to ``GRID_CASES``) say what it must
   promise: neighbours, back sides, borders, centres and box.
2. Add its ``Shape`` to ``SHAPES`` below. Its ``code_id`` is the next number never
   used (ids 0 to 15 fit a maze code; an id, once printed in a book, is never
   reused or renumbered).
3. Say how to draw it: an entry in ``bookmaker.geometry.DRAWINGS`` under the new
   ``Shape``. ``geometry.polygons.drawing`` draws any ``RectGrid`` from its
   ``cell_edges``; a shape with curved walls gets a module of its own, as polar has.

``tests/test_shape_registry.py`` checks that every registered shape has all of
these parts. The generators that walk any topology (``Algorithm.shapes`` None)
carve it at once; the config schema, ``--shape``, codes, recipes, manifests and
the how-to page follow from the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..errors import BookmakerError
from .hex_grid import HexGrid
from .mask import Mask
from .polar_grid import PolarGrid
from .topology import RectGrid, SquareGrid, Topology
from .triangle_grid import TriangleGrid

if TYPE_CHECKING:  # only names the type: the words come from the plan that passes them
    from ..language import Words

Sizing = Literal["grid", "rings"]
GRID: Sizing = "grid"  # width x height cells, written COLUMNSxROWS; a mask may cut it
RINGS: Sizing = "rings"  # a number of rings round a centre
# Endpoints when none are named, in a book's section and on `bookmaker maze` alike: grids open
# two gaps on opposite sides of the outer wall, far apart (``border``'s two farthest gaps often
# sit side by side, arrows touching). A shape may name its own (``Shape.endpoints``).
DEFAULT_ENDPOINTS = "opposite"


@dataclass(frozen=True)
class Shape:
    """One shape: its name and everything but the geometry its topology computes."""

    name: str  # as a config's ``shape:`` and ``--shape`` write it, and ``Topology.kind``
    topology: Callable[..., Topology]  # GRID: (width, height, mask=None); RINGS: (rings)
    sizing: Sizing
    code_id: int  # its number in a maze code (``codes``): never reused once printed
    # What the book's words call its mazes, from the catalogue (``bookmaker.language``): a
    # number of them, "4 hexagon mazes", and all of them together, "hexagon mazes".
    counted: Callable[[Words, int], str]
    named: Callable[[Words], str]
    described: str  # what its name means, for the config reference; "" when it says it all
    title_art: tuple[int, ...]  # the title page's maze: (width, height) or (rings,)
    cover_sample: tuple[int, ...]  # the back cover's sample puzzle, likewise
    endpoints: str = DEFAULT_ENDPOINTS  # the endpoint mode when none is named
    # The patch under a start and a finish marked inside the maze rather than on its rim:
    # "circle", "square" or "hexagon" (``geometry.primitives.halo``), named on the how-to page.
    end_patches: tuple[str, str] = ("circle", "square")
    # Whether its mazes may weave, passages crossing over and under (``weave``): a crossing
    # needs a straight passage through a cell with a perpendicular one beneath it.
    weaves: bool = False

    @property
    def takes_rings(self) -> bool:
        return self.sizing == RINGS

    @property
    def takes_masks(self) -> bool:
        """Masks cut grids: a shape sized by rings is a disc already."""
        return self.sizing == GRID

    def size_fields(self, dimensions: tuple[int, ...]) -> tuple[int | None, int | None, int | None]:
        """``(width, height, rings)`` for a maze of ``dimensions`` (``Topology.dimensions``),
        None where this shape has no such number."""
        if self.takes_rings:
            (rings,) = dimensions
            return None, None, rings
        width, height = dimensions
        return width, height, None

    def make(self, dimensions: tuple[int, ...], mask: Mask | None = None) -> Topology:
        """The topology of ``dimensions``: (width, height) or (rings,)."""
        if self.takes_rings:
            (rings,) = dimensions
            return make_topology(self.name, rings=rings, mask=mask)
        width, height = dimensions
        return make_topology(self.name, (width, height), mask=mask)


# Each shape's words, as the catalogue extracts them: one literal message per call.
def _square_counted(words: Words, count: int) -> str:
    return words.npgettext("count.mazes", "{count} maze", "{count} mazes", count)


def _square_named(words: Words) -> str:
    return words.pgettext("how-to.square-mazes", "mazes")


def _hex_counted(words: Words, count: int) -> str:
    return words.npgettext("count.hex-mazes", "{count} hexagon maze", "{count} hexagon mazes", count)


def _hex_named(words: Words) -> str:
    return words.pgettext("how-to.hex-mazes", "hexagon mazes")


def _triangle_counted(words: Words, count: int) -> str:
    return words.npgettext("count.triangle-mazes", "{count} triangle maze", "{count} triangle mazes", count)


def _triangle_named(words: Words) -> str:
    return words.pgettext("how-to.triangle-mazes", "triangle mazes")


def _round_counted(words: Words, count: int) -> str:
    return words.npgettext("count.round-mazes", "{count} round maze", "{count} round mazes", count)


def _round_named(words: Words) -> str:
    return words.pgettext("how-to.round-mazes", "round mazes")


SQUARE = Shape(
    "square",
    SquareGrid,
    GRID,
    code_id=0,
    counted=_square_counted,
    named=_square_named,
    described="",
    title_art=(24, 14),  # each grid shape fills the same wide band under the title, about 1.7 : 1
    cover_sample=(9, 9),  # small enough to be taken in at a glance from a shop shelf
    weaves=True,
)
HEX = Shape(
    "hex",
    HexGrid,
    GRID,
    code_id=1,
    counted=_hex_counted,
    named=_hex_named,
    described="hexagons",
    title_art=(22, 11),
    cover_sample=(8, 7),
    # A hexagon, like its cells, where a square patch would run across the slanted walls.
    end_patches=("hexagon", "hexagon"),
)
TRIANGLE = Shape(
    "triangle",
    TriangleGrid,
    GRID,
    code_id=2,
    counted=_triangle_counted,
    named=_triangle_named,
    described="triangles pointing up and down",
    title_art=(34, 12),
    cover_sample=(13, 7),
)
POLAR = Shape(
    "polar",
    PolarGrid,
    RINGS,
    code_id=3,
    counted=_round_counted,
    named=_round_named,
    described="a disc of rings around a centre cell, sized by `rings` instead of `size`",
    title_art=(8,),
    cover_sample=(5,),
    # Walked from its rim to its middle, as circular mazes traditionally are.
    endpoints="centre",
)
# In the order configs, help texts and schemas list them.
SHAPES = (SQUARE, HEX, TRIANGLE, POLAR)
SHAPE_NAMES = tuple(shape.name for shape in SHAPES)
MASKED_SHAPES = tuple(shape.name for shape in SHAPES if shape.takes_masks)
_BY_NAME = {shape.name: shape for shape in SHAPES}
# A section's shape when none is named; a book with mixed shapes gets its title art; recipes
# and file names leave it unsaid.
DEFAULT_SHAPE = SQUARE


def shape_word(kind: str, after: str = " ") -> str:
    """The shape as a recipe, a file name or a message names it before the size: nothing for
    the default shape ('20x10'), else its name and ``after`` ('hex 12x10', 'polar-8rings')."""
    return "" if kind == DEFAULT_SHAPE.name else f"{kind}{after}"


def shape_named(name: str) -> Shape:
    """The shape called ``name``; an unknown name is a one-line error listing the known ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise BookmakerError(f"unknown shape '{name}'; choose one of: {', '.join(SHAPE_NAMES)}") from None


def make_topology(
    shape: str, size: tuple[int, int] | None = None, rings: int | None = None, mask: Mask | None = None
) -> Topology:
    """The topology of ``shape``: grid shapes take ``size`` (width, height) and perhaps a
    ``mask``, shapes sized by rings ``rings``."""
    spec = shape_named(shape)
    if spec.takes_rings:
        if mask is not None:
            raise BookmakerError(
                f"a {spec.name} maze is already a disc and takes no mask; use a "
                f"{_or(s.name for s in SHAPES if s.takes_masks)} grid for a silhouette"
            )
        if rings is None:
            raise BookmakerError(f"a {spec.name} maze needs a number of rings, not a width and height")
        return spec.topology(rings)
    if size is None:
        raise BookmakerError(f"a {spec.name} maze needs a size (width x height), not rings")
    return spec.topology(*size, mask=mask)


def make_grid(shape: str, size: tuple[int, int], mask: Mask | None = None) -> RectGrid:
    """The grid of ``size`` of a shape sized by width x height (``GRID``), as masks need it;
    a one-line error for a shape sized by rings."""
    topology = make_topology(shape, size, mask=mask)
    if not isinstance(topology, RectGrid):  # make_topology refuses a size for it already
        raise BookmakerError(f"a {shape} maze has no grid of width x height")
    return topology


def _or(names: Iterable[str]) -> str:
    """'a, b or c'."""
    listed = list(names)
    return ", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else "".join(listed)
