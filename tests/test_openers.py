"""Fewer wasted pages: sections that open on a page of their own, above their first maze
(`opener: inline`) or not at all (`opener: none`), and short mazes laid two or three to a
page. The contents, the answer key and the manifest must stay true whatever the layout.

Every book here is built by ``build``, which runs its printer's preflight on the PDF.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.config import load_book
from bookmaker.layout.page_geometry import MIN_CELL_PT
from bookmaker.maze import generate_on
from bookmaker.maze.solve import with_endpoints

from .readback import page_texts
from .wall_readback import pdf_to_pixels, wall_mismatches

ROOT = Path(__file__).resolve().parent.parent
SILHOUETTES = ROOT / "configs" / "silhouettes.yaml"
SCALE = 3.0  # pixels per point for reading walls back

# The seeds of configs/silhouettes.yaml's 40 mazes, in print order, as the book printed them
# in 66 pages with a page before every section: fewer pages must not mean other mazes.
SILHOUETTE_SEEDS = [
    3824442897,
    2701850035,
    4080916697,
    1855444848,
    137154745,
    3258708422,
    717067221,
    2235674477,
    3678978989,
    3063245197,
    4014367086,
    2006565101,
    1572008903,
    2749870935,
    2651685402,
    1359614695,
    1291987018,
    3096392276,
    3275096724,
    3430249574,
    3064379193,
    1876332544,
    3854752146,
    3308191829,
    4024203941,
    3731706739,
    693292566,
    1980038066,
    2406455285,
    3045165587,
    1179900865,
    940461419,
    837375946,
    1461872414,
    990347944,
    1763379191,
    3841009028,
    563182142,
    3622062553,
    3786523369,
]


def built(folder: Path, config: str, name: str = "book") -> tuple[Path, dict]:
    path = folder / f"{name}.yaml"
    path.write_text(textwrap.dedent(config), encoding="utf-8")
    result = build(path, folder / f"{name}.pdf")
    return result.pdf, json.loads(result.manifest.read_text(encoding="utf-8"))


def first_pages(manifest: dict) -> dict[str, int]:
    """Each section's first page of mazes."""
    pages: dict[str, int] = {}
    for record in manifest["mazes"]:
        pages.setdefault(record["section"], record["page"])
    return pages


def contents_entries(text: str) -> dict[str, int]:
    """A contents page's lines as {title: page}: each title, then its page number."""
    return {
        title: int(page)
        for title, page in re.findall(r"^([A-Za-z][A-Za-z ]*?)\s*\n(\d+)\s*$", text, re.MULTILINE)
    }


@pytest.fixture
def silhouettes(sample_book):
    """The sample silhouettes book, as the suite builds it once (conftest's ``sample_book``)."""
    result = sample_book("silhouettes")
    return result.pdf, json.loads(result.manifest.read_text(encoding="utf-8"))


def test_the_silhouettes_book_prints_its_40_mazes_in_at_most_48_pages(silhouettes):
    pdf, manifest = silhouettes
    assert manifest["pages"] == len(PdfReader(pdf).pages) <= 48
    assert manifest["pages"] % 2 == 0  # KDP's even count, which the preflight also held it to
    assert [record["seed"] for record in manifest["mazes"]] == SILHOUETTE_SEEDS
    # Its contents still point at each section's first maze.
    contents = contents_entries(PdfReader(pdf).pages[2].extract_text())  # page 3, as page_texts reads it
    assert {title: contents[title] for title in first_pages(manifest)} == first_pages(manifest)


def test_an_inline_opener_puts_the_section_title_on_the_page_of_its_first_maze(tmp_path):
    pdf, manifest = built(
        tmp_path,
        """
        title: Openers
        front_matter: {title_page: false, how_to: false}
        opener: inline
        sections:
          - {title: Little Squares, difficulty: Easy, size: 8x8, count: 3, per_page: 2,
             instructions: Go from the ball to the arrow.}
          - {title: Hexagon Hive, shape: hex, size: 8x7, count: 2,
             instructions: Six walls to a room.}
        """,
    )
    texts = page_texts(pdf)
    starts = first_pages(manifest)
    assert starts == {"Little Squares": 2, "Hexagon Hive": 4}  # right after the contents
    assert Counter(record["page"] for record in manifest["mazes"]) == {2: 2, 3: 1, 4: 1, 5: 1}
    first = texts[starts["Little Squares"] - 1]
    assert "Little Squares" in first and "Easy" in first
    assert "Go from the ball to the arrow." in first
    assert "3 mazes of 8 x 8 cells, numbers 1 to 3." in first
    assert "2 hexagon mazes of 8 x 7 cells, numbers 4 to 5." in texts[starts["Hexagon Hive"] - 1]
    # The opener is set once: the section's next page has only its running head.
    assert "Little Squares" in texts[2] and "numbers 1 to 3" not in texts[2]
    assert contents_entries(texts[0]) == {**starts, "Answers": 6}


def test_no_opener_prints_no_opener_page_and_the_contents_still_list_the_section(tmp_path):
    pdf, manifest = built(
        tmp_path,
        """
        title: Openers
        front_matter: {title_page: false, how_to: false}
        sections:
          - {title: Plain Start, size: 8x8, count: 2, opener: none}
          - {title: Grand Entrance, size: 8x8, count: 2}
        """,
    )
    texts = page_texts(pdf)
    starts = first_pages(manifest)
    # Contents on page 1, Plain Start's mazes at once on 2 and 3, Grand Entrance's own page
    # (the book's default opener) on 4 before its mazes on 5 and 6.
    assert starts == {"Plain Start": 2, "Grand Entrance": 5}
    assert not any("2 mazes of 8 x 8 cells, numbers 1 to 2." in text for text in texts)
    assert "2 mazes of 8 x 8 cells, numbers 3 to 4." in texts[3]
    assert contents_entries(texts[0]) == {"Plain Start": 2, "Grand Entrance": 4, "Answers": 7}
    # The home profile's PDF outline lands on the same pages.
    reader = PdfReader(pdf)
    outline = {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}
    assert outline == {"Plain Start": 2, "Grand Entrance": 4, "Answers": 7}


def test_short_silhouettes_share_a_page_and_keep_the_corridors_they_have_alone(tmp_path):
    sections = """
        sections:
          - {{title: Word, mask: {{text: MAZE}}, size: 44x16, count: {count}}}
          - {{title: Square, size: 12x12, count: 2}}
        """
    book = "title: Packed\nfront_matter: {title_page: false, how_to: false}\n"
    _, packed = built(tmp_path, book + textwrap.dedent(sections.format(count=5)), "packed")
    _, alone = built(tmp_path, book + textwrap.dedent(sections.format(count=1)), "alone")
    words = [record for record in packed["mazes"] if record["section"] == "Word"]
    per_page = Counter(record["page"] for record in words)
    assert sorted(per_page.values(), reverse=True)[0] in (2, 3) and len(per_page) < len(words)
    assert all(count in (1, 2, 3) for count in per_page.values())
    # Each keeps the size (and so the corridor) the word has on a page of its own...
    (single,) = [record for record in alone["mazes"] if record["section"] == "Word"]
    width = single["bbox"][2] - single["bbox"][0]
    for record in words:
        assert record["bbox"][2] - record["bbox"][0] == pytest.approx(width, abs=0.01)
    assert width / 44 >= MIN_CELL_PT
    # ...and a maze as tall as it is wide keeps its page.
    squares = [record["page"] for record in packed["mazes"] if record["section"] == "Square"]
    assert len(set(squares)) == 2


def test_the_manifest_puts_every_maze_where_the_pages_draw_it(silhouettes):
    pdf, manifest = silhouettes
    texts = page_texts(pdf)
    # The pages read back include those the layout changed: a section's opener above its
    # first maze, and the two words of "A Word to Walk" on one page.
    assert "4 mazes cut from a 14 x 14 grid, numbers 1 to 4." in texts[manifest["mazes"][0]["page"] - 1]
    words = [record["page"] for record in manifest["mazes"] if record["section"] == "A Word to Walk"]
    assert len(words) == 2 and len(set(words)) == 1
    book = load_book(SILHOUETTES)
    index = {section.title: number for number, section in enumerate(book.sections)}
    document = pdfium.PdfDocument(str(pdf))
    wrong = []
    for page_number in sorted({record["page"] for record in manifest["mazes"]}):
        page = document[page_number - 1]
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        for record in (r for r in manifest["mazes"] if r["page"] == page_number):
            topology = book.grid_for(index[record["section"]])
            maze = with_endpoints(
                generate_on(topology, record["algorithm"], record["seed"], braid=record["braid"]),
                record["endpoints"],
            )
            x0, _, x1, y1 = record["bbox"]
            to_pixel = pdf_to_pixels(
                x0, y1, (x1 - x0) / topology.box[0], (page.get_width(), page.get_height()), image.size
            )
            wrong += [
                f"maze {record['number']}: {problem}" for problem in wall_mismatches(image, to_pixel, maze)
            ]
            # The answer key finds it, and it names its answer's page.
            assert f"answer p. {record['answer_page']}" in texts[page_number - 1]
            assert f"puzzle p. {page_number}" in texts[record["answer_page"] - 1]
    document.close()
    assert wrong == []
