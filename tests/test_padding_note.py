"""A printer's page-count padding is announced: one line on stderr naming the rule and the
pages added, from `build` and `cover` (whose spine counts them); `validate` reports only
problems, so it stays silent."""

from __future__ import annotations

import sys
from unittest.mock import patch

import pytest
from pypdf import PdfReader

from bookmaker.cli import main
from bookmaker.plan.pagination import PlannedPage, pad_for_printer, padding_note
from bookmaker.profiles import INCH, get_profile

from .readback import page_texts

TRIM = (6 * INCH, 9 * INCH)

TINY = """\
title: Tiny
profile: kdp
page:
  size: 6x9
sections:
  - title: Three
    size: 8x8
    count: 3
"""


def run(capsys, *args: str) -> tuple[int, str, str]:
    """The command line, in this process: (exit code, stdout, stderr)."""
    with patch.object(sys, "argv", ["bookmaker", *args]), pytest.raises(SystemExit) as ended:
        main()
    out = capsys.readouterr()
    return ended.value.code, out.out, out.err


def test_a_tiny_kdp_book_says_what_its_24_pages_were_made_of(tmp_path, capsys):
    config = tmp_path / "tiny.yaml"
    config.write_text(TINY, encoding="utf-8")
    pdf = tmp_path / "tiny.pdf"
    code, out, err = run(capsys, "build", str(config), "-o", str(pdf), "--quiet")
    # Title, how-to, contents, opener, 3 puzzles and 1 page of answers: 8 pages; KDP takes
    # no fewer than 24, so 16 are added, "Draw your own maze" and "Notes" in turn.
    assert code == 0 and err.splitlines() == [
        "kdp needs at least 24 pages; added 16 pages: 8 'Draw your own maze' and 8 'Notes'"
    ]
    pages = page_texts(pdf)
    assert len(pages) == 24
    # The note names the pages by the headings they print.
    assert sum("Draw your own maze" in text for text in pages[8:]) == 8
    assert sum(text.lstrip().startswith("Notes") for text in pages[8:]) == 8
    # validate checks for problems only: the same config gives one ok line and no note.
    assert run(capsys, "validate", str(config)) == (0, f"{config}: ok (1 sections, 3 mazes)\n", "")


def test_an_odd_page_count_gets_one_notes_page(tmp_path, capsys):
    # 3 front pages, an opener, 19 puzzles and 4 pages of 6 answers: 27, one short of even.
    config = tmp_path / "odd.yaml"
    config.write_text(TINY.replace("count: 3", "count: 19"), encoding="utf-8")
    code, _, err = run(capsys, "build", str(config), "-o", str(tmp_path / "odd.pdf"), "-q")
    assert code == 0 and err.splitlines() == ["kdp needs an even page count; added 1 'Notes' page"]
    assert len(PdfReader(tmp_path / "odd.pdf").pages) == 28


def test_the_cover_command_names_the_padding_its_spine_counts(tmp_path, capsys):
    config = tmp_path / "tiny.yaml"
    config.write_text(TINY + "cover:\n  paper: white\n", encoding="utf-8")
    code, out, err = run(capsys, "cover", str(config), "-o", str(tmp_path / "tiny.cover.pdf"))
    assert code == 0 and out == f"{tmp_path / 'tiny.cover.pdf'}\n"
    assert err.splitlines()[0] == (
        "kdp needs at least 24 pages; added 16 pages: 8 'Draw your own maze' and 8 'Notes'"
    )


def test_a_home_book_is_never_padded_and_says_nothing(tmp_path, capsys):
    config = tmp_path / "home.yaml"
    config.write_text(TINY.replace("profile: kdp", "profile: home"), encoding="utf-8")
    code, _, err = run(capsys, "build", str(config), "-o", str(tmp_path / "home.pdf"), "-q")
    assert (code, err) == (0, "")


@pytest.mark.parametrize(
    "profile, count, note",
    [
        ("kdp", 24, None),
        ("kdp", 23, "kdp needs at least 24 pages; added 1 'Notes' page"),
        ("kdp", 22, "kdp needs at least 24 pages; added 2 pages: 1 'Draw your own maze' and 1 'Notes'"),
        ("kdp", 25, "kdp needs an even page count; added 1 'Notes' page"),
        ("lulu", 1, "lulu needs at least 32 pages; added 31 pages: 15 'Draw your own maze' and 16 'Notes'"),
        ("ingramspark", 17, "ingramspark needs its last page blank; added 1 blank page"),
        (
            "ingramspark",
            18,
            "ingramspark needs an even page count and its last page blank; added 2 pages: "
            "1 'Notes' and 1 blank",
        ),
        (
            "ingramspark",
            1,
            "ingramspark needs at least 18 pages and its last page blank; added 17 pages: "
            "8 'Draw your own maze', 8 'Notes' and 1 blank",
        ),
        ("home", 3, None),
    ],
)
def test_the_note_counts_each_kind_of_page_added(profile, count, note):
    padded = pad_for_printer([PlannedPage("puzzles") for _ in range(count)], get_profile(profile), TRIM)
    assert padding_note(padded, get_profile(profile), TRIM) == note
    assert padding_note([PlannedPage("puzzles")] * count, get_profile(profile), TRIM) is None
