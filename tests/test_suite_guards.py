"""The suite itself: a hang fails instead of stalling, Hypothesis keeps its examples in this
run's own folder with no per-example deadline, and the CLI's documented commands exist."""

from __future__ import annotations

import importlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import settings
from typer.testing import CliRunner

from bookmaker.cli import app

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent


# --- a hang is a failure -------------------------------------------------------------------


def test_the_configured_per_test_timeout_is_in_force(pytestconfig):
    assert pytestconfig.pluginmanager.hasplugin("timeout"), "pytest-timeout is not installed"
    limit = float(pytestconfig.getini("timeout"))
    # Generous, so no honest test on a busy machine trips it; finite, so a hang ends.
    assert 60 <= limit <= 1200, limit


def test_a_test_that_never_ends_fails_with_a_timeout(tmp_path):
    (tmp_path / "test_forever.py").write_text(
        "def test_waits_for_an_event_that_never_comes():\n    while True:\n        pass\n", encoding="utf-8"
    )
    # The suite's own settings (pyproject.toml), with the limit cut to half a second.
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-c",
            str(ROOT / "pyproject.toml"),
            "--rootdir",
            str(tmp_path),
            "-o",
            "timeout=0.5",
            str(tmp_path / "test_forever.py"),
        ],
        capture_output=True,
        encoding="utf-8",
        cwd=tmp_path,
        timeout=120,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Timeout" in run.stdout and "1 failed" in run.stdout, run.stdout


# --- Hypothesis: this run's own database, no deadline ------------------------------------


def conftest_home() -> str:
    """Where tests/conftest.py puts Hypothesis's files in a fresh process."""
    return subprocess.run(
        [sys.executable, "-c", "import tests.conftest as c; print(c.HYPOTHESIS_HOME)"],
        capture_output=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    ).stdout.strip()


def test_hypothesis_keeps_its_examples_in_this_runs_own_temporary_folder():
    database = Path(settings().database.path).resolve()
    temp = Path(tempfile.gettempdir()).resolve()
    assert database.is_relative_to(temp) and not database.is_relative_to(ROOT), database
    # Two runs at once (two checkouts on one machine) get two folders, not one shared path.
    first, second = conftest_home(), conftest_home()
    for made in (first, second):  # the two processes ended without cleaning up
        shutil.rmtree(made, ignore_errors=True)
    assert first != second
    assert database.parent != Path(first).resolve()


def property_tests():
    """Every Hypothesis test of the suite, as (module, name, settings in force)."""
    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        module = importlib.import_module(f"tests.{path.stem}")
        for name, value in vars(module).items():
            if name.startswith("test_") and getattr(value, "is_hypothesis_test", False):
                # @given keeps the settings it runs with on the wrapper (its own @settings,
                # or the profile's as they were when the module was imported)
                found.append((path.stem, name, value._hypothesis_internal_use_settings))
    return found


def test_no_property_test_has_a_per_example_deadline():
    assert settings().deadline is None
    found = property_tests()
    # every @given of the suite was found, so none escapes the check
    written = sum(
        len(re.findall(r"^@given\(", path.read_text(encoding="utf-8"), re.MULTILINE))
        for path in TESTS.glob("test_*.py")
    )
    assert len(found) == written >= 20
    timed = [
        f"{module}::{name} ({chosen.deadline})"
        for module, name, chosen in found
        if chosen.deadline is not None
    ]
    assert timed == [], f"property tests with a deadline on a shared machine: {timed}"


# --- the CLI's commands exist ----------------------------------------------------------------


def documented_commands() -> list[str]:
    """The verbs of the docs' commands page, one heading each: ## `bookmaker VERB`"""
    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"^## `bookmaker ([a-z]+)`$", text, flags=re.MULTILINE)))


def test_every_documented_command_is_registered_and_answers_help():
    verbs = documented_commands()
    assert {"build", "cover", "validate", "init", "schema", "maze", "algorithms", "check", "preview"} <= set(
        verbs
    ), verbs
    registered = {command.name for command in app.registered_commands}
    assert set(verbs) <= registered, f"documented but missing: {set(verbs) - registered}"
    runner = CliRunner()
    for verb in verbs:
        result = runner.invoke(app, [verb, "--help"])
        assert result.exit_code == 0, (verb, result.output)
        assert f"bookmaker {verb}" in result.output, verb
