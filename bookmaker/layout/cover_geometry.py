"""Where everything falls on a full-wrap paperback cover: back, spine and front on one sheet.

One ``CoverGeometry`` answers every question the cover's drawing, its preflight and the
preview's guides ask: the page and its boxes, the two folds, the safe zones and the
barcode box. All lengths are PDF points, origin at the bottom left of the page.

The printer's numbers come from its ``Profile``'s ``CoverRules`` (bookmaker.profiles, where
each is cited): the bleed on every side, the spine as the interior page count times the
paper's thickness per page plus the cover's own constant, the safe inset of text and art
inside the trim, the fold clearance spine text keeps from each fold, the spine-text minimum
and the barcode box.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BookmakerError
from ..profiles import INCH, PROFILES, CoverRules, Profile
from ..units import format_points

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

MIN_SPINE_LETTER = 6.0  # points: smaller letters on a spine are not read from a shelf

# A cover whose size is off by less than one pixel at 300 dpi is taken to match: designers
# export covers from pictures at that resolution, and KDP publishes no tolerance of its own.
SIZE_TOLERANCE = INCH / 300
# The config's word for a barcode box left plain for the barcode the printer prints there
# (the word is KDP's, the first printer that did).
PRINTER_BARCODE = "kdp"
BARCODES = (PRINTER_BARCODE, "isbn", "none")  # what a config's cover puts in the barcode box
# What `check --cover` is told the box holds: the printer's barcode, printed later (so the box
# must be plain), the publisher's own (drawn there, bookmaker's isbn included), or none at all.
CHECKED_BARCODES = (PRINTER_BARCODE, "own", "none")


def checked_barcode(barcode: str) -> str:
    """What the cover preflight makes of a config's ``barcode``: an ISBN bookmaker drew is
    the publisher's own barcode."""
    return "own" if barcode == "isbn" else barcode


def spine_width(profile: Profile, paper: str, pages: int) -> float:
    """The spine of a ``pages``-page interior on ``paper``, exactly as the printer computes it:
    the paper's thickness per page times the pages, plus what the cover itself adds."""
    rules = profile.cover
    if rules.spine_per_page is None:
        carried = ", ".join(p.name for p in PROFILES.values() if p.cover.spine_per_page is not None)
        raise BookmakerError(
            f"no spine formula for the {profile.name} profile (only {carried} publishes one); "
            f"give the spine width {profile.label}'s cover template states for this page count "
            "and paper"
        )
    return pages * dict(rules.spine_per_page)[paper] + rules.spine_base


def spine_text_rule(profile: Profile, pages: int) -> str | None:
    """Why the printer refuses spine text on a ``pages``-page book, or None if it allows it."""
    least = profile.cover.spine_text_min_pages
    if least is not None and pages < least:
        return (
            f"{profile.label} prints spine text only on books of more than {least - 1} "
            f"pages, and this interior has {pages}"
        )
    return None


@dataclass(frozen=True)
class CoverGeometry:
    """A cover for panels (front and back) ``trim_width`` x ``trim_height`` and a spine
    ``spine`` wide, with the printer's ``rules.bleed`` past the trim on every side."""

    trim_width: float
    trim_height: float
    spine: float
    rules: CoverRules

    @classmethod
    def of_page(cls, width: float, height: float, spine: float, rules: CoverRules) -> CoverGeometry:
        """The geometry of a cover page ``width`` x ``height`` whose spine is ``spine``: how a
        cover made elsewhere is read back, knowing only its page and its spine."""
        bleed = rules.bleed
        panel = (width - 2 * bleed - spine) / 2
        if panel <= 0 or height <= 2 * bleed:
            raise BookmakerError(
                f"a {format_points(width)} x {format_points(height)} page cannot hold two panels "
                f"and a {format_points(spine)} spine with {format_points(bleed)} bleed"
            )
        return cls(panel, height - 2 * bleed, spine, rules)

    @property
    def bleed(self) -> float:
        return self.rules.bleed

    @property
    def width(self) -> float:
        return 2 * self.bleed + 2 * self.trim_width + self.spine

    @property
    def height(self) -> float:
        return 2 * self.bleed + self.trim_height

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def media(self) -> Box:
        return 0.0, 0.0, self.width, self.height

    @property
    def trim(self) -> Box:
        """The trimmed cover: the page less the bleed."""
        return self.bleed, self.bleed, self.width - self.bleed, self.height - self.bleed

    @property
    def folds(self) -> tuple[float, float]:
        """x of the back cover's fold and of the front cover's: the spine lies between."""
        left = self.bleed + self.trim_width
        return left, left + self.spine

    @property
    def back(self) -> Box:
        return self.bleed, self.bleed, self.folds[0], self.height - self.bleed

    @property
    def front(self) -> Box:
        return self.folds[1], self.bleed, self.width - self.bleed, self.height - self.bleed

    @property
    def spine_box(self) -> Box:
        return self.folds[0], self.bleed, self.folds[1], self.height - self.bleed

    @property
    def back_safe(self) -> Box:
        return _inset(self.back, self.rules.safe_inset)

    @property
    def front_safe(self) -> Box:
        return _inset(self.front, self.rules.safe_inset)

    @property
    def spine_safe(self) -> Box | None:
        """Where spine text may go: clear of both folds and of the trim; None when the spine
        is too narrow to hold anything."""
        x0, y0, x1, y1 = self.spine_box
        clearance, inset = self.rules.fold_clearance, self.rules.safe_inset
        if x1 - x0 <= 2 * clearance:
            return None
        return x0 + clearance, y0 + inset, x1 - clearance, y1 - inset

    @property
    def fold_bands(self) -> tuple[Box, Box]:
        """The strips round each fold where nothing but the background may lie."""
        y0, y1 = 0.0, self.height
        clearance = self.rules.fold_clearance
        left, right = ((x - clearance, y0, x + clearance, y1) for x in self.folds)
        return left, right

    @property
    def barcode_box(self) -> Box:
        """The barcode's box: the lower right of the back cover, by the spine."""
        box = self.rules.barcode_box
        right = self.folds[0] - box.inset
        bottom = self.bleed + box.inset
        return right - box.width, bottom, right, bottom + box.height


def _inset(box: Box, by: float) -> Box:
    x0, y0, x1, y1 = box
    return x0 + by, y0 + by, x1 - by, y1 - by
