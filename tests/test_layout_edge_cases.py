"""The layout at its edges: small trims, long titles and texts, a section of one maze, a maze
too big for the answer key, bleed asked of a printer that prints none. Each config here once
broke a build or ran text off its page; every page must now fit and say only what is true."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.errors import BookmakerError

from .readback import RenderedPage, page_texts


def test_section_without_endpoints_is_not_sized_for_the_answer_key(tmp_path, build_book):
    # 60x80 fits one to a page, but not six to an answer page; it has no answer to show.
    _, result, manifest = build_book(
        tmp_path,
        """
        title: Free and solved
        sections:
          - title: Free
            size: 60x80
            count: 1
            endpoints: none
          - title: Solved
            size: 10x10
            count: 1
    """,
    )
    free, solved = manifest["mazes"]
    assert free["answer_page"] is None and solved["answer_page"] is not None


def test_contents_of_many_sections_stay_above_the_footer_on_a_small_page(tmp_path, build_book):
    # 28 lines fit a letter page; a 6x9 page holds fewer, and the rest ran off its foot.
    sections = "".join(
        f"""
          - title: Section {i}
            size: 3x3
            count: 1"""
        for i in range(30)
    )
    _, result, _ = build_book(
        tmp_path,
        """
        title: Many sections
        page:
          size: 6x9
        answer_key:
          enabled: false
        sections:"""
        + sections,
    )
    reader = PdfReader(result.pdf)
    contents = [
        number for number, page in enumerate(reader.pages, start=1) if "Contents" in page.extract_text()
    ]
    assert len(contents) == 2
    listed = "\n".join(reader.pages[number - 1].extract_text() for number in contents)
    assert all(f"Section {i}" in listed for i in range(30))
    for number in contents:  # a 6 x 9 in page with the home profile's 0.5 in margins
        assert text_clear_of_the_page_number(result.pdf, number, (36, 36, 396, 612)) == []


def test_a_top_margin_under_the_minimum_names_no_page_count(tmp_path):
    # Only the gutter follows the page count; the top margin is checked before pages are counted.
    config = tmp_path / "book.yaml"
    config.write_text(
        textwrap.dedent("""
        title: Thin top
        profile: kdp
        page:
          size: 6x9
          margins: {top: 0.1in}
        sections:
          - title: A
            size: 5x5
            count: 30
    """),
        encoding="utf-8",
    )
    with pytest.raises(BookmakerError) as error:
        build(config, tmp_path / "book.pdf")
    assert str(error.value) == (
        f"{config}:6: page.margins.top: 0.1in is under the kdp minimum "
        "of 0.25in; set at least 0.25in, or leave it out for the default"
    )


LONG_TITLE = "Labyrinthe – Été, the longest section title you have ever seen in a book"
LONG_INSTRUCTIONS = " ".join(["Find the way from the arrow in to the arrow out."] * 8)


def test_a_long_section_title_is_cut_to_its_line_not_run_off_the_page(tmp_path, build_book):
    # On a 5x8 page the title ran past the margin in the contents and the running head, so
    # the preflight refused the book; instructions past two lines vanished without a sign.
    _, result, manifest = build_book(
        tmp_path,
        f"""
        title: Small
        page:
          size: 5x8
        sections:
          - title: "{LONG_TITLE}"
            difficulty: Très difficile
            size: 8x10
            count: 1
            instructions: "{LONG_INSTRUCTIONS}"
    """,
    )
    reader = PdfReader(result.pdf)
    contents = next(p.extract_text() for p in reader.pages if "Contents" in p.extract_text())
    assert "Labyrinthe – Été, the longest" in contents and "\u2026" in contents
    puzzle = reader.pages[manifest["mazes"][0]["page"] - 1].extract_text()
    assert "Labyrinthe – Été" in puzzle and "Très difficile" in puzzle
    assert puzzle.count("\u2026") == 2  # the title and the instructions' second line
    assert overprinted_glyphs(result.pdf, manifest["mazes"][0]["page"]) == []


def test_a_long_worksheet_title_leaves_room_for_the_variant_code(tmp_path, build_book):
    _, result, manifest = build_book(
        tmp_path,
        f"""
        title: Sheets
        layout: worksheet
        front_matter: {{title_page: false, how_to: false, contents: false}}
        sections:
          - title: "{LONG_TITLE}, and then some"
            size: 6x8
            count: 1
            instructions: "{LONG_INSTRUCTIONS}"
    """,
    )
    page = manifest["mazes"][0]["page"]
    assert overprinted_glyphs(result.pdf, page) == []
    assert (
        "Variant " + manifest["mazes"][0]["variant"] in PdfReader(result.pdf).pages[page - 1].extract_text()
    )


def printed_glyphs(pdf: Path, page_number: int) -> list[tuple[str, tuple[float, ...]]]:
    """Each visible character of the page and its box (left, bottom, right, top) in points."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        text = document[page_number - 1].get_textpage()
        glyphs = []
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if char.strip():
                glyphs.append((char, text.get_charbox(index)))
    finally:
        document.close()
    return glyphs


def text_clear_of_the_page_number(pdf: Path, page_number: int, margins) -> list[str]:
    """Characters outside the box ``margins`` leaves, or not above the page number, which
    must be the page's lowest line."""
    glyphs = printed_glyphs(pdf, page_number)
    lowest = min(box[1] for _, box in glyphs)
    footer = sorted((box[0], char, box) for char, box in glyphs if box[1] < lowest + 1)
    if "".join(char for _, char, _ in footer) != str(page_number):
        return [f"the lowest line reads {''.join(char for _, char, _ in footer)!r}"]
    footer_top = max(box[3] for _, _, box in footer)
    left, bottom, right, top = margins
    return [
        f"{char!r} at {box[0]:.0f},{box[1]:.0f}"
        for char, box in glyphs
        if box[0] < left - 0.5
        or box[2] > right + 0.5
        or box[3] > top + 0.5
        or box[1] < bottom - 0.5
        or (box[1] >= lowest + 1 and box[1] <= footer_top)
    ]


def overprinted_glyphs(pdf: Path, page_number: int) -> list[str]:
    """Pairs of printed characters whose boxes overlap by more than a point each way."""
    glyphs = printed_glyphs(pdf, page_number)
    found = []
    for i, (a, (l1, b1, r1, t1)) in enumerate(glyphs):
        for b, (l2, b2, r2, t2) in glyphs[i + 1 :]:
            if min(r1, r2) - max(l1, l2) > 1 and min(t1, t2) - max(b1, b2) > 1:
                found.append(f"{a!r} at {l1:.0f},{b1:.0f} and {b!r} at {l2:.0f},{b2:.0f}")
    return found


def test_how_to_page_explains_only_what_the_book_has(tmp_path, build_book):
    # Without stars or an answer key, the default text still promised both.
    _, result, _ = build_book(
        tmp_path,
        """
        title: Plain
        show_rating: false
        answer_key:
          enabled: false
        sections:
          - title: Only
            size: 6x6
            count: 1
    """,
    )
    how_to = PdfReader(result.pdf).pages[1].extract_text()
    assert "How to solve" in how_to and "recipe" in how_to
    assert "Stars" not in how_to and "answer key" not in how_to


def test_a_section_of_one_maze_reads_as_one(tmp_path, build_book):
    _, result, _ = build_book(
        tmp_path,
        """
        title: Single
        sections:
          - title: Lonely
            size: 6x6
            count: 1
    """,
    )
    pages = page_texts(result.pdf)
    assert "1 maze," in pages[0] and "1 mazes" not in pages[0]
    opener = next(text for text in pages if "Lonely" in text and "cells" in text)
    assert "1 maze of 6 x 6 cells, number 1." in opener


def test_a_maze_too_big_for_the_answer_key_gets_an_answer_page_of_its_own(tmp_path, build_book):
    # It was refused, naming answer_key.per_page; a dense maze's answers now go fewer to a
    # page (tests/test_dense_answer_key.py), here one, where it fits as on its own page.
    _, result, manifest = build_book(
        tmp_path,
        """
        title: Too big for the key
        sections:
          - title: Big
            size: 60x80
            count: 1
    """,
    )
    (record,) = manifest["mazes"]
    assert record["answer_page"] == result.pages
    puzzle, answer = record["bbox"], record["answer_bbox"]
    assert answer[2] - answer[0] == pytest.approx(puzzle[2] - puzzle[0], abs=0.5)


def test_bleed_on_a_home_printer_builds(tmp_path, build_book):
    # The home profile prints no bleed; the thumb tabs meant for it sat on the page edge and
    # the preflight refused the book.
    _, result, manifest = build_book(
        tmp_path,
        """
        title: Home with bleed asked
        page:
          bleed: true
        sections:
          - title: A
            size: 10x10
            count: 1
    """,
    )
    assert manifest["page_size"] == [612.0, 792.0]
    for page in PdfReader(result.pdf).pages:  # no bleed added: every box is the letter page
        assert [list(map(float, box)) for box in (page.mediabox, page.trimbox, page.bleedbox)] == [
            [0, 0, 612, 792]
        ] * 3
    # Nothing on the puzzle page's outside half inch, where a tab would run off the edge.
    number = manifest["mazes"][0]["page"]
    image = RenderedPage(result.pdf, number, scale=1).image.convert("L")
    outside = (612 - 36, 0, 612, 792) if number % 2 else (0, 0, 36, 792)
    assert image.crop(outside).getextrema()[0] > 200


def test_many_long_worksheet_fields_do_not_overprint(tmp_path, build_book):
    _, result, manifest = build_book(
        tmp_path,
        """
        title: Fields
        layout: worksheet
        page:
          size: a5
        front_matter: {title_page: false, how_to: false, contents: false}
        worksheet:
          fields: [Name of the student, Date of today, Class and group, Teacher, Room number]
          min_cell: 5mm
        sections:
          - title: A
            size: 6x6
            count: 1
    """,
    )
    page = manifest["mazes"][0]["page"]
    assert overprinted_glyphs(result.pdf, page) == []
    assert "Teacher:" in PdfReader(result.pdf).pages[page - 1].extract_text()


def test_the_default_how_to_text_fits_a_small_trim(tmp_path, build_book):
    # On a 4.25 x 6.87 in pocket book the how-to text ran over the page number.
    _, result, _ = build_book(
        tmp_path,
        """
        title: Pocket
        page:
          size: 4.25x6.87in
        sections:
          - title: A
            size: 6x8
            count: 1
    """,
    )
    how_to = PdfReader(result.pdf).pages[1].extract_text()
    assert "How to solve these mazes" in how_to and "recipe" in how_to
    # 4.25 x 6.87 in with the home profile's 0.5 in margins
    assert text_clear_of_the_page_number(result.pdf, 2, (36, 36, 270, 458.64)) == []
    assert overprinted_glyphs(result.pdf, 2) == []


def test_a_long_title_fits_the_title_page_of_a_small_trim(tmp_path, build_book):
    # The title shrank only to fit its longest word, and ran down over the author's name.
    _, result, _ = build_book(
        tmp_path,
        """
        title: "Labyrinthe – Été: a very very long title that goes on and on and on
          for quite a long time indeed"
        subtitle: Été à la plage
        author: Zoë Ørsted
        page:
          size: 4x6in
        sections:
          - title: A
            size: 6x8
            count: 1
    """,
    )
    title_page = PdfReader(result.pdf).pages[0].extract_text()
    assert "Zoë Ørsted" in title_page and "time indeed" in title_page
    assert overprinted_glyphs(result.pdf, 1) == []
