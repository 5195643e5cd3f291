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
from collections.abc import Mapping
from functools import cache
from importlib import resources

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


def locale_folder() -> str:
    return str(resources.files("bookmaker") / "locale")


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language``, one of ``LANGUAGES``."""
    with open(f"{locale_folder()}/{language}/LC_MESSAGES/{DOMAIN}.mo", "rb") as file:
        return gettext.GNUTranslations(file)


@cache
def message_ids() -> dict[str, str]:
    """Every id the catalogue's template holds, with its English text (the singular's, for a
    plural): what a config's ``text:`` may override."""
    from babel.messages.pofile import read_po

    with open(f"{locale_folder()}/{DOMAIN}.pot", "rb") as file:
        template = read_po(file)
    found: dict[str, str] = {}
    for message in template:
        if message.context:
            found[message.context] = message.id if isinstance(message.id, str) else message.id[0]
    return found


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a message fills in."""
    return set(_PLACEHOLDER.findall(text))


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
    overrides (id -> text) in front of it.

    Each message is looked up by its id (``msgctxt``) and English text; ``{name}`` fields are
    filled from the keyword arguments after the lookup, so a translation or an override may
    put them where its language wants them.
    """

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        overrides: Mapping[str, str] | None = None,
        translations: gettext.NullTranslations | None = None,
    ) -> None:
        self.language = language
        self.overrides = dict(overrides or {})
        self.translations = translations if translations is not None else catalogue(language)

    def pgettext(self, id: str, message: str, **fields: object) -> str:
        """The message ``id`` (English: ``message``) in the book's words, fields filled in."""
        found = self.overrides.get(id)
        if found is None:
            found = self.translations.pgettext(id, message)
        return found.format(**fields) if fields else found

    def npgettext(self, id: str, singular: str, plural: str, count: int, **fields: object) -> str:
        """The message ``id`` in the form the language uses for ``count`` (its Plural-Forms);
        ``{count}`` in it is filled with the number as the language writes it."""
        found = self.overrides.get(id)
        if found is None:
            found = self.translations.npgettext(id, singular, plural, count)
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
        return format_decimal(value, locale=self.language.replace("-", "_"))
