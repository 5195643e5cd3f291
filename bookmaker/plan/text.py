"""The config's text against the pages and fonts that will print it, before anything is drawn.

Two questions, each answered on the key the text comes from:

- ``text_problems``: does each text fit where the page sets it? The renderer sets every
  text by the rules in ``typesetting`` (how far a title shrinks, how small an author's name
  may get); the same rules are asked here, so a text that cannot fit is reported with what
  would, instead of running off the page into a preflight failure.
- ``glyph_problems``: does the font have a glyph for every character, of the config's text
  and of the words bookmaker prints in the book's language? One it lacks would print as an
  empty box without a word of warning.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..errors import ConfigKeyError, KeyPath
from ..language import locale, override_texts, unfilled
from ..layout.fonts import FontPair, characters, family
from ..layout.page_geometry import GRIDS, PageFrame, slot_boxes
from ..layout.typesetting import (
    HEAD_LABEL,
    HOW_TO_LEADING,
    INLINE_OPENER_LABEL,
    OPENER_LABEL,
    OPENER_RATING_WIDTH,
    OPENER_TITLE,
    SUBTITLE_SIZE,
    TITLE_PAGE_AUTHOR,
    TITLE_SMALLEST,
    Hyphenation,
    Line,
    how_to_room,
    how_to_size,
    opener_room,
    paragraph_height,
    paragraph_lines,
    set_opener,
    set_title,
    slot_label_least,
    title_band,
)
from ..profiles import INCH
from .book import BookPlan
from .journey import ARROWS
from .mazes import variant_code
from .pagination import Document
from .words import opener_about

if TYPE_CHECKING:  # the plan reads a Book; importing the config layer would run upwards
    from ..config import Book


def _inches(points: float) -> str:
    return f"{points / INCH:.2f}in"


def _lines(count: int) -> str:
    return f"{count} line" + ("" if count == 1 else "s")


def _too_wide(string: str, line: Line, font: str, width: float, where: str) -> str:
    """What is wrong with a line too wide at its smallest size, and how much of it fits."""
    fits = line.longest(string, font, width).rstrip()
    return (
        f"{_inches(stringWidth(string, font, line.smallest))} wide even at "
        f"{line.smallest:g} pt, wider than the {_inches(width)} {where}; at most "
        f"{len(fits)} characters fit, e.g. '{fits}'"
    )


def text_problems(
    plan: BookPlan, fonts: FontPair, main: Document, key: Document | None, answers: list[int]
) -> list[ConfigKeyError]:
    """Every config text that cannot be set where ``plan``'s pages put it, in the ``main``
    document and a separate ``key`` (every page of one has the same content box, mirrored)."""
    book, problems = plan.book, []
    frame = main.frames[0]
    x0, _, x1, _ = frame.content
    width = x1 - x0
    front = book.front_matter
    if front.title_page:
        problems += _title_page(book, fonts, width, title_band(frame.content), plan.hyphenation)
    if front.how_to:
        body = plan.how_to_body(bool(answers) and not plan.separate_key)
        room = how_to_room(frame.content)
        hyphenation = plan.hyphenation
        size = how_to_size(body, fonts.regular, width, room, hyphenation, plan.sizes.how_to)
        if paragraph_height(body, fonts.regular, size, width, size * HOW_TO_LEADING, hyphenation) > room:
            lines = len(paragraph_lines(body, fonts.regular, size, width, hyphenation))
            given = front.how_to_text is not None
            problems.append(
                ConfigKeyError(
                    ("front_matter", "how_to_text" if given else "how_to"),
                    f"the how-to text takes {_lines(lines)} even at {size:g} pt, more than the "
                    f"{_inches(room)} its page has at this trim; "
                    + ("shorten it" if given else "set how_to: false, or a short how_to_text"),
                )
            )
    if not plan.worksheet:
        problems += _openers(plan, fonts, width, opener_room(frame.content))
    problems += _slot_rows(plan, fonts, frame, key or main, answers, len(main.pages))
    return problems


def _slot_rows(
    plan: BookPlan, fonts: FontPair, frame: PageFrame, answer_doc: Document, answers: list[int], pages: int
) -> list[ConfigKeyError]:
    """The row above each maze (its number, page reference and stars) inside its slot, for
    the widest number and page reference the book prints."""
    book, problems = plan.book, []
    last = str(sum(s.count for s in book.sections) if plan.worksheet else book.maze_count)
    refs = bool(answers) and not plan.separate_key

    def check(
        key: KeyPath, kind: str, page_frame: PageFrame, per_page: int, label: str, note: str, stars: bool
    ) -> None:
        needed = slot_label_least(
            label, note.format(page=pages), stars, fonts.bold, fonts.regular, plan.sizes.number
        )
        area = plan.area(page_frame, kind)

        def room(count: int) -> float:
            x0, _, x1, _ = slot_boxes(area, count)[0]
            return x1 - x0

        if room(per_page) >= needed:
            return
        # Fewer mazes a page make more pages: the hint allows the page numbers a digit more.
        longer = slot_label_least(
            label, note.format(page=pages * 10), stars, fonts.bold, fonts.regular, plan.sizes.number
        )
        fewer = next(
            (count for count in sorted(GRIDS, reverse=True) if count < per_page and room(count) >= longer),
            None,
        )
        problems.append(
            ConfigKeyError(
                key,
                (
                    f"{per_page} mazes a page leave each slot {_inches(room(per_page))} across, too "
                    f"narrow for the number, page reference and stars above each maze (they need "
                    f"{_inches(needed)}); use "
                    + (f"{key[-1]}: {fewer}" if fewer else "a larger page.size or narrower margins")
                ),
            )
        )

    for index, section in enumerate(book.sections):
        # The reference's text unfilled: filled in with the widest page numbers below.
        note = (
            plan.words.pgettext("maze.answer-page", "answer p. {page}")
            if refs and plan.has_answers(index)
            else ""
        )
        check(
            ("sections", index, "per_page"),
            plan.puzzle_kind,
            frame,
            section.per_page,
            last,
            note,
            book.show_rating and not plan.worksheet,
        )
    if answers:
        copies = book.worksheet.copies
        label = f"{variant_code(book.seed, copies - 1)} · {last}" if plan.worksheet else last
        # The key's fullest pages leave the narrowest slots: fewer a page for dense mazes.
        fullest = max(
            (page.per_page for page in answer_doc.pages if page.kind == "answers"),
            default=book.answer_key.per_page,
        )
        check(
            ("answer_key", "per_page"),
            "answers",
            answer_doc.frames[0],
            fullest,
            label,
            plan.words.pgettext("answers.puzzle-page", "puzzle p. {page}"),
            False,
        )
    return problems


def _title_page(
    book: Book, fonts: FontPair, width: float, height: float, hyphenation: Hyphenation
) -> list[ConfigKeyError]:
    problems = []
    setting = set_title(book.title, book.subtitle, fonts.bold, fonts.regular, width, height, hyphenation)
    titles = hyphenation.for_titles
    if book.subtitle and setting.subtitle_height > height:
        lines = len(paragraph_lines(book.subtitle, fonts.regular, SUBTITLE_SIZE, width, titles))
        problems.append(
            ConfigKeyError(
                "subtitle",
                (
                    f"takes {_lines(lines)} ({_inches(setting.subtitle_height)}) at {SUBTITLE_SIZE:g} pt, "
                    f"more than the title page's {_inches(height)} for the title and subtitle at this "
                    "trim; shorten it"
                ),
            )
        )
    elif not setting.fits:
        lines = len(paragraph_lines(book.title, fonts.bold, setting.size, width, titles))
        problems.append(
            ConfigKeyError(
                "title",
                (
                    f"takes {_lines(lines)} ({_inches(setting.height)}) even at {TITLE_SMALLEST:g} pt, "
                    f"more than the {_inches(max(setting.room, 0))} the title page leaves it above the "
                    "art and the author at this trim; shorten it"
                    + (", or the subtitle," if book.subtitle else "")
                    + " or use a larger page.size"
                ),
            )
        )
    if book.author and not TITLE_PAGE_AUTHOR.fits(book.author, fonts.bold, width):
        problems.append(
            ConfigKeyError(
                "author",
                _too_wide(
                    book.author, TITLE_PAGE_AUTHOR, fonts.bold, width, "of the title page at this trim"
                ),
            )
        )
    return problems


def _openers(plan: BookPlan, fonts: FontPair, width: float, room: float) -> list[ConfigKeyError]:
    """Each section's opener (on its own page or above its first maze), and its difficulty in
    the running heads."""
    book, problems, first = plan.book, [], 1
    rated = book.show_rating
    for index, section in enumerate(book.sections):
        label = section.difficulty or ""
        about = opener_about(
            plan.words,
            section.count,
            plan.section_grid(index),
            first,
            first + section.count - 1,
            section.journey.pages if section.journey else 0,
        )
        first += section.count
        opener = book.opener_of(index)
        if opener == "page":
            setting = set_opener(
                section.title,
                bool(label) or rated,
                section.instructions,
                about,
                fonts.bold,
                fonts.regular,
                width,
                room,
                plan.hyphenation,
                plan.sizes.instructions,
            )
            if not setting.fits:
                lines = len(
                    paragraph_lines(
                        section.title, fonts.bold, OPENER_TITLE, width, plan.hyphenation.for_titles
                    )
                )
                problems.append(
                    ConfigKeyError(
                        ("sections", index, "title"),
                        (
                            f"takes {_lines(lines)} at {OPENER_TITLE:g} pt on the section's opening "
                            f"page, which with the page's other text needs {_inches(setting.needed)} "
                            f"of the {_inches(setting.room)} the page has at this trim; shorten it"
                        ),
                    )
                )
        # An inline opener's title shrinks, then is cut, as a running head's does.
        label_room = width - (OPENER_RATING_WIDTH if rated else 0)
        if label and opener == "page" and not OPENER_LABEL.fits(label, fonts.bold, label_room):
            problems.append(
                ConfigKeyError(
                    ("sections", index, "difficulty"),
                    _too_wide(label, OPENER_LABEL, fonts.bold, label_room, "its opening page has for it"),
                )
            )
        elif label and opener == "inline" and not INLINE_OPENER_LABEL.fits(label, fonts.bold, width / 3):
            problems.append(
                ConfigKeyError(
                    ("sections", index, "difficulty"),
                    _too_wide(
                        label,
                        INLINE_OPENER_LABEL,
                        fonts.bold,
                        width / 3,
                        "its opener above its first maze gives it (a third of the page)",
                    ),
                )
            )
        elif label and not HEAD_LABEL.fits(label, fonts.regular, width / 2):
            problems.append(
                ConfigKeyError(
                    ("sections", index, "difficulty"),
                    _too_wide(
                        label, HEAD_LABEL, fonts.regular, width / 2, "a running head gives it (half the page)"
                    ),
                )
            )
    return problems


# -- glyphs -------------------------------------------------------------------------------

REGULAR, BOLD = "regular", "bold"


def printed_texts(book: Book) -> Iterable[tuple[KeyPath, str, tuple[str, ...]]]:
    """Every text of the config that the book or its cover prints, with its key and the
    faces it is set in."""
    front, sheets = book.front_matter, book.layout == "worksheet"
    cover = book.cover
    key_pdf = sheets and book.worksheet.key == "separate" and book.answer_key.enabled
    if front.title_page or key_pdf or cover is not None:
        yield ("title",), book.title, (BOLD,)
    if front.title_page or (cover is not None and cover.subtitle is None):
        yield ("subtitle",), book.subtitle, (REGULAR,)
    if front.title_page:
        yield ("author",), book.author, (BOLD,)
    if cover is not None and cover.author is None:
        yield ("author",), book.author, (BOLD, REGULAR)  # the front; the spine
    if front.how_to and front.how_to_text:
        yield ("front_matter", "how_to_text"), front.how_to_text, (REGULAR,)
    for index, section in enumerate(book.sections):
        where = ("sections", index)
        # Our how-to text names the sections whose mazes have loops or no marked ends.
        named = front.how_to and not front.how_to_text and (section.braid > 0 or section.endpoints == "none")
        yield where + ("title",), section.title, ((BOLD, REGULAR) if front.contents or named else (BOLD,))
        if section.difficulty and not sheets:
            yield where + ("difficulty",), section.difficulty, (BOLD, REGULAR)
        yield where + ("instructions",), section.instructions, (REGULAR,)
        if section.journey is not None:  # its connectors' arrows, each beside a corridor off the page
            yield where + ("journey",), "".join(ARROWS.values()), (BOLD,)
        mask = section.mask
        if mask is not None:  # the recipe under each maze names it
            kind = mask.kind
            named = getattr(mask, kind)
            yield where + ("mask", kind), named.name if kind in ("image", "file") else named, (REGULAR,)
    if sheets:
        for index, field in enumerate(book.worksheet.fields or ()):
            yield ("worksheet", "fields", index), field, (REGULAR,)
        for index, name in enumerate(book.worksheet.names):
            yield ("worksheet", "names", index), name, (BOLD, REGULAR)
        if book.worksheet.date is not None:  # as the worksheets' language writes it: 'września'
            yield ("worksheet", "date"), book.words().date(book.worksheet.date), (BOLD,)
    if cover is not None:
        for name, faces in (
            ("subtitle", (REGULAR,)),
            ("author", (BOLD, REGULAR)),
            ("back_text", (REGULAR,)),
            ("spine_text", (BOLD,)),
        ):
            value = getattr(cover, name)
            if value:
                yield ("cover", name), value, faces
    # Your own wording of bookmaker's words: a heading prints bold, a sentence regular.
    for at, wording in override_texts(book.text):
        yield ("text", *at), unfilled(wording), (BOLD, REGULAR)


def glyph_problems(book: Book, fonts: FontPair) -> list[ConfigKeyError]:
    """Every printed text with a character its font has no glyph for, on its key; and the
    characters of the book's language that its words need and the fonts lack, on the key
    that names the language."""
    problems = _language_glyphs(book, fonts)
    faces = {REGULAR: fonts.regular, BOLD: fonts.bold}
    texts: dict[KeyPath, tuple[str, dict[str, None]]] = {}  # a key printed twice: every face
    for key, text, used in printed_texts(book):
        texts.setdefault(key, (text, {}))[1].update(dict.fromkeys(faces[kind] for kind in used))
    for key, (text, faces_used) in texts.items():
        missing: dict[str, list[str]] = {}  # character -> the faces that lack it
        for char in dict.fromkeys(text):
            if char in " \t\r\n":
                continue
            for face in faces_used:
                if ord(char) not in characters(face):
                    missing.setdefault(char, []).append(face)
        if not missing:
            continue
        lacking = list(dict.fromkeys(face for found in missing.values() for face in found))
        fonts_named = " or ".join(dict.fromkeys(family(face) for face in lacking))
        shown = ", ".join(_character(char) for char in list(missing)[:4])
        more = f" and {len(missing) - 4} more" if len(missing) > 4 else ""
        verb = "is" if len(missing) == 1 else "are"
        problems.append(
            ConfigKeyError(
                key,
                (
                    f"{shown}{more} {verb} not in {fonts_named}; use a font that has "
                    f"{'it' if len(missing) == 1 else 'them'}, via font:"
                ),
            )
        )
    return problems


def _language_glyphs(book: Book, fonts: FontPair) -> list[ConfigKeyError]:
    """One problem naming every character the catalogue's words in the book's language need
    (headings bold, sentences regular: both faces) and either font lacks."""
    words = book.words()
    needed = sorted({char for text in words.catalogue_texts() for char in text} - set(" \t\r\n"))
    faces = dict.fromkeys((fonts.regular, fonts.bold))
    missing = [char for char in needed if any(ord(char) not in characters(face) for face in faces)]
    if not missing:
        return []
    lacking = [face for face in faces if any(ord(char) not in characters(face) for char in missing)]
    fonts_named = " or ".join(dict.fromkeys(family(face) for face in lacking))
    shown = ", ".join(
        char if char.isprintable() and not char.isspace() else _character(char) for char in missing[:12]
    )
    more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
    them = "it" if len(missing) == 1 else "them"
    # The key the words take their language from: worksheets' own, or the book's.
    key = ("language",) if words.language == book.language else ("worksheet", "language")
    return [
        ConfigKeyError(
            key,
            f"the font {fonts_named} has no glyph for {shown}{more} ({locale(words.language).english_name} "
            f"words need {them}); use a font that has {them} via font:, or leave font: out for the "
            "bundled Andika, which has the letters of every language bookmaker prints in",
        )
    ]


def _character(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''})"
