import pytest

from bookmaker.errors import BookmakerError
from bookmaker.profiles import (
    INCH,
    PAGE_SIZES,
    PROFILES,
    Offsets,
    TrimMargins,
    get_profile,
    page_margins,
    parse_size,
)

KDP = PROFILES["kdp"]


@pytest.mark.parametrize(
    "pages, gutter_in",
    [
        (10, 0.375),
        (24, 0.375),
        (150, 0.375),
        (151, 0.5),
        (300, 0.5),
        (301, 0.625),
        (500, 0.625),
        (501, 0.75),
        (700, 0.75),
        (701, 0.875),
        (828, 0.875),
        (900, 0.875),
    ],
)
def test_kdp_gutter_table_at_each_boundary(pages, gutter_in):
    assert KDP.min_margins(pages, bleed=False).inside == pytest.approx(gutter_in * INCH)


def test_kdp_edge_margins_grow_with_bleed():
    assert KDP.min_margins(100, bleed=False)[1:] == (18.0, 18.0, 18.0)
    assert KDP.min_margins(100, bleed=True)[1:] == (27.0, 27.0, 27.0)


def test_other_profiles_margins():
    assert PROFILES["lulu"].min_margins(100, True) == TrimMargins(36, 36, 36, 36)
    assert PROFILES["ingramspark"].min_margins(700, False) == TrimMargins(36, 36, 36, 36)
    assert PROFILES["home"].min_margins(3, False) == TrimMargins(18, 18, 18, 18)


def test_kdp_bleed_is_outside_edge_top_and_bottom():
    b = 0.125 * INCH
    assert KDP.bleed_offsets(1, bleed=True) == Offsets(left=0, right=b, bottom=b, top=b)
    assert KDP.bleed_offsets(2, bleed=True) == Offsets(left=b, right=0, bottom=b, top=b)
    assert KDP.bleed_offsets(37, bleed=True).right == b
    assert KDP.bleed_offsets(1, bleed=False) == Offsets(0, 0, 0, 0)
    # 6 x 9 in with bleed is a 6.125 x 9.25 in page
    o = KDP.bleed_offsets(3, True)
    assert (6 * INCH + o.left + o.right, 9 * INCH + o.bottom + o.top) == (6.125 * INCH, 9.25 * INCH)


def test_all_round_bleed_and_none():
    b = 0.125 * INCH
    for name in ("lulu", "ingramspark"):
        assert PROFILES[name].bleed_offsets(2, True) == Offsets(b, b, b, b)
    assert PROFILES["home"].bleed_offsets(1, True) == Offsets(0, 0, 0, 0)


def test_mirrored_margins():
    m = TrimMargins(inside=30, outside=10, top=5, bottom=5)
    assert page_margins(m, 1) == (30, 10)  # recto: spine on the left
    assert page_margins(m, 2) == (10, 30)  # verso: spine on the right


def test_page_count_rules():
    assert KDP.page_count_rule(*PAGE_SIZES["6x9"]) == (24, 828, True)
    assert KDP.page_count_rule(*PAGE_SIZES["8.5x11"]) == (24, 590, True)
    assert KDP.page_count_rule(*PAGE_SIZES["8.5x8.5"]).max_pages == 590
    assert PROFILES["lulu"].page_count_rule(432, 648).min_pages == 32
    assert PROFILES["ingramspark"].page_count_rule(432, 648).must_be_even
    assert PROFILES["home"].page_count_rule(612, 792) == (1, None, False)


def test_annotation_policy():
    assert not KDP.allows_annotations and not KDP.allows_outline
    assert PROFILES["home"].allows_annotations


def test_get_profile_lists_valid_names():
    assert get_profile("KDP") is KDP
    with pytest.raises(BookmakerError, match="kdp, lulu, ingramspark, home"):
        get_profile("createspace")


def test_page_sizes_and_parse_size():
    assert PAGE_SIZES["letter"] == (612, 792)
    assert PAGE_SIZES["6x9"] == (432, 648)
    assert PAGE_SIZES["a4"] == pytest.approx((595.276, 841.890), abs=1e-3)
    assert set(PAGE_SIZES) >= {"a5", "5x8", "5.5x8.5", "7x10", "8x10", "8.25x8.25", "8.5x8.5", "8.5x11"}
    assert parse_size("6x9in") == (432, 648)
    assert parse_size("6x9") == (432, 648)
    assert parse_size("100x200pt") == (100, 200)
    assert parse_size("148x210mm") == pytest.approx(PAGE_SIZES["a5"])
    with pytest.raises(BookmakerError, match="6 by 9"):
        parse_size("6 by 9")
