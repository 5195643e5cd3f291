"""What a newcomer meets first on the command line: help that shows what a flag takes, a
sample written under its own name, a build into a folder, a hint when a cover is checked
as an interior, and Ctrl-C that says in one line what it left. Help and Ctrl-C run the
real command in a process of its own (a terminal's width, a signal to the process group);
the rest run it through the same entry point in the test's process (``in_process``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("init", "validate", "build", "cover", "maze", "algorithms", "schema", "check", "preview")
SMALL_BOOK = """\
title: First Steps
profile: kdp
cover: {}
sections:
  - {title: A, size: 5x5, count: 2}
"""


def env() -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"},
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "120",
    }


def run(*args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bookmaker", *map(str, args)],
        cwd=cwd,
        env=env(),
        capture_output=True,
        encoding="utf-8",
        timeout=300,
    )


def refused(result: subprocess.CompletedProcess) -> str:
    """The one line of a refusal: exit 2, nothing on stdout, no traceback."""
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert result.stderr.startswith("bookmaker: error: ") and result.stderr.count("\n") == 1
    return result.stderr


# --- help --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_shows_no_type_after_a_plain_flag(tmp_path, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "120")  # as env() gives a process: rows wide enough to hold a flag's text
    result = in_process(*([command] if command else []), "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [row] = [line for line in result.stdout.splitlines() if " --help " in line]
    assert row.split("--help", 1)[1].strip(" │").startswith("Show this message and exit.")
    assert "<bool>" not in result.stdout


# --- init --example ----------------------------------------------------------------------


def test_init_example_without_a_path_writes_the_sample_under_its_own_name(tmp_path):
    result = in_process("init", "--example", "shapes", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote shapes.yaml;")
    assert [p.name for p in tmp_path.iterdir()] == ["shapes.yaml"]
    assert (tmp_path / "shapes.yaml").read_bytes() == (ROOT / "configs/shapes.yaml").read_bytes()
    assert in_process("init", cwd=tmp_path).stdout.startswith("wrote book.yaml;")  # the starter's name


@pytest.mark.parametrize("name", ["Shapes", "shapes.yaml", "configs/shapes.yaml", "shpes"])
def test_init_example_near_a_sample_name_asks_if_it_was_meant(tmp_path, name):
    error = refused(in_process("init", "--example", name, cwd=tmp_path))
    assert f"no example '{name}' (did you mean 'shapes'?); choose one of: " in error
    assert list(tmp_path.iterdir()) == []  # not even the folder configs/


# --- build -o DIR/ -----------------------------------------------------------------------


def test_build_into_a_folder_writes_the_config_name_in_it(tmp_path):
    (tmp_path / "first.yaml").write_text(SMALL_BOOK, encoding="utf-8")
    result = in_process("build", "first.yaml", "-o", "books/", "--quiet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "books/first.pdf",
        "books/first.cover.pdf",
        "books/first.manifest.json",
    ]
    assert sorted(p.name for p in (tmp_path / "books").iterdir()) == [
        "first.cover.pdf",
        "first.manifest.json",
        "first.pdf",
    ]
    # a folder that exists needs no slash; the cover alone goes in a folder the same way
    result = in_process("cover", "first.yaml", "-o", "books", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "books/first.cover.pdf\n"
    error = refused(in_process("build", "first.yaml", "-o", "nowhere", cwd=tmp_path))
    assert "-o nowhere: give a file name ending in .pdf, or a folder as nowhere/" in error


# --- check: a cover without --cover ------------------------------------------------------


def test_checking_a_cover_without_cover_suggests_cover(tmp_path):
    (tmp_path / "first.yaml").write_text(SMALL_BOOK, encoding="utf-8")
    assert in_process("build", "first.yaml", "-o", "first.pdf", "--quiet", cwd=tmp_path).returncode == 0
    result = in_process("check", "first.cover.pdf", "--profile", "kdp", cwd=tmp_path)
    assert result.returncode == 1 and "1 page; kdp needs 24 to 828 pages" in result.stdout
    assert result.stderr.splitlines() == [
        "bookmaker: note: first.cover.pdf is one page wider than tall, as a full-wrap cover is; "
        "check a cover with --cover --trim WxH (the interior's trim) and --pages N or "
        "--spine-width"
    ]
    interior = in_process("check", "first.pdf", "--profile", "kdp", cwd=tmp_path)
    assert interior.returncode == 0 and interior.stderr == ""
    as_cover = in_process(
        "check", "first.cover.pdf", "--profile", "kdp", "--cover", "--trim", "letter", cwd=tmp_path
    )  # the manifest beside it gives the spine
    assert as_cover.returncode == 0 and as_cover.stderr == "", as_cover.stdout


# --- Ctrl-C ------------------------------------------------------------------------------

BIG_BOOK = """\
title: Long to Build
profile: home
sections:
  - {title: Many, algorithm: wilson, size: 60x80, count: 400}
"""


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # gone already
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _start_then_interrupt(
    args: list[str], cwd: Path, started, module: str = "bookmaker"
) -> subprocess.CompletedProcess:
    """Run ``bookmaker ARGS`` (through ``module``), and once ``started(pid)`` holds, press
    Ctrl-C as a terminal does: SIGINT to the command's whole process group."""
    process = subprocess.Popen(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 240
    while not started(process.pid):
        assert process.poll() is None, "the command finished before it could be interrupted"
        assert time.monotonic() < deadline, "the command never got going"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


@pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or (os.cpu_count() or 1) < 2,
    reason="finds the build's workers in /proc; --jobs 2 needs two cores",
)
def test_ctrl_c_during_a_build_says_nothing_was_written_in_one_line(tmp_path):
    (tmp_path / "small.yaml").write_text(SMALL_BOOK, encoding="utf-8")
    (tmp_path / "big.yaml").write_text(BIG_BOOK, encoding="utf-8")
    assert in_process("build", "small.yaml", "-o", "out/book.pdf", "--quiet", cwd=tmp_path).returncode == 0
    earlier = {path.name: path.read_bytes() for path in (tmp_path / "out").iterdir()}
    # The workers making the mazes exist: the build is under way, in three processes (which
    # a busy machine would not start for --jobs 2: tests.always_spread starts them anyway).
    result = _start_then_interrupt(
        ["build", "big.yaml", "-o", "out/book.pdf", "--jobs", "2"],
        tmp_path,
        lambda pid: len(_children(pid)) >= 2,
        "tests.always_spread",
    )
    assert result.stderr == "bookmaker: interrupted; nothing written\n"  # no worker's traceback
    assert result.returncode == 130 and result.stdout == ""
    assert {path.name: path.read_bytes() for path in (tmp_path / "out").iterdir()} == earlier


def test_ctrl_c_between_mazes_names_what_was_written(tmp_path):
    def written() -> list[str]:
        # Whole files; a file being written is a hidden temporary one, renamed when whole.
        return sorted(
            (path.name for path in tmp_path.iterdir() if not path.name.startswith(".")),
            key=lambda name: int(name.removeprefix("m-").removesuffix(".png")),
        )

    result = _start_then_interrupt(
        ["maze", "--size", "150x150", "--count", "200", "--cell", "4", "-o", "m.png"],
        tmp_path,
        lambda pid: len(written()) >= 2,
    )
    names = written()
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]  # none left
    assert result.returncode == 130 and 2 <= len(names) < 200
    assert names == [f"m-{n}.png" for n in range(1, len(names) + 1)]
    assert result.stderr == (
        f"bookmaker: interrupted after writing {len(names)} files, the last m-{len(names)}.png\n"
    )
    printed = result.stdout.splitlines()  # each path once written (Ctrl-C may fall in between)
    assert printed == names[: len(printed)] and len(printed) >= len(names) - 1
