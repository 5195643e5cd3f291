"""A corpus of PDFs made the way other tools make them (reportlab, pikepdf,
matplotlib), each a 24-page KDP interior with one deliberate defect or one
trap for a false alarm, and the verdict the preflight owes it: the problem
codes it must report, no more and no fewer. Each is checked as a
black-and-white interior (KDP's default), but the cases about other things
that draw in colour, which are checked as colour interiors. The last test counts true
positives, false negatives and false alarms over the whole corpus; the goal,
quoted in the README, is no false negative and no false alarm."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bookmaker.errors import BookmakerError
from bookmaker.preflight.interior import check_pdf

FONT = Path(__file__).resolve().parent.parent / "fonts" / "Andika-Regular.ttf"
pdfmetrics.registerFont(TTFont("Andika", str(FONT)))
INCH = 72.0
W, H = 6 * INCH, 9 * INCH  # a KDP trim, without bleed
PAGES = 24  # KDP's fewest, so no case trips the page count


def canvas_book(path: Path, draw, size=(W, H), embed=True) -> Path:
    """reportlab, as many exporters: 24 pages of ``size`` without TrimBox,
    ``draw(canvas)`` on each, an embedded font."""
    c = Canvas(str(path), pagesize=size, invariant=1, initialFontName="Andika" if embed else None)
    for _ in range(PAGES):
        draw(c)
        c.showPage()
    c.save()
    return path


def caption(c) -> None:
    c.setFont("Andika", 10)
    c.drawString(72, 72, "A caption well inside the margins")


def pike_book(
    path: Path,
    content: bytes,
    resources: Dictionary | None = None,
    size=(W, H),
    page_extra: dict | None = None,
    edit=None,
    save: dict | None = None,
) -> Path:
    """pikepdf, as hand-made and converted files: 24 pages drawing
    ``content`` with ``resources``; ``edit(pdf)`` changes anything else."""
    pdf = pikepdf.new()
    for _ in range(PAGES):
        pdf.add_blank_page(page_size=size)
        page = pdf.pages[-1]
        page.Contents = pdf.make_stream(content)
        page.Resources = resources if resources is not None else Dictionary()
        for key, value in (page_extra or {}).items():
            page.obj[key] = value
    if edit:
        edit(pdf)
    pdf.save(path, **(save or {}))
    return path


def form(pdf: pikepdf.Pdf, content: bytes, bbox=(0, 0, W, H), **extra) -> pikepdf.Object:
    return pdf.make_stream(content, Type=Name.XObject, Subtype=Name.Form, BBox=list(bbox), **extra)


def with_forms(build_forms):
    """An ``edit`` that gives every page the forms ``build_forms(pdf)`` makes,
    in one resource dictionary all pages share."""

    def edit(pdf: pikepdf.Pdf) -> None:
        resources = pdf.make_indirect(Dictionary(XObject=Dictionary(build_forms(pdf))))
        for page in pdf.pages:
            page.Resources = resources

    return edit


# --- the defects a preflight must catch ---------------------------------------------


def outlined_text(path):
    def draw(c):
        c.setLineWidth(0.1)  # outlines stroked with a hairline
        text = c.beginText(72, 300)
        text.setFont("Andika", 12)
        text.setTextRenderMode(1)
        text.textOut("OUTLINED")
        c.drawText(text)

    return canvas_book(path, draw)


def text_4pt(path):
    def draw(c):
        caption(c)
        c.setFont("Andika", 4)
        c.drawString(72, 300, "the small print")

    return canvas_book(path, draw)


def text_scaled_below_7pt(path):
    # 12 pt text under a text matrix of 0.8 and a CTM of 0.6: 5.76 pt as printed
    content = b"q 0.6 0 0 0.6 72 200 cm BT /F1 12 Tf 0.8 0 0 0.8 0 0 Tm (shrunk) Tj ET Q"

    def edit(pdf):
        font = canvas_font(pdf)
        for page in pdf.pages:
            page.Resources = Dictionary(Font=Dictionary(F1=font))

    return pike_book(path, content, edit=edit)


def canvas_font(pdf: pikepdf.Pdf) -> pikepdf.Object:
    """An embedded font, taken from a reportlab page."""
    buffer = io.BytesIO()
    c = Canvas(buffer, initialFontName="Andika")
    c.setFont("Andika", 10)
    c.drawString(10, 10, "shrunk")
    c.save()
    source = pikepdf.open(io.BytesIO(buffer.getvalue()))
    name = next(k for k, v in source.pages[0].Resources.Font.items() if "Andika" in str(v.BaseFont))
    return pdf.copy_foreign(source.pages[0].Resources.Font[name])


def image_72dpi(path):
    photo = Image.new("RGB", (144, 144), (90, 120, 200))  # 2 x 2 in at 72 dpi

    def draw(c):
        caption(c)
        c.drawImage(ImageReader(photo), 100, 200, 144, 144)

    return canvas_book(path, draw)


def javascript_on_open(path):
    def edit(pdf):
        pdf.Root.OpenAction = Dictionary(S=Name.JavaScript, JS=pikepdf.String("app.alert('hi')"))

    return pike_book(path, b"", edit=edit)


def javascript_name_tree(path):
    def edit(pdf):
        action = pdf.make_indirect(Dictionary(S=Name.JavaScript, JS=pikepdf.String("1")))
        pdf.Root.Names = Dictionary(JavaScript=Dictionary(Names=Array([pikepdf.String("init"), action])))

    return pike_book(path, b"", edit=edit)


def javascript_page_action(path):
    action = Dictionary(O=Dictionary(S=Name.JavaScript, JS=pikepdf.String("1")))
    return pike_book(path, b"", page_extra={"/AA": action})


def attached_file(path):
    def edit(pdf):
        pdf.attachments["notes.txt"] = pikepdf.AttachedFileSpec(pdf, b"hello", mime_type="text/plain")

    return pike_book(path, b"", edit=edit)


def encrypted_rc4_restricted(path):
    # opens without a password, but forbids printing in high quality and copying
    encryption = pikepdf.Encryption(
        owner="owner",
        user="",
        R=3,
        metadata=False,
        aes=False,
        allow=pikepdf.Permissions(extract=False, print_highres=False),
    )
    return pike_book(path, b"", save={"encryption": encryption})


def encrypted_aes(path):
    encryption = pikepdf.Encryption(owner="owner", user="", R=6)
    return pike_book(path, b"", save={"encryption": encryption})


def page_5x5(path):
    return canvas_book(path, caption, size=(5 * INCH, 5 * INCH))


def bleed_without_trim_box(path):
    return canvas_book(path, caption, size=(W + 9, H + 18))  # 6 x 9 in plus KDP bleed


def mark_in_the_margin(path):
    def draw(c):
        caption(c)
        c.rect(5, 300, 4, 4, stroke=0, fill=1)  # 0.07 in from the edge

    return canvas_book(path, draw)


def image_with_a_mark_in_the_margin(path):
    # a white picture over the page, but for a black square 10 pt from its left edge
    picture = Image.new("L", (1800, 2700), 255)
    picture.paste(0, (40, 1300, 80, 1340))

    def draw(c):
        c.drawImage(ImageReader(picture), 0, 0, W, H)
        caption(c)

    return canvas_book(path, draw)


def translucent_fill(path):
    def draw(c):
        caption(c)
        c.setFillAlpha(0.4)
        c.rect(100, 300, 50, 50, stroke=0, fill=1)

    return canvas_book(path, draw)


def matplotlib_translucent(path):
    return matplotlib_book(path, alpha=0.5)


def red_line(path):
    """An answer key's path in RGB red, in a black-and-white interior."""

    def draw(c):
        caption(c)
        c.setStrokeColorRGB(0.84, 0.15, 0.16)
        c.setLineWidth(2)
        c.line(100, 300, 300, 300)

    return canvas_book(path, draw)


def cyan_text(path):
    def draw(c):
        c.setFillColorCMYK(1, 0, 0, 0)
        caption(c)

    return canvas_book(path, draw)


def colour_photo(path):
    """A 300 dpi photo, one patch of it blue."""
    photo = Image.new("RGB", (600, 600), (128, 128, 128))
    photo.paste((60, 90, 200), (200, 200, 260, 260))

    def draw(c):
        caption(c)
        c.drawImage(ImageReader(photo), 100, 200, 144, 144)

    return canvas_book(path, draw)


# --- clean files a preflight must pass ----------------------------------------------


def word_like(path):
    """6 x 9 in pages, no TrimBox, an embedded font: what Word writes."""
    return canvas_book(path, caption)


def white_page_background(path):
    def draw(c):
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, W, H, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        caption(c)

    return canvas_book(path, draw)


def hidden_under_the_background(path):
    """A stray mark in the margin, then the page's opaque background over it."""

    def draw(c):
        c.rect(5, 300, 4, 4, stroke=0, fill=1)
        c.setFillGray(1)
        c.rect(0, 0, W, H, stroke=0, fill=1)
        c.setFillGray(0)
        caption(c)

    return canvas_book(path, draw)


def white_image_background(path):
    """A full-page picture that is white wherever it reaches past the margins."""
    picture = Image.new("L", (1800, 2700), 255)
    picture.paste(0, (600, 900, 1200, 1800))  # dark only in the middle

    def draw(c):
        c.drawImage(ImageReader(picture), 0, 0, W, H)
        caption(c)

    return canvas_book(path, draw)


def matplotlib_book(path, alpha: float = 1.0):
    """A matplotlib figure the size of the page, as a 24-page PdfPages file:
    a white page-size background, an axes patch with a stroke alpha of 0."""
    import matplotlib

    matplotlib.use("agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    figure = plt.figure(figsize=(6, 9))
    axes = figure.add_axes([0.2, 0.2, 0.6, 0.6])
    axes.plot([0, 1, 2], [0, 1, 0], linewidth=1.5, alpha=alpha)
    with PdfPages(path, metadata={"CreationDate": None}) as book:
        for _ in range(PAGES):
            book.savefig(figure)
    plt.close(figure)
    return path


def greys_written_in_rgb(path):
    """Black text and a grey line given as RGB, as Word writes them."""

    def draw(c):
        c.setFillColorRGB(0, 0, 0)
        caption(c)
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        c.line(100, 300, 300, 300)

    return canvas_book(path, draw)


def grey_photo_in_rgb(path):
    """A black-and-white photo saved as RGB: every pixel a grey."""
    photo = Image.linear_gradient("L").resize((600, 600)).convert("RGB")

    def draw(c):
        caption(c)
        c.drawImage(ImageReader(photo), 100, 200, 144, 144)

    return canvas_book(path, draw)


def cairo_like_groups(path):
    """cairo puts every page, and its forms, in a transparency group, with
    nothing transparent inside."""
    group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB, I=True)

    def forms(pdf):
        return {"/Fm0": form(pdf, b"0 0 0 rg 100 300 50 50 re f", Group=group)}

    return pike_book(path, b"q /Fm0 Do Q", page_extra={"/Group": group}, edit=with_forms(forms))


def media_box_inherited(path):
    def edit(pdf):
        pdf.Root.Pages.MediaBox = Array([0, 0, W, H])
        for page in pdf.pages:
            del page.obj["/MediaBox"]

    return pike_book(path, b"0 g 100 300 50 50 re f", edit=edit)


def nested_forms(path):
    """16 forms deep (the most the preflight follows), each drawing the next
    three times: 3^15 visits if each were walked where it is drawn."""

    def forms(pdf):
        inner = form(pdf, b"0 g 0 0 2 2 re f", bbox=(0, 0, 10, 10))
        for _ in range(15):
            inner = form(
                pdf,
                b"/X Do 0.2 0 0 0.2 3 0 cm /X Do 1 0 0 1 3 0 cm /X Do",
                bbox=(0, 0, 10, 10),
                Resources=Dictionary(XObject=Dictionary(X=inner)),
            )
        return {"/Top": inner}

    return pike_book(path, b"q 1 0 0 1 100 300 cm /Top Do Q", edit=with_forms(forms))


# --- malformed files that must neither crash nor hang --------------------------------


def no_media_box(path):
    def edit(pdf):
        for page in pdf.pages:
            del page.obj["/MediaBox"]

    return pike_book(path, b"0 g 100 300 50 50 re f", edit=edit)


def form_drawing_itself(path):
    def forms(pdf):
        loop = form(pdf, b"0 g 0 0 5 5 re f 0.5 0 0 0.5 0 0 cm /Me Do /Me Do /Me Do", bbox=(0, 0, 10, 10))
        loop.Resources = Dictionary(XObject=Dictionary(Me=loop))
        return {"/Loop": loop}

    return pike_book(path, b"q 1 0 0 1 100 300 cm /Loop Do Q", edit=with_forms(forms))


# case: (builder, the problem codes the preflight must report; "encrypted" too for a refusal as such)
CORPUS = {
    "a red line in a black-and-white interior": (red_line, {"colour"}),
    "cyan CMYK text in a black-and-white interior": (cyan_text, {"colour"}),
    "a colour photo in a black-and-white interior": (colour_photo, {"colour"}),
    "black and grey written as RGB": (greys_written_in_rgb, set()),
    "a grey photo saved as RGB": (grey_photo_in_rgb, set()),
    "outlined text stroked with 0.1 pt": (outlined_text, {"thin-line"}),
    "4 pt text": (text_4pt, {"small-text"}),
    "12 pt text scaled by Tm and CTM to 5.8 pt": (text_scaled_below_7pt, {"small-text"}),
    "72 dpi RGB image": (image_72dpi, {"low-resolution"}),
    "JavaScript run on open": (javascript_on_open, {"javascript"}),
    "JavaScript in the name tree": (javascript_name_tree, {"javascript"}),
    "JavaScript in a page action": (javascript_page_action, {"javascript"}),
    "an attached file": (attached_file, {"embedded-files"}),
    "RC4, no password, restricted": (encrypted_rc4_restricted, {"encrypted"}),
    "AES-256": (encrypted_aes, {"encrypted"}),
    "5 x 5 in pages": (page_5x5, {"trim-size"}),
    "a mark in the margin": (mark_in_the_margin, {"outside-safe-area"}),
    "a picture with a mark in the margin": (image_with_a_mark_in_the_margin, {"outside-safe-area"}),
    "a translucent fill": (translucent_fill, {"transparency"}),
    "matplotlib, a translucent line": (matplotlib_translucent, {"transparency"}),
    "no MediaBox anywhere": (no_media_box, {"no-media-box"}),
    "a form drawing itself three times": (form_drawing_itself, {"form-cycle"}),
    "Word-like: no TrimBox, page the trim": (word_like, set()),
    # KDP asks for no TrimBox: the page less the bleed is the trim, and a note says so
    "bleed but no TrimBox": (bleed_without_trim_box, set()),
    "a full-page white background": (white_page_background, set()),
    "a mark hidden under the page's background": (hidden_under_the_background, set()),
    "a full-page picture, white at the edges": (white_image_background, set()),
    "matplotlib: alpha-0 stroke, white background": (matplotlib_book, set()),
    "cairo-like transparency groups, nothing transparent": (cairo_like_groups, set()),
    "MediaBox inherited from the page tree": (media_box_inherited, set()),
    "forms 16 deep, each drawn three times": (nested_forms, set()),
}


# Cases about something else, drawn in colour: checked as colour interiors.
IN_COLOUR = {
    "72 dpi RGB image",
    "matplotlib, a translucent line",
    "matplotlib: alpha-0 stroke, white background",
}


def verdict(path: Path, interior: str) -> set[str]:
    """The codes check_pdf reports; {"encrypted"} for a file it refuses as encrypted."""
    try:
        return {problem.code for problem in check_pdf(path, "kdp", interior=interior).problems}
    except BookmakerError as error:
        assert "cryptography" not in str(error)
        return {"encrypted" if "encrypted" in str(error) else f"error: {error}"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpus")
    return {
        name: (
            verdict(build(folder / f"{index}.pdf"), "color" if name in IN_COLOUR else "black-and-white"),
            expected,
        )
        for index, (name, (build, expected)) in enumerate(CORPUS.items())
    }


# One worker of a parallel run takes every test of the corpus, which is then built once.
@pytest.mark.xdist_group("preflight_corpus")
@pytest.mark.parametrize("name", CORPUS)
def test_each_file_gets_its_verdict(corpus, name):
    found, expected = corpus[name]
    assert found == expected


@pytest.mark.xdist_group("preflight_corpus")
def test_no_false_negative_and_no_false_alarm(corpus):
    defects = [(found, expected) for found, expected in corpus.values() if expected]
    caught = sum(expected <= found for found, expected in defects)  # true positives
    missed = len(defects) - caught  # false negatives
    alarms = sum(len(found - expected) for found, expected in corpus.values())  # problems no case has
    # the README quotes these numbers
    assert (len(defects), len(corpus) - len(defects)) == (20, 11)
    assert (caught, missed, alarms) == (20, 0, 0)
