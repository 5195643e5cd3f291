"""Regeneration codes carry a maze's whole recipe, read back exactly, and catch typos."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import generate, generate_on
from bookmaker.maze.codes import ALPHABET, ENDPOINT_IDS, read_code, recipe_code
from bookmaker.maze.shapes import make_topology

CODE_ALGORITHMS = ("recursive-backtracker", "wilson", "kruskal", "eller", "binary-tree")


@given(
    algorithm=st.sampled_from(CODE_ALGORITHMS),
    width=st.integers(1, 300),
    height=st.integers(1, 300),
    seed=st.integers(0, 2**63 - 1),
    endpoints=st.sampled_from(ENDPOINT_IDS),
)
def test_a_square_maze_code_reads_back_its_recipe(algorithm, width, height, seed, endpoints):
    maze = generate(algorithm, 1, 1, seed)  # the code reads the facts, not the cells
    maze.topology = make_topology("square", (width, height))
    parts = read_code(recipe_code(maze, endpoints))
    assert (
        parts.algorithm,
        parts.shape,
        parts.width,
        parts.height,
        parts.seed,
        parts.endpoints,
        parts.braid,
    ) == (algorithm, "square", width, height, seed, endpoints, 0.0)


@pytest.mark.parametrize(
    "shape, size, rings", [("hex", "7x5", None), ("triangle", "9x4", None), ("polar", None, 6)]
)
def test_other_shapes_and_braids_read_back(shape, size, rings):
    size = tuple(int(n) for n in size.split("x")) if size else None
    maze = generate_on(make_topology(shape, size, rings), "wilson", 2237009691, braid=0.35)
    parts = read_code(recipe_code(maze, "border"))
    assert (parts.shape, parts.seed, parts.braid, parts.endpoints) == (shape, 2237009691, 0.35, "border")
    assert (parts.width, parts.height) == ((rings, 0) if rings else size)


def test_a_book_maze_code_is_short_and_grouped():
    code = recipe_code(generate("recursive-backtracker", 8, 10, 2237009691), "border")
    assert len(code) == 19 and [len(group) for group in code.split("-")] == [4, 4, 4, 4]
    assert set(code) <= set(ALPHABET) | {"-"}
    # any case, spaces for dashes, and the look-alikes O, I, L read as 0, 1, 1
    assert read_code(code.lower().replace("-", " ")) == read_code(code)


def test_every_single_typo_and_swap_is_caught():
    code = recipe_code(generate("wilson", 14, 18, 3135509395), "opposite").replace("-", "")
    for index, char in enumerate(code):
        for other in ALPHABET:
            if other != char:
                with pytest.raises(BookmakerError, match="mistyped"):
                    read_code(code[:index] + other + code[index + 1 :])
    for index in range(len(code) - 1):
        if code[index] != code[index + 1]:
            swapped = code[:index] + code[index + 1] + code[index] + code[index + 2 :]
            with pytest.raises(BookmakerError, match="mistyped or two are swapped"):
                read_code(swapped)


def test_what_a_code_cannot_carry_has_none():
    assert recipe_code(generate("growing-tree", 5, 5, 1, policy="newest"), "border") is None
    for text, words in [("U7", "characters no code uses"), ("12", "too short")]:
        with pytest.raises(BookmakerError, match=words):
            read_code(text)
