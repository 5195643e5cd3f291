"""Printer profiles: the one registry of the print services bookmaker knows, and their rules.

One ``Profile`` per service answers the questions the book builder, the cover and both
preflights ask: how far the page extends past the trim for bleed, the minimum margins,
which page counts are accepted, whether links or bookmarks may ride along, and its
cover rules (``CoverRules``: the spine per page of each paper, the page count below
which the spine holds no text, the bleed, safe inset and fold clearance, and the
barcode box). All lengths are PDF points (72 per inch). No module outside this one
tests a printer's name: each asks its ``Profile`` (tests/test_cover_rules.py holds it so).

Sources: KDP's paperback manuscript guidelines (bleed, gutter table), its "Print
Options" page (page counts per ink and paper) and its "Create a paperback cover"
help page (cover bleed, spine, spine text, barcode); Lulu's book creation guide
(0.125 in bleed all round, 0.5 in safety margin) and help centre (spine formula,
spine text, barcode); IngramSpark's file creation guide and help centre (0.5 in
margins, embedded fonts, no printer marks, cover safe inset and fold variance,
the blank last page). Where a service publishes no number we state ours as a
choice. Each figure cites its source where it is defined below.

Adding a printer is one ``Profile(...)`` entry in ``PROFILES`` below:

1. Give it a ``name`` (the word a config's ``profile:`` and ``check --profile``
   take), a ``label`` (how messages name it: "KDP") and a ``description``.
2. Fill in the interior rules from the printer's published guide: bleed and its
   rule, edge margins and any gutter table, page counts, trims, file rules.
3. Give its ``cover``, a ``CoverRules``: bleed, safe inset and fold clearance,
   ``spine_per_page`` (thickness per page of each paper in ``PAPERS``, or None
   when the printer publishes no figure to cite, and then the user types
   ``spine_width``) and ``spine_base`` (a constant the spine adds),
   ``spine_text_min_pages``, the ``barcode_box``, whether the printer
   ``prints_barcode`` there itself or ``requires_barcode`` (then ``isbn:`` is
   required), and ``colour_papers``. A printer whose page counts differ by paper
   gives ``pages_by_paper``; one that wants the last page blank,
   ``blank_last_page``.
4. Cite the guide, and its section, in a comment beside every figure; where a
   figure is our own choice, say so.

Nothing else changes: the config's list of profiles and the descriptions that
name printers, ``check --profile``, the interior and its preflight, the cover,
its preflight and the preview's guides all read this table. Add the printer to
the docs' printer rules with the same citations.
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


class TrimMargins(NamedTuple):
    """Four margins in points, measured inward from the trim edge; inside is the bound
    (gutter) edge. A printer's minimums (``Profile.min_margins``) and the margins a book is
    laid out with (``resolve_margins``); the config's ``margins:`` block, whose sides
    may be unset, is ``config.Margins``."""

    inside: float
    outside: float
    top: float
    bottom: float


class PageCountRule(NamedTuple):
    min_pages: int
    max_pages: int | None  # None: no upper limit
    must_be_even: bool


# (trim (w, h) in points, the most pages the printer binds at that trim)
TrimLimits = tuple[tuple[tuple[float, float], int], ...]


class PaperPages(NamedTuple):
    """The page counts a printer accepts on one of its papers (a name in ``PAPERS``), where
    they differ from its ``Profile.pages``: the range, and lower maxima at particular trims."""

    paper: str
    pages: PageCountRule
    max_pages_by_trim: TrimLimits = ()


class CustomTrims(NamedTuple):
    """The range of trims a service prints besides its list (inches, as published)."""

    min_width: float
    max_width: float
    min_height: float
    max_height: float


# Two trims are one within this much (points) on each side: services publish metric trims
# rounded to inches and both side by side (KDP: "8.27 x 11.69 in (21 x 29.7 cm)", 0.21 pt
# apart), and exporters and users write either.
TRIM_TOLERANCE = 0.5


def same_trim(size: tuple[float, float], other: tuple[float, float]) -> bool:
    """Whether two trims (w, h in points) are one: a listed trim and a page, or the trim
    a user asks for and a page, given in inches or in millimetres alike."""
    return all(abs(a - b) <= TRIM_TOLERANCE for a, b in zip(size, other, strict=True))


def is_recto(page_number: int) -> bool:
    """Page 1 is a right-hand page, as in every printed book."""
    return page_number % 2 == 1


def page_margins(margins: TrimMargins, page_number: int) -> tuple[float, float]:
    """(left, right) margins of a page: the inside margin sits at the spine,
    which is on the left of a right-hand (odd) page and the right of an even one."""
    if is_recto(page_number):
        return margins.inside, margins.outside
    return margins.outside, margins.inside


INTERIORS = ("black-and-white", "color")
# What prints under each maze: its recipe in words ('wilson 20x10 seed 7 opposite'), its
# regeneration code ('82J8-9A17-BZGZ-WGRP', which `bookmaker maze --code` expands), or nothing.
RECIPES = ("full", "code", "none")
# How a file's colour is written: "rgb" (DeviceRGB and grey, any PDF), "pdf-x1a" (PDF/X-1a:2001:
# DeviceCMYK and DeviceGray only) or "pdf-x4" (PDF/X-4: CMYK, grey and ICC-based colour).
OUTPUTS = ("rgb", "pdf-x1a", "pdf-x4")

# The papers a cover's ``paper:`` names: the interior's stock, whose thickness sets the spine.
PAPERS = ("white", "cream", "premium-color", "standard-color")
COLOUR_PAPERS = ("premium-color", "standard-color")  # for colour interiors


class BarcodeBox(NamedTuple):
    """The barcode's place at the lower right of the back cover: ``width`` x ``height``,
    its edges ``inset`` from the bottom trim and from the spine fold."""

    width: float
    height: float
    inset: float


@dataclass(frozen=True)
class CoverRules:
    """What one print service demands of a full-wrap paperback cover.

    ``bleed``: how far the cover's art runs past the trim on every side.
    ``safe_inset``: text and art keep this far inside every trim edge.
    ``fold_clearance``: how far a spine fold may drift in binding; spine text
    keeps this clear of each fold, and nothing but the background lies within it.
    ``spine_per_page``: (paper, points of spine per interior page) for each of
    ``PAPERS`` (a printer's pages-per-inch figure is 72 / ppi here); None when
    bookmaker carries no citable figure, and then the user gives ``spine_width``.
    ``spine_base``: points the spine has whatever the page count (Lulu's cover
    board adds 0.06 in), so the spine is pages x per page + base.
    ``spine_text_min_pages``: the fewest interior pages whose spine the printer
    lets carry text; None when it sets no minimum.
    ``barcode_box``: where the barcode goes on the back, the publisher's own
    EAN-13 included; ``prints_barcode``: the printer prints its own barcode there
    unless told the cover carries one (the config's ``barcode: kdp`` keeps it plain);
    ``requires_barcode``: the printer takes no cover without the book's ISBN barcode
    on the back, so the config must give ``isbn``.
    ``colour_papers``: the papers a colour interior may print on.
    """

    bleed: float
    safe_inset: float
    fold_clearance: float
    barcode_box: BarcodeBox
    prints_barcode: bool = False
    requires_barcode: bool = False
    spine_per_page: tuple[tuple[str, float], ...] | None = None
    spine_base: float = 0.0
    spine_text_min_pages: int | None = None
    colour_papers: tuple[str, ...] = PAPERS


@dataclass(frozen=True)
class Profile:
    """What one print service accepts.

    ``name``: the word a config's ``profile:`` and ``check --profile`` take;
    ``label``: how messages name the service. ``cover``: its cover rules.
    ``allows_annotations``: links (and other annotations) may stay in the file.
    ``allows_outline``: a bookmark outline may stay in the file.
    ``bleed_rule``: "outside" (top, bottom and the outside edge only, KDP),
    "all" (all four sides), or "none" (the service prints no bleed).
    ``edge_margin`` / ``edge_margin_bleed``: minimum outside, top and bottom
    margins without and with bleed. ``gutters``: (highest page count, minimum
    inside margin) bands; empty means the inside minimum is the edge margin.
    ``pages``: (min, max or None, must be even); ``max_pages_by_trim`` lowers
    the maximum for particular trims (w, h in points). Both hold where the paper
    is unknown (a PDF does not say it) or has no entry in ``pages_by_paper``,
    which gives a paper's own range and trim maxima. ``blank_last_page``: the
    printer wants the interior's last page blank and adds one of its own if it is
    not, so the book ends on a blank page it counts (and the spine with it).
    ``requires_trim_box``, ``requires_embedded_fonts``, ``allows_transparency``
    and ``min_line_width`` switch the matching preflight checks.
    ``trims``: the (w, h) trims in inches the service prints, and
    ``custom_trims`` the range it prints besides; no trims means any size.
    ``min_text_size`` (points) and ``min_image_dpi``: None checks none.
    ``allows_scripts``: JavaScript and attached files may ride along;
    ``allows_encryption``: the file may be encrypted, if it opens without a
    password and allows printing. ``allows_layers``: optional content (layers a
    reader can turn off) may stay in the file; else the printer asks for it
    flattened. ``default_interior``: how a book for this printer prints unless
    it says otherwise, "black-and-white" (greys only)
    or "color". ``retail``: the service prints books sold in shops, whose
    buyers must never read of bookmaker: a maze there carries only a short
    code for the publisher's records, never its recipe in words, and the
    how-to page does not explain it (``default_recipe``).
    """

    name: str
    label: str
    description: str
    allows_annotations: bool
    allows_outline: bool
    bleed_rule: BleedRule
    bleed: float
    requires_trim_box: bool
    edge_margin: float
    edge_margin_bleed: float
    cover: CoverRules
    gutters: tuple[tuple[int, float], ...] = ()
    pages: PageCountRule = PageCountRule(1, None, False)
    max_pages_by_trim: TrimLimits = ()
    pages_by_paper: tuple[PaperPages, ...] = ()
    blank_last_page: bool = False
    requires_embedded_fonts: bool = True
    allows_transparency: bool = False
    min_line_width: float = 0.75
    trims: tuple[tuple[float, float], ...] = ()
    custom_trims: CustomTrims | None = None
    min_text_size: float | None = None
    min_image_dpi: float | None = None
    allows_scripts: bool = False
    allows_encryption: bool = False
    allows_layers: bool = False
    # KDP, Lulu and IngramSpark print an interior in greyscale unless the
    # publisher orders (and pays for) colour; a home printer prints what it gets.
    default_interior: str = INTERIORS[0]
    retail: bool = False
    # The colour outputs (``OUTPUTS``) the printer accepts; the first is a book's default.
    outputs: tuple[str, ...] = OUTPUTS
    # The most ink (the sum of C, M, Y and K, in per cent) any colour may lay down; None: no limit.
    max_total_ink: float | None = None
    # The printer adds a blank last page to an odd page count itself: the preflight notes an
    # odd count rather than refusing it (bookmaker's own books are still padded to even).
    pads_odd_pages: bool = False
    # Blank pages (no ink) the printer queries: a run of more than ``max_blank_run`` of them,
    # or more than ``max_blank_share`` of the book; the preflight notes either. None: no rule.
    max_blank_run: int | None = None
    max_blank_share: float | None = None

    @property
    def default_recipe(self) -> str:
        """What prints under a maze unless the book says otherwise: a short code for the
        publisher's records in a book sold to buyers, the recipe in words elsewhere."""
        return "code" if self.retail else "full"

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

    def min_margins(self, page_count: int, bleed: bool) -> TrimMargins:
        """The service's minimum margins for a book of ``page_count`` pages."""
        edge = self.edge_margin_bleed if bleed else self.edge_margin
        inside = edge
        if self.gutters:
            # Below the first band (too few pages to print) use the first band,
            # past the last use the last, so a caller still gets a usable number.
            inside = next((g for top, g in self.gutters if page_count <= top), self.gutters[-1][1])
        return TrimMargins(inside, edge, edge, edge)

    def lists_trim(self, width: float, height: float) -> bool:
        """Whether ``width`` x ``height`` points is one of the service's listed trims."""
        return any(same_trim((w * INCH, h * INCH), (width, height)) for w, h in self.trims)

    def allows_trim(self, width: float, height: float) -> bool:
        """Whether the service prints a trim of ``width`` x ``height`` points."""
        if not self.trims or self.lists_trim(width, height):
            return True
        custom = self.custom_trims
        return custom is not None and (
            custom.min_width * INCH - TRIM_TOLERANCE <= width <= custom.max_width * INCH + TRIM_TOLERANCE
            and custom.min_height * INCH - TRIM_TOLERANCE
            <= height
            <= custom.max_height * INCH + TRIM_TOLERANCE
        )

    def nearest_trim(self, width: float, height: float) -> tuple[float, float]:
        """The listed trim (points) nearest ``width`` x ``height``."""
        w, h = min(self.trims, key=lambda t: (t[0] * INCH - width) ** 2 + (t[1] * INCH - height) ** 2)
        return w * INCH, h * INCH

    def page_count_rule(self, trim_w: float, trim_h: float, paper: str | None = None) -> PageCountRule:
        """(min_pages, max_pages, must_be_even) for a book of this trim on ``paper`` (None:
        not known, as for a PDF checked on its own)."""
        pages, by_trim = self.pages, self.max_pages_by_trim
        for entry in self.pages_by_paper:
            if entry.paper == paper:
                pages, by_trim = entry.pages, entry.max_pages_by_trim
        for (w, h), highest in by_trim:
            if same_trim((trim_w, trim_h), (w, h)):
                return pages._replace(max_pages=highest)
        return pages


# KDP's gutter table: (highest page count of the band, minimum inside margin).
KDP_GUTTERS: tuple[tuple[int, float], ...] = (
    (150, 0.375 * INCH),
    (300, 0.5 * INCH),
    (500, 0.625 * INCH),
    (700, 0.75 * INCH),
    (828, 0.875 * INCH),
)

# KDP's "Print Options" page-count table (kdp.amazon.com/help/topic/G201834180): the
# lower maxima of particular trims, per ink and paper.
_KDP_WIDE = ((8.25 * INCH, 6 * INCH), (8.25 * INCH, 8.25 * INCH))
_KDP_LARGE = ((8.5 * INCH, 8.5 * INCH), (8.5 * INCH, 11 * INCH))
_KDP_A4 = (8.27 * INCH, 11.69 * INCH)
KDP_WHITE_TRIM_LIMITS: TrimLimits = (
    *((trim, 800) for trim in _KDP_WIDE),
    *((trim, 590) for trim in _KDP_LARGE),
    (_KDP_A4, 780),
)
KDP_PAPER_PAGES: tuple[PaperPages, ...] = (
    # Black ink on cream: 24 to 776 pages; 750 at the 8.25 in trims, 550 at 8.5 x 8.5 and
    # 8.5 x 11 in, 730 at A4.
    PaperPages(
        "cream",
        PageCountRule(24, 776, True),
        (*((trim, 750) for trim in _KDP_WIDE), *((trim, 550) for trim in _KDP_LARGE), (_KDP_A4, 730)),
    ),
    # Standard colour ink on white paper: 72 to 600 pages.
    PaperPages("standard-color", PageCountRule(72, 600, True)),
    # Premium colour ink on white paper: 24 to 828 pages; 800 at the 8.25 in trims, 590 at
    # 8.5 x 8.5, 8.5 x 11 in and A4.
    PaperPages(
        "premium-color",
        PageCountRule(24, 828, True),
        (*((trim, 800) for trim in _KDP_WIDE), *((trim, 590) for trim in (*_KDP_LARGE, _KDP_A4))),
    ),
)

# KDP's paperback trims, as "Set Trim Size, Bleed, and Margins" lists them
# (kdp.amazon.com/help/topic/GVBQ3CMEQW3W2VL6), and its custom range: 4 to
# 8.5 in wide, 6 to 11.69 in tall.
KDP_TRIMS: tuple[tuple[float, float], ...] = (
    (5, 8),
    (5.06, 7.81),
    (5.25, 8),
    (5.5, 8.5),
    (6, 9),
    (6.14, 9.21),
    (6.69, 9.61),
    (7, 10),
    (7.44, 9.69),
    (7.5, 9.25),
    (8, 10),
    (8.25, 6),
    (8.25, 8.25),
    (8.5, 8.5),
    (8.5, 11),
    (8.27, 11.69),
)
# Lulu's paperback sizes, from its Book Creation Guide and pricing calculator
# (Pocket Book to A4 Landscape); Lulu prints no sizes besides these.
LULU_TRIMS: tuple[tuple[float, float], ...] = (
    (4.25, 6.87),
    (5, 8),
    (5.5, 8.5),
    (5.83, 8.27),
    (6, 9),
    (6.14, 9.21),
    (6.63, 10.25),
    (7, 10),
    (7.44, 9.68),
    (7.5, 7.5),
    (8.27, 11.69),
    (8.5, 8.5),
    (8.5, 11),
    (9, 7),
    (11, 8.5),
    (11.69, 8.27),
)
# IngramSpark's paperback trims, from the trim size table of its File
# Creation Guide (the Lightning Source list, which distributors that print
# through Ingram republish, e.g. PublishDrive's "Available trim sizes").
INGRAMSPARK_TRIMS: tuple[tuple[float, float], ...] = (
    (4, 6),
    (4.25, 7),
    (4.37, 7),
    (4.72, 7.48),
    (5, 7),
    (5, 8),
    (5.06, 7.81),
    (5.25, 8),
    (5.5, 7.5),
    (5.5, 8.25),
    (5.5, 8.38),
    (5.5, 8.5),
    (5.83, 8.27),
    (6, 9),
    (6.14, 9.21),
    (6.5, 6.5),
    (6.625, 10.25),
    (6.69, 9.61),
    (7, 10),
    (7.44, 9.69),
    (7.5, 9.25),
    (8, 8),
    (8, 10),
    (8, 10.88),
    (8.25, 10.75),
    (8.25, 11),
    (8.27, 11.69),
    (8.5, 8.5),
    (8.5, 9),
    (8.5, 11),
)

# KDP's cover rules, from its help page "Create a paperback cover"; the topic of the page
# each figure comes under is named beside it.
KDP_COVER = CoverRules(
    # Bleed: the full-wrap cover bleeds 0.125 in past the trim on every side.
    bleed=0.125 * INCH,
    # Text and images: text and art at least 0.125 in inside the trim edges.
    safe_inset=0.125 * INCH,
    # Spine text: the folds may drift up to 0.0625 in in binding, so spine text keeps
    # that clear of each fold.
    fold_clearance=0.0625 * INCH,
    # Barcode: KDP prints its barcode in a 2 x 1.2 in box at the lower right of
    # the back cover, 0.25 in from the bottom trim and from the spine fold, unless
    # the publisher says the cover carries one.
    barcode_box=BarcodeBox(2.0 * INCH, 1.2 * INCH, 0.25 * INCH),
    prints_barcode=True,
    # Spine width: interior page count x thickness per page, in inches.
    spine_per_page=tuple(
        (paper, inches * INCH)
        for paper, inches in (
            ("white", 0.002252),
            ("cream", 0.0025),
            ("premium-color", 0.002347),
            ("standard-color", 0.002252),
        )
    ),
    # Spine text: only on books of more than 79 pages.
    spine_text_min_pages=80,
    # Ink and paper (KDP's paperback print options): colour ink prints only on its
    # standard- and premium-colour papers, never on white or cream.
    colour_papers=("standard-color", "premium-color"),
)
# Lulu's cover rules, from its help centre (help.lulu.com and help.api.lulu.com); the article
# each figure comes from is named beside it.
LULU_COVER = CoverRules(
    # "How do I make my content cover the whole page? What is bleed?" (help.lulu.com,
    # article 64000255584): elements that run to the edge fill the bleed, "0.125 in
    # (3.18 mm) past the trim edge on every side".
    bleed=0.125 * INCH,
    # The same article: "Text and other important elements should be placed within the
    # Safety Margin which is 0.5 in (12.7 mm) inside the Trim Edge". It is wider than the
    # 0.375 in from the file's edge (0.25 in "bleed area" + 0.125 in "safety area") that
    # Lulu's "Mandatory Print Book Distribution Requirements" (connect.lulu.com, discussion
    # 33632) ask of covers, so a cover that keeps it meets both.
    safe_inset=0.5 * INCH,
    # "Mandatory Print Book Distribution Requirements": keep text and images clear "from all
    # sides (including the spine)" by the 0.125 in safety area, so spine text keeps 0.125 in
    # from each fold.
    fold_clearance=0.125 * INCH,
    # Lulu prints no barcode on a cover the publisher uploads ("The One-Piece Cover designer
    # will NOT add a barcode to your cover", connect.lulu.com, discussion 33338, "How to
    # create a cover with the One-Piece (Wraparound) Cover Designer"). Its ISBN page "Will
    # Lulu add a barcode to my cover?" (lulu.com/help/space_for_isbn) says of an uploaded
    # wrap-around cover: "generate a barcode and place it at the bottom right corner of the
    # back cover at least 0.375" from the spine and bottom edge". bookmaker's box is 0.5 in
    # from both, so the barcode's digits also keep Lulu's 0.5 in safety margin, and
    # 2 x 1.2 in (our choice, as for KDP: an EAN-13 at its nominal size on a white label).
    barcode_box=BarcodeBox(2.0 * INCH, 1.2 * INCH, 0.5 * INCH),
    # "How is spine width calculated?" (help.api.lulu.com, article 64000254616): "For
    # Softcover Perfect Bound: (pages / 444) + 0.06" = Spine Width", the same for every
    # paper; Lulu's spine width calculator PDF ("Determining The Spine Width"): "Paperback
    # covers use a formula and require a minimum of 32 pages".
    spine_per_page=tuple((paper, INCH / 444) for paper in PAPERS),
    spine_base=0.06 * INCH,
    # Lulu's cover help, as its community forum quotes it (connect.lulu.com, discussion
    # 343028, "Spine for books with 80-130 pages"): "Lulu and many of our print partners can
    # print spine text on books with as few as 80 pages".
    spine_text_min_pages=80,
)
# IngramSpark's cover rules, from its help centre (help.ingramspark.com, which republishes
# Lightning Source's File Creation Guide); the article each figure comes from is named beside
# it. IngramSpark publishes no spine formula: its Cover Template Generator computes the spine
# for each title, page count and paper, and neither its guide nor its help pages give the
# caliper or pages per inch behind it. Figures quoted elsewhere disagree (0.00211 in per
# white page in one book's sources, KDP's 0.002252 in others), so bookmaker carries none and
# the user gives ``spine_width`` from the template.
INGRAMSPARK_COVER = CoverRules(
    # File Creation Guide, "Cover: Requirements": 0.125 in bleed past the trim on every side.
    bleed=0.125 * INCH,
    # "File Problems that Cause Printing Problems of a Book" (article 6443532453901), "Avoid
    # a border or rule line close to the trim edge": "For cover art, we recommend at least
    # .25" from the trim mark for perfect bound books."
    safe_inset=0.25 * INCH,
    # The same article, "Avoid a background or image that stops at the spine": "the allowed
    # variance of 1/16 inch (.0625" or 2 mm)" at the spine fold.
    fold_clearance=0.0625 * INCH,
    # IngramSpark distributes by ISBN and its covers carry the ISBN's EAN-13 on the back
    # (issue 25: "IngramSpark requires an ISBN barcode on the back"); Lightning Source's
    # "Using the Cover Template" places the barcode "in the lower right corner of the back
    # cover". It gives the box no size in words, so the box is bookmaker's choice: KDP's
    # 2 x 1.2 in, which holds an EAN-13 at its nominal size, 0.25 in (IngramSpark's cover
    # safe inset) from the bottom trim and the spine fold.
    barcode_box=BarcodeBox(2.0 * INCH, 1.2 * INCH, 0.25 * INCH),
    requires_barcode=True,
    # Spine text from 48 pages: "perfect-bound books under 48 pages cannot have any text on
    # the spine" (a Lightning Source publisher's help page, "How do I get my book ready for
    # print?", currclickpublisherservice.zendesk.com, article 219429717); the File Creation
    # Guide's sample perfect-bound template reads "Page Count: 36 (No spine text allowed)".
    spine_text_min_pages=48,
)
# A home printer binds nothing: bookmaker's own choice of cover, KDP's bleed, safe inset, fold
# clearance and barcode box (so one cover fits every printer), no spine formula (the user
# gives spine_width) and no spine-text minimum; the barcode is the publisher's, and colour
# prints on any paper.
HOME_COVER = CoverRules(
    bleed=KDP_COVER.bleed,
    safe_inset=KDP_COVER.safe_inset,
    fold_clearance=KDP_COVER.fold_clearance,
    barcode_box=KDP_COVER.barcode_box,
)

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            name="kdp",
            label="KDP",
            description="Amazon KDP paperback: bleed on the outside edge, gutter grows with pages",
            retail=True,
            allows_annotations=False,
            allows_outline=False,
            bleed_rule="outside",
            bleed=0.125 * INCH,
            # KDP's guidelines ask for the bleed size, not for a TrimBox: a page with bleed and
            # none (as Word exports it) is judged by the MediaBox less the bleed, with a note.
            requires_trim_box=False,
            edge_margin=0.25 * INCH,
            edge_margin_bleed=0.375 * INCH,
            cover=KDP_COVER,
            gutters=KDP_GUTTERS,
            # KDP's "Print Options" help page (kdp.amazon.com/help/topic/G201834180), its
            # page-count table: black ink on white paper, 24 to 828 pages, 800 at the 8.25 in
            # wide trims, 590 at 8.5 x 8.5 and 8.5 x 11 in, 780 at A4. A PDF does not say its
            # paper, so a PDF checked on its own is held to white's; a book with a cover
            # names its paper, and ``pages_by_paper`` gives the others.
            pages=PageCountRule(24, 828, True),
            # KDP rounds an odd page count up to even, adding a blank last page; its
            # "excessive blank pages" rule queries more than 10 blank pages in a row, or
            # blank pages over 10 % of the book.
            pads_odd_pages=True,
            max_blank_run=10,
            max_blank_share=0.10,
            max_pages_by_trim=KDP_WHITE_TRIM_LIMITS,
            pages_by_paper=KDP_PAPER_PAGES,
            trims=KDP_TRIMS,
            custom_trims=CustomTrims(4, 8.5, 6, 11.69),
            # KDP's paperback and hardcover manuscript guidelines: "The
            # minimum font size is 7 points", images "at least 300 DPI", and
            # "Do not lock or encrypt the files". They name no rule on
            # JavaScript or attached files; the PDF/X files KDP recommends
            # forbid both, and neither prints, so we refuse them.
            min_text_size=7.0,
            min_image_dpi=300.0,
        ),
        Profile(
            # Lulu prints from a flattened copy of the file, so links and
            # bookmarks do no harm and help the PDF edition. 32-800 is Lulu's
            # perfect-bound paperback range (its Book Creation Guide; the spine
            # width calculator PDF: paperback covers "require a minimum of 32
            # pages"), the same on every paper; Lulu pads an odd count with a blank
            # page, and we ask for even so that last page is the author's choice.
            name="lulu",
            label="Lulu",
            description="Lulu paperback: 0.125 in bleed all round, 0.5 in safety margin",
            retail=True,
            allows_annotations=True,
            allows_outline=True,
            bleed_rule="all",
            bleed=0.125 * INCH,
            requires_trim_box=True,
            edge_margin=0.5 * INCH,
            edge_margin_bleed=0.5 * INCH,
            cover=LULU_COVER,
            pages=PageCountRule(32, 800, True),
            trims=LULU_TRIMS,
            # Lulu's interior formatting FAQ: "300 ppi is the optimum
            # resolution". Lulu publishes no minimum type size, so we check
            # none. Its file guidelines ask for unsecured PDFs; scripts and
            # attached files as for KDP.
            min_image_dpi=300.0,
        ),
        Profile(
            # IngramSpark asks for PDF/X-1a, which forbids annotations on the
            # printed area but allows an outline; its guide asks for 0.125 in
            # bleed past the trim on every side. Its minimum is 18 pages; the
            # maximum depends on trim and paper, so we check none.
            name="ingramspark",
            label="IngramSpark",
            description="IngramSpark paperback: 0.5 in margins, 0.125 in bleed all round, no marks",
            retail=True,
            allows_annotations=False,
            allows_outline=True,
            bleed_rule="all",
            bleed=0.125 * INCH,
            requires_trim_box=True,
            edge_margin=0.5 * INCH,
            edge_margin_bleed=0.5 * INCH,
            cover=INGRAMSPARK_COVER,
            pages=PageCountRule(18, None, True),
            # "File Requirements for Print Books" (ingramspark.com/blog/file-requirements-
            # for-print-books), Interior Files: "The final page should be blank. If there is
            # no blank page, we'll add one for you." bookmaker adds it first, so the page
            # count in the manifest and the spine are the count IngramSpark prints.
            blank_last_page=True,
            # File Creation Guide (v1.2), "Cover: Requirements" (p. 17): files "must be
            # PDF/X-1a:2001 or PDF/X-3:2002 compliant", in CMYK, and "CMYK total value should
            # not exceed 240%"; bookmaker writes X-1a, or X-4 on request, never RGB.
            outputs=("pdf-x1a", "pdf-x4"),
            max_total_ink=240.0,
            trims=INGRAMSPARK_TRIMS,
            # The File Creation Guide asks for 300 ppi images and names no
            # minimum type size, so we check none. PDF/X-1a forbids
            # encryption, JavaScript and embedded files.
            min_image_dpi=300.0,
        ),
        Profile(
            # Our choices: most desktop printers cannot reach the last ~0.2 in
            # of a sheet; a stack of printouts may have any page count; a
            # desktop printer has the base-14 fonts and flattens transparency.
            # Thin lines stay a problem: they fade on cheap printers too.
            name="home",
            label="the home printer",
            description="Home or school printer: no bleed, 0.25 in margins, any page count",
            allows_annotations=True,
            allows_outline=True,
            bleed_rule="none",
            bleed=0.0,
            requires_trim_box=False,
            edge_margin=0.25 * INCH,
            edge_margin_bleed=0.25 * INCH,
            cover=HOME_COVER,
            requires_embedded_fonts=False,
            allows_transparency=True,
            # A desktop printer prints any page size (scaled to its paper),
            # any resolution and any font size, and ignores scripts; an
            # encrypted file prints if it opens and allows printing, and its
            # layers as they show.
            allows_scripts=True,
            allows_encryption=True,
            allows_layers=True,
            default_interior="color",
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
            (5, 8),
            (5.5, 8.5),
            (6, 9),
            (7, 10),
            (8, 10),
            (8.25, 8.25),
            (8.5, 8.5),
            (8.5, 11),
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
            "nor WxH in inches (6x9) or with a unit (6x9in, 148x210mm, 432x648pt)"
        )
    w, h, unit = match.groups()
    scale = POINTS_PER_UNIT[unit or "in"]
    if float(w) <= 0 or float(h) <= 0:
        raise BookmakerError(f"page size '{text}' must be larger than zero")
    return float(w) * scale, float(h) * scale
