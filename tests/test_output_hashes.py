"""Refactors change no printed result: every sample book and `bookmaker maze` output
hashes as recorded in tests/fixtures/output_hashes.json (see tests/output_hashes.py)."""

from __future__ import annotations

import json

import pytest

from tests.output_hashes import FIXTURE, SHAPES_FIXTURE, book_hashes, maze_hashes, shape_cases

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _differences(recorded: dict[str, str], now: dict[str, str]) -> list[str]:
    return sorted(key for key in recorded.keys() | now.keys() if recorded.get(key) != now.get(key))


# with test_determinism.py on one worker of a parallel run, so the samples are built once
@pytest.mark.xdist_group("sample_books")
@pytest.mark.parametrize("kind", ["books", pytest.param("mazes", marks=pytest.mark.slow)])
def test_outputs_are_byte_identical_to_the_recorded_ones(kind, request):
    # the books built once per run, shared with tests/test_determinism.py
    now = book_hashes(request.getfixturevalue("sample_books")) if kind == "books" else maze_hashes()
    changed = _differences(RECORDED[kind], now)
    assert not changed, f"{len(changed)} outputs changed, e.g. {changed[:5]}"


def test_shape_and_mask_outputs_are_byte_identical_to_the_recorded_ones():
    recorded = json.loads(SHAPES_FIXTURE.read_text(encoding="utf-8"))
    changed = _differences(recorded, maze_hashes(shape_cases()))
    assert not changed, f"{len(changed)} outputs changed, e.g. {changed[:5]}"
