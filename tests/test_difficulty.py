"""The difficulty score, the stars and the decision points against numbers worked out by
hand on tiny mazes drawn here; then difficulty ordering and min_solution_share, checked by
regenerating every printed maze from the seeds in the manifest and measuring it again."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from bookmaker.build import build
from bookmaker.maze import generate
from bookmaker.maze.model import Maze
from bookmaker.maze.solve import measure, solution, with_endpoints
from bookmaker.maze.topology import SquareGrid
from bookmaker.plan import StarScale, difficulty_score, maze_seed, stars

from .command_line import in_process
from .readback import maze_of

ROOT = Path(__file__).resolve().parent.parent
SEED = 404

CONFIG = f"""\
title: Difficulty
seed: {SEED}
front_matter: {{title_page: false, how_to: false, contents: false}}
answer_key: {{per_page: 12}}
sections:
  - title: Sorted
    id: sorted
    algorithm: wilson
    size: 8x8
    count: 12
    per_page: 12
    order: difficulty
  - title: Generated
    id: generated
    algorithm: wilson
    size: 8x8
    count: 12
    per_page: 12
  - title: Long Paths
    id: long-paths
    algorithm: kruskal
    size: 8x8
    count: 12
    per_page: 12
    min_solution_share: 0.45
  - title: Both
    id: both
    algorithm: prim
    size: 8x8
    count: 12
    per_page: 12
    order: difficulty
    min_solution_share: 0.33
"""


N, E, S, W = 1, 2, 4, 8  # docs/design.md's passage bits


def _square(width: int, height: int, cells: list[int], start: int | None, end: int | None) -> Maze:
    return Maze(SquareGrid(width, height), bytearray(cells), start=start, end=end)


def _scored(maze: Maze) -> tuple[int | None, int | None, int | None, int, int | None, float]:
    stats = measure(maze, solution(maze))
    return (
        stats.solution_length,
        stats.turns,
        stats.decision_points,
        stats.loops,
        stats.loops_on_route,
        difficulty_score(stats),
    )


# +---+---+---+
# | S     |   |     0 1 2
# +---+   +   +
# |   |       |     3 4 5
# +   +---+   +
# |           E     6 7 8
# +---+---+---+
TREE = [E, W | S, S, S, N | E, N | S | W, N | E, E | W, N | W]


def test_a_tree_scores_its_length_turns_and_choices():
    # Route 0 1 4 5 8: 5 cells; steps E S E S: 3 turns; only at 5 can the solver go two
    # ways (up to 2, down to 8): 1 decision point. Score 5 + 3 + 4 * 1 = 12.
    assert _scored(_square(3, 3, TREE, 0, 8)) == (5, 3, 1, 0, 0, 12)


def test_without_endpoints_the_score_is_the_longest_path():
    # The longest path runs 0 1 4 5 8 7 6 3: 8 cells, and a tree has no loops.
    stats = measure(_square(3, 3, TREE, None, None))
    assert (stats.longest_path, difficulty_score(stats)) == (8, 8)


def test_every_branch_off_the_route_is_a_decision_point():
    # +---+---+---+---+---+
    # | S                 E     0 1 2 3 4
    # +   +   +   +   +   +
    # |   |   |   |   |   |     5 6 7 8 9
    # +---+---+---+---+---+
    # The start already offers E or S, and 1, 2 and 3 each offer a way on or down: 4
    # decision points; the end's own branch is not a choice. Score 5 + 0 + 4 * 4 = 21.
    comb = [E | S, W | E | S, W | E | S, W | E | S, W | S] + [N] * 5
    maze = _square(5, 2, comb, 0, 4)
    assert _scored(maze) == (5, 0, 4, 0, 0, 21)
    assert (measure(maze).dead_ends, measure(maze).junctions) == (5, 3)


def test_a_loop_on_the_route_counts_like_a_choice():
    # +---+---+
    # | S     |     0 1
    # +   +   +
    # |     E       2 3
    # +---+---+
    # 4 passages, 4 cells: 1 loop, and the route (0 1 3 or 0 2 3: 3 cells, 1 turn) goes
    # round it; the start is the one choice. Score 3 + 1 + 4 * 1 + 4 * 1 = 12.
    ring = [E | S, W | S, N | E, N | W]
    assert _scored(_square(2, 2, ring, 0, 3)) == (3, 1, 1, 1, 1, 12)


def test_a_loop_off_the_route_adds_nothing():
    # +---+---+---+
    # | S         |     0 1 2
    # +   +   +   +
    # | E |       |     3 4 5
    # +---+---+---+
    # The loop 1 2 5 4 hangs off the start by a bridge; the route 0 3 is 2 cells with no
    # turn and one choice at the start. Score 2 + 0 + 4 * 1 = 6, the loop counted but free.
    lollipop = [E | S, W | E | S, W | S, N, N | E, N | W]
    assert _scored(_square(3, 2, lollipop, 0, 3)) == (2, 0, 1, 1, 0, 6)


def _snake(width: int, height: int) -> Maze:
    """One corridor through every cell, row by row, turning down at alternate ends."""
    cells = [0] * (width * height)
    path = [y * width + (x if y % 2 == 0 else width - 1 - x) for y in range(height) for x in range(width)]
    for a, b in pairwise(path):
        if b == a + 1:
            cells[a] |= E
            cells[b] |= W
        elif b == a - 1:
            cells[a] |= W
            cells[b] |= E
        else:
            cells[a] |= S
            cells[b] |= N
    return _square(width, height, cells, path[0], path[-1])


SNAKES = [  # (width, height, score): no branch, so only length and turns count
    (10, 8, 94),  # 80 cells + 2 turns at each of 7 drops
    (20, 8, 174),  # 160 + 14
    (20, 16, 350),  # 320 + 30
    (40, 16, 670),  # 640 + 30
]


@pytest.mark.parametrize("width, height, score", SNAKES)
def test_a_snake_scores_its_length_and_turns(width, height, score):
    # No branch anywhere: the solver never chooses, so only length and turns count.
    assert _scored(_snake(width, height)) == (width * height, 2 * (height - 1), 0, 0, 0, score)


def test_the_snakes_as_one_book_climb_the_star_scale():
    # The book's range, 94 to 670, is split into five bands of equal ratio:
    # (670 / 94) ** (1 / 5) = 1.4926, boundaries 140.3, 209.4, 312.6 and 466.6.
    scale = StarScale.fitted(score for _, _, score in SNAKES)
    assert [stars(score, scale) for _, _, score in SNAKES] == [1, 2, 4, 5]


def test_the_star_scale_is_fitted_to_the_book_and_exact_at_each_boundary():
    # 10 to 320 is five doublings: each star from 20, 40, 80 and 160 on, exactly there.
    scale = StarScale.fitted([10, 20, 40, 80, 160, 320])
    assert [stars(s, scale) for s in (0, 10, 19.99, 20, 39, 40, 79, 80, 159, 160, 320, 10**9)] == [
        1,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
        5,
    ]


def test_a_narrow_book_is_not_spread_over_every_star():
    # Under a quadrupling the range widens about its geometric middle to one: 100 and 200
    # (middle 141.4) span 70.7 to 282.8, boundaries 93.3, 123.1, 162.5 and 214.4.
    scale = StarScale.fitted([100, 200])
    assert [stars(100, scale), stars(200, scale)] == [2, 4]
    # One maze, or mazes that all score alike, get the middle rating.
    assert stars(57, StarScale.fitted([57])) == 3
    assert {stars(80, StarScale.fitted([80] * 12))} == {3}


def _score(maze) -> float:
    return difficulty_score(measure(maze, solution(maze)))


def _share(maze) -> float:
    return len(solution(maze)) / (maze.width * maze.height)


@pytest.fixture(scope="module")
def book(tmp_path_factory, build_book):
    return build_book(tmp_path_factory.mktemp("difficulty"), CONFIG, "difficulty")


def _section(manifest, title):
    records = [r for r in manifest["mazes"] if r["section"] == title]
    assert [r["number"] for r in records] == sorted(r["number"] for r in records)
    return records


def test_difficulty_order_prints_easiest_first(book):
    _, _, manifest = book
    records = _section(manifest, "Sorted")
    scores = [_score(maze_of(r)) for r in records]
    assert scores == sorted(scores)
    # The same mazes the section generates, only reordered, and the generation order
    # is not already sorted, so the ordering did something.
    generated = [maze_seed(SEED, "sorted", i) for i in range(12)]
    assert sorted(r["seed"] for r in records) == sorted(generated)
    generated_scores = [_score(with_endpoints(generate("wilson", 8, 8, s), "border")) for s in generated]
    assert generated_scores != sorted(generated_scores)
    # Ties keep generation order, so the order is reproducible.
    position = {seed: i for i, seed in enumerate(generated)}
    for (a, b), (score_a, score_b) in zip(pairwise(records), pairwise(scores), strict=True):
        if score_a == score_b:
            assert position[a["seed"]] < position[b["seed"]]
    # Stars follow the score, so they never go down either.
    assert [r["stars"] for r in records] == sorted(r["stars"] for r in records)


def test_generated_order_is_left_alone(book):
    _, _, manifest = book
    records = _section(manifest, "Generated")
    assert [r["seed"] for r in records] == [maze_seed(SEED, "generated", i) for i in range(12)]


@pytest.mark.parametrize("title, share", [("Long Paths", 0.45), ("Both", 0.33)])
def test_min_solution_share_is_met_by_every_maze(book, title, share):
    _, _, manifest = book
    records = _section(manifest, title)
    assert len(records) == 12
    for record in records:
        maze = maze_of(record)
        assert len(solution(maze)) == record["solution_length"]
        assert _share(maze) >= share, f"maze {record['number']}"
    # The demand bites: some first-choice seeds fall short and were replaced.
    slug = {"Long Paths": "long-paths", "Both": "both"}[title]
    first_choices = [maze_seed(SEED, slug, i) for i in range(12)]
    algorithm = records[0]["algorithm"]
    short = [
        s for s in first_choices if _share(with_endpoints(generate(algorithm, 8, 8, s), "border")) < share
    ]
    assert short, "every first seed already meets the share: the test proves nothing"
    assert not set(short) & {r["seed"] for r in records}
    if title == "Both":
        scores = [_score(maze_of(r)) for r in records]
        assert scores == sorted(scores)


def test_retries_are_deterministic(book, tmp_path, monkeypatch):
    import bookmaker.processes
    from tests.always_spread import ALWAYS_SPREAD

    config, result, manifest = book
    monkeypatch.setattr(bookmaker.processes, "WORTH_SPREADING", ALWAYS_SPREAD)  # retries in workers too
    again = build(config, tmp_path / "again.pdf", jobs=2)
    assert json.loads(again.manifest.read_text(encoding="utf-8"))["mazes"] == manifest["mazes"]
    assert again.pdf.read_bytes() == result.pdf.read_bytes()
    run = subprocess.run(
        [sys.executable, "-m", "bookmaker", "build", str(config), "-o", str(tmp_path / "cli.pdf"), "--quiet"],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    )
    from_cli = json.loads((tmp_path / "cli.manifest.json").read_text(encoding="utf-8"))
    assert from_cli["mazes"] == manifest["mazes"], run.stderr


def test_impossible_share_is_a_one_line_error_and_writes_nothing(tmp_path):
    config = tmp_path / "impossible.yaml"
    config.write_text(
        """\
title: Impossible
sections:
  - title: Easy
    size: 5x5
    count: 2
  - title: Straight Across
    algorithm: binary-tree
    size: 10x10
    count: 3
    endpoints: corners
    min_solution_share: 0.95
""",
        encoding="utf-8",
    )
    output = tmp_path / "out"
    run = in_process("build", config, "-o", output / "book.pdf", "--quiet", cwd=ROOT)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    line = lines[0]
    assert line.startswith(f"{config}:11: sections[1].min_solution_share: 0.95 not met")
    assert "0.95" in line and "binary-tree" in line and "10x10" in line
    assert not output.exists() or not any(output.iterdir())
    assert sorted(p.name for p in tmp_path.iterdir() if p != output) == ["impossible.yaml"]
