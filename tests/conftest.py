"""What every test module shares: Hypothesis's profile and where it keeps its files, an
environment without SOURCE_DATE_EPOCH, and books built from YAML text or from the samples."""

from __future__ import annotations

import json
import shutil
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

if TYPE_CHECKING:
    from bookmaker.build import BuildResult

# Hypothesis keeps failing examples and its Unicode tables in .hypothesis/ under the
# working folder unless told otherwise. A folder of this run's own keeps them out of the
# checkout, and out of every other checkout's run on the same machine: a fixed path in the
# system's temp folder would be one database that every worktree writes and replays.
HYPOTHESIS_HOME = Path(tempfile.mkdtemp(prefix="bookmaker-hypothesis-"))
set_hypothesis_home_dir(HYPOTHESIS_HOME)
# Except the constants Hypothesis reads from every local module's source to draw from (about
# 0.7 s of CPU in each xdist worker, read afresh in every run otherwise): it files them by a
# hash of the source, so one folder can serve every run and checkout, and a changed module
# is read again. rmtree at the end removes the link, not the folder.
HYPOTHESIS_CONSTANTS = Path(tempfile.gettempdir()) / "bookmaker-hypothesis-constants"
HYPOTHESIS_CONSTANTS.mkdir(exist_ok=True)
(HYPOTHESIS_HOME / "constants").symlink_to(HYPOTHESIS_CONSTANTS, target_is_directory=True)

# Random, not derandomized: each run tries new examples, which is what finds the rare case.
# A failure prints its @reproduce_failure blob (print_blob), which replays it exactly on
# any machine. No deadline: on a machine shared with other builds an example's time says
# nothing about the code, and a deadline only turns a slow moment into a flaky failure
# (pytest-timeout, set in pyproject.toml, catches a test that truly hangs).
settings.register_profile(
    "bookmaker",
    print_blob=True,
    deadline=None,
    database=DirectoryBasedExampleDatabase(HYPOTHESIS_HOME / "examples"),
)
settings.load_profile("bookmaker")


def pytest_unconfigure(config) -> None:
    shutil.rmtree(HYPOTHESIS_HOME, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items) -> None:
    """Every test that reads a sample book runs on one xdist worker, the one that builds the
    samples for test_output_hashes.py and test_determinism.py: each worker built the
    samples it was handed tests for, most of them on both."""
    for item in items:
        if "sample_book" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("sample_books"))


@pytest.fixture(scope="session")
def sample_book(tmp_path_factory) -> Callable[[str], BuildResult]:
    """``sample_book("default")``: configs/default.yaml built once in this process, the way
    tests/output_hashes.py builds the samples, for every test that reads it; -> its
    BuildResult. Tests read what it wrote and never change it."""
    from tests.output_hashes import build_sample

    folder = tmp_path_factory.mktemp("samples")
    built: dict[str, BuildResult] = {}

    def sample_book(stem: str) -> BuildResult:
        if stem not in built:
            built[stem] = build_sample(folder, stem)
        return built[stem]

    return sample_book


@pytest.fixture(scope="session")
def sample_books(sample_book) -> dict[str, Path]:
    """Every sample config built (``sample_book``): config file name -> the folder holding
    what its build wrote."""
    from tests.output_hashes import sample_names

    return {name: sample_book(Path(name).stem).pdf.parent for name in sample_names()}


@pytest.fixture(autouse=True)
def _no_source_date_epoch(monkeypatch) -> None:
    """SOURCE_DATE_EPOCH from the shell that runs the suite would date every PDF and PNG the
    tests compare byte for byte; a test that wants it sets it itself."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)


@pytest.fixture(scope="session")
def build_book() -> Callable[..., tuple[Path, BuildResult, dict]]:
    """``build_book(folder, yaml_text, name="book")`` writes the dedented text to
    folder/<name>.yaml, builds folder/<name>.pdf and returns (config, result, manifest)."""
    from bookmaker.build import build

    def build_book(folder: Path, text: str, name: str = "book"):
        config = folder / f"{name}.yaml"
        config.write_text(textwrap.dedent(text), encoding="utf-8")
        result = build(config, folder / f"{name}.pdf")
        return config, result, json.loads(result.manifest.read_text(encoding="utf-8"))

    return build_book
