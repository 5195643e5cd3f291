"""Every sentence a book prints is true of that book: read back from the built PDF's text
(and, for the marks it describes, from its rendered pixels), beside the manifest's facts.

The how-to page says one path or loops as the book's mazes have them, names the sections
with loops in a book of both kinds, describes the start and finish marks as they are drawn
on the shapes used, and, in a book sold in shops (kdp, lulu, ingramspark), says nothing of
bookmaker, whose recipes never print there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from bookmaker.build import build
from bookmaker.config import ConfigError
from bookmaker.maze import ALGORITHMS
from bookmaker.prepare import prepare

from .readback import page_texts, page_words

ROOT = Path(__file__).parent.parent
# A recipe line as `bookmaker maze` reads it: an algorithm's name, then (after the size and
# shape) a seed.
RECIPE_LINE = re.compile(r"\b(?:" + "|".join(map(re.escape, ALGORITHMS)) + r")\b[^\n]*\bseed \d")
ONE_PATH = ("exactly one", "no loops", "dead end means turn back", "perfect maze")


def built(tmp_path: Path, text: str, name: str = "book"):
    """The book ``text`` describes, built as `bookmaker build` builds it (preflight and all):
    its pages' text, each with its line breaks made spaces, and its manifest."""
    config = tmp_path / f"{name}.yaml"
    config.write_text(text, encoding="utf-8")
    result = build(config, tmp_path / f"{name}.pdf")
    pages = [" ".join(text.split()) for text in page_texts(result.pdf)]
    return result, pages, json.loads(result.manifest.read_text(encoding="utf-8"))


def how_to(pages: list[str]) -> str:
    return next(page for page in pages if page.startswith("How to solve these mazes"))


def sentence_with(text: str, words: str) -> str:
    return next(sentence for sentence in re.split(r"(?<=\.) ", text) if words in sentence)


def test_a_braided_book_never_says_exactly_one_path(tmp_path):
    _, pages, manifest = built(
        tmp_path,
        """
title: Loops Everywhere
sections:
  - {title: Twisty, size: 10x10, count: 2, per_page: 2, braid: 0.6}
  - {title: Tangled, shape: hex, size: 9x8, count: 2, per_page: 2, braid: 1.0}
""",
    )
    assert not any(record["perfect"] for record in manifest["mazes"])
    text = " ".join(pages)
    for claim in ONE_PATH:
        assert claim not in text, claim
    assert "The mazes in this book have loops" in how_to(pages)
    # The key draws one way of several: the shortest, and says so.
    answers = next(page for page in pages if page.startswith("Answers"))
    assert "The shortest way through each maze" in answers
    assert "The solution of each maze" not in text


def test_a_mixed_book_names_its_sections_with_loops(tmp_path):
    _, pages, manifest = built(
        tmp_path,
        """
title: Some Loops
sections:
  - {title: Plain Paths, size: 8x8, count: 1}
  - {title: Round and Round, size: 8x8, count: 1, braid: 0.8}
  - {title: Straight Ahead, size: 8x8, count: 1}
  - {title: Twisty Turns, size: 8x8, count: 1, braid: 1.0}
""",
    )
    looped = {record["section"] for record in manifest["mazes"] if not record.get("perfect", True)}
    assert looped == {"Round and Round", "Twisty Turns"}
    text = how_to(pages)
    loops = sentence_with(text, "loops")
    assert "In Round and Round and in Twisty Turns," in loops
    assert "Plain Paths" not in text and "Straight Ahead" not in text
    # The others have one path, and the page says so of them only.
    assert "The other mazes are perfect mazes: there is exactly one path" in text
    assert "Every maze in this book is a perfect maze" not in text


def test_a_perfect_book_still_says_exactly_one_path(tmp_path):
    _, pages, _ = built(tmp_path, "title: Trees\nsections:\n  - {title: A, size: 8x8, count: 1}\n")
    assert "Every maze in this book is a perfect maze: there is exactly one path" in how_to(pages)


HALO_GREY = round(0.8 * 255)  # the patch under an end inside: a fifth of black


def test_a_hex_maze_marks_an_inner_end_on_a_grey_hexagon_and_the_how_to_says_so(tmp_path):
    result, pages, manifest = built(
        tmp_path,
        """
title: Hive
show_rating: false
sections:
  - {title: Cells, shape: hex, size: 9x8, count: 1, endpoints: centre}
""",
    )
    record = manifest["mazes"][0]
    assert record["start_side"] is not None and record["end_side"] is None  # rim to middle
    text = how_to(pages)
    assert (
        "a square on a grey hexagon marks the finish" in text
        or "find your way to the square on a grey hexagon" in text
    )
    assert "grey square" not in text and "grey circle" not in text
    # Drawn so: the patch's grey pixels, rendered without smoothing, fill a flat-topped
    # hexagon, wider than tall by 2 to the square root of 3, with its box's corners bare.
    page = pdfium.PdfDocument(result.pdf)[record["page"] - 1]
    image = page.render(scale=8, no_smoothpath=True, no_smoothtext=True).to_pil().convert("L")
    grey = _grey_pixels(image)
    xs, ys = [x for x, _ in grey], [y for _, y in grey]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    width, height = right - left + 1, bottom - top + 1
    assert width / height == pytest.approx(2 / 3**0.5, rel=0.05)
    corner_w, corner_h = 0.15 * width, 0.15 * height
    in_corners = [
        (x, y)
        for x, y in grey
        if (x < left + corner_w or x > right - corner_w) and (y < top + corner_h or y > bottom - corner_h)
    ]
    assert in_corners == []


def _grey_pixels(image) -> list[tuple[int, int]]:
    """Where ``image`` (one byte a pixel) shows the patch's grey."""
    grey = image.point([255 if abs(value - HALO_GREY) <= 2 else 0 for value in range(256)])
    box = grey.getbbox()
    if box is None:
        return []
    # Only the rectangle round the grey is read pixel by pixel, not the whole page.
    left, top, right, _ = box
    data, width = grey.crop(box).tobytes(), right - left
    return [(left + i % width, top + i // width) for i, value in enumerate(data) if value]


def test_a_book_whose_mazes_all_finish_inside_never_points_to_a_finish_arrow(tmp_path):
    _, pages, manifest = built(
        tmp_path,
        """
title: Rings
sections:
  - {title: Round, shape: polar, rings: 6, count: 2, per_page: 2}
""",
    )
    assert all(record["end_side"] is None for record in manifest["mazes"])
    text = how_to(pages)
    assert "two heads" not in text
    assert "find your way to the square on a grey square" in text


def test_a_book_without_marked_ends_sends_no_one_to_an_arrow(tmp_path):
    _, pages, _ = built(
        tmp_path,
        """
title: Free Roaming
sections:
  - {title: Wander, size: 8x8, count: 1, endpoints: none}
""",
    )
    text = how_to(pages)
    assert "arrow" not in text and "Start at" not in text
    assert "The mazes in this book have no marked start or finish" in text


SHOP_BOOK = """
title: Puzzle Time
profile: {profile}
page: {{size: 6x9}}
sections:
  - {{title: Plain, size: 8x10, count: 2, per_page: 2}}
  - {{title: Star, size: 12x11, count: 1, mask: {{outline: star, islands: keep-largest}}}}
  - {{title: Wide, algorithm: growing-tree, options: {{ratio: 0.2}}, size: 8x10, count: 1}}
"""


@pytest.mark.parametrize("profile", ["kdp", "lulu", "ingramspark"])
def test_a_shop_book_never_mentions_bookmaker_nor_prints_a_recipe(tmp_path, profile):
    _, pages, manifest = built(tmp_path, SHOP_BOOK.format(profile=profile))
    text = " ".join(pages)
    assert "bookmaker" not in text.lower()
    assert RECIPE_LINE.search(text) is None
    for words in ("recipe", "maze code", "--code"):
        assert words not in text, words
    assert "How to solve these mazes" in text
    # Under each maze, for the publisher's records: its code, or its seed where no code can
    # carry the maze (a silhouette, options), as the manifest lists them.
    for record in manifest["mazes"]:
        mark = record["code"] or f"seed {record['seed']}"
        assert mark in pages[record["page"] - 1], record["number"]


SHOP_SAMPLES = ["activity-book", "activity-book-ca", "shapes", "silhouettes", "lulu-6x9", "ingramspark-6x9"]


@pytest.mark.parametrize("name", SHOP_SAMPLES)
def test_no_shop_sample_tells_its_buyer_of_bookmaker(sample_book, name):
    source = (ROOT / "configs" / f"{name}.yaml").read_text(encoding="utf-8")
    assert re.search(r"^profile: (kdp|lulu|ingramspark)\b", source, re.M)
    result = sample_book(name)  # built from configs/ as given: no folder name of the checkout
    # Words, whatever their lines: pdfium reads the 128-page book in a thirtieth of pypdf's time.
    text = " ".join(" ".join(text.split()) for text in page_words(result.pdf))
    # The command, always lower case; a publisher may call itself Bookmaker Press.
    assert "bookmaker" not in text
    assert RECIPE_LINE.search(text) is None
    assert "maze code" not in text and "recipe" not in text


DEJAVU_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def test_a_section_title_the_how_to_page_names_is_checked_in_the_how_to_font(tmp_path):
    # The how-to page sets the titles of the sections with loops in the regular face: a
    # character only the bold face has would print there as an empty box.
    if not DEJAVU_BOLD.is_file():
        pytest.skip("needs DejaVu Sans Bold, a font with glyphs Andika lacks")
    config = tmp_path / "glyphs.yaml"
    config.write_text(
        f"""
title: Snow
font: {{regular: {ROOT / "fonts" / "Andika-Regular.ttf"}, bold: {DEJAVU_BOLD}}}
front_matter: {{contents: false}}
sections:
  - {{title: Plain, size: 8x8, count: 1}}
  - {{title: "Snowy \u2603", size: 8x8, count: 1, braid: 0.8}}
""",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as caught:
        prepare(config)
    assert caught.value.problems == [
        f"{config}:7: sections[1].title: '\u2603' (U+2603 SNOWMAN) is not in Andika; use a "
        "font that has it, via font:"
    ]


def test_a_silhouette_section_opener_claims_no_full_grid_of_cells(tmp_path):
    _, pages, manifest = built(
        tmp_path,
        """
title: Hearts
sections:
  - {title: Hearts, size: 14x14, count: 2, per_page: 2, mask: {outline: heart}}
  - {title: Squares, size: 8x8, count: 1}
""",
    )
    # A heart leaves out the corners of its grid: its mazes have fewer than 14 x 14 cells.
    assert manifest["mazes"][0]["mask"]["kind"] == "outline"
    text = " ".join(pages)
    assert "2 mazes cut from a 14 x 14 grid, numbers 1 to 2." in text
    assert "14 x 14 cells" not in text
    assert "1 maze of 8 x 8 cells, number 3." in text


def test_a_book_of_square_and_hex_mazes_names_each_shapes_finish_patch(tmp_path):
    _, pages, manifest = built(
        tmp_path,
        """
title: Middles
sections:
  - {title: Squares, size: 9x9, count: 1, endpoints: centre}
  - {title: Cells, shape: hex, size: 9x8, count: 1, endpoints: centre}
""",
    )
    assert all(record["end_side"] is None for record in manifest["mazes"])
    text = how_to(pages)
    assert ("find your way to the square on a grey square (a grey hexagon in the hexagon mazes)") in text
    assert "grey circle" not in text  # every start is an arrow on the rim


def test_a_book_marked_with_words_sends_its_reader_to_start_and_finish_not_to_arrows(tmp_path):
    _, pages, _ = built(
        tmp_path,
        """
title: Words
markers: words
sections:
  - {title: Squares, size: 8x8, count: 2, per_page: 2}
""",
        "words",
    )
    start = sentence_with(how_to(pages), "Start at")
    assert "arrow" not in start
    assert "the word START" in start and "the word FINISH" in start
    # A book whose mazes show arrows in one section and words in another names both.
    _, pages, _ = built(
        tmp_path,
        """
title: Both
markers: words
sections:
  - {title: Squares, size: 8x8, count: 2, per_page: 2}
  - {title: Arrows, size: 8x8, count: 2, per_page: 2, markers: arrows}
""",
        "both",
    )
    start = sentence_with(how_to(pages), "Start at")
    assert "ball on its tail" in start and "the word START" in start
    assert "two heads" in start and "the word FINISH" in start
