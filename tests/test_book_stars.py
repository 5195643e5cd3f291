"""Star ratings use the whole range across a book: its easiest maze gets 1 star, its hardest
5, on a scale fitted to the book's own difficulty scores, so a Very Easy section gets one
star. Checked by regenerating every maze from the manifest and scoring it again."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.maze.solve import measure, solution
from bookmaker.plan import difficulty_score

from .readback import maze_of

CONFIG = """\
title: From very easy to expert
seed: 14
answer_key: {enabled: false}
sections:
  - {title: First Steps, difficulty: Very Easy, size: 5x5, count: 4, per_page: 4}
  - {title: Warming Up, difficulty: Easy, size: 8x8, count: 4, per_page: 4}
  - {title: Getting There, difficulty: Medium, size: 12x12, count: 4, per_page: 2}
  - {title: Winding, difficulty: Hard, size: 18x18, count: 4, per_page: 2}
  - {title: The Long Haul, difficulty: Expert, size: 28x28, count: 4, per_page: 1}
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory, build_book):
    _, result, manifest = build_book(tmp_path_factory.mktemp("stars"), CONFIG, "stars")
    return result, manifest["mazes"]


def _score(record) -> float:
    maze = maze_of(record)
    return difficulty_score(measure(maze, solution(maze)))


def test_a_book_from_very_easy_to_expert_spans_one_to_five_stars(book):
    _, records = book
    stars = defaultdict(list)
    for record in records:
        stars[record["section"]].append(record["stars"])
    assert stars["First Steps"] == [1, 1, 1, 1]
    assert set(stars["The Long Haul"]) == {5}
    assert set(stars["Warming Up"]) <= {1, 2}
    assert {star for section in stars.values() for star in section} == {1, 2, 3, 4, 5}
    # Each section's opening page shows its mean, rounded: they climb 1 to 5.
    openers = [round(sum(s) / len(s)) for s in stars.values()]
    assert openers == sorted(openers) and (openers[0], openers[-1]) == (1, 5)


def test_stars_follow_the_score_across_the_whole_book(book):
    _, records = book
    rated = sorted((_score(record), record["stars"]) for record in records)
    assert [star for _, star in rated] == sorted(star for _, star in rated)
    assert (rated[0][1], rated[-1][1]) == (1, 5)
    # Equal scores, equal stars: the rating is the score's, never the maze's position.
    by_score = defaultdict(set)
    for score, star in rated:
        by_score[score].add(star)
    assert all(len(found) == 1 for found in by_score.values())


def test_a_book_without_its_extremes_still_spans_one_to_five_stars(tmp_path):
    # Without the Very Easy and Expert sections the scores span less, and the scale is
    # fitted to what is left: its easiest maze gets 1 star again, its hardest 5.
    config = tmp_path / "middle.yaml"
    config.write_text(
        "\n".join(line for line in CONFIG.splitlines() if "Very Easy" not in line and "Expert" not in line),
        encoding="utf-8",
    )
    records = json.loads(build(config, tmp_path / "middle.pdf").manifest.read_text(encoding="utf-8"))["mazes"]
    assert min(r["stars"] for r in records) == 1 and max(r["stars"] for r in records) == 5


def test_the_how_to_page_says_the_stars_compare_the_books_mazes(book):
    result, _ = book
    text = " ".join(PdfReader(result.pdf).pages[1].extract_text().split())
    assert "next to the other mazes in this book" in text
