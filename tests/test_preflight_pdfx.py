"""The preflight of a printer that prints from PDF/X (IngramSpark: its outputs leave
out "rgb"): a PDF/X-1a file made with reportlab and pikepdf, as other tools make
them, passes; each test then breaks exactly one rule (RGB or forbidden colour in
each place it can hide, the output intent, each PDF/X key, the boxes, the ink
limit) and checks that rule alone is reported, on the right pages."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.layout.cover_geometry import CoverGeometry
from bookmaker.preflight.cover import check_cover
from bookmaker.preflight.interior import check_pdf
from bookmaker.profiles import INCH, PROFILES

FONT = Path(__file__).resolve().parent.parent / "fonts" / "Andika-Regular.ttf"
pdfmetrics.registerFont(TTFont("Andika", str(FONT)))
TRIM = (6 * INCH, 9 * INCH)
PAGES = 18  # IngramSpark's fewest
INGRAM = PROFILES["ingramspark"]
B = INGRAM.bleed
SWOP = "CGATS TR 001"  # a registered printing condition: no ICC profile need be embedded
UNTRAPPED = Name("/False")


def cmyk_page(c, n, trim):
    """Black text and a frame in pure K, and a 240 % (IngramSpark's most) patch."""
    c.setFillColorCMYK(0, 0, 0, 1)
    c.setStrokeColorCMYK(0, 0, 0, 1)
    c.setLineWidth(1)
    c.rect(trim[0] + 72, trim[1] + 72, 200, 300)
    c.setFont("Andika", 10)
    c.drawString(trim[0] + 72, trim[1] + 54, f"Maze {n}")
    c.setFillColorCMYK(0.6, 0.6, 0.6, 0.6)
    c.rect(trim[0] + 100, trim[1] + 100, 20, 20, stroke=0, fill=1)


def reportlab_book(path: Path, draw=None, bleed=True, trim_box=True, bleed_box=True) -> Path:
    """18 IngramSpark pages (6 x 9 in, 0.125 in bleed all round) drawn in CMYK by
    ``cmyk_page``, then ``draw(c, n, trim)``."""
    c = Canvas(str(path), invariant=1, initialFontName="Andika")
    for n in range(1, PAGES + 1):
        o = INGRAM.bleed_offsets(n, bleed)
        w, h = TRIM[0] + o.left + o.right, TRIM[1] + o.bottom + o.top
        trim = (o.left, o.bottom, o.left + TRIM[0], o.bottom + TRIM[1])
        c.setPageSize((w, h))
        if trim_box:
            c.setTrimBox(trim)
        if bleed_box:
            c.setBleedBox((0, 0, w, h))
        cmyk_page(c, n, trim)
        if draw:
            draw(c, n, trim)
        c.showPage()
    c.save()
    return path


def make_pdfx(
    path: Path,
    version: str | None = "PDF/X-1:2001",
    conformance: str | None = "PDF/X-1a:2001",
    trapped: Name | pikepdf.String | None = UNTRAPPED,
    intent: Dictionary | None = None,
    xmp: bool = False,
    edit=None,
) -> Path:
    """Make the file at ``path`` claim PDF/X with pikepdf: the Info keys, an output
    intent (SWOP, by its registered name, unless ``intent`` says otherwise); ``edit(pdf)``
    changes anything else. Each argument left out (None) breaks one rule."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        info = pdf.docinfo
        for key, value in (
            ("/GTS_PDFXVersion", version),
            ("/GTS_PDFXConformance", conformance),
            ("/Trapped", trapped),
        ):
            if key in info:
                del info[key]
            if value is not None:
                info[key] = value
        if intent is None:
            intent = Dictionary(
                Type=Name.OutputIntent,
                S=Name.GTS_PDFX,
                OutputConditionIdentifier=SWOP,
                RegistryName="http://www.color.org",
            )
        if intent is not False:
            pdf.Root.OutputIntents = Array([intent])
        elif "/OutputIntents" in pdf.Root:
            del pdf.Root.OutputIntents
        if xmp:
            with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
                meta["pdfxid:GTS_PDFXVersion"] = version
        if edit:
            edit(pdf)
        pdf.save(path)
    return path


def pdfx_book(path: Path, draw=None, **pdfx) -> Path:
    return make_pdfx(reportlab_book(path, draw), **pdfx)


def check(path: Path):
    """IngramSpark's preflight of a colour interior (a CMYK patch is no grey)."""
    return check_pdf(path, "ingramspark", trim=TRIM, interior="color")


def codes(report) -> set[str]:
    return {problem.code for problem in report.problems}


def pages_of(report, code: str) -> list[int | None]:
    return [problem.page for problem in report.problems if problem.code == code]


def on_page(page: int, content: bytes, resources: dict | None = None):
    """An edit that adds ``content`` (with ``resources``) to page ``page``."""

    def edit(pdf: pikepdf.Pdf) -> None:
        target = pdf.pages[page - 1]
        for kind, entries in (resources or {}).items():
            target.Resources[kind] = Dictionary(
                {**{k: v for k, v in target.Resources.get(kind, Dictionary()).items()}, **entries}
            )
        target.contents_add(pdf.make_stream(content), prepend=False)

    return edit


def icc_space(pdf: pikepdf.Pdf, components: int) -> Array:
    # the check reads /N: the profile's bytes stand in for a real one
    return Array([Name.ICCBased, pdf.make_stream(b"\0" * 128, N=components)])


def test_a_pdfx1a_file_passes(tmp_path):
    report = check(pdfx_book(tmp_path / "x1a.pdf"))
    assert report.ok, report.format()


def test_a_pdfx1a_2003_and_a_pdfx4_file_pass(tmp_path):
    x1a = pdfx_book(tmp_path / "2003.pdf", version="PDF/X-1a:2003", conformance=None)
    assert check(x1a).ok, check(x1a).format()
    x4 = pdfx_book(tmp_path / "x4.pdf", version="PDF/X-4", conformance=None, xmp=True)
    assert check(x4).ok, check(x4).format()


def test_rgb_fill_is_named_with_its_page_and_the_printer(tmp_path):
    def draw(c, n, trim):
        if n == 3:
            c.setFillColorRGB(0.2, 0.3, 0.4)
            c.rect(trim[0] + 150, trim[1] + 150, 10, 10, stroke=0, fill=1)

    report = check(pdfx_book(tmp_path / "rg.pdf", draw))
    assert codes(report) == {"rgb"}, report.format()
    [problem] = report.problems
    assert str(problem) == (
        "page 3: RGB colour (0.2 0.3 0.4 rg); IngramSpark prints CMYK from PDF/X: give it in CMYK or grey"
    )


def test_rgb_stroke_on_many_pages_is_one_line(tmp_path):
    def draw(c, n, trim):
        if n >= 3:
            c.setStrokeColorRGB(1, 0, 0)
            c.line(trim[0] + 150, trim[1] + 150, trim[0] + 200, trim[1] + 150)

    report = check(pdfx_book(tmp_path / "RG.pdf", draw))
    assert codes(report) == {"rgb"}
    assert pages_of(report, "rgb") == list(range(3, PAGES + 1))
    assert report.format().splitlines()[0].startswith(f"pages 3-{PAGES}: RGB colour (1 0 0 RG)")


def test_an_rgb_colour_set_but_never_painted_is_no_problem(tmp_path):
    def draw(c, n, trim):
        c.setFillColorRGB(1, 0, 0)  # set last, after everything is drawn

    assert check(pdfx_book(tmp_path / "unused.pdf", draw)).ok


@pytest.mark.parametrize(
    "space, x1a, x4",
    [
        ("/DeviceRGB", "rgb", "rgb"),
        ("icc3", "rgb", None),
        ("icc4", "icc-colour", None),
        ("lab", "icc-colour", None),
        ("calrgb", "rgb", None),
        ("spot-rgb", "rgb", "rgb"),
        ("spot-cmyk", None, None),
        ("indexed-rgb", "rgb", "rgb"),
    ],
)
def test_colour_spaces_judged_by_the_pdfx_version_claimed(tmp_path, space, x1a, x4):
    def spaces(pdf):
        return {
            "/DeviceRGB": Name.DeviceRGB,
            "icc3": icc_space(pdf, 3),
            "icc4": icc_space(pdf, 4),
            "lab": Array([Name.Lab, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]),
            "calrgb": Array([Name.CalRGB, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]),
            "spot-rgb": Array([Name.Separation, Name("/Gold"), Name.DeviceRGB, function(pdf, 3)]),
            "spot-cmyk": Array([Name.Separation, Name("/Gold"), Name.DeviceCMYK, function(pdf, 4)]),
            "indexed-rgb": Array([Name.Indexed, Name.DeviceRGB, 0, pikepdf.String(b"\x10\x20\x30")]),
        }[space]

    def edit(pdf):
        components = {"/DeviceRGB": 3, "icc3": 3, "icc4": 4, "lab": 3, "calrgb": 3}.get(space, 1)
        values = " ".join(["0.1"] * components).encode()
        if space == "indexed-rgb":
            values = b"0"
        on_page(2, b"/CS0 cs " + values + b" scn 150 150 10 10 re f", {"/ColorSpace": {"/CS0": spaces(pdf)}})(
            pdf
        )

    for version, expected in (("PDF/X-1:2001", x1a), ("PDF/X-4", x4)):
        conformance = "PDF/X-1a:2001" if version == "PDF/X-1:2001" else None
        path = tmp_path / f"{space.strip('/')}-{version[6:8]}.pdf"
        report = check(pdfx_book(path, version=version, conformance=conformance, xmp=True, edit=edit))
        assert codes(report) == ({expected} if expected else set()), (version, report.format())
        if expected:
            assert pages_of(report, expected) == [2]


def function(pdf: pikepdf.Pdf, outputs: int) -> Dictionary:
    return Dictionary(
        FunctionType=2, Domain=Array([0, 1]), C0=Array([0] * outputs), C1=Array([1] * outputs), N=1
    )


def rgb_image_page(c, n, trim):
    if n == 4:
        picture = Image.new("RGB", (30, 30), (200, 40, 40))
        c.drawImage(ImageReader(picture), trim[0] + 150, trim[1] + 150, 7, 7)


def test_an_rgb_image(tmp_path):
    report = check(pdfx_book(tmp_path / "image.pdf", rgb_image_page))
    assert codes(report) == {"rgb"}, report.format()
    assert pages_of(report, "rgb") == [4]
    assert "an image in DeviceRGB" in report.problems[0].message


def test_an_rgb_inline_image(tmp_path):
    inline = b"q 0.2 0 0 0.2 150 150 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xc8\x28\x28 EI Q"
    report = check(pdfx_book(tmp_path / "inline.pdf", edit=on_page(5, inline)))
    assert codes(report) == {"rgb"}, report.format()
    assert "an inline image in DeviceRGB" in report.problems[0].message


def test_an_rgb_shading_painted_by_sh_and_by_a_pattern(tmp_path):
    def shading(pdf):
        return Dictionary(
            ShadingType=2, ColorSpace=Name.DeviceRGB, Coords=Array([0, 0, 1, 0]), Function=function(pdf, 3)
        )

    def by_sh(pdf):
        content = b"q 150 150 10 10 re W n /Sh0 sh Q"
        on_page(6, content, {"/Shading": {"/Sh0": shading(pdf)}})(pdf)

    def by_pattern(pdf):
        pattern = Dictionary(Type=Name.Pattern, PatternType=2, Shading=shading(pdf))
        content = b"/Pattern cs /P0 scn 150 150 10 10 re f"
        on_page(7, content, {"/Pattern": {"/P0": pattern}})(pdf)

    for name, edit, page in (("sh", by_sh, 6), ("pattern", by_pattern, 7)):
        report = check(pdfx_book(tmp_path / f"{name}.pdf", edit=edit))
        assert codes(report) == {"rgb"}, report.format()
        assert pages_of(report, "rgb") == [page]
        assert "a shading in DeviceRGB" in report.problems[0].message


def test_rgb_in_a_form_inside_a_form(tmp_path):
    def edit(pdf):
        inner = pdf.make_stream(
            b"0 0 1 rg 0 0 5 5 re f", Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 10, 10])
        )
        outer = pdf.make_stream(
            b"/Fm1 Do",
            Type=Name.XObject,
            Subtype=Name.Form,
            BBox=Array([0, 0, 10, 10]),
            Resources=Dictionary(XObject=Dictionary(Fm1=inner)),
        )
        on_page(8, b"q 1 0 0 1 150 150 cm /Fm0 Do Q", {"/XObject": {"/Fm0": outer}})(pdf)

    report = check(pdfx_book(tmp_path / "forms.pdf", edit=edit))
    assert codes(report) == {"rgb"}, report.format()
    assert pages_of(report, "rgb") == [8]
    assert "0 0 1 rg" in report.problems[0].message


def test_rgb_in_a_tiling_pattern(tmp_path):
    def edit(pdf):
        cell = pdf.make_stream(
            b"1 0 0 rg 0 0 2 2 re f",
            Type=Name.Pattern,
            PatternType=1,
            PaintType=1,
            TilingType=1,
            BBox=Array([0, 0, 4, 4]),
            XStep=4,
            YStep=4,
            Resources=Dictionary(),
        )
        on_page(9, b"/Pattern cs /P0 scn 150 150 10 10 re f", {"/Pattern": {"/P0": cell}})(pdf)

    report = check(pdfx_book(tmp_path / "tiling.pdf", edit=edit))
    assert codes(report) == {"rgb"}, report.format()
    assert "1 0 0 rg" in report.problems[0].message


@pytest.mark.parametrize("colour, found", [(b"0 1 0 rg", {"rgb"}), (b"0 0 0 1 k", set())])
def test_colour_in_an_annotation_appearance(tmp_path, colour, found):
    def edit(pdf):
        appearance = pdf.make_stream(
            colour + b" 0 0 10 10 re f", Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 10, 10])
        )
        annotation = Dictionary(
            Type=Name.Annot,
            Subtype=Name.Square,
            Rect=Array([150, 150, 160, 160]),
            AP=Dictionary(N=appearance),
        )
        pdf.pages[9].Annots = pdf.make_indirect(Array([pdf.make_indirect(annotation)]))

    report = check(pdfx_book(tmp_path / "annotation.pdf", edit=edit))
    assert codes(report) == {"annotations"} | found, report.format()  # IngramSpark refuses annotations anyway


def test_no_output_intent(tmp_path):
    report = check(pdfx_book(tmp_path / "no-intent.pdf", intent=False))
    assert codes(report) == {"output-intent"}, report.format()
    assert pages_of(report, "output-intent") == [None]
    assert "IngramSpark needs one" in report.problems[0].message


def test_output_intents_that_name_no_usable_condition(tmp_path):
    unregistered = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier="My press")
    not_pdfx = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFA1, OutputConditionIdentifier=SWOP)
    for name, intent in (("unregistered", unregistered), ("pdfa", not_pdfx)):
        report = check(pdfx_book(tmp_path / f"{name}.pdf", intent=intent))
        assert codes(report) == {"output-intent"}, (name, report.format())


def test_an_embedded_profile_must_be_cmyk(tmp_path):
    def intent_with(components):
        def edit(pdf):
            pdf.Root.OutputIntents[0].DestOutputProfile = pdf.make_stream(b"\0" * 128, N=components)

        return edit

    cmyk = check(pdfx_book(tmp_path / "cmyk.pdf", edit=intent_with(4)))
    assert cmyk.ok, cmyk.format()
    rgb = check(pdfx_book(tmp_path / "rgb.pdf", edit=intent_with(3)))
    assert codes(rgb) == {"output-intent"}
    assert "3 components, not CMYK's 4" in rgb.problems[0].message


@pytest.mark.parametrize(
    "pdfx, said",
    [
        ({"version": None}, "no GTS_PDFXVersion"),
        ({"conformance": None}, "needs GTS_PDFXConformance PDF/X-1a:2001"),
        ({"version": "PDF/X-3:2002", "conformance": None}, "claims to be PDF/X-3:2002"),
        ({"version": "PDF/X-4", "conformance": None}, "XMP metadata"),
    ],
)
def test_the_pdfx_version(tmp_path, pdfx, said):
    report = check(pdfx_book(tmp_path / "version.pdf", **pdfx))
    assert codes(report) == {"pdfx-version"}, report.format()
    assert said in report.problems[0].message


@pytest.mark.parametrize("trapped", [None, Name("/Unknown"), pikepdf.String("True")])
def test_trapped_must_be_true_or_false(tmp_path, trapped):
    report = check(pdfx_book(tmp_path / "trapped.pdf", trapped=trapped))
    assert codes(report) == {"pdfx-trapped"}, report.format()


def test_no_document_id(tmp_path):
    path = pdfx_book(tmp_path / "id.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    data = path.read_bytes()
    assert data.count(b"/ID [") == 1  # qpdf always writes an ID; rename it in the trailer
    path.write_bytes(data.replace(b"/ID [", b"/XX ["))
    report = check(path)
    assert codes(report) == {"document-id"}, report.format()


def test_every_page_needs_a_trim_box(tmp_path):
    # pages without bleed, the size of the trim: only PDF/X asks for the TrimBox
    path = make_pdfx(reportlab_book(tmp_path / "no-trim.pdf", bleed=False, trim_box=False, bleed_box=False))
    report = check(path)
    assert codes(report) == {"no-trim-box"}, report.format()
    assert pages_of(report, "no-trim-box") == list(range(1, PAGES + 1))
    assert "PDF/X, which IngramSpark prints from, needs one on every page" in report.problems[0].message
    # the same pages for KDP need none
    assert "no-trim-box" not in codes(check_pdf(path, "kdp"))


def test_a_page_that_bleeds_needs_a_bleed_box(tmp_path):
    report = check(make_pdfx(reportlab_book(tmp_path / "no-bleed-box.pdf", bleed_box=False)))
    assert codes(report) == {"no-bleed-box"}, report.format()
    assert len(pages_of(report, "no-bleed-box")) == PAGES


def test_an_art_box_beside_the_trim_box_and_boxes_that_do_not_nest(tmp_path):
    def art_box(pdf):
        pdf.pages[1].ArtBox = pdf.pages[1].TrimBox

    def bleed_inside_the_trim(pdf):
        x0, y0, x1, y1 = (float(v) for v in pdf.pages[2].TrimBox)
        pdf.pages[2].BleedBox = Array([x0 + 9, y0 + 9, x1 - 9, y1 - 9])

    for name, edit, page in (("art", art_box, 2), ("nest", bleed_inside_the_trim, 3)):
        report = check(pdfx_book(tmp_path / f"{name}.pdf", edit=edit))
        assert codes(report) == {"pdfx-boxes"}, report.format()
        assert pages_of(report, "pdfx-boxes") == [page]


def test_ink_over_the_limit_names_the_colour_and_page(tmp_path):
    def draw(c, n, trim):
        if n == 11:
            c.setFillColorCMYK(0.75, 0.68, 0.67, 0.9)  # a rich black: 300 %
            c.rect(trim[0] + 150, trim[1] + 150, 10, 10, stroke=0, fill=1)

    report = check(pdfx_book(tmp_path / "ink.pdf", draw))
    assert codes(report) == {"total-ink"}, report.format()
    [problem] = report.problems
    assert str(problem) == (
        "page 11: 300 % ink (0.75 0.68 0.67 0.9 k) is over IngramSpark's 240 % total ink limit: "
        "lighten the colour, or take cyan, magenta and yellow out from under its black"
    )


def test_ink_of_a_cmyk_image(tmp_path):
    def draw(c, n, trim):
        if n == 12:
            picture = Image.new("CMYK", (30, 30), (26, 26, 26, 26))
            picture.putpixel((3, 3), (255, 255, 255, 0))  # 300 %
            c.drawImage(ImageReader(picture), trim[0] + 150, trim[1] + 150, 7, 7)

    report = check(pdfx_book(tmp_path / "image-ink.pdf", draw))
    assert codes(report) == {"total-ink"}, report.format()
    assert report.problems[0].message.startswith("300 % ink (an image's heaviest pixel)")


def test_ink_of_a_cmyk_shading(tmp_path):
    def edit(pdf):
        shading = Dictionary(
            ShadingType=2,
            ColorSpace=Name.DeviceCMYK,
            Coords=Array([0, 0, 1, 0]),
            Function=Dictionary(
                FunctionType=2, Domain=Array([0, 1]), C0=Array([0, 0, 0, 0]), C1=Array([1, 1, 0.5, 1]), N=1
            ),
        )
        on_page(13, b"q 150 150 10 10 re W n /Sh0 sh Q", {"/Shading": {"/Sh0": shading}})(pdf)

    report = check(pdfx_book(tmp_path / "shading-ink.pdf", edit=edit))
    assert codes(report) == {"total-ink"}, report.format()
    assert report.problems[0].message.startswith("350 % ink (a CMYK shading, at its heaviest)")


def test_other_printers_take_rgb_and_any_ink_as_before(tmp_path):
    def draw(c, n, trim):
        c.setFillColorRGB(0.2, 0.3, 0.4)
        c.rect(trim[0] + 150, trim[1] + 150, 10, 10, stroke=0, fill=1)
        c.setFillColorCMYK(1, 1, 1, 1)
        c.rect(trim[0] + 170, trim[1] + 150, 10, 10, stroke=0, fill=1)

    path = reportlab_book(tmp_path / "plain.pdf", draw)
    for name in ("lulu", "home"):
        found = codes(check_pdf(path, name, trim=TRIM, interior="color"))
        assert not found & {"rgb", "total-ink", "pdfx-version", "output-intent"}, (name, found)


def test_a_cover_is_judged_by_the_same_rules(tmp_path):
    spine = 0.25 * INCH
    geometry = CoverGeometry(*TRIM, spine, INGRAM.cover)
    path = tmp_path / "cover.pdf"

    def cover(rgb: bool) -> Path:
        c = Canvas(
            str(path), pagesize=(geometry.width, geometry.height), invariant=1, initialFontName="Andika"
        )
        c.setTrimBox(geometry.trim)
        c.setBleedBox((0, 0, geometry.width, geometry.height))
        if rgb:
            c.setFillColorRGB(0.1, 0.5, 0.3)
        else:
            c.setFillColorCMYK(0.9, 0.1, 0.7, 0.3)
        c.rect(0, 0, geometry.width, geometry.height, stroke=0, fill=1)
        # IngramSpark takes no cover without its ISBN barcode: a black mark stands in for it.
        x0, y0, x1, y1 = geometry.barcode_box
        c.setFillColorCMYK(0, 0, 0, 1)
        c.rect(x0 + 10, y0 + 10, x1 - x0 - 20, y1 - y0 - 20, stroke=0, fill=1)
        c.showPage()
        c.save()
        return make_pdfx(path)

    assert check_cover(cover(rgb=False), "ingramspark", geometry, 100, "own").ok
    report = check_cover(cover(rgb=True), "ingramspark", geometry, 100, "own")
    assert codes(report) == {"rgb"}, report.format()
    assert report.problems[0].page == 1
    report = check_cover(make_pdfx(path, version=None, intent=False), "ingramspark", geometry, 100, "own")
    assert codes(report) == {"rgb", "pdfx-version", "output-intent"}, report.format()


def test_a_malformed_colour_is_no_crash(tmp_path):
    content = b"/Nowhere cs 1 2 scn 150 150 10 10 re f (x) 1 2 k /P9 scn 0 0 1 1 re f /Pattern cs /P9 scn f"
    report = check(pdfx_book(tmp_path / "malformed.pdf", edit=on_page(2, content)))
    assert "rgb" not in codes(report)
    assert all("\n" not in str(problem) for problem in report.problems)


def test_the_check_reads_a_pdf_made_in_memory(tmp_path):
    # the checks need nothing bookmaker wrote: a pikepdf file from scratch
    pdf = pikepdf.new()
    for _ in range(PAGES):
        page = pdf.add_blank_page(page_size=TRIM)
        page.TrimBox = Array([0, 0, *TRIM])
        page.Contents = pdf.make_stream(
            zlib.compress(b"1 0 0 RG 80 80 m 100 100 l S"), Filter=Name.FlateDecode
        )
    out = io.BytesIO()
    pdf.save(out)
    path = tmp_path / "scratch.pdf"
    path.write_bytes(out.getvalue())
    found = codes(check(path))
    assert {"rgb", "pdfx-version", "pdfx-trapped", "output-intent"} <= found
