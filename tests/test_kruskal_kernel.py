"""Kruskal's square kernel settles most walls by two local rules on key prefixes and sorts
only the rest; it must carve exactly the maze of the plain algorithm (every wall sorted
by its ``random()`` key, then the union-find), which ``carve_graph`` is. Ties in the
prefixes and in the whole keys are rare with a real generator, so a generator that draws
its words from a handful of values makes them common here."""

from __future__ import annotations

import random

import pytest

from bookmaker.maze import SquareGrid
from bookmaker.maze.algorithms import kruskal


class FewWords(random.Random):
    """32-bit words from a few values, read by ``random()`` and ``getrandbits()`` from one
    stream as CPython's generator does: so keys and key prefixes tie all the time."""

    def __init__(self, seed: int, values: tuple[int, ...]):
        super().__init__(seed)
        self.values = values
        self.picks = random.Random(seed)

    def word(self) -> int:
        return self.picks.choice(self.values)

    def random(self) -> float:
        a, b = self.word(), self.word()
        return ((a >> 5) * 2**26 + (b >> 6)) / 2**53

    def getrandbits(self, k: int) -> int:
        assert k % 32 == 0  # all the kernel asks for
        return sum(self.word() << (32 * i) for i in range(k // 32))


# a >> 5 is equal for 0 and 31, for 32 and 63, ...; b >> 6 for 0, 31, 32 and 63.
TIED = (0, 31, 32, 63, 64, 0x80000000, 0x8000001F, 0xFFFFFFC0, 0xFFFFFFFF)
SOME_TIED = tuple(range(0, 2**32, 2**26)) + TIED  # 73 values: the rules settle some walls


@pytest.mark.parametrize("values", [TIED, SOME_TIED], ids=["tied", "some-tied"])
@pytest.mark.parametrize("width, height", [(2, 2), (3, 5), (7, 4), (1, 9), (9, 1), (16, 12)])
def test_ties_in_keys_and_prefixes_leave_the_maze_as_the_plain_algorithm_carves_it(values, width, height):
    for seed in range(8):
        kernel = kruskal.carve_square(width, height, FewWords(seed, values))
        plain = kruskal.carve_graph(SquareGrid(width, height), FewWords(seed, values))
        assert kernel == plain, f"seed {seed}"


def test_the_tied_generator_does_tie_keys():
    rng = FewWords(1, TIED)
    keys = [rng.random() for _ in range(200)]
    assert len(set(keys)) <= 24  # of 200: six first-word parts times four second-word ones


@pytest.mark.parametrize("width, height", [(64, 48), (120, 3), (3, 120), (200, 150)])
def test_larger_mazes_match_the_plain_algorithm(width, height):
    for seed in range(3):
        kernel = kruskal.carve_square(width, height, random.Random(seed))
        plain = kruskal.carve_graph(SquareGrid(width, height), random.Random(seed))
        assert kernel == plain, f"seed {seed}"


def test_the_kernel_draws_exactly_the_words_the_plain_algorithm_draws():
    fast, plain = random.Random(5), random.Random(5)
    kruskal.carve_square(30, 20, fast)
    kruskal.carve_graph(SquareGrid(30, 20), plain)
    assert fast.getstate() == plain.getstate()  # a braid draws on after the carving


@pytest.mark.parametrize("band", [1, 7, 16, 40])
@pytest.mark.parametrize("values", [TIED, SOME_TIED], ids=["tied", "some-tied"])
def test_the_rules_run_in_bands_of_rows_with_the_same_answers(monkeypatch, band, values):
    """The lane rules look one row up and one down: run a band at a time (here a band of
    one row, or a few), they settle the same walls as on the whole grid."""
    monkeypatch.setattr(kruskal, "BAND_CELLS", band)
    for width, height in [(5, 9), (16, 12), (1, 6), (7, 1)]:
        for seed in range(4):
            kernel = kruskal.carve_square(width, height, FewWords(seed, values))
            plain = kruskal.carve_graph(SquareGrid(width, height), FewWords(seed, values))
            assert kernel == plain, f"{width}x{height} seed {seed}"
    whole = kruskal.carve_square(40, 30, random.Random(5))
    monkeypatch.setattr(kruskal, "BAND_CELLS", 1 << 16)
    assert whole == kruskal.carve_square(40, 30, random.Random(5))
