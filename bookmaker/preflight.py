"""Preflight: check any PDF against a printer profile before uploading it.

    report = check_pdf("book.pdf", "kdp")
    print(report.format())        # "page 3: line width 0.5 pt is under 0.75 pt (thinnest stroke)"

The file is read with pypdf, so it need not come from bookmaker; content
streams are tokenized by pdf_content, which leaves anything unusual to pypdf's
parser. Each page's content is interpreted just far enough to know what ink
lands where: the graphics state stack, the transformation matrix, line
widths, paths, text positions, images and form XObjects (recursively, under
their /Matrix). Every defect is reported once per page, with the worst case
found, so a broken 200-page book gives a readable list rather than thousands
of lines.
"""

from __future__ import annotations

import math
from collections import deque
from copy import copy
from dataclasses import dataclass, field, replace
from itertools import accumulate, repeat
from operator import mul
from pathlib import Path
from typing import Any, Iterable

from pypdf import PdfReader
from pypdf.generic import ContentStream, IndirectObject

from . import pdf_content
from .errors import BookmakerError
from .pdf_content import PATH_RUN
from .profiles import INCH, Profile, get_profile, page_margins

SLACK = 0.01  # points; PDF writers round coordinates to a few decimals
_SIDES = ("left", "bottom", "right", "top")  # the order of a Box's coordinates
MAX_FORM_DEPTH = 16
# Text is taken to reach from a quarter em below the baseline to a full em
# above it: the em box typesetters lay out by. A font's declared Ascent also
# covers accented capitals (Andika's is 1.22 em) and would flag every heading
# set a size below the margin; horizontally we use the real glyph advances.
TEXT_ASCENT, TEXT_DESCENT = 1.0, -0.25

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Problem:
    page: int | None  # None: the document as a whole
    code: str
    message: str

    def __str__(self) -> str:
        where = f"page {self.page}" if self.page is not None else "document"
        return f"{where}: {self.message}"


@dataclass
class Report:
    path: str
    profile: str
    pages: int
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def format(self) -> str:
        """One line per problem, or one line saying the file passes."""
        if self.ok:
            return f"PDF passes the {self.profile} preflight: {self.pages} pages"
        return "\n".join(map(str, self.problems))


def check_pdf(path: str | Path, profile_name: str, trim: tuple[float, float] | None = None) -> Report:
    """Check the PDF at ``path`` against the printer profile ``profile_name``.

    ``trim``: the intended trim size (w, h) in points; without it the first
    page's TrimBox (or MediaBox) stands for the book's trim.
    """
    profile = get_profile(profile_name)
    reader = _open(Path(path))
    pages = reader.pages
    count = len(pages)
    report = Report(str(path), profile.name, count)
    problems = report.problems

    geometry = [_page_geometry(page) for page in pages]
    book_trim = trim or (_size(geometry[0][1] or geometry[0][0]) if geometry else None)
    problems += _check_document(reader, profile, count, book_trim)

    cache: dict[Any, Any] = {}  # fonts and forms, parsed once for all pages that share them
    for number, (page, (media, trim_box)) in enumerate(zip(pages, geometry), start=1):
        problems += _check_boxes(profile, number, media, trim_box, trim, book_trim if not trim else None)
        problems += _check_annotations(profile, number, page)
        problems += _check_content(profile, number, count, page, media, trim_box, cache)
    return report


def _open(path: Path) -> PdfReader:
    if not path.is_file():
        raise BookmakerError(f"{path}: no such file")
    try:
        reader = PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise ValueError("it is encrypted")
        len(reader.pages)
    except Exception as error:  # pypdf raises many types for broken files
        raise BookmakerError(f"{path}: not a readable PDF: {error}") from None
    return reader


# --- document and page boxes -------------------------------------------------


def _check_document(reader: PdfReader, profile: Profile, count: int,
                    trim: tuple[float, float] | None) -> list[Problem]:
    problems = []
    rule = profile.page_count_rule(*trim) if trim else profile.pages
    if count < rule.min_pages or (rule.max_pages is not None and count > rule.max_pages):
        wanted = (f"{rule.min_pages} to {rule.max_pages}" if rule.max_pages is not None
                  else f"at least {rule.min_pages}")
        problems.append(Problem(None, "page-count", f"{_pages(count)}; {profile.name} needs {wanted} pages"))
    if rule.must_be_even and count % 2:
        problems.append(Problem(None, "page-count-odd",
                                f"{_pages(count)} is odd; {profile.name} needs an even page count"))
    if not profile.allows_outline:
        outlines = _resolve(reader.trailer["/Root"]).get("/Outlines")
        if outlines is not None and _resolve(outlines).get("/First") is not None:
            problems.append(Problem(None, "outline",
                                    f"the PDF has bookmarks (an outline); {profile.name} forbids them"))
    return problems


def _page_geometry(page) -> tuple[Box, Box | None]:
    media = _norm(page.mediabox)
    trim = _norm(page.trimbox) if "/TrimBox" in page else None
    return media, trim


def _check_boxes(profile: Profile, number: int, media: Box, trim: Box | None,
                 wanted: tuple[float, float] | None, first: tuple[float, float] | None) -> list[Problem]:
    problems = []
    if trim is None:
        if profile.requires_trim_box:
            problems.append(Problem(number, "no-trim-box",
                                    f"no TrimBox; {profile.name} needs one on every page"))
    else:
        bleed = _has_bleed(media, trim)
        offsets = profile.bleed_offsets(number, bleed)
        expected = (trim[0] - offsets.left, trim[1] - offsets.bottom,
                    trim[2] + offsets.right, trim[3] + offsets.top)
        if any(abs(a - b) > SLACK for a, b in zip(media, expected)):
            if bleed and profile.bleed_rule == "none":
                why = f"{profile.name} printing has no bleed, so it must equal the TrimBox"
            else:
                why = f"expected {_box_text(expected)}, the TrimBox plus {profile.name} bleed"
            problems.append(Problem(number, "page-size", f"MediaBox {_box_text(media)} does not fit "
                                                         f"TrimBox {_box_text(trim)}: {why}"))
    size = _size(trim or media)
    if wanted and any(abs(a - b) > SLACK for a, b in zip(size, wanted)):
        problems.append(Problem(number, "trim-size", f"trim {_wh(size)} is not the requested {_wh(wanted)}"))
    elif first and any(abs(a - b) > SLACK for a, b in zip(size, first)):
        problems.append(Problem(number, "trim-size", f"trim {_wh(size)} differs from page 1's {_wh(first)}"))
    return problems


def _bleed_sides(media: Box, trim: Box) -> set[str]:
    """The sides where the page extends past the trim."""
    beyond = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    return {side for side, extra in zip(_SIDES, beyond) if extra > SLACK}


def _has_bleed(media: Box, trim: Box) -> bool:
    return bool(_bleed_sides(media, trim))


def _check_annotations(profile: Profile, number: int, page) -> list[Problem]:
    annots = [_resolve(a) for a in _resolve(page.get("/Annots")) or []]
    if not annots:
        return []
    kinds = sorted({str(a.get("/Subtype", "/?"))[1:] for a in annots})
    if not profile.allows_annotations:
        return [Problem(number, "annotations",
                        f"{len(annots)} annotation(s) ({', '.join(kinds)}); "
                        f"{profile.name} forbids links and annotations")]
    if profile.requires_trim_box and "PrinterMark" in kinds:
        return [Problem(number, "printer-marks", f"printer marks; {profile.name} wants none in the upload")]
    return []


# --- page content --------------------------------------------------------------


def _check_content(profile: Profile, number: int, count: int, page, media: Box, trim: Box | None,
                   cache: dict[Any, Any]) -> list[Problem]:
    cut = trim or media
    bleed = trim is not None and _has_bleed(media, trim)
    margins = profile.min_margins(count, bleed)
    left, right = page_margins(margins, number)
    safe = (cut[0] + left, cut[1] + margins.bottom, cut[2] - right, cut[3] - margins.top)
    side_margins = {"left": left, "right": right, "bottom": margins.bottom, "top": margins.top}
    scan = _PageScan(media, safe, _bleed_sides(media, trim) if trim else set(), cache)
    resources = _resolve(page.get("/Resources")) or {}
    scan.check_fonts(resources)
    group = _resolve(page.get("/Group"))
    if group is not None and group.get("/S") == "/Transparency":
        scan.transparency.add("a transparency group")
    problems = []
    try:
        contents = page.get_contents()
        if contents is not None:
            scan.walk(_operations(contents), resources, _GState(clip=media), 0)
    except Exception as error:  # a damaged stream must not hide the other checks
        problems.append(Problem(number, "unreadable-content", f"content stream could not be read: {error}"))

    if profile.requires_embedded_fonts and scan.unembedded:
        problems.append(Problem(number, "font-not-embedded",
                                f"font(s) not embedded: {', '.join(sorted(scan.unembedded))}"))
    if scan.thinnest is not None and scan.thinnest < profile.min_line_width - 1e-6:
        problems.append(Problem(number, "thin-line",
                                f"line width {scan.thinnest:.3g} pt is under "
                                f"{profile.min_line_width:g} pt (thinnest stroke)"))
    if not profile.allows_transparency and scan.transparency:
        problems.append(Problem(number, "transparency",
                                f"transparency ({', '.join(sorted(scan.transparency))}); "
                                f"{profile.name} forbids it"))
    if scan.worst is not None:
        excess, side = scan.worst
        problems.append(Problem(number, "outside-safe-area",
                                f"content {_len_text(excess)} outside the safe area on the {side} "
                                f"({profile.name} minimum margin there: {side_margins[side] / INCH:.3g} in)"))
    return problems


@dataclass
class _Font:
    name: str
    widths: dict[int, float]  # code -> advance in text space units per point of size
    default: float
    two_byte: bool


@dataclass
class _GState:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    line_cap: int = 0  # 0 butt, 1 round, 2 projecting square
    clip: Box | None = None  # device-space bounding box of the clip path
    font: _Font | None = None
    font_size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    h_scale: float = 1.0
    leading: float = 0.0
    render_mode: int = 0
    rise: float = 0.0


@dataclass
class _Subpath:
    points: list[tuple[float, float]]
    closed: bool = False


_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_CLOSING_STROKES = {b"s", b"b", b"b*"}
_FILLS = {b"f", b"F", b"f*"}
_ENDS = _STROKES | _FILLS | {b"n"}
_CURVES = {b"c", b"v", b"y"}


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
_TEXT_SHOWS = {b"Tj", b"TJ", b"'", b'"'}
_INTERPRETED = _ENDS | _CURVES | _TEXT_SHOWS | {
    PATH_RUN, b"l", b"m", b"h", b"re", b"W", b"W*", b"q", b"Q", b"cm", b"w", b"J", b"gs", b"sh",
    b"BT", b"Tf", b"Tc", b"Tw", b"Tz", b"TL", b"Tr", b"Ts", b"Td", b"TD", b"Tm", b"T*",
    b"Do", b"INLINE IMAGE",
}
UNIT_SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))


def _operations(stream) -> list[tuple[Any, bytes]]:
    """The operations of a content stream (a page's ContentStream or a form
    XObject), read by our fast tokenizer, or by pypdf's parser where ours meets
    something it does not handle; pypdf then reads or rejects it as before."""
    if not isinstance(stream, ContentStream):
        stream = ContentStream(stream, None)
    try:
        return pdf_content.parse(stream.get_data(), path_runs=True)
    except Exception:  # pdf_content.Unsupported, or whatever else: pypdf decides
        return stream.operations


class _PageScan:
    """Walks one page's content, keeping only the worst case of each defect."""

    def __init__(self, media: Box, safe: Box, bleed_sides: set[str], cache: dict[Any, Any]):
        self.media, self.safe, self.bleed_sides, self._cache = media, safe, bleed_sides, cache
        self.thinnest: float | None = None
        self.transparency: set[str] = set()
        self.unembedded: set[str] = set()
        self.worst: tuple[float, str] | None = None

    # fonts ----------------------------------------------------------------

    def check_fonts(self, resources) -> None:
        fonts = resources.get("/Font")
        key = ("unembedded", _key(fonts))  # pages usually share one font dictionary
        names = self._cache.get(key)
        if names is None:
            names = set()
            for font in (_resolve(fonts) or {}).values():
                font = _resolve(font)
                if not _font_embedded(font):
                    names.add(str(font.get("/BaseFont", "/(unnamed)"))[1:])
            self._cache[key] = names
        self.unembedded |= names

    def _font(self, resources, name) -> _Font | None:
        ref = (_resolve(resources.get("/Font")) or {}).get(name)
        if ref is None:
            return None
        key = ("font", _key(ref))
        if key not in self._cache:
            self._cache[key] = _font_metrics(_resolve(ref))
        return self._cache[key]

    # the interpreter --------------------------------------------------------

    def walk(self, operations, resources, gs: _GState, depth: int) -> None:
        stack: list[_GState] = []
        # The current path, in user space (cm may not change within a path),
        # kept flat for speed: subpath k holds points starts[k] up to
        # starts[k + 1] of xs, ys, and is closed if closed[k].
        xs: list[float] = []
        ys: list[float] = []
        starts: list[int] = []
        closed: list[bool] = []
        clip_pending = False
        tm = tlm = IDENTITY
        for operands, op in operations:
            if op not in _INTERPRETED:  # colours, dashes, joins, marked content...
                continue
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
            elif op == b"l":
                if len(operands) == 2:
                    x, y = float(operands[0]), float(operands[1])
                    if not starts:  # no current point: the line begins a subpath
                        starts.append(len(xs))
                        closed.append(False)
                    xs.append(x)
                    ys.append(y)
                else:
                    self._line_to(operands, xs, ys, starts, closed)
            elif op == b"m":
                x, y = float(operands[0]), float(operands[1])
                starts.append(len(xs))
                closed.append(False)
                xs.append(x)
                ys.append(y)
            elif op in _CURVES:
                self._curve_to(op, operands, xs, ys, starts, closed)
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
                    if op in _STROKES:
                        if op in _CLOSING_STROKES:
                            closed[-1] = True
                        self._stroke(gs)
                    self._paint_path(xs, ys, starts, closed, gs, op in _STROKES)
                if clip_pending and xs:
                    gs.clip = _intersect(gs.clip, _bounds([_apply(gs.ctm, x, y) for x, y in zip(xs, ys)]))
                xs, ys, starts, closed = [], [], [], []
                clip_pending = False
            elif op in (b"W", b"W*"):
                clip_pending = True
            # graphics state
            elif op == b"q":
                stack.append(gs)
                gs = copy(gs)
            elif op == b"Q":
                if stack:
                    gs = stack.pop()
            elif op == b"cm":
                gs.ctm = _mul(_matrix(operands), gs.ctm)
            elif op == b"w":
                gs.line_width = float(operands[0])
            elif op == b"J":
                gs.line_cap = int(operands[0])
            elif op == b"gs":
                self._ext_gstate(resources, operands[0], gs)
            elif op == b"sh":
                self._paint(gs.clip or self.media, gs)
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
                tm = self._show(items, tm, gs)
            # images and forms
            elif op == b"Do":
                self._do(resources, operands[0], gs, depth)
            elif op == b"INLINE IMAGE":
                self._paint(_bounds([_apply(gs.ctm, x, y) for x, y in UNIT_SQUARE]), gs)

    @staticmethod
    def _line_to(operands, xs, ys, starts, closed) -> None:
        """l, c, v or y: every point of the operands joins the current subpath."""
        nums = [float(v) for v in operands]
        points = [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
        if not starts:
            starts.append(len(xs))
            closed.append(False)
        for x, y in points:
            xs.append(x)
            ys.append(y)

    def _curve_to(self, op: bytes, operands, xs, ys, starts, closed) -> None:
        """c, v or y: the curve's points where x or y turns, then its end, join the subpath.

        Their box is the curve's own; its control points can lie well outside it (a
        quarter circle's by 14 % of the radius), which would call a large round maze's
        outer wall ink beyond the margin.
        """
        if not xs:  # no current point: malformed, so keep every point given
            self._line_to(operands, xs, ys, starts, closed)
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

    def _stroke(self, gs: _GState) -> None:
        width = gs.line_width * _min_scale(gs.ctm)
        if self.thinnest is None or width < self.thinnest:
            self.thinnest = width

    def _paint_path(self, xs: list[float], ys: list[float], starts: list[int], closed: list[bool],
                    gs: _GState, stroke: bool) -> None:
        """Record the ink of filling or stroking the current path. A loose box
        first: the path's points, widened on every side by more than any
        stroke's ink can reach past them (√2 half-widths at a square cap's
        corner), in device space. Only if that could cross the safe area is
        the exact ink worked out, point by point; on a clean page never."""
        ctm = gs.ctm
        reach = abs(gs.line_width) * 0.75 if stroke else 0.0
        x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
        box = _bounds([_apply(ctm, x0, y0), _apply(ctm, x1, y0), _apply(ctm, x0, y1), _apply(ctm, x1, y1)])
        pad = 1e-6 + 1e-9 * max(map(abs, box))  # more than any rounding in the exact sums
        loose = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
        if all(map(math.isfinite, loose)) and not self._may_record(loose, gs):
            return
        if stroke:
            ends = starts[1:] + [len(xs)]
            path = [_Subpath(list(zip(xs[s:e], ys[s:e])), c) for s, e, c in zip(starts, ends, closed)]
            exact = _stroke_bounds(path, ctm, gs.line_width / 2, gs.line_cap)
            if exact is None:
                return  # nothing but zero-length butt-capped ends: no ink
        else:
            exact = _bounds([_apply(ctm, x, y) for x, y in zip(xs, ys)])
        self._paint(exact, gs)

    def _may_record(self, box: Box, gs: _GState) -> bool:
        """Whether painting ``box`` could record anything: whether, clipped,
        it crosses the safe area by more than SLACK anywhere."""
        box = _intersect(gs.clip, box)
        if box is None:
            return False
        safe = self.safe
        return (safe[0] - box[0] > SLACK or safe[1] - box[1] > SLACK
                or box[2] - safe[2] > SLACK or box[3] - safe[3] > SLACK)

    def _paint(self, box: Box, gs: _GState, can_bleed: bool = True) -> None:
        """Record ink over ``box`` (device space). Art that runs into the bleed
        is meant to be cut, so it may cross the margins on every side where it
        reaches the media edge (a KDP background also reaches the unbled
        gutter edge). Art that touches no bleed edge, and text, may not."""
        box = _intersect(gs.clip, box)
        if box is None:
            return
        media, safe = self.media, self.safe
        excess = (safe[0] - box[0], safe[1] - box[1], box[2] - safe[2], box[3] - safe[3])
        at_edge = (box[0] <= media[0] + SLACK, box[1] <= media[1] + SLACK,
                   box[2] >= media[2] - SLACK, box[3] >= media[3] - SLACK)
        bleeds = can_bleed and any(e and s in self.bleed_sides for e, s in zip(at_edge, _SIDES))
        for side, over, edge in zip(_SIDES, excess, at_edge):
            if over <= SLACK or (bleeds and edge):
                continue
            if self.worst is None or over > self.worst[0]:
                self.worst = (over, side)

    def _ext_gstate(self, resources, name, gs: _GState) -> None:
        state = _resolve((_resolve(resources.get("/ExtGState")) or {}).get(name))
        if state is None:
            return
        if "/LW" in state:
            gs.line_width = float(state["/LW"])
        if "/LC" in state:
            gs.line_cap = int(state["/LC"])
        for key, label in (("/CA", "stroke alpha"), ("/ca", "fill alpha")):
            if key in state and float(state[key]) < 1:
                self.transparency.add(f"{label} {float(state[key]):g}")
        if "/SMask" in state and _resolve(state["/SMask"]) != "/None":
            self.transparency.add("a soft mask")
        modes = _resolve(state.get("/BM"))
        modes = [modes] if modes is not None and not isinstance(modes, list) else (modes or [])
        if any(str(mode) not in ("/Normal", "/Compatible") for mode in modes):
            self.transparency.add(f"blend mode {str(modes[0])[1:]}")

    def _show(self, items: Iterable, tm: Matrix, gs: _GState) -> Matrix:
        font, size = gs.font, gs.font_size
        x = 0.0
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
            if gs.char_space == 0 and gs.h_scale == 1 and (gs.word_space == 0 or two_byte):
                # Each advance is then the glyph's width alone: add them up in
                # C, one by one and in order, to the very sum the loop makes.
                if font:
                    glyphs = map(font.widths.get, codes, repeat(font.default))
                else:
                    glyphs = repeat(1.0, len(codes))
                x = deque(accumulate(map(mul, glyphs, repeat(size)), initial=x), maxlen=1)[0]
                continue
            for code in codes:
                glyph = (font.widths.get(code, font.default) if font else 1.0) * size
                space = gs.word_space if code == 32 and not (font and font.two_byte) else 0.0
                x += (glyph + gs.char_space + space) * gs.h_scale
        if gs.render_mode not in (3, 7) and x:  # 3 and 7 paint nothing
            to_device = _mul(tm, gs.ctm)
            y0, y1 = gs.rise + TEXT_DESCENT * size, gs.rise + TEXT_ASCENT * size
            corners = ((0, y0), (x, y0), (0, y1), (x, y1))
            self._paint(_bounds([_apply(to_device, cx, cy) for cx, cy in corners]), gs, can_bleed=False)
        return _mul((1, 0, 0, 1, x, 0), tm)

    def _do(self, resources, name, gs: _GState, depth: int) -> None:
        ref = (_resolve(resources.get("/XObject")) or {}).get(name)
        xobject = _resolve(ref)
        if xobject is None:
            return
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            if "/SMask" in xobject:
                self.transparency.add("an image with a soft mask")
            self._paint(_bounds([_apply(gs.ctm, x, y) for x, y in UNIT_SQUARE]), gs)
        elif subtype == "/Form" and depth < MAX_FORM_DEPTH:
            inner = replace(gs, ctm=_mul(_matrix(xobject.get("/Matrix", IDENTITY)), gs.ctm))
            if "/BBox" in xobject:
                x0, y0, x1, y1 = _norm(xobject["/BBox"])
                corners = [_apply(inner.ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
                inner.clip = _intersect(inner.clip, _bounds(corners))
                if inner.clip is None:
                    return  # clipped away entirely: nothing of it prints
            group = _resolve(xobject.get("/Group"))
            if group is not None and group.get("/S") == "/Transparency":
                self.transparency.add("a transparency group")
            form_resources = _resolve(xobject.get("/Resources")) or resources
            self.check_fonts(form_resources)
            key = ("form", _key(ref))
            if key not in self._cache:
                self._cache[key] = _operations(xobject)
            self.walk(self._cache[key], form_resources, inner, depth + 1)


# --- fonts ---------------------------------------------------------------------


def _font_embedded(font) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True  # glyphs are drawn by content streams inside the file
    if subtype == "/Type0":
        descendants = _resolve(font.get("/DescendantFonts")) or []
        font = _resolve(descendants[0]) if descendants else {}
    descriptor = _resolve(font.get("/FontDescriptor")) or {}
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _font_metrics(font) -> _Font:
    """Glyph advances for estimating where text ink lands; where the file says
    nothing we assume a full em per glyph, which errs towards reporting."""
    name = str(font.get("/BaseFont", "/?"))[1:]
    subtype = font.get("/Subtype")
    scale = 0.001
    if subtype == "/Type3":
        scale = float(_resolve(font.get("/FontMatrix", [0.001]))[0])
    widths: dict[int, float] = {}
    default = 1.0
    two_byte = subtype == "/Type0"
    descriptor_font = font
    if two_byte:
        descendant = _resolve((_resolve(font.get("/DescendantFonts")) or [{}])[0])
        descriptor_font = descendant
        default = float(descendant.get("/DW", 1000)) * scale
        w = _resolve(descendant.get("/W")) or []
        i = 0
        while i < len(w) - 1:
            first, second = int(w[i]), _resolve(w[i + 1])
            if isinstance(second, list):
                for k, value in enumerate(second):
                    widths[first + k] = float(value) * scale
                i += 2
            else:
                for code in range(first, int(second) + 1):
                    widths[code] = float(w[i + 2]) * scale
                i += 3
    elif "/Widths" in font:
        first = int(font.get("/FirstChar", 0))
        widths = {first + k: float(v) * scale for k, v in enumerate(_resolve(font["/Widths"]))}
    else:
        widths = _standard_widths(name)
    descriptor = _resolve(descriptor_font.get("/FontDescriptor")) or {}
    if "/MissingWidth" in descriptor:
        default = float(descriptor["/MissingWidth"]) * scale
    return _Font(name, widths, default, two_byte)


def _standard_widths(name: str) -> dict[int, float]:
    """The base-14 fonts carry no /Widths; reportlab knows their metrics."""
    try:
        from reportlab.pdfbase import pdfmetrics

        widths = pdfmetrics.getFont(name).widths
    except Exception:
        return {}
    return {code: w / 1000 for code, w in enumerate(widths)}


def _codes(data: bytes, two_byte: bool) -> list[int]:
    if two_byte:
        return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
    return list(data)


# --- geometry ------------------------------------------------------------------


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


def _stroke_bounds(path: list[_Subpath], ctm: Matrix, half: float, cap: int) -> Box | None:
    """Device-space bounds of the ink of stroking ``path`` (user space) with
    half-width ``half``, or None if it paints nothing. Corners (joins) may
    reach ``half`` any way; open ends follow the cap: butt ends widen only
    sideways, so a rule drawn exactly to the margin stays inside it. Sharp
    miters can reach further; we ignore that."""
    ink: list[tuple[float, float]] = []
    for sub in path:
        points = sub.points
        for i, (x, y) in enumerate(points):
            end = not sub.closed and (i == 0 or i == len(points) - 1)
            neighbour = points[min(1, len(points) - 1)] if i == 0 else points[i - 1]
            dx, dy = x - neighbour[0], y - neighbour[1]
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


def _bounds(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def _matrix(values) -> Matrix:
    nums = [float(_resolve(v)) for v in _resolve(values)]
    return (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])


def _norm(rect) -> Box:
    x0, y0, x1, y1 = (float(_resolve(v)) for v in rect)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _size(box: Box) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def _key(ref) -> Any:
    """A cache key for a PDF object: its object number, or for a direct
    object (which lives as long as the reader) its identity."""
    return (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else id(ref)


def _resolve(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def _pages(count: int) -> str:
    return f"{count} page" if count == 1 else f"{count} pages"


def _len_text(points: float) -> str:
    return f"{points:.1f} pt ({points / INCH:.3f} in)"


def _wh(size: tuple[float, float]) -> str:
    return f"{size[0]:.2f} x {size[1]:.2f} pt ({size[0] / INCH:.3g} x {size[1] / INCH:.3g} in)"


def _box_text(box: Box) -> str:
    return "[" + " ".join(f"{v:.2f}" for v in box) + "]"
