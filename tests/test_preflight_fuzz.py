"""Malformed PDFs by the hundred: every dictionary key the preflight reads
given a value of the wrong type (or a huge number, or a loop back to its own
dictionary), content streams cut short or full of nonsense, files cut short,
cycles in the page tree, actions and name trees, resources that are missing.
Each must give a report or a one-line BookmakerError, never a traceback,
and soon: a hang guard fails any case that takes more than a few seconds."""

from __future__ import annotations

import io
import signal
import zlib
from contextlib import contextmanager
from functools import cache

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

from bookmaker.errors import BookmakerError
from bookmaker.preflight.interior import check_marks, check_pdf

HANG = 10  # seconds a case may take; a few hundredths is usual
HUGE = b"9" * 400  # no float can hold it
# Names as long as what replaces them in the saved file, so its offsets stay
# right: pikepdf writes neither a 400-digit number nor null in a dictionary.
HUGE_NAME, NULL_NAME = "/" + "H" * 399, "/NUL"

CONTENT = (
    b"q 1 0 0 1 36 36 cm /GS1 gs /CS1 cs 0.5 scn 0.5 w 0 0 m 100 0 l S "
    b"BT /F1 12 Tf /F2 8 Tf 10 10 Td (Hi) Tj [(a) -20 <0041>] TJ ET "
    b"/Fm1 Do q 72 0 0 72 50 50 cm /Im1 Do Q "
    b"/Pattern cs /P1 scn 0 0 5 5 re f /P2 scn 0 0 5 5 re f q 0 0 5 5 re W n /Sh1 sh Q Q "
    b"/OC /L1 BDC 0 g 1 1 2 2 re f EMC"
)


def seed() -> bytes:
    """Two pages drawing with every kind of resource the preflight reads,
    with annotations (and their appearances), an outline, name trees and
    actions, and a PDF/X output intent and Info keys."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(
        Dictionary(
            Type=Name.Font,
            Subtype=Name.TrueType,
            BaseFont=Name("/Demo"),
            FirstChar=32,
            Widths=Array([500] * 64),
            FontDescriptor=pdf.make_indirect(
                Dictionary(
                    Type=Name.FontDescriptor, MissingWidth=400, FontFile2=pdf.make_stream(b"\x00" * 16)
                )
            ),
        )
    )
    cid = pdf.make_indirect(
        Dictionary(
            Type=Name.Font,
            Subtype=Name.Type0,
            BaseFont=Name("/DemoCID"),
            Encoding=Name("/Identity-H"),
            DescendantFonts=Array(
                [
                    pdf.make_indirect(
                        Dictionary(
                            Type=Name.Font,
                            Subtype=Name.CIDFontType2,
                            DW=1000,
                            W=Array([1, Array([500, 600]), 10, 20, 700]),
                            FontDescriptor=Dictionary(FontFile2=pdf.make_stream(b"\x00" * 16)),
                        )
                    )
                ]
            ),
        )
    )
    form_resources = Dictionary(Font=Dictionary(F1=font))
    fm = pdf.make_stream(
        b"0 g 0 0 10 10 re f BT /F1 9 Tf (x) Tj ET",
        Type=Name.XObject,
        Subtype=Name.Form,
        BBox=Array([0, 0, 10, 10]),
        Matrix=Array([1, 0, 0, 1, 5, 5]),
        Resources=form_resources,
    )
    image = pdf.make_stream(
        zlib.compress(b"\x80" * 12),
        Type=Name.XObject,
        Subtype=Name.Image,
        Width=2,
        Height=2,
        ColorSpace=Name.DeviceRGB,
        BitsPerComponent=8,
        Filter=Name.FlateDecode,
        SMask=pdf.make_stream(
            b"\xff" * 4,
            Type=Name.XObject,
            Subtype=Name.Image,
            Width=2,
            Height=2,
            ColorSpace=Name.DeviceGray,
            BitsPerComponent=8,
        ),
    )
    icc = pdf.make_stream(b"\x00" * 8, N=3)
    shading = pdf.make_indirect(
        Dictionary(
            ShadingType=2,
            ColorSpace=Name.DeviceCMYK,
            Coords=Array([0, 0, 1, 0]),
            Function=Dictionary(
                FunctionType=2, Domain=Array([0, 1]), C0=Array([0] * 4), C1=Array([1] * 4), N=1
            ),
        )
    )
    tiling = pdf.make_stream(
        b"0.2 0.3 0.4 rg 0 0 2 2 re f 1 1 1 1 k 2 2 2 2 re f",
        Type=Name.Pattern,
        PatternType=1,
        PaintType=1,
        TilingType=1,
        BBox=Array([0, 0, 4, 4]),
        XStep=4,
        YStep=4,
        Resources=Dictionary(),
    )
    layer = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Answers")))
    pdf.Root.OCProperties = Dictionary(OCGs=Array([layer]), D=Dictionary(OFF=Array([layer])))
    resources = pdf.make_indirect(
        Dictionary(
            Properties=Dictionary(L1=layer),
            Font=Dictionary(F1=font, F2=cid),
            XObject=Dictionary(Fm1=fm, Im1=image),
            ExtGState=Dictionary(GS1=Dictionary(LW=1, LC=1, CA=1, ca=1, BM=Name.Normal, SMask=Name("/None"))),
            ColorSpace=Dictionary(CS1=Array([Name.ICCBased, icc])),
            Pattern=Dictionary(P1=tiling, P2=Dictionary(PatternType=2, Shading=shading)),
            Shading=Dictionary(Sh1=shading),
        )
    )
    appearance = pdf.make_stream(
        b"0 0 1 rg 0 0 5 5 re f /Fm1 Do",
        Type=Name.XObject,
        Subtype=Name.Form,
        BBox=Array([0, 0, 10, 10]),
        Resources=Dictionary(XObject=Dictionary(Fm1=fm)),
        Group=Dictionary(S=Name.Transparency, CS=Name.DeviceRGB),
    )
    for _ in range(2):
        pdf.add_blank_page(page_size=(432, 648))
        page = pdf.pages[-1]
        page.obj.TrimBox = Array([0, 0, 432, 648])
        page.Resources = resources
        page.Contents = pdf.make_stream(zlib.compress(CONTENT), Filter=Name.FlateDecode)
        page.obj.AA = Dictionary(O=Dictionary(S=Name.URI, URI=String("x"), Next=Dictionary(S=Name.GoTo)))
        page.obj.Annots = pdf.make_indirect(
            Array(
                [
                    pdf.make_indirect(
                        Dictionary(
                            Type=Name.Annot,
                            Subtype=Name.Link,
                            Rect=Array([0, 0, 10, 10]),
                            A=Dictionary(S=Name.URI, URI=String("x")),
                            AA=Dictionary(),
                            AP=Dictionary(N=appearance, D=Dictionary(On=appearance)),
                        )
                    )
                ]
            )
        )
    pdf.Root.OpenAction = Dictionary(S=Name.GoTo, D=Array([pdf.pages[0].obj, Name.Fit]))
    pdf.Root.AA = Dictionary(WC=Dictionary(S=Name.URI, URI=String("x")))
    pdf.Root.Names = Dictionary(
        JavaScript=Dictionary(Names=Array([])),
        EmbeddedFiles=Dictionary(Kids=Array([Dictionary(Names=Array([]))])),
    )
    pdf.Root.Outlines = pdf.make_indirect(Dictionary(Type=Name.Outlines, Count=0))
    pdf.Root.OutputIntents = Array(
        [
            Dictionary(
                Type=Name.OutputIntent,
                S=Name.GTS_PDFX,
                OutputConditionIdentifier=String("CGATS TR 001"),
                DestOutputProfile=pdf.make_stream(b"\x00" * 8, N=4),
            )
        ]
    )
    pdf.docinfo.GTS_PDFXVersion = String("PDF/X-1:2001")
    pdf.docinfo.Trapped = Name("/False")
    out = io.BytesIO()
    pdf.save(out, compress_streams=False)
    return out.getvalue()


SEED = seed()

# Where the preflight looks up each key, as a path from the document.
PLACES = {
    "root": lambda pdf: pdf.Root,
    "pages": lambda pdf: pdf.Root.Pages,
    "page": lambda pdf: pdf.pages[0].obj,
    "resources": lambda pdf: pdf.pages[0].Resources,
    "font": lambda pdf: pdf.pages[0].Resources.Font.F1,
    "descriptor": lambda pdf: pdf.pages[0].Resources.Font.F1.FontDescriptor,
    "cid font": lambda pdf: pdf.pages[0].Resources.Font.F2,
    "descendant": lambda pdf: pdf.pages[0].Resources.Font.F2.DescendantFonts[0],
    "form": lambda pdf: pdf.pages[0].Resources.XObject.Fm1,
    "image": lambda pdf: pdf.pages[0].Resources.XObject.Im1,
    "ext gstate": lambda pdf: pdf.pages[0].Resources.ExtGState.GS1,
    "colour spaces": lambda pdf: pdf.pages[0].Resources.ColorSpace,
    "annotation": lambda pdf: pdf.pages[0].Annots[0],
    "appearances": lambda pdf: pdf.pages[0].Annots[0].AP,
    "appearance": lambda pdf: pdf.pages[0].Annots[0].AP.N,
    "tiling pattern": lambda pdf: pdf.pages[0].Resources.Pattern.P1,
    "shading pattern": lambda pdf: pdf.pages[0].Resources.Pattern.P2,
    "shading": lambda pdf: pdf.pages[0].Resources.Shading.Sh1,
    "function": lambda pdf: pdf.pages[0].Resources.Shading.Sh1.Function,
    "layer config": lambda pdf: pdf.Root.OCProperties.D,
    "output intent": lambda pdf: pdf.Root.OutputIntents[0],
    "info": lambda pdf: pdf.trailer.Info,
    "page actions": lambda pdf: pdf.pages[0].obj.AA,
    "action": lambda pdf: pdf.pages[0].obj.AA.O,
    "names": lambda pdf: pdf.Root.Names,
    "outlines": lambda pdf: pdf.Root.Outlines,
    "contents": lambda pdf: pdf.pages[0].obj.Contents,
}
KEYS = {
    "root": ["/Pages", "/Outlines", "/Names", "/OpenAction", "/AA", "/OutputIntents", "/OCProperties"],
    "pages": ["/Kids", "/Count", "/MediaBox"],
    "page": ["/MediaBox", "/TrimBox", "/Resources", "/Contents", "/Annots", "/AA", "/Parent"],
    "resources": ["/Font", "/XObject", "/ExtGState", "/ColorSpace", "/Pattern", "/Shading", "/Properties"],
    "font": ["/Subtype", "/BaseFont", "/Widths", "/FirstChar", "/FontDescriptor"],
    "descriptor": ["/FontFile2", "/MissingWidth", "/FontBBox"],
    "cid font": ["/DescendantFonts", "/Subtype"],
    "descendant": ["/W", "/DW", "/FontDescriptor"],
    "form": ["/Subtype", "/Matrix", "/BBox", "/Resources", "/Filter", "/Length", "/OC"],
    "image": ["/Subtype", "/Width", "/Height", "/SMask", "/ImageMask", "/Filter"],
    "ext gstate": ["/LW", "/LC", "/CA", "/ca", "/SMask", "/BM"],
    "colour spaces": ["/CS1"],
    "annotation": ["/Subtype", "/A", "/AA", "/AP"],
    "appearances": ["/N", "/D"],
    "appearance": ["/Resources", "/Group", "/BBox"],
    "tiling pattern": ["/PatternType", "/Resources", "/Matrix"],
    "shading pattern": ["/PatternType", "/Shading"],
    "shading": ["/ColorSpace", "/Function", "/Domain"],
    "function": ["/FunctionType", "/C0"],
    "layer config": ["/OFF", "/BaseState"],
    "output intent": ["/S", "/OutputConditionIdentifier", "/DestOutputProfile"],
    "info": ["/GTS_PDFXVersion", "/GTS_PDFXConformance", "/Trapped"],
    "page actions": ["/O"],
    "action": ["/S", "/Next"],
    "names": ["/JavaScript", "/EmbeddedFiles"],
    "outlines": ["/First"],
    "contents": ["/Filter", "/DecodeParms", "/Length"],
}
LOOP = object()  # the dictionary itself: a cycle
WRONG = [
    7,
    -1,
    1.5e10,
    Name("/Bogus"),
    String("text"),
    Array([Name("/X"), 1, String("y")]),
    Dictionary(),
    Name(NULL_NAME),
    True,
    Name(HUGE_NAME),
    LOOP,
]


def mutated(place: str, key: str, value) -> bytes:
    pdf = pikepdf.open(io.BytesIO(SEED))
    target = PLACES[place](pdf)
    if value is LOOP:  # an indirect reference back; a direct object inside itself cannot be written
        value = target if target.is_indirect else pdf.Root
    if key == "/Length":  # pikepdf writes the true length of a stream; spoil it in the bytes instead
        return _spoil_lengths(_save(pdf))
    if key == "/Count" and place == "pages":  # pikepdf writes a page tree's true count: the same
        true = b"/Count %d " % len(pdf.pages)
        data = _save(pdf)
        assert data.count(true) == 1, "the page tree's count is found once in the file"
        data = data.replace(true, b"/Count " + pikepdf.Array([value]).unparse()[2:-2] + b" ")
    else:
        target[key] = value
        data = _save(pdf)
    return data.replace(HUGE_NAME.encode(), HUGE).replace(NULL_NAME.encode(), b"null")


def _save(pdf: pikepdf.Pdf) -> bytes:
    out = io.BytesIO()
    pdf.save(out, compress_streams=False, normalize_content=False)
    return out.getvalue()


def _spoil_lengths(data: bytes) -> bytes:
    return data.replace(b"/Length ", b"/Length 99999999 0 R /Old ")


@cache
def wrong_types(place: str) -> list[tuple[str, bytes]]:
    return [
        (f"{place} {key} = {value if value is not LOOP else 'itself'}", mutated(place, key, value))
        for key in KEYS[place]
        for value in WRONG
        if not (key == "/Length" and value is not WRONG[0])
    ]


def with_content(content: bytes, filtered: bool = False) -> bytes:
    pdf = pikepdf.open(io.BytesIO(SEED))
    for page in pdf.pages:
        if filtered:
            page.obj.Contents = pdf.make_stream(content, Filter=Name.FlateDecode)
        else:
            page.obj.Contents = pdf.make_stream(content)
    return _save(pdf)


BAD_CONTENT = [
    b"(unterminated",
    b"[1 2",
    b"<</A 1",
    b"BI /W 1 ID \x00",
    b"1 2 ) m",
    b"] TJ",
    b"q " * 5000,
    b"Q " * 100 + b"0 0 m S",
    HUGE + b" 0 0 1 0 0 cm 0 0 m 1 1 l S",
    b"1 0 0 " + HUGE + b" 0 0 cm 0 0 10 10 re f",
    HUGE + b" w 0 0 m 5 5 l S",
    b"BT /F1 " + HUGE + b" Tf (x) Tj ET",
    b"BT /F9 12 Tf (no such font) Tj ET",
    b"/Im9 Do /Fm9 Do /GS9 gs /CS9 cs 1 sc /P9 scn /Sh9 sh",
    b"0 0 m 1 1 2 2 3 l S",
    b"1 2 3 c 4 v y re f",
    b"cm w J gs Tf Td TD Tm Tz TL Tr Ts Tc Tw ' \" TJ Tj Do sh sc scn SC SCN g rg k G RG K",
    b"/Pattern cs /P1 scn 0 0 100 100 re f",
    b"1e5 0 0 1 0 0 cm",
    b"BT 3 Tr 1 2 3 Td (x) ' 1 2 (y) \" ET",
    b"0 0 " + b"1 1 l " * 20000 + b"S",
    b"BI /W 99999999 /H 99999999 /BPC 8 /CS /RGB ID \x00 EI",
    b"\x00\xff\xfe" * 100,
    b"%" * 1000,
    b"/OC /L1 BDC EMC EMC BMC /OC << /Type /OCMD /VE [/Not [/And]] >> BDC 0 0 1 1 re f EMC",
]


@cache
def truncated_streams() -> list[tuple[str, bytes]]:
    cases = [(f"content {content[:30]!r}", with_content(content)) for content in BAD_CONTENT]
    compressed = zlib.compress(CONTENT * 20)
    cases += [
        (f"flate cut at {cut}", with_content(compressed[:cut], filtered=True))
        for cut in (0, 1, 2, 10, len(compressed) // 2, len(compressed) - 4)
    ]
    cases += [
        (f"file cut at {cut:.0%}", SEED[: int(len(SEED) * cut)]) for cut in (0.0, 0.05, 0.3, 0.6, 0.9, 0.99)
    ]
    return cases


@cache
def cycles() -> list[tuple[str, bytes]]:
    def page_tree(pdf):
        pdf.Root.Pages.Kids.append(pdf.Root.Pages)

    def form_loop(pdf):
        fm = pdf.pages[0].Resources.XObject.Fm1
        fm.Resources = Dictionary(XObject=Dictionary(Fm1=fm))
        fm.write(b"/Fm1 Do /Fm1 Do /Fm1 Do")

    def form_loop_and_a_pattern_at_the_edge(pdf):
        # where a pattern reaches past the margin, only a rendering could tell whether it
        # prints: pdfium's would draw the form over and over until memory runs out
        form_loop(pdf)
        pdf.pages[0].contents_add(pdf.make_stream(b"/Pattern cs /P2 scn 0 0 5 5 re f"), prepend=False)

    def forms_in_turn(pdf):
        a = pdf.pages[0].Resources.XObject.Fm1
        b = pdf.make_stream(
            b"/A Do /A Do",
            Type=Name.XObject,
            Subtype=Name.Form,
            BBox=Array([0, 0, 10, 10]),
            Resources=Dictionary(XObject=Dictionary(A=a)),
        )
        a.Resources = Dictionary(XObject=Dictionary(B=b))
        a.write(b"/B Do /B Do")

    def action_loop(pdf):
        action = pdf.make_indirect(Dictionary(S=Name.URI))
        action.Next = Array([action, action])
        pdf.Root.OpenAction = action

    def name_tree_loop(pdf):
        node = pdf.make_indirect(Dictionary())
        node.Kids = Array([node, node])
        pdf.Root.Names.JavaScript = node

    def outline_loop(pdf):
        item = pdf.make_indirect(Dictionary(Title=String("x")))
        item.Next = item
        pdf.Root.Outlines.First = item

    def parent_loop(pdf):
        pdf.pages[0].obj.Parent = pdf.pages[0].obj

    def pattern_loop(pdf):
        tiling = pdf.pages[0].Resources.Pattern.P1
        tiling.Resources = Dictionary(Pattern=Dictionary(P1=tiling))
        tiling.write(b"/Pattern cs /P1 scn 0 0 2 2 re f")

    def appearance_loop(pdf):
        appearance = pdf.pages[0].Annots[0].AP.N
        appearance.Resources = Dictionary(XObject=Dictionary(Fm1=appearance))
        appearance.write(b"/Fm1 Do /Fm1 Do")

    cases = []
    for edit in (
        page_tree,
        form_loop,
        form_loop_and_a_pattern_at_the_edge,
        forms_in_turn,
        action_loop,
        name_tree_loop,
        outline_loop,
        parent_loop,
        pattern_loop,
        appearance_loop,
    ):
        pdf = pikepdf.open(io.BytesIO(SEED))
        edit(pdf)
        cases.append((edit.__name__, _save(pdf)))
    return cases


@contextmanager
def hang_guard(seconds: int):
    def alarm(*_):
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(path) -> list[str]:
    """What each check says (KDP's, and IngramSpark's, which reads the file as PDF/X):
    its report's lines, or its error."""
    lines = []
    for check in (
        lambda: check_pdf(path, "kdp"),
        lambda: check_marks(path, "kdp"),
        lambda: check_pdf(path, "ingramspark"),
    ):
        try:
            report = check()
            assert report.pages >= 0
            lines += [str(problem) for problem in report.problems] or [report.format()]
        except BookmakerError as error:
            lines.append(f"error: {error}")
    return lines


def test_there_are_hundreds_of_cases():
    cases = [case for place in KEYS for case in wrong_types(place)] + truncated_streams() + cycles()
    assert len(cases) > 300
    assert len({data for _, data in cases}) > 300  # each is a different file


# The wrong types one place a test (a thousand files, some 20 s in one test): xdist spreads
# them over its workers rather than leaving one to finish them alone at the end.
GROUPS = {
    **{f"wrong types in {place}": lambda place=place: wrong_types(place) for place in KEYS},
    "streams and files cut short": truncated_streams,
    "cycles": cycles,
}


@pytest.mark.parametrize("group", GROUPS)
def test_every_malformed_file_gets_a_clean_answer(tmp_path, group):
    cases = GROUPS[group]()
    failures = []
    for index, (name, data) in enumerate(cases):
        path = tmp_path / f"{index}.pdf"
        path.write_bytes(data)
        try:
            with hang_guard(HANG):
                lines = outcome(path)
        except Exception as error:  # the test's own report: which case, and how it failed
            failures.append(f"{name}: {type(error).__name__}: {error}")
            continue
        # A reference is named as the file names it, never with pypdf's id of the reader,
        # which would change the words from run to run ("IndirectObject(10, 0, 1404...)").
        bad = [
            line
            for line in lines
            if not line.strip() or "\n" in line or "Traceback" in line or "IndirectObject(" in line
        ]
        if bad:
            failures.append(f"{name}: {bad}")
    assert not failures, "\n".join(failures[:20])


def test_the_damage_is_named_not_passed_over(tmp_path):
    # a sample of cases, and what the reader is told about each
    samples = {
        "a name for a line width": (with_content(b"/Wide w 0 0 m 5 5 l S"), "w operation skipped"),
        "a page tree that contains itself": (dict(cycles())["page_tree"], None),
        "a form that draws itself": (dict(cycles())["form_loop"], "form XObject Fm1 draws itself"),
        "a file cut short": (SEED[: len(SEED) // 20], "not a readable PDF"),
    }
    for name, (data, said) in samples.items():
        path = tmp_path / "sample.pdf"
        path.write_bytes(data)
        with hang_guard(HANG):
            text = "\n".join(outcome(path))
        if said:
            assert said in text, f"{name}: {text}"
