"""One record per output format (``bookmaker.render.export.FORMATS``) is all bookmaker needs
to know of a format: a record added there is written, chosen by --format and by -o's
suffix, and placed (stdout, a shared file, or a file each) with no other change."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from bookmaker.maze import generate
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import with_endpoints
from bookmaker.render.export import (
    FORMATS,
    OutputFormat,
    Rendering,
    default_format,
    export,
    format_of_suffix,
)
from tests.command_line import in_process
from tests.package_source import PACKAGE, modules, parsed


@pytest.mark.parametrize("name", FORMATS)
def test_every_record_is_complete_and_its_writer_makes_the_file(name):
    record = FORMATS[name]
    assert record.name == name
    assert record.suffixes and all(s == s.lower() and "." not in s for s in record.suffixes)
    assert all(
        getattr(record, field.name) is not None
        for field in dataclasses.fields(record)
        if field.name != "join"
    )
    maze = with_endpoints(generate("wilson", 5, 4, 3), "border")
    data = export(maze, name, solution=True)
    assert data
    try:
        data.decode("utf-8")
        text = True
    except UnicodeDecodeError:
        text = False
    assert text is not record.binary, f"{name}: binary is {record.binary}, but it wrote {data[:20]!r}"
    cell = record.default_cell(maze.topology)
    assert cell > 0
    record.check_cell(maze.topology, cell)  # its own default is a size it can make


def test_each_suffix_asks_for_one_format():
    owners: dict[str, list[str]] = {}
    for record in FORMATS.values():
        for suffix in record.suffixes:
            owners.setdefault(suffix, []).append(record.name)
    assert {suffix: names for suffix, names in owners.items() if len(names) > 1} == {}
    assert format_of_suffix("TXT") is FORMATS["ascii"]
    assert format_of_suffix("gif") is None


def test_some_default_format_draws_every_shape():
    assert default_format(make_topology("square", (4, 4))).name == "ascii"
    for shape, size in (("hex", (4, 4)), ("triangle", (4, 4))):
        assert default_format(make_topology(shape, size)).name == "svg"
    assert default_format(make_topology("polar", rings=3)).name == "svg"


def _words(maze, how: Rendering, stopwatch) -> bytes:
    return f"a maze of {maze.topology.cells} cells, seed {maze.seed}\n".encode()


WORDS = OutputFormat(
    name="words",
    suffixes=("wrd",),
    write=_words,
    refuses=lambda topology: None,
    binary=False,
    join=None,
    pages=False,
    default=False,
    default_cell=lambda topology: 1.0,
    check_cell=lambda topology, cell: None,
)


def _maze(args):
    """`bookmaker maze ARGS` in this process (tests/command_line.py): -> (code, stdout, stderr)."""
    run = in_process("maze", *args, cwd=Path.cwd())
    return run.returncode, run.stdout, run.stderr


def test_a_format_added_to_the_registry_is_all_bookmaker_maze_needs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(FORMATS, WORDS.name, WORDS)
    size = ["--size", "3x2", "--seed", "4"]
    assert _maze([*size, "--format", "words"]) == (0, "a maze of 6 cells, seed 4\n", "")
    assert _maze([*size, "-o", "m.wrd"]) == (0, "m.wrd\n", "")
    assert (tmp_path / "m.wrd").read_text() == "a maze of 6 cells, seed 4\n"
    # join=None: a file each, named as every such format's files are
    assert _maze([*size, "--count", "2", "-o", "n.WRD"]) == (0, "n-1.WRD\nn-2.WRD\n", "")
    assert (tmp_path / "n-2.WRD").read_text() == "a maze of 6 cells, seed 5\n"
    code, _, err = _maze([*size, "--count", "2", "--format", "words"])
    assert (code, err) == (
        2,
        "bookmaker: error: --count 2 with --format words needs -o FILE.wrd (writes FILE-1.wrd ... "
        "FILE-2.wrd)\n",
    )
    code, _, err = _maze([*size, "-o", "m.gif"])
    assert code == 2 and ".wrd" in err and err.count("\n") == 1
    code, _, err = _maze([*size, "--format", "gif"])
    assert code == 2 and "words" in err


FORMAT_NAMES = set(FORMATS)


def _names_a_format(node: ast.AST) -> bool:
    """A comparison with a format's name (``fmt == "svg"``, ``fmt in ("png", "pdf")``) or a
    table keyed by one (``{"svg": 20.0}``): code that knows a format outside its record."""
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        items = [
            e
            for side in sides
            for e in (side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side])
        ]
    elif isinstance(node, ast.Dict):
        items = [key for key in node.keys if key is not None]
    else:
        return False
    return any(isinstance(item, ast.Constant) and item.value in FORMAT_NAMES for item in items)


@pytest.mark.xdist_group("package_source")
def test_no_code_asks_which_format_it_is_writing():
    found = []
    for path in modules():
        for node in ast.walk(parsed(path)):
            if _names_a_format(node):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert found == [], "ask the format's record (render/export.py FORMATS) instead:\n" + "\n".join(found)
