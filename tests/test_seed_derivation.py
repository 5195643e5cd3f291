"""The seed of every printed maze, as the README promises it: the first 4 bytes of SHA-256 of
`bookmaker/1|<book seed>|<section id>|<index>`, `<section id>/copy-<k>` for worksheet copy
k, and `|<attempt>` appended on a min_solution_share retry.

Changing any of it changes every maze of every book already printed, so the expected
seeds are computed here with hashlib alone, and the ones of real books are written out.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import textwrap
from pathlib import Path

from bookmaker.build import build
from bookmaker.plan import maze_seed

ROOT = Path(__file__).resolve().parents[1]


def sha_seed(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big")


def _manifest(tmp_path: Path, config: Path) -> dict:
    return json.loads(build(config, tmp_path / "book.pdf").manifest.read_text(encoding="utf-8"))


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_seed_is_the_documented_hash():
    for book_seed, section_id, index, attempt in itertools.product(
        [0, 7, 2026, 2**32 - 1], ["easy", "getting-twisty", "maze/copy-3"], [0, 1, 99], [0, 1, 12]
    ):
        key = f"bookmaker/1|{book_seed}|{section_id}|{index}" + (f"|{attempt}" if attempt else "")
        assert maze_seed(book_seed, section_id, index, attempt) == sha_seed(key), key


def test_golden_seeds():
    # Worked out once with hashlib and written down, so a change to sha_seed above
    # cannot carry the product along with it.
    assert maze_seed(2026, "warm-up", 0) == 1377310986
    assert maze_seed(0, "easy", 0) == 888909863
    assert maze_seed(7, "getting-twisty", 3) == 67660192
    assert maze_seed(7, "getting-twisty", 3, attempt=1) == 1586280978
    assert maze_seed(2026, "cover", 0) == 1938267637


def test_the_default_books_manifest_keeps_its_seeds(sample_book):
    manifest = json.loads(sample_book("default").manifest.read_text(encoding="utf-8"))
    assert [(m["section"], m["seed"]) for m in manifest["mazes"]] == [
        ("Warm-up", 1377310986),
        ("Warm-up", 1592439931),
        ("Warm-up", 1170438756),
        ("Warm-up", 1778524245),
        ("Branching Out", 2079150916),
        ("Branching Out", 3135509395),
        ("Branching Out", 3069876574),
        ("Branching Out", 2913347810),
        ("The Long Way Round", 1106441838),
        ("The Long Way Round", 3094788363),
        ("The Long Way Round", 625503625),
        ("The Long Way Round", 4293503172),
    ]
    assert manifest["title_art"]["seed"] == 1938267637
    ids = {"Warm-up": "warm-up", "Branching Out": "branching-out", "The Long Way Round": "the-long-way-round"}
    indices: dict[str, int] = {}
    for record in manifest["mazes"]:
        index = indices[record["section"]] = indices.get(record["section"], -1) + 1
        assert record["seed"] == sha_seed(f"bookmaker/1|2026|{ids[record['section']]}|{index}")


def test_worksheet_copies_seed_with_their_copy_number(tmp_path):
    manifest = _manifest(
        tmp_path,
        _config(
            tmp_path,
            """
        title: Sheets
        seed: 9
        layout: worksheet
        worksheet: {copies: 2}
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Maze
            id: maze
            size: 6x6
            count: 2
    """,
        ),
    )
    seeds = [record["seed"] for record in manifest["mazes"]]
    assert seeds == [
        sha_seed(f"bookmaker/1|9|maze/copy-{copy}|{index}") for copy in (1, 2) for index in (0, 1)
    ]
    assert seeds == [1768949770, 1693334184, 73140169, 557691770]


def test_a_retry_appends_its_attempt(tmp_path):
    manifest = _manifest(
        tmp_path,
        _config(
            tmp_path,
            """
        title: Retries
        seed: 404
        front_matter: {title_page: false, how_to: false, contents: false}
        sections:
          - title: Long Paths
            algorithm: kruskal
            size: 8x8
            count: 4
            endpoints: border  # which seed meets the share depends on the endpoints
            min_solution_share: 0.45
    """,
        ),
    )
    # Mazes 1, 3 and 4 took the 8th, 9th and 3rd seed tried; maze 2 the first.
    attempts = [7, 0, 8, 2]
    assert [record["seed"] for record in manifest["mazes"]] == [
        sha_seed(f"bookmaker/1|404|long-paths|{index}" + (f"|{attempt}" if attempt else ""))
        for index, attempt in enumerate(attempts)
    ]
    assert [record["seed"] for record in manifest["mazes"]] == [3166774989, 3491759781, 841680059, 2992956097]
