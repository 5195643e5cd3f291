"""`bookmaker maze` as a user runs it: its stdout, stderr, exit code and files; from a real
process where the process is what is tested, else through the same entry point in this one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bookmaker.maze import generate
from bookmaker.maze.solve import with_endpoints
from bookmaker.profiles import parse_size
from bookmaker.render.export import export
from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[1]


def run_in_a_process(*args, cwd) -> subprocess.CompletedProcess:
    """`bookmaker maze ARGS` as a user runs it: in a process of its own."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bookmaker", "maze", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=120,
    )


def run(*args, cwd) -> subprocess.CompletedProcess:
    """`bookmaker maze ARGS` in ``cwd``, in this process (``in_process``), output in bytes."""
    return in_process("maze", *args, cwd=cwd, text=False)


def ok(*args, cwd):
    result = run(*args, cwd=cwd)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def expected(fmt, name="wilson", size=(9, 7), seed=4, endpoints="border", solution=False, cell=None):
    """What the command should write; a pdf is a letter sheet unless told otherwise."""
    maze = with_endpoints(generate(name, *size, seed), endpoints)
    page = parse_size("letter") if fmt == "pdf" else None
    return export(maze, fmt, solution=solution, cell=cell, page=page)


ARGS = ["--algorithm", "wilson", "--size", "9x7", "--seed", 4, "--endpoints", "border"]


@pytest.mark.parametrize("fmt", ["ascii", "json", "jsonl", "svg"])
@pytest.mark.parametrize("solution", [False, True])
def test_text_formats_print_what_the_library_exports(tmp_path, fmt, solution):
    flags = ["--solution"] if solution else []
    assert ok(*ARGS, "--format", fmt, *flags, cwd=tmp_path) == expected(fmt, solution=solution)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_binary_formats_go_to_output_and_print_the_path(tmp_path, fmt):
    stdout = ok(*ARGS, "--format", fmt, "--solution", cwd=tmp_path).decode()
    path = Path("output") / f"maze-wilson-9x7-4.{fmt}"
    assert stdout == f"{path}\n"
    assert (tmp_path / path).read_bytes() == expected(fmt, solution=True)


def test_format_follows_the_output_extension_and_cell_scales(tmp_path):
    assert ok(*ARGS, "-o", "maze.svg", "--cell", 12, cwd=tmp_path) == b"maze.svg\n"
    assert (tmp_path / "maze.svg").read_bytes() == expected("svg", cell=12.0)
    ok(*ARGS, "-o", "maze.png", "--cell", 7, cwd=tmp_path)
    assert (tmp_path / "maze.png").read_bytes() == expected("png", cell=7)


def test_a_first_maze_has_a_way_in_and_out_on_opposite_sides_as_in_a_book(tmp_path):
    lines = ok(cwd=tmp_path).decode().splitlines()
    assert lines[0] == "recursive-backtracker 20x20 seed 0 opposite"
    grid = lines[1:]
    assert len(grid) == 41 and len(grid[0]) == len(grid[-1]) == 81
    gaps = {
        side
        for side, wall in (
            ("top", grid[0]),
            ("bottom", grid[-1]),
            ("left", "".join(line[0] for line in grid)),
            ("right", "".join(line[80] for line in grid)),
        )
        if "   " in wall.strip()
    }
    assert gaps in ({"top", "bottom"}, {"left", "right"})
    assert sum(line.count("S") for line in grid) == sum(line.count("E") for line in grid) == 1
    # The seed contract: the default moved the openings, never a wall.
    assert ok("--format", "json", cwd=tmp_path) == expected(
        "json", name="recursive-backtracker", size=(20, 20), seed=0, endpoints="opposite"
    )
    record = json.loads(ok("--format", "json", cwd=tmp_path))
    assert record["cells"] == generate("recursive-backtracker", 20, 20, 0).rows()


def test_a_first_maze_pdf_prints_its_solution_without_more_flags(tmp_path):
    assert ok("-o", "maze.pdf", "--solution", cwd=tmp_path) == b"maze.pdf\n"
    assert (tmp_path / "maze.pdf").read_bytes() == expected(
        "pdf", name="recursive-backtracker", size=(20, 20), seed=0, endpoints="opposite", solution=True
    )


def test_a_polar_maze_defaults_to_the_centre_as_a_book_section_does(tmp_path):
    record = json.loads(ok("--shape", "polar", "--rings", 5, "--format", "json", cwd=tmp_path))
    assert record["end"] == 0 and record["start"] is not None  # cell 0 is the centre disc


def test_endpoints_none_still_draws_a_closed_maze(tmp_path):
    lines = ok("--endpoints", "none", cwd=tmp_path).decode().splitlines()
    assert lines[0] == "recursive-backtracker 20x20 seed 0"
    grid = lines[1:]
    assert len(grid) == 41 and len(grid[0]) == len(grid[-1]) == 81
    assert set(grid[0]) == set(grid[-1]) == {"+", "-"}  # closed top and bottom
    assert all(line[0] in "+|" and line[80] in "+|" for line in grid)  # closed sides
    assert not any(mark in line for line in grid for mark in "SEo")


def test_explicit_start_and_end_and_options(tmp_path):
    args = [
        "--algorithm",
        "growing-tree",
        "--option",
        "policy=newest",
        "--option",
        "ratio=0.5",
        "--size",
        "6x5",
        "--start",
        "0,2",
        "--end",
        "5,4",
        "--format",
        "json",
        "--solution",
    ]
    record = json.loads(ok(*args, cwd=tmp_path))
    maze = generate("growing-tree", 6, 5, 0, policy="newest", ratio=0.5)
    assert record["cells"] == maze.rows()
    assert record["start"] == [0, 2] and record["end"] == [5, 4]
    assert record["solution"][0] == [0, 2] and record["solution"][-1] == [5, 4]


# --- --count: maze i is byte for byte what --seed S+i prints -----------------------


@pytest.mark.parametrize("fmt", ["ascii", "jsonl"])
def test_count_concatenates_the_single_outputs(tmp_path, monkeypatch, fmt):
    monkeypatch.chdir(tmp_path)
    base = ["--algorithm", "kruskal", "--size", "7x5", "--endpoints", "diameter", "--format", fmt]
    several = ok_in_process([*base, "--count", 3, "--seed", 5])
    singles = [ok_in_process([*base, "--seed", 5 + i]) for i in range(3)]
    assert several == "".join(singles)
    if fmt == "jsonl":
        lines = several.splitlines(keepends=True)
        assert lines == singles
        assert [json.loads(line)["seed"] for line in lines] == [5, 6, 7]


def test_count_json_is_an_array_of_the_single_documents_verbatim(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = ["--size", "4x3", "--format", "json"]
    several = ok_in_process([*base, "--count", 3, "--seed", 5])
    singles = [ok_in_process([*base, "--seed", 5 + i]) for i in range(3)]
    assert json.loads(several) == [json.loads(single) for single in singles]
    assert all(single.rstrip("\n") in several for single in singles)


def test_count_with_a_file_format_numbers_the_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert (
        ok_in_process(["--size", "5x5", "--count", 3, "--seed", 5, "-o", "m.png"])
        == "m-1.png\nm-2.png\nm-3.png\n"
    )
    for i in range(3):
        ok_in_process(["--size", "5x5", "--seed", 5 + i, "-o", "single.png"])
        assert (tmp_path / f"m-{i + 1}.png").read_bytes() == (tmp_path / "single.png").read_bytes()


# --- Errors: one line, exit 2, no traceback, nothing written -------------------------------

BAD = {
    "size zero": ["--size", "0x5"],
    "size negative": ["--size", "-3x4"],
    "size words": ["--size", "abc"],
    "size half": ["--size", "10x"],
    "size absurd": ["--size", "5000x5000"],
    "over max-cells": ["--size", "30x30", "--max-cells", 800],
    "algorithm": ["--algorithm", "wilsen"],
    "option unknown": ["--option", "speed=3"],
    "option form": ["--option", "speed"],
    "option value": ["--algorithm", "growing-tree", "--option", "ratio=lots"],
    "endpoints mode": ["--endpoints", "middle"],
    "start outside": ["--start", "0,0", "--end", "20,3"],
    "start negative": ["--start", "-1,0", "--end", "2,2"],
    "start alone": ["--start", "0,0"],
    "start words": ["--start", "a,b", "--end", "1,1"],
    "both endpoint kinds": ["--endpoints", "border", "--start", "0,0", "--end", "1,1"],
    "seed negative": ["--seed", "-1"],
    "seed words": ["--seed", "seven"],
    "count zero": ["--count", "0"],
    "format": ["--format", "gif"],
    "cell zero": ["--cell", "0"],
    "cell words": ["--cell", "big"],
    "max-cells words": ["--max-cells", "lots"],
    "pdf page too big": ["--size", "1000x10", "--format", "pdf", "--cell", "72"],
    "png cell fraction": ["--cell", "1.5", "--format", "png"],
    "png too big": ["--size", "2000x2000", "--format", "png", "--cell", "30"],
    "solution without endpoints": ["--endpoints", "none", "--solution"],
    "shape unknown": ["--shape", "star"],
    "rings on a grid": ["--shape", "hex", "--rings", "5"],
    "size on a disc": ["--shape", "polar", "--size", "5x5"],
    "rings zero": ["--shape", "polar", "--rings", "0"],
    "rings words": ["--shape", "polar", "--rings", "many"],
    "square-only algorithm": ["--shape", "hex", "--algorithm", "eller"],
    "thin triangle": ["--shape", "triangle", "--size", "1x5"],
    "corners on a disc": ["--shape", "polar", "--endpoints", "corners"],
    "polar cell outside": ["--shape", "polar", "--rings", "3", "--start", "0,0", "--end", "2,12"],
    "ascii of a hex maze": ["--shape", "hex", "--format", "ascii"],
}
# Fine with -o, an error without it.
BAD_ON_STDOUT = {
    "svg count": ["--format", "svg", "--count", "2"],
    "pdf count": ["--format", "pdf", "--count", "2", "-o", "-"],
}


def main_in_process(args):
    """`bookmaker maze ARGS` through the CLI's own entry point, in this process
    (tests/command_line.py): -> (exit code, stdout, stderr)."""
    run = in_process("maze", *args, cwd=Path.cwd())
    return run.returncode, run.stdout, run.stderr


def ok_in_process(args) -> str:
    code, out, err = main_in_process(args)
    assert code == 0, err
    return out


@pytest.mark.parametrize("args", BAD.values(), ids=BAD.keys())
def test_bad_input_is_one_line_exit_2_and_writes_nothing(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "keep.png"
    target.write_bytes(b"precious")
    fmt = [] if "--format" in args else ["--format", "png"]
    for extra in ([], ["-o", target.name, *fmt]):
        code, out, err = main_in_process([*args, *extra])
        assert code == 2, err
        assert err.startswith("bookmaker: error: ") and err.count("\n") == 1, err
        assert out == ""
        assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.png"]
        assert target.read_bytes() == b"precious"


@pytest.mark.parametrize("args", BAD_ON_STDOUT.values(), ids=BAD_ON_STDOUT.keys())
def test_several_pictures_cannot_share_stdout(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err = main_in_process(args)
    assert code == 2 and "-o FILE" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_real_process_shows_no_traceback(tmp_path):
    for args in (BAD["option value"], BAD["png too big"]):
        result = run_in_a_process(*args, "-o", "x.png", cwd=tmp_path)
        stderr = result.stderr.decode()
        assert result.returncode == 2 and stderr.count("\n") == 1 and "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == []


def test_error_messages_help_the_user(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def error(*args):
        return main_in_process(args)[2]

    assert "did you mean 'wilson'" in error("--algorithm", "wilsen")
    assert "kruskal" in error("--algorithm", "wilsen")  # lists the valid ones
    assert "--max-cells" in error("--size", "5000x5000")
    assert "x 0..19" in error("--start", "0,0", "--end", "20,3")
    assert "policy, ratio" in error("--algorithm", "growing-tree", "--option", "speed=1")
    assert "square grids only" in error("--shape", "polar", "--algorithm", "sidewinder")
    assert "ring 2 has cells 0..11" in error(
        "--shape", "polar", "--rings", "3", "--start", "0,0", "--end", "2,12"
    )
    assert "the default is centre" in error("--shape", "polar", "--endpoints", "none", "--solution")


# --- Shapes -------------------------------------------------------------------------------

SHAPE_ARGS = {
    "hex": ["--shape", "hex", "--size", "7x5"],
    "triangle": ["--shape", "triangle", "--size", "9x4"],
    "polar": ["--shape", "polar", "--rings", "5"],
}


def shape_maze(shape, seed=4, endpoints="border"):
    from bookmaker.maze import generate_on
    from bookmaker.maze.shapes import make_topology

    topology = (
        make_topology("polar", rings=5)
        if shape == "polar"
        else make_topology(shape, (7, 5) if shape == "hex" else (9, 4))
    )
    return with_endpoints(generate_on(topology, "wilson", seed), endpoints)


@pytest.mark.parametrize("shape", SHAPE_ARGS)
def test_shapes_print_json_v2_that_rebuilds_the_same_passages(tmp_path, shape):
    args = [*SHAPE_ARGS[shape], "--algorithm", "wilson", "--seed", 4, "--endpoints", "border"]
    record = json.loads(ok(*args, "--format", "json", "--solution", cwd=tmp_path))
    maze = shape_maze(shape)
    assert record["format"] == "bookmaker.maze/2"
    assert record["shape"] == maze.topology.shape_json()
    assert (record["start"], record["end"]) == (maze.start, maze.end)
    passages = {
        (a, b)
        for a in range(maze.topology.cells)
        for b in (
            maze.topology.neighbours[a * maze.topology.sides + side]
            for side in range(maze.topology.sides)
            if maze.cells[a] >> side & 1
        )
        if a < b
    }
    assert [tuple(pair) for pair in record["passages"]] == sorted(passages)
    assert record["perfect"] is True and len(passages) == maze.topology.cells - 1
    assert record["solution"][0] == maze.start and record["solution"][-1] == maze.end


@pytest.mark.parametrize("shape", SHAPE_ARGS)
def test_shape_pictures_match_the_library_and_default_to_svg(tmp_path, shape):
    args = [*SHAPE_ARGS[shape], "--algorithm", "wilson", "--seed", 4, "--endpoints", "border"]
    assert ok(*args, cwd=tmp_path) == export(shape_maze(shape), "svg")
    stdout = ok(*args, "--format", "png", "--solution", cwd=tmp_path).decode()
    size = "5rings" if shape == "polar" else SHAPE_ARGS[shape][-1]
    path = Path("output") / f"maze-wilson-{shape}-{size}-4.png"
    assert stdout == f"{path}\n"
    assert (tmp_path / path).read_bytes() == export(shape_maze(shape), "png", solution=True)


def test_polar_cells_are_named_by_ring_and_index(tmp_path):
    record = json.loads(
        ok(
            "--shape",
            "polar",
            "--rings",
            "4",
            "--start",
            "3,5",
            "--end",
            "0,0",
            "--format",
            "json",
            cwd=tmp_path,
        )
    )
    assert (record["start"], record["end"]) == (1 + 6 + 12 + 5, 0)


def test_the_recipe_of_a_shape_regenerates_it(tmp_path):
    from bookmaker.maze import recipe

    maze = shape_maze("polar", endpoints="centre")
    assert recipe(maze) == "wilson polar 5 rings seed 4 centre"
    again = json.loads(
        ok(
            "--shape",
            "polar",
            "--rings",
            5,
            "--algorithm",
            "wilson",
            "--seed",
            4,
            "--endpoints",
            "centre",
            "--format",
            "json",
            cwd=tmp_path,
        )
    )
    assert (again["start"], again["end"]) == (maze.start, maze.end) and maze.end == 0


def test_unwritable_target_is_one_line(tmp_path):
    (tmp_path / "taken").write_text("a file, not a folder")
    result = run("-o", "taken/dir/maze.pdf", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.decode().count("\n") == 1
    assert "taken is a file, not a folder" in result.stderr.decode()
    assert [path.name for path in tmp_path.iterdir()] == ["taken"]
