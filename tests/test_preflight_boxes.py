"""The boxes and units that change what the printer sees: /Rotate, a CropBox, UserUnit;
a trim asked for in the other system of units; a bleed page without a TrimBox. Each kind
is made two ways (reportlab, pikepdf, pypdf or a hand-written file)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from pikepdf import Dictionary, Name
from pypdf import PdfReader, PdfWriter
from pypdf.generic import FloatObject, NameObject, NumberObject
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.preflight.interior import check_pdf
from bookmaker.profiles import INCH, parse_size

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
