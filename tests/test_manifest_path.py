"""The manifest names its config the same way however the path was typed: relative to
the working folder when the config lies inside it, else absolute."""

from __future__ import annotations

import json
from pathlib import Path

from tests.command_line import in_process

# The smallest book: how the manifest names its config has nothing to do with what it holds.
BOOK = """\
title: Path
front_matter: {title_page: false, how_to: false, contents: false}
answer_key: {enabled: false}
sections:
  - {title: A, size: 3x3, count: 1}
"""


def manifest_config(config: str, cwd: Path, out: Path) -> str:
    run = in_process("build", config, "-o", str(out), "--quiet", cwd=cwd)
    assert run.returncode == 0, run.stderr
    return json.loads(out.with_name(f"{out.stem}.manifest.json").read_text())["config"]


def test_the_config_path_does_not_depend_on_how_it_was_typed(tmp_path):
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "mine.yaml").write_text(BOOK, encoding="utf-8")
    named = {
        manifest_config(typed, tmp_path, tmp_path / f"{index}.pdf")
        for index, typed in enumerate(
            [
                "books/mine.yaml",
                "./books/mine.yaml",
                "books/../books/mine.yaml",
                str(tmp_path / "books" / "mine.yaml"),
            ]
        )
    }
    assert named == {"books/mine.yaml"}
    # outside the working folder: absolute
    inside = tmp_path / "books"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert (
        manifest_config(str(inside / "mine.yaml"), elsewhere, tmp_path / "y.pdf")
        == (inside / "mine.yaml").as_posix()
    )
