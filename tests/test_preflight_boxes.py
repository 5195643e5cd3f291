"""The boxes and units that change what the printer sees: /Rotate, a CropBox, UserUnit;
a trim asked for in the other system of units; a bleed page without a TrimBox. Each kind
is made two ways (reportlab, pikepdf, pypdf or a hand-written file)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pikepdf import Dictionary, Name
from pypdf import PdfReader, PdfWriter
from pypdf.generic import FloatObject, NameObject, NumberObject
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.layout.cover_geometry import CoverGeometry
from bookmaker.preflight.cover import check_cover
from bookmaker.preflight.interior import check_pdf
from bookmaker.profiles import INCH, KDP_COVER, parse_size

from .command_line import in_process

FONT = Path(__file__).resolve().parent.parent / "fonts" / "Andika-Regular.ttf"
pdfmetrics.registerFont(TTFont("Andika", str(FONT)))
PAGES = 24
W, H = 6 * INCH, 9 * INCH


def canvas_book(path: Path, size, draw=None) -> Path:
    """reportlab: 24 pages of ``size`` with a caption in the middle; ``draw(c)`` adds more."""
    c = Canvas(str(path), pagesize=size, invariant=1, initialFontName="Andika")
    for _ in range(PAGES):
        c.setFont("Andika", 10)
        c.drawCentredString(size[0] / 2, size[1] / 2, "A caption in the middle")
        if draw:
            draw(c)
        c.showPage()
    c.save()
    return path


def pike_book(path: Path, size, content: bytes = b"0 g 150 200 20 20 re f", **page_keys) -> Path:
    """pikepdf: 24 pages of ``size`` drawing ``content``, with ``page_keys`` on each page."""
    pdf = pikepdf.new()
    for _ in range(PAGES):
        pdf.add_blank_page(page_size=size)
        page = pdf.pages[-1]
        page.Contents = pdf.make_stream(content)
        page.Resources = Dictionary()
        for key, value in page_keys.items():
            page.obj[Name("/" + key)] = value
    pdf.save(path)
    return path


def with_pypdf(path: Path, edit) -> Path:
    """The file at ``path``, each page edited by pypdf (``edit(page)``) and written again."""
    writer = PdfWriter(clone_from=PdfReader(path))
    for page in writer.pages:
        edit(page)
    writer.write(path)
    return path


def codes(report) -> set[str]:
    return {problem.code for problem in report.problems}


def messages(report, code: str) -> list[str]:
    return [problem.message for problem in report.problems if problem.code == code]


# --- /Rotate -----------------------------------------------------------------------------


def test_a_portrait_page_shown_sideways_is_not_portrait(tmp_path):
    turned = with_pypdf(canvas_book(tmp_path / "r.pdf", (W, H)), lambda page: page.rotate(90))
    report = check_pdf(turned, "kdp")
    assert codes(report) == {"trim-size"}
    assert messages(report, "trim-size")[0].startswith(
        "trim 648.00 x 432.00 pt (9 x 6 in) (the page is turned by /Rotate 90) is no kdp trim size"
    )
    assert codes(check_pdf(turned, "kdp", trim=(W, H))) == {"trim-size"}


def test_a_landscape_page_turned_upright_is_portrait(tmp_path):
    # pikepdf, the rotation written in the page; pypdf, turned the other way
    written = pike_book(tmp_path / "p.pdf", (H, W), b"0 g 300 200 20 20 re f", Rotate=90)
    turned = with_pypdf(canvas_book(tmp_path / "r.pdf", (H, W)), lambda page: page.rotate(270))
    for pdf in (written, turned):
        report = check_pdf(pdf, "kdp", trim=(W, H))
        assert report.ok, report.format()
        assert check_pdf(pdf, "kdp").ok


def test_margins_turn_with_the_page(tmp_path):
    # 10 pt from the landscape page's left edge: turned 90 degrees clockwise, the top
    near_left = b"0 g 10 200 20 20 re f"
    report = check_pdf(pike_book(tmp_path / "p.pdf", (H, W), near_left, Rotate=90), "kdp")
    assert set(messages(report, "outside-safe-area")) == {
        "content outside the safe area: 8.0 pt (0.111 in) on the top (kdp minimum margin there: 0.25 in)"
    }
    report = check_pdf(pike_book(tmp_path / "q.pdf", (H, W), near_left, Rotate=270), "kdp")
    assert "on the bottom" in messages(report, "outside-safe-area")[0]


# --- CropBox -----------------------------------------------------------------------------


def test_the_crop_box_is_the_page_that_prints(tmp_path):
    # a 10 x 12 in sheet (no KDP trim) cropped to 6 x 9 in; a mark outside the crop never prints
    crop = [72, 72, 72 + W, 72 + H]
    outside = b"0 g 10 10 20 20 re f 0 g 300 400 20 20 re f"
    cropped = pike_book(tmp_path / "c.pdf", (10 * INCH, 12 * INCH), outside, CropBox=crop)
    report = check_pdf(cropped, "kdp")
    assert report.ok, report.format()

    def crop_to_6x9(page):
        page.cropbox.lower_left, page.cropbox.upper_right = (36, 36), (36 + W, 36 + H)

    # reportlab's 7 x 10 in page, cropped by pypdf to 6 x 9 in: its mark is now in the margin
    def mark(c):
        c.rect(36 + 10, 300, 10, 10, fill=1)

    report = check_pdf(
        with_pypdf(canvas_book(tmp_path / "r.pdf", (7 * INCH, 10 * INCH), mark), crop_to_6x9), "kdp"
    )
    assert codes(report) == {"outside-safe-area"}, report.format()
    assert "on the left" in messages(report, "outside-safe-area")[0]


# --- UserUnit ----------------------------------------------------------------------------


def test_user_units_are_points_times_the_unit(tmp_path):
    # a 216 x 324 unit page at 2 points a unit is 6 x 9 in; its 0.5 unit line is 1 pt
    line = b"0 G 0.5 w 100 100 m 110 100 l S"
    doubled = pike_book(tmp_path / "u.pdf", (W / 2, H / 2), line, UserUnit=2)
    report = check_pdf(doubled, "kdp")
    assert report.ok, report.format()

    def triple(page):  # pypdf: a 144 x 216 unit page at 3 points a unit
        page[NameObject("/UserUnit")] = NumberObject(3)

    def thin(c):
        c.setLineWidth(0.2)  # 0.6 pt once in points
        c.line(60, 60, 70, 60)

    tripled = with_pypdf(canvas_book(tmp_path / "t.pdf", (W / 3, H / 3), thin), triple)
    report = check_pdf(tripled, "kdp")
    assert codes(report) == {"thin-line"}, report.format()
    assert messages(report, "thin-line")[0].startswith("line width 0.6 pt")


# --- a trim in the other units -----------------------------------------------------------


def test_a_trim_in_inches_matches_a_metric_book(tmp_path):
    a4 = canvas_book(tmp_path / "a4.pdf", A4)
    result = in_process("check", a4, "--profile", "kdp", "--trim", "8.27x11.69in", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert in_process("check", a4, "--profile", "kdp", "--trim", "letter", cwd=tmp_path).returncode == 1


def test_a_trim_in_millimetres_matches_an_inch_book(tmp_path):
    # KDP's list: 5.06 x 7.81 in (12.85 x 19.84 cm), 0.07 pt apart
    inch_book = pike_book(tmp_path / "b.pdf", (5.06 * INCH, 7.81 * INCH), b"0 g 100 200 20 20 re f")
    assert check_pdf(inch_book, "kdp", trim=parse_size("128.5x198.4mm")).ok
    assert check_pdf(inch_book, "kdp", trim=parse_size("12.85x19.84cm")).ok
    assert not check_pdf(inch_book, "kdp", trim=parse_size("128x198mm")).ok  # 1.4 pt off


# --- a bleed page without a TrimBox --------------------------------------------------------


def test_bleed_without_a_trim_box_is_judged_inside_the_bleed(tmp_path):
    bled = (W + 0.125 * INCH, H + 0.25 * INCH)
    word_like = canvas_book(tmp_path / "w.pdf", bled)
    # pikepdf: a mark 0.3 in from the trim's top edge, inside KDP's 0.375 in margin with bleed
    marked = pike_book(tmp_path / "m.pdf", bled, f"0 g 200 {9 * INCH - 0.3 * INCH:.2f} 4 4 re f".encode())
    for pdf in (word_like, marked):
        report = check_pdf(pdf, "kdp")
        notes = {note.message for note in report.notes if note.code == "no-trim-box"}
        assert notes == {
            "no TrimBox: judged as a 6 x 9 in trim inside kdp's bleed (the MediaBox less the bleed)"
        }
    assert check_pdf(word_like, "kdp").ok
    report = check_pdf(marked, "kdp")
    assert codes(report) == {"outside-safe-area"}
    assert "on the top" in messages(report, "outside-safe-area")[0]
    assert "no-trim-box" in codes(check_pdf(word_like, "ingramspark"))  # PDF/X needs its TrimBox
    result = in_process("check", word_like, "--profile", "kdp", cwd=tmp_path)
    assert (
        result.returncode == 0 and "note: pages 1-24: no TrimBox: judged as a 6 x 9 in trim" in result.stdout
    )


def test_float_user_unit_and_odd_rotation_are_read_as_viewers_do(tmp_path):
    # a Rotate of 45 is no quarter turn: viewers ignore it; a UserUnit of 1.0 changes nothing
    plain = pike_book(tmp_path / "p.pdf", (W, H), Rotate=45, UserUnit=1.0)
    assert check_pdf(plain, "kdp").ok

    def float_unit(page):
        page[NameObject("/UserUnit")] = FloatObject(2.5)

    scaled = with_pypdf(canvas_book(tmp_path / "f.pdf", (2.4 * INCH, 3.6 * INCH)), float_unit)
    assert check_pdf(scaled, "kdp").ok  # 2.4 x 3.6 in of units of 2.5 pt: 6 x 9 in


# --- covers, judged as the printer sees them ---------------------------------------------

COVER = CoverGeometry(6 * INCH, 9 * INCH, 300 * 0.002252 * INCH, KDP_COVER)


def draw_cover(c: Canvas, text_at: tuple[float, float]) -> None:
    """A blue sheet, and a word at ``text_at`` (on the sheet)."""
    c.setFillColorRGB(0.2, 0.3, 0.5)
    c.rect(0, 0, COVER.width, COVER.height, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Andika", 12)
    c.drawCentredString(*text_at, "X")


def upright_cover(path: Path, text_at) -> Path:
    """reportlab: the cover as it prints, boxes set."""
    c = Canvas(str(path), pagesize=COVER.size, invariant=1, initialFontName="Andika")
    c.setTrimBox(COVER.trim)
    draw_cover(c, text_at)
    c.save()
    return path


def turned_by_reportlab(path: Path, text_at) -> Path:
    """reportlab alone: a portrait page, /Rotate 90 standing it on its side as the cover,
    the drawing turned onto it (a point (x, y) of the sheet is (H - y, x) of the page)."""
    height = COVER.height
    # reportlab writes a rotated page's MediaBox turned: the size given is the sheet's
    c = Canvas(str(path), pagesize=COVER.size, invariant=1, initialFontName="Andika")
    c.setPageRotation(90)
    x0, y0, x1, y1 = COVER.trim
    c.setTrimBox((height - y1, x0, height - y0, x1))
    c.transform(0, 1, -1, 0, height, 0)
    draw_cover(c, text_at)
    c.save()
    return path


def turned_by_pikepdf(path: Path, text_at) -> Path:
    """An upright reportlab cover that pikepdf lays on its side in user space, with
    /Rotate 270 standing it up again (a point (x, y) of the sheet is (y, W - x))."""
    upright_cover(path, text_at)
    pdf = pikepdf.open(path, allow_overwriting_input=True)
    page = pdf.pages[0]
    width = COVER.width
    page.obj.MediaBox = [0, 0, COVER.height, width]
    x0, y0, x1, y1 = COVER.trim
    page.obj.TrimBox = [y0, width - x1, y1, width - x0]
    page.obj.Rotate = 270
    page.contents_add(pdf.make_stream(f"0 -1 1 0 0 {width} cm".encode()), prepend=True)
    pdf.save(path)
    return path


def cropped_by_pikepdf(path: Path, text_at) -> Path:
    """An upright reportlab cover on a larger MediaBox (room for printer's marks), the
    CropBox cutting it back to the cover, a stray mark outside the crop that never prints."""
    upright_cover(path, text_at)
    pdf = pikepdf.open(path, allow_overwriting_input=True)
    page = pdf.pages[0]
    page.obj.MediaBox = [-36, -36, COVER.width + 36, COVER.height + 36]
    page.obj.CropBox = [0, 0, COVER.width, COVER.height]
    page.contents_add(pdf.make_stream(b"BT /F1 12 Tf -30 -30 Td (cut) Tj ET"))
    pdf.save(path)
    return path


def scaled_by_pikepdf(path: Path, text_at) -> Path:
    """An upright reportlab cover drawn at half size, UserUnit 2 scaling it back."""
    upright_cover(path, text_at)
    pdf = pikepdf.open(path, allow_overwriting_input=True)
    page = pdf.pages[0]
    page.obj.MediaBox = [0, 0, COVER.width / 2, COVER.height / 2]
    page.obj.TrimBox = [v / 2 for v in COVER.trim]
    page.obj.UserUnit = 2
    page.contents_add(pdf.make_stream(b"0.5 0 0 0.5 0 0 cm"), prepend=True)
    pdf.save(path)
    return path


COVERS = {
    "turned by reportlab": turned_by_reportlab,
    "turned by pikepdf": turned_by_pikepdf,
    "cropped by pikepdf": cropped_by_pikepdf,
    "scaled by pikepdf": scaled_by_pikepdf,
}


@pytest.mark.parametrize("maker", COVERS)
def test_a_cover_is_judged_as_it_prints(tmp_path, maker):
    """A cover turned by /Rotate, cut by its CropBox or scaled by UserUnit passes as the
    cover it prints as, and its text is found where it prints: on the front panel it is
    safe, on a spine fold it is not (and whether the barcode box is plain is judged there)."""
    front = (COVER.front[0] + COVER.front[2]) / 2, COVER.height / 2
    clean = check_cover(COVERS[maker](tmp_path / "clean.pdf", front), "kdp", COVER, 300, "kdp")
    assert clean.ok, clean.format()
    fold = check_cover(COVERS[maker](tmp_path / "fold.pdf", (COVER.folds[1], 300)), "kdp", COVER, 300, "kdp")
    assert [problem.code for problem in fold.problems] == ["cover-text-fold"], fold.format()
    barcode = COVER.barcode_box
    inked = check_cover(
        COVERS[maker](
            tmp_path / "barcode.pdf", ((barcode[0] + barcode[2]) / 2, (barcode[1] + barcode[3]) / 2)
        ),
        "kdp",
        COVER,
        300,
        "kdp",
    )
    assert [problem.code for problem in inked.problems] == ["cover-barcode"], inked.format()


def test_a_cover_on_its_side_is_the_wrong_size(tmp_path):
    """The portrait page a turned cover is drawn on, without its /Rotate, is no cover."""
    path = turned_by_reportlab(tmp_path / "sideways.pdf", (COVER.front[0] + 40, 300))
    pdf = pikepdf.open(path, allow_overwriting_input=True)
    del pdf.pages[0].obj["/Rotate"]
    pdf.save(path)
    report = check_cover(path, "kdp", COVER, 300, "kdp")
    assert [problem.code for problem in report.problems] == ["cover-size"]
    assert "the page is 9.250 x 12.926 in; this cover must be 12.926 x 9.250 in" in report.format()
