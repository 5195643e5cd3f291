"""What prints under each maze: `recipe: full | code | none`, per book or section, read back
from the PDF's text and checked against the manifest and the code's own reading."""

from __future__ import annotations

import json
import re

from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.maze.codes import read_code

CODE = re.compile(r"maze code ([0-9A-Z]{4}(?:-[0-9A-Z]{1,4})+)")
BARE_CODE = re.compile(r"\b([0-9A-Z]{4}(?:-[0-9A-Z]{1,4})+)\b")  # as a shop's book prints it
NO_FRONT = "front_matter: {title_page: false, how_to: false, contents: false}\n"


def built(tmp_path, text: str, name: str = "book"):
    config = tmp_path / f"{name}.yaml"
    config.write_text(text, encoding="utf-8")
    result = build(config, tmp_path / f"{name}.pdf")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    return PdfReader(result.pdf), manifest


def page_text(reader: PdfReader, number: int) -> str:
    return reader.pages[number - 1].extract_text()


def test_kdp_books_print_a_bare_code_that_reads_back_as_the_maze(tmp_path):
    reader, manifest = built(
        tmp_path,
        "title: Codes\nprofile: kdp\npage: {size: 8.5x11}\n"
        "sections:\n  - {title: A, size: 8x10, count: 4, per_page: 2}\n"
        "  - {title: B, shape: hex, size: 7x6, count: 2, endpoints: border}\n",
    )
    for record in manifest["mazes"]:
        codes = BARE_CODE.findall(page_text(reader, record["page"]))
        assert record["code"] in codes, record["number"]
        parts = read_code(record["code"])
        size = (
            (record["width"], record["height"])
            if "width" in record
            else (record["shape"]["width"], record["shape"]["height"])
        )
        assert (parts.algorithm, parts.seed, parts.endpoints, (parts.width, parts.height)) == (
            record["algorithm"],
            record["seed"],
            record["endpoints"],
            size,
        )
        # The answer key prints the same code beside the solution.
        assert record["code"] in BARE_CODE.findall(page_text(reader, record["answer_page"]))
    # The code is the publisher's: the buyer is told nothing of it, nor of bookmaker.
    assert not any(
        "--code" in page.extract_text() or "maze code" in page.extract_text() for page in reader.pages
    )


def test_home_books_print_the_full_recipe(tmp_path):
    reader, manifest = built(
        tmp_path,
        "title: Words\n" + NO_FRONT + "sections:\n  - {title: A, size: 8x6, count: 2, per_page: 2}\n",
    )
    text = page_text(reader, manifest["mazes"][0]["page"])
    for record in manifest["mazes"]:
        assert f"recursive-backtracker 8x6 seed {record['seed']} opposite" in text
    assert not CODE.search(text)


def test_a_section_overrides_the_book_and_none_prints_nothing(tmp_path):
    reader, manifest = built(
        tmp_path,
        "title: Mixed\nprofile: home\nrecipe: code\n" + NO_FRONT + "sections:\n"
        "  - {title: Coded, size: 8x6, count: 1}\n"
        "  - {title: Worded, size: 8x6, count: 1, recipe: full}\n"
        "  - {title: Bare, size: 8x6, count: 1, recipe: none}\n",
    )
    coded, worded, bare = manifest["mazes"]
    assert CODE.findall(page_text(reader, coded["page"])) == [coded["code"]]
    assert f"seed {worded['seed']} opposite" in page_text(reader, worded["page"])
    bare_text = page_text(reader, bare["page"])
    assert str(bare["seed"]) not in bare_text and not CODE.search(bare_text)
    assert bare["code"] is not None  # the manifest keeps the code whatever the page prints


def test_worksheets_default_to_codes_and_a_mask_falls_back_to_words(tmp_path):
    reader, manifest = built(
        tmp_path,
        "title: Class\nlayout: worksheet\n"
        "worksheet: {copies: 2, key: section}\n"
        "sections:\n  - {title: Plain, size: 6x6, count: 1}\n"
        "  - {title: Star, size: 12x11, count: 1, "
        "mask: {outline: star, islands: keep-largest}}\n",
    )
    plain = [r for r in manifest["mazes"] if r["section"] == "Plain"]
    star = [r for r in manifest["mazes"] if r["section"] == "Star"]
    for record in plain:
        assert record["code"] in CODE.findall(page_text(reader, record["page"]))
    for record in star:  # a silhouette has no code: its recipe names the outline
        assert record["code"] is None
        assert f"seed {record['seed']} outline=star" in page_text(reader, record["page"])


def test_a_book_printing_no_recipes_does_not_explain_them(tmp_path):
    reader, _ = built(
        tmp_path, "title: Quiet\nrecipe: none\nsections:\n  - {title: A, size: 8x6, count: 1}\n"
    )
    how_to = next(page.extract_text() for page in reader.pages if "How to solve" in page.extract_text())
    assert "recipe" not in how_to and "code" not in how_to


def test_a_coded_book_with_a_silhouette_explains_both(tmp_path):
    """A mask has no code, so its page prints the recipe: the how-to page explains both."""
    reader, manifest = built(
        tmp_path,
        "title: Both\nrecipe: code\npage: {size: 8.5x11}\n"
        "sections:\n  - {title: Plain, size: 8x10, count: 1}\n"
        "  - {title: Star, size: 12x11, count: 1, "
        "mask: {outline: star, islands: keep-largest}}\n",
    )
    how_to = next(page.extract_text() for page in reader.pages if "How to solve" in page.extract_text())
    assert "--code" in how_to and "recipe" in how_to
    star = manifest["mazes"][1]
    assert star["code"] is None and "outline=star" in page_text(reader, star["page"])
