"""Each printer's published figures, as bookmaker applies them: the spine formulas against
the printers' own words, IngramSpark's ISBN barcode and blank last page, KDP's page counts
per ink and paper, and the cover preflight of Lulu and IngramSpark covers.

The figures in SPINES are typed from the guides (cited in bookmaker/profiles.py), not read
from the profiles, so a changed profile figure fails here.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bookmaker.errors import BookmakerError
from bookmaker.layout.cover_geometry import spine_width
from bookmaker.profiles import INCH, PAPERS, PROFILES
from tests.command_line import in_process

ROOT = Path(__file__).resolve().parent.parent

# Inches of spine for a book of ``pages`` pages on each paper, as each printer's guide puts it.
SPINES = {
    # KDP, "Create a paperback cover": page count x 0.002252 (white), 0.0025 (cream),
    # 0.002347 (premium colour), 0.002252 (standard colour).
    "kdp": {
        "white": lambda pages: pages * 0.002252,
        "cream": lambda pages: pages * 0.0025,
        "premium-color": lambda pages: pages * 0.002347,
        "standard-color": lambda pages: pages * 0.002252,
    },
    # Lulu, "How is spine width calculated?": (pages / 444) + 0.06", whatever the paper.
    "lulu": dict.fromkeys(PAPERS, lambda pages: pages / 444 + 0.06),
}


@pytest.mark.parametrize("pages", [50, 100, 300])
@pytest.mark.parametrize(("printer", "paper"), [(p, paper) for p in SPINES for paper in PAPERS])
def test_spine_width_is_the_printers_published_formula(printer, paper, pages):
    spine = spine_width(PROFILES[printer], paper, pages)
    assert spine / INCH == pytest.approx(SPINES[printer][paper](pages), abs=1e-9)


def test_a_printer_that_publishes_no_spine_formula_asks_for_the_width():
    # IngramSpark's Cover Template Generator states a spine per title; no figure is published.
    with pytest.raises(BookmakerError, match="IngramSpark's cover template states"):
        spine_width(PROFILES["ingramspark"], "white", 100)


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """`bookmaker ARGS` in this process (tests/command_line.py): the exit code and lines the
    tests read, without a Python start; test_bad_configs.py runs the real process."""
    return in_process(*args, cwd=cwd)


def config(profile: str, count: int, cover: str, interior: str = "") -> str:
    """A book of ``count`` small mazes, one a page after an opener, with this cover block."""
    keys = "\n".join(f"  {line}" for line in cover.strip().splitlines())
    return f"""\
title: Printer Rules
author: Ada Tester
seed: 21
profile: {profile}
{interior}
page: {{size: 6x9, bleed: true}}
front_matter: {{title_page: false, how_to: false, contents: false}}
answer_key: {{enabled: false}}
sections:
  - {{title: Small, size: 4x4, count: {count}, per_page: 1}}
cover:
{keys}
"""


# -- IngramSpark: the ISBN barcode and the blank last page ----------------------------------


def test_ingramspark_requires_isbn_in_one_line_naming_file_and_line(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(config("ingramspark", 4, "spine_width: 0.1in"), encoding="utf-8")
    run = cli("validate", str(path))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.strip() == (
        f"{path}:11: cover.isbn: required key is missing: isbn, since IngramSpark prints no cover "
        "without the book's ISBN barcode on the back (e.g. isbn: 978-1-4028-9462-6)"
    )


# The module on one worker, so the IngramSpark book (the module fixture below) is built once, not on each.
pytestmark = pytest.mark.xdist_group("ingramspark_book")


@pytest.fixture(scope="module")
def ingramspark_book(tmp_path_factory):
    """An IngramSpark book of 18 content pages and its cover, built once."""
    from bookmaker.build import build

    folder = tmp_path_factory.mktemp("ingramspark")
    path = folder / "book.yaml"
    path.write_text(
        config("ingramspark", 17, "isbn: 978-1-4028-9462-6\nspine_width: 0.05in"), encoding="utf-8"
    )
    result = build(path, folder / "book.pdf")  # build runs the interior and cover preflights
    return result, json.loads(result.manifest.read_text(encoding="utf-8"))


def test_ingramspark_interior_ends_on_a_blank_page_it_counts(ingramspark_book):
    result, manifest = ingramspark_book
    # 18 pages of content, a Notes page to make the count even, then IngramSpark's blank.
    assert result.pages == manifest["pages"] == len(PdfReader(result.pdf).pages) == 20
    assert manifest["cover"]["interior_pages"] == 20
    assert result.notes[0] == (
        "ingramspark needs an even page count and its last page blank; added 2 pages: 1 'Notes' and 1 blank"
    )
    document = pdfium.PdfDocument(str(result.pdf))
    try:
        last = document[len(document) - 1].render(scale=1).to_pil().convert("L")
        before = document[len(document) - 2].render(scale=1).to_pil().convert("L")
    finally:
        document.close()
    assert last.getextrema() == (255, 255)  # no lines, no page number, nothing
    assert before.getextrema()[0] < 128  # the page before it is the ruled Notes page
    assert PdfReader(result.pdf).pages[-1].extract_text().strip() == ""


def test_ingramspark_cover_passes_its_preflight_and_needs_its_barcode(ingramspark_book):
    result, _ = ingramspark_book
    cover = str(result.cover)
    run = cli("check", cover, "--cover", "--trim", "6x9", "--profile", "ingramspark")
    assert run.returncode == 0, run.stdout + run.stderr
    # A cover said to carry no barcode, or whose barcode box is empty, is refused.
    run = cli("check", cover, "--cover", "--trim", "6x9", "--profile", "ingramspark", "--barcode", "none")
    assert run.returncode == 1
    assert "IngramSpark prints no cover without the book's ISBN barcode" in run.stdout


def test_ingramspark_cover_of_the_wrong_spine_is_caught(ingramspark_book):
    result, _ = ingramspark_book
    run = cli(
        "check", str(result.cover), "--cover", "--trim", "6x9", "--profile", "ingramspark",
        "--spine-width", "0.2in",
    )  # fmt: skip
    assert run.returncode == 1
    assert "cover-size" in run.stdout and "a 0.200 in spine" in run.stdout


# -- Lulu: the spine from its formula --------------------------------------------------------


def test_lulu_cover_takes_its_spine_from_the_formula_and_catches_a_wrong_one(tmp_path, build_book):
    _, result, manifest = build_book(tmp_path, config("lulu", 35, "paper: cream"))
    pages = manifest["pages"]
    assert pages == 36  # 36 pages of content: Lulu's 32 met, even
    assert manifest["cover"]["spine_width"] == pytest.approx((pages / 444 + 0.06) * INCH, abs=1e-3)
    cover = str(result.cover)
    run = cli("check", cover, "--cover", "--trim", "6x9", "--profile", "lulu")
    assert run.returncode == 0, run.stdout + run.stderr
    run = cli("check", cover, "--cover", "--trim", "6x9", "--profile", "lulu", "--pages", "100")
    assert run.returncode == 1
    assert "cover-size" in run.stdout


def test_cover_guides_follow_the_profile_of_the_build_beside_them(tmp_path, build_book):
    _, result, _ = build_book(tmp_path, config("lulu", 35, "paper: white"))
    drawn = {}
    for flags in ([], ["--profile", "lulu"], ["--profile", "kdp"]):
        out = tmp_path / f"guides{len(drawn)}"
        run = cli("preview", str(result.cover), "--guides", "--dpi", "30", "-o", str(out), *flags)
        assert run.returncode == 0, run.stderr
        drawn[" ".join(flags)] = Path(run.stdout.strip()).read_bytes()
    assert drawn[""] == drawn["--profile lulu"] != drawn["--profile kdp"]


# -- KDP: page counts per ink and paper -------------------------------------------------------


@pytest.mark.parametrize(("paper", "pages"), [("standard-color", 72), ("premium-color", 24)])
def test_kdp_colour_papers_pad_to_their_own_minimum(tmp_path, build_book, paper, pages):
    _, result, manifest = build_book(tmp_path, config("kdp", 5, f"paper: {paper}", "interior: color"))
    assert manifest["pages"] == len(PdfReader(result.pdf).pages) == pages
    assert manifest["cover"]["interior_pages"] == pages
    assert result.notes[0].startswith(f"kdp needs at least {pages} pages; added {pages - 6} pages")


def test_kdp_page_count_limits_follow_the_paper():
    kdp = PROFILES["kdp"]
    six_by_nine, letter = (6 * INCH, 9 * INCH), (8.5 * INCH, 11 * INCH)
    assert kdp.page_count_rule(*six_by_nine) == (24, 828, True)  # a PDF alone: white paper
    assert kdp.page_count_rule(*six_by_nine, "white") == (24, 828, True)
    assert kdp.page_count_rule(*six_by_nine, "cream") == (24, 776, True)
    assert kdp.page_count_rule(*six_by_nine, "standard-color") == (72, 600, True)
    assert kdp.page_count_rule(*six_by_nine, "premium-color") == (24, 828, True)
    assert kdp.page_count_rule(*letter, "white").max_pages == 590
    assert kdp.page_count_rule(*letter, "cream").max_pages == 550
    assert kdp.page_count_rule(*letter, "premium-color").max_pages == 590
