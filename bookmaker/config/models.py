"""The book spec as typed data: every option a config may hold, with its default.

Lengths are given with units in YAML and held here in PDF points. Unknown keys
are errors everywhere (``extra="forbid"``), so a typo never passes silently.
Checks that need more than one field or the outside world (fonts, algorithm
options) live here too, so a Book built from Python is as safe as one loaded
from YAML; ``problem()`` tags an error with the sub-key to blame, so ``load_book``
can point at the right line. Lists of valid words and numbers (profiles, mazes
per page, endpoint modes, shapes, algorithms and their options) come from the
modules that own them, never copied here.
"""

from __future__ import annotations

import datetime
import difflib
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails, InitErrorDetails, PydanticCustomError

from .. import units
from ..colours import MIN_CONTRAST, Inks, contrast_ratio
from ..errors import BookmakerError
from ..language import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Override,
    Words,
    fills,
    locale,
    message_ids,
    override_texts,
    placeholders,
    plural_categories,
)
from ..layout.cover_geometry import BARCODES, PRINTER_BARCODE
from ..layout.journey import JOURNEY_ENDPOINTS
from ..layout.page_geometry import GRIDS, MARKERS, MIN_CONTENT_PT, TEXT_SIZE_NAMES
from ..masks import DEFAULT_THRESHOLD, MaskSpec, masked_grid
from ..masks.outlines import OUTLINES
from ..masks.text import MIN_LETTER_ROWS, name_flaw, text_size
from ..maze import ALGORITHMS, lookup
from ..maze.algorithms import mask_refusal
from ..maze.mask import ISLANDS, MASK_KINDS
from ..maze.shapes import (
    DEFAULT_ENDPOINTS,
    DEFAULT_SHAPE,
    MASKED_SHAPES,
    SHAPE_NAMES,
    SHAPES,
    SQUARE,
    make_topology,
    shape_named,
)
from ..maze.solve import ENDPOINT_MODES, default_endpoints
from ..maze.topology import MAX_BOOK_SIDE, Topology
from ..maze.weave import WEAVING_ALGORITHM, weave_refusal
from ..profiles import COLOUR_PAPERS, INTERIORS, OUTPUTS, PAGE_SIZES, PAPERS, PROFILES, RECIPES, parse_size
from ..wording import count_problem, did_you_mean, listing

MAX_MAZE_SIDE = MAX_BOOK_SIDE
# A polar maze's rings, the centre counting as one: two is the smallest disc with a way through,
# and MAX_MAZE_SIDE // 2 rings span as many ring widths across as the widest grid has cells.
MIN_RINGS, MAX_RINGS = 2, MAX_MAZE_SIDE // 2
GRID_SLOTS = tuple(GRIDS)  # mazes per page that fill a rows x columns grid
MIN_TRIM, MAX_TRIM = 3 * 72.0, 14 * 72.0  # no printer or binding takes pages outside this
MIN_CONTENT = MIN_CONTENT_PT  # margins must leave at least an inch for the mazes
DEFAULT_PROFILE = "home"
# Every profile bookmaker.profiles knows, the default first (as errors and the schema list them).
PROFILE_NAMES = tuple(sorted(PROFILES, key=lambda name: name != DEFAULT_PROFILE))
# The printers the descriptions name, in the registry's order.
RETAIL_PROFILES = tuple(name for name, p in PROFILES.items() if p.retail)
GREY_PROFILES = tuple(name for name, p in PROFILES.items() if p.default_interior == "black-and-white")
COLOUR_PROFILES = tuple(name for name in PROFILES if name not in GREY_PROFILES)
PRINTS_BARCODE = tuple(name for name, p in PROFILES.items() if p.cover.prints_barcode)
REQUIRES_BARCODE = tuple(name for name, p in PROFILES.items() if p.cover.requires_barcode)
SPINE_FORMULA = tuple(name for name, p in PROFILES.items() if p.cover.spine_per_page is not None)
NO_SPINE_FORMULA = tuple(name for name in PROFILES if name not in SPINE_FORMULA)


def problem(message: str, *at: str | int) -> PydanticCustomError:
    """A validation error whose key is ``at`` below the field that raised it."""
    return PydanticCustomError("bookmaker", "{message}", {"message": message, "at": at})


def _raise_all(problems: list[PydanticCustomError]) -> None:
    """Raise every one of ``problems`` at once (nothing when there are none), so that a run
    reports them all."""
    if problems:
        raise ValidationError.from_exception_data(
            "Book", [InitErrorDetails(type=found, loc=(), input=None) for found in problems]
        )


def _again(error: ErrorDetails) -> InitErrorDetails:
    """One of a ValidationError's ``errors()``, to be raised again beside others."""
    kind: str | PydanticCustomError = error["type"]
    if kind == "bookmaker":
        kind = PydanticCustomError("bookmaker", "{message}", error["ctx"])
    details = InitErrorDetails(type=kind, loc=tuple(error["loc"]), input=error.get("input"))
    if "ctx" in error and error["type"] != "bookmaker":
        details["ctx"] = error["ctx"]
    return details


def _length(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return 0.0
    if not isinstance(value, str):
        raise ValueError(f"expected {units.UNITS_HINT}")
    return units.parse_length(value)


def _grid(value: Any) -> tuple[int, int]:
    if not isinstance(value, str):
        raise ValueError("expected COLUMNSxROWS, e.g. 20x10")
    return units.parse_grid_size(value)


def _config_file(path: Path, info: ValidationInfo, what: str) -> Path:
    """``path`` resolved against the config file's folder; it must be an existing file."""
    base = Path((info.context or {}).get("base", "."))
    full = (base / path.expanduser()).resolve()
    if not full.is_file():
        raise problem(f"no such {what} '{path}' (looked for {full})")
    return full


def _none_is_default(value: Any) -> Any:
    # A heading whose keys are all commented out reads as null in YAML; it means "defaults".
    return {} if value is None else value


def _points_text(points: float) -> str:
    # JSON output (model_dump, schema defaults) must read back in: points with their unit.
    return f"{points:g}pt"


Length = Annotated[
    float,
    BeforeValidator(_length),
    PlainSerializer(_points_text, when_used="json"),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": r"^\s*(\d+(\.\d+)?|\.\d+)\s*(in|mm|cm|pt)\s*$"},
                {"const": 0},
            ],
            "examples": ["0.5in", "12mm"],
        }
    ),
]
GridSize = Annotated[
    tuple[int, int],
    BeforeValidator(_grid),
    PlainSerializer(lambda size: f"{size[0]}x{size[1]}", when_used="json"),
    WithJsonSchema({"type": "string", "pattern": r"^\s*\d+\s*[x×]\s*\d+\s*$", "examples": ["20x15"]}),
]


def _text_or_forms(value: Any) -> Any:
    # One text, or a text per plural category: anything else is one error on its key, not one
    # for each of the two shapes pydantic would try. A category is a word ('1' is reported as
    # no category of the book's language once that is known).
    if isinstance(value, dict):
        for category, form in value.items():
            if not isinstance(form, str):
                raise problem("expected text (put it in quotes)", category)
        return {str(category): form for category, form in value.items()}
    if not isinstance(value, str):
        raise problem(
            "expected text, or for a message that counts a text per plural category (one: ..., other: ...)"
        )
    return value


OwnWording = Annotated[str | dict[str, str], BeforeValidator(_text_or_forms)]
HexColor = Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$", examples=["#D62728"])]
SlotCount = Annotated[int, Field(json_schema_extra={"enum": list(GRID_SLOTS)})]


def _check_slots(value: int) -> int:
    if value not in GRID_SLOTS:
        raise problem(
            f"must be one of {', '.join(map(str, GRID_SLOTS))} (mazes in a grid on the page), got {value}"
        )
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Margins(Strict):
    """Page margins; unset ones take the print profile's minimum (or a comfortable default)."""

    inside: Length | None = Field(None, description="Margin at the spine (gutter).")
    outside: Length | None = Field(None, description="Margin at the outer edge.")
    top: Length | None = Field(None, description="Margin at the top of the page.")
    bottom: Length | None = Field(None, description="Margin at the foot of the page.")


class Page(Strict):
    """The trim size, bleed and margins of every page."""

    size: str = Field(
        "letter",
        description="A preset (letter, a4, a5, 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x8.25, "
        "8.5x8.5, 8.5x11; bare numbers mean inches) or WIDTHxHEIGHT with a unit "
        "(e.g. 6x9in, 210x297mm). The trim size, 3in to 14in per side.",
        examples=sorted(PAGE_SIZES),
    )
    bleed: bool = Field(False, description="Extend the page past the trim by the profile's bleed.")
    margins: Margins = Field(Margins(), description="Page margins; unset ones follow the profile.")

    _margins_default = field_validator("margins", mode="before")(_none_is_default)

    @field_validator("size")
    @classmethod
    def _size_known(cls, size: str) -> str:
        try:
            width, height = parse_size(size)
        except BookmakerError as error:
            raise problem(f"{error}{did_you_mean(size.strip().lower(), PAGE_SIZES)}") from None
        if min(width, height) < MIN_TRIM or max(width, height) > MAX_TRIM:
            raise problem(
                f"'{size}' is {units.format_points(width)} x {units.format_points(height)}; "
                "each side must be 3in to 14in"
            )
        return size

    @property
    def trim_size(self) -> tuple[float, float]:
        """(width, height) of the trimmed page in points."""
        return parse_size(self.size)

    @model_validator(mode="after")
    def _margins_fit(self) -> Page:
        width, height = self.trim_size
        m = self.margins
        for room, first, second, names in (
            (width, m.inside, m.outside, ("inside", "outside")),
            (height, m.top, m.bottom, ("top", "bottom")),
        ):
            if room - (first or 0) - (second or 0) < MIN_CONTENT:
                blame = names[0] if (first or 0) >= (second or 0) else names[1]
                raise problem(
                    f"{names[0]} + {names[1]} margins leave less than 1in of the "
                    f"{units.format_points(room)} page for the mazes",
                    "margins",
                    blame,
                )
        return self


class Font(Strict):
    """Fonts for all text; paths are relative to the config file's folder."""

    regular: Path | None = Field(None, description="TrueType (.ttf) file; default: bundled Andika.")
    bold: Path | None = Field(
        None, description="TrueType (.ttf) file for headings; default: bundled Andika Bold."
    )

    @field_validator("regular", "bold")
    @classmethod
    def _loadable(cls, path: Path | None, info: ValidationInfo) -> Path | None:
        if path is None:
            return None
        full = _config_file(path, info, "font file")
        from reportlab.pdfbase.ttfonts import TTFont  # slow import; only when a font is given

        try:
            TTFont(f"check-{info.field_name}", str(full))
        except Exception as error:  # reportlab raises assorted types for a bad file
            raise problem(
                f"'{path}' is not a TrueType font reportlab can use ({error}); "
                "give a .ttf file (OpenType fonts with CFF outlines do not work)"
            ) from None
        return full


class FrontMatter(Strict):
    """Pages before the first maze."""

    title_page: bool = Field(True, description="A title page with the title, subtitle and author.")
    title_art: Literal[("auto", *SHAPE_NAMES)] = Field(  # type: ignore[valid-type]
        "auto",
        description="The shape of the title page's maze: auto (the sections' shape when "
        f"they all share one, else {DEFAULT_SHAPE.name}), or {listing(SHAPE_NAMES)}.",
    )
    how_to: bool = Field(True, description="A page explaining how to solve the mazes.")
    how_to_text: str | None = Field(None, description="Own text for the how-to page.")
    contents: bool = Field(True, description="Table of contents (also the PDF outline where allowed).")


Endpoints = Literal[ENDPOINT_MODES]  # type: ignore[valid-type]  # the modes bookmaker.maze.solve knows
Shape = Literal[SHAPE_NAMES]  # type: ignore[valid-type]  # the shapes bookmaker.maze.shapes builds
Opener = Literal["page", "inline", "none"]
OPENER_HELP = (
    "How a section opens in a book: page (a page of its own with its title, stars "
    "and instructions), inline (the same above its first maze) or none (only the "
    "running head); the contents list the section whichever it is."
)


def _takes_rings(shape: object) -> bool:
    """Whether ``shape`` names a shape sized by rings (False for a name no shape has)."""
    return shape in SHAPE_NAMES and shape_named(str(shape)).takes_rings


RING_SHAPES = [name for name in SHAPE_NAMES if _takes_rings(name)]


def _one_of(names: list[str]) -> dict[str, Any]:
    """The JSON schema of a string that is one of ``names``."""
    return {"const": names[0]} if len(names) == 1 else {"enum": names}


def _section_rules(schema: dict[str, Any], model: type[BaseModel]) -> None:
    """The rules between a section's keys, in the schema, so an editor checks them as it types.

    Polar sections take ``rings`` and grid shapes ``size``; an algorithm that carves only some
    shapes allows only those; and each algorithm's options are typed from its declaration
    (``Option``). A section without an ``algorithm`` key gets the default algorithm's rules.
    """
    # A journey's pages set its size and count when they are not given.
    schema["properties"]["count"].pop("default", None)
    schema.update(
        {
            "if": {"properties": {"shape": _one_of(RING_SHAPES)}, "required": ["shape"]},
            "then": {"required": ["rings", "count"], "not": {"required": ["size"]}},
            "else": {
                "anyOf": [{"required": ["size", "count"]}, {"required": ["journey"]}],
                "not": {"required": ["rings"]},
            },
        }
    )
    default = model.model_fields["algorithm"].default
    rules = []
    for name, algorithm in ALGORITHMS.items():
        condition: dict[str, Any] = {"properties": {"algorithm": {"const": name}}}
        if name != default:
            condition["required"] = ["algorithm"]
        options = {
            "type": "object",
            "properties": {option.name: option.json_schema() for option in algorithm.declared},
            "additionalProperties": False,
        }
        then: dict[str, Any] = {"properties": {"options": options}}
        if algorithm.shapes is not None:
            then["properties"]["shape"] = {"enum": [s for s in SHAPE_NAMES if s in algorithm.shapes]}
        rules.append({"if": condition, "then": then})
    schema["allOf"] = rules


NAME_FIELD = "{name}"  # in a worksheet's text mask: each student's name
AUTO_SIZE = "auto"  # a text mask's size: the smallest grid its letters can be read in


class MaskConfig(Strict):
    """A silhouette for the section's mazes: exactly one of image, text, file or outline.

    Paths are relative to the config file's folder.
    """

    image: Path | None = Field(
        None,
        description="A black-on-white (or transparent) picture, fitted into the grid; a "
        "cell takes part when at least half of it is dark.",
    )
    text: str | None = Field(
        None,
        min_length=1,
        max_length=40,
        description="Letters in the book's bold font, for name mazes; in worksheets, "
        f"'{NAME_FIELD}' is each student's name (worksheet.names).",
    )
    file: Path | None = Field(
        None, description="Rows of X (a cell) and . (no cell); it sets the grid's size."
    )
    outline: Literal[tuple(OUTLINES)] | None = Field(  # type: ignore[valid-type]
        None, description=f"A built-in outline: {listing(OUTLINES)}."
    )
    threshold: float = Field(
        DEFAULT_THRESHOLD,
        gt=0,
        lt=1,
        description="image: the lightness (0 black, 1 white) under which a pixel is dark.",
    )
    islands: Literal[ISLANDS] | None = Field(  # type: ignore[valid-type]
        None,
        description="When the silhouette falls apart: error, keep-largest or connect. "
        "Default: connect for text, error for the others.",
    )

    @field_validator("image", "file")
    @classmethod
    def _readable(cls, path: Path | None, info: ValidationInfo) -> Path | None:
        return None if path is None else _config_file(path, info, "file")

    @model_validator(mode="after")
    def _one_source(self) -> MaskConfig:
        given = [kind for kind in MASK_KINDS if getattr(self, kind) is not None]
        if len(given) != 1:
            said = f"got {' and '.join(given)}" if given else "got none"
            raise problem(f"a mask takes exactly one of {listing(MASK_KINDS)}; {said}")
        return self

    @property
    def kind(self) -> str:
        return next(kind for kind in MASK_KINDS if getattr(self, kind) is not None)

    def spec(self, font: Path | None, name: str | None = None) -> MaskSpec:
        """The mask to build; ``name`` fills a worksheet's ``{name}``."""
        kind = self.kind
        value = getattr(self, kind)
        if kind in ("image", "file"):
            source = value.name
            path = value
        else:
            source = value.replace(NAME_FIELD, name) if name is not None else value
            path = None
        return MaskSpec(kind, source, path, self.threshold, self.islands, font if kind == "text" else None)


MAX_JOURNEY_PAGES = 48  # a journey past this is a book of its own, not a section


class Journey(Strict):
    """One maze tiled across consecutive pages, joined by labelled connectors."""

    pages: int = Field(
        ge=2,
        le=MAX_JOURNEY_PAGES,
        description=f"How many pages the one maze spans, 2 to {MAX_JOURNEY_PAGES}, tiled in reading order.",
    )


class Section(Strict):
    """A run of mazes made alike: one shape, one algorithm, one size, one title.

    ``shape`` comes before the keys that depend on it, so their checks can read it.
    """

    model_config = ConfigDict(json_schema_extra=_section_rules)

    title: str = Field(min_length=1, description="Heading of the section, shown in the contents.")
    id: str | None = Field(
        None,
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        description="Stable name that seeds the section's mazes; default: the title, slugified. "
        "Set it before renaming a section, or its mazes change.",
    )
    shape: Shape = Field(
        DEFAULT_SHAPE.name,
        description=listing(f"{s.name} ({s.described})" if s.described else s.name for s in SHAPES) + ".",
    )
    algorithm: str = Field(
        "recursive-backtracker",
        description="Generator; `bookmaker algorithms` lists them.",
        json_schema_extra={"enum": list(ALGORITHMS)},
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="The algorithm's own options; `bookmaker algorithms` lists them.",
    )
    mask: MaskConfig | None = Field(
        None,
        description=f"A silhouette the mazes take ({listing(MASKED_SHAPES, 'and')} grids): "
        "image, text, file or outline, with threshold and islands.",
    )
    journey: Journey | None = Field(
        None,
        description="One square maze across several pages (pages: N), from the top left of "
        "the first to the bottom right of the last; without a size, each page is filled at "
        "a quarter-inch corridor.",
    )
    size: GridSize | None = Field(
        None,
        validate_default=True,
        description=f"Maze size in cells, COLUMNSxROWS, 1 to {MAX_MAZE_SIDE} each way; "
        f"every shape but polar. '{AUTO_SIZE}' (the default for a text mask): the smallest "
        "grid in which its letters are 5 cells tall with strokes 2 cells thick.",
        json_schema_extra={
            "anyOf": [
                {"type": "string", "pattern": r"^\s*\d+\s*[x×]\s*\d+\s*$"},
                {"const": "auto"},
                {"type": "null"},
            ]
        },
    )
    rings: int | None = Field(
        None,
        validate_default=True,
        description=f"Rings of a polar maze, {MIN_RINGS} to {MAX_RINGS}, the centre cell "
        "counting as one (rings: 2 is the centre and a ring of 6 cells around it).",
        json_schema_extra={"minimum": MIN_RINGS, "maximum": MAX_RINGS},
    )
    # Required but for a journey, which is one maze (``_count_given``).
    count: int = Field(
        None, ge=1, le=2000, validate_default=True, description="How many mazes the section holds."
    )
    per_page: SlotCount = Field(1, description=f"Mazes per page: {listing(GRID_SLOTS)}.")
    endpoints: Endpoints = Field(
        None,
        validate_default=True,
        description="Where start and finish go: none, corners (top left to bottom right; grid "
        "shapes), border (the two openings in the outer wall farthest apart, maybe on one "
        "side), diameter (the two cells farthest apart, marked inside the maze), centre "
        "(finish at the middle, start on the rim farthest from it), opposite (openings on "
        "opposite sides of the outer wall, far apart). "
        f"Default: {DEFAULT_ENDPOINTS}; "
        + ", ".join(f"{s.endpoints} for {s.name}" for s in SHAPES if s.endpoints != DEFAULT_ENDPOINTS)
        + ".",
        json_schema_extra={"default": DEFAULT_ENDPOINTS},
    )
    braid: float = Field(
        0.0,
        ge=0,
        le=1,
        description="Share of dead ends joined into loops after carving, 0 to 1: 0 keeps the "
        "mazes perfect (one way between any two cells), 1 leaves no dead ends.",
    )
    weave: float = Field(
        0.0,
        ge=0,
        le=1,
        description="Share of the possible crossings placed, 0 to 1: passages cross over and "
        "under one another, and the mazes stay perfect. Square grids carved by kruskal, "
        "without mask or braid; 0 is a flat maze.",
    )
    instructions: str = Field("", description="A line printed above each maze of the section.")
    difficulty: str | None = Field(None, description="A label such as 'Easy', shown on pages.")
    order: Literal["generated", "difficulty"] = Field(
        "generated", description="Keep generation order, or sort the section's mazes easiest first."
    )
    min_solution_share: float | None = Field(
        None,
        gt=0,
        lt=1,
        description="Retry seeds until the solution covers at least this share of the cells (0 to 1).",
    )
    recipe: Literal[RECIPES] | None = Field(  # type: ignore[valid-type]
        None,
        description="What prints under each maze of the section: full, code or none; "
        "unset: the book's recipe.",
    )
    opener: Opener | None = Field(None, description=OPENER_HELP + " Unset: the book's opener.")
    markers: Literal[MARKERS] | None = Field(  # type: ignore[valid-type]
        None,
        description="How the section's starts and finishes are marked: arrows, words "
        "or both; unset: the book's markers.",
    )

    _options_default = field_validator("options", mode="before")(_none_is_default)

    @field_validator("count", mode="before")
    @classmethod
    def _count_given(cls, count: Any, info: ValidationInfo) -> Any:
        # A journey is one maze: its count goes without saying.
        if count is None:
            if info.data.get("journey") is not None:
                return 1
            raise problem("required key is missing")
        return count

    _per_page_slots = field_validator("per_page")(_check_slots)

    @field_validator("size", mode="before")
    @classmethod
    def _no_size_for_polar(cls, size: Any, info: ValidationInfo) -> Any:
        # Before parsing: whatever was written, a disc has no columns and rows.
        if _takes_rings(info.data.get("shape")) and size is not None:
            raise problem(
                f"a polar maze is sized by rings, not size; replace it with rings: {MIN_RINGS} to {MAX_RINGS}"
            )
        if isinstance(size, str) and size.strip().lower() == AUTO_SIZE:
            mask = info.data.get("mask")
            if mask is None or mask.kind != "text":
                raise problem(
                    f"size: {AUTO_SIZE} sizes a text mask to its letters; give this "
                    "maze's size in cells, COLUMNSxROWS (e.g. size: 20x15)"
                )
            return None  # the text sizes its grid (masks.text.auto_size)
        return size

    @field_validator("size")
    @classmethod
    def _size_fits_shape(cls, size: tuple[int, int] | None, info: ValidationInfo) -> tuple[int, int] | None:
        shape = info.data.get("shape")
        if _takes_rings(shape):
            return None
        if size is None:
            if shape is None:  # the shape itself is wrong; that error says enough
                return None
            mask = info.data.get("mask")
            if mask is not None and mask.kind in ("file", "text"):  # it sets the size
                return None
            if info.data.get("journey") is not None:  # its pages set the size (plan.journey)
                return None
            raise problem(
                f"required key is missing: a {shape} maze's size in cells, COLUMNSxROWS (e.g. size: 20x15)"
            )
        width, height = size
        if min(width, height) < 1 or max(width, height) > MAX_MAZE_SIDE:
            raise problem(f"each side must be 1 to {MAX_MAZE_SIDE} cells, got {width}x{height}")
        if shape is not None:
            try:  # the shape's own rules, such as a triangle grid too narrow to hold together
                make_topology(shape, size)
            except BookmakerError as error:
                raise problem(str(error)) from None
        return size

    @field_validator("rings")
    @classmethod
    def _rings_fit_shape(cls, rings: int | None, info: ValidationInfo) -> int | None:
        shape = info.data.get("shape")
        if shape is None:
            return rings
        if not _takes_rings(shape):
            if rings is not None:
                raise problem(
                    f"rings are for polar mazes; a {shape} maze takes size: "
                    "COLUMNSxROWS instead, or set shape: polar"
                )
            return None
        if rings is None:
            if "size" not in info.data:  # a size was given instead: its error says to swap them
                return None
            raise problem(
                f"required key is missing: a polar maze is sized by rings, "
                f"{MIN_RINGS} to {MAX_RINGS} (e.g. rings: 8)"
            )
        if not MIN_RINGS <= rings <= MAX_RINGS:
            raise problem(
                f"a polar maze takes {MIN_RINGS} to {MAX_RINGS} rings, got {rings}; "
                f"rings: {MIN_RINGS} is the centre cell and a ring of 6 around it"
            )
        return rings

    @field_validator("algorithm")
    @classmethod
    def _algorithm_known(cls, name: str, info: ValidationInfo) -> str:
        try:
            lookup(name)
        except BookmakerError as error:
            raise problem(str(error)) from None
        shape = info.data.get("shape")
        if shape is not None and not ALGORITHMS[name].carves(shape):
            carved = [s for s in SHAPE_NAMES if ALGORITHMS[name].carves(s)]
            anywhere = [other for other in ALGORITHMS if ALGORITHMS[other].shapes is None]
            raise problem(
                f"{name} carves {listing(carved)} mazes only, not {shape}; use an algorithm that "
                f"walks any shape's cells: {listing(anywhere)}"
            )
        return name

    @field_validator("options")
    @classmethod
    def _options_accepted(cls, options: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        name = info.data.get("algorithm")
        if name is None:  # the algorithm itself is wrong; that error says enough
            return options
        algorithm = lookup(name)
        valid = list(algorithm.options)
        for key, value in options.items():
            if key not in valid:
                listed = f"its options: {', '.join(valid)}" if valid else "it takes no options"
                raise problem(f"{name} has no option '{key}'{did_you_mean(key, valid)}; {listed}", key)
            try:  # the declaration judges the value, one key at a time to blame the right line
                algorithm.settings({key: value})
            except BookmakerError as error:
                raise problem(str(error), key) from None
        return options

    @field_validator("weave")
    @classmethod
    def _weave_fits(cls, weave: float, info: ValidationInfo) -> float:
        if not weave:
            return weave
        shape, name = info.data.get("shape"), info.data.get("algorithm")
        if shape is not None and not shape_named(shape).weaves:
            raise problem(weave_refusal(f"on {shape} grids"))
        if name is not None and name != WEAVING_ALGORITHM:
            raise problem(weave_refusal(f"with {name}") + f"; set algorithm: {WEAVING_ALGORITHM}")
        if info.data.get("mask") is not None:
            raise problem(weave_refusal("with a mask"))
        if info.data.get("braid"):
            raise problem(weave_refusal("with braid: its loops would open walls beside the crossings"))
        return weave

    @field_validator("mask")
    @classmethod
    def _mask_fits_shape(cls, mask: MaskConfig | None, info: ValidationInfo) -> MaskConfig | None:
        if mask is None:
            return None
        shape = info.data.get("shape")
        if shape is not None and shape not in MASKED_SHAPES:
            raise problem(
                f"a {shape} maze takes no mask (a polar maze is already a disc); "
                f"masks cut {listing(MASKED_SHAPES)} grids"
            )
        name = info.data.get("algorithm")
        if name is not None and not ALGORITHMS[name].takes_masks:
            raise problem(mask_refusal(name))
        return mask

    @field_validator("endpoints", mode="before")
    @classmethod
    def _endpoints_default_by_shape(cls, mode: Any, info: ValidationInfo) -> Any:
        if mode is None:  # not given (or null): the shape's default, a journey's own
            if info.data.get("journey") is not None:
                return JOURNEY_ENDPOINTS
            return default_endpoints(info.data.get("shape"))
        return mode

    @field_validator("endpoints")
    @classmethod
    def _endpoints_fit_shape(cls, mode: str, info: ValidationInfo) -> str:
        data = info.data
        if mode == "corners" and "shape" in data and (data.get("size") or data.get("rings")):
            try:  # the shape knows whether it has corners (a disc has none)
                make_topology(data["shape"], data.get("size"), data.get("rings")).corners()
            except BookmakerError as error:
                raise problem(str(error)) from None
        return mode

    @model_validator(mode="after")
    def _journey_rules(self) -> Section:
        if self.journey is None:
            return self
        refusals = (
            (
                self.shape != SQUARE.name,
                "shape",
                f"a journey is a square maze, not {self.shape}; remove shape",
            ),
            (self.mask is not None, "mask", "a journey's tiles are whole pages; remove the mask"),
            (self.count != 1, "count", "a journey is one maze; give each journey a section of its own"),
            (self.per_page != 1, "per_page", "a journey takes whole pages; remove per_page"),
            (
                self.weave > 0,
                "weave",
                "a journey's pages join corridor by corridor, and a tunnel under a page's edge "
                "would have no connector; remove weave, or give the woven mazes a section of their own",
            ),
            (
                self.endpoints != JOURNEY_ENDPOINTS,
                "endpoints",
                "a journey starts at the top left of its first page and finishes at the bottom "
                f"right of its last (endpoints: {JOURNEY_ENDPOINTS})",
            ),
        )
        _raise_all([problem(message, key) for refused, key, message in refusals if refused])
        return self

    @property
    def topology(self) -> Topology:
        """The shape and size every maze of the section has (cut to its silhouette)."""
        return self.grid_for(None, None)

    def grid_for(self, font: Path | None, name: str | None) -> Topology:
        """The section's grid, cut by its mask with the letters in ``font`` (None: the
        bundled one) and ``name`` for a worksheet's ``{name}``."""
        if self.mask is None:
            return make_topology(self.shape, self.size, self.rings)
        return masked_grid(self.shape, self.size, self.mask.spec(font, name))

    @property
    def slug(self) -> str:
        return self.id or re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-") or "section"


class AnswerKey(Strict):
    """The solutions, printed after the mazes (or in a PDF of their own for worksheets)."""

    enabled: bool = Field(True, description="Print an answer key.")
    per_page: SlotCount = Field(6, description=f"Solved mazes per page: {listing(GRID_SLOTS)}.")
    style: Literal["line", "cells"] = Field("line", description="A line through the cells, or shaded cells.")
    color: HexColor | None = Field(
        None, description="Colour of the solution, #RRGGBB, in a colour interior; default #D62728."
    )
    wall_grey: float = Field(
        0.4,
        ge=0.0,
        le=0.9,
        description="Grey level of the walls behind the solution: 0 black, "
        "1 white; walls lighter than 0.4 (60 % black) are drawn wider, to print as clearly.",
    )

    _per_page_slots = field_validator("per_page")(_check_slots)


LANGUAGE_HELP = (
    f"The language bookmaker's own words print in (BCP 47 tag): {listing(LANGUAGES)}. "
    "What you write (titles, instructions, names) prints as written."
)


def _language_shipped(language: str | None) -> str | None:
    if language is not None and language not in LANGUAGES:
        raise problem(
            f"'{language}' is not a language bookmaker prints in{did_you_mean(language, LANGUAGES)}; "
            f"it ships {listing(LANGUAGES, 'and')}"
        )
    return language


class Worksheet(Strict):
    """Classroom worksheets: one page per maze, with fields for a student's name."""

    copies: int = Field(1, ge=1, le=500, description="Distinct variants, one per student.")
    fields: list[str] | None = Field(
        None,
        description="Labels of the write-in lines at the top of each sheet; default: Name, "
        "Date and Class in the worksheets' language; [] for none.",
    )
    date: datetime.date | None = Field(
        None,
        description="The date printed on each sheet, written YYYY-MM-DD (2027-03-12), in the "
        "worksheets' language ('12 maart 2027'), on the Date line (one is added if the fields "
        "have none); unset: a blank line to write on.",
    )
    language: str | None = Field(
        None, description="The worksheets' language, in place of the book's `language`."
    )
    min_cell: Length = Field(
        default_factory=lambda: units.parse_length("8mm"),
        description="Smallest cell size a maze may be drawn at, so young hands can trace it.",
        json_schema_extra={"default": "8mm"},
    )
    key: Literal["section", "separate"] = Field(
        "separate",
        description="separate: the answers go to their own PDF (NAME-key.pdf), to keep from "
        "students; section: they follow the worksheets in the same PDF.",
    )
    stars: bool = Field(True, description="Show a difficulty rating on each sheet.")
    names: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list,
        description="Students' names, one worksheet each (instead of copies); a text mask of "
        f"'{NAME_FIELD}' turns each name into its maze, and the name fills the first field "
        "that holds no date.",
    )

    @model_validator(mode="wrap")
    @classmethod
    def _names_agree(cls, data: Any, handler) -> Worksheet:
        # One worksheet per name: reported with every other problem of the worksheet, so a
        # teacher fixes them in one go (a name twice is prepare's to report, with the rest).
        found = []
        names = data.get("names") if isinstance(data, dict) else None
        if isinstance(names, list) and names:
            if "copies" in data and data["copies"] != len(names):
                found.append(
                    problem(
                        f"copies is {data['copies']} but {len(names)} names are "
                        "given; leave copies out: one worksheet per name",
                        "copies",
                    )
                )
            data = {**data, "copies": len(names)}
        try:
            worksheet = handler(data)
        except ValidationError as error:
            if not found:
                raise
            raise ValidationError.from_exception_data(
                "Worksheet",
                [
                    *(InitErrorDetails(type=each, loc=(), input=None) for each in found),
                    *(_again(each) for each in error.errors()),
                ],
            ) from None
        _raise_all(found)
        return worksheet

    _language_shipped = field_validator("language")(_language_shipped)

    @field_validator("date", mode="before")
    @classmethod
    def _date_written_out(cls, value: Any) -> datetime.date | None:
        # YAML hands dates over as text (yaml_source), and only a written date is taken: the
        # clock is never read, so a rebuild prints the same sheets on any day.
        if value is None:
            return None
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            try:
                return datetime.date.fromisoformat(value)
            except ValueError:
                pass
        clock = isinstance(value, str) and not re.search(r"\d", value)  # today, now, tomorrow
        raise problem(
            f"{value!r} is not a date; write the date as YYYY-MM-DD, such as 2027-03-12"
            + (" (bookmaker never reads the clock, so a rebuild prints the same sheets)" if clock else "")
        )

    @field_validator("min_cell")
    @classmethod
    def _cell_sensible(cls, size: float) -> float:
        if not 0 < size <= 144:
            raise problem(f"must be more than 0 and at most 2in, got {units.format_points(size)}")
        return size


COVER_ART_DEFAULT_SIZE: dict[str, dict[str, int | str]] = {
    "rings": {"rings": 14},
    "grid": {"size": "14x18"},
}  # by the shape's sizing


class CoverArt(Strict):
    """The maze on the front cover: a section's shape, algorithm and size, one maze."""

    shape: Shape = Field(
        "polar",
        description=f"{listing(SHAPE_NAMES)}; default polar, "
        f"or {DEFAULT_SHAPE.name} when only `size` is given.",
    )
    algorithm: str = Field(
        "recursive-backtracker",
        description="Generator; `bookmaker algorithms` lists them.",
        json_schema_extra={"enum": list(ALGORITHMS)},
    )
    size: GridSize | None = Field(None, description="COLUMNSxROWS for every shape but polar; default 14x18.")
    rings: int | None = Field(None, description="Rings of a polar maze; default 14.")
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1, description="The maze's own seed; default: one derived from the book seed."
    )

    @model_validator(mode="before")
    @classmethod
    def _default_size(cls, data: Any) -> Any:
        data = _none_is_default(data)
        if isinstance(data, dict) and "size" in data and "shape" not in data:
            data = {**data, "shape": DEFAULT_SHAPE.name}  # a size is a grid's: polar mazes take rings
        if isinstance(data, dict) and "size" not in data and "rings" not in data:
            shape = data.get("shape", "polar")
            data = {**data, **COVER_ART_DEFAULT_SIZE["rings" if _takes_rings(shape) else "grid"]}
        return data

    @model_validator(mode="after")
    def _a_section_would_take_it(self) -> CoverArt:
        # The art obeys every rule a section's mazes do: the section's checks judge it.
        probe: dict[str, Any] = {
            "title": "cover art",
            "count": 1,
            "shape": self.shape,
            "algorithm": self.algorithm,
        }
        if self.size is not None:
            probe["size"] = f"{self.size[0]}x{self.size[1]}"
        if self.rings is not None:
            probe["rings"] = self.rings
        try:
            Section.model_validate(probe)
        except ValidationError as error:
            first = error.errors()[0]
            at = tuple(first["loc"]) + tuple(first.get("ctx", {}).get("at", ()))
            raise problem(first.get("ctx", {}).get("message", first["msg"]), *at) from None
        return self


def _counts_known(text: str | None) -> str | None:
    """A text's ``{mazes}``-style counts are ones the book can fill in (``wording``)."""
    found = count_problem(text) if text else None
    if found:
        raise problem(found)
    return text


def _isbn_digits(isbn: str) -> str:
    """The 13 digits of an ISBN-13 written with or without hyphens and spaces."""
    digits = re.sub(r"[\s-]", "", isbn)
    if not re.fullmatch(r"97[89]\d{10}", digits):
        raise problem(
            f"'{isbn}' is not an ISBN-13: 13 digits starting 978 or 979 "
            "(hyphens and spaces may separate them)"
        )
    weighted = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
    check = (10 - weighted % 10) % 10
    if int(digits[12]) != check:
        raise problem(
            f"'{isbn}' ends in the check digit {digits[12]}, but its first 12 digits "
            f"give {check}; check the number against the ISBN agency's record"
        )
    return digits


# What each cover colour printed on the background carries, for the contrast rule.
COVER_COLOUR_USES = {
    "ink": "the title, author and maze walls",
    "accent": "the front maze's path, the arrows and the back's headings",
}


class Cover(Strict):
    """A full-wrap paperback cover (back, spine and front on one page, with bleed), written
    beside the interior as NAME.cover.pdf."""

    paper: Literal[PAPERS] = Field(  # type: ignore[valid-type]
        "white", description=f"The interior's paper, which sets the spine: {listing(PAPERS)}."
    )
    subtitle: str | None = Field(
        None,
        description="On the front; default: the book's subtitle. {mazes}, {pages} and "
        "{sections} are filled in, as in the book's subtitle.",
    )
    author: str | None = Field(None, description="On the front and spine; default: the book's author.")
    back_text: str = Field(
        "",
        description="The back cover's blurb; a blank line starts a new paragraph. "
        "{mazes}, {pages} and {sections} are filled in with the book's counts; {{ and }} print "
        "a brace.",
    )
    spine_text: str | None = Field(
        None, description="Along the spine, top to bottom; default: the title and author; empty for none."
    )
    background: HexColor = Field("#173F5F", description="The colour the whole cover is printed on.")
    ink: HexColor = Field("#FFFFFF", description="Colour of the text.")
    accent: HexColor = Field("#F6D55C", description="Colour of the front maze's path and the back's puzzle.")
    art: CoverArt = Field(CoverArt(), description="The maze on the front.")
    sample: bool = Field(True, description="A small puzzle on the back, in the first section's shape.")
    barcode: Literal[BARCODES] | None = Field(  # type: ignore[valid-type]
        None,
        description="kdp: leave the barcode box plain for the barcode the printer prints there "
        f"({listing(PRINTS_BARCODE)} does); isbn: draw the EAN-13 of `isbn` there; none: no box "
        "(your art carries a barcode). Default: "
        f"isbn when `isbn` is given, else kdp on the {listing(PRINTS_BARCODE)} profile and none elsewhere.",
    )
    isbn: str | None = Field(
        None,
        description="The book's ISBN-13, drawn as an EAN-13 barcode; required on the "
        f"{listing(REQUIRES_BARCODE)} profile, which prints no cover without it.",
    )
    spine_width: Length | None = Field(
        None,
        description="The printer's spine width, for printers whose formula bookmaker "
        f"does not carry ({', '.join(NO_SPINE_FORMULA)}); {listing(SPINE_FORMULA)}'s is computed "
        "from the page count.",
    )

    _art_default = field_validator("art", mode="before")(_none_is_default)

    _counts_known = field_validator("subtitle", "back_text")(_counts_known)

    @field_validator("isbn")
    @classmethod
    def _isbn_valid(cls, isbn: str | None) -> str | None:
        if isbn is not None:
            _isbn_digits(isbn)
        return None if isbn is None else " ".join(isbn.split())  # as written: its hyphens are the agency's

    @model_validator(mode="after")
    def _barcode_agrees(self) -> Cover:
        if self.barcode == "isbn" and self.isbn is None:
            raise problem("barcode: isbn draws the book's ISBN; give it as isbn: 978-...", "barcode")
        if self.isbn is not None and self.barcode in (PRINTER_BARCODE, "none"):
            raise problem(
                f"barcode: {self.barcode} prints no ISBN barcode; remove isbn or set barcode: isbn", "isbn"
            )
        return self

    @model_validator(mode="after")
    def _colours_readable(self) -> Cover:
        ratios = {key: contrast_ratio(getattr(self, key), self.background) for key in COVER_COLOUR_USES}
        faint = [key for key, ratio in ratios.items() if ratio < MIN_CONTRAST]
        if not faint:
            return self
        key, *others = faint
        # Blame the key the config wrote: a background alone makes a default ink unreadable.
        blamed = (
            key if key in self.model_fields_set or "background" not in self.model_fields_set else "background"
        )
        colour = getattr(self, key)
        pair = (
            f"{colour} on the background {self.background}"
            if blamed == key
            else f"{self.background} under the {key} {colour}"
        )
        also = "".join(
            f"; the {other} {getattr(self, other)} too, at {ratios[other]:.2f}:1" for other in others
        )
        raise problem(
            f"{pair} has a contrast ratio of {ratios[key]:.2f}:1, under the {MIN_CONTRAST:g}:1 "
            f"{COVER_COLOUR_USES[key]} need to be read (WCAG's relative luminance){also}; make "
            "one lighter or the other darker",
            blamed,
        )


class Book(Strict):
    """One puzzle book (or a stack of worksheets): everything a build needs."""

    title: str = Field(min_length=1, description="Shown on the title page and in the PDF's metadata.")
    subtitle: str = Field(
        "",
        description="A second line on the title page (and the cover's front). {mazes}, "
        "{pages} and {sections} are filled in with the book's counts; {{ and }} print a brace.",
    )
    author: str = Field("", description="Shown on the title page and in the PDF's metadata.")
    language: str = Field(DEFAULT_LANGUAGE, description=LANGUAGE_HELP)
    text: dict[str, OwnWording] = Field(
        default_factory=dict,
        description="Your own wording for any of bookmaker's printed words, by its id, e.g. "
        "`how-to.heading: How to play`; docs/languages.md lists the ids. A {name} in the "
        "original is filled in the same way in yours. A message that counts takes one text for "
        "every count, or one per plural category of the language (`one`, `few`, `many`, "
        "`other`...), `other` required: it prints for the categories left out.",
    )
    seed: int = Field(
        0,
        ge=0,
        le=2**63 - 1,
        description="The book seed: with each section's id it fixes every maze.",
    )
    profile: Literal[PROFILE_NAMES] = Field(  # type: ignore[valid-type]
        DEFAULT_PROFILE,
        description=f"Printer profile: {listing(PROFILE_NAMES)} (bleed, margins, page counts).",
    )
    layout: Literal["book", "worksheet"] = Field(
        "book", description="A bound book, or classroom worksheets (see `worksheet`)."
    )
    page: Page = Field(Page(), description="Trim size, bleed and margins.")
    font: Font = Field(Font(), description="TrueType fonts for all text.")
    front_matter: FrontMatter = Field(FrontMatter(), description="Pages before the first maze.")
    sections: list[Section] = Field(min_length=1, description="The mazes, in the order printed.")
    answer_key: AnswerKey = Field(AnswerKey(), description="The solutions.")
    worksheet: Worksheet = Field(Worksheet(), description="Options for layout: worksheet.")
    show_rating: bool = Field(True, description="Show difficulty stars beside each maze.")
    markers: Literal[MARKERS] = Field(  # type: ignore[valid-type]
        "arrows",
        description="How each maze's start and finish are marked where they open "
        "the outer wall: arrows (a pin pointing in, a double arrow pointing out), words "
        "(START and FINISH in the book's bold font beside the openings) or both. An end "
        "inside the maze keeps its mark on a grey patch. A section's markers override it.",
    )
    text_size: Literal[TEXT_SIZE_NAMES] = Field(  # type: ignore[valid-type]
        "normal",
        description="normal, or large for young children: instructions at 14 pt "
        "(on a section's pages, its opener and a worksheet) and maze numbers at 16 pt.",
    )
    interior: Literal[INTERIORS] | None = Field(  # type: ignore[valid-type]
        None,
        description="How the pages print: black-and-white (greys only, the answer key's "
        "path a broad light grey) or color. Default: color on a colour cover paper and on the "
        f"{listing(COLOUR_PROFILES, 'and')} profile, else black-and-white "
        f"({listing(GREY_PROFILES, 'and')} print grey unless you order colour).",
    )
    recipe: Literal[RECIPES] | None = Field(  # type: ignore[valid-type]
        None,
        description="What prints under each maze: full (the recipe in words, e.g. "
        "'wilson 20x10 seed 7 opposite'), code (a short code such as 82J8-9A17-BZGZ-WGRP that "
        "`bookmaker maze --code` expands; a maze no code can carry, cut by a mask or with "
        f"options, prints its full recipe, or on {listing(RETAIL_PROFILES, 'and')} its seed) or "
        f"none. On {listing(RETAIL_PROFILES, 'and')}, whose buyers never read of bookmaker, full "
        "is an error and a code prints bare, for your own records. Default: code on "
        f"{listing((*RETAIL_PROFILES, 'worksheets'), 'and')}, else full. A section's recipe "
        "overrides it.",
    )
    opener: Opener = Field("page", description=OPENER_HELP + " A section's opener overrides it.")
    output: Literal[OUTPUTS] | None = Field(  # type: ignore[valid-type]
        None,
        description="How the interior and cover write their colours: rgb (as drawn), pdf-x1a "
        "(PDF/X-1a:2001: CMYK and grey only, black as pure K) or pdf-x4 (PDF/X-4). Default: the "
        "profile's first choice, "
        + "; ".join(f"{name}: {listing(p.outputs, 'or')}" for name, p in PROFILES.items())
        + ".",
    )
    cover: Cover | None = Field(
        None,
        description="A full-wrap paperback cover, built with the interior; `cover: {}` "
        "for one with every default, null or absent for none.",
    )

    _headings_default = field_validator(
        "page", "font", "front_matter", "answer_key", "worksheet", mode="before"
    )(_none_is_default)
    _subtitle_counts_known = field_validator("subtitle")(_counts_known)
    _language_shipped = field_validator("language")(_language_shipped)

    @field_validator("text")
    @classmethod
    def _text_ids_known(cls, text: dict[str, Override]) -> dict[str, Override]:
        # Which categories a form may name depends on the language the book prints in, which
        # _text_forms_in_language checks once the whole book is read.
        known, found = message_ids(), []
        shaped: dict[str, Override] = {}  # the known ids, each text or set of forms well formed
        for id, wording in text.items():
            if id not in known:
                close = difflib.get_close_matches(id, list(known), n=3, cutoff=0.5)
                hint = f"; did you mean {listing([repr(c) for c in close])}?" if close else ""
                found.append(problem(f"'{id}' is not the id of any of bookmaker's printed words{hint}", id))
            elif isinstance(wording, str):
                shaped[id] = wording
            elif len(known[id]) == 1:
                found.append(
                    problem(f"'{id}' prints no count, so it takes one text, not one per plural form", id)
                )
            elif "other" not in wording:
                found.append(
                    problem(
                        f"'{id}' needs an 'other' form: it prints for every count whose plural "
                        "category the others leave out",
                        id,
                    )
                )
            else:
                shaped[id] = wording
        for at, form in override_texts(shaped):
            fields = set().union(*map(placeholders, known[at[0]]))
            if not fills(form, fields):
                named = ", ".join("{" + name + "}" for name in sorted(fields)) or "none"
                found.append(
                    problem(
                        f"'{form}' fills in what '{at[0]}' does not know; it fills in {named} "
                        "(write {{ and }} for a brace itself)",
                        *at,
                    )
                )
        _raise_all(found)
        return text

    @field_validator("sections")
    @classmethod
    def _section_ids_unique(cls, sections: list[Section]) -> list[Section]:
        seen: dict[str, int] = {}
        for index, section in enumerate(sections):
            if section.slug in seen:
                raise problem(
                    f"sections[{seen[section.slug]}] already has the id '{section.slug}'; "
                    "give one of them an 'id:' of its own",
                    index,
                    "id" if section.id else "title",
                )
            seen[section.slug] = index
        return sections

    @model_validator(mode="after")
    def _text_forms_in_language(self) -> Book:
        # A count's forms are named by the plural categories of the language the book prints in.
        language = self.words().language
        categories = plural_categories(language)
        found = [
            problem(
                f"'{category}' is not a plural category of {locale(language).english_name}; "
                f"it tells counts apart by {listing(categories, 'and')}",
                "text",
                id,
                category,
            )
            for id, wording in self.text.items()
            if not isinstance(wording, str)
            for category in wording
            if category not in categories
        ]
        _raise_all(found)
        return self

    @model_validator(mode="after")
    def _no_journey_on_a_worksheet(self) -> Book:
        # A worksheet is one sheet a student takes away; a journey needs its pages bound.
        if self.layout == "worksheet":
            for index, section in enumerate(self.sections):
                if section.journey is not None:
                    raise problem(
                        "a journey runs across a book's pages; a worksheet is one sheet: remove "
                        "journey, or use layout: book",
                        "sections",
                        index,
                        "journey",
                    )
        return self

    @model_validator(mode="after")
    def _worksheets_hold_few_mazes(self) -> Book:
        # A worksheet has name lines and big cells for young hands: more than 4 mazes crowd it.
        if self.layout == "worksheet":
            for index, section in enumerate(self.sections):
                if section.per_page > 4:
                    raise problem(
                        f"a worksheet holds 1 to 4 mazes a page, got {section.per_page}",
                        "sections",
                        index,
                        "per_page",
                    )
        return self

    @model_validator(mode="after")
    def _masks_settle(self) -> Book:
        # A silhouette is judged once shape, size and the book's font are known: the file
        # readable, the picture decodable, the letters in the font, the cells one piece, and
        # a name maze's letters readable at the size given. Every name's problem is reported.
        found = []
        for index, section in enumerate(self.sections):
            if section.mask is None:
                continue
            at = ("sections", index, "mask", section.mask.kind)
            named = NAME_FIELD in (section.mask.text or "")
            if named and not (self.layout == "worksheet" and self.worksheet.names):
                found.append(
                    problem(
                        f"'{NAME_FIELD}' in a text mask needs worksheet.names, the "
                        "students' names (and layout: worksheet)",
                        *at,
                    )
                )
                continue
            unreadable = []
            for name in self.worksheet.names if named else [None]:
                try:
                    self.grid_for(index, name)
                except BookmakerError as error:
                    said = f" (for the name '{name}')" if name is not None else ""
                    found.append(problem(f"{error}{said}", *at))
                    continue
                if named and section.size is not None:
                    flaw = name_flaw(
                        section.mask.spec(None, name).source, self.bold_font, section.shape, section.size
                    )
                    if flaw is not None:
                        unreadable.append((name, flaw))
            if unreadable:
                assert section.size is not None  # only a sized section's names are judged above
                # One size for every name: one line, naming the first name it fails.
                (name, flaw), more = unreadable[0], len(unreadable) - 1
                others = f" and {more} other name{'' if more == 1 else 's'}" if more else ""
                wanted = text_size(section.mask.spec(None, name).source, self.bold_font, section.shape)
                found.append(
                    problem(
                        f"at {section.size[0]}x{section.size[1]} the letters of '{name}'{others} "
                        f"can't be read ({flaw}); a name maze's letters are {MIN_LETTER_ROWS} cells "
                        f"tall with strokes 2 cells thick: leave the size out (size: {AUTO_SIZE}) and "
                        f"each name gets the grid it needs ('{name}': {wanted[0]}x{wanted[1]})",
                        "sections",
                        index,
                        "size",
                    )
                )
        _raise_all(found)
        return self

    @model_validator(mode="after")
    def _no_recipe_in_a_shop_book(self) -> Book:
        # A buyer has no bookmaker to retype a recipe into: it would only puzzle them.
        if not PROFILES[self.profile].retail:
            return self
        keys: list[tuple[str | int, ...]] = [("recipe",)] if self.recipe == "full" else []
        keys += [
            ("sections", index, "recipe")
            for index, section in enumerate(self.sections)
            if section.recipe == "full"
        ]
        if keys:
            raise problem(
                f"full prints each maze's bookmaker recipe for the buyers of a "
                f"{self.profile} book, who cannot use it; use code (a short code "
                "for your own records) or none",
                *keys[0],
            )
        return self

    @model_validator(mode="after")
    def _cover_fits_printer(self) -> Book:
        cover = self.cover
        if cover is None:
            return self
        printer = PROFILES[self.profile]
        rules = printer.cover
        if cover.barcode == PRINTER_BARCODE and not rules.prints_barcode:
            raise problem(
                f"barcode: {PRINTER_BARCODE} leaves the box plain for a barcode the printer prints, "
                f"but {printer.label} prints none on your cover; use isbn: (the EAN-13 is drawn) "
                "or barcode: none",
                "cover",
                "barcode",
            )
        if rules.requires_barcode and cover.isbn is None:
            raise problem(
                f"required key is missing: isbn, since {printer.label} prints no cover without "
                "the book's ISBN barcode on the back (e.g. isbn: 978-1-4028-9462-6)",
                "cover",
                "isbn" if cover.barcode is None else "barcode",
            )
        if cover.spine_width is None and rules.spine_per_page is None:
            raise problem(
                f"required key is missing: spine_width, since {printer.label} publishes no "
                f"spine formula; give the width {printer.label}'s cover template states for "
                "this book's page count and paper (e.g. spine_width: 0.3in)",
                "cover",
                "spine_width",
            )
        return self

    @model_validator(mode="after")
    def _output_accepted(self) -> Book:
        printer = PROFILES[self.profile]
        if self.output is not None and self.output not in printer.outputs:
            raise problem(
                f"{printer.label} does not take {self.output} files; use "
                f"{listing(printer.outputs, 'or')} (the default is {printer.outputs[0]})",
                "output",
            )
        return self

    @model_validator(mode="after")
    def _colours_print(self) -> Book:
        interior = self.interior_inks
        if interior == "black-and-white" and self.answer_key.color is not None:
            raise problem(
                "a black-and-white interior prints in grey only, and draws the path "
                "in a light grey; remove color, or set interior: color",
                "answer_key",
                "color",
            )
        paper = self.cover.paper if self.cover else None
        if paper in COLOUR_PAPERS and interior == "black-and-white":
            raise problem(
                f"{paper} paper is for colour interiors, but interior is "
                "black-and-white; use paper: white or cream, or interior: color",
                "cover",
                "paper",
            )
        printer = PROFILES[self.profile]
        if paper is not None and interior == "color" and paper not in printer.cover.colour_papers:
            raise problem(
                f"{printer.label} prints colour interiors on its colour papers, not on {paper}; "
                f"use paper: {' or '.join(printer.cover.colour_papers)}, which set the spine",
                "cover",
                "paper",
            )
        return self

    @property
    def interior_inks(self) -> str:
        """The ``interior`` the book prints with: the config's, else color on a colour
        cover paper, else the profile's."""
        if self.interior is not None:
            return self.interior
        if self.cover is not None and self.cover.paper in COLOUR_PAPERS:
            return "color"
        return PROFILES[self.profile].default_interior

    @property
    def inks(self) -> Inks:
        """How the book's files write their colours: its ``output``, else the profile's first,
        under the profile's total-ink limit."""
        printer = PROFILES[self.profile]
        return Inks(self.output or printer.outputs[0], printer.max_total_ink)

    def words(self) -> Words:
        """The words bookmaker prints in this book: in the worksheets' language where they name
        one, else the book's, with the config's own wording (``text``) in front."""
        sheets = self.layout == "worksheet" and self.worksheet.language is not None
        return Words(self.worksheet.language if sheets else self.language, self.text)  # type: ignore[arg-type]

    def markers_of(self, section: int) -> str:
        """How the ends of section ``section``'s mazes are marked: its markers, else the book's."""
        return self.sections[section].markers or self.markers

    def recipe_of(self, section: int) -> str:
        """What prints under the mazes of section ``section``: its recipe, else the book's,
        else code on worksheets and the profile's default elsewhere."""
        chosen = self.sections[section].recipe or self.recipe
        if chosen is not None:
            return chosen
        return "code" if self.layout == "worksheet" else PROFILES[self.profile].default_recipe

    def opener_of(self, section: int) -> str:
        """How section ``section`` opens: its opener, else the book's; a worksheet has none."""
        if self.layout == "worksheet":
            return "none"
        return self.sections[section].opener or self.opener

    @property
    def cover_barcode(self) -> str:
        """What goes in the barcode box: the config's choice, else isbn when an ISBN is given,
        else a plain box for a printer that prints its own barcode there, and nothing
        elsewhere."""
        cover = self.cover
        if cover is None:
            return "none"
        if cover.barcode is not None:
            return cover.barcode
        if cover.isbn:
            return "isbn"
        return PRINTER_BARCODE if PROFILES[self.profile].cover.prints_barcode else "none"

    @property
    def bold_font(self) -> Path | None:
        """The face of headings and name mazes' letters: the bold one, else the regular."""
        return self.font.bold or self.font.regular

    def mask_spec(self, section: int, name: str | None = None) -> MaskSpec | None:
        """The mask of ``section``'s mazes, a text in the book's font (headings' face), with
        ``name`` for a worksheet's ``{name}``; None without one."""
        mask = self.sections[section].mask
        return None if mask is None else mask.spec(self.bold_font, name)

    def grid_for(self, section: int, name: str | None = None) -> Topology:
        """The grid of ``section``'s mazes (see ``mask_spec``)."""
        return self.sections[section].grid_for(self.bold_font, name)

    @property
    def trim_size(self) -> tuple[float, float]:
        """(width, height) of the trimmed page in points."""
        return self.page.trim_size

    @property
    def title_art_shape(self) -> str:
        """The title page maze's shape: the one chosen, else the sections' when they all
        share one, else square."""
        chosen = self.front_matter.title_art
        if chosen != "auto":
            return chosen
        shapes = {section.shape for section in self.sections}
        return shapes.pop() if len(shapes) == 1 else DEFAULT_SHAPE.name

    @property
    def maze_count(self) -> int:
        """Mazes in the book; worksheets print each section once per copy."""
        per_copy = sum(section.count for section in self.sections)
        return per_copy * (self.worksheet.copies if self.layout == "worksheet" else 1)
