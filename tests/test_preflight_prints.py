"""The preflight judges what prints (issue 28): a shading is grey when every colour
its function gives is a grey; ink a later white fill covers prints nothing there;
text reaches as far as its glyphs, not its em box; an image drawn through a tiling
pattern, at any depth, is found and measured through the pattern's matrix; and
layers (optional content) are reported, with what a default-off layer hides.

Each kind is shown on files of at least two producers (reportlab, cairo, fpdf2,
matplotlib, pikepdf by hand): one 6 x 9 in page each, checked for KDP, whose
safe area on a first page of a short book runs from 27 pt (the gutter) to 414 pt
across and from 18 pt to 630 pt up."""

from __future__ import annotations

import zlib
from pathlib import Path

import matplotlib
import pikepdf
import pytest
import reportlab
from fpdf import FPDF
from fpdf.pattern import LinearGradient
from pikepdf import Array, Dictionary, Name
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from bookmaker.preflight.functions import shading_colours
from bookmaker.preflight.interior import check_pdf

from .test_preflight_corpus import FONT, H, W

try:  # cairocffi loads the system's libcairo, which a bare machine may lack
    import cairocffi
except OSError:
    cairocffi = None
# .ci/run installs libcairo2; elsewhere the cairo-made files are skipped, saying how to have them
needs_cairo = pytest.mark.skipif(
    cairocffi is None, reason="cairo-made PDFs need the system's libcairo (apt-get install libcairo2)"
)

matplotlib.use("pdf")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import font_manager  # noqa: E402

font_manager.fontManager.addfont(str(FONT))
SAFE_TOP = H - 18  # KDP's 0.25 in top margin
SAFE_LEFT = 27  # the gutter of a first page


def codes(path: Path, **options) -> set[str]:
    return {problem.code for problem in check_pdf(path, "kdp", **options).problems}


def messages(path: Path, code: str, **options) -> list[str]:
    return [p.message for p in check_pdf(path, "kdp", **options).problems if p.code == code]


def grey(path: Path) -> set[str]:
    """What a black-and-white interior reports of the file's colours."""
    return codes(path, interior="black-and-white") & {"colour"}


def canvas(path: Path, draw) -> Path:
    c = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName="Andika")
    draw(c)
    c.save()
    return path


def cairo_page(path: Path, draw) -> Path:
    """cairo draws with y down from the top of the page."""
    surface = cairocffi.PDFSurface(str(path), W, H)
    draw(cairocffi.Context(surface))
    surface.finish()
    return path


def fpdf_page(path: Path, draw) -> Path:
    pdf = FPDF(unit="pt", format=(W, H))
    pdf.add_page()
    pdf.add_font("Andika", "", str(FONT))
    draw(pdf)
    pdf.output(str(path))
    return path


def pike_page(path: Path, content: bytes, resources: Dictionary | None = None, edit=None) -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(W, H))
    pdf.pages[0].Contents = pdf.make_stream(content)
    pdf.pages[0].Resources = resources if resources is not None else Dictionary()
    if edit:
        edit(pdf)
    pdf.save(path)
    return path


# --- grey is grey, however it is written ---------------------------------------------------


def reportlab_gradients(path: Path, *stops) -> Path:
    def draw(c):
        c.linearGradient(100, 100, 300, 300, stops, extend=False)
        c.radialGradient(200, 400, 80, stops[:2])

    return canvas(path, draw)


def cairo_gradient(path: Path, *stops) -> Path:
    def draw(context):
        gradient = cairocffi.LinearGradient(0, 0, 200, 0)
        for offset, rgb in zip((0, 0.5, 1), stops, strict=False):
            gradient.add_color_stop_rgb(offset, *rgb)
        context.rectangle(100, 100, 200, 200)
        context.set_source(gradient)
        context.fill()

    return cairo_page(path, draw)


def sampled_shading(path: Path, samples: list[tuple[int, int, int]], kind: int = 0) -> Path:
    """An axial shading in DeviceRGB, by hand, whose function is sampled (type 0) or a
    PostScript calculator (type 4) giving R, G, B from t."""

    def edit(pdf):
        if kind == 0:
            function = pdf.make_stream(
                bytes(v for sample in samples for v in sample),
                FunctionType=0,
                Domain=[0, 1],
                Range=[0, 1, 0, 1, 0, 1],
                Size=[len(samples)],
                BitsPerSample=8,
            )
        else:
            program = b"{ dup dup }" if not samples else b"{ dup 0.5 mul exch dup }"
            function = pdf.make_stream(program, FunctionType=4, Domain=[0, 1], Range=[0, 1, 0, 1, 0, 1])
        shading = Dictionary(
            ShadingType=2, ColorSpace=Name.DeviceRGB, Coords=[100, 0, 300, 0], Function=function
        )
        pdf.pages[0].Resources = Dictionary(Shading=Dictionary(Sh0=pdf.make_indirect(shading)))

    return pike_page(path, b"q 100 100 200 200 re W n /Sh0 sh Q", edit=edit)


GREYS = ((0.2, 0.2, 0.2), (0.8, 0.8, 0.8), (0.1, 0.1, 0.1))
TINTED = ((0.2, 0.2, 0.2), (0.8, 0.7, 0.8), (0.1, 0.1, 0.1))


def test_grey_gradients_are_grey_in_a_black_and_white_book(tmp_path):
    grey_stops = [Color(*rgb) for rgb in GREYS]
    assert grey(reportlab_gradients(tmp_path / "rl.pdf", *grey_stops)) == set()
    samples = [(0, 0, 0), (128, 128, 128), (255, 255, 255)]
    assert grey(sampled_shading(tmp_path / "sampled.pdf", samples)) == set()
    assert grey(sampled_shading(tmp_path / "calculator.pdf", [], kind=4)) == set()


@needs_cairo
def test_cairo_gradients_are_grey_if_every_stop_is_and_colour_if_one_is_not(tmp_path):
    assert grey(cairo_gradient(tmp_path / "grey.pdf", *GREYS)) == set()
    assert grey(cairo_gradient(tmp_path / "tinted.pdf", *TINTED)) == {"colour"}


def test_a_gradient_with_one_colour_stop_is_colour(tmp_path):
    tinted_stops = [Color(*rgb) for rgb in TINTED]
    assert grey(reportlab_gradients(tmp_path / "rl.pdf", *tinted_stops)) == {"colour"}
    # one sample of a thousand is pink
    samples = [(v, v, v) for v in range(256)] * 4
    samples[700] = (255, 200, 200)
    assert grey(sampled_shading(tmp_path / "sampled.pdf", samples)) == {"colour"}
    # the calculator's red is half its green and blue
    assert grey(sampled_shading(tmp_path / "calculator.pdf", [(1, 1, 1)], kind=4)) == {"colour"}


def test_a_colour_gradient_filling_a_shape_as_a_pattern_is_colour(tmp_path):
    # fpdf2 paints gradients as shading patterns (scn), which reached no colour check
    def draw(stops):
        def paint(pdf):
            with pdf.use_pattern(LinearGradient(100, 0, 300, 0, stops)):
                pdf.rect(100, 100, 200, 200, style="F")

        return paint

    colour = fpdf_page(tmp_path / "colour.pdf", draw([(200, 30, 30), (30, 30, 200)]))
    assert grey(colour) == {"colour"}
    assert grey(fpdf_page(tmp_path / "grey.pdf", draw([(50, 50, 50), (200, 200, 200)]))) == set()


def test_stitched_functions_are_read_at_every_bound():
    # a stitching function whose middle part, between 0.49 and 0.51, is red
    parts = [
        {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0, 0, 0], "/C1": [0.5, 0.5, 0.5], "/N": 1},
        {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [1, 0, 0], "/C1": [1, 0, 0], "/N": 1},
        {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0.5, 0.5, 0.5], "/C1": [1, 1, 1], "/N": 1},
    ]
    function = {
        "/FunctionType": 3,
        "/Domain": [0, 1],
        "/Functions": parts,
        "/Bounds": [0.49, 0.51],
        "/Encode": [0, 1, 0, 1, 0, 1],
    }
    colours = shading_colours({"/ShadingType": 2, "/Function": function})
    assert colours is not None and [1, 0, 0] in colours


# --- ink covered by white is no ink -------------------------------------------------------------


def test_a_white_rectangle_over_the_part_in_the_margin_hides_it(tmp_path):
    def draw(cover_to):
        def paint(c):
            c.rect(5, 300, 100, 50, stroke=0, fill=1)  # from the page edge's 5 pt into the text area
            c.setFillGray(1)
            c.rect(0, 290, cover_to, 70, stroke=0, fill=1)

        return paint

    assert "outside-safe-area" not in codes(canvas(tmp_path / "covered.pdf", draw(SAFE_LEFT)))
    # a white panel that stops 7 pt short leaves the black showing in the margin
    assert messages(canvas(tmp_path / "short.pdf", draw(SAFE_LEFT - 7)), "outside-safe-area") == [
        "content outside the safe area: 7.0 pt (0.097 in) on the left (kdp minimum margin there: 0.375 in)"
    ]


@needs_cairo
def test_a_white_frame_over_the_margins_hides_what_runs_into_them(tmp_path):
    # cairo: a black disc crossing the top margin, then a white frame (the page less
    # the safe area, filled even-odd), which is no rectangle: the rendering decides
    def draw(frame_top):
        def paint(context):
            context.arc(200, 30, 40, 0, 6.3)
            context.fill()
            context.set_source_rgb(1, 1, 1)
            context.set_fill_rule(cairocffi.FILL_RULE_EVEN_ODD)
            context.rectangle(0, 0, W, H)
            context.rectangle(SAFE_LEFT, frame_top, W - 18 - SAFE_LEFT, H - 18 - frame_top)
            context.fill()

        return paint

    assert "outside-safe-area" not in codes(cairo_page(tmp_path / "framed.pdf", draw(18)))
    found = messages(cairo_page(tmp_path / "thin.pdf", draw(12)), "outside-safe-area")
    assert len(found) == 1 and "on the top" in found[0]  # 6 pt of the disc show above the frame


def test_white_inside_a_form_hides_the_page_ink_under_it(tmp_path):
    # by hand: a black bar into the right margin, then a form painting a white triangle over it
    white = b"1 g 380 200 m 440 200 l 440 420 l h f"

    def edit(pdf):
        form = pdf.make_stream(white, Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, W, H])
        pdf.pages[0].Resources = Dictionary(XObject=Dictionary(Fx=form))

    hidden = pike_page(tmp_path / "hidden.pdf", b"0 g 300 300 120 20 re f /Fx Do", edit=edit)
    assert "outside-safe-area" not in codes(hidden)
    shown = pike_page(tmp_path / "shown.pdf", b"/Fx Do 0 g 300 300 120 20 re f", edit=edit)
    assert "outside-safe-area" in codes(shown)


# --- text is measured by its glyphs --------------------------------------------------------


def heading_reportlab(path: Path, baseline: float) -> Path:
    def draw(c):
        c.setFont("Andika", 36)
        c.drawString(100, baseline, "MAZES")

    return canvas(path, draw)


def heading_fpdf(path: Path, baseline: float) -> Path:
    def draw(pdf):
        pdf.set_font("Andika", size=36)
        pdf.text(100, H - baseline, "MAZES")

    return fpdf_page(path, draw)


def heading_type1(path: Path, baseline: float) -> Path:
    # reportlab embedding one of its own Type 1 fonts (FontFile)
    folder = Path(reportlab.__file__).parent / "fonts"
    face = pdfmetrics.EmbeddedType1Face(str(folder / "_a______.afm"), str(folder / "_a______.pfb"))
    pdfmetrics.registerTypeFace(face)
    pdfmetrics.registerFont(pdfmetrics.Font("Type1Sans", face.name, "WinAnsiEncoding"))

    def draw(c):
        c.setFont("Type1Sans", 36)
        c.drawString(100, baseline, "MAZES")

    return canvas(path, draw)


def heading_matplotlib(path: Path, baseline: float) -> Path:
    # matplotlib's default: Type 3 fonts, each glyph declaring its box (d1)
    figure = plt.figure(figsize=(W / 72, H / 72))
    figure.text(100 / W, baseline / H, "MAZES", fontsize=36, family="Andika", va="baseline")
    figure.savefig(path)
    plt.close(figure)
    return path


@pytest.mark.parametrize("heading", [heading_reportlab, heading_type1, heading_fpdf, heading_matplotlib])
def test_a_heading_whose_letters_sit_inside_the_margin_passes(tmp_path, heading):
    # The capitals reach about 0.73 em (the S): 26 pt at 36 pt; the em box reaches 36 pt
    # above the baseline, which would be 6 pt past the margin, and then 12
    assert "outside-safe-area" not in codes(heading(tmp_path / "inside.pdf", SAFE_TOP - 30))
    found = messages(heading(tmp_path / "over.pdf", SAFE_TOP - 24), "outside-safe-area")
    assert len(found) == 1 and "on the top" in found[0], found
    excess = float(found[0].removeprefix("content outside the safe area: ").split(" pt")[0])
    assert 2.0 <= excess <= 2.3, found  # the S's top, 26.1 to 26.3 pt above the baseline


def test_a_descender_is_ink_and_a_space_is_none(tmp_path):
    def draw(text):
        def paint(c):
            c.setFont("Andika", 36)
            c.drawString(100, 18 + 6, text)  # the em box's quarter below the baseline crosses

        return paint

    assert "outside-safe-area" not in codes(canvas(tmp_path / "caps.pdf", draw("MAZES   ")))
    assert "outside-safe-area" in codes(canvas(tmp_path / "descends.pdf", draw("mazy")))  # y: 0.23 em


# --- every image is found -----------------------------------------------------------------


def tiling_pattern(
    pdf: pikepdf.Pdf, matrix: list[float], pixels: int = 10, cell: float = 14.4
) -> pikepdf.Object:
    """A tiling pattern whose cell draws a ``pixels``-wide grey image over ``cell`` pt."""
    image = pdf.make_stream(
        zlib.compress(bytes(range(pixels * pixels))),
        Type=Name.XObject,
        Subtype=Name.Image,
        Width=pixels,
        Height=pixels,
        ColorSpace=Name.DeviceGray,
        BitsPerComponent=8,
        Filter=Name.FlateDecode,
    )
    return pdf.make_stream(
        f"q {cell} 0 0 {cell} 0 0 cm /Im0 Do Q".encode(),
        Type=Name.Pattern,
        PatternType=1,
        PaintType=1,
        TilingType=1,
        BBox=[0, 0, cell, cell],
        XStep=cell,
        YStep=cell,
        Matrix=matrix,
        Resources=Dictionary(XObject=Dictionary(Im0=image)),
    )


def dpi_found(path: Path) -> list[str]:
    return messages(path, "low-resolution")


def test_an_image_in_a_tiling_pattern_is_measured_through_its_matrix(tmp_path):
    fill = b"/Pattern cs /P0 scn 100 100 200 200 re f"

    def edit(matrix, cell):
        def patterned(pdf):
            pdf.pages[0].Resources = Dictionary(Pattern=Dictionary(P0=tiling_pattern(pdf, matrix, cell=cell)))

        return patterned

    # 10 pixels over 14.4 pt: 50 dpi
    assert dpi_found(pike_page(tmp_path / "plain.pdf", fill, edit=edit([1, 0, 0, 1, 0, 0], 14.4))) == [
        "image at 50 dpi as placed is under kdp's 300 dpi (lowest resolution)"
    ]
    # 10 pixels over 2.4 pt, 300 dpi in the cell, which the pattern's matrix magnifies 6 times
    assert (
        "50 dpi" in dpi_found(pike_page(tmp_path / "scaled.pdf", fill, edit=edit([6, 0, 0, 6, 0, 0], 2.4)))[0]
    )


def test_a_pattern_inside_a_form_inside_a_pattern_is_found(tmp_path):
    def edit(pdf):
        inner = tiling_pattern(pdf, [1, 0, 0, 1, 0, 0], cell=2.4)  # 300 dpi in the form's space
        form = pdf.make_stream(
            b"/Pattern cs /P1 scn 0 0 100 100 re f",
            Type=Name.XObject,
            Subtype=Name.Form,
            BBox=[0, 0, 100, 100],
            Matrix=[3, 0, 0, 3, 0, 0],  # drawn 3 times larger: 100 dpi
            Resources=Dictionary(Pattern=Dictionary(P1=inner)),
        )
        outer = pdf.make_stream(
            b"/Fx Do",
            Type=Name.Pattern,
            PatternType=1,
            PaintType=1,
            TilingType=1,
            BBox=[0, 0, 300, 300],
            XStep=300,
            YStep=300,
            Matrix=[0.5, 0, 0, 0.5, 0, 0],  # and half that: 200 dpi
            Resources=Dictionary(XObject=Dictionary(Fx=form)),
        )
        pdf.pages[0].Resources = Dictionary(Pattern=Dictionary(P0=outer))

    path = pike_page(tmp_path / "nested.pdf", b"/Pattern cs /P0 scn 100 100 200 200 re f", edit=edit)
    assert dpi_found(path) == ["image at 200 dpi as placed is under kdp's 300 dpi (lowest resolution)"]


@needs_cairo
def test_cairo_image_patterns_are_found(tmp_path):
    def draw(context):
        picture = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, 20, 20)
        painter = cairocffi.Context(picture)
        painter.set_source_rgb(0.5, 0.5, 0.5)
        painter.paint()
        pattern = cairocffi.SurfacePattern(picture)
        pattern.set_extend(cairocffi.EXTEND_REPEAT)
        scale = cairocffi.Matrix()
        scale.scale(50 / 72, 50 / 72)  # a pixel every 72/50 pt
        pattern.set_matrix(scale)
        context.set_source(pattern)
        context.rectangle(100, 100, 200, 200)
        context.fill()

    assert dpi_found(cairo_page(tmp_path / "tiles.pdf", draw)) == [
        "image at 50 dpi as placed is under kdp's 300 dpi (lowest resolution)"
    ]


# --- optional content (layers) --------------------------------------------------------------


def layered(pdf: pikepdf.Pdf, off: bool, locked: bool = False) -> tuple[pikepdf.Object, pikepdf.Object]:
    """Two layers, "Answers" (off by default if ``off``) and "Art" (locked on if ``locked``)."""
    answers = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=pikepdf.String("Answers")))
    art = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=pikepdf.String("Art")))
    default = Dictionary(Order=Array([answers, art]))
    if off:
        default.OFF = Array([answers])
    if locked:
        default.Locked = Array([art])
    pdf.Root.OCProperties = Dictionary(OCGs=Array([answers, art]), D=default)
    return answers, art


LAYERS_LINE = (
    "2 layers (optional content) a reader can turn off: 'Answers', 'Art'; kdp asks for layers to be flattened"
)


def test_layers_and_what_a_default_off_layer_hides_are_reported(tmp_path):
    content = b"/OC /L0 BDC 0 g 100 100 50 50 re f EMC /OC /L1 BDC 0 g 100 300 50 50 re f EMC"

    def edit(off: bool, locked: bool = False):
        def add_layers(pdf):
            answers, art = layered(pdf, off, locked)
            pdf.pages[0].Resources = Dictionary(Properties=Dictionary(L0=answers, L1=art))

        return add_layers

    report = check_pdf(pike_page(tmp_path / "off.pdf", content, edit=edit(True)), "kdp")
    found = {p.code: p.message for p in report.problems}
    assert found["layers"] == LAYERS_LINE
    assert found["hidden-layer"] == (
        "content in layer 'Answers', off by default, does not print: flatten the layers with it "
        "shown if it should print, or remove it"
    )
    # both layers on: nothing hidden, but a reader can still turn them off
    assert codes(pike_page(tmp_path / "on.pdf", content, edit=edit(False))) >= {"layers"}
    assert "hidden-layer" not in codes(tmp_path / "on.pdf")
    # a locked layer that shows cannot be turned off
    assert messages(pike_page(tmp_path / "locked.pdf", content, edit=edit(False, True)), "layers") == [
        "1 layer (optional content) a reader can turn off: 'Answers'; kdp asks for layers to be flattened"
    ]
    # a home printer prints the layers as they show
    assert check_pdf(tmp_path / "off.pdf", "home").ok


def test_a_reportlab_page_in_a_form_hidden_by_a_membership_dictionary(tmp_path):
    path = canvas(tmp_path / "page.pdf", lambda c: c.drawString(100, 300, "the answers"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        answers, art = layered(pdf, off=True)
        page = pdf.pages[0]
        form = pdf.make_stream(
            page.Contents.read_bytes(),
            Type=Name.XObject,
            Subtype=Name.Form,
            BBox=[0, 0, W, H],
            Resources=page.Resources,
            # shows only while both layers are on
            OC=Dictionary(Type=Name.OCMD, OCGs=Array([answers, art]), P=Name.AllOn),
        )
        page.Resources = Dictionary(XObject=Dictionary(Fx=form))
        page.Contents = pdf.make_stream(b"q /Fx Do Q")
        pdf.save(path)
    assert "hidden-layer" in codes(path)
    assert messages(path, "layers") == [LAYERS_LINE]


def test_a_broad_white_line_over_the_margin_hides_what_it_covers(tmp_path):
    # matplotlib: a black bar from 3.6 pt into the page, then a white line 27 pt wide
    # (or 20) along the left edge, stroked with butt caps
    def page(path: Path, width: float) -> Path:
        figure = plt.figure(figsize=(W / 72, H / 72))
        inch = figure.dpi_scale_trans
        figure.add_artist(plt.Rectangle((0.05, 4), 1.5, 0.5, color="black", transform=inch, snap=False))
        line = plt.Line2D([width / 144] * 2, [3.5, 5], transform=inch, color="white", linewidth=width)
        line.set_solid_capstyle("butt")
        line.set_snap(False)
        figure.add_artist(line)
        figure.savefig(path)
        plt.close(figure)
        return path

    assert "outside-safe-area" not in codes(page(tmp_path / "covered.pdf", SAFE_LEFT))
    found = messages(page(tmp_path / "narrow.pdf", 20), "outside-safe-area")
    assert len(found) == 1 and "on the left" in found[0], found
