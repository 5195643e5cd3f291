"""Where everything falls on a full-wrap paperback cover: back, spine and front on one sheet.

One ``CoverGeometry`` answers every question the cover's drawing, its preflight and the
preview's guides ask: the page and its boxes, the two folds, the safe zones and KDP's
barcode box. All lengths are PDF points, origin at the bottom left of the page.

The printers' numbers (DESIGN.md, "Covers"; KDP's "Create a paperback cover" help page):
the cover bleeds 0.125 in on every side; the spine is the interior page count times the
paper's thickness per page; text and art keep 0.125 in inside the trim; the folds may
drift up to 0.0625 in in binding, so spine text keeps that clear of each; KDP prints its
barcode in a 2 x 1.2 in box 0.25 in from the bottom trim and from the spine fold.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BookmakerError
from ..profiles import INCH
from ..units import format_points

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

BLEED = 0.125 * INCH
SAFE_INSET = 0.125 * INCH  # text and art from every trim edge
FOLD_CLEARANCE = 0.0625 * INCH  # how far a fold may drift in binding
BARCODE_SIZE = (2.0 * INCH, 1.2 * INCH)
BARCODE_OFFSET = 0.25 * INCH  # from the bottom trim and from the spine fold
MIN_SPINE_LETTER = 6.0  # points: smaller letters on a spine are not read from a shelf

PAPERS = ("white", "cream", "premium-color", "standard-color")
COLOUR_PAPERS = ("premium-color", "standard-color")  # for colour interiors
# KDP's thickness per interior page, in inches (DESIGN.md, "Covers").
KDP_PAPER_INCHES = {"white": 0.002252, "cream": 0.0025, "premium-color": 0.002347, "standard-color": 0.002252}
KDP_SPINE_TEXT_PAGES = 80  # KDP allows spine text only on books of more than 79 pages
# A cover whose size is off by less than one pixel at 300 dpi is taken to match: designers
# export covers from pictures at that resolution, and KDP publishes no tolerance of its own.
SIZE_TOLERANCE = INCH / 300
BARCODES = ("kdp", "isbn", "none")  # what a config's cover puts in the barcode box
# What `check --cover` is told the box holds: KDP's barcode, printed later (so the box must be
# plain), the publisher's own (drawn there, bookmaker's isbn included), or none at all.
CHECKED_BARCODES = ("kdp", "own", "none")


def checked_barcode(barcode: str) -> str:
    """What the cover preflight makes of a config's ``barcode``: an ISBN bookmaker drew is
    the publisher's own barcode."""
    return "own" if barcode == "isbn" else barcode


def spine_formula(profile: str) -> dict[str, float] | None:
    """Points of spine per interior page for each paper, or None where we carry no printer's
    formula (Lulu and IngramSpark publish calculators, not formulas; a home printer binds
    nothing): there the user gives ``spine_width``."""
    if profile != "kdp":
        return None
    return {paper: inches * INCH for paper, inches in KDP_PAPER_INCHES.items()}


def spine_width(profile: str, paper: str, pages: int) -> float:
    """The spine of a ``pages``-page interior on ``paper``, exactly as the printer computes it."""
    formula = spine_formula(profile)
    if formula is None:
        raise BookmakerError(
            f"no spine formula for the {profile} profile (only kdp publishes one); "
            "give the printer's spine width for this page count and paper"
        )
    return pages * formula[paper]


def spine_text_rule(profile: str, pages: int) -> str | None:
    """Why the printer refuses spine text on a ``pages``-page book, or None if it allows it."""
    if profile == "kdp" and pages < KDP_SPINE_TEXT_PAGES:
        return (
            f"KDP prints spine text only on books of more than {KDP_SPINE_TEXT_PAGES - 1} "
            f"pages, and this interior has {pages}"
        )
    return None


@dataclass(frozen=True)
class CoverGeometry:
    """A cover for panels (front and back) ``trim_width`` x ``trim_height`` and a spine
    ``spine`` wide, with ``BLEED`` past the trim on every side."""

    trim_width: float
    trim_height: float
    spine: float

    @classmethod
    def of_page(cls, width: float, height: float, spine: float) -> CoverGeometry:
        """The geometry of a cover page ``width`` x ``height`` whose spine is ``spine``: how a
        cover made elsewhere is read back, knowing only its page and its spine."""
        panel = (width - 2 * BLEED - spine) / 2
        if panel <= 0 or height <= 2 * BLEED:
            raise BookmakerError(
                f"a {format_points(width)} x {format_points(height)} page cannot hold two panels "
                f"and a {format_points(spine)} spine with {format_points(BLEED)} bleed"
            )
        return cls(panel, height - 2 * BLEED, spine)

    @property
    def width(self) -> float:
        return 2 * BLEED + 2 * self.trim_width + self.spine

    @property
    def height(self) -> float:
        return 2 * BLEED + self.trim_height

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def media(self) -> Box:
        return 0.0, 0.0, self.width, self.height

    @property
    def trim(self) -> Box:
        """The trimmed cover: the page less the bleed."""
        return BLEED, BLEED, self.width - BLEED, self.height - BLEED

    @property
    def folds(self) -> tuple[float, float]:
        """x of the back cover's fold and of the front cover's: the spine lies between."""
        left = BLEED + self.trim_width
        return left, left + self.spine

    @property
    def back(self) -> Box:
        return BLEED, BLEED, self.folds[0], self.height - BLEED

    @property
    def front(self) -> Box:
        return self.folds[1], BLEED, self.width - BLEED, self.height - BLEED

    @property
    def spine_box(self) -> Box:
        return self.folds[0], BLEED, self.folds[1], self.height - BLEED

    @property
    def back_safe(self) -> Box:
        return _inset(self.back, SAFE_INSET)

    @property
    def front_safe(self) -> Box:
        return _inset(self.front, SAFE_INSET)

    @property
    def spine_safe(self) -> Box | None:
        """Where spine text may go: clear of both folds and of the trim; None when the spine
        is too narrow to hold anything."""
        x0, y0, x1, y1 = self.spine_box
        if x1 - x0 <= 2 * FOLD_CLEARANCE:
            return None
        return x0 + FOLD_CLEARANCE, y0 + SAFE_INSET, x1 - FOLD_CLEARANCE, y1 - SAFE_INSET

    @property
    def fold_bands(self) -> tuple[Box, Box]:
        """The strips round each fold where nothing but the background may lie."""
        y0, y1 = 0.0, self.height
        return tuple((x - FOLD_CLEARANCE, y0, x + FOLD_CLEARANCE, y1) for x in self.folds)

    @property
    def barcode_box(self) -> Box:
        """KDP's barcode area: the lower right of the back cover, by the spine."""
        right = self.folds[0] - BARCODE_OFFSET
        bottom = BLEED + BARCODE_OFFSET
        return right - BARCODE_SIZE[0], bottom, right, bottom + BARCODE_SIZE[1]


def _inset(box: Box, by: float) -> Box:
    x0, y0, x1, y1 = box
    return x0 + by, y0 + by, x1 - by, y1 - by
