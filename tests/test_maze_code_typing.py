"""Maze codes forgive the slips the README forgives, and catch the ones it says they catch.

README ("What prints under each maze"): codes are Crockford base 32, "any case, dashes and
spaces optional, O read as 0 and I or L as 1; two check characters catch any one mistyped
character and any two neighbours swapped, and say so". Each of those is tried here on real
codes holding 0s and 1s, both in read_code and through `bookmaker maze --code`.
"""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from bookmaker.cli import app
from bookmaker.errors import BookmakerError
from bookmaker.maze import generate
from bookmaker.maze.codes import read_code, recipe_code

# The look-alikes a reader may type for a digit, as the README lists them.
LOOK_ALIKES = {"0": "Oo", "1": "IiLl"}
# A book maze whose code holds 0s and 1s in its body and its two check characters ("10"),
# so every look-alike is tried in both.
SEED, CODE = 3135509421, "9JJE-B50Q-BJ17-B810"
MISTYPED = "mistyped or two are swapped"


@pytest.fixture(scope="module")
def code() -> str:
    return recipe_code(generate("wilson", 14, 18, SEED), "opposite")


def test_the_code_tried_here_is_the_one_the_seed_contract_keeps(code):
    assert code == CODE


def test_every_look_alike_reads_as_its_digit_wherever_it_stands(code):
    assert "0" in code and code.count("1") >= 2 and "1" in code[-2:], code
    meant = read_code(code)
    places = [(i, char) for i, char in enumerate(code) if char in LOOK_ALIKES]
    for index, digit in places:
        for typed in LOOK_ALIKES[digit]:
            slipped = code[:index] + typed + code[index + 1 :]
            assert read_code(slipped) == meant, slipped
    # all of them at once, each digit typed as a different look-alike
    for choice in itertools.product(*(LOOK_ALIKES[digit] for _, digit in places)):
        slipped = list(code)
        for (index, _), typed in zip(places, choice, strict=True):
            slipped[index] = typed
        assert read_code("".join(slipped)) == meant, "".join(slipped)


@pytest.mark.parametrize(
    "typed",
    [
        lambda c: c.lower(),
        lambda c: c.replace("-", ""),
        lambda c: c.replace("-", " "),
        lambda c: "  " + " ".join(c.replace("-", "")) + " ",  # a space after every character
        lambda c: c.replace("-", "--").swapcase(),
    ],
)
def test_case_dashes_and_spaces_do_not_matter(code, typed):
    assert read_code(typed(code)) == read_code(code)


def test_any_two_neighbours_swapped_are_caught_and_said_so(code):
    letters = code.replace("-", "")
    swaps = 0
    for index in range(len(letters) - 1):  # check characters and group edges included
        a, b = letters[index], letters[index + 1]
        if a != b:
            with pytest.raises(BookmakerError, match=MISTYPED):
                read_code(letters[:index] + b + a + letters[index + 2 :])
            swaps += 1
    assert swaps >= len(letters) - 3


def test_any_two_characters_swapped_anywhere_are_caught(code):
    letters = code.replace("-", "")
    for i, j in itertools.combinations(range(len(letters)), 2):
        if letters[i] != letters[j]:
            swapped = list(letters)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            with pytest.raises(BookmakerError, match=MISTYPED):
                read_code("".join(swapped))


def test_a_look_alike_does_not_hide_a_swap(code):
    """O for 0 is forgiven; O for 0 with two neighbours swapped is still caught."""
    letters = code.replace("-", "")
    index = next(i for i in range(len(letters) - 1) if letters[i] != letters[i + 1])
    swapped = letters[:index] + letters[index + 1] + letters[index] + letters[index + 2 :]
    slipped = swapped.replace("0", "o").replace("1", "l")
    with pytest.raises(BookmakerError, match=MISTYPED):
        read_code(slipped)


def test_the_maze_command_prints_the_same_maze_for_a_code_typed_with_slips(code, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    runner = CliRunner()
    slipped = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    clean = runner.invoke(app, ["maze", "--code", code, "--format", "json", "-o", "-"])
    typed = runner.invoke(app, ["maze", "--code", slipped, "--format", "json", "-o", "-"])
    assert clean.exit_code == 0 and typed.exit_code == 0, (clean.output, typed.output)
    assert typed.stdout == clean.stdout
    # U is no look-alike of anything: refused, not guessed at
    with pytest.raises(BookmakerError, match="characters no code uses: U"):
        read_code(slipped.replace("o", "u", 1))
