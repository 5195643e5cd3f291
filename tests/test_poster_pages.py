"""A poster's pages compressed early (``canvas.PosterPages``): the puzzle page's walls are
compressed on threads while the answer is still worked out (a hex grid's, not a polar
grid's, which cost more Python than zlib), and the file is byte for byte
the one reportlab writes when it compresses each page's whole text at ``save``, whether the
answer page begins with those walls (a solution line) or not (a solution's cells, filled
under the walls)."""

from __future__ import annotations

import io
import threading
import zlib

import pikepdf
import pytest

from bookmaker.geometry import maze_drawing
from bookmaker.layout.fonts import DEFAULT_REGULAR, register
from bookmaker.layout.views import Style
from bookmaker.maze import generate_on
from bookmaker.maze.hex_grid import HexGrid
from bookmaker.maze.polar_grid import PolarGrid
from bookmaker.maze.solve import solution as solve
from bookmaker.maze.solve import with_endpoints
from bookmaker.render import canvas as canvas_module
from bookmaker.render.canvas import PosterPages, draw_maze, reproducible_canvas

CELL = 6.0


def _poster(maze, style: Style, early: bool) -> tuple[bytes, bool]:
    """The two pages' file, and whether the walls began compressing early."""
    puzzle = maze_drawing(maze)
    answer = maze_drawing(maze, solve(maze), 1.0, puzzle.walls)
    out = io.BytesIO()
    with reproducible_canvas(out, (900, 900), register(DEFAULT_REGULAR)) as canvas:

        def page(drawing) -> None:
            draw_maze(canvas, drawing, 20, 880, CELL, style)
            canvas.showPage()

        began = False
        if not early:  # reportlab compresses each page's whole text as it saves
            page(puzzle)
            page(answer)
        else:
            with PosterPages(canvas) as pages:
                page(puzzle)
                pages.begin()
                began = pages.head is not None
                page(answer)
                pages.finish()
    return out.getvalue(), began


@pytest.mark.parametrize("grid", [HexGrid(23, 17), PolarGrid(9)], ids=["hex", "polar"])
@pytest.mark.parametrize("solution", ["line", "cells"])
@pytest.mark.parametrize("cores", [1, 2])
def test_pages_compressed_early_are_the_bytes_reportlab_writes(monkeypatch, grid, solution, cores):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: cores)
    maze = with_endpoints(generate_on(grid, "recursive-backtracker", 3), "border")
    style = Style(wall_width=0.75, solution_width=1.5, solution=solution)
    early, began = _poster(maze, style, early=True)
    assert early == _poster(maze, style, early=False)[0]
    # Only a lattice's walls, and only with a second core (a polar grid's arcs: see _walls).
    assert began == (cores == 2 and isinstance(grid, HexGrid))
    with pikepdf.open(io.BytesIO(early)) as pdf:
        puzzle, answer = (page.Contents.read_bytes() for page in pdf.pages)
        raw = pdf.pages[0].Contents.read_raw_bytes()
    walls = puzzle.index(b"\nS\n")  # the walls are the puzzle page's first path
    assert len(puzzle[:walls]) > 20 * grid.cells  # so it is the walls that were shared
    assert answer.startswith(puzzle[:walls]) == (solution == "line")
    assert raw == zlib.compress(puzzle)


def test_an_error_after_the_walls_began_leaves_no_thread_behind(monkeypatch):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    maze = with_endpoints(generate_on(HexGrid(60, 40), "recursive-backtracker", 3), "border")
    threads = threading.active_count()
    with (
        pytest.raises(RuntimeError, match="the solution failed"),
        reproducible_canvas(io.BytesIO(), (900, 900), register(DEFAULT_REGULAR)) as canvas,
        PosterPages(canvas) as pages,
    ):
        draw_maze(canvas, maze_drawing(maze), 20, 880, CELL, Style())
        canvas.showPage()
        pages.begin()
        head = pages.head
        assert head is not None and threading.active_count() > threads
        raise RuntimeError("the solution failed")
    assert head.stopped and head.pieces.done()
    assert threading.active_count() == threads
