"""Preflight of a full-wrap cover PDF, ours or anyone's, against its printer's numbers.

    kdp = get_profile("kdp")
    report = check_cover("book.cover.pdf", "kdp", CoverGeometry(612, 792, spine, kdp.cover), 116, "kdp")

The page must have the size the spine formula gives (within ``SIZE_TOLERANCE``), its
TrimBox the page less the bleed; the page-content rules of the interior preflight apply
(fonts, transparency, thin lines, small text), white counting as ink, since the whole sheet
is printed; text must lie inside the safe zones, clear of
the spine folds and, where the printer forbids spine text, off the spine; and with the
printer's own barcode (``PRINTER_BARCODE``) the barcode box must hold only the plain
background (the publisher's own barcode may fill it), and where the printer requires the
book's ISBN barcode (``CoverRules.requires_barcode``) the box must hold one. The numbers are the geometry's
``CoverRules``, from the printer's ``Profile``.

Text is located by pdfium (the glyphs' own boxes, as a viewer lays them out), and the barcode
box is judged by rendering it: a reader of our own content streams would trust what the file
says rather than what prints. The cover is judged as the printer sees it, through the page
view the interior's pages are judged through (``interior.page_view``): its CropBox cuts the
sheet, its /Rotate turns it and its UserUnit scales it.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from ..errors import BookmakerError
from ..layout.cover_geometry import PRINTER_BARCODE, SIZE_TOLERANCE, Box, CoverGeometry, spine_text_rule
from ..layout.page_geometry import union
from ..profiles import INCH, Profile, get_profile
from .interior import PageView, Problem, Report, check_marks, page_view
from .objects import as_box, one_line

BARCODE_DPI = 100
# A pixel of the barcode box counts as ink when a channel differs from the box's commonest
# colour by more than this: anti-aliasing and JPEG noise in a flat background stay under it.
INK_DIFFERENCE = 24


# The marks check's findings that mean pdfium must not draw the page (preflight/interior.py).
UNDRAWABLE = ("form-cycle", "too-complex")


def check_cover(
    path: str | Path, profile_name: str, geometry: CoverGeometry, pages: int | None, barcode: str
) -> Report:
    """Check the cover at ``path`` for an interior of ``pages`` pages (None: unknown, so the
    printer's spine-text rule is not applied) whose panels and spine ``geometry`` gives;
    ``barcode`` (``CHECKED_BARCODES``) "kdp" demands the box the printer prints its barcode
    in be plain, "own" and "none" leave it to the publisher, except that a printer requiring
    the ISBN barcode refuses "none" and an empty box."""
    # The whole sheet is printed: a white line or letter there is a gap in the ink.
    report = check_marks(path, profile_name, white_prints=True)
    problems = report.problems
    try:
        document = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as error:
        raise BookmakerError(f"{path}: not a readable PDF: {error}") from None
    try:
        if len(document) != 1:
            problems.append(
                Problem(None, "cover-pages", f"a cover is one page; this PDF has {len(document)}")
            )
        if any(problem.code in UNDRAWABLE for problem in problems):
            # pdfium, loading the page, would expand a form that draws itself over and over
            # until memory runs out: the boxes, text and barcode box it reads go unjudged,
            # and the marks check has already refused the file.
            return report
        try:
            sheet = PdfReader(str(path)).pages[0]
            view = page_view(sheet)
        except Exception as error:  # pypdf raises many types for broken files
            problems.append(
                Problem(1, "unreadable", f"the page's boxes could not be read: {one_line(error)}")
            )
            return report
        page = document[0]
        problems += _boxes(view, sheet, geometry)
        problems += _text(page, view, geometry, profile_name, pages)
        problems += _barcode(page, view, geometry, get_profile(profile_name), barcode)
    finally:
        document.close()
    return report


def _boxes(view: PageView, page, geometry: CoverGeometry) -> list[Problem]:
    """The sheet's size and its TrimBox (``page``'s, read by pypdf), as they print."""
    problems = []
    media = view.box(view.page)
    width, height = media[2] - media[0], media[3] - media[1]
    if abs(width - geometry.width) > SIZE_TOLERANCE or abs(height - geometry.height) > SIZE_TOLERANCE:
        problems.append(
            Problem(
                1,
                "cover-size",
                (
                    f"the page is {_inches(width)} x {_inches(height)} in; this cover must be "
                    f"{_inches(geometry.width)} x {_inches(geometry.height)} in (two "
                    f"{_inches(geometry.trim_width)} in panels, a {_inches(geometry.spine)} in spine and "
                    f"{_inches(geometry.bleed)} in bleed on every side)"
                ),
            )
        )
        return problems  # the boxes would only repeat the size's error
    trim = as_box(page.get("/TrimBox"))
    trim = view.box(trim) if trim is not None else None
    expected = _offset(geometry.trim, media)
    bleed = _length(geometry.bleed)
    if trim is None:
        problems.append(
            Problem(1, "cover-trim-box", f"no TrimBox; set it to the page less the {bleed} bleed")
        )
    elif max(abs(a - b) for a, b in zip(trim, expected, strict=True)) > SIZE_TOLERANCE:
        problems.append(
            Problem(
                1,
                "cover-trim-box",
                (
                    f"the TrimBox is {_box_text(trim)}; it must be the page less the {bleed} bleed, "
                    f"{_box_text(expected)}"
                ),
            )
        )
    return problems


def _text(
    page: pdfium.PdfPage, view: PageView, geometry: CoverGeometry, profile: str, pages: int | None
) -> list[Problem]:
    """Each kind of misplaced text once, with the first characters found and where (text
    the CropBox cuts away entirely does not print)."""
    media = view.box(view.page)
    refused = spine_text_rule(get_profile(profile), pages) if pages is not None else None
    safe = [geometry.back_safe, geometry.front_safe]
    if geometry.spine_safe is not None and not refused:
        safe.append(geometry.spine_safe)
    found: dict[str, list[tuple[str, Box]]] = {}
    textpage = page.get_textpage()
    try:
        for index in range(textpage.count_chars()):
            char = textpage.get_text_range(index, 1)
            if not char.strip():
                continue
            shown = _cut(textpage.get_charbox(index), view.page)
            if shown is None:
                continue
            box = _offset_back(view.box(shown), media)
            if any(_inside(box, zone) for zone in safe):
                continue
            found.setdefault(_where(box, geometry, refused), []).append((char, box))
    finally:
        textpage.close()
    problems = []
    for kind, chars in found.items():
        sample = "".join(char for char, _ in chars[:12])
        problems.append(
            Problem(
                1,
                f"cover-text-{kind}",
                _TEXT_MESSAGES[kind].format(
                    count=len(chars),
                    sample=sample,
                    at=_box_text(union([b for _, b in chars])),
                    refused=refused or "",
                    clearance=_length(geometry.rules.fold_clearance),
                    inset=_length(geometry.rules.safe_inset),
                ),
            )
        )
    return problems


_TEXT_MESSAGES = {
    "fold": (
        "{count} characters of text ('{sample}') at {at} lie within {clearance} of a spine "
        "fold, which may drift that far in binding"
    ),
    "spine": "{count} characters of text ('{sample}') at {at} on the spine: {refused}",
    "edge": (
        "{count} characters of text ('{sample}') at {at} lie outside the safe area, "
        "{inset} inside the trim (or in the bleed)"
    ),
}


def _where(box: Box, geometry: CoverGeometry, refused: str | None) -> str:
    """Why text at ``box`` outside every safe zone is misplaced: near a fold, on a spine
    that may hold none, or too near the trim."""
    if any(_overlaps(box, band) for band in geometry.fold_bands):
        return "fold"
    if refused and _overlaps(box, geometry.spine_box):
        return "spine"
    return "edge"


def _barcode(
    page: pdfium.PdfPage, view: PageView, geometry: CoverGeometry, profile: Profile, barcode: str
) -> list[Problem]:
    """The barcode box as the printer wants it: plain where the printer prints its own barcode
    over it (anything else there is covered or clashes), and holding one where the printer
    takes no cover without the book's ISBN barcode."""
    rules = geometry.rules
    box = rules.barcode_box
    where = (
        f"{profile.label}'s barcode box ({box.width / INCH:g} x {box.height / INCH:g} in, "
        f"{_length(box.inset)} from the bottom trim and the spine fold, {_box_text(geometry.barcode_box)})"
    )
    if rules.requires_barcode and barcode == "none":
        return [
            Problem(
                1,
                "cover-barcode",
                f"{profile.label} prints no cover without the book's ISBN barcode on the back, and "
                f"this cover carries none; draw its EAN-13 in {where}",
            )
        ]
    if barcode == PRINTER_BARCODE or rules.requires_barcode:
        share = _ink_share(page, view, geometry.barcode_box)
        if barcode == PRINTER_BARCODE and share:
            return [
                Problem(
                    1,
                    "cover-barcode",
                    f"{share:.1%} of {where} holds something other than the background; "
                    f"{profile.label} prints its barcode there, so leave it plain",
                )
            ]
        if barcode != PRINTER_BARCODE and not share:
            return [
                Problem(
                    1,
                    "cover-barcode",
                    f"{where} is empty; {profile.label} prints no cover without the book's ISBN "
                    "barcode on the back: draw its EAN-13 there",
                )
            ]
    return []


def _ink_share(page: pdfium.PdfPage, view: PageView, area: Box) -> float:
    """The share of ``area``'s pixels (on the sheet), rendered, that differ from its
    commonest colour; the share is the same however the page is turned."""
    page.set_rotation(0)  # the area is cut from the content's own space
    page.set_cropbox(*view.back(_offset(area, view.box(view.page))))
    bitmap = page.render(scale=BARCODE_DPI / 72 * view.unit)
    image = bitmap.to_pil().convert("RGB")
    # One pixel in from each side, so the anti-aliased edge of art beside the box is not in it.
    image = image.crop((1, 1, image.width - 1, image.height - 1))
    colours = image.getcolors(image.width * image.height)
    _, common = max(colours)
    ink = sum(
        count
        for count, colour in colours
        if max(abs(a - b) for a, b in zip(colour, common, strict=True)) > INK_DIFFERENCE
    )
    return ink / (image.width * image.height)


def _offset(box: Box, media: Box) -> Box:
    """``box`` in the coordinates of a page whose MediaBox starts at ``media``'s corner."""
    return box[0] + media[0], box[1] + media[1], box[2] + media[0], box[3] + media[1]


def _offset_back(box: Box, media: Box) -> Box:
    return box[0] - media[0], box[1] - media[1], box[2] - media[0], box[3] - media[1]


def _cut(box: Box, sheet: Box) -> Box | None:
    """The part of ``box`` on ``sheet``; None if none is."""
    cut = (max(box[0], sheet[0]), max(box[1], sheet[1]), min(box[2], sheet[2]), min(box[3], sheet[3]))
    return cut if cut[0] <= cut[2] and cut[1] <= cut[3] else None


def _inside(box: Box, zone: Box) -> bool:
    return (
        box[0] >= zone[0] - 0.01
        and box[1] >= zone[1] - 0.01
        and box[2] <= zone[2] + 0.01
        and box[3] <= zone[3] + 0.01
    )


def _overlaps(box: Box, zone: Box) -> bool:
    return box[0] < zone[2] and box[2] > zone[0] and box[1] < zone[3] and box[3] > zone[1]


def _length(points: float) -> str:
    """A printer's figure as its guide gives it: 0.0625 in."""
    return f"{points / INCH:g} in"


def _inches(points: float) -> str:
    return f"{points / INCH:.3f}"


def _box_text(box: Box) -> str:
    return "(" + ", ".join(f"{v / INCH:.3f}" for v in box) + ") in"
