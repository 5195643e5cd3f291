"""Preflight: check any PDF against a printer profile before uploading it.

    report = check_pdf("book.pdf", "kdp")
    print(report.format())        # "page 3: line width 0.5 pt is under 0.75 pt (thinnest stroke)"
    report = check_marks("cover.pdf", "kdp")   # the page-content rules alone, for any page

The file is read with pypdf, so it need not come from bookmaker; ``marks``
interprets each page's content once for every rule, leaving anything unusual
to pypdf's parser. Every defect is reported once per page, with the worst case
found, so a broken 200-page book gives a readable list rather than thousands
of lines. Ink is judged by what would print: a white or alpha-0 fill, or one
an opaque rectangle later hides, is no ink; where only the picture can tell
(an image, a pattern or a shading reaching past the safe area), the page is
rendered and the ink found in its pixels. A malformed file gives one line
naming what could not be read, never a traceback.

A printer whose ``Profile.outputs`` leave out "rgb" prints from PDF/X only: its
file must claim a PDF/X version the printer takes (``GTS_PDFXVersion``), say
whether it is trapped, carry a document ID, an output intent naming the
printing condition, and a TrimBox (and, where it bleeds, a BleedBox) on every
page, and paint no RGB, no device-independent colour that its PDF/X version
forbids, and no CMYK colour over ``Profile.max_total_ink``.
"""

from __future__ import annotations

import io
import math
import os
import re
from dataclasses import dataclass, field
from itertools import compress
from pathlib import Path
from typing import Any, NamedTuple

from pypdf import PdfReader

from ..errors import BookmakerError
from ..processes import in_processes
from ..profiles import INCH, Profile, get_profile, page_margins, same_trim
from ..wording import plural
from .images import PAPER
from .marks import (
    INK,
    MAX_WORK,
    OVERPAINTED,
    UNSURE,
    Marks,
    Press,
    Scanner,
    box_minus,
    optional_content,
    render_scale,
)
from .objects import Box, as_box, as_dict, as_list, as_number, name_text, one_line, resolve

SLACK = 0.01  # points; PDF writers round coordinates to a few decimals
_SIDES = ("left", "bottom", "right", "top")  # the order of a Box's coordinates
# What PDF viewers (pdfium, MuPDF, poppler) read a page without a MediaBox as.
LETTER: Box = (0.0, 0.0, 8.5 * INCH, 11 * INCH)
# pdfium keeps what it reads of a document (a scanned page's image data) until it is closed:
# it is opened again after this many pages
RENDERS_PER_OPENING = 8
MAX_NAMES = 10_000  # nodes of a name tree or action chain read, at most
# pypdf reads a file in small steps, seeking dozens of times for each object it parses.
# Through _FileAt's buffer each seek also asks the raw file, in Python, whether it can seek;
# from memory, the checks of the preflight's fuzz files take about a fifth less CPU. Files
# up to this size are read whole (every book bookmaker makes, and most others); a scanned
# book of hundreds of megabytes is read at positions, in bounded memory.
IN_MEMORY_BYTES = 16 << 20


@dataclass(frozen=True)
class Problem:
    page: int | None  # None: the document as a whole
    code: str
    message: str
    note: bool = False  # worth knowing, but the printer takes the file: it passes

    def __str__(self) -> str:
        where = f"page {self.page}" if self.page is not None else "document"
        return f"{where}: {self.message}"


@dataclass
class Report:
    path: str
    profile: str
    pages: int
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def format(self) -> str:
        """One line per problem, the pages with the very same problem on one line
        ("pages 5-104: ..."), then the count of each kind; or one line saying the
        file passes. Then one line per note, "note: " before it."""
        if self.ok:
            lines = [f"PDF passes the {self.profile} preflight: {plural(self.pages, 'page')}"]
        else:
            lines = _grouped(self.problems)
            kinds: dict[str, int] = {}
            for problem in self.problems:
                kinds[problem.code] = kinds.get(problem.code, 0) + 1
            lines.append(
                f"{plural(len(self.problems), 'problem')} of {plural(len(kinds), 'kind')}: "
                + ", ".join(f"{code} ({count})" for code, count in kinds.items())
            )
        return "\n".join(lines + [f"note: {line}" for line in _grouped(self.notes, notes=True)])


def _grouped(problems: list[Problem], notes: bool = False) -> list[str]:
    """A line for each message, naming the pages that have it (a note on the whole
    document names none)."""
    pages: dict[tuple[str, str], list[int]] = {}
    for problem in problems:
        pages.setdefault((problem.code, problem.message), [])
        if problem.page is not None:
            pages[(problem.code, problem.message)].append(problem.page)
    return [
        message if notes and not numbers else f"{_where(numbers)}: {message}"
        for (_, message), numbers in pages.items()
    ]


def _where(pages: list[int]) -> str:
    """ "document", "page 7" or "pages 5-104, 110": runs of pages as ranges."""
    if not pages:
        return "document"
    runs: list[list[int]] = []
    for page in sorted(set(pages)):
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return f"page {text}" if len(runs) == 1 and runs[0][0] == runs[0][1] else f"pages {text}"


def check_pdf(
    path: str | Path,
    profile_name: str,
    trim: tuple[float, float] | None = None,
    interior: str | None = None,
    workers: int = 1,
) -> Report:
    """Check the PDF at ``path`` against the printer profile ``profile_name``.

    ``trim``: the intended trim size (w, h) in points; without it each page
    must be a trim the profile prints, and the first page's stands for the book's.
    ``interior``: "black-and-white" reports anything printed in colour; "color"
    allows it; None: the profile's default. ``workers`` > 1 checks runs of pages in
    that many processes, with the same report.
    """
    profile = get_profile(profile_name)
    in_grey = (interior or profile.default_interior) == "black-and-white"
    reader, report = _open(Path(path), profile)
    problems = report.problems
    frames = [
        _frame(profile, number, page, report.pages, trim) for number, page in enumerate(reader.pages, start=1)
    ]
    book_trim = trim or (_size(frames[0].cut) if frames else None)
    problems += _guarded(None, lambda: _check_document(reader, profile, report.pages, book_trim))
    press = _press(profile, reader, problems)
    off_layers = _layers(reader, profile, problems)

    def check_pages(numbers: list[int]) -> tuple[list[Problem], list[int]]:
        """The pages' problems and notes, and which of them are blank."""
        found: list[Problem] = []
        blank: list[int] = []
        scanner = Scanner(track_ink=True, find_colour=in_grey, press=press, off_layers=off_layers)

        def check_page(number: int, page, frame: _Frame) -> list[Problem]:
            view = frame.view
            marks = scanner.page(page, view.page, view.back(frame.watch))
            if not marks.painted:
                blank.append(number)
            return [
                *_check_boxes(profile, number, frame, trim, book_trim if not trim else None),
                *(_pdfx_boxes(profile, number, page, frame) if press else []),
                *_check_annotations(profile, number, page),
                *_page_scripts(profile, number, page),
                *_page_marks(profile, number, marks, frame, renderer),
            ]

        with _Renderer(Path(path)) as renderer:
            for number in numbers:
                page, frame = reader.pages[number - 1], frames[number - 1]
                found += frame.problems
                found += _guarded(
                    number, lambda number=number, page=page, frame=frame: check_page(number, page, frame)
                )
        return found, blank

    blank: list[int] = []
    # Pages cost about alike, and each batch reads the fonts again: two batches a worker.
    for _, (found, blank_pages) in in_processes(
        check_pages, range(1, len(frames) + 1), workers, batches_per_worker=2
    ):
        problems += found
        blank += blank_pages
    problems += _blank_pages(profile, blank, report.pages)
    report.notes = [problem for problem in problems if problem.note]
    report.problems = [problem for problem in problems if not problem.note]
    return report


def check_marks(path: str | Path, profile_name: str, *, white_prints: bool = False) -> Report:
    """Check only what is drawn on every page of the PDF at ``path``, of any
    size: fonts, transparency, thin lines, small text, low-resolution images,
    JavaScript, attached files and encryption, layers (optional content) and what
    a default-off layer hides, and for a printer that prints from PDF/X its
    document keys and colours; no margins, page sizes,
    boxes or page counts (a cover has rules of its own for those).
    ``white_prints``: white lines and text are judged like dark ones, as on a
    cover, where the background is ink and white is a gap in it."""
    profile = get_profile(profile_name)
    reader, report = _open(Path(path), profile)
    problems = report.problems
    problems += _guarded(None, lambda: _document_scripts(reader, profile))
    press = _press(profile, reader, problems)
    off_layers = _layers(reader, profile, problems)
    scanner = Scanner(track_ink=False, white_prints=white_prints, press=press, off_layers=off_layers)
    for number, page in enumerate(reader.pages, start=1):
        view = page_view(page)
        problems += _guarded(
            number,
            lambda number=number, page=page, view=view: [
                *_page_scripts(profile, number, page),
                *_mark_problems(profile, number, view.in_points(scanner.page(page, view.page, None))),
            ],
        )
    report.notes = [problem for problem in problems if problem.note]
    report.problems = [problem for problem in problems if not problem.note]
    return report


def _guarded(number: int | None, check) -> list[Problem]:
    """``check()``'s problems; if a file too broken for it makes it fail, one
    problem saying what could not be read, so the other checks still run."""
    try:
        return check()
    except Exception as error:  # pypdf raises many types for broken files
        return [Problem(number, "unreadable", f"could not be read: {one_line(error)}")]


def _open(path: Path, profile: Profile) -> tuple[PdfReader, Report]:
    """The reader and an empty report, with the encryption problem if any;
    a file that cannot be opened (or decrypted) is a one-line error."""
    if not path.is_file():
        raise BookmakerError(f"{path}: no such file")
    try:
        source = (
            io.BytesIO(path.read_bytes())
            if path.stat().st_size <= IN_MEMORY_BYTES
            else io.BufferedReader(_FileAt(path), buffer_size=1 << 16)
        )
        reader = PdfReader(source)
        encryption = as_dict(reader.trailer.get("/Encrypt")) if reader.is_encrypted else None
    except NotImplementedError as error:
        # pypdf tries the empty password at once (AES through the cryptography package);
        # certificate security or unknown methods it cannot read
        raise BookmakerError(
            f"{path}: the PDF is encrypted ({one_line(error)}); printers need an unencrypted file "
            "(save it without security to check the rest)"
        ) from None
    except Exception as error:  # pypdf raises many types for broken files
        raise BookmakerError(f"{path}: not a readable PDF: {one_line(error)}") from None
    problems = []
    if encryption is not None:
        method = _encryption_method(encryption)
        if not reader.decrypt(""):
            raise BookmakerError(
                f"{path}: the PDF is encrypted ({method}) and needs a password to open; "
                "printers need an unencrypted file"
            )
        forbidden = _forbidden(encryption)
        if not profile.allows_encryption or "printing" in forbidden:
            restricts = (
                f"; it opens without a password but forbids {', '.join(forbidden)}" if forbidden else ""
            )
            problems.append(
                Problem(
                    None,
                    "encrypted",
                    f"the PDF is encrypted ({method}{restricts}); {profile.name} needs an unencrypted file",
                )
            )
    try:
        count = len(reader.pages)
    except Exception as error:
        raise BookmakerError(f"{path}: not a readable PDF: {one_line(error)}") from None
    return reader, Report(str(path), profile.name, count, problems)


class _FileAt(io.RawIOBase):
    """A file read at positions (os.pread), for pypdf, which would otherwise read the whole
    file into memory (a scanned book's hundreds of megabytes). The position is this
    object's own, so each forked worker reads where it means to."""

    def __init__(self, path: Path):
        self._fd = os.open(path, os.O_RDONLY)
        self._position = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = os.pread(self._fd, len(buffer), self._position)
        buffer[: len(data)] = data
        self._position += len(data)
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: os.fstat(self._fd).st_size}[whence]
        self._position = max(0, base + offset)
        return self._position

    def tell(self) -> int:
        return self._position

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()


def _encryption_method(encryption: dict) -> str:
    if resolve(encryption.get("/Filter")) not in (None, "/Standard"):
        return "certificate security"
    version = int(as_number(encryption.get("/V"), 0))
    if version == 5:
        return "AES-256"
    if version == 4:
        method = as_dict(as_dict(encryption.get("/CF")).get(resolve(encryption.get("/StmF")))).get("/CFM")
        return "AES-128" if resolve(method) == "/AESV2" else "RC4 128-bit"
    return f"RC4 {int(as_number(encryption.get('/Length'), 40))}-bit"


def _forbidden(encryption: dict) -> list[str]:
    """What the permission bits (/P) forbid of what matters to a printer."""
    permissions = int(as_number(encryption.get("/P"), -1))
    bits = {3: "printing", 4: "changes", 5: "copying"}
    return [what for bit, what in bits.items() if not permissions >> (bit - 1) & 1]


# --- document and page boxes -------------------------------------------------


def _check_document(
    reader: PdfReader, profile: Profile, count: int, trim: tuple[float, float] | None
) -> list[Problem]:
    problems = []
    rule = profile.page_count_rule(*trim) if trim else profile.pages
    if count < rule.min_pages or (rule.max_pages is not None and count > rule.max_pages):
        wanted = (
            f"{rule.min_pages} to {rule.max_pages}"
            if rule.max_pages is not None
            else f"at least {rule.min_pages}"
        )
        problems.append(
            Problem(None, "page-count", f"{plural(count, 'page')}; {profile.name} needs {wanted} pages")
        )
    if rule.must_be_even and count % 2:
        if profile.pads_odd_pages:
            problems.append(
                Problem(
                    None,
                    "page-count-odd",
                    f"{plural(count, 'page')} is odd; {profile.name} rounds the count up to even, "
                    f"adding a blank last page ({count + 1} pages printed)",
                    note=True,
                )
            )
        else:
            problems.append(
                Problem(
                    None,
                    "page-count-odd",
                    f"{plural(count, 'page')} is odd; {profile.name} needs an even page count",
                )
            )
    if not profile.allows_outline:
        outlines = as_dict(as_dict(reader.trailer.get("/Root")).get("/Outlines"))
        if outlines.get("/First") is not None:
            problems.append(
                Problem(None, "outline", f"the PDF has bookmarks (an outline); {profile.name} forbids them")
            )
    return problems + _document_scripts(reader, profile)


def _blank_pages(profile: Profile, blank: list[int], count: int) -> list[Problem]:
    """Notes on runs of blank pages, and on their share of the book, past the printer's rule."""
    notes = []
    if profile.max_blank_run is not None:
        runs: list[list[int]] = []
        for number in sorted(blank):
            if runs and number == runs[-1][1] + 1:
                runs[-1][1] = number
            else:
                runs.append([number, number])
        for first, last in runs:
            if last - first + 1 > profile.max_blank_run:
                notes.append(
                    Problem(
                        None,
                        "blank-pages",
                        f"pages {first}-{last} are blank, {last - first + 1} in a row; {profile.name} "
                        f"queries more than {profile.max_blank_run} blank pages in a row",
                        note=True,
                    )
                )
    if profile.max_blank_share is not None and count and len(blank) > profile.max_blank_share * count:
        notes.append(
            Problem(
                None,
                "blank-pages",
                f"{plural(len(blank), 'page')} of {count} are blank ({len(blank) / count:.0%}); "
                f"{profile.name} queries blank pages over {profile.max_blank_share:.0%} of a book",
                note=True,
            )
        )
    return notes


class PageView(NamedTuple):
    """How a page's content shows on the printed sheet: ``page`` (user space) is the part
    that prints, the MediaBox cut to the CropBox; its /Rotate turns it ``turns`` quarter
    turns clockwise, and its UserUnit makes each unit of user space ``unit`` points."""

    page: Box
    turns: int = 0
    unit: float = 1.0

    @property
    def plain(self) -> bool:
        return self.turns == 0 and self.unit == 1.0

    def box(self, box: Box) -> Box:
        """A box of user space on the sheet, in points."""
        if self.plain:
            return box
        x0, y0, x1, y1 = box
        across, up = self.page[0] + self.page[2], self.page[1] + self.page[3]
        turned = (
            (x0, y0, x1, y1),
            (y0, across - x1, y1, across - x0),
            (across - x1, up - y1, across - x0, up - y0),
            (up - y1, x0, up - y0, x1),
        )[self.turns]
        return (turned[0] * self.unit, turned[1] * self.unit, turned[2] * self.unit, turned[3] * self.unit)

    def back(self, box: Box) -> Box:
        """A box of the sheet in user space: ``box`` undone."""
        if self.plain:
            return box
        x0, y0, x1, y1 = (v / self.unit for v in box)
        across, up = self.page[0] + self.page[2], self.page[1] + self.page[3]
        return (
            (x0, y0, x1, y1),
            (across - y1, x0, across - y0, x1),
            (across - x1, up - y1, across - x0, up - y0),
            (y0, up - x1, y1, up - x0),
        )[self.turns]

    def in_points(self, marks: Marks) -> Marks:
        """``marks`` with its line widths, text sizes and resolutions in points, not user units."""
        if self.unit != 1.0:
            if marks.thinnest is not None:
                marks.thinnest *= self.unit
            if marks.smallest_text is not None:
                marks.smallest_text *= self.unit
            if marks.lowest_dpi is not None:
                marks.lowest_dpi /= self.unit
        return marks


def page_view(page, media: Box | None = None) -> PageView:
    """How a pypdf page shows on the printed sheet, its MediaBox ``media`` (None: its own,
    or, as viewers read a page without one, US letter): a CropBox that cuts it (one that
    misses it entirely, viewers ignore), a /Rotate of a multiple of 90 degrees (others,
    viewers ignore) and a positive UserUnit. The interior's pages and the cover are
    judged through it."""
    if media is None:
        media = as_box(page.get("/MediaBox")) or LETTER
    crop = as_box(page.get("/CropBox"))
    shown = media
    if crop is not None:
        cut = (max(crop[0], media[0]), max(crop[1], media[1]), min(crop[2], media[2]), min(crop[3], media[3]))
        if cut[0] < cut[2] and cut[1] < cut[3]:
            shown = cut
    rotate = int(as_number(page.get("/Rotate"), 0))
    unit = as_number(page.get("/UserUnit"), 1.0)
    return PageView(shown, (rotate // 90) % 4 if rotate % 90 == 0 else 0, unit if unit > 0 else 1.0)


@dataclass
class _Frame:
    """Where a page is cut and where its ink may go, on the printed sheet (in points, as
    the page shows: turned by its /Rotate); ``view`` maps its content there."""

    view: PageView
    sheet: str  # which box the sheet is: "MediaBox", or a "CropBox" that cuts it
    media: Box
    trim: Box | None  # the TrimBox
    cut: Box  # the trim: the TrimBox, or what the page's size says, or the MediaBox
    safe: Box
    bleed_sides: set[str]
    side_margins: dict[str, float]
    problems: list[Problem]

    @property
    def watch(self) -> Box:
        """Ink inside this can cross no margin by more than SLACK."""
        return (self.safe[0] - SLACK, self.safe[1] - SLACK, self.safe[2] + SLACK, self.safe[3] + SLACK)


def _frame(profile: Profile, number: int, page, count: int, wanted: tuple[float, float] | None) -> _Frame:
    problems = []
    media = as_box(page.get("/MediaBox"))
    if media is None or media[0] == media[2] or media[1] == media[3]:
        media = LETTER
        problems.append(
            Problem(
                number,
                "no-media-box",
                "no usable MediaBox (nor one to inherit); read as US letter, 8.5 x 11 in, as PDF viewers do",
            )
        )
    view = page_view(page, media)
    sheet = "MediaBox" if view.page == media else "CropBox"
    media = view.box(view.page)
    trim = as_box(page.get("/TrimBox")) if "/TrimBox" in page else None
    if "/TrimBox" in page and trim is None:
        problems.append(Problem(number, "bad-trim-box", "the TrimBox is not four numbers; ignored"))
    trim = view.box(trim) if trim is not None else None
    implied = None if trim else _implied_trim(profile, number, media, wanted)
    cut = trim or implied or media
    if implied is not None and implied != media and not profile.requires_trim_box:
        problems.append(
            Problem(
                number,
                "no-trim-box",
                f"no TrimBox: judged as a {_in(_size(implied))} trim inside {profile.name}'s bleed "
                f"(the {sheet} less the bleed)",
                note=True,
            )
        )
    bleed = _has_bleed(media, cut)
    margins = profile.min_margins(count, bleed)
    left, right = page_margins(margins, number)
    safe = (cut[0] + left, cut[1] + margins.bottom, cut[2] - right, cut[3] - margins.top)
    side_margins = {"left": left, "right": right, "bottom": margins.bottom, "top": margins.top}
    return _Frame(view, sheet, media, trim, cut, safe, _bleed_sides(media, cut), side_margins, problems)


def _implied_trim(
    profile: Profile, number: int, media: Box, wanted: tuple[float, float] | None
) -> Box | None:
    """Without a TrimBox, the trim the page's size implies: the page itself
    if it is the requested or a listed trim, else the page less the
    profile's bleed if that is; then, without a request, the page if the
    profile prints it as a custom size. None: no trim fits."""

    def fits(box: Box, listed: bool) -> bool:
        size = _size(box)
        if wanted:
            return same_trim(size, wanted)
        return profile.lists_trim(*size) if listed else profile.allows_trim(*size)

    offsets = profile.bleed_offsets(number, True)
    inner = (
        media[0] + offsets.left,
        media[1] + offsets.bottom,
        media[2] - offsets.right,
        media[3] - offsets.top,
    )
    for box, listed in ((media, True), (inner, True), (media, False)):
        if fits(box, listed):
            return box
    return None


def _check_boxes(
    profile: Profile,
    number: int,
    frame: _Frame,
    wanted: tuple[float, float] | None,
    first: tuple[float, float] | None,
) -> list[Problem]:
    problems = []
    media, trim, cut = frame.media, frame.trim, frame.cut
    if trim is None:
        if cut != media and profile.requires_trim_box:
            problems.append(
                Problem(
                    number,
                    "no-trim-box",
                    f"no TrimBox, and the page is larger than its {_in(_size(cut))} trim "
                    f"(bleed); {profile.name} needs a TrimBox there",
                )
            )
    else:
        bleed = _has_bleed(media, trim)
        offsets = profile.bleed_offsets(number, bleed)
        expected = (
            trim[0] - offsets.left,
            trim[1] - offsets.bottom,
            trim[2] + offsets.right,
            trim[3] + offsets.top,
        )
        if any(abs(a - b) > SLACK for a, b in zip(media, expected, strict=True)):
            if bleed and profile.bleed_rule == "none":
                why = f"{profile.name} printing has no bleed, so it must equal the TrimBox"
            else:
                why = f"expected {_box_text(expected)}, the TrimBox plus {profile.name} bleed"
            problems.append(
                Problem(
                    number,
                    "page-size",
                    f"{frame.sheet} {_box_text(media)} does not fit TrimBox {_box_text(trim)}: {why}",
                )
            )
    size = _size(cut)
    view = frame.view
    # what makes a page print other than it reads: the trim is the sheet's
    shown = "".join(
        (
            f" (the page is turned by /Rotate {view.turns * 90})" if view.turns else "",
            f" (a UserUnit of {view.unit:g} pt)" if view.unit != 1.0 else "",
            f" (its {frame.sheet})" if frame.sheet != "MediaBox" and trim is None else "",
        )
    )
    if wanted and not same_trim(size, wanted):
        problems.append(
            Problem(number, "trim-size", f"trim {_wh(size)}{shown} is not the requested {_wh(wanted)}")
        )
    elif not wanted and not profile.allows_trim(*size):
        custom = profile.custom_trims
        besides = (
            f"; custom trims run {custom.min_width:g} to {custom.max_width:g} in wide and "
            f"{custom.min_height:g} to {custom.max_height:g} in tall"
            if custom
            else ""
        )
        problems.append(
            Problem(
                number,
                "trim-size",
                f"trim {_wh(size)}{shown} is no {profile.name} trim size (nearest: "
                f"{_in(profile.nearest_trim(*size))}{besides})",
            )
        )
    elif first and not _same(size, first):
        problems.append(Problem(number, "trim-size", f"trim {_wh(size)} differs from page 1's {_wh(first)}"))
    return problems


def _bleed_sides(media: Box, trim: Box) -> set[str]:
    """The sides where the page extends past the trim."""
    beyond = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
    return {side for side, extra in zip(_SIDES, beyond, strict=True) if extra > SLACK}


def _has_bleed(media: Box, trim: Box) -> bool:
    return bool(_bleed_sides(media, trim))


def _check_annotations(profile: Profile, number: int, page) -> list[Problem]:
    annots = [as_dict(a) for a in as_list(page.get("/Annots"))]
    if not annots:
        return []
    kinds = sorted({name_text(a.get("/Subtype"), "?") for a in annots})
    if not profile.allows_annotations:
        return [
            Problem(
                number,
                "annotations",
                f"{plural(len(annots), 'annotation')} ({', '.join(kinds)}); "
                f"{profile.name} forbids links and annotations",
            )
        ]
    if profile.requires_trim_box and "PrinterMark" in kinds:
        return [Problem(number, "printer-marks", f"printer marks; {profile.name} wants none in the upload")]
    return []


# --- JavaScript and attached files ------------------------------------------------


def _document_scripts(reader: PdfReader, profile: Profile) -> list[Problem]:
    if profile.allows_scripts:
        return []
    root = as_dict(reader.trailer.get("/Root"))
    names = as_dict(root.get("/Names"))
    problems = []
    actions = [root.get("/OpenAction"), *as_dict(root.get("/AA")).values(), *_field_and_outline_actions(root)]
    if _name_tree_size(names.get("/JavaScript")) or any(map(_runs_script, actions)):
        problems.append(
            Problem(
                None,
                "javascript",
                f"the PDF carries JavaScript (run when it opens, "
                f"closes or prints, or from a form field or "
                f"bookmark); {profile.name} wants none in a print file",
            )
        )
    attached = _name_tree_size(names.get("/EmbeddedFiles"))
    if attached:
        problems.append(
            Problem(
                None,
                "embedded-files",
                f"the PDF carries {plural(attached, 'attached file')}; "
                f"{profile.name} wants none in a print file",
            )
        )
    return problems


def _layers(reader: PdfReader, profile: Profile, problems: list[Problem]) -> dict[Any, str]:
    """The layers (optional content groups) off by default, by key, for the scanner to find
    what they hide; unless the printer allows layers, one problem naming those a reader
    can turn off is added to ``problems``."""
    if profile.allows_layers:
        return {}
    try:
        switchable, off = optional_content(as_dict(reader.trailer.get("/Root")))
    except Exception as error:  # pypdf raises many types for broken files
        problems.append(Problem(None, "unreadable", f"layers could not be read: {one_line(error)}"))
        return {}
    if switchable:
        shown = ", ".join(repr(name) for name in switchable[:3])
        more = f" and {len(switchable) - 3} more" if len(switchable) > 3 else ""
        problems.append(
            Problem(
                None,
                "layers",
                f"{plural(len(switchable), 'layer')} (optional content) a reader can turn off: "
                f"{shown}{more}; {profile.name} asks for layers to be flattened",
            )
        )
    return off


def _page_scripts(profile: Profile, number: int, page) -> list[Problem]:
    if profile.allows_scripts:
        return []
    annots = [as_dict(a) for a in as_list(page.get("/Annots"))]
    actions = list(as_dict(page.get("/AA")).values())
    for annot in annots:
        actions += [annot.get("/A"), *as_dict(annot.get("/AA")).values()]
    problems = []
    if any(map(_runs_script, actions)):
        problems.append(
            Problem(
                number,
                "javascript",
                f"JavaScript in a page action or a link; {profile.name} wants none in a print file",
            )
        )
    attached = sum(a.get("/Subtype") == "/FileAttachment" for a in annots)
    if attached:
        problems.append(
            Problem(
                number,
                "embedded-files",
                f"{plural(attached, 'attached file')}; {profile.name} wants none in a print file",
            )
        )
    return problems


def _runs_script(action) -> bool:
    """Whether an action, or one it chains to with /Next, is JavaScript."""
    todo = [action]
    seen: set[int] = set()
    while todo and len(seen) < MAX_NAMES:
        action = resolve(todo.pop())
        if isinstance(action, list):
            todo += action
            continue
        if not isinstance(action, dict) or id(action) in seen:
            continue
        seen.add(id(action))
        if action.get("/S") == "/JavaScript" or "/JS" in action:
            return True
        todo.append(action.get("/Next"))
    return False


def _field_and_outline_actions(root) -> list:
    """The actions of every form field and every bookmark, whether or not a page lists it:
    a field's own (its /AA: keystroke, format, validate, calculate) and its kids', through
    /Kids; each outline item's, through /First and /Next."""
    fields = as_list(as_dict(root.get("/AcroForm")).get("/Fields"))
    todo, actions = [*fields, as_dict(root.get("/Outlines")).get("/First")], []
    seen: set[int] = set()
    while todo and len(seen) < MAX_NAMES:
        node = as_dict(todo.pop())
        if not node or id(node) in seen:
            continue
        seen.add(id(node))
        actions += [node.get("/A"), *as_dict(node.get("/AA")).values()]
        todo += [*as_list(node.get("/Kids")), node.get("/First"), node.get("/Next")]
    return actions


def _name_tree_size(tree) -> int:
    """How many entries a name tree holds (its /Names pairs, under its /Kids)."""
    count, todo = 0, [tree]
    seen: set[int] = set()
    while todo and len(seen) < MAX_NAMES:
        node = as_dict(todo.pop())
        if not node or id(node) in seen:
            continue
        seen.add(id(node))
        count += len(as_list(node.get("/Names"))) // 2
        todo += as_list(node.get("/Kids"))
    return count


# --- PDF/X -------------------------------------------------------------------------


class _Standard(NamedTuple):
    """A PDF/X standard an entry of ``OUTPUTS`` names: how files claim it (each
    ``GTS_PDFXVersion`` value, with the ``GTS_PDFXConformance`` it needs, or None),
    whether it allows ICC-based colour, and whether the XMP metadata must claim it too."""

    output: str
    label: str
    versions: dict[str, str | None]
    icc: bool
    xmp: bool


# ISO 15930-1:2001 has PDF/X-1a:2001 files say "PDF/X-1:2001" and the conformance
# level apart; ISO 15930-4:2003 and 15930-7 name the version alone.
_STANDARDS = (
    _Standard(
        "pdf-x1a", "PDF/X-1a", {"PDF/X-1:2001": "PDF/X-1a:2001", "PDF/X-1a:2003": None}, icc=False, xmp=False
    ),
    _Standard("pdf-x4", "PDF/X-4", {"PDF/X-4": None}, icc=True, xmp=True),
)
# Printing conditions of the ICC's Characterization Data Registry, which an output intent may
# name without embedding their profile: CGATS TR 001 (SWOP), FOGRA39, JC200103, IFRA26...
_REGISTERED = re.compile(
    r"(CGATS TR \d{3}|CGATS 21-2 CRPC\d|CRPC\d|FOGRA\d{2}L?|JC\d{6}|JC[NW]\d{4}|IFRA\d{2})"
)


def _press(profile: Profile, reader: PdfReader, problems: list[Problem]) -> Press | None:
    """For a printer that prints from PDF/X only (its outputs leave out "rgb"): the
    press the pages' colours are judged for, after adding the document's PDF/X
    problems to ``problems``; None for any other printer."""
    if "rgb" in profile.outputs:
        return None
    accepted = [standard for standard in _STANDARDS if standard.output in profile.outputs]
    try:
        info = as_dict(reader.trailer.get("/Info"))
        version = _text(info.get("/GTS_PDFXVersion"))
    except Exception:  # pypdf raises many types for broken files; _pdfx_document says what
        info, version = {}, None
    claimed = next((standard for standard in accepted if version in standard.versions), None)
    problems += _guarded(None, lambda: _pdfx_document(profile, reader, info, version, accepted, claimed))
    standard = claimed or accepted[0]
    return Press(icc=standard.icc, max_ink=profile.max_total_ink)


def _pdfx_document(
    profile: Profile,
    reader: PdfReader,
    info: dict,
    version: str | None,
    accepted: list[_Standard],
    claimed: _Standard | None,
) -> list[Problem]:
    """The PDF/X keys of the document: its claim, Trapped, ID and output intent."""
    label = profile.label
    names = " or ".join(
        f"{standard.label} ({' or '.join(standard.versions)})" if len(accepted) == 1 else standard.label
        for standard in accepted
    )
    problems = []
    if version is None:
        problems.append(
            Problem(
                None,
                "pdfx-version",
                f"no GTS_PDFXVersion in the Info dictionary: the PDF is not PDF/X, and {label} "
                f"prints from {names}; export it as {accepted[0].label} (a bookmaker config: "
                f"output: {accepted[0].output})",
            )
        )
    elif claimed is None:
        problems.append(
            Problem(None, "pdfx-version", f"the PDF claims to be {version}; {label} prints from {names}")
        )
    elif claimed.versions[version] is not None and _text(info.get("/GTS_PDFXConformance")) != (
        conformance := claimed.versions[version]
    ):
        problems.append(
            Problem(
                None,
                "pdfx-version",
                f"GTS_PDFXVersion {version} needs GTS_PDFXConformance {conformance} in the Info dictionary",
            )
        )
    trapped = resolve(info.get("/Trapped"))
    if trapped not in ("/True", "/False"):
        said = (
            f"is {trapped if isinstance(trapped, str) else 'not a name'}"
            if trapped is not None
            else "is missing"
        )
        problems.append(
            Problem(
                None,
                "pdfx-trapped",
                f"Trapped {said} in the Info dictionary; PDF/X needs /True or /False (/False if "
                "nobody trapped the file)",
            )
        )
    if (
        claimed is not None
        and version is not None
        and claimed.xmp
        and version.encode() not in _metadata(reader)
    ):
        problems.append(
            Problem(
                None,
                "pdfx-version",
                f"{version} needs its version in the XMP metadata too (pdfxid:GTS_PDFXVersion)",
            )
        )
    identifier = as_list(reader.trailer.get("/ID"))
    if len(identifier) != 2 or not all(isinstance(resolve(part), (str, bytes)) for part in identifier):
        problems.append(
            Problem(None, "document-id", "no document ID (the trailer's /ID, two strings); PDF/X needs one")
        )
    problems += _output_intent(profile, reader)
    return problems


def _output_intent(profile: Profile, reader: PdfReader) -> list[Problem]:
    """The PDF/X output intent: there, naming its printing condition, and for CMYK."""
    root = as_dict(reader.trailer.get("/Root"))
    intents = [as_dict(intent) for intent in as_list(root.get("/OutputIntents"))]
    intent = next((intent for intent in intents if resolve(intent.get("/S")) == "/GTS_PDFX"), None)
    if intent is None:
        return [
            Problem(
                None,
                "output-intent",
                f"no PDF/X output intent (an OutputIntent with /S /GTS_PDFX naming the printing "
                f"condition, as CGATS TR 001 or FOGRA39, with its ICC profile); {profile.label} needs one",
            )
        ]
    condition = _text(intent.get("/OutputConditionIdentifier"))
    icc = resolve(intent.get("/DestOutputProfile"))
    if condition is None:
        return [
            Problem(
                None,
                "output-intent",
                "the PDF/X output intent has no OutputConditionIdentifier naming its printing condition",
            )
        ]
    if icc is None:
        if _REGISTERED.fullmatch(condition):
            return []
        return [
            Problem(
                None,
                "output-intent",
                f"the PDF/X output intent names {condition!r}, which is no registered printing "
                "condition (as CGATS TR 001 or FOGRA39), and embeds no ICC profile (DestOutputProfile)",
            )
        ]
    components = int(as_number(as_dict(icc).get("/N"), 0))
    if components != 4:
        return [
            Problem(
                None,
                "output-intent",
                f"the PDF/X output intent's ICC profile has {components} components, not CMYK's 4; "
                f"{profile.label} prints CMYK",
            )
        ]
    return []


def _metadata(reader: PdfReader) -> bytes:
    stream = resolve(as_dict(reader.trailer.get("/Root")).get("/Metadata"))
    try:
        return stream.get_data() if hasattr(stream, "get_data") else b""
    except Exception:  # a broken stream holds no claim
        return b""


def _text(value) -> str | None:
    """A string of the Info dictionary (or an output intent) as text; None if it is none."""
    value = resolve(value)
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return str(value) if isinstance(value, str) and not str(value).startswith("/") else None


def _pdfx_boxes(profile: Profile, number: int, page, frame: _Frame) -> list[Problem]:
    """PDF/X marks the trim of every page (with a TrimBox, and no ArtBox beside it), and
    where the page bleeds, the bleed; the trim lies inside the bleed, the bleed inside the page."""
    if frame.trim is None:
        if frame.cut != frame.media and profile.requires_trim_box:
            return []  # the TrimBox check says so, and why
        return [
            Problem(
                number,
                "no-trim-box",
                f"no TrimBox; PDF/X, which {profile.label} prints from, needs one on every page",
            )
        ]
    problems = []
    if "/ArtBox" in page:
        problems.append(
            Problem(number, "pdfx-boxes", "an ArtBox beside the TrimBox; PDF/X allows one of the two")
        )
    bleed = as_box(page.get("/BleedBox"))
    bleed = frame.view.box(bleed) if bleed is not None else None
    if bleed is None and _has_bleed(frame.media, frame.trim):
        problems.append(
            Problem(
                number,
                "no-bleed-box",
                f"no BleedBox, though the page reaches past its TrimBox; {profile.label} wants "
                "PDF/X's BleedBox to say where the bleed ends",
            )
        )
    elif bleed is not None and not (_within(frame.trim, bleed) and _within(bleed, frame.media)):
        problems.append(
            Problem(
                number,
                "pdfx-boxes",
                f"TrimBox {_box_text(frame.trim)}, BleedBox {_box_text(bleed)} and MediaBox "
                f"{_box_text(frame.media)} do not nest; PDF/X needs each inside the next",
            )
        )
    return problems


def _within(box: Box, outer: Box) -> bool:
    return all(a >= b - SLACK for a, b in zip(box[:2], outer[:2], strict=True)) and all(
        a <= b + SLACK for a, b in zip(box[2:], outer[2:], strict=True)
    )


# --- page content --------------------------------------------------------------


def _mark_problems(profile: Profile, number: int, marks: Marks) -> list[Problem]:
    """The rules of what a page draws, but where its ink lands."""
    problems = []
    if marks.errors:
        more = f" (and {len(marks.errors) - 1} more)" if len(marks.errors) > 1 else ""
        problems.append(
            Problem(
                number, "unreadable-content", f"content could not be read in full: {marks.errors[0]}{more}"
            )
        )
    if profile.requires_embedded_fonts and marks.unembedded:
        problems.append(
            Problem(
                number,
                "font-not-embedded",
                f"{'fonts' if len(marks.unembedded) > 1 else 'font'} not embedded: "
                f"{', '.join(sorted(marks.unembedded))}",
            )
        )
    if marks.thinnest is not None and marks.thinnest < profile.min_line_width - 1e-6:
        problems.append(
            Problem(
                number,
                "thin-line",
                f"line width {marks.thinnest:.3g} pt is under "
                f"{profile.min_line_width:g} pt (thinnest stroke)",
            )
        )
    if (
        profile.min_text_size is not None
        and marks.smallest_text is not None
        and marks.smallest_text < profile.min_text_size - 1e-6
    ):
        problems.append(
            Problem(
                number,
                "small-text",
                f"text {marks.smallest_text:.3g} pt is under {profile.name}'s "
                f"{profile.min_text_size:g} pt minimum (smallest text)",
            )
        )
    if (
        profile.min_image_dpi is not None
        and marks.lowest_dpi is not None
        and marks.lowest_dpi < profile.min_image_dpi - 0.5
    ):
        problems.append(
            Problem(
                number,
                "low-resolution",
                f"image at {marks.lowest_dpi:.0f} dpi as placed is under {profile.name}'s "
                f"{profile.min_image_dpi:g} dpi (lowest resolution)",
            )
        )
    if not profile.allows_transparency and marks.transparency:
        problems.append(
            Problem(
                number,
                "transparency",
                f"transparency ({', '.join(sorted(marks.transparency))}); {profile.name} forbids it",
            )
        )
    problems += _press_problems(profile, number, marks)
    if marks.colours:
        shown = sorted(marks.colours)
        more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
        problems.append(
            Problem(
                number,
                "colour",
                f"colour in a black-and-white interior ({', '.join(shown[:3])}{more}); "
                f"{profile.name} prints it as grey, where colours can merge: use "
                "greys only, or check with --interior color if it prints in colour",
            )
        )
    if marks.hidden:
        problems.append(
            Problem(
                number,
                "hidden-layer",
                f"content in {'layers' if len(marks.hidden) > 1 else 'layer'} "
                f"{_examples({repr(name) for name in marks.hidden})}, off by default, does not print: "
                "flatten the layers with it shown if it should print, or remove it",
            )
        )
    if marks.cycles:
        problems.append(
            Problem(
                number,
                "form-cycle",
                f"form XObject {', '.join(sorted(marks.cycles))} draws itself (checked once); "
                "printers reject such files",
            )
        )
    if marks.too_complex:
        problems.append(
            Problem(
                number,
                "too-complex",
                f"content too complex to check in full (over {MAX_WORK:,} operations once "
                "forms are expanded, or forms nested too deep)",
            )
        )
    return problems


def _press_problems(profile: Profile, number: int, marks: Marks) -> list[Problem]:
    """What a PDF/X press refuses in a page's colours (none is noted without a press)."""
    problems = []
    if marks.rgb:
        problems.append(
            Problem(
                number,
                "rgb",
                f"RGB colour ({_examples(marks.rgb)}); {profile.label} prints CMYK from PDF/X: "
                "give it in CMYK or grey",
            )
        )
    if marks.icc:
        instead = ", or make the file PDF/X-4, which allows it" if "pdf-x4" in profile.outputs else ""
        problems.append(
            Problem(
                number,
                "icc-colour",
                f"device-independent colour ({_examples(marks.icc)}), which PDF/X-1a forbids: "
                f"{profile.label} wants only DeviceCMYK, DeviceGray and spot colours there; give it "
                f"in CMYK or grey{instead}",
            )
        )
    if marks.heaviest_ink is not None and profile.max_total_ink is not None:
        total, colour = marks.heaviest_ink
        problems.append(
            Problem(
                number,
                "total-ink",
                f"{total:.0f} % ink ({colour}) is over {profile.label}'s {profile.max_total_ink:g} % "
                "total ink limit: lighten the colour, or take cyan, magenta and yellow out from "
                "under its black",
            )
        )
    return problems


def _examples(found: set[str]) -> str:
    shown = sorted(found)
    return ", ".join(shown[:3]) + (f" and {len(shown) - 3} more" if len(shown) > 3 else "")


def _page_marks(
    profile: Profile, number: int, marks: Marks, frame: _Frame, renderer: _Renderer
) -> list[Problem]:
    """What a page draws, and where its ink lands on the sheet (``marks`` in user space)."""
    view = frame.view
    problems = _mark_problems(profile, number, view.in_points(marks))
    if marks.invisible_text:
        problems.append(
            Problem(
                number,
                "invisible-text",
                "invisible text (render mode 3), which does not print: an OCR layer, as a rule",
                note=True,
            )
        )
    ink = [(box, can_bleed) for kind, box, can_bleed in marks.ink if kind == INK]
    unsure = [(box, can_bleed) for kind, box, can_bleed in marks.ink if kind == UNSURE]
    if marks.paints == 1 and marks.clear_image:
        # The page paints one image alone (a scanned page), whose own pixels show that it
        # renders as paper past the safe area: what a render would find there.
        unsure = []
    # Ink that later white may hide is judged in the margins alone, by whole pixels of
    # them: a pixel the safe area's edge crosses may hold ink from inside it.
    overpainted = [
        (piece, can_bleed)
        for kind, box, can_bleed in marks.ink
        if kind == OVERPAINTED
        for piece in box_minus(box, view.back(frame.watch))
    ]
    if (unsure or overpainted) and (marks.cycles or marks.too_complex):
        # pdfium would draw a form that draws itself over and over, until memory runs out:
        # what might print is judged as printing, as where a page cannot be rendered
        ink += unsure + overpainted
    elif unsure or overpainted:
        boxes = [box for box, _ in unsure + overpainted]
        whole = [False] * len(unsure) + [True] * len(overpainted)
        printed = renderer.ink(number - 1, view.page, boxes, whole)
        ink += [
            (box, can_bleed)
            for box, (_, can_bleed) in zip(printed, unsure + overpainted, strict=True)
            if box is not None
        ]
    if not view.plain:
        ink = [(view.box(box), can_bleed) for box, can_bleed in ink]
    excess = _excess_by_side(ink, frame)
    if excess:
        sides = ", ".join(f"{_len_text(over)} on the {side}" for side, over in excess.items())
        margins = ", ".join(f"{frame.side_margins[side] / INCH:.3g} in" for side in excess)
        problems.append(
            Problem(
                number,
                "outside-safe-area",
                f"content outside the safe area: {sides} ({profile.name} minimum "
                f"margin{'s' if len(excess) > 1 else ''} there: {margins})",
            )
        )
    return problems


def _excess_by_side(ink: list[tuple[Box, bool]], frame: _Frame) -> dict[str, float]:
    """How far ink reaches past the safe area at most, on each side it crosses. Art
    that runs into the bleed is meant to be cut, so it may cross the margins
    on every side where it reaches the media edge (a KDP background also
    reaches the unbled gutter edge). Art that touches no bleed edge, and text,
    may not."""
    media, safe = frame.media, frame.safe
    worst: dict[str, float] = {}
    for box, can_bleed in ink:
        excess = (safe[0] - box[0], safe[1] - box[1], box[2] - safe[2], box[3] - safe[3])
        at_edge = (
            box[0] <= media[0] + SLACK,
            box[1] <= media[1] + SLACK,
            box[2] >= media[2] - SLACK,
            box[3] >= media[3] - SLACK,
        )
        bleeds = can_bleed and not frame.bleed_sides.isdisjoint(compress(_SIDES, at_edge))
        for side, over, edge in zip(_SIDES, excess, at_edge):  # noqa: B905 4-tuples; strict: loop 1/3 slower
            if over <= SLACK or (bleeds and edge):
                continue
            worst[side] = max(over, worst.get(side, 0.0))
    return {side: worst[side] for side in _SIDES if side in worst}


class _Renderer:
    """Renders pages with pdfium to see where ink the content stream cannot
    judge (images, patterns, shadings) prints anything but paper white."""

    def __init__(self, path: Path):
        self.path = path
        self._document: Any = None  # pypdfium2's PdfDocument, opened at the first render
        self._renders = 0  # pages rendered since it was opened

    def __enter__(self) -> _Renderer:
        return self

    def __exit__(self, *_) -> None:
        if self._document is not None:
            self._document.close()

    def ink(self, index: int, media: Box, boxes: list[Box], whole: list[bool]) -> list[Box | None]:
        """For each box (device space) on page ``index``, the bounds of its
        pixels that are not paper white, or None; the box itself where the
        page cannot be rendered, which errs towards reporting. Where ``whole``
        says so for a box, only pixels that lie inside it in full are looked at."""
        try:
            picture, scale = self._render(index, media)
        except Exception:  # pdfium refuses what pypdf read: judge as ink
            return list(boxes)
        return [
            self._ink_in(picture, scale, media, box, inner) for box, inner in zip(boxes, whole, strict=True)
        ]

    def _render(self, index: int, media: Box):
        import pypdfium2 as pdfium
        from PIL import ImageChops

        if self._document is None or self._renders == RENDERS_PER_OPENING:
            if self._document is not None:
                self._document.close()
            self._document = pdfium.PdfDocument(str(self.path))
            self._renders = 0
        self._renders += 1
        scale = render_scale(media)
        page = self._document[index]
        try:  # closed at once, with the images pdfium decoded for it: one page at a time
            page.set_rotation(0)  # our coordinates are the content's own
            page.set_cropbox(*media)
            bitmap = page.render(scale=scale, draw_annots=False)
            rgb = bitmap.to_pil().convert("RGB")
            bitmap.close()
        finally:
            page.close()
        red, green, blue = rgb.split()
        darkest = ImageChops.darker(ImageChops.darker(red, green), blue)
        return darkest.point(lambda v: 255 if v < PAPER else 0), scale

    @staticmethod
    def _ink_in(picture, scale: float, media: Box, box: Box, whole: bool) -> Box | None:
        # pixel columns from the media's left edge, rows from its top edge
        start, end = (math.ceil, math.floor) if whole else (math.floor, math.ceil)
        left = max(0, start((box[0] - media[0]) * scale))
        right = min(picture.width, end((box[2] - media[0]) * scale))
        top = max(0, start((media[3] - box[3]) * scale))
        bottom = min(picture.height, end((media[3] - box[1]) * scale))
        if left >= right or top >= bottom:
            return None
        found = picture.crop((left, top, right, bottom)).getbbox()
        if found is None:
            return None
        x0, y0, x1, y1 = found
        return (
            max(box[0], media[0] + (left + x0) / scale),
            max(box[1], media[3] - (top + y1) / scale),
            min(box[2], media[0] + (left + x1) / scale),
            min(box[3], media[3] - (top + y0) / scale),
        )


# --- text ---------------------------------------------------------------------------


def _size(box: Box) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def _same(size: tuple[float, float], other: tuple[float, float]) -> bool:
    return all(abs(a - b) <= SLACK for a, b in zip(size, other, strict=True))


def _len_text(points: float) -> str:
    return f"{points:.1f} pt ({points / INCH:.3f} in)"


def _wh(size: tuple[float, float]) -> str:
    return f"{size[0]:.2f} x {size[1]:.2f} pt ({size[0] / INCH:.3g} x {size[1] / INCH:.3g} in)"


def _in(size: tuple[float, float]) -> str:
    return f"{size[0] / INCH:.3g} x {size[1] / INCH:.3g} in"


def _box_text(box: Box) -> str:
    return "[" + " ".join(f"{v:.2f}" for v in box) + "]"
