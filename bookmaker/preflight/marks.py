"""What a PDF page's content paints: the marks a printer's preflight judges.

    scanner = Scanner(track_ink=True, find_colour=True)
    marks = scanner.page(page, media, watch)
    marks.thinnest, marks.smallest_text, marks.lowest_dpi, marks.transparency, marks.ink,
    marks.colours

Each content stream is read once and interpreted just far enough for every
rule at once: the graphics state stack, the transformation matrix, clipping
(as a box), line widths and caps, whether the fill and stroke colours print
any ink, constant alpha, soft masks and blend modes, paths, text positions and
sizes (text reaching as far as its glyphs' boxes), images (their placed
resolution), form XObjects, the cells of tiling patterns (in the pattern's
space) and optional content (what a default-off layer hides). A defect counts
only where something paints: an alpha-0 stroke, a white fill or a soft mask
that nothing is drawn under leave no mark. On a cover (``white_prints``) white
is a mark too: the sheet is printed all over, so a white line is a gap in the
ink around it, which fills in as a thin dark line breaks up. Colour (for a
black-and-white interior) is what paints with unequal RGB components, CMY ink,
a Lab hue or a spot colour, shadings whose functions give such a colour, and
images whose pixels are not all grey.

For a printer that prints from PDF/X (``press``), every colour is also judged
as its press sees it: RGB (DeviceRGB anywhere; ICC-based RGB too unless the
file is PDF/X-4), other device-independent colour where PDF/X-1a forbids it,
and CMYK colours laying down more ink than the printer's limit, whether the
page's content, a form's, a pattern's, a shading's, an image's or an
annotation's appearance paints them.

Where ink lands is kept as events in painting order: INK (prints), UNSURE (a
pattern, shading or image: whether it prints anything but white cannot be
told from the stream), COVER (an opaque rectangle, which hides what it lies
over) and WHITE (opaque white of any other shape, which may hide what it lies
over). A page keeps only events that reach outside ``watch`` (its safe area);
each cover removes the earlier events it hides and cuts those it hides in part
down to the rest of their box, and white makes the ink it meets OVERPAINTED:
what of it still prints, only the rendering tells.

A form XObject is measured once for each distinct linear part of its
transformation and inherited graphics state, in coordinates relative to where
it is drawn; each place it is drawn shifts and clips those marks. A form that
draws itself, directly or through others, is drawn once and the cycle noted,
and the work one page may cost (form operations and placed events) is bounded.
"""

from __future__ import annotations

import math
import zlib
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from operator import mul
from typing import Any, NamedTuple

from PIL import Image, ImageMath
from pypdf.generic import ContentStream, StreamObject
from reportlab.lib.rl_accel import asciiBase85Decode, asciiBase85Encode

from . import content as pdf_content
from .content import PATH_RUN, STROKE_RUN
from .functions import shading_colours
from .glyphs import UnreadableGlyph, font_glyphs
from .images import decoded, exact_pixels, grey_image, paper_outside, release
from .objects import (
    Box,
    _flag,
    _is_number,
    _key,
    as_box,
    as_dict,
    as_list,
    as_number,
    name_text,
    one_line,
    resolve,
)

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
EVERYWHERE: Box = (-math.inf, -math.inf, math.inf, math.inf)
NOWHERE: Box = (math.inf, math.inf, -math.inf, -math.inf)  # meets no box

# What a paint prints, and the other kinds of ink event: OVERPAINTED is ink that
# later opaque white of some other shape than a rectangle (a white line too) may
# hide, so only the rendering tells what still prints; WHITE is such white.
NO_INK, INK, UNSURE, COVER, FORM, OVERPAINTED, WHITE = range(7)

# Where only the picture can tell whether ink past the margin prints, the page is rendered
# at this resolution (preflight/interior.py), a large one lower.
RENDER_DPI = 144
RENDER_PIXELS = 16_000_000
MAX_FORM_DEPTH = 16
# Form operations walked plus form events placed, per page: far beyond any
# real page (forms are measured once), soon reached by a file built to explode.
MAX_WORK = 1_000_000
MAX_DECODED = 75_000_000  # bytes one stream may inflate to: pypdf's own ceiling
MAX_CODES = 1 << 16  # glyph codes a font's /W array may describe
# Text whose glyphs' outlines cannot be read (a font not embedded, a CMap other
# than Identity-H) is taken to reach from a quarter em below the baseline to a full em
# above it: the em box typesetters lay out by. A font's declared Ascent also
# covers accented capitals (Andika's is 1.22 em) and would flag every heading
# set a size below the margin; horizontally we use the real glyph advances.
TEXT_ASCENT, TEXT_DESCENT = 1.0, -0.25


@dataclass
class Marks:
    """What one page, or one form under one transformation class, paints.

    ``watch``: events inside this box are dropped (a page's safe area); None
    keeps every event (a form's marks, relative to where it is drawn).
    """

    watch: Box | None = None
    thinnest: float | None = None  # the thinnest stroke that prints, in points
    smallest_text: float | None = None  # the smallest text that prints, in points
    lowest_dpi: float | None = None  # the lowest resolution of an image, as placed
    transparency: set[str] = field(default_factory=set)
    colours: set[str] = field(default_factory=set)  # what paints in colour, if the scanner looks
    # With a press: what paints in RGB, in device-independent colour it forbids, and the
    # heaviest CMYK colour over its ink limit (total ink in per cent, the colour described).
    rgb: set[str] = field(default_factory=set)
    icc: set[str] = field(default_factory=set)
    heaviest_ink: tuple[float, str] | None = None
    unembedded: set[str] = field(default_factory=set)  # fonts whose glyphs are not in the file
    hidden: set[str] = field(default_factory=set)  # default-off layers that hide content painted
    ink: list[tuple] = field(default_factory=list)  # events, in painting order
    extent: Box | None = None  # of a form's events
    cycles: set[str] = field(default_factory=set)  # forms that draw themselves
    errors: list[str] = field(default_factory=list)  # what could not be read
    too_complex: bool = False
    # Paints that may print, wherever they lie (a page without is blank), each counted once
    # at least, and whether any text is invisible (render mode 3, as OCR layers are).
    paints: int = 0
    invisible_text: bool = False
    # A page's first paint, if it is an image drawn opaque past the watch by the page's own
    # content (the image and its placement), and whether it is paper wherever a renderer
    # could draw it outside the watch, judged from its own pixels (None: not yet): on a page
    # with no other paint (paints == 1), a clear image's ink events need no rendering.
    first_image: tuple[Any, Matrix] | None = None
    clear_image: bool | None = None
    covers: int = 0  # covers applied so far: a repeated placement adds nothing until the next
    placed: dict[tuple, int] = field(default_factory=dict)  # placement -> covers when last placed

    def merge(self, other: Marks) -> None:
        """Add what ``other`` (drawn within this) found, but its events."""
        for name in ("thinnest", "smallest_text", "lowest_dpi"):
            theirs = getattr(other, name)
            if theirs is not None and (getattr(self, name) is None or theirs < getattr(self, name)):
                setattr(self, name, theirs)
        self.transparency |= other.transparency
        self.colours |= other.colours
        self.note_paint(other.paint())
        self.unembedded |= other.unembedded
        self.hidden |= other.hidden
        self.cycles |= other.cycles
        self.errors += [error for error in other.errors if error not in self.errors]
        self.too_complex |= other.too_complex
        self.paints += other.paints
        self.invisible_text |= other.invisible_text

    @property
    def painted(self) -> bool:
        return self.paints > 0

    def paint(self) -> _Paint:
        """What these marks paint, to a press, as one colour would."""
        if not self.rgb and not self.icc and self.heaviest_ink is None:
            return CLEAN
        return _Paint(frozenset(self.rgb), frozenset(self.icc), self.heaviest_ink)

    def note_paint(self, paint: _Paint) -> None:
        """Note what painting with ``paint`` tells a press."""
        if paint is CLEAN:
            return
        self.rgb |= paint.rgb
        self.icc |= paint.icc
        if paint.ink is not None and (self.heaviest_ink is None or paint.ink[0] > self.heaviest_ink[0]):
            self.heaviest_ink = paint.ink


@dataclass(frozen=True)
class Press:
    """What a printer that prints from PDF/X lets a file paint with: DeviceRGB never;
    ICC-based colour (ICCBased, CalRGB, CalGray and Lab spaces) only if ``icc``
    (PDF/X-4 allows it, PDF/X-1a does not); and no CMYK colour whose C + M + Y + K
    passes ``max_ink`` per cent (None: no limit)."""

    icc: bool
    max_ink: float | None


@dataclass(frozen=True)
class _Paint:
    """What painting with one colour (or one pattern, image or shading) tells a press:
    the RGB and the forbidden device-independent colours it paints, described, and the
    heaviest ink over the press's limit."""

    rgb: frozenset[str] = frozenset()
    icc: frozenset[str] = frozenset()
    ink: tuple[float, str] | None = None


CLEAN = _Paint()  # paints nothing a press minds


class _Space(NamedTuple):
    """A colour space as a press sees it. ``kind``: "device" (DeviceGray, DeviceCMYK,
    a spot colour with a device alternate, or one we cannot read, so no alarm), "rgb"
    (DeviceRGB), "icc-rgb" (ICCBased of three components, CalRGB) or "icc" (any other
    ICC-based space, CalGray, Lab); ``label`` names it; ``cmyk``: its components are
    C, M, Y and K; ``pattern``: a Pattern space, ``under`` then the space of the
    components an uncoloured pattern is painted with, if any."""

    kind: str
    label: str
    cmyk: bool = False
    pattern: bool = False
    under: Any = None


_PRESS_SPACES = {
    "/DeviceGray": _Space("device", "DeviceGray"),
    "/G": _Space("device", "DeviceGray"),
    "/DeviceCMYK": _Space("device", "DeviceCMYK", cmyk=True),
    "/CMYK": _Space("device", "DeviceCMYK", cmyk=True),
    "/DeviceRGB": _Space("rgb", "DeviceRGB"),
    "/RGB": _Space("rgb", "DeviceRGB"),
    "/Pattern": _Space("device", "Pattern", pattern=True),
}
_UNREAD = _Space("device", "an unread colour space")
_OPERATOR_SPACES = {b"g": "/DeviceGray", b"rg": "/DeviceRGB", b"k": "/DeviceCMYK"}


class TooComplex(Exception):
    """A page's content exceeds MAX_WORK."""


@dataclass
class _Font:
    name: str
    widths: dict[int, float]  # code -> advance in text space units per point of size
    default: float
    two_byte: bool
    em: float = 1.0  # a Type 3 font's em, in units of its size
    bbox: Box | None = None  # the font's declared bounding box, per point of size
    source: Any = None  # the font dictionary, whose program gives its glyphs' boxes
    glyphs: Any = False  # those glyphs once read (None: they cannot be); False: not yet

    def glyph_boxes(self):
        """The font's glyphs (glyphs.Glyphs), read at the first call; None if unreadable."""
        if self.glyphs is False:
            self.glyphs = font_glyphs(as_dict(self.source))
        return self.glyphs


@dataclass
class _GState:
    ctm: Matrix = IDENTITY
    clip: Box = EVERYWHERE  # bounding box of the clip path, device space
    clip_exact: bool = True  # the clip path is that box
    line_width: float = 1.0
    line_cap: int = 0  # 0 butt, 1 round, 2 projecting square
    fill: int = INK  # NO_INK, INK or UNSURE: what the fill colour prints
    stroke: int = INK
    fill_space: str = "gray"  # how sc and scn read their operands
    stroke_space: str = "gray"
    fill_colour: str | None = None  # the fill colour, described, if it is not a grey
    stroke_colour: str | None = None
    fill_press_space: _Space = _PRESS_SPACES["/DeviceGray"]  # with a press: the spaces as it sees them
    stroke_press_space: _Space = _PRESS_SPACES["/DeviceGray"]
    fill_paint: _Paint = CLEAN  # with a press: what the colours tell it
    stroke_paint: _Paint = CLEAN
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    soft_mask: bool = False
    blend: str | None = None  # a blend mode other than Normal
    transfer: bool = False  # a transfer function other than the identity
    font: _Font | None = None
    font_size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    h_scale: float = 1.0
    leading: float = 0.0
    render_mode: int = 0
    rise: float = 0.0
    # The pattern the fill or stroke paints with, and the space its matrix maps onto
    # (the default space of the stream that chose it); None: no pattern.
    fill_pattern: tuple[Any, Matrix] | None = None
    stroke_pattern: tuple[Any, Matrix] | None = None
    pattern_space: Matrix = IDENTITY  # the default space of the stream being walked
    hidden: str | None = None  # the default-off layer that hides what paints, if any

    def copy(self) -> _GState:
        """A state like this one, to change while this one is kept: as copy.copy makes it,
        at a fraction of its cost."""
        clone = object.__new__(_GState)
        clone.__dict__.update(self.__dict__)
        return clone

    def inherited(self) -> tuple:
        """What a form drawn in this state inherits, but its position and clip."""
        return (
            self.ctm[:4],
            self.line_width,
            self.line_cap,
            self.fill,
            self.stroke,
            self.fill_space,
            self.stroke_space,
            self.fill_colour,
            self.stroke_colour,
            self.fill_press_space,
            self.stroke_press_space,
            self.fill_paint,
            self.stroke_paint,
            self.fill_alpha,
            self.stroke_alpha,
            self.soft_mask,
            self.blend,
            id(self.font),
            self.font_size,
            self.char_space,
            self.word_space,
            self.h_scale,
            self.leading,
            self.render_mode,
            self.rise,
            _pattern_key(self.fill_pattern),
            _pattern_key(self.stroke_pattern),
            self.hidden,
        )


_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_CLOSING_STROKES = {b"s", b"b", b"b*"}
_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_ENDS = _STROKES | _FILLS | {b"n"}
_CURVES = {b"c", b"v", b"y"}
_TEXT_SHOWS = {b"Tj", b"TJ", b"'", b'"'}
_COLOURS = {b"g", b"G", b"rg", b"RG", b"k", b"K", b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN"}
_INTERPRETED = (
    _ENDS
    | _CURVES
    | _TEXT_SHOWS
    | _COLOURS
    | {
        PATH_RUN,
        STROKE_RUN,
        b"l",
        b"m",
        b"h",
        b"re",
        b"W",
        b"W*",
        b"q",
        b"Q",
        b"cm",
        b"w",
        b"J",
        b"gs",
        b"sh",
        b"BT",
        b"Tf",
        b"Tc",
        b"Tw",
        b"Tz",
        b"TL",
        b"Tr",
        b"Ts",
        b"Td",
        b"TD",
        b"Tm",
        b"T*",
        b"Do",
        b"INLINE IMAGE",
        b"BDC",
        b"BMC",
        b"EMC",
    }
)
# What changes the graphics state (text shows do where their render mode clips;
# an end of path does where W or W* has made a clip pending).
_STATE_CHANGES = (
    _COLOURS
    | _TEXT_SHOWS
    | {
        b"cm",
        b"w",
        b"J",
        b"gs",
        b"BDC",
        b"BMC",
        b"EMC",
        b"Tf",
        b"Tc",
        b"Tw",
        b"Tz",
        b"TL",
        b"Tr",
        b"Ts",
        b"TD",
    }
)
UNIT_SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))
# Colour models by colour space family: how many components, and whether
# given values leave the paper white.
_DEVICE_SPACES = {
    "/DeviceGray": "gray",
    "/G": "gray",
    "/CalGray": "gray",
    "/DeviceRGB": "rgb",
    "/RGB": "rgb",
    "/CalRGB": "rgb",
    "/DeviceCMYK": "cmyk",
    "/CMYK": "cmyk",
    "/Lab": "lab",
}
_ICC_MODELS = {1: "gray", 3: "rgb", 4: "cmyk"}
COLOUR_MODELS = ("rgb", "cmyk", "lab", "tint")
GREY_TOLERANCE = 1 / 255  # colour components this close are a grey written in RGB


def _white(model: str, values: list[float]) -> bool:
    if model == "gray":
        return len(values) == 1 and values[0] >= 1
    if model == "rgb":
        return len(values) == 3 and min(values) >= 1
    if model in ("cmyk", "tint"):  # no colorant at all
        return bool(values) and max(values) <= 0
    if model == "lab":
        return len(values) == 3 and values[0] >= 100 and values[1] == values[2] == 0
    return False


def _hue(model: str, operands) -> str | None:
    """A colour of ``model`` given by ``operands`` described, unless it is a grey: a
    black-and-white press prints it as some grey, which may merge with others."""
    if model in ("gray", "none", "unsure"):
        return None  # what an Indexed or Pattern colour shows cannot be told from it
    if model == "tint":
        return "a spot colour"
    try:
        values = [float(v) for v in operands]
    except (TypeError, ValueError):
        return None
    if model == "rgb" and len(values) == 3 and max(values) - min(values) > GREY_TOLERANCE:
        return "RGB " + " ".join(f"{v:.3g}" for v in values)
    if model == "cmyk" and len(values) == 4 and max(values[:3]) > GREY_TOLERANCE:
        return "CMYK " + " ".join(f"{v:.3g}" for v in values)
    if model == "lab" and len(values) == 3 and max(abs(values[1]), abs(values[2])) > 1:
        return "Lab " + " ".join(f"{v:.3g}" for v in values)
    return None


def _paint_of(model: str, operands) -> int:
    """What a colour of ``model`` given by ``operands`` prints."""
    if model == "none":
        return NO_INK
    try:
        values = [float(v) for v in operands]
    except (TypeError, ValueError):  # a pattern's name, or what we cannot read
        return UNSURE
    return UNSURE if model == "unsure" else NO_INK if _white(model, values) else INK


class Scanner:
    """Measures pages; fonts, colour spaces and forms are read once for all
    the pages that share them. ``track_ink``: keep ink events at all;
    ``find_colour``: note what paints in colour (images are decoded for it);
    ``white_prints``: white paints like any colour (a page printed all over);
    ``press``: judge every colour as this PDF/X press would (None: no press)."""

    def __init__(
        self,
        track_ink: bool = True,
        find_colour: bool = False,
        white_prints: bool = False,
        press: Press | None = None,
        off_layers: dict[Any, str] | None = None,
    ):
        self.track_ink = track_ink
        self.find_colour = find_colour
        self.white_prints = white_prints
        self.press = press
        self.off_layers = off_layers or {}  # optional content groups off by default, by key: their names
        self._cache: dict[Any, Any] = {}
        self._floats = pdf_content.Floats()  # the document's coordinates, read
        self._drawing: set[Any] = set()  # forms being measured: one met again draws itself
        self._work = 0
        self._pixel = 1.0

    def page(self, page, media: Box, watch: Box | None) -> Marks:
        marks = Marks(watch=watch)
        self._pixel = 1 / render_scale(media)  # a rendered pixel of the page, in user space
        resources = as_dict(page.get("/Resources"))
        self._work = 0
        self._check_fonts(marks, resources)
        try:
            operations = _operations(_page_data(page), self._floats)
        except Exception as error:  # pypdf raises many types for broken streams
            marks.errors.append(f"content stream could not be read: {one_line(error)}")
            return marks
        try:
            self._walk(operations, resources, _GState(clip=media), marks, 0)
            if self.press is not None:
                self._page_press(page, marks)
        except TooComplex:
            marks.too_complex = True
        if marks.first_image is not None and marks.paints == 1 and marks.clear_image is None:
            # a scanned page whose picture the colour check did not decode: decoded here
            xobject, ctm = marks.first_image
            picture = exact_pixels(xobject)
            marks.clear_image = picture is not None and self._clear(xobject, picture, ctm, marks)
        marks.first_image = None  # nothing decoded, nor the image's data, is kept
        return marks

    def _page_press(self, page, marks: Marks) -> None:
        """With a press: what the page's transparency group and its annotations paint."""
        try:
            marks.note_paint(self._group_paint(page))
            self._annotations(page, marks)
        except TooComplex:
            raise
        except Exception as error:  # pypdf raises many types for broken objects
            marks.errors.append(f"annotations could not be read: {one_line(error)}")

    def _annotations(self, page, marks: Marks) -> None:
        """With a press: what the appearances of the page's annotations paint, each
        appearance (normal, rollover, down; each state of each) walked like a form."""
        for annotation in as_list(page.get("/Annots")):
            for appearance in as_dict(as_dict(annotation).get("/AP")).values():
                appearance = resolve(appearance)
                streams = (
                    [appearance] if isinstance(appearance, StreamObject) else as_dict(appearance).values()
                )
                for stream in streams:
                    marks.note_paint(self._stream_paint(stream))

    # fonts ------------------------------------------------------------------------

    def _check_fonts(self, marks: Marks, resources: dict) -> None:
        fonts = resources.get("/Font")
        key = ("unembedded", _key(fonts))  # pages usually share one font dictionary
        names = self._cache.get(key)
        if names is None:
            names = set()
            for font in as_dict(fonts).values():
                font = as_dict(font)
                if not _font_embedded(font):
                    names.add(name_text(font.get("/BaseFont"), "(unnamed)"))
            self._cache[key] = names
        marks.unembedded |= names

    def _font(self, resources: dict, name) -> _Font | None:
        ref = as_dict(resources.get("/Font")).get(name)
        if ref is None:
            return None
        key = ("font", _key(ref))
        if key not in self._cache:
            self._cache[key] = _font_metrics(as_dict(ref))
        return self._cache[key]

    # the interpreter ----------------------------------------------------------------

    def _walk(self, operations, resources: dict, gs: _GState, marks: Marks, depth: int) -> None:
        if depth:  # a page's own operations cost what its file size does; forms can multiply
            self._spend(len(operations))
        # The states q saved. A q does not copy the state: it is copied only when
        # something changes it while the stack holds it too (``shared``).
        stack: list[_GState] = []
        shared = False
        # The current path, in user space (cm may not change within a path),
        # kept flat for speed: subpath k holds points starts[k] up to
        # starts[k + 1] of xs, ys, and is closed if closed[k].
        xs: list[float] = []
        ys: list[float] = []
        starts: list[int] = []
        closed: list[bool] = []
        clip_pending = False
        tm = tlm = IDENTITY
        # marked content: for each section open, the default-off layer hiding it, if any
        sections: list[str | None] = []
        outer_hidden = gs.hidden
        for operands, op in operations:
            if op not in _INTERPRETED:  # dashes, joins, marked content...
                continue
            if shared and (op in _STATE_CHANGES or (clip_pending and op in _ENDS)):
                gs = gs.copy()
                shared = False
            try:
                # path construction, the bulk of any drawing, first
                if op == PATH_RUN:  # consecutive "x y m" and "x y l", as one
                    run_xs, run_ys, moves = operands
                    base = len(xs)
                    if not starts and (not moves or moves[0]):
                        starts.append(base)  # an l with no current point begins a subpath
                        closed.append(False)
                    starts += map(base.__add__, moves)
                    closed += [False] * len(moves)
                    xs += run_xs
                    ys += run_ys
                elif op == STROKE_RUN:  # paths of m and l, each stroked: no path is under way
                    self._stroke_run(operands, gs, marks)
                elif op == b"l":
                    if len(operands) == 2:
                        x, y = float(operands[0]), float(operands[1])
                        if not starts:  # no current point: the line begins a subpath
                            starts.append(len(xs))
                            closed.append(False)
                        xs.append(x)
                        ys.append(y)
                    else:
                        _line_to(operands, xs, ys, starts, closed)
                elif op == b"m":
                    x, y = float(operands[0]), float(operands[1])
                    starts.append(len(xs))
                    closed.append(False)
                    xs.append(x)
                    ys.append(y)
                elif op in _CURVES:
                    _curve_to(op, operands, xs, ys, starts, closed)
                elif op == b"h":
                    if closed:
                        closed[-1] = True
                elif op == b"re":
                    x, y, w, h = (float(v) for v in operands)
                    starts.append(len(xs))
                    closed.append(True)
                    xs += (x, x + w, x + w, x)
                    ys += (y, y, y + h, y + h)
                elif op in _ENDS:
                    if xs and op != b"n":
                        if op in _CLOSING_STROKES:
                            closed[-1] = True
                        self._paint_path(xs, ys, starts, closed, gs, marks, op in _FILLS, op in _STROKES)
                    if clip_pending and xs:
                        rectangle = _device_rectangle(xs, ys, starts, gs.ctm)
                        box = rectangle or _bounds(
                            [_apply(gs.ctm, x, y) for x, y in zip(xs, ys, strict=True)]
                        )
                        gs.clip = _intersect(gs.clip, box) or NOWHERE
                        gs.clip_exact = gs.clip_exact and rectangle is not None
                    xs, ys, starts, closed = [], [], [], []
                    clip_pending = False
                elif op in (b"W", b"W*"):
                    clip_pending = True
                # graphics state
                elif op == b"q":
                    stack.append(gs)
                    shared = True
                elif op == b"Q":
                    if stack:
                        gs = stack.pop()
                        shared = bool(stack) and stack[-1] is gs
                        hidden = _hiding(sections, outer_hidden)  # marked content ignores q and Q
                        if gs.hidden != hidden:
                            if shared:
                                gs, shared = gs.copy(), False
                            gs.hidden = hidden
                elif op == b"cm":
                    gs.ctm = _mul(_matrix(operands), gs.ctm)
                elif op == b"w":
                    gs.line_width = float(operands[0])
                elif op == b"J":
                    gs.line_cap = int(operands[0])
                elif op == b"gs":
                    self._ext_gstate(resources, operands[0], gs)
                elif op in _COLOURS:
                    self._colour(resources, op, operands, gs)
                elif op == b"sh":
                    if gs.fill_alpha > 0:
                        self._transparency(marks, gs, gs.fill_alpha, "fill alpha")
                        shading = as_dict(resources.get("/Shading")).get(operands[0])
                        if self.press is not None:
                            marks.note_paint(self._shading_paint(shading))
                        self._note_colour(marks, self._shading_hue(shading))
                        self._record(marks, UNSURE, gs.clip, True, gs.clip)
                elif op in (b"BDC", b"BMC", b"EMC"):
                    if op == b"EMC":
                        if sections:
                            sections.pop()
                    else:
                        sections.append(self._section_layer(resources, operands, op))
                    gs.hidden = _hiding(sections, outer_hidden)
                # text
                elif op == b"BT":
                    tm = tlm = IDENTITY
                elif op == b"Tf":
                    gs.font = self._font(resources, operands[0])
                    gs.font_size = float(operands[1])
                elif op == b"Tc":
                    gs.char_space = float(operands[0])
                elif op == b"Tw":
                    gs.word_space = float(operands[0])
                elif op == b"Tz":
                    gs.h_scale = float(operands[0]) / 100
                elif op == b"TL":
                    gs.leading = float(operands[0])
                elif op == b"Tr":
                    gs.render_mode = int(operands[0])
                elif op == b"Ts":
                    gs.rise = float(operands[0])
                elif op in (b"Td", b"TD"):
                    tx, ty = float(operands[0]), float(operands[1])
                    if op == b"TD":
                        gs.leading = -ty
                    tm = tlm = _mul((1, 0, 0, 1, tx, ty), tlm)
                elif op == b"Tm":
                    tm = tlm = _matrix(operands)
                elif op == b"T*":
                    tm = tlm = _mul((1, 0, 0, 1, 0, -gs.leading), tlm)
                elif op in _TEXT_SHOWS:
                    if op in (b"'", b'"'):
                        if op == b'"':
                            gs.word_space, gs.char_space = float(operands[0]), float(operands[1])
                        tm = tlm = _mul((1, 0, 0, 1, 0, -gs.leading), tlm)
                    items = operands[0] if op == b"TJ" else [operands[-1]]
                    tm = self._show(items, tm, gs, marks)
                # images and forms
                elif op == b"Do":
                    self._do(resources, operands[0], gs, marks, depth)
                elif op == b"INLINE IMAGE":
                    settings = operands["settings"]
                    stencil = _flag(settings.get("/IM", settings.get("/ImageMask")))
                    self._image(
                        marks,
                        gs,
                        settings.get("/W", settings.get("/Width")),
                        settings.get("/H", settings.get("/Height")),
                        stencil,
                        False,
                    )
                    if not stencil and gs.fill_alpha > 0:  # too small to be worth decoding
                        name = settings.get("/CS", settings.get("/ColorSpace"))
                        space = self._colour_space(resources, name)
                        self._note_colour(marks, "an inline colour image" if space in COLOUR_MODELS else None)
                        if self.press is not None:
                            marks.note_paint(self._inline_image_paint(resources, name))
            except TooComplex:
                raise
            except Exception as error:  # a malformed operation is skipped, as viewers do
                note = f"{op.decode('latin-1')} operation skipped: {one_line(error)}"
                if note not in marks.errors:
                    marks.errors.append(note)
                if op in _ENDS:
                    xs, ys, starts, closed = [], [], [], []
                    clip_pending = False

    # painting -------------------------------------------------------------------------

    def _stroke_run(self, run, gs: _GState, marks: Marks) -> None:
        """Paths each stroked in the same state, but perhaps each its own width
        (run.widths): the state's rules once, the thinnest width, and the ink of
        each path that could reach outside the watch on its own."""
        if gs.stroke_alpha <= 0 or not run.xs:
            return
        xs, ys, moves, paths, widths = run
        if widths is None:
            widths = [gs.line_width] * len(paths)
        elif None in widths:  # those paths keep the width in effect
            widths = [gs.line_width if width is None else width for width in widths]
        self._transparency(marks, gs, gs.stroke_alpha, "stroke alpha")
        marks.note_paint(gs.stroke_paint)
        self._pattern(marks, gs.stroke_pattern)
        if gs.stroke != NO_INK:
            self._stroke_width(min(widths), gs.ctm, marks)
            self._note_colour(marks, gs.stroke_colour)
            marks.paints += 1
            kind = gs.stroke
        elif _may_hide(gs, gs.stroke_alpha, marks):
            kind = WHITE
        else:
            return
        widest = max(map(abs, widths))
        if not self.track_ink or not self._may_record(xs, ys, gs, marks, widest):
            return
        ends = paths[1:] + [len(xs)]
        cap, ctm, clip = gs.line_cap, gs.ctm, gs.clip
        for k in _paths_near_edges(run, gs.ctm, widest, marks.watch):
            start, end = paths[k], ends[k]
            starts = [move - start for move in moves[bisect_left(moves, start) : bisect_left(moves, end)]]
            half = widths[k] / 2
            ink = _stroke_bounds(xs[start:end], ys[start:end], starts, [False] * len(starts), ctm, half, cap)
            if ink is not None:
                self._record(marks, kind, ink, True, clip)

    def _note_colour(self, marks: Marks, hue: str | None) -> None:
        if hue is not None and self.find_colour:
            marks.colours.add(hue)

    def _stroke_width(self, line_width: float, ctm: Matrix, marks: Marks) -> None:
        width = line_width * _min_scale(ctm)
        if marks.thinnest is None or width < marks.thinnest:
            marks.thinnest = width

    def _transparency(self, marks: Marks, gs: _GState, alpha: float, label: str) -> None:
        """What painting in ``gs`` with ``alpha`` tells but its colour: any transparency,
        and the default-off layer that hides it."""
        if gs.hidden is not None:
            marks.hidden.add(gs.hidden)
        if alpha < 1:
            marks.transparency.add(f"{label} {alpha:g}")
        if gs.soft_mask:
            marks.transparency.add("a soft mask")
        if gs.blend:
            marks.transparency.add(f"blend mode {gs.blend}")

    def _paint_path(
        self,
        xs: list[float],
        ys: list[float],
        starts: list[int],
        closed: list[bool],
        gs: _GState,
        marks: Marks,
        fill: bool,
        stroke: bool,
        rules: bool = True,
    ) -> None:
        """Fill and/or stroke the current path: check the rules of what paints
        (unless ``rules`` is False: the caller did), then record its ink."""
        fill = fill and gs.fill_alpha > 0
        stroke = stroke and gs.stroke_alpha > 0
        if rules:
            if fill:
                self._transparency(marks, gs, gs.fill_alpha, "fill alpha")
                marks.note_paint(gs.fill_paint)
                self._pattern(marks, gs.fill_pattern)
                if gs.fill != NO_INK:
                    self._note_colour(marks, gs.fill_colour)
            if stroke:
                self._transparency(marks, gs, gs.stroke_alpha, "stroke alpha")
                marks.note_paint(gs.stroke_paint)
                self._pattern(marks, gs.stroke_pattern)
                if gs.stroke != NO_INK:
                    self._stroke_width(gs.line_width, gs.ctm, marks)
                    self._note_colour(marks, gs.stroke_colour)
        if not self.track_ink:
            return
        if fill and gs.fill != UNSURE and gs.fill_alpha >= 1 and not gs.soft_mask and not gs.blend:
            rectangle = _device_rectangle(xs, ys, starts, gs.ctm) if gs.clip_exact else None
            if rectangle is not None:
                self._record(marks, COVER, rectangle, True, gs.clip)
            elif gs.fill == NO_INK and _may_hide(gs, gs.fill_alpha, marks):
                # opaque white of another shape: what it hides, only the rendering tells
                white = _bounds([_apply(gs.ctm, x, y) for x, y in zip(xs, ys, strict=True)])
                self._record(marks, WHITE, white, True, gs.clip)
        if stroke and gs.stroke == NO_INK and _may_hide(gs, gs.stroke_alpha, marks):
            # a broad white line may hide ink as well as a white shape
            white_line = _stroke_bounds(xs, ys, starts, closed, gs.ctm, gs.line_width / 2, gs.line_cap)
            if white_line is not None:
                self._record(marks, WHITE, white_line, True, gs.clip)
        kind = max(gs.fill if fill else NO_INK, gs.stroke if stroke else NO_INK)
        marks.paints += kind != NO_INK
        if kind == NO_INK or not self._may_record(xs, ys, gs, marks, gs.line_width if stroke else 0.0):
            return
        ctm = gs.ctm
        if stroke:
            exact = _stroke_bounds(xs, ys, starts, closed, ctm, gs.line_width / 2, gs.line_cap)
            if fill:
                exact = _union(exact, _bounds([_apply(ctm, x, y) for x, y in zip(xs, ys, strict=True)]))
            if exact is None:
                return  # nothing but zero-length butt-capped ends: no ink
        else:
            exact = _bounds([_apply(ctm, x, y) for x, y in zip(xs, ys, strict=True)])
        self._record(marks, kind, exact, True, gs.clip)

    def _may_record(self, xs: list[float], ys: list[float], gs: _GState, marks: Marks, width: float) -> bool:
        """Whether painting these points, stroked no wider than ``width`` (0: filled),
        could record anything. A loose box first: the points, widened on every side
        by more than any stroke's ink can reach past them (√2 half-widths at a
        square cap's corner), in device space. Only if that, clipped, could cross
        the watch is the exact ink worked out; on a clean page never."""
        watch = marks.watch
        if watch is None:
            return True
        reach = abs(width) * 0.75
        x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
        ctm = gs.ctm
        box = _bounds([_apply(ctm, x0, y0), _apply(ctm, x1, y0), _apply(ctm, x0, y1), _apply(ctm, x1, y1)])
        pad = 1e-6 + 1e-9 * max(map(abs, box))  # more than any rounding in the exact sums
        loose = _intersect(gs.clip, (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad))
        if loose is None:
            return False
        return not all(map(math.isfinite, loose)) or not _inside(loose, watch)

    def _record(self, marks: Marks, kind: int, box: Box, can_bleed: bool, clip: Box) -> None:
        """Record an event of ``kind`` over ``box`` (device space), clipped to
        ``clip``. Art may run into the bleed (``can_bleed``); text may not."""
        clipped = _intersect(clip, box)
        if clipped is None:
            return
        box = clipped
        marks.paints += kind not in (COVER, WHITE)
        watch = marks.watch
        if watch is not None and _inside(box, watch):
            return  # inside the watch: neither ink nor a cover there can matter
        if kind == COVER:
            # An event the cover hides in part now paints only the rest of its box.
            kept = []
            for event in marks.ink:
                event_box = _event_box(event)
                if _inside(event_box, box):
                    continue
                if event[0] == FORM or _intersect(event_box, box) is None:
                    kept.append(event)
                    continue
                kept += [
                    (event[0], piece, event[2])
                    for piece in box_minus(event_box, box)
                    if watch is None or not _inside(piece, watch)
                ]
            marks.ink = kept
            marks.covers += 1
            self._spend(len(marks.ink))
            if watch is not None:
                return  # on a page, a cover has done its work
        elif kind == WHITE:
            marks.ink = [
                (OVERPAINTED, *event[1:]) if event[0] == INK and _intersect(event[1], box) else event
                for event in marks.ink
            ]
            marks.covers += 1  # a form placed again may paint over it
            self._spend(len(marks.ink))
            if watch is not None:
                return
        marks.ink.append((kind, box, can_bleed))
        if watch is None:
            marks.extent = _union(marks.extent, box)

    def _spend(self, work: int) -> None:
        self._work += work
        if self._work > MAX_WORK:
            raise TooComplex

    def _ext_gstate(self, resources: dict, name, gs: _GState) -> None:
        state = as_dict(as_dict(resources.get("/ExtGState")).get(name))
        if "/LW" in state:
            gs.line_width = as_number(state["/LW"], gs.line_width)
        if "/LC" in state:
            gs.line_cap = int(as_number(state["/LC"], gs.line_cap))
        if "/CA" in state:
            gs.stroke_alpha = as_number(state["/CA"], gs.stroke_alpha)
        if "/ca" in state:
            gs.fill_alpha = as_number(state["/ca"], gs.fill_alpha)
        if "/SMask" in state:
            gs.soft_mask = resolve(state["/SMask"]) != "/None"
        for key in ("/TR", "/TR2"):
            if key in state:
                gs.transfer = resolve(state[key]) not in ("/Identity", "/Default")
        if "/BM" in state:
            modes = resolve(state["/BM"])
            mode = resolve(modes[0]) if isinstance(modes, list) and modes else modes
            gs.blend = None if str(mode) in ("/Normal", "/Compatible") else name_text(mode, "?")

    def _colour(self, resources: dict, op: bytes, operands, gs: _GState) -> None:
        stroking = op.isupper()
        if op in (b"g", b"G", b"rg", b"RG", b"k", b"K"):
            model = {b"g": "gray", b"rg": "rgb", b"k": "cmyk"}[op.lower()]
            paint, hue = _paint_of(model, operands), _hue(model, operands)
        elif op in (b"cs", b"CS"):
            model = self._colour_space(resources, operands[0])
            # a space's initial colour is black, full tint or the pattern
            paint = {"none": NO_INK, "unsure": UNSURE}.get(model, INK)
            hue = _hue(model, [1.0]) if model == "tint" else None
        else:
            model = gs.stroke_space if stroking else gs.fill_space
            paint, hue = _paint_of(model, operands), _hue(model, operands)
        if self.white_prints and paint == NO_INK and model != "none":
            paint = INK
        pattern = None
        if op in (b"scn", b"SCN") and operands and isinstance(operands[-1], str):
            ref = as_dict(resources.get("/Pattern")).get(operands[-1])
            pattern = None if ref is None else (ref, gs.pattern_space)
        if stroking:
            gs.stroke_space, gs.stroke, gs.stroke_colour = model, paint, hue
            gs.stroke_pattern = pattern
        else:
            gs.fill_space, gs.fill, gs.fill_colour = model, paint, hue
            gs.fill_pattern = pattern
        if self.press is not None:
            self._press_colour(resources, op, operands, gs, stroking)

    def _press_colour(self, resources: dict, op: bytes, operands, gs: _GState, stroking: bool) -> None:
        """What a colour operator's colour tells the press, kept in ``gs`` until it paints."""
        name = None
        if op.lower() in _OPERATOR_SPACES:
            space = _PRESS_SPACES[_OPERATOR_SPACES[op.lower()]]
        elif op in (b"cs", b"CS"):
            name = operands[0]
            space = self._press_space(resources, name)
        else:
            space = gs.stroke_press_space if stroking else gs.fill_press_space
        paint = self._colour_paint(resources, space, op, operands, name)
        if stroking:
            gs.stroke_press_space, gs.stroke_paint = space, paint
        else:
            gs.fill_press_space, gs.fill_paint = space, paint

    def _colour_paint(self, resources: dict, space: _Space, op: bytes, operands, name) -> _Paint:
        """What painting in ``space`` with the colour ``op`` sets tells the press; ``name``:
        the space's, for cs and CS, which set its initial colour."""
        assert self.press is not None
        if space.pattern:
            if name is not None or not operands:
                return CLEAN  # no pattern yet: nothing paints with it
            paint = self._pattern_paint(resources, operands[-1])
            if space.under is None or len(operands) < 2:
                return paint
            under = self._colour_paint(resources, space.under, op, operands[:-1], None)
            return _Paint(paint.rgb | under.rgb, paint.icc | under.icc, _heavier(paint.ink, under.ink))
        refused = _refusal(space, self.press)
        total = 0.0
        if refused is None:  # the colour is described only where it is wrong: most are right
            if not space.cmyk or name is not None:
                return CLEAN
            try:
                total = sum(float(v) for v in operands) * 100
            except (TypeError, ValueError):
                return CLEAN
            if not _over_limit(total, self.press):
                return CLEAN
        if name is not None:
            described = f"{name_text(name, '?')} {op.decode()} ({space.label})"
        else:
            described = f"{_numbers_text(operands)} {op.decode()}"
            if op.lower() not in _OPERATOR_SPACES:  # sc, scn: in the space cs set
                described += f" ({space.label})"
        return _space_paint(space, self.press, described) if refused else _Paint(ink=(total, described))

    def _press_space(self, resources: dict, name) -> _Space:
        if name in _PRESS_SPACES:
            return _PRESS_SPACES[name]
        spaces = resources.get("/ColorSpace")
        key = ("press space", _key(spaces), name)
        if key not in self._cache:
            self._cache[key] = _press_space_of(as_dict(spaces).get(name))
        return self._cache[key]

    def _pattern_paint(self, resources: dict, name) -> _Paint:
        """What a pattern paints: a shading pattern its shading, a tiling pattern its cell's content."""
        ref = as_dict(resources.get("/Pattern")).get(name)
        pattern = as_dict(ref)
        key = ("pattern paint", _key(ref))
        if key not in self._cache:
            if as_number(pattern.get("/PatternType"), 0) == 2:
                self._cache[key] = self._shading_paint(pattern.get("/Shading"))
            else:
                self._cache[key] = self._stream_paint(ref)
        return self._cache[key]

    def _stream_paint(self, ref) -> _Paint:
        """What a content stream of its own (a tiling pattern's cell, an annotation's
        appearance: each carries its own resources) paints, to a press; nothing where
        it is already being walked, or nested too deep."""
        stream = resolve(ref)
        key = ("stream paint", _key(ref))
        if not isinstance(stream, StreamObject):
            return CLEAN
        if key in self._cache:
            return self._cache[key]
        if _key(ref) in self._drawing or len(self._drawing) >= MAX_FORM_DEPTH:
            return CLEAN
        inner = Marks()
        self._drawing.add(_key(ref))
        try:
            inner.note_paint(self._group_paint(stream))
            operations = self._form_operations(_key(ref), stream, inner)
            self._walk(operations, as_dict(stream.get("/Resources")), _GState(), inner, 1)
        finally:
            self._drawing.discard(_key(ref))
        self._cache[key] = paint = inner.paint()
        return paint

    def _shading_paint(self, ref) -> _Paint:
        """What a shading paints: its colour space, and for a CMYK one the ink at the
        ends of its (exponential) functions."""
        assert self.press is not None
        key = ("shading paint", _key(ref))
        if key not in self._cache:
            shading = as_dict(ref)
            space = _press_space_of(shading.get("/ColorSpace"))
            paint = _space_paint(space, self.press, f"a shading in {space.label}")
            if paint is CLEAN and space.cmyk and self.press.max_ink is not None:
                total = max((sum(colour) * 100 for colour in shading_colours(shading) or []), default=0.0)
                paint = _ink_paint(total, "a CMYK shading, at its heaviest", self.press)
            self._cache[key] = paint
        return self._cache[key]

    def _shading_hue(self, ref) -> str | None:
        """ "a colour shading" if a shading paints any colour but a grey, as far as its
        function's colours tell (evaluated at enough inputs to decide); a shading in a
        colour space whose function cannot be evaluated counts as colour."""
        if not self.find_colour:
            return None
        key = ("shading hue", _key(ref))
        if key not in self._cache:
            shading = as_dict(ref)
            model = _colour_model(resolve(shading.get("/ColorSpace")))
            hue = None
            if model in COLOUR_MODELS:
                colours = shading_colours(shading) if model != "tint" else None
                if colours is None or any(_hue(model, colour) for colour in colours):
                    hue = "a colour shading"
            self._cache[key] = hue
        return self._cache[key]

    def _pattern(self, marks: Marks, pattern: tuple[Any, Matrix] | None) -> None:
        """What painting with ``pattern`` (a pattern and the space its matrix maps onto) adds:
        a shading pattern's colours; a tiling pattern's cell, walked as a form is, in the
        pattern's space, for every rule but where its ink lands (what fills the shape
        painted is judged by its rendering). An uncoloured pattern's cell paints in the
        colour it is given, not its own."""
        if pattern is None:
            return
        ref, space = pattern
        dictionary = as_dict(ref)
        if as_number(dictionary.get("/PatternType"), 0) == 2:
            self._note_colour(marks, self._shading_hue(dictionary.get("/Shading")))
            return
        if not isinstance(resolve(ref), StreamObject):
            return
        matrix = dictionary.get("/Matrix")
        linear = _mul(IDENTITY if matrix is None else _matrix(matrix), space)
        linear = (*linear[:4], 0.0, 0.0)
        key = ("pattern marks", _key(ref), linear)
        cell = self._cache.get(key)
        if cell is None:
            if _key(ref) in self._drawing or len(self._drawing) >= MAX_FORM_DEPTH:
                return  # a pattern that paints with itself: its cell is being walked
            cell = Marks(watch=EVERYWHERE)
            self._drawing.add(_key(ref))
            try:
                operations = self._form_operations(_key(ref), dictionary, cell)
                inner = _GState(ctm=linear, pattern_space=linear)
                self._walk(operations, as_dict(dictionary.get("/Resources")), inner, cell, 1)
            finally:
                self._drawing.discard(_key(ref))
            if as_number(dictionary.get("/PaintType"), 1) == 2:
                cell.colours.clear()
            self._cache[key] = cell
        marks.merge(cell)

    def _section_layer(self, resources: dict, operands, op: bytes) -> str | None:
        """The default-off layer that hides a marked-content section (BDC or BMC), if any."""
        if op != b"BDC" or len(operands) < 2 or operands[0] != "/OC":
            return None
        properties = operands[1]
        if isinstance(properties, str):
            properties = as_dict(resources.get("/Properties")).get(properties)
        return self._layer_off(properties)

    def _layer_off(self, ref) -> str | None:
        """The name of the default-off layer that hides what an optional content group,
        or membership dictionary, marks; None if it shows by default."""
        if not self.off_layers:
            return None
        key = ("layer off", _key(ref))
        if key not in self._cache:
            self._cache[key] = _layer_off(ref, self.off_layers, 0)
        return self._cache[key]

    def _group_paint(self, owner: dict) -> _Paint:
        """A transparency group (of a page or a form) blends in its colour space, which a press judges too."""
        assert self.press is not None
        group = as_dict(owner.get("/Group"))
        if "/CS" not in group:
            return CLEAN
        space = _press_space_of(group.get("/CS"))
        return _space_paint(space, self.press, f"a transparency group blending in {space.label}")

    def _inline_image_paint(self, resources: dict, name) -> _Paint:
        """An inline image's colour space, to a press (its few samples are not weighed for ink)."""
        assert self.press is not None
        name = resolve(name)  # a device space (perhaps abbreviated), a resource's name, or an array
        space = self._press_space(resources, name) if isinstance(name, str) else _press_space_of(name)
        return _space_paint(space, self.press, f"an inline image in {space.label}")

    def _image_paint(self, ref, xobject: dict) -> _Paint:
        """What an image paints, to a press: its colour space, and for a CMYK image the
        heaviest ink among its pixels."""
        assert self.press is not None
        key = ("image paint", _key(ref))
        if key not in self._cache:
            space = _press_space_of(xobject.get("/ColorSpace"))
            paint = _space_paint(space, self.press, f"an image in {space.label}")
            if paint is CLEAN and space.cmyk and self.press.max_ink is not None:
                total = _heaviest_pixel(xobject)
                if total is not None:
                    paint = _ink_paint(total, "an image's heaviest pixel", self.press)
            self._cache[key] = paint
        return self._cache[key]

    def _colour_space(self, resources: dict, name) -> str:
        if name in _DEVICE_SPACES:
            return _DEVICE_SPACES[name]
        spaces = resources.get("/ColorSpace")
        key = ("colour space", _key(spaces), name)
        if key not in self._cache:
            self._cache[key] = _colour_model(resolve(as_dict(spaces).get(name)))
        return self._cache[key]

    def _show(self, items: Iterable, tm: Matrix, gs: _GState, marks: Marks) -> Matrix:
        font, size = gs.font, gs.font_size
        x = 0.0
        glyphs = 0
        for item in items:
            if isinstance(item, (int, float)):
                x -= float(item) / 1000 * size * gs.h_scale
                continue
            if isinstance(item, bytes):
                data = bytes(item)
            else:  # pypdf decodes some strings to text; the codes are the raw bytes
                data = getattr(item, "original_bytes", None) or str(item).encode("latin-1", "replace")
            two_byte = font.two_byte if font else False
            codes = _codes(data, two_byte)
            glyphs += len(codes)
            if gs.char_space == 0 and gs.h_scale == 1 and (gs.word_space == 0 or two_byte):
                # Each advance is then the glyph's width alone: add them up in
                # C, one by one and in order, to the very sum the loop makes.
                advances: Iterable[float]
                if font:
                    advances = map(font.widths.get, codes, repeat(font.default))
                else:
                    advances = repeat(1.0, len(codes))
                x = deque(accumulate(map(mul, advances, repeat(size)), initial=x), maxlen=1)[0]
                continue
            for code in codes:
                glyph = (font.widths.get(code, font.default) if font else 1.0) * size
                space = gs.word_space if code == 32 and not two_byte else 0.0
                x += (glyph + gs.char_space + space) * gs.h_scale
        mode = gs.render_mode
        marks.invisible_text |= mode == 3 and glyphs > 0
        if mode >= 4:  # the text clips: the clip is no longer a box
            gs.clip_exact = False
        fills = mode in (0, 2, 4, 6) and gs.fill_alpha > 0
        strokes = mode in (1, 2, 5, 6) and gs.stroke_alpha > 0
        if glyphs and (fills or strokes):
            if fills:
                self._transparency(marks, gs, gs.fill_alpha, "fill alpha")
                marks.note_paint(gs.fill_paint)
                self._pattern(marks, gs.fill_pattern)
                if gs.fill != NO_INK:
                    self._note_colour(marks, gs.fill_colour)
            if strokes:  # outlined text: its outlines are lines like any other
                self._transparency(marks, gs, gs.stroke_alpha, "stroke alpha")
                marks.note_paint(gs.stroke_paint)
                self._pattern(marks, gs.stroke_pattern)
                if gs.stroke != NO_INK:
                    self._stroke_width(gs.line_width, gs.ctm, marks)
                    self._note_colour(marks, gs.stroke_colour)
            kind = max(gs.fill if fills else NO_INK, gs.stroke if strokes else NO_INK)
            to_device = _mul(tm, gs.ctm)
            if kind != NO_INK:
                em = abs(size) * math.hypot(to_device[2], to_device[3]) * (font.em if font else 1.0)
                if marks.smallest_text is None or em < marks.smallest_text:
                    marks.smallest_text = em
            if kind != NO_INK and x and self.track_ink:
                ink = _text_ink(items, x, gs, to_device, marks.watch)
                if ink is not None:
                    self._record(marks, kind, ink, False, gs.clip)
        return _mul((1, 0, 0, 1, x, 0), tm)

    def _image(self, marks: Marks, gs: _GState, width, height, stencil: bool, soft_mask: bool) -> Box | None:
        """An image of ``width`` x ``height`` samples on the unit square; where it may
        print (device space), or None."""
        if gs.fill_alpha <= 0:
            return None
        box = _intersect(gs.clip, _bounds([_apply(gs.ctm, x, y) for x, y in UNIT_SQUARE]))
        if box is None:
            return None  # clipped away: nothing of it prints
        self._transparency(marks, gs, gs.fill_alpha, "fill alpha")
        if soft_mask:
            marks.transparency.add("an image with a soft mask")
        a, b, c, d = gs.ctm[:4]
        across, up = math.hypot(a, b), math.hypot(c, d)
        if _is_number(width) and _is_number(height) and min(width, height, across, up) > 0:
            dpi = min(float(width) * 72 / across, float(height) * 72 / up)
            if marks.lowest_dpi is None or dpi < marks.lowest_dpi:
                marks.lowest_dpi = dpi
        if stencil:  # a stencil paints the fill colour
            marks.note_paint(gs.fill_paint)
            self._pattern(marks, gs.fill_pattern)
            if gs.fill != NO_INK:
                self._note_colour(marks, gs.fill_colour)
        kind = gs.fill if stencil else UNSURE
        if kind != NO_INK and self.track_ink:
            self._record(marks, kind, box, True, gs.clip)
        return box

    def _do(self, resources: dict, name, gs: _GState, marks: Marks, depth: int) -> None:
        ref = as_dict(resources.get("/XObject")).get(name)
        xobject = as_dict(ref)
        subtype = xobject.get("/Subtype")
        if gs.hidden is None and "/OC" in xobject:
            hidden = self._layer_off(xobject.get("/OC"))
            if hidden is not None:
                gs = gs.copy()
                gs.hidden = hidden
        if subtype == "/Image":
            soft = "/SMask" in xobject or as_number(xobject.get("/SMaskInData"), 0) > 0
            stencil = _flag(xobject.get("/ImageMask"))
            box = self._image(
                marks, gs, resolve(xobject.get("/Width")), resolve(xobject.get("/Height")), stencil, soft
            )
            judge = None
            if (
                depth == 0
                and marks.paints == 1  # the image is the page's first paint
                and self.track_ink
                and box is not None
                and marks.watch is not None
                and not stencil
                and not _inside(box, marks.watch)
                and gs.fill_alpha >= 1
                and not (gs.soft_mask or gs.blend or gs.transfer)
            ):
                # Perhaps a scanned page: the picture the colour check decodes in full, if
                # it does, is judged here too; else it is decoded at the page's end if
                # nothing else has painted.
                marks.first_image = (xobject, gs.ctm)

                def judge(picture: Image.Image, placed=gs.ctm) -> None:
                    marks.clear_image = self._clear(xobject, picture, placed, marks)

            if self.find_colour and not stencil and gs.fill_alpha > 0:
                self._note_colour(marks, self._image_hue(ref, xobject, judge))
            if self.press is not None and not stencil and gs.fill_alpha > 0:
                marks.note_paint(self._image_paint(ref, xobject))
            release(ref)
        elif subtype == "/Form":
            self._form(ref, xobject, name, resources, gs, marks, depth)

    def _clear(self, xobject, picture: Image.Image, ctm: Matrix, marks: Marks) -> bool:
        """Whether ``picture``, the whole of image ``xobject`` drawn through ``ctm``, is
        paper wherever a renderer could draw it outside ``marks.watch``."""
        assert marks.watch is not None
        inner = _samples_inside(ctm, picture.size, marks.watch, self._pixel)
        return inner is not None and paper_outside(xobject, picture, inner)

    def _image_hue(self, ref, xobject, seen) -> str | None:
        """ "a colour image" unless the image's colour space is grey or all its pixels are
        (the whole picture, if decoded for it, shown to ``seen``)."""
        key = ("image hue", _key(ref))
        if key not in self._cache:
            model = _colour_model(resolve(xobject.get("/ColorSpace")))
            # "unsure" too: an Indexed palette may be grey
            grey = model in ("gray", "none") or grey_image(xobject, seen)
            self._cache[key] = None if grey else "a colour image"
        return self._cache[key]

    def _form(self, ref, xobject: dict, name, resources: dict, gs: _GState, marks: Marks, depth: int) -> None:
        matrix = xobject.get("/Matrix")
        placed = _mul(IDENTITY if matrix is None else _matrix(matrix), gs.ctm)
        linear: Matrix = (*placed[:4], 0.0, 0.0)
        bbox = as_box(xobject.get("/BBox"))
        inner_clip, inner_exact = EVERYWHERE, True
        if bbox is not None:
            inner_clip, inner_exact = _transform_box(bbox, linear)
            if _intersect(gs.clip, _shift(inner_clip, placed[4], placed[5])) is None:
                return  # clipped away entirely: nothing of it prints
        form = _key(ref)
        if form in self._drawing:
            marks.cycles.add(name_text(name, "?"))
            return
        if depth >= MAX_FORM_DEPTH:
            marks.too_complex = True
            return
        own = xobject.get("/Resources")
        form_resources = resources if own is None else as_dict(own)  # old files let forms use the page's
        key = ("form marks", form, _key(form_resources), gs.inherited())
        form_marks = self._cache.get(key)
        if form_marks is None:
            form_marks = Marks()
            self._check_fonts(form_marks, form_resources)
            if self.press is not None:
                form_marks.note_paint(self._group_paint(xobject))
            inner = gs.copy()
            inner.ctm, inner.clip, inner.clip_exact = linear, inner_clip, inner_exact
            inner.pattern_space = linear
            self._drawing.add(form)
            try:
                self._walk(
                    self._form_operations(form, xobject, form_marks),
                    form_resources,
                    inner,
                    form_marks,
                    depth + 1,
                )
            finally:
                self._drawing.discard(form)
            self._cache[key] = form_marks
        self._place(marks, form_marks, placed[4], placed[5], gs.clip, gs.clip_exact)

    def _form_operations(self, form, xobject: dict, form_marks: Marks) -> list:
        key = ("form operations", form)
        if key not in self._cache:
            try:
                self._cache[key] = _operations(stream_data(xobject), self._floats)
            except Exception as error:  # pypdf raises many types for broken streams
                self._cache[key] = []
                form_marks.errors.append(f"a form's content stream could not be read: {one_line(error)}")
        return self._cache[key]

    def _place(self, marks: Marks, form_marks: Marks, dx: float, dy: float, clip: Box, exact: bool) -> None:
        """Add a form's marks, drawn shifted by (dx, dy) under ``clip``."""
        marks.merge(form_marks)
        extent = form_marks.extent
        if not self.track_ink or extent is None:
            return
        visible = _intersect(clip, _shift(extent, dx, dy))
        if visible is None:
            return
        if marks.watch is None:  # measuring a form: keep a reference, placed later
            marks.ink.append((FORM, form_marks, dx, dy, clip, exact))
            marks.extent = _union(marks.extent, visible)
            return
        if _inside(visible, marks.watch):
            return
        placement = (id(form_marks), dx, dy, clip, exact)
        if marks.placed.get(placement) == marks.covers:
            return  # the very same events again, and nothing covered since
        for event in form_marks.ink:
            self._spend(1)
            if event[0] == FORM:
                _, inner, inner_dx, inner_dy, inner_clip, inner_exact = event
                inner_clip = _intersect(clip, _shift(inner_clip, dx, dy))
                if inner_clip is not None:
                    self._place(marks, inner, dx + inner_dx, dy + inner_dy, inner_clip, exact and inner_exact)
            elif event[0] != COVER or exact:  # a cover under an unknown clip shape hides nothing sure
                self._record(marks, event[0], _shift(event[1], dx, dy), event[2], clip)
        marks.placed[placement] = marks.covers


def _may_hide(gs: _GState, alpha: float, marks: Marks) -> bool:
    """Whether white painted in ``gs`` with ``alpha`` may hide ink recorded: it is opaque,
    and there is ink outside the watch to hide (in a form, there may be where it is placed)."""
    return alpha >= 1 and not gs.soft_mask and not gs.blend and (marks.watch is None or bool(marks.ink))


def _text_ink(items: Iterable, width: float, gs: _GState, to_device: Matrix, watch: Box | None) -> Box | None:
    """Where text shown from its origin to ``width`` (text space) puts ink, in device
    space: the union of its glyphs' boxes, read from the font's program; its em box where
    they cannot be read. Where even the font's bounding box keeps the text inside
    ``watch``, that box (nothing recorded can come of it)."""
    font, size, rise = gs.font, gs.font_size, gs.rise
    low, high = (0.0, width) if width >= 0 else (width, 0.0)
    bottom, top = TEXT_DESCENT, TEXT_ASCENT
    if font is not None and font.bbox is not None:
        x0, y0, x1, y1 = font.bbox
        low, high = low + min(x0, 0.0) * size * gs.h_scale, high + max(x1, 0.0) * size * gs.h_scale
        bottom, top = min(bottom, y0), max(top, y1)
    loose = _text_box(to_device, low, high, rise + bottom * size, rise + top * size)
    clipped = _intersect(gs.clip, loose)
    if font is None or (watch is not None and (clipped is None or _inside(clipped, watch))):
        return loose
    em = _text_box(to_device, 0.0, width, rise + TEXT_DESCENT * size, rise + TEXT_ASCENT * size)
    glyphs = font.glyph_boxes()
    if glyphs is None:
        return em
    size_x, widths, default = size * gs.h_scale, font.widths, font.default
    spaced = gs.char_space or gs.word_space
    pen = 0.0
    left = bottom = math.inf
    right = top = -math.inf
    try:
        for item in items:
            if isinstance(item, (int, float)):
                pen -= float(item) / 1000 * size_x
                continue
            data = item if isinstance(item, bytes) else getattr(item, "original_bytes", None)
            if data is None:
                data = str(item).encode("latin-1", "replace")
            for code in _codes(bytes(data), font.two_byte):
                box = glyphs.box(code)
                if box is not None:  # x0, y0, x1, y1 per point of size
                    left, right = min(left, pen + box[0] * size_x), max(right, pen + box[2] * size_x)
                    bottom, top = min(bottom, box[1]), max(top, box[3])
                advance = widths.get(code, default) * size
                if spaced:
                    advance += gs.char_space + (gs.word_space if code == 32 and not font.two_byte else 0.0)
                pen += advance * gs.h_scale
    except UnreadableGlyph:
        return em
    if left > right:
        return None  # spaces alone: no ink
    return _text_box(to_device, left, right, rise + bottom * size, rise + top * size)


def _text_box(to_device: Matrix, x0: float, x1: float, y0: float, y1: float) -> Box:
    """The device bounds of a box in text space."""
    return _bounds([_apply(to_device, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))])


def _paths_near_edges(run, ctm: Matrix, widest: float, watch: Box | None) -> Iterable[int]:
    """Which of a StrokeRun's paths, stroked no wider than ``widest``, may reach
    outside ``watch``: under a transformation along the axes, those with a point
    closer to its edge (in user space) than any stroke's ink reaches past its
    points, found a point at a time in comprehensions rather than a path at a
    time; else all."""
    a, b, c, d, e, f = ctm
    if watch is None or b or c or not a or not d:
        return range(len(run.paths))
    reach = widest * 0.75
    x0, x1 = sorted(((watch[0] - e) / a, (watch[2] - e) / a))
    y0, y1 = sorted(((watch[1] - f) / d, (watch[3] - f) / d))
    pad = 1e-6 + 1e-9 * max(map(abs, (x0, x1, y0, y1)))  # more than any rounding of the exact sums
    x0, x1, y0, y1 = x0 + reach + pad, x1 - reach - pad, y0 + reach + pad, y1 - reach - pad
    near = [i for i, x in enumerate(run.xs) if not x0 < x < x1]
    near += [i for i, y in enumerate(run.ys) if not y0 < y < y1]
    return sorted({bisect_right(run.paths, i) - 1 for i in near})


# --- reading streams ----------------------------------------------------------------


def _page_data(page) -> bytes:
    contents = resolve(page.get("/Contents"))
    if contents is None:
        return b""
    streams = [resolve(s) for s in (contents if isinstance(contents, list) else [contents])]
    return b"\n".join(stream_data(s) for s in streams if isinstance(s, StreamObject))


def _operations(data: bytes, floats: pdf_content.Floats | None = None) -> list[tuple[Any, bytes]]:
    """The operations of a content stream, read by our fast tokenizer, or by
    pypdf's parser where ours meets something it does not handle; pypdf then
    reads or rejects it as before."""
    try:
        return pdf_content.parse(data, path_runs=True, floats=floats)
    except Exception:  # pdf_content.Unsupported, or whatever else: pypdf decides
        stream = ContentStream(None, None)
        stream.set_data(data)
        return stream.operations


def stream_data(stream) -> bytes:
    """The decoded bytes of a content stream. Flate and ASCII85 without
    parameters, by far the commonest, are decoded here in C (pypdf decodes
    ASCII85 in Python: seconds for a book of drawings); pypdf decodes all
    else, and whatever these refuse, as it always did."""
    filters = resolve(stream.get("/Filter"))
    filters = [resolve(f) for f in filters] if isinstance(filters, list) else [filters]
    decoders = [_DECODERS[f] for f in filters if isinstance(f, str) and f in _DECODERS]
    raw = getattr(stream, "_data", None)  # pypdf keeps the encoded bytes there
    parameters = resolve(stream.get("/DecodeParms"))
    if (
        len(decoders) == len(filters)
        and isinstance(raw, bytes)
        and not any(as_dict(p) for p in (parameters if isinstance(parameters, list) else [parameters]))
    ):
        try:
            for decode in decoders:
                raw = decode(raw)
            return raw
        except ValueError:
            pass  # pypdf recovers what it can of broken data
    return stream.get_data()


def _inflate(data: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_DECODED)
    except zlib.error as error:
        raise ValueError(str(error)) from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("truncated or too large")
    return out


def _ascii85(data: bytes) -> bytes:
    """reportlab's C decoder is lenient: it decodes overflowing groups and
    stray bytes into something. Its answer is the one if encoding it again
    gives the data back, byte for byte but the spaces."""
    decoded = asciiBase85Decode(data)
    if asciiBase85Encode(decoded).encode("latin-1") != data.translate(None, pdf_content.WHITESPACE):
        raise ValueError("not canonical ASCII85")
    return decoded


# Abbreviations (/Fl, /A85) name filters of inline images only; pypdf refuses them on streams.
_DECODERS = {"/FlateDecode": _inflate, "/ASCII85Decode": _ascii85}


# --- colours and fonts -----------------------------------------------------------------


def _colour_model(space) -> str:
    """How the components of colour space ``space`` (a resource's value) read."""
    if isinstance(space, str):
        return _DEVICE_SPACES.get(space, "unsure")
    if not isinstance(space, list) or not space:
        return "unsure"
    family = resolve(space[0])
    if family in _DEVICE_SPACES:
        return _DEVICE_SPACES[family]
    if family == "/ICCBased" and len(space) > 1:
        return _ICC_MODELS.get(int(as_number(as_dict(space[1]).get("/N"), 0)), "unsure")
    if family in ("/Separation", "/DeviceN") and len(space) > 1:
        names = resolve(space[1])
        names = names if isinstance(names, list) else [names]
        return "none" if all(resolve(n) == "/None" for n in names) else "tint"
    return "unsure"  # Indexed, Pattern: what prints depends on a table or a pattern


def _press_space_of(space, depth: int = 0) -> _Space:
    """How a press sees colour space ``space`` (a resource's value)."""
    space = resolve(space)
    if isinstance(space, str):
        return _PRESS_SPACES.get(space, _UNREAD)
    if not isinstance(space, list) or not space or depth > 4:
        return _UNREAD
    family = resolve(space[0])
    if len(space) == 1:
        return _PRESS_SPACES.get(family, _UNREAD)
    if family == "/ICCBased":
        components = int(as_number(as_dict(space[1]).get("/N"), 0))
        if components == 3:
            return _Space("icc-rgb", "ICCBased RGB")
        return _Space("icc", _ICC_LABELS.get(components, "ICCBased"), cmyk=components == 4)
    if family == "/CalRGB":
        return _Space("icc-rgb", "CalRGB")
    if family in ("/CalGray", "/Lab"):
        return _Space("icc", family[1:])
    if family in ("/Indexed", "/I"):  # (/I in inline images) the components are indices: no ink to add up
        base = _press_space_of(space[1], depth + 1)
        return _Space(base.kind, f"Indexed {base.label}")
    if family in ("/Separation", "/DeviceN") and len(space) > 2:
        alternate = _press_space_of(space[2], depth + 1)
        if alternate.kind == "device":
            return _Space("device", family[1:])
        return _Space(alternate.kind, f"{family[1:]} with a {alternate.label} alternate")
    if family == "/Pattern":
        return _Space("device", "Pattern", pattern=True, under=_press_space_of(space[1], depth + 1))
    return _UNREAD


_ICC_LABELS = {1: "ICCBased grey", 4: "ICCBased CMYK"}


def _refusal(space: _Space, press: Press) -> str | None:
    """Why ``press`` refuses colour in ``space``: "rgb", "icc" (device-independent colour
    PDF/X-1a forbids), or None: it does not."""
    if space.kind == "rgb" or (space.kind == "icc-rgb" and not press.icc):
        return "rgb"
    if space.kind == "icc" and not press.icc:
        return "icc"
    return None


def _space_paint(space: _Space, press: Press, described: str) -> _Paint:
    """What painting in ``space`` tells ``press``: the colour, ``described``, if it refuses the space."""
    refused = _refusal(space, press)
    if refused == "rgb":
        return _Paint(rgb=frozenset([described]))
    return _Paint(icc=frozenset([described])) if refused == "icc" else CLEAN


def _over_limit(total: float, press: Press) -> bool:
    """Whether ``total`` per cent ink passes ``press``'s limit (which printers state in
    whole per cents: a rounding error is no excess)."""
    return press.max_ink is not None and total > press.max_ink + 0.05


def _ink_paint(total: float, described: str, press: Press) -> _Paint:
    """A CMYK colour of ``total`` per cent ink, to ``press``: noted only over its limit."""
    return _Paint(ink=(total, described)) if _over_limit(total, press) else CLEAN


def _heavier(a: tuple[float, str] | None, b: tuple[float, str] | None) -> tuple[float, str] | None:
    if a is None or b is None:
        return a or b
    return a if a[0] >= b[0] else b


def _numbers_text(operands) -> str:
    return " ".join(f"{v:.3g}" if _is_number(v) else str(v) for v in map(resolve, operands))


MAX_INK_SAMPLES = 512  # a CMYK image's pixels are weighed on a grid at most this many across


def _heaviest_pixel(xobject) -> float | None:
    """The most ink (C + M + Y + K, per cent) of a CMYK image's pixels, weighed on a
    grid of at most MAX_INK_SAMPLES by MAX_INK_SAMPLES of them; None if it cannot be decoded
    (or pypdf decodes it to anything but CMYK)."""
    picture = decoded(xobject)
    if picture is None or picture.mode != "CMYK":
        return None
    if max(picture.size) > MAX_INK_SAMPLES:
        picture = picture.resize(
            (min(picture.width, MAX_INK_SAMPLES), min(picture.height, MAX_INK_SAMPLES)),
            Image.Resampling.NEAREST,
        )
    bands = picture.split()  # pypdf has applied any /Decode array
    total = ImageMath.lambda_eval(
        lambda names: names["c"] + names["m"] + names["y"] + names["k"],
        c=bands[0],
        m=bands[1],
        y=bands[2],
        k=bands[3],
    )
    return total.getextrema()[1] / 255 * 100


def _font_embedded(font: dict) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True  # glyphs are drawn by content streams inside the file
    if subtype == "/Type0":
        descendants = as_list(font.get("/DescendantFonts"))
        font = as_dict(descendants[0]) if descendants else {}
    descriptor = as_dict(font.get("/FontDescriptor"))
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _font_metrics(font: dict) -> _Font:
    """Glyph advances for estimating where text ink lands; where the file says
    nothing (or nonsense) we assume a full em per glyph, which errs towards
    reporting."""
    name = name_text(font.get("/BaseFont"), "?")
    subtype = font.get("/Subtype")
    scale = 0.001
    em = 1.0
    if subtype == "/Type3":
        matrix = as_list(font.get("/FontMatrix"))
        scale = as_number(matrix[0], scale) if matrix else scale
        em = abs(as_number(matrix[3], 0.001)) * 1000 if len(matrix) > 3 else 1.0
    widths: dict[int, float] = {}
    default = 1.0
    two_byte = subtype == "/Type0"
    descriptor_font = font
    if two_byte:
        descendant = as_dict((as_list(font.get("/DescendantFonts")) or [{}])[0])
        descriptor_font = descendant
        default = as_number(descendant.get("/DW"), 1000) * scale
        widths = _cid_widths(as_list(descendant.get("/W")), scale)
    elif "/Widths" in font:
        first = int(as_number(font.get("/FirstChar"), 0))
        widths = {first + k: as_number(v, 1000) * scale for k, v in enumerate(as_list(font["/Widths"]))}
    else:
        widths = _standard_widths(name)
    descriptor = as_dict(descriptor_font.get("/FontDescriptor"))
    if "/MissingWidth" in descriptor:
        default = as_number(descriptor["/MissingWidth"], 1000) * scale
    declared = as_box(font.get("/FontBBox") if subtype == "/Type3" else descriptor.get("/FontBBox"))
    vertical = em / 1000 if subtype == "/Type3" else scale  # a Type 3 FontMatrix's y scale
    bbox = None
    if declared is not None:
        bbox = (declared[0] * scale, declared[1] * vertical, declared[2] * scale, declared[3] * vertical)
    return _Font(name, widths, default, two_byte, em, bbox, font)


def _cid_widths(w: list, scale: float) -> dict[int, float]:
    """A CID font's /W array: ``first [w1 w2 ...]`` or ``first last w`` runs."""
    widths: dict[int, float] = {}
    i = 0
    while i < len(w) - 1 and len(widths) < MAX_CODES:
        first, second = int(as_number(w[i], 0)), resolve(w[i + 1])
        if isinstance(second, list):
            for k, value in enumerate(second[:MAX_CODES]):
                widths[first + k] = as_number(value, 1000) * scale
            i += 2
        elif i + 2 < len(w):
            last = min(int(as_number(second, first)), first + MAX_CODES)
            for code in range(first, last + 1):
                widths[code] = as_number(w[i + 2], 1000) * scale
            i += 3
        else:
            break
    return widths


def _standard_widths(name: str) -> dict[int, float]:
    """The base-14 fonts carry no /Widths; reportlab knows their metrics. Only theirs: for
    any other name reportlab would parse every AFM file it has, each time it is asked (a
    few hundredths of a second a font), or answer with a font this process registered."""
    try:
        from reportlab.pdfbase import pdfmetrics

        if name not in pdfmetrics.standardFonts:
            return {}
        widths = pdfmetrics.getFont(name).widths
    except Exception:
        return {}
    return {code: w / 1000 for code, w in enumerate(widths)}


def _codes(data: bytes, two_byte: bool) -> list[int]:
    if two_byte:
        return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data) - 1, 2)]
    return list(data)


# --- paths ------------------------------------------------------------------------------


def _line_to(operands, xs: list[float], ys: list[float], starts: list[int], closed: list[bool]) -> None:
    """l, c, v or y: every point of the operands joins the current subpath."""
    nums = [float(v) for v in operands]
    if len(nums) % 2:
        raise ValueError(f"{len(nums)} coordinates")
    if not starts:
        starts.append(len(xs))
        closed.append(False)
    xs += nums[0::2]
    ys += nums[1::2]


def _curve_to(
    op: bytes, operands, xs: list[float], ys: list[float], starts: list[int], closed: list[bool]
) -> None:
    """c, v or y: the curve's points where x or y turns, then its end, join the subpath.

    Their box is the curve's own; its control points can lie well outside it (a
    quarter circle's by 14 % of the radius), which would call a large round maze's
    outer wall ink beyond the margin.
    """
    if not xs:  # no current point: malformed, so keep every point given
        _line_to(operands, xs, ys, starts, closed)
        return
    nums = [float(v) for v in operands]
    x0, y0 = xs[-1], ys[-1]
    if op == b"c":
        x1, y1, x2, y2, x3, y3 = nums
    elif op == b"v":
        (x2, y2, x3, y3), x1, y1 = nums, x0, y0
    else:
        x1, y1, x3, y3 = nums
        x2, y2 = x3, y3
    turns = sorted(set(_cubic_turns(x0, x1, x2, x3) + _cubic_turns(y0, y1, y2, y3)))
    for t in turns:
        xs.append(_cubic_at(x0, x1, x2, x3, t))
        ys.append(_cubic_at(y0, y1, y2, y3, t))
    xs.append(x3)
    ys.append(y3)


def _cubic_turns(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """The t in (0, 1) where one coordinate of a cubic Bezier curve has a zero derivative."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        roots = [] if abs(b) < 1e-12 else [-c / b]
    else:
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        root = math.sqrt(disc)
        roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    return [t for t in roots if 0 < t < 1]


def _cubic_at(p0: float, p1: float, p2: float, p3: float, t: float) -> float:
    u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3


def _stroke_bounds(
    xs: list[float],
    ys: list[float],
    starts: list[int],
    closed: list[bool],
    ctm: Matrix,
    half: float,
    cap: int,
) -> Box | None:
    """Device-space bounds of the ink of stroking the path (user space; subpath
    k runs from point starts[k] to starts[k + 1]) with half-width ``half``, or
    None if it paints nothing. Corners (joins) may reach ``half`` any way;
    open ends follow the cap: butt ends widen only sideways, so a rule drawn
    exactly to the margin stays inside it. Sharp miters can reach further; we
    ignore that."""
    ink: list[tuple[float, float]] = []
    for first, stop, shut in zip(starts, starts[1:] + [len(xs)], closed, strict=True):
        last = stop - 1
        for i in range(first, stop):
            x, y = xs[i], ys[i]
            end = not shut and i in (first, last)
            j = min(first + 1, last) if i == first else i - 1  # the neighbour along the line
            dx, dy = x - xs[j], y - ys[j]
            length = math.hypot(dx, dy)
            if not end or cap == 1 or length == 0:
                if end and length == 0 and cap == 0:
                    continue  # a zero-length segment with butt caps paints nothing
                ink += [(x - half, y - half), (x + half, y + half)]
                continue
            ux, uy = dx / length * half, dy / length * half  # outward along the line
            reach = 1 if cap == 2 else 0
            ink += [(x - uy + reach * ux, y + ux + reach * uy), (x + uy + reach * ux, y - ux + reach * uy)]
    return _bounds([_apply(ctm, x, y) for x, y in ink]) if ink else None


def _device_rectangle(xs: list[float], ys: list[float], starts: list[int], ctm: Matrix) -> Box | None:
    """The device-space box the path fills exactly, if it is one rectangle
    with sides along the axes (as re draws it, or four lines), else None."""
    if len(starts) != 1 or not 4 <= len(xs) <= 5:
        return None
    points = [_apply(ctm, x, y) for x, y in zip(xs, ys, strict=True)]
    if len(points) == 5:
        if points[4] != points[0]:
            return None
        points = points[:4]
    box = _bounds(points)
    corners = {(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])}
    if set(points) != corners:
        return None
    # going round: consecutive corners share an x or a y, so no diagonal crosses
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1], strict=True):
        if ax != bx and ay != by:
            return None
    return box


# --- geometry ------------------------------------------------------------------------


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n: the matrix product m x n in PDF's row-vector convention."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _min_scale(m: Matrix) -> float:
    """How much a line's width shrinks at worst. Under a non-uniform scale a
    stroke is thinnest across the direction scaled least, so the smaller
    singular value (not sqrt|det|, an average) says what the printer sees."""
    a, b, c, d = m[:4]
    total = a * a + b * b + c * c + d * d
    det = a * d - b * c
    root = math.sqrt(max(total * total - 4 * det * det, 0.0))
    return math.sqrt(max((total - root) / 2, 0.0))


def _transform_box(box: Box, m: Matrix) -> tuple[Box, bool]:
    """The device bounds of ``box`` under ``m``, and whether they are its exact image."""
    x0, y0, x1, y1 = box
    corners = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return _bounds(corners), (m[1] == m[2] == 0) or (m[0] == m[3] == 0)


def render_scale(media: Box) -> float:
    """Pixels a point where a page of MediaBox ``media`` is rendered: RENDER_DPI, unless
    that would take more than RENDER_PIXELS."""
    width, height = media[2] - media[0], media[3] - media[1]
    return min(RENDER_DPI / 72, math.sqrt(RENDER_PIXELS / max(width * height, 1.0)))


def _samples_inside(
    ctm: Matrix, size: tuple[int, int], watch: Box, pixel: float
) -> tuple[int, int, int, int] | None:
    """The rectangle of an image's samples (columns and rows from its top left, the ends
    excluded) that cannot colour a rendered pixel outside ``watch``, the image drawn on the
    unit square through ``ctm``, upright or turned by quarter turns; None if it is skewed.
    A rendered pixel is a weighted average of the samples its area meets, and of their
    neighbours where the image is enlarged; and a renderer may round where the image lands
    to a whole pixel (``pixel`` points): so each sample stands here for itself and its
    neighbours, and the watch is two pixels smaller."""
    a, b, c, d, e, f = ctm
    if not ((b == c == 0 and a and d) or (a == d == 0 and b and c)):
        return None
    x0, y0, x1, y1 = watch[0] + 2 * pixel, watch[1] + 2 * pixel, watch[2] - 2 * pixel, watch[3] - 2 * pixel
    if not all(map(math.isfinite, (x0, y0, x1, y1))):
        return None
    determinant = a * d - b * c
    inverse = (d / determinant, -b / determinant, -c / determinant, a / determinant)
    corners = [
        (inverse[0] * (x - e) + inverse[2] * (y - f), inverse[1] * (x - e) + inverse[3] * (y - f))
        for x, y in ((x0, y0), (x1, y1))
    ]
    u0, v0, u1, v1 = _bounds(corners)  # the watch, less two pixels, on the unit square
    width, height = size
    # column i covers u from i / width to (i + 1) / width; row j, v from 1 - (j + 1) / height down
    left, right = math.ceil(u0 * width + 1), math.floor(u1 * width - 1)
    top, bottom = math.ceil((1 - v1) * height + 1), math.floor((1 - v0) * height - 1)
    if x0 >= x1 or y0 >= y1 or left >= right or top >= bottom:
        return (0, 0, 0, 0)  # no sample: every one must be paper
    return left, top, right, bottom


def _bounds(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _union(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _inside(box: Box, outer: Box) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def box_minus(box: Box, cut: Box) -> list[Box]:
    """The parts of ``box`` outside ``cut``, as up to four boxes."""
    x0, y0, x1, y1 = box
    c0, d0, c1, d1 = cut
    if c0 >= x1 or c1 <= x0 or d0 >= y1 or d1 <= y0:
        return [box]
    pieces = []
    if x0 < c0:
        pieces.append((x0, y0, c0, y1))
    if c1 < x1:
        pieces.append((c1, y0, x1, y1))
    left, right = max(x0, c0), min(x1, c1)
    if y0 < d0:
        pieces.append((left, y0, right, d0))
    if d1 < y1:
        pieces.append((left, d1, right, y1))
    return pieces


def _shift(box: Box, dx: float, dy: float) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def _event_box(event: tuple) -> Box:
    """Where an event may paint; for a placed form, its extent shifted and clipped."""
    if event[0] != FORM:
        return event[1]
    _, marks, dx, dy, clip, _ = event
    return _intersect(clip, _shift(marks.extent, dx, dy)) or (0.0, 0.0, 0.0, 0.0)


def _matrix(values) -> Matrix:
    nums = [float(resolve(v)) for v in as_list(values)]
    if len(nums) != 6 or not all(map(math.isfinite, nums)):
        raise ValueError(f"not a matrix: {nums}")
    return (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])


# --- optional content (layers) -------------------------------------------------------------

MAX_LAYERS = 10_000  # optional content groups read, at most


def optional_content(root: dict) -> tuple[list[str], dict[Any, str]]:
    """A document's layers (its catalogue ``root``'s optional content groups): the names of
    those a reader can turn off (all but the locked ones that show), and the groups its
    default configuration hides, by key, with their names."""
    properties = as_dict(root.get("/OCProperties"))
    groups = as_list(properties.get("/OCGs"))[:MAX_LAYERS]
    if not groups:
        return [], {}
    default = as_dict(properties.get("/D"))
    off_list = {_key(ref) for ref in as_list(default.get("/OFF"))[:MAX_LAYERS]}
    on_list = {_key(ref) for ref in as_list(default.get("/ON"))[:MAX_LAYERS]}
    locked = {_key(ref) for ref in as_list(default.get("/Locked"))[:MAX_LAYERS]}
    all_off = resolve(default.get("/BaseState")) == "/OFF"
    switchable: list[str] = []
    off: dict[Any, str] = {}
    for ref in groups:
        key = _key(ref)
        name = _layer_name(ref)
        hidden = key in off_list or (all_off and key not in on_list)
        if hidden:
            off[key] = name
        if hidden or key not in locked:
            switchable.append(name)
    return switchable, off


def _layer_name(ref) -> str:
    name = resolve(as_dict(ref).get("/Name"))
    if isinstance(name, bytes):
        name = name.decode("latin-1")
    text = str(name) if isinstance(name, str) else ""
    return " ".join(text.split())[:60] or "(unnamed)"


def _layer_off(ref, off: dict[Any, str], depth: int) -> str | None:
    """The name of the default-off layer hiding what ``ref`` (an optional content group,
    membership dictionary or visibility expression) marks; None if it shows."""
    if depth > 8:
        return None
    obj = resolve(ref)
    if isinstance(obj, list):  # a visibility expression: /And, /Or or /Not of others
        if not obj:
            return None
        operator, operands = resolve(obj[0]), obj[1:16]
        hidden = [_layer_off(o, off, depth + 1) for o in operands]
        if operator == "/Not":
            return None  # shows unless its operand does: never hidden by a layer that is off
        if operator == "/And":
            return next((h for h in hidden if h is not None), None)
        if operator == "/Or" and hidden and all(h is not None for h in hidden):
            return hidden[0]
        return None
    group = as_dict(obj)
    if resolve(group.get("/Type")) != "/OCMD":
        return off.get(_key(ref))
    if "/VE" in group:
        return _layer_off(group.get("/VE"), off, depth + 1)
    members = resolve(group.get("/OCGs"))
    members = (members if isinstance(members, list) else [members] if members is not None else [])[:64]
    hidden = [off.get(_key(member)) for member in members]
    policy = resolve(group.get("/P"))
    if policy == "/AllOn":
        return next((h for h in hidden if h is not None), None)
    if policy in (None, "/AnyOn") and hidden and all(h is not None for h in hidden):
        return hidden[0]
    return None  # /AnyOff, /AllOff: hidden only by groups that are on


def _hiding(sections: list[str | None], outer: str | None) -> str | None:
    """The default-off layer that hides content inside these open marked-content sections."""
    return outer or next((layer for layer in sections if layer is not None), None)


def _pattern_key(pattern: tuple[Any, Matrix] | None) -> Any:
    return None if pattern is None else (_key(pattern[0]), pattern[1])
