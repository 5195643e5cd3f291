"""The one RGB-to-CMYK conversion every PDF/X file goes through, and the total-ink cap, on
known values and on any colour."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bookmaker.colours import Inks, capped_ink, hex_to_rgb, rgb_to_cmyk, total_ink


def cmyk(color: str) -> tuple[float, float, float, float]:
    return rgb_to_cmyk(*hex_to_rgb(color))


@pytest.mark.parametrize(
    ("color", "expected"),
    [
        ("#000000", (0.0, 0.0, 0.0, 1.0)),  # black text and walls: pure K, never a rich black
        ("#FFFFFF", (0.0, 0.0, 0.0, 0.0)),  # white: no ink at all
        ("#FF0000", (0.0, 1.0, 1.0, 0.0)),  # red: magenta and yellow
        ("#00FF00", (1.0, 0.0, 1.0, 0.0)),  # green: cyan and yellow
        ("#0000FF", (1.0, 1.0, 0.0, 0.0)),  # blue: cyan and magenta
        ("#FFFF00", (0.0, 0.0, 1.0, 0.0)),  # yellow: yellow alone
        ("#00FFFF", (1.0, 0.0, 0.0, 0.0)),  # cyan: cyan alone
        ("#800000", (0.0, 1.0, 1.0, 0.498)),  # maroon: red's inks over half black
        # The default cover background: 1 - 95/255 black, the rest cyan and magenta.
        ("#173F5F", (0.7579, 0.3368, 0.0, 0.6275)),
    ],
)
def test_known_colours_convert_to_the_inks_a_press_would_use(color, expected):
    assert cmyk(color) == expected


@pytest.mark.parametrize("level", [0x00, 0x10, 0x33, 0x80, 0xC0, 0xEE, 0xFF])
def test_a_grey_is_black_ink_alone(level):
    cyan, magenta, yellow, black = cmyk(f"#{level:02X}{level:02X}{level:02X}")
    assert (cyan, magenta, yellow) == (0, 0, 0)
    assert black == pytest.approx(1 - level / 255, abs=1e-4)


@given(st.tuples(*[st.integers(0, 255)] * 3))
def test_every_colour_has_black_generation_and_at_most_300_percent(rgb):
    inks = rgb_to_cmyk(*(c / 255 for c in rgb))
    assert all(0 <= ink <= 1 for ink in inks)
    assert min(inks[:3]) == 0  # the grey the three would share is printed in black
    assert total_ink(inks) <= 300


def test_total_ink_is_the_sum_in_per_cent():
    assert total_ink((0.6, 0.4, 0.4, 1.0)) == 240.0  # IngramSpark's own rich black
    assert total_ink(cmyk("#173F5F")) == pytest.approx(172.22)


def test_a_colour_over_the_limit_keeps_its_black_and_hue_and_loses_saturation():
    navy = cmyk("#0A0A40")  # 84 % cyan and magenta over 75 % black: 244 %
    assert total_ink(navy) > 240
    capped = capped_ink(navy, 240)
    assert total_ink(capped) <= 240
    assert total_ink(capped) >= 239.9  # capped to the limit, not below it
    assert capped[3] == navy[3]  # as dark as it was
    assert capped[0] == capped[1] and capped[2] == 0  # the same hue
    assert capped[0] < navy[0]


def test_a_colour_under_the_limit_is_left_alone():
    assert capped_ink(cmyk("#173F5F"), 240) == cmyk("#173F5F")


@given(st.tuples(*[st.integers(0, 255)] * 3), st.floats(100, 300))
def test_the_cap_holds_for_any_colour_and_any_limit_a_printer_sets(rgb, limit):
    capped = capped_ink(rgb_to_cmyk(*(c / 255 for c in rgb)), limit)
    assert total_ink(capped) <= limit + 1e-9
    assert all(0 <= ink <= 1 for ink in capped)


def test_inks_say_which_colours_a_cmyk_file_caps():
    ingramspark = Inks("pdf-x1a", 240.0)
    needed, written = ingramspark.capped("#0A0A40")
    assert round(needed) == 244 and total_ink(written) <= 240
    assert ingramspark.capped("#173F5F") is None  # 172 %: printed as it is
    # An RGB file is converted by the printer, not by bookmaker: nothing to cap.
    assert Inks("rgb", 240.0).capped("#0A0A40") is None
    assert Inks("pdf-x4", None).capped("#0A0A40") is None  # a printer with no limit
