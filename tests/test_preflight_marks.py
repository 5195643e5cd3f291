"""The page-content rules one at a time: check_marks, what counts as painting
(alpha, white, covers), forms measured once per transformation class, runs
of separately stroked lines, text size and image resolution as placed,
encryption, trims, and the bounds on work."""

from __future__ import annotations

import zlib

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pikepdf import Dictionary, Name
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from bookmaker.errors import BookmakerError
from bookmaker.preflight import content as pdf_content
from bookmaker.preflight import marks as pdf_marks
from bookmaker.preflight.interior import check_marks, check_pdf

from .test_preflight_corpus import INCH, canvas_book, canvas_font, caption, form, pike_book, with_forms


def codes(report) -> set[str]:
    return {problem.code for problem in report.problems}


def messages(report, code) -> list[str]:
    return [problem.message for problem in report.problems if problem.code == code]


def book(tmp_path, content: bytes, **options):
    return pike_book(tmp_path / "book.pdf", content, **options)


# --- check_marks: what is drawn, wherever and whatever the page ---------------------


def test_check_marks_runs_only_the_page_content_rules(tmp_path):
    # one 5 x 5 in page: a mark at its very edge, a thin line, 5 pt text, JavaScript
    c_path = tmp_path / "cover.pdf"
    c = Canvas(str(c_path), pagesize=(5 * INCH, 5 * INCH), invariant=1, initialFontName="Andika")
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.setLineWidth(0.3)
    c.line(100, 100, 200, 100)
    c.setFont("Andika", 5)
    c.drawString(100, 200, "tiny")
    c.save()
    with pikepdf.open(c_path, allow_overwriting_input=True) as pdf:
        pdf.Root.OpenAction = Dictionary(S=Name.JavaScript, JS=pikepdf.String("1"))
        pdf.save(c_path)
    marks = check_marks(c_path, "kdp")
    assert codes(marks) == {"thin-line", "small-text", "javascript"}, marks.format()
    assert marks.pages == 1
    # the interior preflight also names the size, the edge and the page count
    assert {"trim-size", "outside-safe-area", "page-count"} <= codes(check_pdf(c_path, "kdp"))
    # and the same rules per profile: home allows scripts and small text
    assert codes(check_marks(c_path, "home")) == {"thin-line"}


# --- what paints ------------------------------------------------------------------------


ALPHA = Dictionary(
    ExtGState=Dictionary(
        Half=Dictionary(ca=0.5, CA=1),
        NoStroke=Dictionary(CA=0),
        Soft=Dictionary(SMask=Dictionary(S=Name.Luminosity)),
        Multiply=Dictionary(BM=Name.Multiply),
    )
)


@pytest.mark.parametrize(
    "content, transparent",
    [
        (b"/Half gs 0 G 1 w 100 300 m 200 300 l S", False),  # fill alpha set, only a stroke paints
        (b"/Half gs 100 300 50 50 re f", True),
        (b"/NoStroke gs 0.1 w 100 300 m 200 300 l S", False),  # matplotlib's invisible stroke
        (b"/Soft gs", False),  # a soft mask that nothing is painted under
        (b"/Soft gs 100 300 50 50 re f", True),
        (b"/Multiply gs 100 300 50 50 re f", True),
    ],
)
def test_transparency_only_where_something_paints(tmp_path, content, transparent):
    report = check_pdf(book(tmp_path, content, resources=ALPHA), "kdp")
    assert ("transparency" in codes(report)) is transparent, report.format()
    assert "thin-line" not in codes(report)  # the alpha-0 hairline paints nothing


def test_white_and_invisible_lines_are_no_thin_lines(tmp_path):
    assert check_pdf(book(tmp_path, b"1 G 0.1 w 100 300 m 200 300 l S"), "kdp").ok
    assert check_pdf(book(tmp_path, b"0 0 0 0 K 0.1 w 100 300 m 200 300 l S"), "kdp").ok
    assert "thin-line" in codes(check_pdf(book(tmp_path, b"0.5 G 0.1 w 100 300 m 200 300 l S"), "kdp"))


MARK = b"0 g 5 300 4 4 re f "  # 0.07 in from the left edge
WHITE_PAGE = b"1 g 0 0 432 648 re f "


@pytest.mark.parametrize(
    "content, flagged",
    [
        (MARK, True),
        (WHITE_PAGE + MARK, True),  # drawn over the background
        (MARK + WHITE_PAGE, False),  # hidden under it
        (MARK + b"0.2 g 0 0 432 648 re f ", True),  # hidden, but the grey page runs to an edge with no bleed
        (MARK + b"/Half gs " + WHITE_PAGE, True),  # a translucent background hides nothing
        (MARK + b"q 0 0 m 432 0 l 216 648 l h W n " + WHITE_PAGE + b"Q", True),  # clipped to a triangle
        (MARK + b"1 g 0 0 200 648 re f", False),  # a white panel over the mark alone
        (b"1 0 0 rg /Pattern cs /P0 scn 5 300 4 4 re f", True),  # a pattern: the rendering tells
    ],
)
def test_ink_is_what_would_print(tmp_path, content, flagged):
    tiling = None

    def edit(pdf):
        nonlocal tiling
        tiling = pdf.make_stream(
            b"0 g 0 0 2 2 re f",
            Type=Name.Pattern,
            PatternType=1,
            PaintType=1,
            TilingType=1,
            BBox=[0, 0, 4, 4],
            XStep=4,
            YStep=4,
            Resources=Dictionary(),
        )
        for page in pdf.pages:
            page.Resources = Dictionary(ExtGState=ALPHA.ExtGState, Pattern=Dictionary(P0=tiling))

    report = check_pdf(book(tmp_path, content, edit=edit), "kdp")
    assert ("outside-safe-area" in codes(report)) is flagged, report.format()
    if flagged:
        assert "on the left" in messages(report, "outside-safe-area")[0]


# --- forms ---------------------------------------------------------------------------------


def count_walks(monkeypatch) -> list:
    walks = []
    original = pdf_marks.Scanner._walk

    def walk(self, operations, *rest):
        walks.append(len(operations))
        return original(self, operations, *rest)

    monkeypatch.setattr(pdf_marks.Scanner, "_walk", walk)
    return walks


def test_a_form_is_measured_once_per_linear_transformation(tmp_path, monkeypatch):
    # a 0.5 pt line in a form drawn at 30 places at scale 1, and at 10 at scale 2 (1 pt)
    placements = b"".join(b"q 1 0 0 1 %d 300 cm /Tile Do Q " % (60 + 10 * i) for i in range(30))
    placements += b"".join(b"q 2 0 0 2 %d 100 cm /Tile Do Q " % (60 + 20 * i) for i in range(10))
    forms = with_forms(lambda pdf: {"/Tile": form(pdf, b"0.5 w 0 0 m 5 0 l S", bbox=(0, 0, 10, 10))})
    walks = count_walks(monkeypatch)
    report = check_pdf(book(tmp_path, placements, edit=forms), "kdp")
    assert messages(report, "thin-line")[0] == "line width 0.5 pt is under 0.75 pt (thinnest stroke)"
    assert len(walks) == 24 + 2  # each page, and the form under each of its two scales
    # placed ink still lands where each placement puts it: one tile crosses the left margin
    walks.clear()
    report = check_pdf(book(tmp_path, placements + b"q 1 0 0 1 2 500 cm /Tile Do Q", edit=forms), "kdp")
    [outside] = messages(report, "outside-safe-area")[:1]
    assert (
        outside.startswith("content outside the safe area: 25.0 pt") and "on the left" in outside
    )  # 27 pt margin, tile at 2 pt


def test_forms_nested_16_deep_cost_a_walk_per_level_and_class(tmp_path, monkeypatch):
    def forms(pdf):
        inner = form(pdf, b"0 g 0 0 2 2 re f", bbox=(0, 0, 10, 10))
        for _ in range(15):
            inner = form(
                pdf,
                b"/X Do 1 0 0 1 3 0 cm /X Do 1 0 0 1 3 0 cm /X Do",
                bbox=(0, 0, 10, 10),
                Resources=Dictionary(XObject=Dictionary(X=inner)),
            )
        return {"/Top": inner}

    walks = count_walks(monkeypatch)
    # 3^15 copies of the square, drawn from x = 2 pt: they start 25 pt past the margin
    report = check_pdf(book(tmp_path, b"q 1 0 0 1 2 300 cm /Top Do Q", edit=with_forms(forms)), "kdp")
    assert messages(report, "outside-safe-area")[0].startswith("content outside the safe area: 25.0 pt")
    assert len(walks) == 24 + 16


def test_a_form_that_draws_itself_is_named(tmp_path):
    def forms(pdf):
        loop = form(pdf, b"0 g 0 0 5 5 re f /Me Do /Me Do /Me Do", bbox=(0, 0, 10, 10))
        loop.Resources = Dictionary(XObject=Dictionary(Me=loop))
        return {"/Loop": loop}

    report = check_pdf(book(tmp_path, b"q 1 0 0 1 100 300 cm /Loop Do Q", edit=with_forms(forms)), "kdp")
    assert messages(report, "form-cycle")[0].startswith("form XObject Me draws itself")


def test_work_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_marks, "MAX_WORK", 50)
    forms = with_forms(lambda pdf: {"/Big": form(pdf, b"q Q " * 100)})
    report = check_pdf(book(tmp_path, b"/Big Do", edit=forms), "kdp")
    assert codes(report) == {"too-complex"}


# --- lines stroked one by one ---------------------------------------------------------------


def stroked_lines(tmp_path, extra: bytes = b""):
    lines = b"".join(
        b"n %d %d m %d %d l S\n" % (80 + i % 200, 100 + i % 400, 90 + i % 200, 100 + i % 400)
        for i in range(1500)
    )
    return book(tmp_path, b"1 w\n" + lines + extra)


def test_separately_stroked_lines_are_one_operation(tmp_path, monkeypatch):
    data = b"1 w\n" + b"".join(b"n %d 100 m %d 100 l S\n" % (80 + i % 200, 90 + i % 200) for i in range(1500))
    assert [op for _, op in pdf_content.parse(data, path_runs=True)] == [b"w", b"n", pdf_content.STROKE_RUN]
    exact = []
    original = pdf_marks._stroke_bounds
    monkeypatch.setattr(pdf_marks, "_stroke_bounds", lambda *a: exact.append(1) or original(*a))
    assert check_pdf(stroked_lines(tmp_path), "kdp").ok
    assert exact == []  # a clean page: no line's ink worked out on its own
    report = check_pdf(stroked_lines(tmp_path, b"n 3 200 m 20 200 l S n 5 210 m 20 210 l S\n"), "kdp")
    assert messages(report, "outside-safe-area")[0].startswith(
        "content outside the safe area: 24.0 pt"
    )  # the line from x = 3
    assert len(exact) == 2 * 24  # the two lines near the edge, on each page, and no other


# --- text and images as placed ----------------------------------------------------------------


def font_resources(pdf):
    font = canvas_font(pdf)
    for page in pdf.pages:
        page.Resources = Dictionary(Font=Dictionary(F1=font))


@pytest.mark.parametrize(
    "content, smallest",
    [
        (b"BT /F1 4 Tf 72 300 Td (x) Tj ET", "4"),
        (b"q 0.6 0 0 0.6 72 200 cm BT /F1 12 Tf 0.8 0 0 0.8 0 0 Tm (x) Tj ET Q", "5.76"),
        (b"BT /F1 14 Tf 0 0.5 -0.5 0 200 300 Tm (x) Tj ET", None),  # turned a quarter: still 7 pt
        (b"BT /F1 20 Tf 1 0 0 0.3 72 300 Tm (x) Tj ET", "6"),  # squashed
        (b"BT 3 Tr /F1 4 Tf 72 300 Td (ocr layer) Tj ET", None),  # invisible text prints nothing
        (b"BT /F1 4 Tf 72 300 Td () Tj ET", None),  # nor does an empty string
    ],
)
def test_smallest_text_as_printed(tmp_path, content, smallest):
    report = check_pdf(book(tmp_path, content, edit=font_resources), "kdp")
    sizes = messages(report, "small-text")
    if smallest is None:
        assert not sizes, report.format()
    else:
        assert sizes[0] == f"text {smallest} pt is under kdp's 7 pt minimum (smallest text)"
    assert "small-text" not in codes(check_pdf(tmp_path / "book.pdf", "lulu"))  # Lulu sets no minimum


@pytest.mark.parametrize(
    "pixels, inches, dpi", [(144, 2, 72), (600, 2, None), (600, 1.5, None), (300, 1.5, 200)]
)
def test_image_resolution_as_placed(tmp_path, pixels, inches, dpi):
    photo = Image.new("RGB", (pixels, pixels), (90, 120, 200))

    def draw(c):
        caption(c)
        c.drawImage(ImageReader(photo), 100, 200, inches * INCH, inches * INCH)

    report = check_pdf(canvas_book(tmp_path / "i.pdf", draw), "kdp")
    found = messages(report, "low-resolution")
    if dpi is None:
        assert not found
    else:
        assert found[0] == f"image at {dpi} dpi as placed is under kdp's 300 dpi (lowest resolution)"
    assert "low-resolution" not in codes(check_pdf(tmp_path / "i.pdf", "home"))


# --- encryption ------------------------------------------------------------------------------


def test_encryption_of_any_kind(tmp_path):
    def save(name, **encryption):
        return book(tmp_path, b"", save={"encryption": pikepdf.Encryption(owner="o", **encryption)}).rename(
            tmp_path / name
        )

    restricted = save(
        "r.pdf", user="", R=3, aes=False, metadata=False, allow=pikepdf.Permissions(extract=False)
    )
    assert messages(check_pdf(restricted, "kdp"), "encrypted") == [
        "the PDF is encrypted (RC4 128-bit; it opens without a password but forbids copying); "
        "kdp needs an unencrypted file"
    ]
    assert check_pdf(restricted, "home").ok  # a desktop printer prints it
    no_print = save(
        "p.pdf",
        user="",
        R=3,
        aes=False,
        metadata=False,
        allow=pikepdf.Permissions(print_lowres=False, print_highres=False),
    )
    assert "forbids printing" in messages(check_pdf(no_print, "home"), "encrypted")[0]
    locked = save("l.pdf", user="secret", R=3, aes=False, metadata=False)
    with pytest.raises(BookmakerError, match=r"encrypted \(RC4 128-bit\) and needs a password"):
        check_pdf(locked, "kdp")
    aes = save("a.pdf", user="", R=6)  # opens without a password: checked like any other
    assert messages(check_marks(aes, "kdp"), "encrypted") == [
        "the PDF is encrypted (AES-256); kdp needs an unencrypted file"
    ]


# --- trims ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "profile, size, verdict",
    [
        ("kdp", (6.14, 9.21), None),  # listed
        ("kdp", (156 / 25.4, 234 / 25.4), None),  # the same, as millimetres
        ("kdp", (6.2, 9.3), None),  # a KDP custom size
        (
            "kdp",
            (5, 5),
            "is no kdp trim size (nearest: 5.06 x 7.81 in; custom trims run 4 to 8.5 in wide "
            "and 6 to 11.69 in tall)",
        ),
        ("lulu", (6.2, 9.3), "is no lulu trim size (nearest: 6.14 x 9.21 in)"),
        ("home", (5, 5), None),  # a desktop printer takes any page
    ],
)
def test_page_sizes_against_the_profiles_trims(tmp_path, profile, size, verdict):
    pdf = canvas_book(tmp_path / "t.pdf", caption, size=(size[0] * INCH, size[1] * INCH))
    found = messages(check_pdf(pdf, profile), "trim-size")
    if verdict is None:
        assert not found
    else:
        assert len(found) == 24 and verdict in found[0]
    assert not messages(check_pdf(pdf, profile, trim=(size[0] * INCH, size[1] * INCH)), "trim-size")


def test_no_media_box_reads_as_letter(tmp_path):
    def edit(pdf):
        for page in pdf.pages:
            del page.obj["/MediaBox"]

    report = check_pdf(book(tmp_path, b"0 g 5 300 4 4 re f", edit=edit), "kdp")
    assert messages(report, "no-media-box")[0].startswith("no usable MediaBox")
    assert "outside-safe-area" in codes(report)  # the rest is checked on the letter page


# --- reading streams -------------------------------------------------------------------------


def test_streams_decode_as_pypdf_decodes_them():
    from pypdf.generic import ArrayObject, EncodedStreamObject, NameObject
    from reportlab.lib.rl_accel import asciiBase85Encode

    data = b"0 g 1 2 m 3 4 l S " * 100
    canonical = asciiBase85Encode(zlib.compress(data)).encode()
    for raw, filters in [
        (canonical, ["/ASCII85Decode", "/FlateDecode"]),
        (zlib.compress(data), ["/FlateDecode"]),
        (b"!!!!!" + canonical[:-2].replace(b"z", b"!!!!!") + b"~>", None),
    ]:
        stream = EncodedStreamObject()
        stream._data = raw
        if filters:
            stream[NameObject("/Filter")] = ArrayObject([NameObject(f) for f in filters])
        else:  # not canonical ASCII85 ("!!!!!" for "z"): left to pypdf
            stream[NameObject("/Filter")] = NameObject("/ASCII85Decode")
        assert pdf_marks.stream_data(stream) == (data if filters else b"\x00" * 4 + zlib.compress(data))


# --- runs are judged exactly as the operations they stand for ------------------------------------


coordinate = st.integers(-20, 460).map(lambda v: b"%d" % v)
drawing = st.lists(
    st.one_of(
        st.lists(coordinate, min_size=4, max_size=4).map(lambda n: b"%s %s m %s %s l S" % tuple(n)),
        st.tuples(st.sampled_from([b"", b"0.3 w", b"3 w"]), st.lists(coordinate, min_size=4, max_size=4)).map(
            lambda wn: b"q %s %s %s m %s %s l S Q" % (wn[0], *wn[1])
        ),  # each line in a state of its own, as many exporters write them
        st.tuples(coordinate, coordinate).map(lambda xy: xy[0] + b" " + xy[1] + b" m"),
        st.tuples(coordinate, coordinate).map(lambda xy: xy[0] + b" " + xy[1] + b" l"),
        st.sampled_from(
            [
                b"S",
                b"n",
                b"h",
                b"f",
                b"q",
                b"Q",
                b"2 w",
                b"0.3 w",
                b"1 J",
                b"2 J",
                b"1 G",
                b"0 G",
                b"2 0 0 2 -100 0 cm",
                b"0 1 -1 0 400 0 cm",
                b"10 10 400 600 re W n",
            ]
        ),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(drawing)
def test_runs_are_judged_as_the_operations_they_stand_for(parts):
    from pypdf import PdfWriter
    from pypdf.generic import ContentStream

    writer = PdfWriter()
    page = writer.add_blank_page(432, 648)
    stream = ContentStream(None, None)
    stream.set_data(b" ".join(parts))
    page.replace_contents(stream)
    media, watch = (0.0, 0.0, 432.0, 648.0), (27.0, 27.0, 405.0, 621.0)
    ours = pdf_marks.Scanner().page(page, media, watch)
    original = pdf_marks._operations
    try:  # pypdf's parser gives each operation on its own: no runs
        pdf_marks._operations = lambda data, floats=None: ContentStream(stream, None).operations
        theirs = pdf_marks.Scanner().page(page, media, watch)
    finally:
        pdf_marks._operations = original
    assert (ours.thinnest, ours.transparency, ours.errors) == (
        theirs.thinnest,
        theirs.transparency,
        theirs.errors,
    )
    assert sorted(ours.ink) == sorted(theirs.ink)
