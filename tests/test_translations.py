"""The shipped translations, read as their readers read them: each catalogue is complete and
keeps every field, has its language's own number of plural forms, says counts, page
references, markers, worksheet labels and dates as its translator wrote them down
(tests/translations/<tag>.json), a worksheet prints its date so, and every sample built in
it passes its printer's preflight and prints no English word of bookmaker's own."""

from __future__ import annotations

import datetime
import json
import re
import shutil
import textwrap
from functools import cache
from pathlib import Path

import pytest
import yaml
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from pypdf import PdfReader

from bookmaker.config.models import DEFAULT_PROFILE
from bookmaker.config.yaml_source import parse_yaml
from bookmaker.language import LANGUAGES, Words, locale_folder, placeholders
from bookmaker.preflight.interior import check_pdf
from bookmaker.samples import own_files

from .test_catalogue import BOOK, _plain_words

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "configs").glob("*.yaml"))

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


@cache
def english_words() -> set[str]:
    """The words of bookmaker's own English messages."""
    return words_of(text for message in template().values() for text in forms(message.id))


@cache
def own_words_of(tag: str) -> set[str]:
    """The words of the language's own messages: a word English shares is no leak."""
    return words_of(text for message in translated(tag).values() for text in forms(message.string))


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
    for day, text in expected["dates"]:
        assert words.date(datetime.date.fromisoformat(day)) == text


@pytest.mark.parametrize("tag", TRANSLATED)
def test_each_catalogue_sets_its_languages_punctuation(tag):
    texts = [text for message in translated(tag).values() for text in forms(message.string)]
    assert not [text for text in texts if '"' in text], "quotes are the language's own: „“, „”, « »"
    if tag in ("ca", "fr", "it"):  # an apostrophe inside a word is the typographic one: l’inici
        assert not [text for text in texts if re.search(r"\w'\w", text)]
    if tag == "fr":  # a non-breaking space before : ; ? ! and », and after «
        assert not [text for text in texts if re.search(r"(?<!\u00a0)[:;?!»]|«(?!\u00a0)", text)]


@pytest.mark.parametrize("tag", TRANSLATED)
def test_a_worksheet_prints_its_date_as_the_language_writes_it(tmp_path, build_book, tag):
    expected = json.loads((EXPECTED / f"{tag}.json").read_text(encoding="utf-8"))
    day, written = expected["dates"][0]
    words = Words(tag)
    label = words.pgettext("worksheet.field", "{field}:", field=words.pgettext("worksheet.date", "Date"))
    _, result, _ = build_book(
        tmp_path,
        f"""
        title: Dated
        layout: worksheet
        language: {tag}
        front_matter: {{title_page: false, how_to: false, contents: false}}
        worksheet: {{date: {day}}}
        sections: [{{title: Sheet, size: 5x5, count: 1}}]
        """,
    )
    # pypdf reads a no-break space (French "Date :") back as a space
    lines = [" ".join(line.split()) for line in PdfReader(result.pdf).pages[0].extract_text().splitlines()]
    assert lines[lines.index(" ".join(label.split())) + 1] == " ".join(written.split())


# What a section says in its own words, or picks among mazes, not what bookmaker says of it.
OWN_WORDS = {"title", "id", "difficulty", "instructions", "count", "per_page", "size", "rings"}
OWN_WORDS |= {"algorithm", "options", "order", "min_solution_share"}
SMALL = 10  # cells along a shrunk grid's longer side
SIZE = re.compile(r"(\d+)x(\d+)")


def shrunk(text: str) -> dict:
    """A sample config, made quick to build while printing every kind of page and sentence
    of bookmaker's own that it prints: one section of each kind (those alike but for their
    own words, sizes and algorithms, or a mask's picture, say the same), one maze each, on
    a grid at most 10 cells or 4 rings across (a picture's mask keeping its largest piece
    at that size; a text mask keeps its size, for its letters), one copy of a worksheet set.
    Front matter, openers, the answer key, padding pages up to the printer's least page
    count, the worksheets' key and the cover all stay, as do the page, profile and margins."""
    config = parse_yaml(text).data  # as bookmaker reads it: a date stays text
    kinds, sections = set(), []
    for section in config["sections"]:
        kind = {key: value for key, value in section.items() if key not in OWN_WORDS}
        kind["mask"] = sorted(kind.get("mask") or {})  # an outline, text or image
        kind["braid"] = bool(kind.get("braid"))  # loops or none
        if repr(kind) in kinds:
            continue
        kinds.add(repr(kind))
        section = {**section, "count": 1}
        size = SIZE.fullmatch(str(section.get("size", "")))
        mask = section.get("mask") or {}
        if size and "text" not in mask:
            width, height = int(size[1]), int(size[2])
            scale = min(1, SMALL / max(width, height))
            section["size"] = f"{max(3, round(width * scale))}x{max(3, round(height * scale))}"
            if mask:
                section["mask"] = {**mask, "islands": "keep-largest"}
        if "rings" in section:
            section["rings"] = min(section["rings"], 4)
        sections.append(section)
    config["sections"] = sections
    if "copies" in (config.get("worksheet") or {}):
        config["worksheet"]["copies"] = 1
    return config


# Every sample, and a book that makes bookmaker say what the samples leave unsaid: loops,
# ends marked by words or not at all, round mazes finishing inside, an inline opener, the
# recipe in words.
BOOKS = {**{path.stem: path.read_text(encoding="utf-8") for path in SAMPLES}, "varied": textwrap.dedent(BOOK)}


@cache
def shrunk_book(name: str) -> tuple[list[str], dict]:
    """The files the book names that ship beside it, and its config ``shrunk``: the same in
    every language, so its YAML is read twice a book rather than twice a language."""
    return own_files(BOOKS[name]), shrunk(BOOKS[name])


@pytest.mark.parametrize("tag", TRANSLATED)
@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_sample_builds_in_the_language_passes_its_printer_and_prints_no_english(tmp_path, name, tag):
    """Each sample, shrunk (``shrunk``: one small maze for each kind of section, one
    worksheet copy), built in the language with the preflight a build runs, for the sample's
    own profile: the interior and the cover pass it, and so does the worksheets' key, which
    a build does not check. Each page's text (pdfium) holds none of the English words of
    bookmaker's own that the language does not write too (French "Notes"). English samples
    are built in full, and checked, by test_output_hashes.py."""
    files, config = shrunk_book(name)
    for own in files:  # the samples' art, beside the config as in configs/
        (tmp_path / own).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "configs" / own, tmp_path / own)
    config = {**config, "language": tag}
    english, own_words = english_words(), own_words_of(tag)
    printed = _plain_words(tmp_path, yaml.safe_dump(config, allow_unicode=True), name)
    assert printed, "the build wrote no PDF"
    for key in tmp_path.glob(f"{name}-key.pdf"):  # the build checks the interior and cover
        assert not check_pdf(key, config.get("profile", DEFAULT_PROFILE)).problems
    leaks = {pdf: sorted(set(found) & english - own_words) for pdf, found in printed.items()}
    assert not any(leaks.values()), leaks
