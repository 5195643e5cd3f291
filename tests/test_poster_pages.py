"""A poster's pages compressed early (``canvas.PosterPages``): the puzzle page's walls are
compressed on threads while the answer is still worked out, their text written by a forked
process where one can be forked and the walls pay for it (``_TextAside``), else on a thread
(a hex grid's, not a polar grid's, which costs as much Python as zlib takes), and the file
is byte for byte
the one reportlab writes when it compresses each page's whole text at ``save``, whether the
answer page begins with those walls (a solution line) or not (a solution's cells, filled
under the walls), and whether or not the process writing the walls fails."""

from __future__ import annotations

import gc
import io
import os
import signal
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

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


def _allow_forks(monkeypatch, fork: bool) -> None:
    """Fork for any walls (these mazes are smaller than is worth a process), or never."""
    monkeypatch.setattr(canvas_module, "_may_fork", lambda: fork)
    monkeypatch.setattr(canvas_module, "_PROCESS_AT_ALL", 0)
    monkeypatch.setattr(canvas_module, "_PROCESS_BESIDE_A_THREAD", 0)


@contextmanager
def _begun(maze, raises: str) -> Iterator[PosterPages]:
    """A poster's pages with the puzzle page drawn and its walls begun, in a block that must
    end in an error whose message ``raises`` matches."""
    with (
        pytest.raises((RuntimeError, MemoryError), match=raises),
        reproducible_canvas(io.BytesIO(), (900, 900), register(DEFAULT_REGULAR)) as canvas,
        PosterPages(canvas) as pages,
    ):
        draw_maze(canvas, maze_drawing(maze), 20, 880, CELL, Style())
        canvas.showPage()
        pages.begin()
        yield pages


def _poster(maze, style: Style, early: bool) -> tuple[bytes, canvas_module._EarlyHead | None]:
    """The two pages' file, and what began compressing the walls early (None: nothing)."""
    puzzle = maze_drawing(maze)
    answer = maze_drawing(maze, solve(maze), 1.0, puzzle.walls)
    out = io.BytesIO()
    with reproducible_canvas(out, (900, 900), register(DEFAULT_REGULAR)) as canvas:

        def page(drawing) -> None:
            draw_maze(canvas, drawing, 20, 880, CELL, style)
            canvas.showPage()

        began = None
        if not early:  # reportlab compresses each page's whole text as it saves
            page(puzzle)
            page(answer)
        else:
            with PosterPages(canvas) as pages:
                page(puzzle)
                pages.begin()
                began = pages.head
                page(answer)
                pages.finish()
    return out.getvalue(), began


@pytest.mark.parametrize("grid", [HexGrid(23, 17), PolarGrid(9)], ids=["hex", "polar"])
@pytest.mark.parametrize("solution", ["line", "cells"])
@pytest.mark.parametrize("cores", [1, 2])
@pytest.mark.parametrize("fork", [True, False], ids=["process", "thread"])
def test_pages_compressed_early_are_the_bytes_reportlab_writes(monkeypatch, grid, solution, cores, fork):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: cores)
    _allow_forks(monkeypatch, fork)
    maze = with_endpoints(generate_on(grid, "recursive-backtracker", 3), "border")
    style = Style(wall_width=0.75, solution_width=1.5, solution=solution)
    early, head = _poster(maze, style, early=True)
    assert early == _poster(maze, style, early=False)[0]
    # Only with a second core; on a thread only a lattice's walls (a polar grid's arcs: see _walls).
    assert (head is not None) == (cores == 2 and (fork or isinstance(grid, HexGrid)))
    if head is not None:  # a forked writer wrote them, and was waited for
        assert (head.aside is not None) == fork
        # Waited for where its text is every page's beginning, else stopped if still at work.
        wanted = solution == "line"
        assert (
            head.aside is None
            or head.aside.status == 0
            or not wanted
            and os.WTERMSIG(head.aside.status) == signal.SIGKILL
        )
    assert gc.get_freeze_count() == 0  # what was frozen for the fork is thawed
    with pikepdf.open(io.BytesIO(early)) as pdf:
        puzzle, answer = (page.Contents.read_bytes() for page in pdf.pages)
        raw = pdf.pages[0].Contents.read_raw_bytes()
    walls = puzzle.index(b"\nS\n")  # the walls are the puzzle page's first path
    assert len(puzzle[:walls]) > 20 * grid.cells  # so it is the walls that were shared
    assert answer.startswith(puzzle[:walls]) == (solution == "line")
    assert raw == zlib.compress(puzzle)


@pytest.mark.parametrize("grid", [HexGrid(23, 17), PolarGrid(9)], ids=["hex", "polar"])
def test_walls_are_written_here_where_their_process_fails(monkeypatch, grid):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)

    def fail_half_way(pieces, read_end, write_end):
        os.close(read_end)
        os.write(write_end, next(pieces))  # some of the text, then the child dies
        os._exit(3)

    monkeypatch.setattr(canvas_module, "_write_and_leave", fail_half_way)
    maze = with_endpoints(generate_on(grid, "recursive-backtracker", 3), "border")
    style = Style(wall_width=0.75, solution_width=1.5)
    early, head = _poster(maze, style, early=True)
    assert head is not None and head.aside is not None
    assert os.waitstatus_to_exitcode(head.aside.status) == 3
    assert gc.get_freeze_count() == 0
    assert early == _poster(maze, style, early=False)[0]


@pytest.mark.parametrize("fork", [True, False], ids=["process", "thread"])
def test_an_error_after_the_walls_began_leaves_no_thread_or_process_behind(monkeypatch, fork):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, fork)
    maze = with_endpoints(generate_on(HexGrid(60, 40), "recursive-backtracker", 3), "border")
    threads = threading.active_count()
    with _begun(maze, "the solution failed") as pages:
        head = pages.head
        assert head is not None and threading.active_count() > threads
        assert (head.aside is not None) == fork
        raise RuntimeError("the solution failed")
    assert head.stopped and head.pieces.done()
    assert threading.active_count() == threads
    if fork:  # killed where it was, and waited for: no process left, not even a zombie
        assert head.aside.status is not None
        with pytest.raises(ChildProcessError):
            os.waitpid(head.aside.pid, os.WNOHANG)
    assert gc.get_freeze_count() == 0


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _polar_maze():
    return with_endpoints(generate_on(PolarGrid(9), "recursive-backtracker", 3), "border")


def test_a_fork_the_system_refuses_leaves_the_walls_to_this_process(monkeypatch):
    """No memory or no process left for a child: no pipe is left open nor objects frozen,
    and the poster is the same (a polar grid's walls then go after, not on a thread)."""
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)

    def refuse():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(canvas_module.os, "fork", refuse)
    maze, style = _polar_maze(), Style(wall_width=0.75, solution_width=1.5)
    fds = _open_fds()
    early, head = _poster(maze, style, early=True)
    assert head is None
    assert _open_fds() == fds and gc.get_freeze_count() == 0
    assert early == _poster(maze, style, early=False)[0]


def test_a_writer_killed_half_way_leaves_the_walls_to_this_process(monkeypatch):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)

    def killed_half_way(pieces, read_end, write_end):
        os.close(read_end)
        os.write(write_end, next(pieces))
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(canvas_module, "_write_and_leave", killed_half_way)
    maze, style = _polar_maze(), Style(wall_width=0.75, solution_width=1.5)
    early, head = _poster(maze, style, early=True)
    assert head is not None and head.aside is not None
    assert os.WIFSIGNALED(head.aside.status) and os.WTERMSIG(head.aside.status) == signal.SIGKILL
    assert early == _poster(maze, style, early=False)[0]


def _stuck(pieces, read_end, write_end):
    """A child that writes a piece and then never ends on its own."""
    os.close(read_end)
    os.write(write_end, next(pieces))
    while True:
        signal.pause()


@pytest.mark.parametrize("failure", ["after the walls began", "in the compression"])
def test_a_failure_kills_a_writer_that_would_never_end(monkeypatch, failure):
    """Killed, not waited for until it ends by itself: it never would. No thread, process,
    pipe or frozen object is left behind, and the error is the one that came."""
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)
    monkeypatch.setattr(canvas_module, "_write_and_leave", _stuck)
    if failure == "in the compression":

        def fail(self, pieces):
            yield next(pieces)
            raise MemoryError("no memory for the next piece")

        monkeypatch.setattr(canvas_module._EarlyHead, "_unless_stopped", fail)
    maze = _polar_maze()
    threads, fds = threading.active_count(), _open_fds()
    with _begun(maze, "the solution failed|no memory") as pages:
        head = pages.head
        assert head is not None and head.aside is not None
        if failure == "after the walls began":
            raise RuntimeError("the solution failed")
        pages.finish()
    assert os.WIFSIGNALED(head.aside.status) and os.WTERMSIG(head.aside.status) == signal.SIGKILL
    assert threading.active_count() == threads and _open_fds() == fds and gc.get_freeze_count() == 0


def test_a_failure_between_the_fork_and_the_threads_leaves_no_process(monkeypatch):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)
    monkeypatch.setattr(canvas_module, "_write_and_leave", _stuck)
    started = []
    start = canvas_module._TextAside.start
    monkeypatch.setattr(
        canvas_module._TextAside, "start", lambda pieces: started.append(start(pieces)) or started[0]
    )

    def no_thread():
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(canvas_module, "_compressing_thread", no_thread)
    fds = _open_fds()
    with (
        pytest.raises(RuntimeError, match="can't start new thread"),
        reproducible_canvas(io.BytesIO(), (900, 900), register(DEFAULT_REGULAR)) as canvas,
        PosterPages(canvas) as pages,
    ):
        draw_maze(canvas, maze_drawing(_polar_maze()), 20, 880, CELL, Style())
        canvas.showPage()
        pages.begin()  # fails as it starts the threads, the child already forked
    (aside,) = started
    assert aside.status is not None and os.WTERMSIG(aside.status) == signal.SIGKILL
    assert aside.pipe.closed and _open_fds() == fds and gc.get_freeze_count() == 0


def test_no_fork_while_another_thread_runs(monkeypatch):
    """Its locks would be held for ever in the child: the walls go on a thread instead."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not canvas_module._may_fork()
        assert canvas_module._TextAside.start(iter([b"n"])) is None
    finally:
        stop.set()
        other.join()
    # With this one the only thread (an earlier test in this worker may have left another):
    monkeypatch.setattr(canvas_module.threading, "active_count", lambda: 1)
    assert canvas_module._may_fork() == hasattr(os, "fork")


def test_objects_frozen_by_someone_else_stay_frozen(monkeypatch):
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    _allow_forks(monkeypatch, True)
    gc.freeze()
    try:
        _, head = _poster(_polar_maze(), Style(), early=True)
        assert head is not None and head.aside is not None and head.aside.status == 0
        assert gc.get_freeze_count() > 0  # not thawed: fewer only by what has died since
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("grid", [HexGrid(23, 17), PolarGrid(9)], ids=["hex", "polar"])
def test_walls_too_few_to_pay_for_a_process_are_not_forked(monkeypatch, grid):
    """From the measured threshold on, and not one wall before: a polar grid's walls then
    go after the solution, a lattice's on a thread."""
    monkeypatch.setattr(canvas_module, "usable_cores", lambda: 2)
    monkeypatch.setattr(canvas_module, "_may_fork", lambda: True)
    maze = with_endpoints(generate_on(grid, "recursive-backtracker", 3), "border")
    walls = len(maze_drawing(maze).walls)
    threshold = "_PROCESS_BESIDE_A_THREAD" if isinstance(grid, HexGrid) else "_PROCESS_AT_ALL"
    assert walls < getattr(canvas_module, threshold)
    _, head = _poster(maze, Style(), early=True)
    assert (head is None) == isinstance(grid, PolarGrid) and (head is None or head.aside is None)
    monkeypatch.setattr(canvas_module, threshold, walls)
    _, head = _poster(maze, Style(), early=True)
    assert head is not None and head.aside is not None and head.aside.status == 0
    monkeypatch.setattr(canvas_module, threshold, walls + 1)
    _, head = _poster(maze, Style(), early=True)
    assert head is None or head.aside is None


def test_the_walls_of_every_path_count_once_toward_a_process(monkeypatch):
    monkeypatch.setattr(canvas_module, "_PROCESS_AT_ALL", 10)
    streamed = canvas_module.StreamedPaths()
    first, second = [0] * 6, [0] * 4
    streamed.stand_in(first, lambda: iter(()), False)
    streamed.stand_in(first, lambda: iter(()), False)  # the answer page's same walls
    assert streamed.walls == 6 and not streamed.worth_a_process()
    streamed.stand_in(second, lambda: iter(()), False)
    assert streamed.walls == 10 and streamed.worth_a_process()
