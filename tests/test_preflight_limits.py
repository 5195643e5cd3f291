"""Honest limits: what a printer takes but a publisher should hear of is a note, and the
file passes (an odd page count KDP pads, blank pages KDP queries, invisible text); and an
AES-encrypted file that opens without a password is checked page by page. Each kind is
made two ways (reportlab, pikepdf, pypdf)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pikepdf import Dictionary, Name
from pypdf import PdfReader, PdfWriter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.preflight.interior import check_pdf

FONT = Path(__file__).resolve().parent.parent / "fonts" / "Andika-Regular.ttf"
pdfmetrics.registerFont(TTFont("Andika", str(FONT)))
INCH = 72.0
W, H = 6 * INCH, 9 * INCH
DOT = b"0 g 150 200 20 20 re f"  # ink well inside the margins


def canvas_book(path: Path, pages: int, blank=(), draw=None) -> Path:
    """reportlab: ``pages`` 6 x 9 in pages, a caption on each but those in ``blank``."""
    c = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName="Andika")
    for number in range(1, pages + 1):
        if number not in blank:
            c.setFont("Andika", 10)
            c.drawString(72, 72, "A caption well inside the margins")
        if draw:
            draw(c)
        c.showPage()
    c.save()
    return path


def pike_book(path: Path, contents: list[bytes], save: dict | None = None) -> Path:
    """pikepdf: a 6 x 9 in page drawing each of ``contents``."""
    pdf = pikepdf.new()
    for content in contents:
        pdf.add_blank_page(page_size=(W, H))
        pdf.pages[-1].Contents = pdf.make_stream(content)
        pdf.pages[-1].Resources = Dictionary()
    pdf.save(path, **(save or {}))
    return path


def notes(report, code: str) -> list[str]:
    return [str(note) for note in report.notes if note.code == code]


# --- odd page counts ---------------------------------------------------------------------


@pytest.mark.parametrize("maker", ["reportlab", "pikepdf"])
def test_an_odd_page_count_on_kdp_is_a_note(tmp_path, maker):
    pdf = (
        canvas_book(tmp_path / "o.pdf", 25)
        if maker == "reportlab"
        else pike_book(tmp_path / "o.pdf", [DOT] * 27)
    )
    count = 25 if maker == "reportlab" else 27
    report = check_pdf(pdf, "kdp")
    assert report.ok, report.format()
    assert notes(report, "page-count-odd") == [
        f"document: {count} pages is odd; kdp rounds the count up to even, adding a blank last page "
        f"({count + 1} pages printed)"
    ]
    assert report.format() == (
        f"PDF passes the kdp preflight: {count} pages\nnote: {notes(report, 'page-count-odd')[0][10:]}"
    )
    # Lulu asks for an even count itself
    assert "page-count-odd" in {problem.code for problem in check_pdf(pdf, "lulu").problems}


# --- blank pages -------------------------------------------------------------------------


def test_more_than_ten_blank_pages_in_a_row_is_a_note(tmp_path):
    pdf = canvas_book(tmp_path / "b.pdf", 120, blank=range(40, 51))  # 11 in a row, 9 % of the book
    report = check_pdf(pdf, "kdp")
    assert report.ok
    assert notes(report, "blank-pages") == [
        "document: pages 40-50 are blank, 11 in a row; kdp queries more than 10 blank pages in a row"
    ]
    ten = check_pdf(canvas_book(tmp_path / "t.pdf", 120, blank=range(40, 50)), "kdp")
    assert notes(ten, "blank-pages") == []
    assert notes(check_pdf(pdf, "lulu"), "blank-pages") == []  # a rule of KDP's


def test_blank_pages_over_a_tenth_of_the_book_is_a_note(tmp_path):
    # pikepdf: 30 pages, 4 scattered blank ones (13 %); white paint is no ink
    white = b"1 g 0 0 432 648 re f"
    contents = [white if number in (3, 9, 17, 25) else DOT for number in range(1, 31)]
    report = check_pdf(pike_book(tmp_path / "s.pdf", contents), "kdp")
    assert report.ok
    assert notes(report, "blank-pages") == [
        "document: 4 pages of 30 are blank (13%); kdp queries blank pages over 10% of a book"
    ]
    contents[2] = DOT  # 3 of 30: 10 %, not over
    assert notes(check_pdf(pike_book(tmp_path / "t.pdf", contents), "kdp"), "blank-pages") == []


# --- invisible text ----------------------------------------------------------------------


def test_invisible_text_is_a_note(tmp_path):
    def ocr_layer(c):  # reportlab: the text layer a scan's OCR leaves
        text = c.beginText(72, 300)
        text.setFont("Andika", 10)
        text.setTextRenderMode(3)
        text.textOut("recognised words")
        c.drawText(text)

    hand_written = b"BT /F1 12 Tf 3 Tr 72 300 Td (recognised words) Tj ET " + DOT
    font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    pdf = pikepdf.new()
    for _ in range(24):
        pdf.add_blank_page(page_size=(W, H))
        pdf.pages[-1].Contents = pdf.make_stream(hand_written)
        pdf.pages[-1].Resources = Dictionary(Font=Dictionary(F1=font))
    pdf.save(tmp_path / "p.pdf")
    for path in (canvas_book(tmp_path / "r.pdf", 24, draw=ocr_layer), tmp_path / "p.pdf"):
        report = check_pdf(path, "home")
        assert report.ok, report.format()
        assert notes(report, "invisible-text") == [
            f"page {number}: invisible text (render mode 3), which does not print: an OCR layer, as a rule"
            for number in range(1, 25)
        ]
        assert "note: pages 1-24: invisible text (render mode 3)" in report.format()


# --- AES ---------------------------------------------------------------------------------


def test_aes_files_that_open_without_a_password_are_checked_page_by_page(tmp_path):
    thin = b"0 G 0.3 w 100 100 m 200 100 l S " + DOT
    aes_256 = pike_book(
        tmp_path / "a256.pdf", [thin] * 24, save={"encryption": pikepdf.Encryption(owner="o", user="", R=6)}
    )
    writer = PdfWriter(clone_from=PdfReader(pike_book(tmp_path / "plain.pdf", [thin] * 24)))
    writer.encrypt(user_password="", owner_password="o", algorithm="AES-128")
    writer.write(tmp_path / "a128.pdf")
    for path, method in ((aes_256, "AES-256"), (tmp_path / "a128.pdf", "AES-128")):
        report = check_pdf(path, "home")  # a desktop printer prints an encrypted file
        assert {problem.code for problem in report.problems} == {"thin-line"}, report.format()
        assert [problem.page for problem in report.problems] == list(range(1, 25))
        kdp = check_pdf(path, "kdp")
        assert {problem.code for problem in kdp.problems} == {"encrypted", "thin-line"}
        assert f"the PDF is encrypted ({method}); kdp needs an unencrypted file" in kdp.format()
