"""Every word bookmaker itself prints comes from the message catalogue (bookmaker/language.py),
and the config's own words (``language:``, ``text:``) are checked and used.

The main test builds books, a worksheet set and a cover with a pseudo-translation: a
catalogue that writes each of bookmaker's messages in accented look-alike letters ('Ńótéš'
for 'Notes'), of much the same width, so the pages lay out as in English. It then reads
each page's text back (pdfium) and finds no plain ASCII letter except in what the config
wrote and in the recipe line under a maze, which stays language-neutral. A string that
reaches a page without the catalogue shows up there as plain English.
"""

from __future__ import annotations

import gettext
import re
import textwrap
from pathlib import Path

import pytest
import yaml
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from bookmaker import language
from bookmaker.build import build
from bookmaker.config import ConfigError, load_config
from bookmaker.language import LANGUAGES, Words, message_ids
from bookmaker.maze import ALGORITHMS
from bookmaker.wording import listing

from .readback import page_texts, page_words

ROOT = Path(__file__).resolve().parents[1]
PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MARKED = "àƀçďéƒĝĥíĵķĺḿñóṕǫŕšťúṽŵẋýžÀḂÇĎÉḞĜĤÍĴĶĹḾÑÓṔǪŔŠŤÚṼŴẊÝŽ"  # all in Andika
PSEUDO = str.maketrans(PLAIN, MARKED)
FIELD = re.compile(r"(\{\w+\})")
# The line under a maze that remakes it, the publisher's language-neutral reference: a full
# recipe (an algorithm's name ... seed N), a shop's book's bare seed where no code carries the
# maze (seed N), or a maze code, bare or named; and a worksheet's variant code (01-L3RW).
RECIPE_LINE = re.compile(
    r"\b(?:" + "|".join(map(re.escape, ALGORITHMS)) + r")\b.*\bseed \d+.*"
    r"|^seed \d+$"
    r"|(?:maze code )?\b[0-9A-Z]{4}(?:-[0-9A-Z]{1,4})+\b"
    r"|\b\d+-[0-9A-Z]{4}\b"
)


def pseudo(message: str) -> str:
    """``message`` in look-alike letters, its ``{fields}`` kept for filling in."""
    return "".join(part if FIELD.fullmatch(part) else part.translate(PSEUDO) for part in FIELD.split(message))


class PseudoCatalogue(gettext.NullTranslations):
    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


@pytest.fixture
def pseudo_language(monkeypatch):
    monkeypatch.setattr(language, "catalogue", lambda tag: PseudoCatalogue())


BOOK = """
title: Loop Book
subtitle: "{mazes} puzzles"
author: Ann Author
profile: home
recipe: full
sections:
  - {title: Squares, size: 6x6, count: 2, per_page: 2, difficulty: Easy}
  - {title: Hexes, shape: hex, size: 5x5, count: 2, per_page: 2, braid: 0.5, opener: inline}
  - {title: Rounds, shape: polar, rings: 4, count: 1, per_page: 1, markers: words, endpoints: centre}
  - {title: Empty Ends, size: 5x5, count: 1, per_page: 1, endpoints: none}
"""
NOTES_BOOK = """
title: Padded
profile: kdp
sections:
  - {title: Only, size: 6x6, count: 3, per_page: 1}
"""
WORKSHEETS = """
title: Class Set
layout: worksheet
worksheet: {copies: 2, key: section}
sections:
  - {title: Sheet, size: 6x6, count: 1, instructions: Find the way out.}
"""
COVER = """
title: Cover Book
author: Cara Cover
profile: kdp
recipe: none
cover: {paper: white, sample: true, back_text: "A book of {mazes} mazes."}
sections:
  - {title: Part, size: 6x6, count: 4, per_page: 2}
"""


def _plain_words(folder: Path, config_text: str, name: str) -> dict[str, list[str]]:
    """Each PDF the build wrote -> the words on its pages with a plain ASCII letter that the
    config did not write and that are not a recipe line."""
    written = set(re.findall(r"[A-Za-z]+", " ".join(_written(yaml.safe_load(config_text)))))
    found = {}
    for pdf, pages in _built_pages(folder, config_text, name).items():
        leaks = []
        for text in pages:
            for line in text.splitlines():
                line = RECIPE_LINE.sub("", line)
                leaks += [w for w in re.findall(r"[A-Za-z]+", line) if w not in written]
        found[pdf] = leaks
    return found


def _built_pages(folder: Path, config_text: str, name: str) -> dict[str, list[str]]:
    """Builds the config as folder/<name>.yaml; each PDF the build wrote -> its pages' text."""
    config = folder / f"{name}.yaml"
    config.write_text(textwrap.dedent(config_text), encoding="utf-8")
    build(config, folder / f"{name}.pdf")
    return {pdf.name: page_words(pdf) for pdf in sorted(folder.glob(f"{name}*.pdf"))}


def _written(value) -> list[str]:
    """The texts a config gives, which print as written (a size such as 6x6 is no text)."""
    if isinstance(value, dict):
        return [text for item in value.values() for text in _written(item)]
    if isinstance(value, list):
        return [text for item in value for text in _written(item)]
    return [value] if isinstance(value, str) and not re.fullmatch(r"\d+x\d+", value) else []


@pytest.mark.parametrize(
    "config", [BOOK, NOTES_BOOK, WORKSHEETS, COVER], ids=["book", "notes", "worksheets", "cover"]
)
def test_every_printed_word_comes_from_the_catalogue(tmp_path, pseudo_language, config):
    found = _plain_words(tmp_path, config, "book")
    assert found and all(not leaks for leaks in found.values()), found


def test_the_pseudo_book_prints_the_catalogue_words_themselves(tmp_path, pseudo_language):
    """The check above passes only if the catalogue's words reach the page, marked."""
    for config, messages in (
        (BOOK, ("How to solve these mazes", "Contents", "START", "Answers")),
        (NOTES_BOOK, ("Draw your own maze", "Notes")),
    ):
        folder = tmp_path / str(len(messages))
        folder.mkdir()
        pages = _built_pages(folder, config, "book")["book.pdf"]
        text = " ".join(pages)
        for message in messages:
            assert pseudo(message) in text
        # pdfium, which the leak checks read with, finds the very words pypdf finds.
        words = [sorted(re.findall(r"\w+", page)) for page in pages]
        assert words == [sorted(re.findall(r"\w+", page)) for page in page_texts(folder / "book.pdf")]


def _config(tmp_path: Path, text: str):
    path = tmp_path / "book.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_language_defaults_to_english_and_an_unshipped_one_is_an_error(tmp_path):
    book = load_config(_config(tmp_path, "title: T\nsections: [{title: A, size: 5x5, count: 1}]\n")).book
    assert book.language == "en" and book.words().language == "en"
    with pytest.raises(ConfigError) as raised:
        load_config(
            _config(tmp_path, "title: T\nlanguage: xx\nsections: [{title: A, size: 5x5, count: 1}]\n")
        )
    message = str(raised.value)
    assert "book.yaml:2" in message and "'xx'" in message and listing(LANGUAGES, last="and") in message
    assert len(message.strip().splitlines()) == 1


def test_a_worksheet_language_is_checked_too(tmp_path):
    with pytest.raises(ConfigError) as raised:
        load_config(
            _config(
                tmp_path,
                "title: T\nlayout: worksheet\nworksheet:\n  language: nl-XX\n"
                "sections: [{title: A, size: 5x5, count: 1}]\n",
            )
        )
    assert "book.yaml:4" in str(raised.value) and "worksheet.language" in str(raised.value)


def test_text_overrides_one_string_by_its_id(tmp_path, build_book):
    _, result, _ = build_book(
        tmp_path,
        """
        title: Own Words
        profile: home
        text:
          how-to.heading: How to play
          contents.heading: In this book
          maze.answer-page: "solution on {page}"
        sections:
          - {title: Part, size: 6x6, count: 2, per_page: 2}
        """,
    )
    text = " ".join(page_texts(result.pdf))
    assert "How to play" in text and "In this book" in text and "solution on " in text
    assert "How to solve these mazes" not in text and "answer p." not in text


def test_an_unknown_text_id_is_an_error_naming_the_near_ones(tmp_path):
    with pytest.raises(ConfigError) as raised:
        load_config(
            _config(
                tmp_path,
                "title: T\ntext:\n  how-to.headin: Play\nsections: [{title: A, size: 5x5, count: 1}]\n",
            )
        )
    message = str(raised.value)
    assert "book.yaml:3" in message and "how-to.headin" in message and "'how-to.heading'" in message


def test_an_override_with_a_field_the_original_lacks_is_an_error(tmp_path):
    with pytest.raises(ConfigError) as raised:
        load_config(
            _config(
                tmp_path,
                "title: T\ntext:\n  notes.heading: 'Notes {page}'\n"
                "sections: [{title: A, size: 5x5, count: 1}]\n",
            )
        )
    assert "book.yaml:3" in str(raised.value) and "none" in str(raised.value)


def test_plurals_follow_the_catalogue_and_numbers_the_language():
    words = Words("en")
    assert words.npgettext("count.mazes", "{count} maze", "{count} mazes", 1) == "1 maze"
    assert words.npgettext("count.mazes", "{count} maze", "{count} mazes", 1234) == "1,234 mazes"
    assert words.pgettext("maze.answer-page", "answer p. {page}", page=12) == "answer p. 12"


def test_the_template_holds_every_message_the_code_has(tmp_path):
    """bookmaker/locale/bookmaker.pot is current: extracted again, it has the same messages
    (`make catalogue` remakes it), and each language's .po has all of them."""
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "--quiet",
            "extract",
            "--no-default-keywords",
            "-k",
            "pgettext:1c,2",
            "-k",
            "npgettext:1c,2,3",
            "--no-location",
            "-F",
            str(ROOT / "babel.cfg"),
            "-o",
            str(fresh),
            str(ROOT),
        ]
    )

    def messages(path: Path) -> set[tuple[str | None, object]]:
        with path.open("rb") as file:
            return {(m.context, m.id) for m in read_po(file) if m.id}

    assert messages(fresh) == messages(ROOT / "bookmaker" / "locale" / "bookmaker.pot")
    assert set(message_ids()) == {context for context, _ in messages(fresh)}
    for tag in LANGUAGES:
        assert messages(ROOT / "bookmaker" / "locale" / tag / "LC_MESSAGES" / "bookmaker.po") == messages(
            fresh
        )


def test_catalogue_headers_name_the_project_not_babels_placeholders():
    # `make catalogue` writes the template's header; each .po keeps its own through updates.
    folder = ROOT / "bookmaker" / "locale"
    for path in [folder / "bookmaker.pot", *sorted(folder.glob("*/LC_MESSAGES/bookmaker.po"))]:
        header = path.read_text(encoding="utf-8").split("\n\n", 1)[0]
        assert "the bookmaker authors" in header, path
        for placeholder in (
            "YEAR",
            "ORGANIZATION",
            "FIRST AUTHOR",
            "EMAIL@ADDRESS",
            "FULL NAME",
            "LL@li.org",
            "VERSION",
        ):
            assert placeholder not in header, (path, placeholder)


def test_the_languages_page_lists_every_id():
    page = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    assert [id for id in message_ids() if f"| `{id}` |" not in page] == []
