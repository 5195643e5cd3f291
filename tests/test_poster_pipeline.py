"""The poster-size pipeline (issue 9): square walls, solution lines and searches kept in
flat buffers, written in bulk, and drawing exactly what the one-call-per-piece code drew.

Every bulk path is checked here against the plain way of doing the same thing (a
Pillow rectangle per run, a reportlab path call per point, a run list merged edge by
edge); tests/test_output_hashes.py holds the outputs themselves byte for byte. Memory
is asserted per cell on a 200x200 maze, with tracemalloc: no test times anything.
"""

from __future__ import annotations

import random
import tracemalloc
from functools import partial

import pytest
from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from bookmaker.geometry import maze_drawing
from bookmaker.geometry.square import CellSquares, CentreLine, GridWalls
from bookmaker.maze import generate, generate_on
from bookmaker.maze import solve as solve_module
from bookmaker.maze.mask import Mask
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import choose_endpoints, solution, with_endpoints
from bookmaker.maze.topology import SquareGrid, leading_sides
from bookmaker.render import canvas as canvas_module
from bookmaker.render.export import _wall_strips, export
from bookmaker.stopwatch import STAGES, Stopwatch
from tests.test_maze_cli import ok, run

ENDPOINTS = ["none", "border", "corners", "diameter", "centre"]
SIZES = [(1, 1), (1, 5), (6, 1), (2, 2), (7, 4), (13, 9)]


def mazes():
    for index, (size, ends) in enumerate((s, e) for s in SIZES for e in ENDPOINTS):
        yield with_endpoints(generate("recursive-backtracker", *size, index), ends)


def reference_runs(maze):
    """Runs merged edge by edge from ``is_open`` and the openings, as the list code did."""
    w, h = maze.width, maze.height
    gaps = {
        (cell, maze.topology.opening_side(cell, exit=role == "end"))
        for role, cell in (("start", maze.start), ("end", maze.end))
        if cell is not None
    }

    def standing(cell, side):
        return not maze.is_open(cell, side) and (cell, side) not in gaps

    def merged(flags):
        """Each run of true ``flags``: its first index and the index past its last."""
        runs, start = [], None
        for i, flag in enumerate([*flags, False]):
            if flag and start is None:
                start = i
            elif not flag and start is not None:
                runs.append((start, i))
                start = None
        return runs

    runs = []
    for y in range(h + 1):
        flags = [standing(y * w + x, 0) if y < h else standing((h - 1) * w + x, 2) for x in range(w)]
        runs += [(a, y, b, y) for a, b in merged(flags)]
    for x in range(w + 1):
        flags = [standing(y * w + x, 3) if x < w else standing(y * w + w - 1, 1) for y in range(h)]
        runs += [(x, a, x, b) for a, b in merged(flags)]
    return runs


@pytest.mark.parametrize("maze", list(mazes()), ids=lambda m: f"{m.width}x{m.height}-{m.start}")
def test_grid_walls_are_the_runs_merged_edge_by_edge(maze):
    walls = GridWalls(maze)
    assert list(walls) == reference_runs(maze)
    assert walls.write("{0} {line} h{1}", "v{line} {0} {1}", ",") == ",".join(
        f"{x0} {y0} h{x1}" if y0 == y1 else f"v{x0} {y0} {y1}" for x0, y0, x1, y1 in walls
    )


def test_the_solution_line_and_cells_read_like_lists():
    maze = with_endpoints(generate("wilson", 9, 7, 3), "border")
    path = solution(maze)
    drawing = maze_drawing(maze, path)
    line, cells = drawing.solution, drawing.solution_cells
    assert isinstance(line, CentreLine) and isinstance(cells, CellSquares)
    centres = [(cell % 9 + 0.5, cell // 9 + 0.5) for cell in path]
    assert list(line)[1:-1] == centres and len(line) == len(path) + 2
    assert [line[i] for i in range(-len(line), len(line))] == list(line) * 2
    assert line[1:4] == list(line)[1:4] and line[::-3] == list(line)[::-3]
    assert [(r.x, r.y, r.width, r.height) for r in cells] == [(cell % 9, cell // 9, 1, 1) for cell in path]
    with pytest.raises(IndexError):
        line[len(line)]


@pytest.mark.parametrize("cell, k", [(1, 1), (2, 1), (3, 4), (7, 4), (11, 1), (20, 4)])
def test_wall_pixels_are_the_rectangles_pillow_draws(cell, k):
    rng = random.Random(cell)
    for size in [(1, 1), (3, 1), (1, 4), (8, 5)]:
        maze = with_endpoints(generate("prim", *size, rng.randrange(99)), rng.choice(ENDPOINTS))
        thickness = min(cell, max(1, round(cell * 0.1)) + rng.randrange(2))
        margin, low = cell + 2, thickness // 2
        image_size = ((maze.width * cell + 2 * margin) * k, (maze.height * cell + 2 * margin) * k)
        drawn = Image.new("L", image_size, 255)
        draw = ImageDraw.Draw(drawn)
        for x0, y0, x1, y1 in GridWalls(maze):  # what to_png did for every run
            left, top = margin + x0 * cell - low, margin + y0 * cell - low
            right = margin + x1 * cell - low + thickness
            bottom = margin + y1 * cell - low + thickness
            draw.rectangle((left * k, top * k, right * k - 1, bottom * k - 1), fill=0)
        built = Image.new("L", image_size, 255)
        for top, pixels in _wall_strips(
            GridWalls(maze), image_size[0], (margin - low) * k, cell * k, thickness * k
        ):
            built.paste(Image.frombytes("L", (image_size[0], len(pixels) // image_size[0]), pixels), (0, top))
        assert built.tobytes() == drawn.tobytes()


@pytest.mark.parametrize("kind, size", [("square", (11, 6)), ("hex", (6, 5)), ("triangle", (9, 4))])
def test_paths_written_in_bulk_are_what_reportlab_writes_point_by_point(kind, size):
    maze = with_endpoints(generate_on(make_topology(kind, size), "wilson", 2), "border")
    drawing = maze_drawing(maze, solution(maze))
    canvas = Canvas(None)
    by_hand = canvas.beginPath()
    for x0, y0, x1, y1 in drawing.walls:
        by_hand.moveTo(x0, y0)
        by_hand.lineTo(x1, y1)
    assert canvas_module._walls(canvas, drawing.walls).getCode() == by_hand.getCode()
    by_hand = canvas.beginPath()
    by_hand.moveTo(*drawing.solution[0])
    for point in drawing.solution[1:]:
        by_hand.lineTo(*point)
    assert canvas_module._line(drawing.solution).getCode() == by_hand.getCode()


def test_searches_step_by_offset_where_the_neighbour_table_says_so():
    for kind in ("square", "triangle", "hex"):
        topology = make_topology(kind, (7, 5))
        by_parity = topology.column_step_offsets or (topology.step_offsets,) * 2
        table, sides = topology.neighbours, topology.sides
        for cell in range(topology.cells):
            offsets = by_parity[cell % topology.width % 2]
            for side in range(sides):
                if table[cell * sides + side] >= 0:
                    assert table[cell * sides + side] == cell + offsets[side]


def _holed(width: int, height: int) -> Mask:
    """A mask without a corner and a patch in the middle, which a search steps round."""
    on = bytearray([1]) * (width * height)
    for cell in (0, height // 2 * width + width // 2, height // 2 * width + width // 2 + 1):
        on[cell] = 0
    return Mask(bytes(on), "file", "holed", "0" * 16)


@pytest.mark.parametrize(
    ("size", "masked"),
    [
        ((1, 1), False),
        ((1, 6), False),
        ((6, 1), False),
        ((2, 3), False),
        ((9, 7), False),
        ((10, 8), True),
        ((9, 7), True),
    ],
)
def test_hex_searches_by_column_parity_are_the_table_searches(monkeypatch, size, masked):
    topology = make_topology("hex", size, mask=_holed(*size) if masked else None)
    maze = generate_on(topology, "wilson", sum(size))
    source = topology.first_cell()
    by_parity = [
        solve_module._search(topology, maze.cells, source),
        solve_module._distances(topology, maze.cells, source),
    ]
    assert solve_module._stepping(topology, maze.cells) is not None
    monkeypatch.setattr(type(topology), "column_step_offsets", property(lambda self: None))
    assert solve_module._stepping(topology, maze.cells) is None
    assert by_parity == [
        solve_module._search(topology, maze.cells, source),
        solve_module._distances(topology, maze.cells, source),
    ]


def _table_search(topology, cells, source: int, until: int = -1) -> tuple[list[int], list[int]]:
    """A breadth-first search written out plainly: the neighbour table, sides in order."""
    parent = [solve_module.UNSEEN] * topology.cells
    parent[source] = -1
    order = [source]
    for here in order:
        for side in range(topology.sides):
            there = topology.neighbours[here * topology.sides + side]
            if cells[here] >> side & 1 and parent[there] == solve_module.UNSEEN:
                parent[there] = here
                order.append(there)
                if there == until:
                    return order, parent
    return order, parent


@pytest.mark.parametrize("rings", [1, 2, 3, 6, 12, 30])
@pytest.mark.parametrize("braid", [0.0, 0.5])
def test_polar_searches_by_ring_strides_are_the_table_searches(rings, braid):
    """The same cells in the same order from the same parents as a plain table search,
    stopping at the same cell, on perfect and braided discs: sources and stops in the centre,
    in rings stepped by their stride, and on the rim."""
    from bookmaker.maze.polar_grid import PolarGrid

    topology = PolarGrid(rings)
    strides = topology.ring_strides()
    strided = [cell for cell, count in enumerate(strides) if count]
    assert bool(strided) == (rings >= 6)
    cells_of_note = sorted({0, topology.cells - 1, *strided[:: max(1, len(strided) // 3)]})
    for algorithm in ("wilson", "recursive-backtracker"):
        maze = generate_on(topology, algorithm, rings, braid=braid)
        for source in cells_of_note:
            for until in (-1, *cells_of_note):
                order, parent = solve_module._search(topology, maze.cells, source, until)
                expected = _table_search(topology, maze.cells, source, until)
                assert (order.tolist(), parent.tolist()) == expected, (algorithm, source, until)


def traced(work) -> tuple[int, int]:
    """Bytes ``work()`` allocated at most, and still held once it returned."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = work()
        now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return peak - before, now - before


def test_a_200x200_maze_costs_a_few_bytes_a_cell_in_every_stage():
    # Bytes a cell, with in brackets what the code before issue 9 took (lists of ints,
    # tuples per run, point and cell): endpoints 18 (163), solving 18 (77), the drawing 0
    # (113), writing svg 39 (133), pdf 65 (228), png 48 (128).
    cells = 200 * 200
    for fmt in ("svg", "pdf", "png"):  # fonts and the like load once, before measuring
        export(with_endpoints(generate("wilson", 3, 3, 1), "border"), fmt, solution=True)
    maze = generate_on(SquareGrid(200, 200), "recursive-backtracker", 1)
    _ = maze.topology.border, maze.topology.present  # the shape's own tables
    # One search and one pass back up it, in flat arrays (order, parent, depth, farthest:
    # 4 bytes a cell each, not all at once); a cache keeps the cell bytes it was asked about.
    peak, held = traced(lambda: choose_endpoints(maze, "border"))
    assert peak < 24 * cells and held < 2 * cells
    maze = with_endpoints(maze, "border")
    peak, _ = traced(lambda: solution(maze))  # a search, and the path as a list
    assert peak < 24 * cells
    path = solution(maze)
    # A drawing holds the cell bytes and the path, nothing per run, point or cell.
    peak, held = traced(lambda: maze_drawing(maze, path))
    assert peak < 10_000 and held < 10_000
    # Writing holds the text or a strip of pixels, and little besides.
    for fmt, per_cell in (("svg", 50), ("pdf", 80), ("png", 64)):
        peak, _ = traced(partial(export, maze, fmt, solution=True))
        assert peak < per_cell * cells, fmt


def test_timings_list_every_stage_on_stderr_and_change_no_byte(tmp_path):
    args = [
        "--size",
        "12x9",
        "--seed",
        "3",
        "--endpoints",
        "border",
        "--solution",
        "--format",
        "svg",
        "-o",
        "-",
    ]
    timed = run(*args, "--timings", cwd=tmp_path)
    assert timed.returncode == 0
    assert timed.stdout == ok(*args, cwd=tmp_path)
    lines = timed.stderr.decode().splitlines()
    assert [line.split()[0] for line in lines] == [*STAGES, "total"]
    assert all(line.endswith(" s") and float(line.split()[1]) >= 0 for line in lines)


def test_a_stopwatch_gives_each_stage_the_time_since_the_last():
    watch = Stopwatch()
    watch.lap("carve")
    watch.lap("write")
    watch.lap("write")
    assert list(watch.seconds) == list(STAGES)
    assert watch.seconds["endpoints"] == 0.0 and watch.seconds["write"] >= 0.0
    assert watch.report().splitlines()[-1].startswith("total ")


def test_the_cli_loads_only_what_a_verb_runs():
    """`bookmaker maze` starts without the config models, the builder or the preflight: each
    verb imports its library when it runs (about 24 MB and 0.3 s saved at every start)."""
    import subprocess
    import sys

    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, bookmaker.cli; print(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for heavy in (
        "bookmaker.build",
        "bookmaker.config",
        "bookmaker.prepare",
        "bookmaker.preflight",
        "bookmaker.preflight.cover",
        "pydantic",
    ):
        assert heavy not in loaded, heavy


@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_a_full_grids_open_sides_from_its_rows_are_the_tables(kind):
    for size in [(1, 1), (1, 2), (2, 1), (1, 5), (5, 1), (2, 2), (3, 4), (4, 3), (7, 6), (8, 9)]:
        if kind == "triangle" and size[0] == 1 and size[1] > 2:
            continue  # no such maze (it would fall apart)
        topology = make_topology(kind, size)
        assert topology.open_sides == leading_sides(topology.neighbours, topology.sides), size
