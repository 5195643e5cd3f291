"""The graphics states a page saves and restores (q and Q), which the preflight copies
only when something changes one while it is saved: a change between q and Q holds until
that Q, and what paints after it paints in the state restored. Files as other tools write
them, down to a book whose every line is stroked in a state of its own (the heavy file
benchmarks/preflight.py times, written small by the same script)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pikepdf import Array, Dictionary, Name
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream, DictionaryObject, FloatObject, NameObject

from bookmaker.preflight import content as pdf_content
from bookmaker.preflight import marks as pdf_marks
from bookmaker.preflight.interior import check_pdf
from bookmaker.preflight.objects import _key

from .test_preflight_corpus import canvas_font, pike_book

ROOT = Path(__file__).resolve().parent.parent


def foreign_pdf():
    """benchmarks/foreign_pdf.py, which writes the benchmark's heavy file."""
    spec = importlib.util.spec_from_file_location("foreign_pdf", ROOT / "benchmarks" / "foreign_pdf.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_foreign_benchmark_book_has_its_findings_and_no_others(tmp_path):
    path = foreign_pdf().write_foreign_pdf(tmp_path / "foreign.pdf", pages=24, per_page=40)
    report = check_pdf(path, "kdp")
    assert report.format().splitlines() == [
        "page 3: line width 0.25 pt is under 0.75 pt (thinnest stroke)",
        "page 5: colour in a black-and-white interior (RGB 1 0 0); kdp prints it as grey, where colours "
        "can merge: use greys only, or check with --interior color if it prints in colour",
        "page 8: content outside the safe area: 12.0 pt (0.167 in) on the left (kdp minimum margin "
        "there: 0.375 in)",
        "page 13: line width 0.6 pt is under 0.75 pt (thinnest stroke)",
        "page 21: font not embedded: Helvetica",
        "page 21: text 5 pt is under kdp's 7 pt minimum (smallest text)",
        "6 problems of 5 kinds: thin-line (2), colour (1), outside-safe-area (1), font-not-embedded (1), "
        "small-text (1)",
    ]
    assert check_pdf(path, "kdp", workers=2).format() == report.format()
    # a page's lines, each in a state of its own, are read as one run of strokes
    page = PdfReader(path).pages[0]
    operations = pdf_content.parse(pdf_marks._page_data(page), path_runs=True)
    assert [op for _, op in operations] == [b"G", pdf_content.STROKE_RUN]
    assert len(operations[1][0].widths) == 40


def page_problems(tmp_path, content: bytes) -> list[str]:
    """The problems of a 24-page book drawing ``content``, with font F1 (embedded) and
    layer L1 (off by default), as their lines."""

    def edit(pdf):
        layer = pdf.make_indirect(Dictionary(Type=Name.OCG, Name="Hidden"))
        pdf.Root.OCProperties = Dictionary(OCGs=Array([layer]), D=Dictionary(OFF=Array([layer])))
        resources = pdf.make_indirect(
            Dictionary(Font=Dictionary(F1=canvas_font(pdf)), Properties=Dictionary(L1=layer))
        )
        for page in pdf.pages:
            page.Resources = resources

    report = check_pdf(pike_book(tmp_path / "book.pdf", content, edit=edit), "kdp")
    return [f"{problem.code}: {problem.message}" for problem in report.problems if problem.page == 1]


LINE = b" 100 300 m 200 300 l S"
PAST_MARGIN = b" 1 w 5 300 m 20 300 l S"  # from 22 pt past the left margin
MARK = b"0 g 5 300 4 4 re f "  # 22 pt past the left margin
PANEL = b" 1 g 0 250 50 100 re f"  # white, over the mark
THIN = "thin-line: line width {} pt is under 0.75 pt (thinnest stroke)"
RED = (
    "colour: colour in a black-and-white interior (RGB 1 0 0); kdp prints it as grey, where colours can "
    "merge: use greys only, or check with --interior color if it prints in colour"
)
PAST_LEFT = (
    "outside-safe-area: content outside the safe area: {} on the left (kdp minimum margin there: 0.375 in)"
)
PAST, NEAR = PAST_LEFT.format("22.0 pt (0.306 in)"), PAST_LEFT.format("0.5 pt (0.007 in)")
SMALL = "small-text: text 5 pt is under kdp's 7 pt minimum (smallest text)"
HIDDEN = (
    "hidden-layer: content in layer 'Hidden', off by default, does not print: flatten the layers with it "
    "shown if it should print, or remove it"
)


@pytest.mark.parametrize(
    "content, found",
    [
        # each change made between q and Q is undone by the Q, so what paints after it
        # paints in the state before...
        (b"q 1 0 0 RG Q" + LINE, []),
        (b"q 0.3 w Q" + LINE, []),
        (b"q 0.1 0 0 0.1 0 0 cm Q" + LINE, []),
        (b"q 100 100 200 200 re W n Q" + PAST_MARGIN, [PAST]),
        (b"BT /F1 12 Tf ET q BT /F1 5 Tf ET Q BT 100 300 Td (Hi) Tj ET", []),
        (b"q 2 w q 0.3 w Q" + LINE + b" Q", []),
        # ...while what paints before the Q paints in the changed state, however nested
        (b"1 0 0 RG q" + LINE + b" Q", [RED]),
        (b"0.3 w q q" + LINE + b" Q Q", [THIN.format("0.3")]),
        (b"q 0.5 0 0 0.5 0 0 cm 200 600 m 400 600 l S Q", [THIN.format("0.5")]),
        (b"q 100 100 200 200 re W n" + PAST_MARGIN + b" Q", []),  # clipped away
        (b"q BT /F1 5 Tf 100 300 Td (Hi) Tj ET Q", [SMALL]),
        (b"q 0.3 w q 2 w Q" + LINE + b" Q", [THIN.format("0.3")]),
        (b"Q 0.3 w Q" + LINE, [THIN.format("0.3")]),  # a Q with nothing saved does nothing
        # a clip made pending before q applies inside it, and goes with its Q
        (b"100 100 200 200 re W q n" + PAST_MARGIN + b" Q" + PAST_MARGIN, [PAST]),
        # lines each in a state of their own, read as one run: each at its own width
        (b"q 3 w 28 100 m 28 200 l S Q q 1 w 100 100 m 200 100 l S Q", [NEAR]),
        (b"q 1 w 28 100 m 28 200 l S Q q 3 w 100 100 m 200 100 l S Q", []),
        (b"3 w q 28 100 m 28 200 l S Q q 1 w 100 100 m 200 100 l S Q", [NEAR]),
        # text that clips (render mode 7) leaves a clip that is no box, so a white panel
        # over a mark at the edge can no longer be taken as hiding it, until the Q
        (MARK + b"BT /F1 12 Tf 7 Tr ET q BT 100 300 Td (Hi) Tj ET Q" + PANEL, []),
        (MARK + b"BT /F1 12 Tf 7 Tr 100 300 Td (Hi) Tj ET" + PANEL, [PAST]),
        # marked content ignores q and Q: a default-off layer opened inside a q hides what
        # paints after that Q, until its EMC
        (b"q q /OC /L1 BDC Q" + LINE + b" EMC Q", [HIDDEN]),
        (b"q /OC /L1 BDC Q EMC" + LINE, []),
        # colour, width, transformation, clip and text state all changed and nested, then a
        # stroke past the margin once every Q has restored the page's own state
        (
            b"q 1 0 0 RG 0.3 w 2 0 0 2 0 0 cm 100 100 200 200 re W n BT /F1 5 Tf ET "
            b"q 0 G 3 w 0.5 0 0 0.5 0 0 cm 5 5 10 10 re W n Q Q" + PAST_MARGIN,
            [PAST],
        ),
    ],
)
def test_saved_states_are_restored(tmp_path, content, found):
    assert page_problems(tmp_path, content) == found


# --- any drawing: copied on change, judged as if copied at every q ----------------------------

coordinate = st.integers(-20, 460).map(lambda v: b"%d" % v)
operation = st.one_of(
    st.sampled_from([b"q", b"Q"]),
    st.lists(coordinate, min_size=4, max_size=4).map(lambda n: b"%s %s m %s %s l S" % tuple(n)),
    st.lists(coordinate, min_size=2, max_size=2).map(lambda n: b"%s %s 30 20 re B" % tuple(n)),
    st.tuples(st.sampled_from([b"", b"0.3 w", b"3 w"]), st.lists(coordinate, min_size=4, max_size=4)).map(
        lambda wn: b"q %s %s %s m %s %s l S Q" % (wn[0], *wn[1])
    ),
    st.sampled_from(
        [
            b"1 0 0 RG",
            b"0 G",
            b"0.5 g",
            b"1 g",
            b"0 0 1 0 k",
            b"/DeviceRGB cs 0 0.5 1 sc",
            b"0.3 w",
            b"3 w",
            b"1 J",
            b"2 J",
            b"/Half gs",
            b"2 0 0 2 -100 0 cm",
            b"0.5 0 0 0.5 10 10 cm",
            b"0 1 -1 0 400 0 cm",
            b"10 10 400 600 re W n",
            b"0 0 100 100 re W",
            b"n",
            b"BT /F1 5 Tf 100 300 Td (Hi) Tj ET",
            b"BT 7 Tr 0 200 Td (Hi) Tj ET",
            b"BT 0 -14 TD (A) Tj T* (B) ' 1 2 (C) \" ET",
            b"/F1 9 Tf",
            b"50 Tz",
            b"2 Tc",
            b"3 Tw",
            b"14 TL",
            b"2 Ts",
            b"3 Tr",
            b"/OC /L1 BDC",
            b"/Span BMC",
            b"EMC",
        ]
    ),
)


def scanned(content: bytes, states_copied_at_every_q: bool = False) -> pdf_marks.Marks:
    """What a 6 x 9 in page drawing ``content`` paints, watched for its 27 pt margins, with
    font F1 (Helvetica), graphics state Half (stroke alpha 0.5, width 0.2) and layer L1 (off
    by default). ``states_copied_at_every_q``: every operation is taken as a change, so a
    state is copied before anything can follow its q, as if q copied it."""
    writer = PdfWriter()
    page = writer.add_blank_page(432, 648)
    stream = ContentStream(None, None)
    stream.set_data(content)
    page.replace_contents(stream)
    layer = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/OCG")}))
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    half = DictionaryObject({NameObject("/CA"): FloatObject(0.5), NameObject("/LW"): FloatObject(0.2)})
    page[NameObject("/Resources")] = DictionaryObject(
        {
            NameObject("/Font"): DictionaryObject({NameObject("/F1"): font}),
            NameObject("/ExtGState"): DictionaryObject({NameObject("/Half"): half}),
            NameObject("/Properties"): DictionaryObject({NameObject("/L1"): layer}),
        }
    )
    scanner = pdf_marks.Scanner(find_colour=True, off_layers={_key(layer): "Hidden"})
    original = pdf_marks._STATE_CHANGES
    try:
        if states_copied_at_every_q:
            pdf_marks._STATE_CHANGES = pdf_marks._INTERPRETED
        return scanner.page(page, (0.0, 0.0, 432.0, 648.0), (27.0, 27.0, 405.0, 621.0))
    finally:
        pdf_marks._STATE_CHANGES = original


def test_text_that_clips_leaves_its_clip_at_the_q():
    # After the Q the clip is a box again, so the white panel covers the mark: nothing is
    # left for a rendering to judge. Without the Q it is clipped by the text, and may not.
    assert scanned(MARK + b"BT /F1 12 Tf 7 Tr ET q BT 100 300 Td (Hi) Tj ET Q" + PANEL).ink == []
    ink = scanned(MARK + b"BT /F1 12 Tf 7 Tr 100 300 Td (Hi) Tj ET" + PANEL).ink
    assert [kind for kind, *_ in ink] == [pdf_marks.OVERPAINTED]


# What a page draws to see every part of the state: a line and a fill past the margin, text
# reaching past it (on two lines, T* apart), and a fill and a stroke in colours that only
# sc and SC read as colour once cs and CS choose RGB.
SETUP = b"BT /F1 12 Tf ET "
PROBE = (
    b" 5 300 m 20 300 l S 6 200 20 20 re f BT 380 400 Td (Hi there) Tj T* (Hi there) Tj ET"
    b" 1 0 0 sc 1 0 0 SC 100 100 50 50 re B"
)


@pytest.mark.parametrize(
    "change",
    [
        b"1 0 0 RG",
        b"1 0 0 rg",
        b"0 0 1 0 K",
        b"0 0 1 0 k",
        b"1 G",
        b"1 g",
        b"/DeviceRGB CS",
        b"/DeviceRGB cs",
        b"0.3 w",
        b"2 J",
        b"/Half gs",
        b"2 0 0 2 0 0 cm",
        b"100 100 200 200 re W n",
        b"/F1 5 Tf",
        b"3 Tc",
        b"30 Tw",
        b"50 Tz",
        b"30 TL",
        b"0 -30 TD",
        b"20 Ts",
        b"7 Tr",
    ],
)
def test_a_change_lasts_until_its_q_is_restored(change):
    changed = scanned(SETUP + change + PROBE)
    assert changed != scanned(SETUP + PROBE)  # what the page draws shows the change
    assert scanned(SETUP + b"q " + change + b" Q" + PROBE) == scanned(SETUP + PROBE)
    assert scanned(SETUP + b"q q " + change + b" Q Q" + PROBE) == scanned(SETUP + PROBE)
    assert scanned(SETUP + b"q " + change + b" q Q" + PROBE + b" Q") == changed


@settings(max_examples=200, deadline=None)
@given(st.lists(operation, max_size=40))
def test_states_copied_on_change_judge_as_states_copied_at_every_q(parts):
    content = b" ".join(parts)
    assert scanned(content) == scanned(content, states_copied_at_every_q=True)
