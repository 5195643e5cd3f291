"""Long words break at a line's end where their language's hyphenation dictionary (pyphen's)
allows, with the hyphen inside the width, never between two letters picked by their widths:
German and Dutch compounds are the test. Running text also breaks a word that would leave
its line a third empty, filling the line; a title breaks only a word too wide for a line,
into lines as even as can be; codes never break."""

from __future__ import annotations

import pypdfium2 as pdfium
import pyphen
import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from bookmaker.build import build
from bookmaker.language import LANGUAGES
from bookmaker.layout.fonts import font_pair
from bookmaker.layout.typesetting import SHORT_LINE, Hyphenation, at_most_lines, wrap
from bookmaker.prepare import prepare

FONT = font_pair(None, None).regular  # the bundled Andika
SIZE = 12.0
COMPOUNDS = [
    ("nl", "Doolhofpuzzelboek"),
    ("de", "Kinderlabyrinthrätselheft"),
    ("de", "Schatzsucherabenteuer"),
]


def width_of(text: str) -> float:
    return stringWidth(text, FONT, SIZE)


@pytest.mark.parametrize("language, word", COMPOUNDS)
@pytest.mark.parametrize("width", [45.0, 70.0, 100.0])
def test_a_compound_too_wide_for_a_line_breaks_at_its_dictionary_points_with_a_hyphen(language, word, width):
    assert width_of(word) > width
    lines = wrap(word, FONT, SIZE, width, Hyphenation(language))
    points = set(pyphen.Pyphen(lang=language).positions(word))
    at = 0
    for line in lines[:-1]:
        assert line.endswith("-") and width_of(line) <= width, (line, width)
        at += len(line) - 1
        assert at in points, f"{line!r} breaks {word} where {language}'s dictionary does not"
    assert "".join(line[:-1] for line in lines[:-1]) + lines[-1] == word
    assert width_of(lines[-1]) <= width


def test_a_word_that_would_leave_its_line_a_third_empty_breaks_but_not_in_a_title():
    text = "Het Doolhofpuzzelboek"
    width = width_of("Het Doolhofpuzzel-") + 1
    assert width_of("Het") < SHORT_LINE * width and width_of("Doolhofpuzzelboek") <= width < width_of(text)
    assert wrap(text, FONT, SIZE, width, Hyphenation("nl")) == ["Het Doolhofpuzzel-", "boek"]
    assert wrap(text, FONT, SIZE, width, Hyphenation("nl").for_titles) == ["Het", "Doolhofpuzzelboek"]


def test_running_text_fills_its_line_and_a_title_breaks_into_even_lines():
    word = "Schattenjachtavontuur"
    width = width_of("Schattenjachtavon-") + 1
    assert wrap(word, FONT, SIZE, width, Hyphenation("nl")) == ["Schattenjachtavon-", "tuur"]
    assert wrap(word, FONT, SIZE, width, Hyphenation("nl").for_titles) == ["Schatten-", "jachtavontuur"]


def test_a_full_line_leaves_the_next_word_whole():
    text = "Veel plezier met dit Doolhofpuzzelboek"
    width = width_of("Veel plezier met dit Doolhof-") + 1
    assert width_of("Veel plezier met dit") >= SHORT_LINE * width
    assert wrap(text, FONT, SIZE, width, Hyphenation("nl")) == ["Veel plezier met dit", "Doolhofpuzzelboek"]


def test_a_short_line_under_a_hyphen_breaks_no_word():
    # "abenteuer" alone is a short line, but under "Schatzsucher-" it stays short: hyphens
    # on line after line read worse.
    text = "Ein Schatzsucherabenteuer Rätselheft"
    width = width_of("Ein Schatzsucher-") + 1
    assert width_of("abenteuer") < SHORT_LINE * width and width_of("abenteuer Rät-") <= width
    assert wrap(text, FONT, SIZE, width, Hyphenation("de")) == [
        "Ein Schatzsucher-",
        "abenteuer",
        "Rätselheft",
    ]


def test_a_word_breaks_after_its_own_hyphen_without_another():
    width = max(width_of("Zahlen-"), width_of("Labyrinth")) + 1
    assert width < width_of("Zahlen-La-")
    assert wrap("Zahlen-Labyrinth", FONT, SIZE, width, Hyphenation("de")) == ["Zahlen-", "Labyrinth"]


def test_catalan_breaks_its_geminate_l_as_l_hyphen_l():
    width = width_of("La col-") + 1
    assert wrap("La col·lecció", FONT, SIZE, width, Hyphenation("ca")) == ["La col-", "lecció"]


def test_the_command_the_how_to_page_names_never_breaks():
    text = "Der Befehl bookmaker maze --code druckt es"
    width = width_of("Der Befehl bookma-") + 1
    assert width_of("Der Befehl") < SHORT_LINE * width
    assert wrap(text, FONT, SIZE, width, Hyphenation("de"))[:2] == ["Der Befehl", "bookmaker maze"]


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_a_no_break_space_keeps_french_punctuation_on_its_word_line(space):
    text = f"Bloqué{space}? Reviens au départ{space}: essaie encore{space}!"
    for width in range(40, 200, 7):
        lines = wrap(text, FONT, SIZE, float(width), Hyphenation("fr"))
        assert not any(line.startswith(("?", ":", "!")) for line in lines), (width, lines)
        assert all(width_of(line) <= width for line in lines if len(line) > 1)


def test_a_word_no_dictionary_breaks_keeps_breaking_between_letters_and_codes_never_hyphenate():
    code = "82J8-9A17-BZGZ-WGRP"  # a maze code: typed back as printed
    width = width_of(code) / 2
    german = wrap(code, FONT, SIZE, width, Hyphenation("de"))
    assert german == wrap(code, FONT, SIZE, width, None) and "".join(german) == code
    assert all(width_of(line) <= width for line in german)


def test_a_text_cut_short_reads_its_broken_word_whole_before_the_ellipsis():
    text = "Im Kinderlabyrinthrätselheft und noch viel mehr"
    width = width_of("Im Kinderlabyrin-") + 1
    assert wrap(text, FONT, SIZE, width, Hyphenation("de"))[0] == "Im Kinderlabyrin-"
    (line,) = at_most_lines(text, FONT, SIZE, width, 1, Hyphenation("de"))
    assert line.startswith("Im Kinderlabyri") and line.endswith("\u2026") and "-" not in line


@pytest.mark.parametrize("tag", LANGUAGES)
def test_every_language_bookmaker_prints_in_has_a_hyphenation_dictionary(tag):
    assert tag in pyphen.LANGUAGES


GERMAN_BOOK = """\
title: Das große Rätselheft
language: de
page: {size: 4x6}
front_matter: {contents: false, how_to: false}
sections:
  - title: Schatzsucherabenteuer
    instructions: "Viel Spaß mit dem Kinderlabyrinthrätselheft und dem Doolhofpuzzelboek!"
    size: 6x6
    count: 1
"""


def test_a_german_book_on_a_small_page_prints_its_compounds_hyphenated_inside_the_text_column(tmp_path):
    config = tmp_path / "de.yaml"
    config.write_text(GERMAN_BOOK, encoding="utf-8")
    _, _, right, _ = prepare(config).main.frames[1].content  # the section's opening page
    result = build(config, tmp_path / "de.pdf")  # preflighted: nothing runs into a margin
    lines = PdfReader(result.pdf).pages[1].extract_text().splitlines()
    # The title, too wide for the page at 28 pt, breaks between its words' parts; the
    # instructions break the compound that would leave "Viel Spaß mit dem" a short line.
    assert lines[:2] == ["Schatzsucher-", "abenteuer"]
    assert lines[2] == "Viel Spaß mit dem Kinderlabyrin-"
    document = pdfium.PdfDocument(str(result.pdf))
    try:
        text = document[1].get_textpage()
        # pdfium reads a hyphen that ends a line inside a word as a soft one, U+FFFE.
        ends = [
            text.get_charbox(i)[2]
            for i in range(text.count_chars())
            if text.get_text_range(i, 1) in ("-", "\ufffe")
        ]
    finally:
        document.close()
    assert len(ends) == 2 and max(ends) <= right
