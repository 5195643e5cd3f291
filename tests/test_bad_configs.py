"""Every broken config in tests/bad_configs/ gives clean errors naming file, line and key.

Each corpus file starts with its expected problems, one comment line each:
    # expect: LINE KEY.PATH | words the message contains
(KEY.PATH is '-' for problems about the file as a whole). ``prepare``, the check
``validate`` and ``build`` share, must report exactly those problems, in that order, and
nothing else: the loader's (``plan-*.yaml`` load fine) and the plan's, fonts' and text's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bookmaker.config import ConfigError, load_book
from bookmaker.prepare import prepare
from tests.command_line import in_process

CORPUS = Path(__file__).parent / "bad_configs"
CASES = sorted(CORPUS.glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (\d+) (\S+) \| (.+)$")
ROOT = Path(__file__).parent.parent


def expectations(path: Path) -> list[tuple[int, str, str]]:
    text = path.read_bytes().decode("utf-8", errors="replace")
    found = [EXPECT.match(line) for line in text.splitlines()]
    return [(int(m[1]), m[2], m[3]) for m in found if m]


def problems_of(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        prepare(path)
    return caught.value.problems


def test_corpus_is_large_and_every_case_says_what_it_expects():
    assert len(CASES) >= 25
    for path in CASES:
        assert expectations(path), f"{path.name} has no '# expect:' line"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_bad_config_reports_exact_line_key_and_reason(path):
    problems = problems_of(path)
    expected = expectations(path)
    assert len(problems) == len(expected), "\n".join(problems)
    for problem, (line, key, words) in zip(problems, expected, strict=True):
        prefix = f"{path}:{line}: " if key == "-" else f"{path}:{line}: {key}: "
        assert problem.startswith(prefix), f"{problem!r} should start with {prefix!r}"
        assert words in problem
        assert "\n" not in problem


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_messages_are_plain_words_not_pydantic_jargon(path):
    for problem in problems_of(path):
        for jargon in (
            "Input should",
            "Value error",
            "errors.pydantic.dev",
            "Traceback",
            "extra_forbidden",
            "tag:yaml.org",
        ):
            assert jargon not in problem


def test_str_of_error_is_the_lines_and_cli_lines_are_unprefixed():
    error = pytest.raises(ConfigError, load_book, CORPUS / "many-problems.yaml").value
    assert str(error) == "\n".join(error.problems)
    assert error.lines() == error.problems


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bookmaker", *args],
        capture_output=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=120,
    )


def cli(name: str):
    """How a test runs `bookmaker` for the config ``name``: many-problems.yaml in a process of
    its own, which proves the real entry point prints no traceback; the others in this
    process, where the same code gives the same exit code and lines without Python's start."""
    return run_cli if name == "many-problems" else in_process


@pytest.mark.parametrize(
    "name", ["many-problems", "alias-bomb", "python-tag", "syntax-tab-indent", "font-not-truetype", "empty"]
)
def test_cli_validate_exits_2_with_the_same_lines_and_no_traceback(name, tmp_path):
    path = CORPUS / f"{name}.yaml"
    result = cli(name)("validate", str(path), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == problems_of(path)


def test_cli_validate_missing_file(tmp_path):
    result = in_process("validate", str(tmp_path / "nope.yaml"), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == f"{tmp_path / 'nope.yaml'}: no such file"


@pytest.mark.parametrize("name", ["many-problems", "unknown-algorithm", "duplicate-top-key"])
def test_failed_build_leaves_earlier_output_intact(tmp_path, name):
    config = tmp_path / f"{name}.yaml"
    shutil.copy(CORPUS / f"{name}.yaml", config)
    pdf = tmp_path / "book.pdf"
    manifest = tmp_path / "book.manifest.json"
    pdf.write_bytes(b"%PDF-1.4 earlier book")
    manifest.write_text('{"earlier": true}', encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    result = cli(name)("build", str(config), "-o", str(pdf), "--quiet", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0].startswith(f"{config}:")
    assert pdf.read_bytes() == b"%PDF-1.4 earlier book"
    assert manifest.read_text(encoding="utf-8") == '{"earlier": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == before
