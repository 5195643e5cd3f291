"""The shipped translations, read as their readers read them: each catalogue is complete and
keeps every field, has its language's own number of plural forms, says counts, page
references, markers and worksheet labels as its translator wrote them down
(tests/translations/<tag>.json), and a book, a padded book, a worksheet set and a cover
built in it print no English word of bookmaker's own."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bookmaker.language import LANGUAGES, Words, locale_folder, placeholders

from .test_catalogue import BOOK, COVER, NOTES_BOOK, WORKSHEETS, _plain_words

TRANSLATED = [tag for tag in LANGUAGES if tag != "en"]
EXPECTED = Path(__file__).parent / "translations"


def messages(path: str):
    with open(path, "rb") as file:
        return {message.context: message for message in read_po(file) if message.context}


def template():
    return messages(f"{locale_folder()}/bookmaker.pot")


def translated(tag: str):
    return messages(f"{locale_folder()}/{tag}/LC_MESSAGES/bookmaker.po")


def forms(text) -> tuple[str, ...]:
    return tuple(text) if isinstance(text, list | tuple) else (text,)


def words_of(texts) -> set[str]:
    return {word for text in texts for word in re.findall(r"[A-Za-z]+", re.sub(r"\{\w+\}", " ", text))}


def test_more_languages_than_english_ship():
    assert LANGUAGES[0] == "en" and len(TRANSLATED) >= 1


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_message_is_translated_keeping_its_fields(tag):
    english, found = template(), translated(tag)
    assert set(found) == set(english), set(english) ^ set(found)
    plurals = get_plural(tag).num_plurals
    for context, message in found.items():
        assert not message.fuzzy, context
        texts = forms(message.string)
        assert all(text.strip() for text in texts), (context, texts)
        source = forms(english[context].id)
        if len(source) > 1:
            assert len(texts) == plurals, (context, texts)
        fields = set().union(*map(placeholders, source))
        for text in texts:
            # A form for one may say "one" instead of {count}; every other field stays.
            assert fields - {"count"} <= placeholders(text) <= fields, (context, text)


@pytest.mark.parametrize("tag", TRANSLATED)
def test_counts_page_references_markers_and_labels_read_as_written_down(tag):
    expected = json.loads((EXPECTED / f"{tag}.json").read_text(encoding="utf-8"))
    english, words = template(), Words(tag)
    counts = {count for _, count, _ in expected["plurals"]}
    assert {1, 2, 5, 22} <= counts, "every plural rule of the ten languages tells these apart"
    for context, count, text in expected["plurals"]:
        singular, plural = english[context].id
        assert words.npgettext(context, singular, plural, count) == text
    for context, fields, text in expected["messages"]:
        assert words.pgettext(context, english[context].id, **fields) == text


@pytest.mark.parametrize("tag", TRANSLATED)
def test_each_catalogue_sets_its_languages_punctuation(tag):
    texts = [text for message in translated(tag).values() for text in forms(message.string)]
    assert not [text for text in texts if '"' in text], "quotes are the language's own: „“, „”, « »"
    if tag in ("ca", "fr", "it"):  # an apostrophe inside a word is the typographic one: l’inici
        assert not [text for text in texts if re.search(r"\w'\w", text)]
    if tag == "fr":  # a non-breaking space before : ; ? ! and », and after «
        assert not [text for text in texts if re.search(r"(?<!\u00a0)[:;?!»]|«(?!\u00a0)", text)]


@pytest.mark.parametrize("tag", TRANSLATED)
@pytest.mark.parametrize(
    "config", [BOOK, NOTES_BOOK, WORKSHEETS, COVER], ids=["book", "notes", "worksheets", "cover"]
)
def test_a_book_in_the_language_prints_no_english_of_bookmakers_own(tmp_path, tag, config):
    # Built with the preflight build runs; a word both languages write (French "Notes") is no leak.
    english = words_of(text for message in template().values() for text in forms(message.id))
    own = words_of(text for message in translated(tag).values() for text in forms(message.string))
    text = textwrap.dedent(config) + f"language: {tag}\n"
    printed = _plain_words(tmp_path, text, "book")
    leaks = {pdf: sorted(set(found) & english - own) for pdf, found in printed.items()}
    assert not any(leaks.values()), leaks
