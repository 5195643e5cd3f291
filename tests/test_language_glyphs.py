"""The font check covers the words bookmaker prints in the book's language, and the config's
own wording of them (`text:`): a font without the letters of a language is an error at
`validate` that names the letters, on the line that names the language, before anything is
written; an override with a character the font lacks is one on its own line."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTFont

from bookmaker.config import Book
from bookmaker.language import LANGUAGES, Words, catalogue_messages
from bookmaker.layout.fonts import font_pair
from bookmaker.plan.text import glyph_problems

from .command_line import in_process

ANDIKA = Path(__file__).parent.parent / "fonts" / "Andika-Regular.ttf"
FAMILY = "Latin One"
POLISH_LETTERS = "ą, ć, ę, ł, ń, ś, ź, ż"  # Polish's letters outside Latin-1, by code point


@pytest.fixture(scope="module")
def latin_one(tmp_path_factory) -> Path:
    """Andika cut down to Latin-1 (U+0020 to U+00FF) and renamed: a font of Western European
    letters, without Polish's ą or ł."""
    font = TTFont(ANDIKA)
    options = subset.Options()
    options.name_IDs = ["*"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=range(0x20, 0x100))
    cutter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = FAMILY
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "")
    path = tmp_path_factory.mktemp("fonts") / "latin-one.ttf"
    font.save(path)
    return path


def write(folder: Path, font: Path, language: str, more: str = "") -> Path:
    config = folder / "book.yaml"
    config.write_text(
        f"""title: Labirynty
language: {language}
font: {{regular: {font}}}
front_matter: {{contents: false}}
sections:
  - {{title: Start, size: 6x6, count: 1}}
{more}""",
        encoding="utf-8",
    )
    return config


def test_a_font_without_polish_letters_is_an_error_on_the_language_naming_them(tmp_path, latin_one):
    config = write(tmp_path, latin_one, "pl")
    for command in ("validate", "build"):
        result = in_process(command, config, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        (line,) = [line for line in result.stderr.splitlines() if "glyph" in line]
        assert line.startswith(f"{config}:2: language: the font {FAMILY} has no glyph for {POLISH_LETTERS}")
        assert "(Polish words need them); use a font that has them via font:" in line
        assert "Traceback" not in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["book.yaml"]  # nothing written


def test_the_same_font_prints_an_english_book(tmp_path, latin_one):
    result = in_process("validate", write(tmp_path, latin_one, "en"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_worksheets_in_polish_are_reported_on_their_own_language(tmp_path, latin_one):
    config = write(tmp_path, latin_one, "en", "layout: worksheet\nworksheet: {language: pl}\n")
    result = in_process("validate", config, cwd=tmp_path)
    assert result.returncode == 2
    assert (
        f"{config}:8: worksheet.language: the font {FAMILY} has no glyph for {POLISH_LETTERS}"
        in result.stderr
    )


def test_an_override_with_a_character_the_font_lacks_is_reported_on_its_line(tmp_path, latin_one):
    config = write(tmp_path, latin_one, "en", "text:\n  notes.heading: Notes\n  how-to.heading: Jak grać\n")
    result = in_process("validate", config, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        f"{config}:9: text.how-to.heading: 'ć' (U+0107 LATIN SMALL LETTER C WITH ACUTE) is not in "
        f"{FAMILY}; use a font that has it, via font:"
    )
    assert "Notes" not in result.stderr


def test_an_override_replaces_the_catalogue_words_it_checks():
    overridden = Words("pl", {"how-to.heading": "Labirynty"})
    polish = catalogue_messages("pl")["how-to.heading"][0]
    texts = list(overridden.catalogue_texts())
    assert polish not in texts and polish in list(Words("pl").catalogue_texts())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bundled_andika_has_every_letter_of_every_language(language):
    book = Book.model_validate(
        {"title": "T", "language": language, "sections": [{"title": "A", "size": "4x4", "count": 1}]}
    )
    assert glyph_problems(book, font_pair(None, None)) == []
