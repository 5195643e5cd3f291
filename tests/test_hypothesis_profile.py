"""The Hypothesis profile of tests/conftest.py is the one in force."""

from __future__ import annotations

from pathlib import Path

from hypothesis import settings
from hypothesis.configuration import storage_directory

ROOT = Path(__file__).resolve().parents[1]


def test_failures_print_their_blob_and_files_stay_out_of_the_checkout():
    assert settings().print_blob
    for folder in (settings().database.path, storage_directory("unicode_data").path):
        assert not Path(folder).resolve().is_relative_to(ROOT), folder
