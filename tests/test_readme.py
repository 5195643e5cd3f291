"""The README tells the truth: it opens with the name, one sentence and the two
commands; every file it names exists; its quick tour runs as written; the defaults,
units and speed-ups it quotes are the code's and the benchmarks'; and the test count
it quotes is the count pytest collects."""

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
    named = set(
        re.findall(
            r"(?<![\w/.-])((?:configs|tests|benchmarks|docs|bookmaker|fonts)"
            r"/[\w./-]*\.[a-z]+)\b",
            README,
        )
    )
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
        run = subprocess.run(
            f"{env_path} {bookmaker}{line.removeprefix('bookmaker')}",
            shell=True,
            cwd=tmp_path,
            capture_output=True,
            encoding="utf-8",
        )
        assert run.returncode == 0, f"{line}\n{run.stdout}{run.stderr}"


def test_the_test_count_it_quotes_is_true(request):
    options = request.config.option
    if (
        request.config.args not in ([], [str(ROOT)], [str(ROOT / "tests")], ["tests"])
        or options.keyword
        or options.markexpr
    ):
        pytest.skip("only a run of the whole suite knows its count")
    quoted = re.search(r"\(([\d,]+) tests, about", README)
    assert quoted, "the Tests section quotes the count"
    assert int(quoted.group(1).replace(",", "")) == len(request.session.items)


def section(heading: str) -> str:
    """The README's text under ``heading`` (a whole heading line), up to the next heading."""
    return re.split(r"\n#+ ", README.split(f"\n{heading}\n", 1)[1], maxsplit=1)[0]


def test_the_algorithm_table_quotes_every_options_declared_default():
    from bookmaker.maze import ALGORITHMS

    rows = [
        line.split(" | ")
        for line in section("### `algorithm` and `options`").splitlines()
        if line.startswith("| `")
    ]
    quoted = {
        row[0].strip("| `"): set(re.findall(r"(?:^|; )`(\w+)` \(`?([^)`]+)`?\)", row[2])) for row in rows
    }
    assert sorted(quoted) == sorted(ALGORITHMS)
    for name, algorithm in ALGORITHMS.items():
        declared = {
            (option.name, f"{option.default:g}" if isinstance(option.default, float) else str(option.default))
            for option in algorithm.declared
        }
        assert quoted[name] == declared, name


def test_it_says_a_bare_page_size_is_in_inches_as_bookmaker_reads_it():
    from bookmaker.profiles import parse_size

    [bullet] = [
        item for item in section("## Writing values").split("\n- ") if item.startswith("**Page sizes**")
    ]
    assert "bare\n  numbers are inches" in bullet
    bare = re.findall(r"`(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)`", bullet + section("## `page`"))
    assert ("6.14", "9.21") in bare
    for width, height in bare:
        assert parse_size(f"{width}x{height}") == pytest.approx((float(width) * 72, float(height) * 72))
    [row] = [line for line in README.splitlines() if line.startswith("| `page.size` |")]
    assert "in inches unless a unit follows" in row


def test_the_jobs_advice_quotes_the_measured_figures():
    results = (ROOT / "benchmarks" / "BOOK_RESULTS.md").read_text(encoding="utf-8")
    sample = dict(re.findall(r"^\| `--jobs (\d)`, load [\d.]+ \| ([\d.]+ s) \|", results, re.M))
    big = {
        jobs: (build, speedup)
        for jobs, build, speedup in re.findall(r"^\| (\d) \| ([\d.]+ s) \| \**([\d.]+x)\** \|", results, re.M)
    }
    assert set(sample) == set(big) == {"1", "2"}
    [advice] = [
        line
        for line in section("## Troubleshooting").splitlines()
        if line.startswith("| A build feels slow |")
    ]
    assert f"{big['2'][1]} faster with `--jobs 2`" in advice
    assert f"({big['2'][0]} against {big['1'][0]})" in advice
    # the sample book built slower with two processes, and the advice says so
    assert float(sample["2"].split()[0]) > float(sample["1"].split()[0])
    assert f"took {sample['2']} with `--jobs 2` against {sample['1']} with `--jobs 1`" in advice
