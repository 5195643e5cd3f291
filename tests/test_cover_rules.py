"""A printer's cover rules are its Profile's data: change the datum and the cover, its
config checks and its preflight follow, with no printer's name in the code that applies it.

Each test swaps one field of a real profile's ``CoverRules`` (``dataclasses.replace``) and
shows the behaviour it drives move with it.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from bookmaker.config import load_book
from bookmaker.config.errors import ConfigError
from bookmaker.errors import BookmakerError
from bookmaker.layout.cover_geometry import CoverGeometry, spine_text_rule, spine_width
from bookmaker.layout.fonts import font_pair
from bookmaker.plan.cover import CoverPlan
from bookmaker.profiles import COLOUR_PAPERS, INCH, PAPERS, PROFILES, BarcodeBox

from .package_source import PACKAGE, modules, parsed

KDP, LULU, HOME = PROFILES["kdp"], PROFILES["lulu"], PROFILES["home"]


def with_cover(monkeypatch, name: str, **rules):
    """Profile ``name`` with these cover rules changed, in the registry for this test."""
    profile = PROFILES[name]
    changed = replace(profile, cover=replace(profile.cover, **rules))
    monkeypatch.setitem(PROFILES, name, changed)
    return changed


def book(tmp_path: Path, profile: str, cover: str = "paper: white", interior: str | None = None):
    keys = "\n".join(f"  {line}" for line in cover.strip().splitlines())
    config = tmp_path / "book.yaml"
    config.write_text(
        f"""\
title: Cover Rules
author: Ada Tester
seed: 5
profile: {profile}
{f"interior: {interior}" if interior else ""}
page: {{size: "6x9"}}
front_matter: {{title_page: false, how_to: false, contents: false}}
sections:
  - {{title: Square, size: 6x6, count: 2}}
cover:
{keys}
""",
        encoding="utf-8",
    )
    return load_book(config)


def plan(loaded, pages: int) -> CoverPlan:
    return CoverPlan(loaded, pages, font_pair(loaded.font.regular, loaded.font.bold))


# -- no printer is named outside the registry -------------------------------------------------


def printer_names_compared(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of each printer name written as a string literal in a comparison
    (==, !=, in, not in, against a literal collection too) or a match case."""
    found = []

    def literals(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [text for element in node.elts for text in literals(element)]
        return []

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found += [(node.lineno, text) for text in literals(side) if text.lower() in PROFILES]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, text) for text in literals(node.value) if text.lower() in PROFILES]
    return found


def test_the_name_finder_sees_every_way_of_comparing_a_printer_name():
    source = (
        'a = profile == "kdp"\nb = "lulu" != p.name\nc = name in ("home", "x")\n'
        'd = n not in ["IngramSpark"]\n'
        'match p:\n    case "kdp":\n        pass\ne = barcode == PRINTER_BARCODE\nf = x == "kd"\n'
    )
    assert printer_names_compared(ast.parse(source)) == [
        (1, "kdp"),
        (2, "lulu"),
        (3, "home"),
        (4, "IngramSpark"),
        (6, "kdp"),
    ]


@pytest.mark.xdist_group("package_source")
def test_no_module_outside_profiles_compares_a_printer_name():
    # A config's `profile:` text becomes a Profile through PROFILES and get_profile, both in
    # profiles.py; past that, code asks the Profile, so a new printer needs no edit elsewhere.
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: '{name}'"
        for path in modules()
        if path != PACKAGE / "profiles.py"
        for line, name in printer_names_compared(parsed(path))
    ]
    assert not found, "compare the Profile's data instead:\n" + "\n".join(found)


# -- spine per page ---------------------------------------------------------------------------


def test_spine_width_is_pages_times_the_profiles_thickness_per_page():
    thick = replace(KDP, cover=replace(KDP.cover, spine_per_page=(("white", 0.01 * INCH),)))
    assert spine_width(thick, "white", 100) == pytest.approx(1.0 * INCH)
    assert spine_width(KDP, "white", 100) == pytest.approx(0.2252 * INCH)


def test_a_profile_without_spine_figures_asks_for_spine_width(tmp_path, monkeypatch):
    unknown = with_cover(monkeypatch, "kdp", spine_per_page=None)
    with pytest.raises(BookmakerError, match="no spine formula for the kdp profile"):
        spine_width(unknown, "white", 100)
    with pytest.raises(ConfigError, match="required key is missing: spine_width"):
        book(tmp_path, "kdp")


def test_a_profile_given_spine_figures_builds_its_cover_without_spine_width(tmp_path, monkeypatch):
    with_cover(monkeypatch, "home", spine_per_page=tuple((paper, 0.004 * INCH) for paper in PAPERS))
    assert plan(book(tmp_path, "home", "paper: cream"), 100).geometry.spine == pytest.approx(0.4 * INCH)


def test_the_profiles_spine_base_is_added_whatever_the_page_count(tmp_path, monkeypatch):
    based = replace(KDP, cover=replace(KDP.cover, spine_base=0.1 * INCH))
    assert spine_width(based, "white", 100) == pytest.approx((0.2252 + 0.1) * INCH)
    with_cover(monkeypatch, "kdp", spine_base=0.5 * INCH)
    assert plan(book(tmp_path, "kdp"), 100).geometry.spine == pytest.approx((0.2252 + 0.5) * INCH)


# -- spine-text minimum -----------------------------------------------------------------------


def test_the_profiles_spine_text_minimum_sets_where_spine_text_is_allowed(monkeypatch):
    assert spine_text_rule(KDP, 79) is not None and spine_text_rule(KDP, 80) is None
    lower = replace(KDP, cover=replace(KDP.cover, spine_text_min_pages=40))
    assert spine_text_rule(lower, 39) == (
        "KDP prints spine text only on books of more than 39 pages, and this interior has 39"
    )
    assert spine_text_rule(lower, 40) is None
    assert spine_text_rule(HOME, 2) is None  # no minimum
    higher = replace(HOME, cover=replace(HOME.cover, spine_text_min_pages=500))
    assert "the home printer prints spine text only on books of more than 499 pages" in spine_text_rule(
        higher, 499
    )


def test_the_cover_plan_leaves_the_spine_bare_below_the_profiles_minimum(tmp_path, monkeypatch):
    loaded = book(tmp_path, "home", "spine_width: 0.6in")
    assert plan(loaded, 100).spine_runs  # wide enough, and a home printer sets no minimum
    with_cover(monkeypatch, "home", spine_text_min_pages=101)
    bare = plan(loaded, 100)
    assert bare.spine_runs == []
    assert any(
        "the home printer prints spine text only on books of more than 100 pages" in n for n in bare.notes
    )


# -- the barcode: whose, and where ------------------------------------------------------------


def test_a_printer_that_prints_its_barcode_gets_a_plain_box_by_default(tmp_path, monkeypatch):
    assert book(tmp_path, "home", "spine_width: 0.3in").cover_barcode == "none"
    with_cover(monkeypatch, "home", prints_barcode=True)
    loaded = book(tmp_path, "home", "spine_width: 0.3in")
    assert loaded.cover_barcode == "kdp"
    assert book(tmp_path, "home", "spine_width: 0.3in\nbarcode: kdp").cover_barcode == "kdp"
    assert any(
        "the home printer prints its own on the back" in note
        for note in plan(book(tmp_path, "home", "spine_width: 0.3in\nbarcode: none"), 100).notes
    )


def test_barcode_kdp_is_refused_where_the_printer_prints_no_barcode(tmp_path, monkeypatch):
    assert book(tmp_path, "kdp", "barcode: kdp").cover_barcode == "kdp"
    with_cover(monkeypatch, "kdp", prints_barcode=False)
    assert book(tmp_path, "kdp").cover_barcode == "none"
    with pytest.raises(ConfigError, match="barcode: kdp leaves the box plain .* but KDP prints none"):
        book(tmp_path, "kdp", "barcode: kdp")
    assert not any(
        "prints its own" in note for note in plan(book(tmp_path, "kdp", "barcode: none"), 100).notes
    )


def test_a_printer_requiring_the_isbn_barcode_requires_isbn(tmp_path, monkeypatch):
    assert book(tmp_path, "kdp").cover_barcode == "kdp"
    with_cover(monkeypatch, "kdp", requires_barcode=True)
    with pytest.raises(ConfigError, match="required key is missing: isbn, since KDP prints no cover"):
        book(tmp_path, "kdp")
    with pytest.raises(ConfigError, match="required key is missing: isbn"):
        book(tmp_path, "kdp", "barcode: none")
    assert book(tmp_path, "kdp", "isbn: 978-1-4028-9462-6").cover_barcode == "isbn"


def test_the_barcode_box_is_where_the_profile_puts_it():
    rules = replace(KDP.cover, barcode_box=BarcodeBox(1.0 * INCH, 0.5 * INCH, 0.75 * INCH))
    geometry = CoverGeometry(6 * INCH, 9 * INCH, 0.5 * INCH, rules)
    fold = (0.125 + 6) * INCH
    assert geometry.barcode_box == pytest.approx(
        (fold - 1.75 * INCH, 0.875 * INCH, fold - 0.75 * INCH, 1.375 * INCH)
    )
    kdp = CoverGeometry(6 * INCH, 9 * INCH, 0.5 * INCH, KDP.cover).barcode_box
    assert kdp == pytest.approx((fold - 2.25 * INCH, 0.375 * INCH, fold - 0.25 * INCH, 1.575 * INCH))


# -- bleed, safe inset and fold clearance -----------------------------------------------------


def test_the_cover_sheet_follows_the_profiles_bleed_safe_inset_and_fold_clearance():
    rules = replace(KDP.cover, bleed=0.25 * INCH, safe_inset=0.5 * INCH, fold_clearance=0.1 * INCH)
    g = CoverGeometry(6 * INCH, 9 * INCH, 1.0 * INCH, rules)
    assert g.size == pytest.approx((13.5 * INCH, 9.5 * INCH))
    assert g.trim == pytest.approx((0.25 * INCH, 0.25 * INCH, 13.25 * INCH, 9.25 * INCH))
    assert g.folds == pytest.approx((6.25 * INCH, 7.25 * INCH))
    assert g.back_safe == pytest.approx((0.75 * INCH, 0.75 * INCH, 5.75 * INCH, 8.75 * INCH))
    assert g.spine_safe == pytest.approx((6.35 * INCH, 0.75 * INCH, 7.15 * INCH, 8.75 * INCH))
    assert g.fold_bands[0] == pytest.approx((6.15 * INCH, 0.0, 6.35 * INCH, 9.5 * INCH))
    again = CoverGeometry.of_page(*g.size, g.spine, rules)
    assert (again.trim_width, again.trim_height) == pytest.approx((6 * INCH, 9 * INCH))


def test_the_cover_plan_keeps_its_text_inside_the_profiles_safe_inset(tmp_path, monkeypatch):
    loaded = book(tmp_path, "home", "spine_width: 0.3in")
    assert plan(loaded, 100).margin == pytest.approx(0.36 * INCH)  # 6 % of the 6 in panel
    with_cover(monkeypatch, "home", safe_inset=0.5 * INCH)
    assert plan(loaded, 100).margin == pytest.approx(0.5 * INCH)


# -- the papers a colour interior prints on ---------------------------------------------------


def test_the_profiles_colour_papers_decide_where_a_colour_interior_may_print(tmp_path, monkeypatch):
    with pytest.raises(ConfigError, match="KDP prints colour interiors on its colour papers, not on white"):
        book(tmp_path, "kdp", "paper: white", interior="color")
    book(tmp_path, "home", "paper: white\nspine_width: 0.3in", interior="color")
    with_cover(monkeypatch, "kdp", colour_papers=PAPERS)
    book(tmp_path, "kdp", "paper: white", interior="color")
    with_cover(monkeypatch, "home", colour_papers=COLOUR_PAPERS)
    with pytest.raises(ConfigError, match="use paper: premium-color or standard-color"):
        book(tmp_path, "home", "paper: white\nspine_width: 0.3in", interior="color")


def test_every_printers_spine_table_covers_every_paper_a_config_may_name():
    # A printer added with a spine table missing a paper would fail mid-build on that paper.
    for profile in PROFILES.values():
        rules = profile.cover
        if rules.spine_per_page is not None:
            assert sorted(paper for paper, _ in rules.spine_per_page) == sorted(PAPERS), profile.name
            assert all(per_page > 0 for _, per_page in rules.spine_per_page), profile.name
        assert rules.colour_papers and set(rules.colour_papers) <= set(PAPERS), profile.name
