"""The polar poster pipeline (issue 29): walls kept as whole numbers, the neighbour table
filled a ring at a time, the solution line stepped ring to ring, arcs written as text
without reportlab's path object, and the cells of the path made as they are read.

Each is checked against the plain way of doing the same thing (reportlab's own ``arc``
and ``arcTo``, exact fractions of a turn, a cell-by-cell loop, ``PolarGrid``'s own
angles and centres); tests/test_output_hashes.py and tests/fixtures/shape_hashes.json
hold the outputs themselves byte for byte. Small mazes and few examples: no test times
anything.
"""

from __future__ import annotations

import math
import pickle
import random
from array import array
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from bookmaker.geometry import Arc, maze_drawing
from bookmaker.geometry.polar import PolarWalls, solution_line
from bookmaker.geometry.primitives import on_circle, openings
from bookmaker.maze import generate_on
from bookmaker.maze.polar_grid import CENTRE_FIRST_SLOT, CLOCKWISE, INWARD, OUTWARD, PolarGrid
from bookmaker.maze.solve import solution, with_endpoints
from bookmaker.render import canvas as canvas_module


def polar(rings: int, seed: int, algorithm: str = "wilson"):
    return with_endpoints(generate_on(PolarGrid(rings), algorithm, seed), "border")


def reportlab_arc(arc: Arc, join: bool) -> str:
    """What reportlab's path object writes for ``arc`` (its ``n`` taken off): the call the
    canvas made for every arc before it wrote them itself."""
    path = Canvas(None).beginPath()
    if join:  # arcTo draws a line from the current point, which a path needs first
        path.moveTo(0, 0)
    box = (arc.cx - arc.radius, arc.cy - arc.radius, arc.cx + arc.radius, arc.cy + arc.radius)
    (path.arcTo if join else path.arc)(*box, startAng=arc.start - 90, extent=arc.end - arc.start)
    code = path.getCode()
    return code.removeprefix("n 0 0 m " if join else "n ")


angles = st.floats(-720, 720, allow_nan=False).map(lambda a: round(a, 3))


@settings(max_examples=60)
@given(
    centre=st.integers(0, 2000),
    radius=st.one_of(st.integers(1, 1000), st.integers(1, 1000).map(lambda r: r + 0.5)),
    spans=st.lists(st.tuples(angles, angles).filter(lambda s: s[0] != s[1]), min_size=1, max_size=6),
    join=st.booleans(),
)
def test_arc_text_is_what_reportlabs_path_object_writes(centre, radius, spans, join):
    # One writer for many arcs: what it keeps of one arc's angles (and of one circle) must
    # not leak into the next's, on this circle or on another of the same angles.
    text = canvas_module._ArcText()
    for start, end in spans:
        for circle in (radius, radius + 1):
            arc = Arc(centre, centre, circle, start, end)
            assert text(arc, join) == reportlab_arc(arc, join)
    arcs = [Arc(centre, centre, radius, start, end) for start, end in spans]
    assert text.circle(centre, centre, radius, spans, join) == " ".join(reportlab_arc(a, join) for a in arcs)


def test_arc_text_on_a_ring_of_cells_is_reportlabs():
    # A poster's arcs: a ring's cells, alone and in runs, and through 12 o'clock.
    text = canvas_module._ArcText()
    for radius, count in ((1, 6), (7, 48), (300, 1536), (571, 3072)):
        for start, stop in ((0, 1), (count - 1, count), (5, 9), (count - 2, count + 3), (0, count)):
            arc = Arc(571, 571, radius, 360 * start / count, 360 * stop / count)
            assert text(arc) == reportlab_arc(arc, join=False)


def reference_walls(maze) -> list:
    """The walls as they were found before they were kept as whole numbers: arcs in
    ``Arc``s, radial walls keyed by exact fractions of a turn."""
    grid, cells = maze.topology, maze.cells
    middle, arcs = grid.rings, []

    def circle(radius, standing):
        count, runs, index = len(standing), [], 0
        while index < count:
            stop = index
            while stop < count and standing[stop]:
                stop += 1
            if stop > index:
                runs.append([index, stop])
            index = stop + 1
        if len(runs) > 1 and runs[0][0] == 0 and runs[-1][1] == count:
            runs[-1][1] = count + runs.pop(0)[1]
        return [Arc(middle, middle, radius, 360 * a / count, 360 * b / count) for a, b in runs]

    for ring in range(1, grid.rings):
        first = grid.firsts[ring]
        arcs += circle(ring, [not cells[c] >> INWARD & 1 for c in range(first, first + grid.counts[ring])])
    gaps, outer = openings(maze), grid.rings - 1
    if outer:
        first = grid.firsts[outer]
        pieces = [(cell, OUTWARD) for cell in range(first, first + grid.counts[outer])]
    else:
        pieces = [(0, slot) for slot in range(CENTRE_FIRST_SLOT, CENTRE_FIRST_SLOT + 6)]
    arcs += circle(grid.rings, [piece not in gaps for piece in pieces])
    radial: dict[Fraction, list[int]] = {}
    for ring in range(1, grid.rings):
        count, first = grid.counts[ring], grid.firsts[ring]
        for index in range(count):
            if not cells[first + index] >> CLOCKWISE & 1:
                radial.setdefault(Fraction((index + 1) % count, count), []).append(ring)
    segments = []
    for turn, crossed in radial.items():
        angle = float(360 * turn)
        start = crossed[0]
        for ring, following in zip(crossed, [*crossed[1:], -1], strict=True):
            if following != ring + 1:
                segments.append(
                    (*on_circle(middle, middle, start, angle), *on_circle(middle, middle, ring + 1, angle))
                )
                start = following
    return [*arcs, *segments]


def test_walls_kept_as_whole_numbers_are_the_arcs_and_segments_found_before():
    for rings, seed, algorithm in (
        (1, 1, "wilson"),
        (2, 2, "prim"),
        (3, 3, "kruskal"),
        (9, 4, "wilson"),
        (30, 5, "recursive-backtracker"),
    ):
        maze = polar(rings, seed, algorithm)
        walls = maze_drawing(maze).walls
        assert isinstance(walls, PolarWalls)
        expected = reference_walls(maze)
        assert list(walls) == expected and len(walls) == len(expected)
        # The same numbers, not only equal ones: 0.0 is written "0", -0.0 "-0".
        assert repr(list(walls)) == repr(expected)


def test_polar_walls_read_and_write_the_same_after_a_trip_to_a_worker_process():
    # Drawings made in a worker process are pickled back and drawn there.
    maze = polar(12, 7)
    drawing = maze_drawing(maze, solution(maze))
    back = pickle.loads(pickle.dumps(drawing))
    assert list(back.walls) == list(drawing.walls)
    canvas = Canvas(None)
    assert (
        canvas_module._walls(canvas, back.walls).getCode()
        == canvas_module._walls(canvas, drawing.walls).getCode()
    )
    cells = list(drawing.solution_cells)
    assert len(cells) == len(drawing.solution_cells) > 1
    assert (
        list(back.solution_cells) == cells == back.solution_cells[:] and back.solution_cells[-1] == cells[-1]
    )


def test_polar_paths_written_in_bulk_are_what_reportlab_writes_call_by_call():
    maze = polar(9, 8)
    drawing = maze_drawing(maze, solution(maze))
    canvas = Canvas(None)
    by_hand = canvas.beginPath()
    for wall in drawing.walls:
        if isinstance(wall, Arc):
            box = (wall.cx - wall.radius, wall.cy - wall.radius, wall.cx + wall.radius, wall.cy + wall.radius)
            by_hand.arc(*box, startAng=wall.start - 90, extent=wall.end - wall.start)
        else:
            by_hand.moveTo(*wall[:2])
            by_hand.lineTo(*wall[2:])
    assert canvas_module._walls(canvas, drawing.walls).getCode() == by_hand.getCode()
    by_hand = canvas.beginPath()
    by_hand.moveTo(*drawing.solution[0])
    for step in drawing.solution[1:]:
        if isinstance(step, Arc):
            box = (step.cx - step.radius, step.cy - step.radius, step.cx + step.radius, step.cy + step.radius)
            by_hand.arcTo(*box, startAng=step.start - 90, extent=step.end - step.start)
        else:
            by_hand.lineTo(*step)
    assert canvas_module._line(drawing.solution).getCode() == by_hand.getCode()


def reference_tables(grid: PolarGrid) -> tuple[array, bytes]:
    """The neighbour and back tables filled a cell at a time, as DESIGN.md states them."""
    table, back = array("i", [-1]) * (grid.cells * 8), bytearray(grid.cells * 8)
    for ring in range(1, grid.rings):
        count, first = grid.counts[ring], grid.firsts[ring]
        fan = count // grid.counts[ring - 1]
        for index in range(count):
            base = (first + index) * 8
            inner = grid.firsts[ring - 1] + index // fan
            slot = CENTRE_FIRST_SLOT + index if ring == 1 else OUTWARD + index % fan
            table[base + INWARD], back[base + INWARD] = inner, slot
            table[inner * 8 + slot], back[inner * 8 + slot] = first + index, INWARD
            table[base + CLOCKWISE], back[base + CLOCKWISE] = first + (index + 1) % count, 2
            table[base + 2], back[base + 2] = first + (index - 1) % count, CLOCKWISE
    return table, bytes(back)


def test_neighbour_tables_filled_a_ring_at_a_time_are_the_cell_by_cell_ones():
    for rings in (1, 2, 3, 4, 7, 12, 40):
        grid = PolarGrid(rings)
        assert (grid.neighbours, grid.back) == reference_tables(grid)


def reference_line(grid: PolarGrid, path: list[int]) -> list:
    """The solution line from ``PolarGrid``'s own sides, angles and centres."""
    middle, line = grid.rings, [grid.centre(path[0])]

    def middle_angle(cell):
        start, end = grid.angles(cell)
        return (start + end) / 2

    for here, there in zip(path, path[1:], strict=False):
        side = grid.side_between(here, there)
        if here and side in (1, 2):
            ring, index = grid.coordinates(here)
            step = 360 / grid.counts[ring]
            angle = (index + 0.5) * step
            line.append(Arc(middle, middle, ring + 0.5, angle, angle + (step if side == 1 else -step)))
            continue
        inner, outer = sorted((here, there))
        if inner == 0:
            line.append(grid.centre(there))
            continue
        radius = grid.coordinates(inner)[0] + 0.5
        swing = Arc(middle, middle, radius, middle_angle(inner), middle_angle(outer))
        if there == outer:
            line += [swing] if swing.start != swing.end else []
            line.append(grid.centre(there))
        else:
            line.append(swing.at(swing.end))
            line += [Arc(middle, middle, radius, swing.end, swing.start)] if swing.start != swing.end else []
    return line


@settings(max_examples=40)
@given(rings=st.integers(1, 40), seed=st.integers(0, 10**6))
def test_solution_line_stepped_ring_to_ring_is_the_one_from_the_grids_angles(rings, seed):
    # A random walk through neighbours: sideways both ways, in and out, through the centre.
    grid, rng = PolarGrid(rings), random.Random(seed)
    path = [rng.randrange(grid.cells)]
    for _ in range(rng.randrange(1, 60)):
        around = [cell for cell in grid.neighbours[path[-1] * 8 : path[-1] * 8 + 8] if cell >= 0]
        if not around:
            break
        path.append(rng.choice(around))
    line, expected = solution_line(grid, path), reference_line(grid, path)
    assert repr(line) == repr(expected)
    assert [type(step) for step in line] == [type(step) for step in expected]
    assert all(isinstance(value, float) for step in line if not isinstance(step, Arc) for value in step)


def test_radial_walls_point_at_the_middle_on_the_angles_of_the_rings_cells():
    maze = polar(20, 9)
    walls = maze_drawing(maze).walls
    assert isinstance(walls, PolarWalls)
    for x0, y0, x1, y1 in walls.radial_walls():
        angle = math.degrees(math.atan2(x0 - 20, 20 - y0)) % 360
        assert abs((x0 - 20) * (y1 - 20) - (y0 - 20) * (x1 - 20)) < 1e-9
        inner = round(math.hypot(x0 - 20, y0 - 20))
        count = maze.topology.counts[inner]
        assert abs(angle * count / 360 - round(angle * count / 360)) < 1e-6
