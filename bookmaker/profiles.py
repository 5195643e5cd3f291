"""Printer profiles: what each print service demands of an interior PDF.

One ``Profile`` per service answers the questions the book builder and the
preflight both ask: how far the page extends past the trim for bleed, the
minimum margins, which page counts are accepted and whether links or bookmarks
may ride along. All lengths are PDF points (72 per inch).

Sources: KDP's paperback manuscript guidelines (bleed, gutter table, page
counts); Lulu's book creation guide (0.125 in bleed all round, 0.5 in safety
margin); IngramSpark's file creation guide (0.5 in margins, embedded fonts, no
printer marks). Where a service publishes no number we state ours as a choice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .errors import BookmakerError
from .units import POINTS_PER_UNIT

INCH = 72.0
MM = 72.0 / 25.4

BleedRule = Literal["outside", "all", "none"]


class Offsets(NamedTuple):
    """How far the media box reaches past the trim box on each side."""

    left: float
    right: float
    bottom: float
    top: float


class Margins(NamedTuple):
    """Margins measured inward from the trim edge; inside is the bound (gutter) edge."""

    inside: float
    outside: float
    top: float
    bottom: float


class PageCountRule(NamedTuple):
    min_pages: int
    max_pages: int | None  # None: no upper limit
    must_be_even: bool


def is_recto(page_number: int) -> bool:
    """Page 1 is a right-hand page, as in every printed book."""
    return page_number % 2 == 1


def page_margins(margins: Margins, page_number: int) -> tuple[float, float]:
    """(left, right) margins of a page: the inside margin sits at the spine,
    which is on the left of a right-hand (odd) page and the right of an even one."""
    if is_recto(page_number):
        return margins.inside, margins.outside
    return margins.outside, margins.inside


@dataclass(frozen=True)
class Profile:
    """What one print service accepts.

    ``allows_annotations``: links (and other annotations) may stay in the file.
    ``allows_outline``: a bookmark outline may stay in the file.
    ``bleed_rule``: "outside" (top, bottom and the outside edge only, KDP),
    "all" (all four sides), or "none" (the service prints no bleed).
    ``edge_margin`` / ``edge_margin_bleed``: minimum outside, top and bottom
    margins without and with bleed. ``gutters``: (highest page count, minimum
    inside margin) bands; empty means the inside minimum is the edge margin.
    ``pages``: (min, max or None, must be even); ``max_pages_by_trim`` lowers
    the maximum for particular trims (w, h in points).
    ``requires_trim_box``, ``requires_embedded_fonts``, ``allows_transparency``
    and ``min_line_width`` switch the matching preflight checks.
    """

    name: str
    description: str
    allows_annotations: bool
    allows_outline: bool
    bleed_rule: BleedRule
    bleed: float
    requires_trim_box: bool
    edge_margin: float
    edge_margin_bleed: float
    gutters: tuple[tuple[int, float], ...] = ()
    pages: PageCountRule = PageCountRule(1, None, False)
    max_pages_by_trim: tuple[tuple[tuple[float, float], int], ...] = ()
    requires_embedded_fonts: bool = True
    allows_transparency: bool = False
    min_line_width: float = 0.75

    def bleed_offsets(self, page_number: int, bleed: bool) -> Offsets:
        """How far the media box extends beyond the trim box on each side of
        page ``page_number`` (from 1); all zero without bleed."""
        if not bleed or self.bleed_rule == "none":
            return Offsets(0.0, 0.0, 0.0, 0.0)
        b = self.bleed
        if self.bleed_rule == "all":
            return Offsets(b, b, b, b)
        # "outside": the spine edge is glued into the binding, so no bleed there.
        if is_recto(page_number):
            return Offsets(0.0, b, b, b)
        return Offsets(b, 0.0, b, b)

    def min_margins(self, page_count: int, bleed: bool) -> Margins:
        """The service's minimum margins for a book of ``page_count`` pages."""
        edge = self.edge_margin_bleed if bleed else self.edge_margin
        inside = edge
        if self.gutters:
            # Below the first band (too few pages to print) use the first band,
            # past the last use the last, so a caller still gets a usable number.
            inside = next((g for top, g in self.gutters if page_count <= top), self.gutters[-1][1])
        return Margins(inside, edge, edge, edge)

    def page_count_rule(self, trim_w: float, trim_h: float) -> PageCountRule:
        """(min_pages, max_pages, must_be_even) for a book of this trim."""
        for (w, h), highest in self.max_pages_by_trim:
            if abs(trim_w - w) <= 0.5 and abs(trim_h - h) <= 0.5:
                return self.pages._replace(max_pages=highest)
        return self.pages


# KDP's gutter table: (highest page count of the band, minimum inside margin).
KDP_GUTTERS: tuple[tuple[int, float], ...] = (
    (150, 0.375 * INCH),
    (300, 0.5 * INCH),
    (500, 0.625 * INCH),
    (700, 0.75 * INCH),
    (828, 0.875 * INCH),
)

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            name="kdp",
            description="Amazon KDP paperback: bleed on the outside edge, gutter grows with pages",
            allows_annotations=False,
            allows_outline=False,
            bleed_rule="outside",
            bleed=0.125 * INCH,
            requires_trim_box=True,
            edge_margin=0.25 * INCH,
            edge_margin_bleed=0.375 * INCH,
            gutters=KDP_GUTTERS,
            pages=PageCountRule(24, 828, True),
            # KDP's limit for these trims on white paper; cream paper stops
            # lower, but a PDF does not say its paper, so we assume white.
            max_pages_by_trim=(((8.5 * INCH, 8.5 * INCH), 590), ((8.5 * INCH, 11 * INCH), 590)),
        ),
        Profile(
            # Lulu prints from a flattened copy of the file, so links and
            # bookmarks do no harm and help the PDF edition. 32-800 is Lulu's
            # perfect-bound paperback range; Lulu pads an odd count with a blank
            # page, and we ask for even so that last page is the author's choice.
            name="lulu",
            description="Lulu paperback: 0.125 in bleed all round, 0.5 in safety margin",
            allows_annotations=True,
            allows_outline=True,
            bleed_rule="all",
            bleed=0.125 * INCH,
            requires_trim_box=True,
            edge_margin=0.5 * INCH,
            edge_margin_bleed=0.5 * INCH,
            pages=PageCountRule(32, 800, True),
        ),
        Profile(
            # IngramSpark asks for PDF/X-1a, which forbids annotations on the
            # printed area but allows an outline; its guide asks for 0.125 in
            # bleed past the trim on every side. Its minimum is 18 pages; the
            # maximum depends on trim and paper, so we check none.
            name="ingramspark",
            description="IngramSpark paperback: 0.5 in margins, 0.125 in bleed all round, no marks",
            allows_annotations=False,
            allows_outline=True,
            bleed_rule="all",
            bleed=0.125 * INCH,
            requires_trim_box=True,
            edge_margin=0.5 * INCH,
            edge_margin_bleed=0.5 * INCH,
            pages=PageCountRule(18, None, True),
        ),
        Profile(
            # Our choices: most desktop printers cannot reach the last ~0.2 in
            # of a sheet; a stack of printouts may have any page count; a
            # desktop printer has the base-14 fonts and flattens transparency.
            # Thin lines stay a problem: they fade on cheap printers too.
            name="home",
            description="Home or school printer: no bleed, 0.25 in margins, any page count",
            allows_annotations=True,
            allows_outline=True,
            bleed_rule="none",
            bleed=0.0,
            requires_trim_box=False,
            edge_margin=0.25 * INCH,
            edge_margin_bleed=0.25 * INCH,
            requires_embedded_fonts=False,
            allows_transparency=True,
        ),
    )
}


def get_profile(name: str) -> Profile:
    """The profile called ``name``; an unknown name lists the valid ones."""
    try:
        return PROFILES[name.lower()]
    except KeyError:
        raise BookmakerError(
            f"unknown printer profile '{name}'; choose one of: {', '.join(PROFILES)}"
        ) from None


PAGE_SIZES: dict[str, tuple[float, float]] = {
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210 * MM, 297 * MM),
    "a5": (148 * MM, 210 * MM),
    **{
        f"{w:g}x{h:g}": (w * INCH, h * INCH)
        for w, h in (
            (5, 8), (5.5, 8.5), (6, 9), (7, 10), (8, 10), (8.25, 8.25), (8.5, 8.5), (8.5, 11),
        )
    },
}

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(in|mm|cm|pt)?\s*$")


def parse_size(text: str) -> tuple[float, float]:
    """A page size from a preset name ("letter", "6x9") or "WxH" with a unit
    (in, mm, cm, pt); a bare "WxH" means inches, as trims are quoted."""
    key = text.strip().lower()
    if key in PAGE_SIZES:
        return PAGE_SIZES[key]
    match = _SIZE.match(key)
    if not match:
        raise BookmakerError(
            f"page size '{text}' is not a preset ({', '.join(PAGE_SIZES)}) "
            "nor WxH with a unit such as 6x9in, 148x210mm or 432x648pt"
        )
    w, h, unit = match.groups()
    scale = POINTS_PER_UNIT[unit or "in"]
    if float(w) <= 0 or float(h) <= 0:
        raise BookmakerError(f"page size '{text}' must be larger than zero")
    return float(w) * scale, float(h) * scale
