"""Each test builds a small PDF with one deliberate defect and checks the
preflight names it, on the right page, and that a clean book passes."""

from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import NameObject, StreamObject
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.errors import BookmakerError
from bookmaker.preflight.interior import Problem, Report, check_pdf
from bookmaker.profiles import INCH, PROFILES

from .test_preflight_pdfx import make_pdfx

FONT = Path(__file__).resolve().parent.parent / "fonts" / "Andika-Regular.ttf"
TRIM = (6 * INCH, 9 * INCH)
B = 0.125 * INCH

pdfmetrics.registerFont(TTFont("Andika", str(FONT)))


def make_book(path, draw=None, pages=24, profile="kdp", bleed=True, trim_box=True, embed=True, media=None):
    """A book whose pages are laid out exactly as ``profile`` wants; ``draw(c,
    n, trim)`` adds page n's content, ``media(n, trim)`` overrides a MediaBox."""
    rules = PROFILES[profile]
    c = Canvas(str(path), invariant=1, initialFontName="Andika" if embed else None)
    for n in range(1, pages + 1):
        o = rules.bleed_offsets(n, bleed)
        w, h = TRIM[0] + o.left + o.right, TRIM[1] + o.bottom + o.top
        trim = (o.left, o.bottom, o.left + TRIM[0], o.bottom + TRIM[1])
        c.setPageSize((w, h))
        if media:
            c.setPageSize(media(n, trim))
        if trim_box:
            c.setTrimBox(trim)
        c.setBleedBox((0, 0, w, h))
        if draw:
            draw(c, n, trim)
        c.showPage()
    c.save()
    return path


def codes(report, page=None):
    return {p.code for p in report.problems if page is None or p.page == page}


def only(report, code):
    found = [p for p in report.problems if p.code == code]
    assert found, report.format()
    return found


def clean_page(c, n, trim):
    # a 1 pt frame and a caption well inside the KDP safe area
    c.setLineWidth(1)
    c.rect(trim[0] + 72, trim[1] + 72, 200, 300)
    c.setFont("Andika", 10)
    c.drawCentredString((trim[0] + trim[2]) / 2, trim[1] + 54, f"Maze {n}")


def test_clean_book_passes(tmp_path):
    report = check_pdf(make_book(tmp_path / "clean.pdf", clean_page), "kdp", trim=TRIM)
    assert report.ok, report.format()
    assert report.format() == "PDF passes the kdp preflight: 24 pages"


def test_clean_book_passes_every_profile_laid_out_for_it(tmp_path):
    for name in ("lulu", "ingramspark"):
        pdf = make_book(tmp_path / f"{name}.pdf", clean_page, pages=32, profile=name)
        if "rgb" not in PROFILES[name].outputs:  # a printer that prints from PDF/X: the file must be PDF/X
            make_pdfx(pdf)
        assert check_pdf(pdf, name).ok, check_pdf(pdf, name).format()
    pdf = make_book(tmp_path / "home.pdf", clean_page, pages=3, profile="home", bleed=False)
    assert check_pdf(pdf, "home").ok


def test_unembedded_helvetica(tmp_path):
    def draw(c, n, trim):
        if n == 3:
            c.setFont("Helvetica", 10)
            c.drawString(trim[0] + 72, trim[1] + 72, "plain")

    report = check_pdf(make_book(tmp_path / "h.pdf", draw), "kdp")
    assert codes(report) == {"font-not-embedded"}
    problems = only(report, "font-not-embedded")
    # reportlab shares one font dictionary among all pages, so every page lists it
    assert 3 in [p.page for p in problems]
    assert all(p.message == "font not embedded: Helvetica" for p in problems)
    # reportlab lists its default Helvetica even on pages without text
    plain = check_pdf(make_book(tmp_path / "p.pdf", embed=False), "kdp")
    assert len(only(plain, "font-not-embedded")) == 24
    # a home printer has the base-14 fonts
    assert "font-not-embedded" not in codes(check_pdf(tmp_path / "p.pdf", "home"))


def line_page(width, scale=(1, 1), page=2):
    def draw(c, n, trim):
        if n == page:
            c.translate(trim[0] + 100, trim[1] + 100)
            c.scale(*scale)
            c.setLineWidth(width)
            c.line(0, 0, 10, 10)

    return draw


def test_thin_line_reported_once_with_thinnest_width(tmp_path):
    def draw(c, n, trim):
        if n == 2:
            for width in (0.6, 0.5, 0.7, 0.5):
                c.setLineWidth(width)
                c.line(trim[0] + 100, trim[1] + 100, trim[0] + 200, trim[1] + 100)

    [problem] = only(check_pdf(make_book(tmp_path / "t.pdf", draw), "kdp"), "thin-line")
    assert str(problem) == "page 2: line width 0.5 pt is under 0.75 pt (thinnest stroke)"


@pytest.mark.parametrize(
    "width, scale, bad",
    [
        (0.05, (10, 10), True),  # 0.5 pt at print size
        (0.1, (10, 10), False),  # 1 pt at print size
        (0.75, (1, 1), False),
        (0, (1, 1), True),  # a hairline: the thinnest line the device can draw
        (1, (10, 0.1), True),  # thin across the squashed direction, whatever sqrt|det| says
        (2, (0.5, 0.5), False),
    ],
)
def test_line_width_under_the_ctm(tmp_path, width, scale, bad):
    report = check_pdf(make_book(tmp_path / "w.pdf", line_page(width, scale)), "kdp")
    assert ("thin-line" in codes(report, page=2)) is bad, report.format()


def test_line_width_inside_form_xobject_under_its_matrix(tmp_path):
    def draw(c, n, trim):
        if n == 1:
            c.beginForm("wall")
            c.setLineWidth(0.1)
            c.line(0, 0, 5, 0)
            c.endForm()
        if n == 2:
            c.translate(trim[0] + 100, trim[1] + 100)
            c.scale(5, 5)  # 0.5 pt at print size
            c.doForm("wall")
        if n == 4:
            c.translate(trim[0] + 100, trim[1] + 100)
            c.scale(10, 10)  # 1 pt
            c.doForm("wall")

    report = check_pdf(make_book(tmp_path / "f.pdf", draw), "kdp")
    assert [p.page for p in only(report, "thin-line")] == [2]


def test_line_width_from_extgstate(tmp_path):
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, FloatObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(make_book(tmp_path / "g.pdf", line_page(1, page=2))))
    page = writer.pages[1]
    stream = DecodedStreamObject()
    stream.set_data(page.get_contents().get_data().replace(b"1 w", b"1 w /Thin gs"))
    page.replace_contents(stream)
    page["/Resources"][NameObject("/ExtGState")] = DictionaryObject(
        {NameObject("/Thin"): DictionaryObject({NameObject("/LW"): FloatObject(0.25)})}
    )
    writer.write(tmp_path / "g2.pdf")
    [problem] = only(check_pdf(tmp_path / "g2.pdf", "kdp"), "thin-line")
    assert problem.page == 2 and "0.25 pt" in problem.message


def test_fill_alpha_is_transparency(tmp_path):
    def draw(c, n, trim):
        if n == 5:
            c.setFillAlpha(0.5)
            c.rect(trim[0] + 100, trim[1] + 100, 50, 50, stroke=0, fill=1)

    report = check_pdf(make_book(tmp_path / "a.pdf", draw), "kdp")
    [problem] = only(report, "transparency")
    assert problem.page == 5 and "fill alpha 0.5" in problem.message
    assert "transparency" not in codes(check_pdf(tmp_path / "a.pdf", "home"))


def test_link_annotation_forbidden_by_kdp_only(tmp_path):
    def draw(c, n, trim):
        if n == 7:
            c.linkURL("https://example.com", (trim[0] + 80, trim[1] + 80, trim[0] + 120, trim[1] + 100))

    pdf = make_book(tmp_path / "l.pdf", draw)
    [problem] = only(check_pdf(pdf, "kdp"), "annotations")
    assert problem.page == 7 and "Link" in problem.message
    lulu = check_pdf(make_book(tmp_path / "l2.pdf", draw, pages=32, profile="lulu"), "lulu")
    assert lulu.ok, lulu.format()


def test_outline_forbidden_by_kdp(tmp_path):
    def draw(c, n, trim):
        if n == 1:
            c.bookmarkPage("start")
            c.addOutlineEntry("Start", "start")

    problems = only(check_pdf(make_book(tmp_path / "o.pdf", draw), "kdp"), "outline")
    assert problems[0].page is None


def test_page_size_must_be_trim_plus_profile_bleed(tmp_path):
    # all-round bleed is Lulu's rule, not KDP's
    pdf = make_book(tmp_path / "s.pdf", pages=32, profile="lulu")
    assert [p.page for p in only(check_pdf(pdf, "kdp"), "page-size")] == list(range(1, 33))
    assert "page-size" not in codes(check_pdf(pdf, "lulu"))

    # page 4 one point too tall
    def media(n, trim):
        w, h = TRIM[0] + B, TRIM[1] + 2 * B
        return (w, h + 1) if n == 4 else (w, h)

    report = check_pdf(make_book(tmp_path / "s2.pdf", media=media), "kdp")
    assert [p.page for p in only(report, "page-size")] == [4]


def test_kdp_bleed_on_the_wrong_side(tmp_path):
    # even pages must bleed left; build them all bleeding right
    def draw(c, n, trim):
        c.setPageSize((TRIM[0] + B, TRIM[1] + 2 * B))
        c.setTrimBox((0, B, TRIM[0], B + TRIM[1]))

    c = Canvas(str(tmp_path / "r.pdf"), invariant=1, initialFontName="Andika")
    for n in range(1, 25):
        draw(c, n, None)
        c.showPage()
    c.save()
    report = check_pdf(tmp_path / "r.pdf", "kdp")
    assert [p.page for p in only(report, "page-size")] == list(range(2, 25, 2))


def test_requested_trim(tmp_path):
    pdf = make_book(tmp_path / "t.pdf")
    assert check_pdf(pdf, "kdp", trim=TRIM).ok
    assert len(only(check_pdf(pdf, "kdp", trim=(612, 792)), "trim-size")) == 24


def test_trim_box_is_needed_only_where_the_page_is_larger_than_the_trim(tmp_path):
    # a page exactly 6 x 9 in is its own trim, as Word and most exporters write it
    exact = make_book(tmp_path / "m.pdf", bleed=False, trim_box=False)
    assert check_pdf(exact, "kdp").ok, check_pdf(exact, "kdp").format()
    assert check_pdf(exact, "kdp", trim=TRIM).ok
    # 6 x 9 in plus KDP's bleed: KDP asks for no TrimBox, so the page less the bleed is the
    # trim, with a note
    bled = make_book(tmp_path / "b.pdf", bleed=True, trim_box=False)
    for report in (check_pdf(bled, "kdp"), check_pdf(bled, "kdp", trim=TRIM)):
        assert report.ok, report.format()
        notes = [note for note in report.notes if note.code == "no-trim-box"]
        assert len(notes) == 24 and "judged as a 6 x 9 in trim inside kdp's bleed" in notes[0].message
    assert check_pdf(make_book(tmp_path / "m2.pdf", pages=3, bleed=False, trim_box=False), "home").ok


def test_page_counts(tmp_path):
    odd = check_pdf(make_book(tmp_path / "odd.pdf", pages=25), "kdp")
    assert odd.ok  # KDP pads an odd count itself: a note, which says so
    assert [str(note) for note in odd.notes if note.code == "page-count-odd"] == [
        "document: 25 pages is odd; kdp rounds the count up to even, adding a blank last page "
        "(26 pages printed)"
    ]
    assert codes(check_pdf(tmp_path / "odd.pdf", "lulu")) >= {"page-count-odd"}
    short = check_pdf(make_book(tmp_path / "short.pdf", pages=22), "kdp")
    assert codes(short) == {"page-count"}
    assert str(only(short, "page-count")[0]) == "document: 22 pages; kdp needs 24 to 828 pages"


def test_mark_outside_safe_area_but_bleed_background_is_fine(tmp_path):
    def draw(c, n, trim):
        w, h = c._pagesize
        if n == 6:  # background running off every edge of the media box
            c.setFillGray(0.9)
            c.rect(0, 0, w, h, stroke=0, fill=1)
        if n == 8:  # a dot 0.2 in from the top trim edge, in the cut zone
            c.rect(trim[0] + 100, trim[3] - 0.2 * INCH - 4, 4, 4, stroke=0, fill=1)

    report = check_pdf(make_book(tmp_path / "b.pdf", draw), "kdp")
    [problem] = only(report, "outside-safe-area")
    assert problem.page == 8 and "on the top" in problem.message
    assert "0.175 in" in problem.message  # 0.375 margin - 0.2 in
    assert codes(report) == {"outside-safe-area"}


def test_background_stopping_at_the_trim_is_not_bleed(tmp_path):
    def draw(c, n, trim):
        if n == 2:
            c.rect(trim[0], trim[1], TRIM[0], TRIM[1], stroke=0, fill=1)

    report = check_pdf(make_book(tmp_path / "b.pdf", draw), "kdp")
    assert [p.page for p in only(report, "outside-safe-area")] == [2]


def test_safe_area_mirrors_inside_margin(tmp_path):
    # no bleed, 24 pages: inside 0.375 in, outside 0.25 in
    def draw(c, n, trim):
        if n in (1, 2):
            c.rect(trim[0] + 0.3 * INCH, 300, 10, 10, stroke=0, fill=1)

    report = check_pdf(make_book(tmp_path / "g.pdf", draw, bleed=False), "kdp")
    [problem] = only(report, "outside-safe-area")
    assert problem.page == 1 and "on the left" in problem.message  # the gutter of a recto


def test_text_running_past_the_margin(tmp_path):
    def draw(c, n, trim):
        c.setFont("Andika", 12)
        if n == 2:
            c.drawRightString(trim[2] - 0.5 * INCH, 300, "fits")
        if n == 4:  # into the gutter of a verso
            c.drawString(trim[2] - 1.0 * INCH, 300, "a rather long caption")
        if n == 5:  # off the outside (bleed) edge: text never counts as bleed
            c.drawString(trim[2] - 0.5 * INCH, 300, "a rather long caption")

    report = check_pdf(make_book(tmp_path / "x.pdf", draw), "kdp")
    assert [p.page for p in only(report, "outside-safe-area")] == [4, 5]


def test_art_running_into_the_gutter_must_also_bleed(tmp_path):
    def draw(c, n, trim):
        w, h = c._pagesize
        if n == 2:  # a verso panel from the bleed edge to the gutter edge: fine
            c.rect(0, 100, w, 100, stroke=0, fill=1)
        if n == 4:  # a panel touching only the gutter edge: cut into by binding
            c.rect(w - 100, 100, 100, 100, stroke=0, fill=1)

    report = check_pdf(make_book(tmp_path / "p.pdf", draw), "kdp")
    assert [p.page for p in only(report, "outside-safe-area")] == [4]


def test_unreadable_file(tmp_path):
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"this is not a PDF at all")
    with pytest.raises(BookmakerError, match="junk.pdf: not a readable PDF"):
        check_pdf(junk, "kdp")
    with pytest.raises(BookmakerError, match="no such file"):
        check_pdf(tmp_path / "missing.pdf", "kdp")


# --- the command line -----------------------------------------------------------


def run_cli(*args, cwd=None):
    from tests.command_line import in_process

    return in_process(*args, cwd=cwd or Path(__file__).resolve().parent.parent)


def test_cli_check_passes_a_clean_book(tmp_path):
    pdf = make_book(tmp_path / "clean.pdf", clean_page)
    result = run_cli("check", pdf, "--profile", "kdp", "--trim", "6x9in")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "PDF passes the kdp preflight: 24 pages\n"


def test_cli_check_lists_problems_and_exits_1(tmp_path):
    pdf = make_book(tmp_path / "thin.pdf", line_page(0.5))
    result = run_cli("check", pdf, "--profile", "kdp")
    assert result.returncode == 1
    assert result.stdout == (
        "page 2: line width 0.5 pt is under 0.75 pt (thinnest stroke)\n1 problem of 1 kind: thin-line (1)\n"
        # notes follow the problems; they alone would let the file pass
        "note: pages 3-24 are blank, 22 in a row; kdp queries more than 10 blank pages in a row\n"
        "note: 23 pages of 24 are blank (96%); kdp queries blank pages over 10% of a book\n"
    )
    result = run_cli("check", pdf, "--profile", "kdp", "--trim", "letter")
    # the same problem on every page is one line
    assert result.returncode == 1 and result.stdout.count("is not the requested") == 1
    assert "pages 1-24: " in result.stdout and "25 problems of 2 kinds" in result.stdout


def test_cli_check_bad_input_is_one_line_exit_2(tmp_path):
    pdf = make_book(tmp_path / "ok.pdf")
    for args, message in [
        (("check", tmp_path / "missing.pdf", "--profile", "kdp"), "no such file"),
        (("check", pdf, "--profile", "createspace"), "choose one of: kdp, lulu, ingramspark, home"),
        (("check", pdf, "--profile", "kdp", "--trim", "6 by 9"), "--trim:"),
    ]:
        result = run_cli(*args)
        assert result.returncode == 2
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and message in result.stderr, result.stderr


def test_images_soft_masks_and_their_extent(tmp_path):
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    rgba = Image.new("RGBA", (8, 8), (0, 0, 0, 128))
    rgb = Image.new("RGB", (8, 8), (0, 0, 0))

    def draw(c, n, trim):
        if n == 3:
            c.drawImage(ImageReader(rgba), trim[0] + 100, trim[1] + 100, 20, 20, mask="auto")
        if n == 4:  # opaque, but 0.1 in from the top trim edge
            c.drawImage(ImageReader(rgb), trim[0] + 100, trim[3] - 0.1 * INCH - 20, 20, 20)

    report = check_pdf(make_book(tmp_path / "i.pdf", draw), "kdp")
    [soft] = only(report, "transparency")
    assert soft.page == 3 and "soft mask" in soft.message
    [outside] = only(report, "outside-safe-area")
    assert outside.page == 4 and "0.275 in" in outside.message


@pytest.mark.parametrize("cap, flagged", [(0, False), (1, True), (2, True)])
def test_rule_drawn_to_the_margin_depends_on_its_caps(tmp_path, cap, flagged):
    # no bleed, 24 pages: page 2's margins are 0.25 in (left) and 0.375 in (right)
    def draw(c, n, trim):
        if n == 2:
            c.setLineWidth(2)
            c.setLineCap(cap)
            c.line(0.25 * INCH, 300, TRIM[0] - 0.375 * INCH, 300)

    report = check_pdf(make_book(tmp_path / "r.pdf", draw, bleed=False), "kdp")
    assert ("outside-safe-area" in codes(report)) is flagged, report.format()
    if flagged:
        assert "1.0 pt" in only(report, "outside-safe-area")[0].message


def test_diagonal_square_cap_reaches_past_its_end_point(tmp_path):
    # the cap's corner pokes 1.41 pt further left than the end point
    def draw(c, n, trim):
        if n == 2:
            c.setLineWidth(2)
            c.setLineCap(2)
            c.line(0.25 * INCH + 1.2, 300, 200, 300 + 200 - 0.25 * INCH - 1.2)

    report = check_pdf(make_book(tmp_path / "d.pdf", draw, bleed=False), "kdp")
    [problem] = only(report, "outside-safe-area")
    assert "0.2 pt" in problem.message and "on the left" in problem.message


# --- content streams, read by the fast tokenizer or left to pypdf ---------------


def with_content(tmp_path, content: bytes, page=2):
    """A clean KDP book (trim 6 x 9 in, bleed) whose page ``page`` also draws ``content``."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject

    writer = PdfWriter(clone_from=PdfReader(make_book(tmp_path / "base.pdf", clean_page)))
    target = writer.pages[page - 1]
    stream = DecodedStreamObject()
    stream.set_data(target.get_contents().get_data() + b"\n" + content)
    target.replace_contents(stream)
    writer.write(tmp_path / "content.pdf")
    return tmp_path / "content.pdf"


def test_stream_the_tokenizer_leaves_to_pypdf_is_still_checked(tmp_path):
    from bookmaker.preflight.content import Unsupported, parse

    content = b"q .5 w 100 100 m 200 100l S Q"  # "100l": pypdf reads a number, then l
    with pytest.raises(Unsupported):
        parse(content)
    [problem] = check_pdf(with_content(tmp_path, content), "kdp").problems
    assert str(problem) == "page 2: line width 0.5 pt is under 0.75 pt (thinnest stroke)"


def test_inline_image_extent_and_what_follows_it(tmp_path):
    from bookmaker.preflight.content import parse

    top = 9 + TRIM[1] - 0.1 * INCH  # 0.1 in below the top trim edge
    # 2 x 2 gray samples whose 4 bytes read " EI", then more content to check
    content = (
        b"q 20 0 0 20 100 %.2f cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00 EI EI Q "
        b"q .5 w 100 100 m 200 100 l S Q" % (top - 20)
    )
    assert [op for _, op in parse(content)][:4] == [b"q", b"cm", b"INLINE IMAGE", b"Q"]
    report = check_pdf(with_content(tmp_path, content), "kdp")
    assert codes(report) == {"outside-safe-area", "thin-line", "low-resolution"}
    assert "0.275 in" in only(report, "outside-safe-area")[0].message
    assert "image at 7 dpi as placed" in only(report, "low-resolution")[0].message  # 2 samples on 20 pt


def test_zero_length_stroke_paints_only_with_caps(tmp_path):
    top = 9 + TRIM[1] - 0.1 * INCH
    dot = b"q 2 w %d J 100 %.2f m 100 %.2f l S Q"
    assert check_pdf(with_content(tmp_path, dot % (0, 300, 300)), "kdp").ok  # butt caps: no ink
    assert check_pdf(with_content(tmp_path, dot % (0, top, top)), "kdp").ok
    report = check_pdf(with_content(tmp_path, dot % (1, top, top)), "kdp")
    assert codes(report) == {"outside-safe-area"}


def test_text_in_a_tj_array_inside_marked_content(tmp_path):
    # page 4 is a verso: its right side is the gutter, 0.375 in (27 pt) wide
    text = (
        b"/Span <</MCID 0 /Alt (a \\) paren)>> BDC BT /F1+0 12 Tf 1 0 0 1 %d 300 Tm "
        b"[(a rather) -250 (long caption)] TJ ET EMC"
    )
    assert check_pdf(with_content(tmp_path, text % 100, page=4), "kdp").ok
    report = check_pdf(with_content(tmp_path, text % 340, page=4), "kdp")
    [problem] = only(report, "outside-safe-area")
    assert problem.page == 4 and "on the right" in problem.message


@pytest.mark.parametrize("overshoot, flagged", [(-1.0, False), (2.0, True)])
def test_a_circle_is_judged_by_its_own_box_not_its_control_points(tmp_path, overshoot, flagged):
    # Drawn as four quarter arcs from 45 degrees, the circle's leftmost point lies mid-curve
    # and the control points beside it stand 10 % of the radius further out: a big round
    # maze whose outer wall sits just inside the margin must pass, and one that crosses it
    # by 2 pt must not. Page 2 of 24 without bleed: left margin 0.25 in.
    radius = 150.0

    def draw(c, n, trim):
        if n == 2:
            c.setLineWidth(0.5)
            c.setLineCap(0)
            left = 0.25 * INCH + 0.25 - overshoot
            path = c.beginPath()
            path.arc(left, 300 - radius, left + 2 * radius, 300 + radius, startAng=45, extent=360)
            c.drawPath(path, stroke=1, fill=0)

    report = check_pdf(make_book(tmp_path / "c.pdf", draw, bleed=False), "kdp")
    assert ("outside-safe-area" in codes(report)) is flagged, report.format()
    if flagged:
        assert "2.0 pt" in only(report, "outside-safe-area")[0].message


def test_a_margin_breach_names_every_side_it_crosses(tmp_path):
    def draw(c, n, trim):
        if n == 3:  # a box over the left and top margins at once
            c.rect(trim[0] + 4, trim[3] - 10, 100, 6, stroke=0, fill=1)

    [problem] = only(check_pdf(make_book(tmp_path / "b.pdf", draw), "kdp"), "outside-safe-area")
    assert problem.page == 3
    assert "on the left" in problem.message and "on the top" in problem.message
    assert "on the right" not in problem.message and "minimum margins there" in problem.message


def test_the_same_problem_on_many_pages_is_one_line_and_kinds_are_counted():
    thin = "line width 0.5 pt is under 0.75 pt (thinnest stroke)"
    problems = [Problem(n, "thin-line", thin) for n in [*range(5, 105), 110]] + [
        Problem(3, "thin-line", "line width 0.3 pt is under 0.75 pt (thinnest stroke)"),
        Problem(None, "page-count-odd", "111 pages is odd; kdp needs an even page count"),
    ]
    assert Report("x.pdf", "kdp", 111, problems).format().splitlines() == [
        f"pages 5-104, 110: {thin}",
        "page 3: line width 0.3 pt is under 0.75 pt (thinnest stroke)",
        "document: 111 pages is odd; kdp needs an even page count",
        "103 problems of 2 kinds: thin-line (102), page-count-odd (1)",
    ]
    assert Report("x.pdf", "kdp", 1, []).format() == "PDF passes the kdp preflight: 1 page"


def _pdf(path: Path, pages: int, line_widths: dict[int, float]) -> Path:
    """Letter pages, blank but for a square outline on those ``line_widths`` names."""
    c = Canvas(str(path), pagesize=(612, 792), invariant=1)
    for number in range(1, pages + 1):
        if number in line_widths:
            c.setLineWidth(line_widths[number])
            c.rect(100, 100, 200, 200)
        c.showPage()
    c.save()
    return path


@pytest.mark.parametrize(
    "data, filters, reason",
    [
        (b"0 0 m 72 72 l S", "/NoSuchDecode", "Unsupported filter /NoSuchDecode"),
        (b"1 0 0 1 0 0 cm (a string never closed", None, "Stream has ended unexpectedly"),
    ],
)
def test_an_unreadable_content_stream_is_reported_and_the_other_pages_still_checked(
    tmp_path, data, filters, reason
):
    writer = PdfWriter(clone_from=_pdf(tmp_path / "clean.pdf", 3, {1: 1, 2: 1, 3: 0.2}))
    broken = StreamObject()
    broken._data = data
    if filters:
        broken[NameObject("/Filter")] = NameObject(filters)
    writer.pages[1][NameObject("/Contents")] = writer._add_object(broken)
    writer.write(tmp_path / "broken.pdf")
    report = check_pdf(tmp_path / "broken.pdf", "home")
    assert [(p.page, p.code) for p in report.problems] == [(2, "unreadable-content"), (3, "thin-line")]
    assert str(report.problems[0]).startswith("page 2: ") and reason in str(report.problems[0])
    assert not report.ok
