"""``worksheet.date``: the date a teacher writes in the config prints on every sheet's Date
line, as the worksheets' language writes a date; unset, the line stays blank to write on
(and the sheets stay byte-identical: tests/test_output_hashes.py pins the classroom sample).
Each language's own date is asked of a built worksheet in tests/test_translations.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bookmaker.config import ConfigError
from bookmaker.prepare import prepare

from .readback import page_texts


def heads(pdf) -> list[list[str]]:
    """The write-in row of each sheet, as its text reads back: labels and what is on them."""
    pages = [text.splitlines() for text in page_texts(pdf)]
    return [lines[: lines.index("Sheet")] for lines in pages if "Sheet" in lines]


def sheets(worksheet: str, language: str = "nl", page: str = "letter") -> str:
    return f"""
    title: Dated
    layout: worksheet
    language: {language}
    page: {{size: {page}}}
    front_matter: {{title_page: false, how_to: false, contents: false}}
    worksheet: {worksheet}
    sections:
      - {{title: Sheet, size: 6x6, count: 1}}
    """


def test_the_date_prints_on_the_date_line_of_every_sheet_in_its_language(tmp_path, build_book):
    _, result, _ = build_book(tmp_path, sheets("{copies: 2, date: 2027-03-12}"))
    assert heads(result.pdf) == [["Naam:", "Datum:", "12 maart 2027", "Klas:"]] * 2


def test_an_english_sheet_dates_as_english_does(tmp_path, build_book):
    _, result, _ = build_book(tmp_path, sheets("{date: 2027-03-12}", language="en"))
    assert heads(result.pdf) == [["Name:", "Date:", "March 12, 2027", "Class:"]]


def test_without_a_date_the_date_line_stays_blank(tmp_path, build_book):
    _, result, _ = build_book(tmp_path, sheets("{copies: 1}", language="en"))
    assert heads(result.pdf) == [["Name:", "Date:", "Class:"]]


@pytest.mark.parametrize(
    "worksheet, row",
    [
        # The teacher's own labels keep their order; the date takes the line labelled Date.
        ("{fields: [Naam, Groep], date: 2027-04-01}", ["Naam:", "Groep:", "Datum:", "1 april 2027"]),
        ("{fields: [], date: 2027-04-01}", ["Datum:", "1 april 2027"]),
        # A name fills the first line that holds no date.
        (
            "{fields: [datum, Naam], names: [Mia], date: 2027-04-01}",
            ["datum:", "1 april 2027", "Naam:", "Mia"],
        ),
        # A label written with its colon gets no second one.
        ("{fields: ['Naam:', 'Datum :'], date: 2027-04-01}", ["Naam:", "Datum:", "1 april 2027"]),
    ],
    ids=["added-at-the-end", "no-fields", "own-date-label-first", "own-colon"],
)
def test_fields_without_a_date_line_gain_one_and_names_take_the_first_other(
    tmp_path, build_book, worksheet, row
):
    _, result, _ = build_book(tmp_path, sheets(worksheet))
    assert heads(result.pdf) == [row]


def test_a_date_too_wide_for_its_line_shrinks_the_row_rather_than_being_cut(tmp_path, build_book):
    # A5, a long name and September's long Spanish date: equal thirds of the row hold neither.
    _, result, _ = build_book(
        tmp_path,
        sheets("{names: [Mia van den Berg], date: 2027-09-28}", language="es", page="a5"),
    )
    assert heads(result.pdf) == [
        ["Nombre:", "Mia van den Berg", "Fecha:", "28 de septiembre de 2027", "Curso:"]
    ]


def test_a_date_whose_letters_the_font_lacks_is_an_error_on_its_key(tmp_path):
    # Andika without 'ś': a Polish September ('28 września 2027') would print a box. The
    # letter's glyph stays in the file, but no character maps to it any more, which is all
    # a font lacking a letter is to reportlab; far cheaper than subsetting the font.
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ttlib.TTFont(Path(__file__).resolve().parents[1] / "fonts" / "Andika-Bold.ttf")
    for table in font["cmap"].tables:
        table.cmap.pop(ord("ś"), None)
    for record in font["name"].names:  # a name of its own: reportlab knows Andika Bold already
        if record.nameID in (1, 3, 4, 6):
            record.string = "NoSacute"
    font.save(tmp_path / "NoSacute.ttf")
    config = tmp_path / "book.yaml"
    config.write_text(
        textwrap.dedent(sheets("{date: 2027-09-28}", language="pl"))
        + "font: {regular: NoSacute.ttf, bold: NoSacute.ttf}\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as raised:
        prepare(config)
    found = [problem for problem in raised.value.problems if "worksheet.date" in problem]
    assert len(found) == 1 and "'ś' (U+015B" in found[0], raised.value.problems
