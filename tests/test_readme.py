"""The README tells the truth: it opens with the name, one sentence and the two
commands; every file it names exists; its quick tour runs as written; and the test
count it quotes is the count pytest collects."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_it_opens_with_the_name_one_sentence_and_the_two_commands():
    title, blank, sentence, blank_again, fence, book, test, *_ = README.splitlines()
    assert (title, blank, blank_again, fence) == ("# bookmaker", "", "", "```sh")
    assert sentence.endswith(".") and sentence.count(". ") == 0
    assert book.startswith("make book ") and test.startswith("make test ")


def test_every_file_it_names_exists():
    assert "DESIGN.md" not in README  # the design notes are not in this repository
    named = set(re.findall(r"(?<![\w/.-])((?:configs|tests|benchmarks|docs|bookmaker|fonts)"
                           r"/[\w./-]*\.[a-z]+)\b", README))
    assert len(named) > 20
    assert sorted(path for path in named if not (ROOT / path).exists()) == []


def quick_tour() -> list[str]:
    tour = README.split("## A quick tour", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in tour.splitlines() if line.strip()]


def test_the_quick_tour_runs_as_written(tmp_path):
    bookmaker = f"{shlex.quote(sys.executable)} -m bookmaker"
    env_path = f"PYTHONPATH={shlex.quote(str(ROOT))}"
    lines = quick_tour()
    assert len(lines) >= 10 and all(line.startswith("bookmaker ") for line in lines)
    for line in lines:
        run = subprocess.run(f"{env_path} {bookmaker}{line.removeprefix('bookmaker')}",
                             shell=True, cwd=tmp_path, capture_output=True, encoding="utf-8")
        assert run.returncode == 0, f"{line}\n{run.stdout}{run.stderr}"


def test_the_test_count_it_quotes_is_true(request):
    options = request.config.option
    if request.config.args not in ([], [str(ROOT)], [str(ROOT / "tests")], ["tests"]) \
            or options.keyword or options.markexpr:
        pytest.skip("only a run of the whole suite knows its count")
    quoted = re.search(r"\(([\d,]+) tests, about", README)
    assert quoted, "the Tests section quotes the count"
    assert int(quoted.group(1).replace(",", "")) == len(request.session.items)
