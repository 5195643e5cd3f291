"""The words bookmaker itself prints in a book, a worksheet, an answer key or a cover, in the
book's language: every one comes from the gettext catalogue in ``bookmaker/locale`` through a
``Words``, by an id (the message context) that a config's ``text:`` may override.

What the user wrote (titles, blurbs, names) is printed as written and never passes through
here; nor do CLI messages, errors or the recipe under a maze, which stay English.

The catalogue is extracted from the code and compiled with Babel (``make catalogue``); the
compiled ``.mo`` files are committed, so a fresh clone and the wheel both have them.
"""

from __future__ import annotations

import datetime
import gettext
import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources

from babel import Locale
from babel.dates import format_date, get_date_format
from babel.numbers import format_decimal

# The languages a book may be written in, as BCP 47 tags; the first is the default. Each has
# a catalogue in bookmaker/locale/<tag>/LC_MESSAGES/bookmaker.mo.
LANGUAGES = ("en", "ca", "de", "es", "fr", "it", "nl", "pl", "pt", "sv")
DEFAULT_LANGUAGE = LANGUAGES[0]
# Where a language dates a document otherwise than CLDR's long date. Catalan style guides
# date a letter or a sheet without the article before the year ("12 de març de 2027"); CLDR
# writes the one used in running text ("del 2027").
DATE_PATTERNS = {"ca": "d MMMM 'de' y"}
# Where a language writes the first of a month as an ordinal, which CLDR's digits leave out:
# "1er avril 2027", "1º aprile 2027".
FIRST_OF_MONTH = {"fr": "1er", "it": "1º"}
DOMAIN = "bookmaker"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# CLDR's plural categories in its own order; "other" is every language's catch-all.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

# A config's own wording for one message: one text, or for a message that counts, a text per
# CLDR plural category of the book's language ({"one": ..., "few": ..., "other": ...}).
Override = str | Mapping[str, str]


def locale_folder() -> str:
    return str(resources.files("bookmaker") / "locale")


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language``, one of ``LANGUAGES``."""
    with open(f"{locale_folder()}/{language}/LC_MESSAGES/{DOMAIN}.mo", "rb") as file:
        return gettext.GNUTranslations(file)


@cache
def message_ids() -> dict[str, tuple[str, ...]]:
    """Every id the catalogue's template holds, with its English text: one for a message, the
    singular and the plural for one that counts. These are what a config's ``text:`` may
    override."""
    from babel.messages.pofile import read_po

    with open(f"{locale_folder()}/{DOMAIN}.pot", "rb") as file:
        template = read_po(file)
    return {
        message.context: (message.id,) if isinstance(message.id, str) else tuple(message.id)
        for message in template
        if message.context
    }


@cache
def locale(language: str) -> Locale:
    """Babel's CLDR data for ``language``, a BCP 47 tag."""
    return Locale.parse(language.replace("-", "_"))


def plural_categories(language: str) -> tuple[str, ...]:
    """The CLDR plural categories ``language`` tells counts apart by, in CLDR's order:
    ('one', 'other') in English, ('one', 'few', 'many', 'other') in Polish."""
    used = set(locale(language).plural_form.tags) | {"other"}
    return tuple(category for category in CATEGORIES if category in used)


def override_texts(overrides: Mapping[str, Override]) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every text that ``overrides`` (a config's ``text:``) may print, each with its key below
    ``text``: ``(id,)`` for one text, ``(id, category)`` for a count's form."""
    for id, wording in overrides.items():
        if isinstance(wording, str):
            yield (id,), wording
        else:
            for category, text in wording.items():
                yield (id, category), text


@cache
def catalogue_messages(language: str) -> dict[str, tuple[str, ...]]:
    """Every message of ``language``'s catalogue by its id: its text, or each of its plural
    forms; the English where the catalogue leaves a message untranslated (as English's does)."""
    from babel.messages.pofile import read_po

    with open(f"{locale_folder()}/{language}/LC_MESSAGES/{DOMAIN}.po", "rb") as file:
        messages = read_po(file)

    def forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
        return (text or "",) if isinstance(text, str | None) else tuple(text)

    return {
        message.context: forms(message.string) if all(forms(message.string)) else forms(message.id)
        for message in messages
        if message.context
    }


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a message fills in."""
    return set(_PLACEHOLDER.findall(text))


def unfilled(text: str) -> str:
    """``text`` as it prints with its ``{name}`` fields left empty (``{{`` and ``}}`` print a
    brace): the characters the message itself puts on the page."""
    return text.format(**dict.fromkeys(placeholders(text), ""))


def fills(text: str, names: set[str]) -> bool:
    """Whether ``text`` can be filled in with the fields ``names`` and nothing else: no other
    field, and no brace that is not one (``{{`` and ``}}`` are braces themselves)."""
    try:
        text.format(**dict.fromkeys(names, ""))
    except (KeyError, IndexError, ValueError):
        return False
    return True


class Words:
    """The printed words of one book: its language's catalogue, with the config's ``text:``
    overrides (id -> text, or for a count, plural category -> text) in front of it.

    Each message is looked up by its id (``msgctxt``) and English text; ``{name}`` fields are
    filled from the keyword arguments after the lookup, so a translation or an override may
    put them where its language wants them.
    """

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        overrides: Mapping[str, Override] | None = None,
        translations: gettext.NullTranslations | None = None,
    ) -> None:
        self.language = language
        self.overrides = dict(overrides or {})
        self.translations = translations if translations is not None else catalogue(language)
        self.plural_rule = locale(language).plural_form

    def pgettext(self, id: str, message: str, **fields: object) -> str:
        """The message ``id`` (English: ``message``) in the book's words, fields filled in."""
        found = self.overrides.get(id)
        if not isinstance(found, str):  # a mapping of forms only counts have (config checks it)
            found = self.translations.pgettext(id, message)
        return found.format(**fields) if fields else found

    def npgettext(self, id: str, singular: str, plural: str, count: int, **fields: object) -> str:
        """The message ``id`` in the form the language uses for ``count``: the catalogue's by
        its Plural-Forms, an override's by the count's CLDR category, else its 'other' form.
        ``{count}`` in it is filled with the number as the language writes it."""
        found = self.overrides.get(id)
        if found is None:
            found = self.translations.npgettext(id, singular, plural, count)
        elif not isinstance(found, str):
            category = self.plural_rule(count)
            found = found[category] if category in found else found["other"]
        return found.format(count=self.number(count), **fields)

    def date(self, value: datetime.date) -> str:
        """``value`` written out as the language dates a page: 'March 12, 2027',
        '12 maart 2027'."""
        where = self.language.replace("-", "_")
        pattern = DATE_PATTERNS.get(self.language) or get_date_format("long", where).pattern
        if value.day == 1 and self.language in FIRST_OF_MONTH:  # the day leads in both
            pattern = f"'{FIRST_OF_MONTH[self.language]}'" + pattern.removeprefix("d")
        return format_date(value, pattern, locale=where)

    def number(self, value: int) -> str:
        """``value`` with the language's digit grouping: '1,234' in English."""
        return format_decimal(value, locale=locale(self.language))

    def catalogue_texts(self) -> Iterator[str]:
        """Every text these words may print from the catalogue, its fields left empty: each
        message an override does not replace, in every plural form, and a number with every
        digit, grouped as the language groups them. (The overrides' own texts are
        ``override_texts``'s.)"""
        for id, forms in catalogue_messages(self.language).items():
            if id not in self.overrides:
                yield from map(unfilled, forms)
        yield self.number(1234567890)
