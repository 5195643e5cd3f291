"""The README and the pages it leads to tell the truth: it opens with the name, one
sentence and the two commands; it stays short; every file it or the docs name exists and
every link it holds resolves; its config builds and its quick tour runs as written; the
defaults, units and speed-ups the docs quote are the code's and the benchmarks'."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"


def doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def test_it_opens_with_the_name_one_sentence_and_the_two_commands():
    title, blank, sentence, blank_again, fence, book, test, *_ = README.splitlines()
    assert (title, blank, blank_again, fence) == ("# bookmaker", "", "", "```sh")
    assert sentence.endswith(".") and sentence.count(". ") == 0
    assert book.startswith("make book ") and test.startswith("make test ")


def test_it_stays_a_short_front_door():
    assert len(README.splitlines()) <= 200


@pytest.mark.parametrize("name", ["README.md", *sorted(str(p.relative_to(ROOT)) for p in DOCS.rglob("*.md"))])
def test_every_file_it_names_exists(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    assert "DESIGN.md" not in text  # the design notes live in docs/design.md
    named = set(
        re.findall(
            r"(?<![\w/.-])((?:configs|tests|benchmarks|docs|bookmaker|fonts)"
            r"/[\w./-]*\.[a-z]+)\b",
            text,
        )
    )
    assert sorted(path for path in named if not (ROOT / path).exists()) == []


def test_the_readme_and_docs_name_files_of_the_checkout():
    """Guards the test above against a pattern that finds nothing."""
    named = re.findall(r"(?<![\w/.-])((?:configs|tests|benchmarks|docs)/[\w./-]*\.[a-z]+)\b", README)
    assert len(set(named)) > 15


def test_every_relative_link_in_it_resolves_to_a_file():
    code_free = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", README, flags=re.S))
    targets = re.findall(r"\]\(([^)\s]+)\)", code_free)
    relative = [target for target in targets if not re.match(r"[a-z]+:", target)]
    assert len(relative) > 15
    assert [target for target in relative if not (ROOT / target.split("#", 1)[0]).is_file()] == []


def test_its_config_is_a_dozen_lines_that_validate(tmp_path):
    [config] = re.findall(r"```yaml\n(.*?)```", README, re.S)
    assert len(config.splitlines()) <= 13
    (tmp_path / "book.yaml").write_text(config, encoding="utf-8")
    run = in_process("validate", "book.yaml", cwd=tmp_path)
    assert run.returncode == 0, run.stderr


def quick_tour() -> list[str]:
    tour = README.split("## A quick tour", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in tour.splitlines() if line.strip()]


def test_the_quick_tour_runs_as_written(tmp_path):
    # Each line as the shell splits it, through the CLI's entry point in this process (a
    # process of its own per line would add only Python's start, 13 times); the one
    # redirection the tour shows, `> FILE`, writes the command's output where the shell would.
    lines = quick_tour()
    assert len(lines) >= 10 and all(line.startswith("bookmaker ") for line in lines)
    for line in lines:
        command, _, redirect = line.partition(">")
        bookmaker, *args = shlex.split(command)
        run = in_process(*args, cwd=tmp_path)
        assert run.returncode == 0, f"{line}\n{run.stdout}{run.stderr}"
        if redirect:
            [target] = shlex.split(redirect)
            (tmp_path / target).write_text(run.stdout, encoding="utf-8")
    schema = json.loads((tmp_path / "bookmaker.schema.json").read_text(encoding="utf-8"))
    assert schema["type"] == "object"


def section(page: str, heading: str) -> str:
    """The text of the docs ``page`` under ``heading`` (a whole heading line), up to the next heading."""
    return re.split(r"\n#+ ", doc(page).split(f"\n{heading}\n", 1)[1], maxsplit=1)[0]


def test_the_algorithm_table_quotes_every_options_declared_default():
    from bookmaker.maze import ALGORITHMS

    rows = [
        line.split(" | ")
        for line in section("algorithms.md", "## The generators and their options").splitlines()
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
        item
        for item in section("config.md", "## Writing values").split("\n- ")
        if item.startswith("**Page sizes**")
    ]
    assert "bare\n  numbers are inches" in bullet
    bare = re.findall(r"`(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)`", bullet + section("config.md", "## `page`"))
    assert ("6.14", "9.21") in bare
    for width, height in bare:
        assert parse_size(f"{width}x{height}") == pytest.approx((float(width) * 72, float(height) * 72))
    [row] = [line for line in doc("config.md").splitlines() if line.startswith("| `page.size` |")]
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
        line for line in doc("troubleshooting.md").splitlines() if line.startswith("| A build feels slow |")
    ]
    assert f"{big['2'][1]} faster with `--jobs 2`" in advice
    assert f"({big['2'][0]} against {big['1'][0]})" in advice
    # the sample book built slower with two processes, and the advice says so
    assert float(sample["2"].split()[0]) > float(sample["1"].split()[0])
    assert f"took {sample['2']} with `--jobs 2` against {sample['1']} with `--jobs 1`" in advice
