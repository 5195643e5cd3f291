"""`validate` passes exactly what `build` passes: every rule build applies before drawing runs
in validate too, through the same code (``bookmaker.prepare``), and both report every problem
at once as ``FILE:LINE: key: what is wrong, and what would work``.

The broken configs are ``tests/bad_configs/plan-*.yaml``: each loads fine as YAML and as a
Book, and fails only on a rule of the plan, the layout, the fonts or the typesetting; their
``# expect:`` lines (see test_bad_configs.py) pin each line, key and hint.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from unittest.mock import patch

import pytest

from bookmaker.build import build
from bookmaker.cli import main
from bookmaker.config import ConfigError
from bookmaker.layout import fonts
from bookmaker.prepare import prepare
from tests.test_bad_configs import CORPUS, expectations, problems_of

PLAN_CASES = sorted(CORPUS.glob("plan-*.yaml"))
SAMPLES = Path(__file__).resolve().parents[1] / "configs"
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<key>[a-z_]+(\[\d+\]|\.[a-z_]+)*): (?P<what>.+)$")


def run(capsys, *args: str) -> tuple[int, str, str]:
    """The command line, in this process: (exit code, stdout, stderr)."""
    with patch.object(sys, "argv", ["bookmaker", *args]), pytest.raises(SystemExit) as ended:
        main()
    out = capsys.readouterr()
    return ended.value.code, out.out, out.err


def assert_refused_alike(capsys, tmp_path: Path, config: Path, *extra: str, keyed: bool = True) -> list[str]:
    """validate and build both refuse ``config`` with the same lines, exit code 2, no
    traceback; build writes nothing and leaves an earlier book alone. Returns the lines, each
    naming a key unless ``keyed`` is false (a file that is not YAML has no keys to name)."""
    code, out, err = run(capsys, "validate", str(config), *extra)
    assert (code, out) == (2, ""), err
    lines = err.splitlines()
    assert lines and "Traceback" not in err
    earlier = tmp_path / "out" / "book.pdf"
    earlier.parent.mkdir()
    earlier.write_bytes(b"%PDF-1.4 the earlier book")
    code, out, err = run(capsys, "build", str(config), "-o", str(earlier), "--quiet", *extra)
    assert (code, out) == (2, "")
    assert err.splitlines() == lines
    assert earlier.read_bytes() == b"%PDF-1.4 the earlier book"
    assert [p.name for p in earlier.parent.iterdir()] == ["book.pdf"]
    for line in lines:
        assert LINE.match(line) or not keyed, line
        assert line.startswith(f"{config}:")
    return lines


def test_every_class_of_plan_problem_has_a_case():
    names = {path.stem for path in PLAN_CASES}
    assert {
        "plan-cells-too-fine",
        "plan-answer-key-slot",
        "plan-share-unreachable",
        "plan-pages-over-limit",
        "plan-worksheet-too-big",
        "plan-author-too-long",
        "plan-margin-under-printer-minimum",
        "plan-margins-leave-no-room",
        "plan-glyphs-missing",
        "plan-worksheet-glyphs",
        "plan-text-too-long",
        "plan-cover-text",
        "plan-cover-title-word",
        "plan-many-problems",
        "plan-slot-too-narrow",
    } <= names


@pytest.mark.parametrize("path", PLAN_CASES, ids=[p.stem for p in PLAN_CASES])
def test_validate_and_build_refuse_with_the_same_lines(capsys, tmp_path, path):
    lines = assert_refused_alike(capsys, tmp_path, path)
    assert lines == problems_of(path)  # the corpus's exact lines, keys and hints
    assert len(lines) == len(expectations(path))


@pytest.mark.parametrize("path", PLAN_CASES, ids=[p.stem for p in PLAN_CASES])
def test_each_line_says_what_would_work(path):
    hints = (
        "use a size up to about",
        "per_page",
        "lower it",
        "set at least",
        "narrow the",
        "at most",
        "shorten it",
        "use a font that has",
        "larger page.size",
    )
    for line in problems_of(path):
        assert any(hint in line for hint in hints), line
        said = line.replace(str(path), "")  # the words, not the folder the repository is in
        assert "preflight" not in said and "safe area" not in said


def test_the_python_api_raises_what_the_commands_print(tmp_path):
    path = CORPUS / "plan-many-problems.yaml"
    with pytest.raises(ConfigError) as built:
        build(path, tmp_path / "book.pdf")
    assert built.value.problems == problems_of(path)
    assert not list(tmp_path.iterdir())


def test_every_problem_of_one_config_is_reported_together():
    lines = problems_of(CORPUS / "plan-many-problems.yaml")
    keys = [LINE.match(line)["key"] for line in lines]
    # sections[2], once too big for six answers a page, has its answers go one a page.
    assert keys == [
        "title",
        "author",
        "page.margins.top",
        "sections",
        "sections[0].size",
        "sections[1].difficulty",
        "sections[1].min_solution_share",
    ]
    assert [int(LINE.match(line)["line"]) for line in lines] == sorted(
        int(LINE.match(line)["line"]) for line in lines
    )


def write(tmp_path: Path, text: str, name: str = "book.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_bundled_font_names_its_key_and_the_remedy(capsys, tmp_path, monkeypatch):
    missing = tmp_path / "gone" / "Andika-Regular.ttf"
    monkeypatch.setattr(fonts, "DEFAULT_REGULAR", missing)
    config = write(tmp_path, "title: T\nsections:\n  - {title: A, size: 4x4, count: 1}\n")
    lines = assert_refused_alike(capsys, tmp_path, config)
    assert lines == [
        f"{config}:1: font.regular: the bundled font Andika-Regular.ttf is missing (looked for "
        f"{missing}: No such file or directory); reinstall bookmaker, or name a TrueType file "
        "of your own as font.regular"
    ]


@pytest.mark.parametrize(
    "seed, words",
    [("9223372036854775808", "must be at most 9223372036854775807"), ("-1", "must be at least 0")],
)
def test_a_seed_from_the_command_line_meets_the_range_of_seed_in_yaml(capsys, tmp_path, seed, words):
    config = write(tmp_path, "title: T\nseed: 7\nsections:\n  - {title: A, size: 4x4, count: 1}\n")
    lines = assert_refused_alike(capsys, tmp_path, config, "--seed", seed)
    assert lines == [f"{config}:2: seed: {words}, got {seed} (given by --seed)"]


def test_a_seed_in_range_validates_and_builds_as_given(capsys, tmp_path):
    config = write(tmp_path, "title: T\nsections:\n  - {title: A, size: 4x4, count: 1}\n")
    code, out, _ = run(capsys, "validate", str(config), "--seed", str(2**63 - 1))
    assert code == 0 and out.startswith(f"{config}: ok")
    result = build(config, tmp_path / "book.pdf", seed=2**63 - 1)
    assert result.pdf.exists()


LONG_WORD = "Pneumonoultramicroscopicsilicovolcanoconiosisandthensomemore"


def test_text_that_is_too_wide_is_wrapped_or_shrunk_and_the_book_passes_preflight(tmp_path):
    # A word wider than the page breaks between its letters; an author's name a little too
    # wide for 14 pt shrinks; neither runs into the margin, so the build's preflight passes.
    config = write(
        tmp_path,
        f"""\
title: "Words {LONG_WORD}"
subtitle: "A subtitle with {LONG_WORD} in it"
author: "Bartholomew Montgomery-Featherstonehaugh Jr"
page: {{size: 5x8}}
front_matter:
  how_to_text: "Read {LONG_WORD} and {LONG_WORD} carefully."
sections:
  - title: "Section {LONG_WORD}"
    difficulty: Very Easy
    instructions: "Find {LONG_WORD} and the way out."
    size: 6x6
    count: 2
    per_page: 2
""",
    )
    prepare(config)  # validates
    result = build(config, tmp_path / "book.pdf")  # the build preflights its own PDF
    assert result.pages > 4


@pytest.mark.parametrize("name", ["default.yaml", "classroom.yaml", "lulu-6x9.yaml"])
def test_the_samples_validate(capsys, name):
    code, out, err = run(capsys, "validate", str(SAMPLES / name))
    assert code == 0 and err == "" and out.startswith(f"{SAMPLES / name}: ok (")
