"""PDF/X files, read back with pikepdf (never bookmaker's own reader): IngramSpark books'
interiors and covers hold no RGB and no transparency anywhere, carry the output intent, the
PDF/X Info keys, a document ID and the boxes, embed every font, keep every cover colour
within the total-ink limit, print black as pure K, and come out byte for byte alike twice.

The limit and the standards' rules are written out here from IngramSpark's guide and
ISO 15930, not read from bookmaker's constants.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from bookmaker.build import build_cover
from bookmaker.cli import app, main

INGRAMSPARK_MAX_INK = 240.0  # per cent: the File Creation Guide's cover requirements

# A colour interior whose answer path, and a cover whose background, need more ink than
# IngramSpark allows (#0A0A40: 84 % cyan and magenta over 75 % black, 244 %).
CAPPED = """\
title: Night Mazes
subtitle: Read back by pikepdf
author: Ada Tester
seed: 11
profile: ingramspark
page: {size: 6x9, bleed: true}
interior: color
sections:
  - {title: Square, size: 8x8, count: 3, per_page: 2}
  - {title: Round, shape: polar, rings: 5, count: 1}
answer_key: {enabled: true, color: "#0A0A40"}
cover:
  paper: premium-color
  spine_width: 0.25in
  background: "#0A0A40"
  isbn: 978-1-4028-9462-6
"""
# Black ink on a pale cover, as PDF/X-4: the black must come out as black ink alone.
BLACK_INK = """\
title: Pale Mazes
author: Ada Tester
seed: 12
profile: ingramspark
output: pdf-x4
page: {size: 6x9, bleed: true}
front_matter: {how_to: false}
sections:
  - {title: Square, size: 8x8, count: 2, per_page: 2}
cover:
  spine_width: 0.25in
  background: "#FFF4D6"
  ink: "#000000"
  accent: "#8B1A1A"
  isbn: 978-1-4028-9462-6
"""


@pytest.fixture(scope="module")
def capped(tmp_path_factory, build_book):
    folder = tmp_path_factory.mktemp("capped")
    return build_book(folder, CAPPED)


@pytest.fixture(scope="module")
def black_ink(tmp_path_factory, build_book):
    folder = tmp_path_factory.mktemp("black")
    return build_book(folder, BLACK_INK)


def files(built) -> list[Path]:
    _, result, _ = built
    return [result.pdf, result.key_pdf, result.cover] if result.key_pdf else [result.pdf, result.cover]


def colour_operators(pdf: pikepdf.Pdf) -> Iterator[tuple[str, list[float]]]:
    """Every operator that sets or uses a colour in every page's content and in every form
    it draws, with its operands."""
    seen: set[tuple[int, int]] = set()

    def stream(owner) -> Iterator[tuple[str, list[float]]]:
        for operands, operator in pikepdf.parse_content_stream(owner):
            name = str(operator)
            if name in {"g", "G", "k", "K", "rg", "RG", "cs", "CS", "sc", "SC", "scn", "SCN", "sh", "BI"}:
                yield name, [float(x) if isinstance(x, (int, float, Decimal)) else x for x in operands]
        for xobject in owner.get("/Resources", {}).get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                yield from stream(xobject)

    for page in pdf.pages:
        yield from stream(page.obj)


def rgb_or_transparency(value, where: str = "") -> Iterator[str]:
    """What in ``value`` (a dictionary, array or name, walked to any depth short of indirect
    objects, which the caller visits in turn) is RGB or transparency: the DeviceRGB space, an
    ICC-based space of three components, a soft mask, an alpha under 1, a blend mode other
    than Normal, an image in any space but DeviceGray or DeviceCMYK."""
    if isinstance(value, pikepdf.Name):
        if value == "/DeviceRGB":
            yield f"{where}: DeviceRGB"
    elif isinstance(value, pikepdf.Array):
        items = list(value)
        if len(items) == 2 and items[0] == "/ICCBased" and items[1].get("/N") == 3:
            yield f"{where}: an RGB ICC-based colour space"
        for index, item in enumerate(items):
            if not getattr(item, "is_indirect", False):
                yield from rgb_or_transparency(item, f"{where}[{index}]")
    elif isinstance(value, pikepdf.Dictionary | pikepdf.Stream):
        if "/SMask" in value:
            yield f"{where}: a soft mask"
        for alpha in ("/CA", "/ca"):
            if float(value.get(alpha, 1)) < 1:
                yield f"{where}: {alpha} {value[alpha]}"
        if value.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            yield f"{where}: blend mode {value['/BM']}"
        if value.get("/Subtype") == "/Image" and value.get("/ColorSpace") not in (
            "/DeviceGray",
            "/DeviceCMYK",
        ):
            yield f"{where}: an image in {value.get('/ColorSpace')}"
        for key, item in value.items():
            if not getattr(item, "is_indirect", False):
                yield from rgb_or_transparency(item, f"{where}{key}")


def test_the_walker_finds_rgb_and_transparency_where_they_hide():
    pdf = pikepdf.new()
    hidden = pikepdf.Dictionary(
        ColorSpace=pikepdf.Dictionary(CS0=pikepdf.Array([pikepdf.Name.ICCBased, pdf.make_stream(b"", N=3)])),
        ExtGState=pikepdf.Dictionary(GS0=pikepdf.Dictionary(ca=0.5, BM=pikepdf.Name.Multiply)),
        Shading=pikepdf.Dictionary(Sh0=pikepdf.Dictionary(ColorSpace=pikepdf.Name.DeviceRGB)),
    )
    found = list(rgb_or_transparency(hidden, "page"))
    assert len(found) == 4, found


def test_no_rgb_and_no_transparency_anywhere(capped, black_ink):
    for path in files(capped) + files(black_ink):
        with pikepdf.open(path) as pdf:
            used = {name for name, _ in colour_operators(pdf)}
            # Grey and CMYK operators only: no RGB, no colour spaces, shadings or inline images.
            assert used <= {"g", "G", "k", "K"}, (path.name, used)
            found = [
                problem
                for obj in pdf.objects
                for problem in rgb_or_transparency(obj, f"{path.name} object {obj.objgen}")
            ]
            assert not found, found
            for page in pdf.pages:
                assert "/Annots" not in page.obj, f"{path.name}: annotations (links) in a PDF/X file"
                assert "/ExtGState" not in page.Resources, f"{path.name}: a graphics state (alpha?)"


@pytest.mark.parametrize(
    ("book", "version", "conformance", "header"),
    [("capped", "PDF/X-1:2001", "PDF/X-1a:2001", b"%PDF-1.3"), ("black_ink", "PDF/X-4", None, b"%PDF-1.6")],
)
def test_the_pdfx_keys_output_intent_id_and_boxes(book, version, conformance, header, request):
    for path in files(request.getfixturevalue(book)):
        assert path.read_bytes().startswith(header), path.name
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            assert str(info["/GTS_PDFXVersion"]) == version
            assert (
                str(info["/GTS_PDFXConformance"]) if "/GTS_PDFXConformance" in info else None
            ) == conformance
            assert info["/Trapped"] == "/False"
            assert str(info["/Title"]) and "/CreationDate" in info and "/ModDate" in info
            ids = pdf.trailer["/ID"]
            assert len(ids) == 2 and len(bytes(ids[0])) == 16
            (intent,) = pdf.Root.OutputIntents
            assert intent.Type == "/OutputIntent" and intent.S == "/GTS_PDFX"
            assert str(intent.OutputConditionIdentifier) == "CGATS TR 003"
            assert str(intent.RegistryName) == "http://www.color.org"
            profile = intent.DestOutputProfile
            assert profile.N == 4
            icc = profile.read_bytes()
            # An ICC output profile (class 'prtr') from CMYK to Lab, as ICC.1 lays out its header.
            assert icc[12:16] == b"prtr" and icc[16:20] == b"CMYK" and icc[36:40] == b"acsp"
            if version == "PDF/X-4":
                with pdf.open_metadata() as xmp:
                    assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
                    assert xmp["pdf:Trapped"] == "False"
                    assert xmp["dc:title"] == str(info["/Title"])
            for number, page in enumerate(pdf.pages, 1):
                media = [float(x) for x in page.MediaBox]
                trim = [float(x) for x in page.obj["/TrimBox"]]
                bleed = [float(x) for x in page.obj["/BleedBox"]]
                # Trim inside bleed inside media; a TrimBox or an ArtBox, never both.
                assert media[0] <= bleed[0] <= trim[0] < trim[2] <= bleed[2] <= media[2], number
                assert media[1] <= bleed[1] <= trim[1] < trim[3] <= bleed[3] <= media[3], number
                assert "/ArtBox" not in page.obj, (path.name, number)


def test_every_font_in_the_file_is_embedded(capped):
    """Every font object, not only those a page lists: reportlab's graphics (the barcode)
    start in Helvetica, which is never embedded, unless told otherwise."""
    for path in files(capped):
        with pikepdf.open(path) as pdf:
            fonts = [
                obj
                for obj in pdf.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"
            ]
            assert fonts
            for font in fonts:
                if font.get("/Subtype") == "/Type0":
                    continue  # its descendant is a font object of its own, checked in turn
                descriptor = font.get("/FontDescriptor")
                assert descriptor is not None, f"{path.name}: {font.get('/BaseFont')} is not embedded"
                embedded = {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.keys())
                assert embedded, f"{path.name}: {font.get('/BaseFont')} is not embedded"


def inks_of(path: Path) -> list[tuple[float, ...]]:
    with pikepdf.open(path) as pdf:
        return [tuple(operands) for name, operands in colour_operators(pdf) if name in ("k", "K")]


def test_every_cover_colour_stays_within_ingramsparks_ink_limit(capped):
    _, result, _ = capped
    inks = inks_of(result.cover)
    assert inks
    for cmyk in inks:
        assert sum(cmyk) * 100 <= INGRAMSPARK_MAX_INK + 1e-6, cmyk
    # The background was capped, not dropped: still dark, near the limit.
    assert max(sum(cmyk) for cmyk in inks) * 100 >= INGRAMSPARK_MAX_INK - 0.1
    # The interior's answer path too.
    assert all(
        sum(cmyk) * 100 <= INGRAMSPARK_MAX_INK + 1e-6 for cmyk in inks_of(result.key_pdf or result.pdf)
    )


def test_black_is_pure_black_ink_and_text_black_is_grey_zero(black_ink):
    _, result, _ = black_ink
    cover = inks_of(result.cover)
    assert (0.0, 0.0, 0.0, 1.0) in cover  # the title, author and walls in #000000
    for cyan, magenta, yellow, black in cover:
        if black >= 0.99:
            assert cyan == magenta == yellow == 0, "a rich black on the cover"
    with pikepdf.open(result.pdf) as pdf:
        used = list(colour_operators(pdf))
    # The black-and-white interior is all DeviceGray; its text and walls are grey 0.
    assert {name for name, _ in used} <= {"g", "G"}
    assert ("g", [0.0]) in used and ("G", [0.0]) in used


def test_validate_and_build_say_each_capped_colour_in_one_line(capped):
    config, _, _ = capped
    line = "cover: background #0A0A40 needs 244 % ink; capped at IngramSpark's 240 %"
    key_line = "answer_key: color #0A0A40 needs 244 % ink; capped at IngramSpark's 240 %"
    result = CliRunner().invoke(app, ["validate", str(config)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [key_line, line]
    cover = CliRunner().invoke(app, ["cover", str(config), "-o", str(config.with_name("again.cover.pdf"))])
    assert line in cover.stderr.splitlines()


def test_the_same_config_builds_the_same_bytes(capped, tmp_path, build_book):
    _, first, _ = capped
    _, second, _ = build_book(tmp_path, CAPPED)
    for one, other in zip(files(capped), files((None, second, None)), strict=True):
        assert one.read_bytes() == other.read_bytes(), one.name
    assert (
        build_cover(tmp_path / "book.yaml", tmp_path / "c.pdf").cover.read_bytes() == first.cover.read_bytes()
    )


def test_the_cover_still_looks_right_in_cmyk(capped):
    """pdfium turns the CMYK back into screen colours: the capped background stays a deep
    navy and the front's title stays white on it."""
    _, result, _ = capped
    page = pdfium.PdfDocument(str(result.cover))[0]
    image = page.render(scale=0.5).to_pil().convert("RGB")
    width, height = image.size
    red, green, blue = image.getpixel((width // 2, 4))  # the spine's top, in the bleed
    assert blue > red + 20 and blue > green + 20 and max(red, green, blue) < 110
    title = image.crop((width // 2 + width // 10, 0, width, height // 6))  # the front's top
    assert title.convert("L").getextrema()[1] > 240  # white letters: the accent yellow is darker


@pytest.mark.parametrize("command", ["validate", "build", "cover"])
def test_an_output_the_printer_refuses_is_one_line_on_its_key_and_nothing_is_written(
    tmp_path, command, monkeypatch, capsys
):
    config = tmp_path / "rgb.yaml"
    config.write_text(CAPPED.replace("profile: ingramspark\n", "profile: ingramspark\noutput: rgb\n"))
    out = [] if command == "validate" else ["-o", f"{tmp_path / 'out'}/"]
    monkeypatch.setattr(sys, "argv", ["bookmaker", command, str(config), *out])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{config}:6: output: IngramSpark does not take rgb files; use pdf-x1a or pdf-x4 "
        "(the default is pdf-x1a)"
    ]
    assert not (tmp_path / "out").exists()
