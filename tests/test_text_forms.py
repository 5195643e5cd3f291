"""A publisher's own wording for a message that counts, one text per plural form: a Polish
book says "1 labirynt", "3 labirynty", "5 labiryntów" and "22 labirynty" in the words its
publisher wrote, and a form the language has no use for is an error on its line."""

from __future__ import annotations

import textwrap

import pytest

from bookmaker.config import ConfigError, load_config
from bookmaker.language import Words, override_texts, plural_categories

from .command_line import in_process
from .readback import page_texts

POLISH_FORMS = """
  count.mazes:
    one: "{count} labirynt do przejścia"
    few: "{count} labirynty do przejścia"
    many: "{count} labiryntów do przejścia"
    other: "{count} labiryntu do przejścia"
"""


def test_each_language_names_its_plural_categories():
    assert plural_categories("en") == ("one", "other")
    assert plural_categories("pl") == ("one", "few", "many", "other")
    assert plural_categories("fr") == ("one", "many", "other")


def test_a_polish_book_prints_the_publishers_form_for_each_count(tmp_path, build_book):
    _, result, _ = build_book(
        tmp_path,
        """
        title: Labirynty
        language: pl
        profile: home
        front_matter: {title_page: false, how_to: false, contents: false}
        answer_key: {enabled: false}
        text:"""
        + textwrap.indent(POLISH_FORMS, "        ")
        + """
        sections:
          - {title: Jeden, size: 3x3, count: 1, per_page: 1}
          - {title: Trzy, size: 3x3, count: 3, per_page: 4}
          - {title: Pięć, size: 3x3, count: 5, per_page: 6}
          - {title: Dwadzieścia dwa, size: 3x3, count: 22, per_page: 12}
        """,
    )
    text = " ".join(page_texts(result.pdf))
    for printed in ("1 labirynt do", "3 labirynty do", "5 labiryntów do", "22 labirynty do"):
        assert printed in text
    assert "labiryntu do" not in text  # 'other' is Polish for fractions, which no book counts


def test_a_single_text_still_serves_every_count_and_other_fills_the_gaps():
    words = Words(
        "pl", {"count.mazes": "{count} × labirynt", "cover.mazes": {"one": "jeden", "other": "{count}!"}}
    )
    assert [words.npgettext("count.mazes", "", "", n) for n in (1, 5)] == ["1 × labirynt", "5 × labirynt"]
    assert [words.npgettext("cover.mazes", "", "", n) for n in (1, 3, 5)] == ["jeden", "3!", "5!"]
    assert list(override_texts({"a": "x", "b": {"one": "y", "other": "z"}})) == [
        (("a",), "x"),
        (("b", "one"), "y"),
        (("b", "other"), "z"),
    ]


def test_a_form_the_language_lacks_stops_validate_with_exit_2(tmp_path):
    # Each error's wording and line: tests/bad_configs/text-forms.yaml and text-form-category.yaml.
    config = tmp_path / "book.yaml"
    config.write_text(
        "title: T\nlanguage: pl\ntext:\n  count.mazes: {one: a, two: b, other: c}\n"
        "sections: [{title: A, size: 5x5, count: 1}]\n",
        encoding="utf-8",
    )
    result = in_process("validate", str(config), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{config}:4: text.count.mazes.two: 'two' is not a plural category of Polish; "
        "it tells counts apart by one, few, many and other"
    ]


def test_a_worksheets_language_decides_the_forms(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(
        "title: T\nlanguage: pl\nlayout: worksheet\nworksheet: {language: en}\ntext:\n"
        "  count.mazes: {one: a, few: b, other: c}\nsections: [{title: A, size: 5x5, count: 1}]\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as raised:
        load_config(path)
    assert f"{path}:6" in str(raised.value) and "of English; it tells counts apart by one and other" in str(
        raised.value
    )
