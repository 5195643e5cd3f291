"""One policy for -o across the commands: a missing folder is created, with its parents,
and stderr says so; a file standing where a folder should be is a one-line error naming
it, exit 2, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[1]
CONFIG = """\
title: Folders
cover: {}
profile: kdp
sections:
  - {title: A, size: 4x4, count: 2}
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("book")
    (folder / "book.yaml").write_text(CONFIG, encoding="utf-8")
    assert in_process("build", "book.yaml", "-o", "made/book.pdf", "--quiet", cwd=folder).returncode == 0
    return folder


# command line, with TARGET where the -o path goes; the file it writes there
COMMANDS = {
    "build": (["build", "{book}/book.yaml", "-o", "TARGET/b.pdf", "--quiet"], "b.pdf"),
    "cover": (["cover", "{book}/book.yaml", "-o", "TARGET/c.pdf"], "c.pdf"),
    "maze": (["maze", "--size", "3x3", "-o", "TARGET/m.png"], "m.png"),
    "preview": (
        ["preview", "{book}/made/book.pdf", "--pages", "1", "--dpi", "20", "-o", "TARGET"],
        "book-p001.png",
    ),
    "init": (["init", "TARGET/new.yaml"], "new.yaml"),
}


def command(name: str, book: Path, target: Path) -> list[str]:
    args, _ = COMMANDS[name]
    return [arg.replace("{book}", str(book)).replace("TARGET", str(target)) for arg in args]


# One worker of a parallel run takes every test of the book, which is then built once.
@pytest.mark.xdist_group("output_folders_book")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_missing_folder_is_created_and_said(tmp_path, book, name):
    target = tmp_path / "new" / "deeper"
    run_ = in_process(*command(name, book, target), cwd=tmp_path)
    assert run_.returncode == 0, run_.stderr
    assert (target / COMMANDS[name][1]).is_file()
    assert f"bookmaker: created the folder {target}" in run_.stderr.splitlines()


@pytest.mark.xdist_group("output_folders_book")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_file_in_place_of_the_folder_is_named(tmp_path, book, name):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder", encoding="utf-8")
    run_ = in_process(*command(name, book, blocker / "sub"), cwd=tmp_path)
    assert run_.returncode == 2
    [line] = run_.stderr.splitlines()
    assert line.startswith("bookmaker: error: cannot write ") and line.endswith(
        f"{blocker} is a file, not a folder"
    )
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]
