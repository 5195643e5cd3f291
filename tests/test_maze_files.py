"""``write_mazes``, `bookmaker maze`'s work, called from Python: a request in, the files (or
the bytes meant for stdout) out, each what the command writes for the same flags."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from bookmaker.errors import BookmakerError
from bookmaker.maze import generate, generate_on
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import with_endpoints
from bookmaker.maze_files import MazeRequest, write_mazes
from bookmaker.profiles import parse_size
from bookmaker.render.export import export


@pytest.fixture(autouse=True)
def _dated_now(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)


def test_a_pdf_request_writes_a_letter_sheet_with_the_solution_on_page_two(tmp_path):
    path = tmp_path / "sheets" / "maze.pdf"
    request = MazeRequest(
        algorithm="wilson", size=(9, 7), seed=4, endpoints="border", output=path, solution=True, title="Lunch"
    )
    written, notes = [], []
    result = write_mazes(request, wrote=written.append, note=notes.append)
    assert (result.format, result.files, result.stream) == ("pdf", (path,), None)
    assert written == [path] and notes == [f"bookmaker: created the folder {path.parent}"]
    maze = with_endpoints(generate("wilson", 9, 7, 4), "border")
    letter = parse_size("letter")
    assert path.read_bytes() == export(maze, "pdf", solution=True, page=letter, title="Lunch")
    pages = PdfReader(io.BytesIO(path.read_bytes())).pages
    assert [(float(page.mediabox.width), float(page.mediabox.height)) for page in pages] == [letter] * 2
    puzzle, answer = (" ".join(page.extract_text().split()) for page in pages)
    assert puzzle.startswith("Lunch") and "solution" not in puzzle
    assert answer.startswith("Lunch \u2013 solution")
    assert "wilson 9x7 seed 4" in puzzle and "wilson 9x7 seed 4" in answer


def test_an_svg_request_for_several_mazes_writes_a_numbered_file_a_seed(tmp_path):
    request = MazeRequest(
        algorithm="wilson", shape="hex", size=(6, 5), seed=3, count=2, output=tmp_path / "h.svg"
    )
    result = write_mazes(request)
    assert result.files == (tmp_path / "h-1.svg", tmp_path / "h-2.svg") and result.stream is None
    for path, seed in zip(result.files, (3, 4), strict=True):
        maze = with_endpoints(generate_on(make_topology("hex", (6, 5)), "wilson", seed), "opposite")
        text = path.read_text(encoding="utf-8")
        assert text == export(maze, "svg").decode()
        title = re.search(r"<title>(.*)</title>", text)[1]
        assert f"seed {seed}" in title and "hex 6x5" in title


def test_a_json_request_without_an_output_returns_the_document_and_prints_nothing(tmp_path, capfd):
    result = write_mazes(MazeRequest(algorithm="kruskal", size=(5, 4), seed=2, format="json", solution=True))
    assert result.files == () and capfd.readouterr() == ("", "")
    document = json.loads(result.stream)
    assert (document["algorithm"], document["width"], document["height"], document["seed"]) == (
        "kruskal",
        5,
        4,
        2,
    )
    # the solution runs from the start to the end, the first maze having both by default
    assert document["solution"][0] == document["start"] and document["solution"][-1] == document["end"]
    maze = with_endpoints(generate("kruskal", 5, 4, 2), "opposite")
    assert result.stream == export(maze, "json", solution=True)


def test_a_json_request_for_several_mazes_returns_an_array_of_the_single_documents():
    several = write_mazes(MazeRequest(size=(4, 3), seed=5, count=3, format="json")).stream
    singles = [write_mazes(MazeRequest(size=(4, 3), seed=seed, format="json")).stream for seed in (5, 6, 7)]
    assert json.loads(several) == [json.loads(single) for single in singles]


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        (MazeRequest(size=(0, 5)), "--size"),
        (MazeRequest(braid=1.5), "share from 0 to 1, got 1.5"),
        (MazeRequest(endpoints=((0, 0), (0, 0))), "same cell 0,0"),
        (MazeRequest(shape="polar", size=(5, 5)), "--rings"),
        (MazeRequest(format="gif"), "--format"),
        (MazeRequest(format="svg", page="a4"), "--page is for pdf sheets"),
        (MazeRequest(algorithm="growing-tree", options={"ratio": 7}), "ratio"),
        (MazeRequest(count=0), "--count must be at least 1"),
    ],
)
def test_a_bad_request_is_one_line_and_writes_nothing(tmp_path, monkeypatch, request_, words):
    monkeypatch.chdir(tmp_path)
    for output in (None, tmp_path / "keep.png"):
        with pytest.raises(BookmakerError) as error:
            write_mazes(replace(request_, output=output))
        assert words in str(error.value) and "\n" not in str(error.value)
    assert list(tmp_path.iterdir()) == []
