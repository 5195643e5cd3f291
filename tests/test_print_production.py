"""Print production read back from built PDFs: the KDP gutter table, bleed and trim
boxes, each profile's preflight, printer padding and the page-count limit.

Books here are tiny mazes (3x3), one per page, without front matter or answers,
so a book of N mazes has N + 1 pages (an opener, then the mazes) before the
printer's padding: the page count is exactly what each test asks for.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.errors import BookmakerError
from bookmaker.layout.page_geometry import MARGIN_SLACK_PT

from .command_line import in_process
from .readback import RenderedPage, page_texts

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"
INCH = 72.0
BLEED = 0.125 * INCH
TRIM_6X9 = (6 * INCH, 9 * INCH)


def tiny_book(
    tmp_path: Path,
    mazes: int,
    *,
    name: str = "book",
    profile: str = "kdp",
    size: str = "6x9",
    bleed: bool = False,
    margins: str = "",
    answers: bool = False,
    per_page: int = 1,
) -> Path:
    """A config of ``mazes`` 3x3 mazes: ``mazes / per_page + 1`` pages before padding."""
    margins_line = f"\n  margins: {{{margins}}}" if margins else ""
    config = tmp_path / f"{name}.yaml"
    config.write_text(
        f"""\
title: Print test
seed: 11
profile: {profile}
page:
  size: {size}
  bleed: {str(bleed).lower()}{margins_line}
front_matter: {{title_page: false, how_to: false, contents: false}}
answer_key: {{enabled: {str(answers).lower()}, per_page: 4}}
sections:
  - {{title: Tiny, difficulty: Easy, size: 3x3, count: {mazes}, per_page: {per_page}}}
""",
        encoding="utf-8",
    )
    return config


def boxes(page) -> dict[str, tuple[float, ...]]:
    """The page's own boxes as written in the file (pypdf would fill missing ones in); a
    pypdf page or a pikepdf one."""
    return {
        name: tuple(float(v) for v in page[f"/{name}"])
        for name in ("MediaBox", "TrimBox", "BleedBox")
        if f"/{name}" in page
    }


def text_ink_x(pdf: Path, page_number: int) -> tuple[float, float]:
    """Leftmost and rightmost x of any glyph on the page, as pdfium lays the text out."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        text = document[page_number - 1].get_textpage()
        lefts, rights = [], []
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).strip():
                left, _, right, _ = text.get_charbox(i)
                lefts.append(left)
                rights.append(right)
        return min(lefts), max(rights)
    finally:
        document.close()


def measured_margins(pdf: Path, reader: PdfReader | pikepdf.Pdf, page_number: int) -> tuple[float, float]:
    """(inside, outside) read from where the text ink sits inside the page's TrimBox.

    Every maze page carries its running head at the content box's left edge, and
    the difficulty label and (on odd pages) the page number at its right edge,
    so the glyphs span the content box, give or take a glyph's side bearing.
    """
    trim = boxes(reader.pages[page_number - 1])["TrimBox"]
    left_ink, right_ink = text_ink_x(pdf, page_number)
    left, right = left_ink - trim[0], trim[2] - right_ink
    return (left, right) if page_number % 2 else (right, left)


# --- 1. the KDP gutter table, read back ------------------------------------------


@pytest.mark.parametrize(
    "mazes, pages, gutter_in",
    [
        (299, 300, 0.5),  # 300 pages: still the 151-300 band
        (300, 302, 0.625),  # 301 pages padded to 302: the 301-500 band
        (499, 500, 0.625),
        (500, 502, 0.75),  # 501 -> 502
        (699, 700, 0.75),
        (700, 702, 0.875),  # 701 -> 702
    ],
)
def test_default_gutter_follows_the_kdp_table_by_final_page_count(tmp_path, mazes, pages, gutter_in):
    # With the build's own preflight, as `bookmaker build` runs it: a book of 300 to 700
    # pages must also pass it, not only match the table.
    result = build(tiny_book(tmp_path, mazes), tmp_path / "book.pdf")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    # pikepdf: pypdf takes a quarter of a second to read a 700-page file's page tree
    reader = pikepdf.open(result.pdf)
    assert result.pages == manifest["pages"] == len(reader.pages) == pages
    # unset margins: 0.5 in, and always 2 pt inside KDP's minimum
    gutter, outside = max(gutter_in * INCH + MARGIN_SLACK_PT, 0.5 * INCH), 0.5 * INCH
    width = TRIM_6X9[0]
    for number in (2, 3, pages - 2, pages - 1):  # left- and right-hand maze pages, early and late
        inside_read, outside_read = measured_margins(result.pdf, reader, number)
        assert inside_read == pytest.approx(gutter, abs=1.0), f"page {number}: inside margin"
        assert outside_read == pytest.approx(outside, abs=1.0), f"page {number}: outside margin"
    # The maze is centred between the margins, so its offset from the trim's centre
    # line is half the gutter's excess over the outside margin: right on odd pages.
    for record in manifest["mazes"][:2]:
        x0, _, x1, _ = record["bbox"]
        trim_left = boxes(reader.pages[record["page"] - 1])["TrimBox"][0]
        shift = (x0 + x1) / 2 - trim_left - width / 2
        expected = (gutter - outside) / 2 * (1 if record["page"] % 2 else -1)
        assert shift == pytest.approx(expected, abs=0.05), f"maze {record['number']}"


def test_gutter_of_0375in_is_allowed_up_to_150_pages(tmp_path):
    result = build(tiny_book(tmp_path, 149, margins="inside: 0.375in"), tmp_path / "book.pdf")
    assert result.pages == 150
    reader = pikepdf.open(result.pdf)
    for number in (2, 3, 149):
        inside, _ = measured_margins(result.pdf, reader, number)
        assert inside == pytest.approx(0.375 * INCH + MARGIN_SLACK_PT, abs=1.0)


def test_gutter_of_0375in_is_refused_past_150_pages(tmp_path):
    # 151 pages of content, padded to 152: the padded count decides the band.
    config = tiny_book(tmp_path, 150, margins="inside: 0.375in")
    with pytest.raises(BookmakerError) as caught:
        build(config, tmp_path / "book.pdf")
    message = str(caught.value)
    assert re.match(rf"{re.escape(str(config))}:\d+: page.margins.inside: ", message)
    assert "0.375in" in message and "0.5in" in message and "152-page" in message
    run = in_process("build", str(config), "-o", str(tmp_path / "cli.pdf"), "--quiet", cwd=ROOT)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [message]
    assert "Traceback" not in run.stderr
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob("*.json"))


@pytest.mark.parametrize("profile", ["lulu", "ingramspark"])
def test_ink_keeps_2pt_inside_the_printers_minimum_margin(tmp_path, profile):
    # Margins set at exactly the 0.5 in minimum still keep the text 2 pt inside it.
    config = tiny_book(tmp_path, 3, profile=profile, margins="inside: 0.5in, outside: 0.5in")
    result = build(config, tmp_path / "book.pdf")
    reader = PdfReader(result.pdf)
    for number in (2, 3):
        inside, outside = measured_margins(result.pdf, reader, number)
        assert inside == pytest.approx(0.5 * INCH + MARGIN_SLACK_PT, abs=1.0), f"page {number}"
        assert outside == pytest.approx(0.5 * INCH + MARGIN_SLACK_PT, abs=1.0), f"page {number}"


# --- 2. bleed and trim boxes ---------------------------------------------------------


def test_kdp_bleed_extends_outside_top_and_bottom_only(tmp_path):
    config = tiny_book(tmp_path, 4, bleed=True, margins="inside: 0.75in, outside: 0.5in")
    result = build(config, tmp_path / "book.pdf")
    reader = PdfReader(result.pdf)
    assert len(reader.pages) == 24
    width, height = TRIM_6X9
    for number, page in enumerate(reader.pages, start=1):
        b = boxes(page)
        assert b["MediaBox"] == (0, 0, width + BLEED, height + 2 * BLEED), f"page {number}"
        left = 0.0 if number % 2 else BLEED  # odd pages bleed right, even pages left
        assert b["TrimBox"] == (left, BLEED, left + width, BLEED + height), f"page {number}"
        assert b["BleedBox"] == b["MediaBox"], f"page {number}"
    # Content is laid out from the trim, not the media box: the margins read the same
    # on both hands although the trim box moves 9 pt between them.
    for number in (2, 3, 4, 5):
        inside, outside = measured_margins(result.pdf, reader, number)
        assert inside == pytest.approx(0.75 * INCH, abs=1.0), f"page {number}"
        assert outside == pytest.approx(0.5 * INCH, abs=1.0), f"page {number}"


def test_lulu_bleed_is_all_round(tmp_path):
    # 5 pages of content padded to Lulu's minimum of 32: the padding has the boxes too.
    result = build(tiny_book(tmp_path, 4, profile="lulu", bleed=True), tmp_path / "book.pdf")
    reader = PdfReader(result.pdf)
    assert len(reader.pages) == 32
    width, height = TRIM_6X9
    for number, page in enumerate(reader.pages, start=1):
        b = boxes(page)
        assert b["MediaBox"] == (0, 0, width + 2 * BLEED, height + 2 * BLEED), f"page {number}"
        assert b["TrimBox"] == (BLEED, BLEED, BLEED + width, BLEED + height), f"page {number}"
        assert b["BleedBox"] == b["MediaBox"], f"page {number}"


@pytest.mark.parametrize("profile", ["kdp", "lulu", "ingramspark", "home"])
def test_without_bleed_media_box_is_the_trim_on_every_page(tmp_path, profile):
    result = build(tiny_book(tmp_path, 4, profile=profile), tmp_path / "book.pdf")
    reader = PdfReader(result.pdf)
    for number, page in enumerate(reader.pages, start=1):
        b = boxes(page)
        assert b["MediaBox"] == b["TrimBox"] == b["BleedBox"] == (0, 0, *TRIM_6X9), f"page {number}"


# --- 3. each profile's sample passes its preflight -------------------------------------

SAMPLES = {
    "activity-book": "kdp",
    "lulu-6x9": "lulu",
    "ingramspark-6x9": "ingramspark",
    "default": "home",
    "classroom": "home",
}


@pytest.mark.parametrize("name", SAMPLES)
def test_each_sample_is_built_for_its_printer(sample_book, name):
    """Each printer has its sample. That every file a sample's build writes (interior,
    separate answer key, cover) passes `bookmaker check` for the manifest's printer is
    asserted, with the line check prints, by test_validate_means_builds.py for every sample."""
    manifest = json.loads(sample_book(name).manifest.read_text(encoding="utf-8"))
    assert manifest["profile"] == SAMPLES[name]
    assert ("cover" in manifest) == (SAMPLES[name] != "home")


@pytest.mark.parametrize("name", ["lulu-6x9", "ingramspark-6x9"])
def test_print_samples_have_bleed_and_an_even_page_count(sample_book, name):
    reader = PdfReader(sample_book(name).pdf)
    assert len(reader.pages) % 2 == 0
    for page in reader.pages:
        b = boxes(page)
        assert b["MediaBox"] == (0, 0, TRIM_6X9[0] + 2 * BLEED, TRIM_6X9[1] + 2 * BLEED)
        assert b["TrimBox"] == (BLEED, BLEED, BLEED + TRIM_6X9[0], BLEED + TRIM_6X9[1])


def test_kdp_upload_has_no_annotations_and_no_outline(sample_book):
    reader = PdfReader(sample_book("activity-book").pdf)
    assert "/Outlines" not in reader.trailer["/Root"]
    assert not any("/Annots" in page for page in reader.pages)
    # The contents page is still there, just without links.
    assert "Contents" in reader.pages[2].extract_text()


def test_ingramspark_keeps_the_outline_but_no_links(sample_book):
    reader = PdfReader(sample_book("ingramspark-6x9").pdf)
    titles = [item["/Title"] for item in reader.outline]
    assert titles == ["Easy Trails", "Tricky Trails", "Answers"]
    assert not any("/Annots" in page for page in reader.pages)


def _section_starts(manifest: dict, titles: list[str], worksheet: bool) -> list[int]:
    """The page each section starts on: its opener (just before its first maze) in a book,
    its first sheet in a worksheet set."""
    firsts = [min(m["page"] for m in manifest["mazes"] if m["section"] == t) for t in titles]
    return firsts if worksheet else [page - 1 for page in firsts]


WORKSHEETS_WITH_CONTENTS = """\
title: Worksheets with contents
layout: worksheet
front_matter: {title_page: false, how_to: false, contents: true}
sections:
  - {title: Warm-up, size: 6x8, count: 1}
  - {title: Challenge, algorithm: wilson, size: 10x12, count: 2, endpoints: corners}
worksheet: {copies: 3, key: separate}
"""


@pytest.mark.parametrize("name", ["default", "worksheets"])
def test_home_output_has_an_outline_and_contents_links(sample_book, tmp_path, name):
    from bookmaker.config import load_book

    if name == "worksheets":  # every section listed once, not once per copy nor only the first
        config = tmp_path / "worksheets.yaml"
        config.write_text(WORKSHEETS_WITH_CONTENTS, encoding="utf-8")
        result = build(config, tmp_path / "worksheets.pdf")
    else:
        config, result = CONFIGS / f"{name}.yaml", sample_book(name)
    book = load_book(config)
    reader = PdfReader(result.pdf)
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    titles = [s.title for s in book.sections]
    worksheet = book.layout == "worksheet"
    expected = list(zip(titles, _section_starts(manifest, titles, worksheet), strict=True))
    answers = [m["answer_page"] for m in manifest["mazes"] if m["answer_page"] and not m.get("answer_file")]
    if answers:
        expected.append(("Answers", min(answers)))
    outline = [(item["/Title"], reader.get_destination_page_number(item) + 1) for item in reader.outline]
    assert outline == expected
    contents = next(n for n, p in enumerate(reader.pages, start=1) if p.extract_text().startswith("Contents"))
    links = [a.get_object() for a in reader.pages[contents - 1].get("/Annots", [])]
    assert [str(a["/Subtype"]) for a in links] == ["/Link"] * len(expected)
    targets = [reader.get_page_number(a["/Dest"][0].get_object()) + 1 for a in links]
    assert targets == [page for _, page in expected]
    text = reader.pages[contents - 1].extract_text()
    for title, _ in expected:
        assert title in text
    others = [n for n, p in enumerate(reader.pages, start=1) if "/Annots" in p and n != contents]
    assert others == []


# --- 4. KDP padding and page-count limits ---------------------------------------------


def _pad_kind(text: str) -> str | None:
    for heading in ("Draw your own maze", "Notes"):
        if text.startswith(heading):
            return heading
    return None


@pytest.mark.parametrize("mazes, content_pages, total", [(4, 6, 24), (19, 25, 26)])
def test_kdp_pads_to_24_and_even_with_useful_pages(tmp_path, mazes, content_pages, total):
    # opener + mazes + answer pages (4 a page) = content_pages
    result = build(tiny_book(tmp_path, mazes, answers=True), tmp_path / "book.pdf")
    reader = PdfReader(result.pdf)
    assert result.pages == len(reader.pages) == total
    texts = [page.extract_text().strip() for page in reader.pages]
    kinds = [_pad_kind(t) for t in texts]
    assert all(kind is None for kind in kinds[:content_pages])
    padding = kinds[content_pages:]
    assert len(padding) == total - content_pages and None not in padding
    # Alternating drawing grids and notes, never two alike in a row, let alone blank runs.
    assert all(a != b for a, b in pairwise(padding))
    if len(padding) > 1:
        assert set(padding) == {"Draw your own maze", "Notes"}
    for number, text in enumerate(texts, start=1):
        assert text.endswith(str(number)), f"page {number} has no page number"
        assert text[: -len(str(number))].strip(), f"page {number} is blank"
    # Ink, not just a heading: the grid or the ruled lines reach down the page.
    for number in range(content_pages + 1, min(total, content_pages + 2) + 1):
        page = RenderedPage(result.pdf, number, scale=2.0)
        height = int(page.height_pt)
        rows = {
            y
            for y in range(height // 4, 3 * height // 4)
            if any(sum(page.pixel(x, y)) < 3 * 230 for x in range(100, 300))
        }
        assert len(rows) > 10, f"padding page {number} is nearly blank"


def test_kdp_letter_book_stops_at_590_pages(tmp_path):
    ok = build(tiny_book(tmp_path, 589, size="8.5x11", name="ok"), tmp_path / "ok.pdf")
    assert ok.pages == 590
    config = tiny_book(tmp_path, 590, size="8.5x11", name="over")  # 591 -> 592 pages
    run = in_process("build", str(config), "-o", str(tmp_path / "over.pdf"), "--quiet", cwd=ROOT)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert re.match(rf"{re.escape(str(config))}:\d+: sections: ", lines[0])
    assert "592 pages" in lines[0] and "590" in lines[0] and "kdp" in lines[0]
    assert not (tmp_path / "over.pdf").exists()
    assert not (tmp_path / "over.manifest.json").exists()


# --- regressions: defects these tests found (fixed in 748d3ca) ---------------------------


def _problems(pdf: Path, profile: str, code: str, pages=None) -> list[str]:
    from bookmaker.preflight.interior import check_pdf

    report = check_pdf(pdf, profile, trim=TRIM_6X9)
    return [str(p) for p in report.problems if p.code == code and (pages is None or p.page in pages)]


@pytest.mark.parametrize("profile", ["lulu", "ingramspark"])
def test_drawing_grid_stays_inside_the_margins(tmp_path, profile):
    # 6x9 with 0.5 in margins leaves 360 pt, 20 grid squares: the outer lines once
    # reached half their width past the margin, which Lulu's minimum leaves no room for.
    result = build(
        tiny_book(tmp_path, 4, profile=profile, bleed=True), tmp_path / "book.pdf", preflight=False
    )
    texts = page_texts(result.pdf)
    grids = {n for n, t in enumerate(texts, start=1) if t.startswith("Draw your own maze")}
    assert grids
    assert _problems(result.pdf, profile, "outside-safe-area", grids) == []


def test_thinnest_walls_survive_rounding(tmp_path):
    config = tmp_path / "thin.yaml"
    config.write_text(
        """\
title: Thin walls
profile: lulu
page: {size: 6x9}
front_matter: {title_page: false, how_to: false, contents: false}
answer_key: {per_page: 4}
sections:
  - {title: Long, algorithm: wilson, size: 20x28, count: 8, per_page: 1}
""",
        encoding="utf-8",
    )
    # Answer cells of about 7.2 pt: 0.75 pt walls, written in cell units, once rounded
    # to 0.7499988 pt.
    result = build(config, tmp_path / "thin.pdf", preflight=False)
    assert _problems(result.pdf, "lulu", "thin-line") == []


def test_regeneration_code_stays_inside_its_column(tmp_path):
    # 'recursive-backtracker 10x10 seed NNNNNNNNNN diameter' at 7 pt is wider than a
    # 175 pt column of a 6x9 page: once it ran into the margin and the next column.
    config = tmp_path / "codes.yaml"
    config.write_text(
        """\
title: Long codes
profile: lulu
page: {size: 6x9}
front_matter: {title_page: false, how_to: false, contents: false}
answer_key: {enabled: false}
sections:
  - {title: Four, size: 10x10, count: 124, per_page: 4, endpoints: diameter}
""",
        encoding="utf-8",
    )
    result = build(config, tmp_path / "codes.pdf", preflight=False)  # 1 + 31 pages: no padding
    assert _problems(result.pdf, "lulu", "outside-safe-area") == []
