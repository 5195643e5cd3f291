"""Every place a PDF can hide JavaScript is found by the preflight, and nothing else is.

A print file with scripts is refused by KDP, Lulu and IngramSpark. A script runs from an
action, and the PDF reference (ISO 32000-1, 12.6) hangs actions in many places: the
document's open action and its additional actions (/AA: close, save, print), the
JavaScript name tree, each page's open and close actions, each annotation's action and
additional actions, each form field's actions (keystroke, format, validate, calculate)
even on a field no page lists, and each outline item. Any action may chain further actions
through /Next, one or an array of them, as deep as it likes. Each case below hides one
script in one of those places of a blank 24-page book; its twin puts a harmless go-to
action in the same place, so the check is seen to find the script, not the place.
"""

from __future__ import annotations

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

from bookmaker.preflight.interior import check_pdf

from .test_preflight_corpus import pike_book

BLANK = b""  # pages with nothing drawn: only the actions can be wrong


def script(pdf: pikepdf.Pdf, code: str = "app.alert('hi')"):
    return pdf.make_indirect(Dictionary(S=Name.JavaScript, JS=String(code)))


def go_to(pdf: pikepdf.Pdf, then=None):
    """A harmless action (go to page 1), chaining ``then`` with /Next if given."""
    action = Dictionary(S=Name.GoTo, D=Array([pdf.pages[0].obj, Name.Fit]))
    if then is not None:
        action.Next = then
    return pdf.make_indirect(action)


def link(pdf: pikepdf.Pdf, **entries):
    return pdf.make_indirect(
        Dictionary(
            Type=Name.Annot,
            Subtype=Name.Link,
            Rect=Array([100, 100, 200, 120]),
            Border=Array([0, 0, 0]),
            **entries,
        )
    )


def widget_field(pdf: pikepdf.Pdf, **entries):
    """A text field that is its own widget, on page 1."""
    return pdf.make_indirect(
        Dictionary(
            Type=Name.Annot,
            Subtype=Name.Widget,
            FT=Name.Tx,
            T=String("name"),
            Rect=Array([100, 300, 200, 320]),
            P=pdf.pages[0].obj,
            **entries,
        )
    )


def on_open_chained(pdf):
    pdf.Root.OpenAction = go_to(pdf, then=go_to(pdf, then=go_to(pdf, then=script(pdf))))


def on_open_next_array(pdf):
    pdf.Root.OpenAction = go_to(pdf, then=Array([go_to(pdf), go_to(pdf, then=Array([script(pdf)]))]))


def on_open_as_array(pdf):
    pdf.Root.OpenAction = Array([pdf.pages[0].obj, Name.Fit])  # a destination: no action
    pdf.Root.AA = Dictionary(WP=go_to(pdf, then=Array([script(pdf)])))  # before printing


def document_will_close(pdf):
    pdf.Root.AA = Dictionary(WC=script(pdf))


def names_tree_in_kids(pdf):
    leaf = pdf.make_indirect(
        Dictionary(Names=Array([String("init"), script(pdf)]), Limits=Array([String("init"), String("init")]))
    )
    middle = pdf.make_indirect(Dictionary(Kids=Array([leaf]), Limits=Array([String("init"), String("init")])))
    pdf.Root.Names = Dictionary(JavaScript=pdf.make_indirect(Dictionary(Kids=Array([middle]))))


def page_opens(pdf):
    pdf.pages[3].obj.AA = Dictionary(O=go_to(pdf, then=script(pdf)))


def page_closes(pdf):
    pdf.pages[5].obj.AA = Dictionary(C=script(pdf))


def link_action(pdf):
    pdf.pages[0].obj.Annots = Array([link(pdf, A=go_to(pdf, then=Array([go_to(pdf), script(pdf)])))])


def annotation_additional_action(pdf):
    pdf.pages[0].obj.Annots = Array([link(pdf, AA=Dictionary(E=script(pdf)))])  # mouse enters


def field_keystroke_on_its_widget(pdf):
    field = widget_field(pdf, AA=Dictionary(K=script(pdf)))
    pdf.pages[0].obj.Annots = Array([field])
    pdf.Root.AcroForm = Dictionary(Fields=Array([field]))


def field_calculate_on_the_parent(pdf):
    """The script sits on the parent field; its widget, on the page, has none."""
    parent = pdf.make_indirect(Dictionary(FT=Name.Tx, T=String("total"), AA=Dictionary(C=script(pdf))))
    kid = pdf.make_indirect(
        Dictionary(
            Type=Name.Annot,
            Subtype=Name.Widget,
            Parent=parent,
            Rect=Array([100, 300, 200, 320]),
            P=pdf.pages[0].obj,
        )
    )
    parent.Kids = Array([kid])
    pdf.pages[0].obj.Annots = Array([kid])
    pdf.Root.AcroForm = Dictionary(Fields=Array([parent]))


def field_on_no_page(pdf):
    """A field listed in the form only: no page's /Annots names it."""
    hidden = pdf.make_indirect(
        Dictionary(FT=Name.Tx, T=String("hidden"), AA=Dictionary(V=go_to(pdf, then=script(pdf))))
    )
    pdf.Root.AcroForm = Dictionary(Fields=Array([hidden]))


def outline_item(pdf):
    item = pdf.make_indirect(Dictionary(Title=String("Start"), A=script(pdf)))
    outlines = pdf.make_indirect(Dictionary(Type=Name.Outlines, First=item, Last=item, Count=1))
    item.Parent = outlines
    pdf.Root.Outlines = outlines


HIDING_PLACES = {
    "open action, chained three deep by /Next": on_open_chained,
    "open action, /Next an array holding an array": on_open_next_array,
    "document's will-print action, /Next an array": on_open_as_array,
    "document's will-close action": document_will_close,
    "names tree, two levels of /Kids down": names_tree_in_kids,
    "page open action, chained": page_opens,
    "page close action": page_closes,
    "link annotation's action, /Next an array": link_action,
    "annotation's additional action": annotation_additional_action,
    "form field's keystroke action on its widget": field_keystroke_on_its_widget,
    "parent form field's calculate action": field_calculate_on_the_parent,
    "form field on no page, validate action chained": field_on_no_page,
    "outline item's action": outline_item,
}


def verdict(tmp_path, edit) -> set[str]:
    path = pike_book(tmp_path / "book.pdf", BLANK, edit=edit)
    return {problem.code for problem in check_pdf(path, "kdp").problems}


@pytest.mark.parametrize("place", HIDING_PLACES)
def test_javascript_is_found_wherever_it_hides(tmp_path, place):
    assert "javascript" in verdict(tmp_path, HIDING_PLACES[place])


# An entry of the JavaScript name tree is a script whatever it says: no harmless twin.
HARMLESS_TWINS = [place for place in HIDING_PLACES if not place.startswith("names tree")]


@pytest.mark.parametrize("place", HARMLESS_TWINS)
def test_the_same_places_holding_only_harmless_actions_are_no_javascript(tmp_path, place):
    """Each hiding place with its script swapped for a go-to."""

    def edit(pdf):
        HIDING_PLACES[place](pdf)
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/S") == Name.JavaScript:
                del obj["/JS"]
                obj.S = Name.GoTo
                obj.D = Array([pdf.pages[0].obj, Name.Fit])

    assert "javascript" not in verdict(tmp_path, edit)


def test_a_next_chain_that_loops_ends_and_finds_nothing(tmp_path):
    def edit(pdf):
        first = go_to(pdf)
        second = go_to(pdf, then=Array([first]))
        first.Next = second
        pdf.Root.OpenAction = first
        pdf.pages[0].obj.AA = Dictionary(O=second)

    assert "javascript" not in verdict(tmp_path, edit)
