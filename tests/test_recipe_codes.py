"""Regeneration codes carry a maze's whole recipe, read back exactly, and catch typos."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, codes, generate, generate_on
from bookmaker.maze.codes import ALPHABET, ENDPOINT_IDS, MAX_SHAPE_ID, CodeParts, read_code, recipe_code
from bookmaker.maze.shapes import GRID, SHAPES, SQUARE, Shape, make_topology
from bookmaker.maze.solve import with_endpoints
from bookmaker.maze.topology import SquareGrid

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


# Codes made by bookmaker before shapes had a registry and codes a second version (commit
# 785c726), with the recipes they stand for: two from the README and the tests, and one or
# more of every shape, with braids, every kind of size and a long seed.
PRINTED_CODES = [
    ("82J8-9A17-BZGZ-WGRP", ("recursive-backtracker", "square", 8, 10, 2642380793, "opposite", 0.0)),
    ("9JJE-B50Q-BJ17-B810", ("wilson", "square", 14, 18, 3135509421, "opposite", 0.0)),
    ("9H2T-4N0G-NB0Y-6REZ", ("wilson", "square", 20, 10, 2237009691, "border", 0.0)),
    ("86JC-987R-E8", ("recursive-backtracker", "hex", 12, 10, 7, "opposite", 0.0)),
    ("8M28-7X60-0000-00AF-7", ("hunt-and-kill", "hex", 8, 7, 2**40 + 5, "none", 0.0)),
    ("ARSJ-QS64-FH40-VX", ("kruskal", "triangle", 30, 12, 123456, "corners", 0.25)),
    ("AE28-GBNS-0KNM-6H", ("growing-tree", "polar", 8, 0, 3135509421, "centre", 0.0)),
    ("BDB4-KGZ3-G6", ("prim", "polar", 14, 0, 99, "border", 0.5)),
]


@pytest.mark.parametrize("code, recipe", PRINTED_CODES)
def test_a_code_printed_before_codes_had_room_for_16_shapes_reads_as_the_same_maze(code, recipe):
    """An old code still reads as its recipe, and that maze today gets the very same code:
    the first four shapes keep version 1 codes, byte for byte."""
    assert read_code(code) == CodeParts(*recipe)
    algorithm, shape, width, height, seed, endpoints, braid = recipe
    size, rings = ((width, height), None) if height else (None, width)
    maze = with_endpoints(
        generate_on(make_topology(shape, size, rings), algorithm, seed, braid=braid), endpoints
    )
    assert recipe_code(maze) == code


class _OctagonGrid(SquareGrid):
    """A stand-in for a shape registered after the first four."""

    kind = "octagon"


@pytest.mark.parametrize("code_id", range(len(SHAPES), MAX_SHAPE_ID + 1))
def test_a_shape_id_up_to_15_round_trips_in_a_version_2_code(code_id, monkeypatch):
    octagon = Shape(
        "octagon", _OctagonGrid, GRID, code_id, SQUARE.counted, SQUARE.named, "octagons", (9, 9), (5, 5)
    )
    monkeypatch.setattr(codes, "SHAPES", (*SHAPES, octagon))
    monkeypatch.setattr(codes, "_SHAPE_BY_ID", {**codes._SHAPE_BY_ID, code_id: octagon})
    maze = generate("wilson", 1, 1, 2237009691, braid=0.2)
    maze.topology = _OctagonGrid(41, 23)
    code = recipe_code(maze, "border")
    assert ALPHABET.index(code[0]) >> 3 == codes.WIDE_SHAPES_VERSION  # the first two bits
    assert read_code(code) == CodeParts("wilson", "octagon", 41, 23, 2237009691, "border", 0.2)


def test_the_registered_shapes_fit_the_code_and_keep_version_1():
    ids = [shape.code_id for shape in SHAPES]
    assert len(set(ids)) == len(ids) and max(ids) <= MAX_SHAPE_ID
    assert sorted(ids)[:4] == [0, 1, 2, 3]  # square, hex, triangle, polar as version 1 numbered them
    assert [shape.name for shape in sorted(SHAPES, key=lambda s: s.code_id)][:4] == [
        "square",
        "hex",
        "triangle",
        "polar",
    ]


def test_a_version_2_code_of_a_shape_this_bookmaker_lacks_says_so(monkeypatch):
    octagon = Shape(
        "octagon", _OctagonGrid, GRID, 9, SQUARE.counted, SQUARE.named, "octagons", (9, 9), (5, 5)
    )
    monkeypatch.setattr(codes, "SHAPES", (*SHAPES, octagon))
    maze = generate("wilson", 1, 1, 7)
    maze.topology = _OctagonGrid(5, 5)
    code = recipe_code(maze)
    monkeypatch.undo()
    with pytest.raises(BookmakerError, match="of a shape this bookmaker does not know"):
        read_code(code)


# Each generator's number in the codes books have printed: a change would make every one of
# them read as another generator's maze.
PRINTED_ALGORITHM_IDS = {
    "recursive-backtracker": 0,
    "hunt-and-kill": 1,
    "eller": 2,
    "wilson": 3,
    "growing-tree": 4,
    "kruskal": 5,
    "prim": 6,
    "aldous-broder": 7,
    "sidewinder": 8,
    "binary-tree": 9,
}


def test_every_generator_declares_its_own_code_id_and_printed_ids_never_move():
    ids = {name: algorithm.code_id for name, algorithm in ALGORITHMS.items()}
    assert {name: ids[name] for name in PRINTED_ALGORITHM_IDS} == PRINTED_ALGORITHM_IDS
    assert len(set(ids.values())) == len(ids), "two generators share a code id"
    assert all(0 <= code_id < 16 for code_id in ids.values()), "a code has four bits of generator"


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_every_generators_mazes_get_a_code_that_names_it(algorithm):
    parts = read_code(recipe_code(generate(algorithm, 6, 4, 11), "border"))
    assert (parts.algorithm, parts.width, parts.height, parts.seed) == (algorithm, 6, 4, 11)
