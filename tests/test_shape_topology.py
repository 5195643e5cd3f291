"""Hex, triangle and polar topologies against docs/design.md's "Shapes", from references written here.

Every expectation is rebuilt from the contract's text, never asked of the code under test:
neighbour coordinates from the stated rules, ring sizes from the formula c(r), centres and
boxes from the geometry formulas, and, as a second derivation, neighbours as the cells whose
drawn outlines share a wall. The topology's own tables are only ever what is checked.

Side s is the passage bit 1 << s: hex N=1, NE=2, SE=4, S=8, SW=16, NW=32 are sides 0..5, and
triangles keep the square's N=1, E=2, S=4, W=8 (sides 0..3). Polar tables hold slots (the
layout of ``bookmaker.maze.polar_grid``): 0 inward, 1 clockwise, 2 anticlockwise, 3 and 4
outward; the centre's six outward neighbours take slots 2..7.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, pairwise

import pytest

from bookmaker.errors import BookmakerError
from bookmaker.maze import generate_on
from bookmaker.maze.polar_grid import (
    ANTICLOCKWISE,
    CENTRE_FIRST_SLOT,
    CLOCKWISE,
    INWARD,
    OUTWARD,
    PolarGrid,
    ring_counts,
)
from bookmaker.maze.shapes import make_topology
from bookmaker.maze.solve import count_turns, measure, solution, with_endpoints
from bookmaker.maze.triangle_grid import TriangleGrid

ROOT3_2 = math.sqrt(3) / 2  # a hexagon's half height, a triangle row's height (side 1)

HEX_SIDES = {"N": 0, "NE": 1, "SE": 2, "S": 3, "SW": 4, "NW": 5}
# docs/design.md: the (dx, dy) through each hex side, in an even column and in an odd one.
HEX_EVEN = {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 0), "NW": (-1, -1)}
HEX_ODD = {"N": (0, -1), "NE": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}
TRI_N, TRI_E, TRI_S, TRI_W = 0, 1, 2, 3

HEX_SIZES = [(1, 1), (1, 2), (1, 5), (2, 1), (5, 1), (2, 2), (2, 3), (3, 2), (4, 5), (5, 4), (6, 6)]
TRIANGLE_SIZES = [(1, 1), (1, 2), (2, 1), (5, 1), (2, 2), (2, 5), (3, 3), (4, 3), (5, 4), (6, 5)]
GRID_CASES = [("hex", size) for size in HEX_SIZES] + [("triangle", size) for size in TRIANGLE_SIZES]
RINGS = [1, 2, 3, 4, 5, 6, 7, 9]


def grid(kind: str, size: tuple[int, int]):
    return make_topology(kind, size)


def polar(rings: int):
    return make_topology("polar", rings=rings)


# ---- references, from docs/design.md's text ----


def _grid_id(x: int, y: int, width: int, height: int) -> int | None:
    return y * width + x if 0 <= x < width and 0 <= y < height else None


def grid_reference(kind: str, width: int, height: int) -> list[dict[int, int | None]]:
    """Per cell id, each side the cell has -> the neighbour's id, or None facing the outside."""
    cells = []
    for y in range(height):
        for x in range(width):
            if kind == "hex":
                steps = {HEX_SIDES[name]: step for name, step in (HEX_ODD if x % 2 else HEX_EVEN).items()}
            else:  # triangle: W and E always, the base below an upward cell, above a downward one
                steps = {TRI_W: (-1, 0), TRI_E: (1, 0)}
                if (x + y) % 2 == 0:
                    steps[TRI_S] = (0, 1)
                else:
                    steps[TRI_N] = (0, -1)
            cells.append({side: _grid_id(x + dx, y + dy, width, height) for side, (dx, dy) in steps.items()})
    return cells


def contract_ring_counts(rings: int) -> list[int]:
    """c(0) = 1, c(r) = c(r-1) x max(1, round(2 pi r / c(r-1)))."""
    counts = [1]
    for r in range(1, rings):
        counts.append(counts[-1] * max(1, round(2 * math.pi * r / counts[-1])))
    return counts


def polar_coordinates(rings: int) -> list[tuple[int, int]]:
    """(ring, index) of each cell id: ring by ring from the centre, clockwise in a ring."""
    return [(ring, index) for ring, count in enumerate(contract_ring_counts(rings)) for index in range(count)]


def polar_reference(rings: int) -> list[dict[str, set[int]]]:
    """Per cell id, its neighbours by kind: inward, clockwise, anticlockwise, outward."""
    counts = contract_ring_counts(rings)
    firsts = [sum(counts[:r]) for r in range(rings)]
    cells = [
        {"inward": set(), "clockwise": set(), "anticlockwise": set(), "outward": set()}
        for _ in range(sum(counts))
    ]
    for r in range(1, rings):
        c = counts[r]
        for i in range(c):
            kinds = cells[firsts[r] + i]
            kinds["clockwise"].add(firsts[r] + (i + 1) % c)
            kinds["anticlockwise"].add(firsts[r] + (i - 1) % c)
            inner = firsts[r - 1] + i // (c // counts[r - 1])
            kinds["inward"].add(inner)
            cells[inner]["outward"].add(firsts[r] + i)
    return cells


def step_kinds(topology) -> Callable[[int, int], object]:
    """How the contract names a step from a to b: the side on grids, the kind on polar."""
    if topology.kind == "polar":
        reference = polar_reference(topology.rings)
        return lambda a, b: next(kind for kind, cells in reference[a].items() if b in cells)
    reference = grid_reference(topology.kind, topology.width, topology.height)
    return lambda a, b: next(side for side, there in reference[a].items() if there == b)


def reference_turns(kind_of, path: list[int]) -> int:
    kinds = [kind_of(a, b) for a, b in pairwise(path)]
    return sum(before != after for before, after in pairwise(kinds))


def _wall(p: tuple[float, float], q: tuple[float, float]) -> frozenset:
    """A wall segment as the set of its two ends, rounded so that one corner is one point."""
    return frozenset((round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in (p, q))  # no -0.0


def hex_centre(x: int, y: int) -> tuple[float, float]:
    """docs/design.md for side s = 1: (s + 1.5 s x, (sqrt 3 / 2) s (1 + 2y + (x mod 2)))."""
    return 1 + 1.5 * x, ROOT3_2 * (1 + 2 * y + x % 2)


def hex_corners(x: int, y: int) -> list[tuple[float, float]]:
    """A flat-topped hexagon's corners clockwise from the top left: side k runs from k to k + 1
    (N, NE, SE, S, SW, NW)."""
    cx, cy = hex_centre(x, y)
    return [
        (cx + dx, cy + dy)
        for dx, dy in ((-0.5, -ROOT3_2), (0.5, -ROOT3_2), (1, 0), (0.5, ROOT3_2), (-0.5, ROOT3_2), (-1, 0))
    ]


def triangle_corners(x: int, y: int) -> dict[str, tuple[float, float]]:
    """docs/design.md: (x, y) spans x/2 .. x/2 + 1 across and y h .. (y+1) h down, up when x + y even."""
    left, right, middle = x / 2, x / 2 + 1, x / 2 + 0.5
    top, bottom = y * ROOT3_2, (y + 1) * ROOT3_2
    if (x + y) % 2 == 0:
        return {"apex": (middle, top), "left": (left, bottom), "right": (right, bottom)}
    return {"apex": (middle, bottom), "left": (left, top), "right": (right, top)}


def outline(kind: str, x: int, y: int) -> dict[int, frozenset]:
    """Each side of cell (x, y) as the wall segment drawn for it (a set of its two ends)."""
    if kind == "hex":
        corners = hex_corners(x, y)
        return {side: _wall(corners[side], corners[(side + 1) % 6]) for side in range(6)}
    c = triangle_corners(x, y)
    base = TRI_S if (x + y) % 2 == 0 else TRI_N
    return {
        TRI_W: _wall(c["left"], c["apex"]),
        TRI_E: _wall(c["apex"], c["right"]),
        base: _wall(c["left"], c["right"]),
    }


def all_corners(kind: str, width: int, height: int) -> list[tuple[float, float]]:
    corner_of = hex_corners if kind == "hex" else lambda x, y: list(triangle_corners(x, y).values())
    return [p for y in range(height) for x in range(width) for p in corner_of(x, y)]


def contract_centre(topology, cell: int) -> tuple[float, float]:
    if topology.kind == "polar":
        ring, index = polar_coordinates(topology.rings)[cell]
        if ring == 0:
            return topology.rings, topology.rings
        angle = math.radians(360 * (index + 0.5) / contract_ring_counts(topology.rings)[ring])
        # y grows downward: 12 o'clock is up, and clockwise turns from up to the right
        return (
            topology.rings + (ring + 0.5) * math.sin(angle),
            topology.rings - (ring + 0.5) * math.cos(angle),
        )
    x, y = cell % topology.width, cell // topology.width
    if topology.kind == "hex":
        return hex_centre(x, y)
    corners = list(triangle_corners(x, y).values())  # equilateral: its centroid is its centre
    return sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3


def contract_box(topology) -> tuple[float, float]:
    """The bounding box of the outer wall: the square around the circle for polar."""
    if topology.kind == "polar":
        return 2 * topology.rings, 2 * topology.rings
    corners = all_corners(topology.kind, topology.width, topology.height)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    assert min(xs) == min(ys) == 0  # the formulas measure from the box's top left
    return max(xs), max(ys)


def reference_border(topology) -> set[int]:
    if topology.kind == "polar":
        first_outer = sum(contract_ring_counts(topology.rings)[:-1])
        return set(range(first_outer, topology.cells))
    reference = grid_reference(topology.kind, topology.width, topology.height)
    return {cell for cell, sides in enumerate(reference) if None in sides.values()}


def open_neighbours(maze, cell: int) -> list[int]:
    """The cells the open sides of ``cell`` lead to, by the topology's table (which the tests
    above check against the contract)."""
    topology = maze.topology
    return [
        topology.neighbours[cell * topology.sides + side]
        for side in range(topology.sides)
        if maze.cells[cell] >> side & 1
    ]


def distances(maze, source: int) -> list[int]:
    dist = [-1] * maze.topology.cells
    dist[source] = 0
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in open_neighbours(maze, here):
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def path_between(maze, start: int, end: int) -> list[int]:
    dist = distances(maze, end)
    path = [start]
    while path[-1] != end:
        path.append(next(c for c in open_neighbours(maze, path[-1]) if dist[c] == dist[path[-1]] - 1))
    return path


# ---- hex and triangle ----


@pytest.mark.parametrize("kind, size", GRID_CASES)
def test_grid_neighbours_and_border_follow_the_contract(kind, size):
    topology = grid(kind, size)
    reference = grid_reference(kind, *size)
    sides, table = topology.sides, topology.neighbours
    assert topology.cells == len(reference) == size[0] * size[1]
    for cell, expected in enumerate(reference):
        row = [table[cell * sides + side] for side in range(sides)]
        # A side the cell lacks (a triangle's missing base) has no neighbour either.
        assert row == [-1 if expected.get(side) is None else expected[side] for side in range(sides)], (
            f"cell {cell}"
        )
        assert sum(there >= 0 for there in row) <= (6 if kind == "hex" else 3)
        assert topology.border[cell] == sum(1 << side for side, there in expected.items() if there is None)
        assert topology.open_sides[cell] == sum(
            1 << side for side, there in expected.items() if there is not None
        )


@pytest.mark.parametrize("kind, size", GRID_CASES)
def test_grid_back_sides_lead_back_through_the_contracts_side(kind, size):
    topology = grid(kind, size)
    reference = grid_reference(kind, *size)
    sides = topology.sides
    for index, there in enumerate(topology.neighbours):
        if there >= 0:
            cell = index // sides
            assert reference[there].get(topology.back[index]) == cell
            assert topology.neighbours[there * sides + topology.back[index]] == cell


@pytest.mark.parametrize("kind, size", GRID_CASES)
def test_grid_neighbours_are_the_cells_whose_drawn_walls_coincide(kind, size):
    # A second derivation, from the geometry alone: two cells are neighbours through the sides
    # whose wall segments coincide, and a side whose wall no other cell draws faces the outside.
    topology = grid(kind, size)
    width, height = size
    sides_of_wall: dict[frozenset, list[tuple[int, int]]] = {}
    for y in range(height):
        for x in range(width):
            for side, wall in outline(kind, x, y).items():
                sides_of_wall.setdefault(wall, []).append((y * width + x, side))
    for owners in sides_of_wall.values():
        assert len(owners) in (1, 2)
        if len(owners) == 1:
            ((cell, side),) = owners
            assert topology.neighbours[cell * topology.sides + side] == -1
            assert topology.border[cell] >> side & 1
        else:
            (a, side_a), (b, side_b) = owners
            assert topology.neighbours[a * topology.sides + side_a] == b
            assert topology.back[a * topology.sides + side_a] == side_b


@pytest.mark.parametrize("kind, size", GRID_CASES)
def test_grid_ids_centres_and_box_follow_the_geometry(kind, size):
    topology = grid(kind, size)
    width, height = size
    for cell in range(topology.cells):
        x, y = cell % width, cell // width
        assert topology.coordinates(cell) == (x, y)
        assert topology.cell_at(x, y) == cell
        assert topology.centre(cell) == pytest.approx(contract_centre(topology, cell), abs=1e-9)
    assert topology.box == pytest.approx(contract_box(topology), abs=1e-9)


def test_grid_box_examples():
    # hex 1xH is one column: 2 wide, sqrt 3 per row; a second column sits half a row lower
    assert grid("hex", (1, 3)).box == pytest.approx((2, 3 * math.sqrt(3)))
    assert grid("hex", (4, 3)).box == pytest.approx((6.5, 3.5 * math.sqrt(3)))
    # triangles: each one after the first adds half a side
    assert grid("triangle", (1, 2)).box == pytest.approx((1, math.sqrt(3)))
    assert grid("triangle", (6, 4)).box == pytest.approx((3.5, 2 * math.sqrt(3)))


def test_triangles_point_up_when_x_plus_y_is_even():
    topology = grid("triangle", (5, 4))
    assert [topology.points_up(cell) for cell in range(topology.cells)] == [
        (x + y) % 2 == 0 for y in range(4) for x in range(5)
    ]


@pytest.mark.parametrize("height", [3, 4, 9])
def test_a_triangle_grid_one_wide_and_over_two_tall_is_an_error(height):
    with pytest.raises(BookmakerError, match=rf"1x{height}"):
        TriangleGrid(1, height)
    with pytest.raises(BookmakerError, match=rf"1x{height}"):
        make_topology("triangle", (1, height))


@pytest.mark.parametrize("size", [(1, 1), (1, 2), (2, 3), (2, 9)])
def test_triangle_grids_one_wide_up_to_two_tall_or_two_wide_are_mazes(size):
    assert grid("triangle", size).cells == size[0] * size[1]


# ---- polar ----


def test_polar_ring_counts_follow_the_formula():
    expected = contract_ring_counts(31)
    assert expected[:7] == [1, 6, 12, 24, 24, 24, 48]  # the values docs/design.md lists
    assert ring_counts(31) == expected
    disc = polar(31)
    assert disc.counts == expected
    assert disc.cells == sum(expected)
    assert disc.firsts == [sum(expected[:r]) for r in range(31)]
    for rings in RINGS:
        assert polar(rings).counts == expected[:rings]
        assert polar(rings).cells == sum(expected[:rings])


@pytest.mark.parametrize("rings", RINGS)
def test_polar_ids_run_ring_by_ring_clockwise_from_12_oclock(rings):
    topology = polar(rings)
    counts = contract_ring_counts(rings)
    ids = polar_coordinates(rings)
    assert topology.cells == len(ids)
    for cell, (ring, index) in enumerate(ids):
        assert topology.coordinates(cell) == (ring, index)
        assert topology.cell_at(ring, index) == cell
        if ring:
            assert topology.angles(cell) == pytest.approx(
                (360 * index / counts[ring], 360 * (index + 1) / counts[ring])
            )
        assert topology.centre(cell) == pytest.approx(contract_centre(topology, cell), abs=1e-9)
    assert topology.box == contract_box(topology)
    if rings >= 2:  # ring 1's first cell lies just clockwise of 12 o'clock: up, a little right
        x, y = topology.centre(1)
        assert x > rings and y < rings - 1


@pytest.mark.parametrize("rings", RINGS)
def test_polar_neighbours_follow_the_contract(rings):
    topology = polar(rings)
    reference = polar_reference(rings)
    table = topology.neighbours
    assert topology.sides == 8
    for cell, kinds in enumerate(reference):
        row = list(table[cell * 8 : (cell + 1) * 8])
        if cell == 0:
            assert row[:CENTRE_FIRST_SLOT] == [-1, -1]
            outward = row[CENTRE_FIRST_SLOT:]
        else:
            assert {row[INWARD]} == kinds["inward"]
            assert {row[CLOCKWISE]} == kinds["clockwise"]
            assert {row[ANTICLOCKWISE]} == kinds["anticlockwise"]
            assert row[OUTWARD + 2 :] == [-1, -1, -1]  # outward: slots 3 and 4 at most
            outward = row[OUTWARD : OUTWARD + 2]
        assert sorted(c for c in outward if c >= 0) == sorted(kinds["outward"]), f"cell {cell}"
        for slot, there in enumerate(row):
            if there >= 0:
                back = topology.back[cell * 8 + slot]
                assert table[there * 8 + back] == cell


@pytest.mark.parametrize("rings", RINGS)
def test_polar_neighbours_are_the_cells_whose_walls_touch(rings):
    # From the drawing alone: ring r spans radii r..r+1, cell i the turn fractions i/c..(i+1)/c.
    # Cells of one ring touch along a radial wall; cells of rings r and r+1 along an arc of
    # positive length (the centre is the whole disc of radius 1).
    topology = polar(rings)
    counts = contract_ring_counts(rings)
    spans = [
        (ring, Fraction(i, count), Fraction(i + 1, count))
        for ring, count in enumerate(counts)
        for i in range(count)
    ]
    for a, (ring_a, lo_a, hi_a) in enumerate(spans):
        touching = set()
        for b, (ring_b, lo_b, hi_b) in enumerate(spans):
            if ring_a == ring_b != 0 and a != b:
                if hi_a % 1 == lo_b or hi_b % 1 == lo_a:
                    touching.add(b)
            elif abs(ring_a - ring_b) == 1 and max(lo_a, lo_b) < min(hi_a, hi_b):
                touching.add(b)
        table = topology.neighbours[a * 8 : (a + 1) * 8]
        assert sorted(c for c in table if c >= 0) == sorted(touching), f"cell {a}"


def test_polar_neighbour_counts_per_ring():
    # c = 1, 6, 12, 24, 24, 24, 48: a ring r cell has an inward and two sideways neighbours
    # plus c(r+1)/c(r) outward ones; the outermost ring none outward; the centre six.
    expected = {
        1: {0: 0},
        2: {0: 6, 1: 3},
        3: {0: 6, 1: 5, 2: 3},
        7: {0: 6, 1: 5, 2: 5, 3: 4, 4: 4, 5: 5, 6: 3},
    }
    for rings, per_ring in expected.items():
        topology = polar(rings)
        for cell, (ring, _) in enumerate(polar_coordinates(rings)):
            count = sum(c >= 0 for c in topology.neighbours[cell * 8 : (cell + 1) * 8])
            assert count == per_ring[ring], f"rings {rings}, cell {cell}"
            assert bin(topology.open_sides[cell]).count("1") == count
    counts = contract_ring_counts(31)
    assert all(counts[r + 1] // counts[r] in (1, 2) for r in range(1, 30))  # slots 3 and 4 do


@pytest.mark.parametrize("rings", RINGS)
def test_polar_border_is_the_outer_ring_facing_outward(rings):
    topology = polar(rings)
    outer = reference_border(topology)
    for cell in range(topology.cells):
        mask = topology.border[cell]
        if cell not in outer:
            assert mask == 0
            continue
        if cell:  # the outer wall is crossed outward
            assert mask == 1 << OUTWARD
            assert topology.neighbours[cell * 8 + OUTWARD] == -1
        else:  # a lone centre faces the outside through all six of its slots
            assert mask == sum(1 << slot for slot in range(CENTRE_FIRST_SLOT, 8))
            assert {topology.opening_side(0), topology.opening_side(0, exit=True)} == {
                CENTRE_FIRST_SLOT,
                CENTRE_FIRST_SLOT + 3,
            }


def test_polar_rejects_sizes_outside_its_range():
    for rings in (0, -3):
        with pytest.raises(BookmakerError, match="rings"):
            PolarGrid(rings)
    with pytest.raises(BookmakerError, match="rings"):
        make_topology("polar", size=(3, 3))


# ---- every shape ----

ALL_CASES = GRID_CASES + [("polar", rings) for rings in RINGS]


def topology_of(kind, size):
    return polar(size) if kind == "polar" else grid(kind, size)


def reference_edges(topology) -> set[frozenset]:
    if topology.kind == "polar":
        return {
            frozenset((cell, there))
            for cell, kinds in enumerate(polar_reference(topology.rings))
            for cells in kinds.values()
            for there in cells
        }
    return {
        frozenset((cell, there))
        for cell, sides in enumerate(grid_reference(topology.kind, topology.width, topology.height))
        for there in sides.values()
        if there is not None
    }


@pytest.mark.parametrize("kind, size", ALL_CASES)
def test_owned_sides_number_every_edge_exactly_once(kind, size):
    topology = topology_of(kind, size)
    owned = [
        frozenset((cell, topology.neighbours[cell * topology.sides + side]))
        for cell in range(topology.cells)
        for side in topology.owned_sides
        if topology.neighbours[cell * topology.sides + side] >= 0
    ]
    assert len(owned) == len(set(owned))
    assert set(owned) == reference_edges(topology)


def reference_middle_cell(topology) -> int:
    """The cell whose centre is nearest the middle of the box, the lowest id on a tie."""
    box_w, box_h = contract_box(topology)
    gaps = [
        math.dist(contract_centre(topology, cell), (box_w / 2, box_h / 2)) for cell in range(topology.cells)
    ]
    return next(cell for cell, gap in enumerate(gaps) if gap <= min(gaps) + 1e-9)


@pytest.mark.parametrize("kind, size", ALL_CASES)
def test_middle_cell_is_nearest_the_middle_of_the_box(kind, size):
    topology = topology_of(kind, size)
    assert topology.middle_cell() == reference_middle_cell(topology)
    if kind == "polar":
        assert topology.middle_cell() == 0  # the centre cell's centre is the middle


def test_middle_cell_examples():
    # (1, 1): its centre (2.5, 2 sqrt 3) is nearest the box's middle (2.5, 1.75 sqrt 3)
    assert grid("hex", (3, 3)).middle_cell() == 4
    assert grid("hex", (2, 1)).middle_cell() == 0  # both equally near: the lower id
    assert grid("triangle", (5, 3)).middle_cell() == 7  # (2, 1), pointing down


ENDPOINT_CASES = [
    ("hex", (1, 1)),
    ("hex", (5, 1)),
    ("hex", (1, 5)),
    ("hex", (4, 3)),
    ("hex", (7, 6)),
    ("triangle", (1, 1)),
    ("triangle", (1, 2)),
    ("triangle", (2, 1)),
    ("triangle", (5, 3)),
    ("triangle", (8, 4)),
    ("polar", 1),
    ("polar", 2),
    ("polar", 3),
    ("polar", 5),
]


def sample_mazes(kind, size):
    topology = topology_of(kind, size)
    return [
        generate_on(topology, name, seed) for name in ("wilson", "recursive-backtracker") for seed in range(3)
    ]


@pytest.mark.parametrize("kind, size", ENDPOINT_CASES)
def test_centre_endpoints_finish_in_the_middle_and_start_farthest_on_the_border(kind, size):
    for maze in sample_mazes(kind, size):
        placed = with_endpoints(maze, "centre")
        middle = reference_middle_cell(maze.topology)
        assert placed.end == middle
        dist = distances(maze, middle)
        border = sorted(reference_border(maze.topology))
        farthest = max(dist[cell] for cell in border)
        assert placed.start == min(cell for cell in border if dist[cell] == farthest)


@pytest.mark.parametrize("kind, size", ENDPOINT_CASES)
def test_border_endpoints_are_the_border_cells_farthest_apart(kind, size):
    for maze in sample_mazes(kind, size):
        placed = with_endpoints(maze, "border")
        border = reference_border(maze.topology)
        assert placed.start in border and placed.end in border
        dist = {cell: distances(maze, cell) for cell in border}
        best = max((dist[a][b] for a, b in combinations(sorted(border), 2)), default=0)
        assert dist[placed.start][placed.end] == best


@pytest.mark.parametrize("kind, size", ENDPOINT_CASES)
@pytest.mark.parametrize("mode", ["centre", "border", "diameter"])
def test_turns_count_changes_of_step_kind_along_the_solution(kind, size, mode):
    for maze in sample_mazes(kind, size):
        placed = with_endpoints(maze, mode)
        path = path_between(maze, placed.start, placed.end)
        assert solution(placed) == path
        stats = measure(placed)
        assert stats.solution_length == len(path)
        assert stats.turns == reference_turns(step_kinds(maze.topology), path)


@pytest.mark.parametrize(
    "kind, size, path, turns",
    [
        # hex 3x3: down a column; down a diagonal (SE, SE); along a row (SE then NE)
        ("hex", (3, 3), [0, 3, 6], 0),
        ("hex", (3, 3), [0, 1, 5], 0),
        ("hex", (3, 3), [0, 1, 2], 1),
        # triangle 4x2: along a row, E then E is straight, and W then W; a base then east
        ("triangle", (4, 2), [0, 1, 2, 3], 0),
        ("triangle", (4, 2), [3, 2, 1, 0], 0),
        ("triangle", (4, 2), [0, 4, 5, 6], 1),
        ("triangle", (4, 2), [1, 2, 6, 5], 2),
        # polar, 4 rings (1, 6, 12, 24 cells; first ids 0, 1, 7, 19): every outward step is one
        # kind, whether from the centre or through either outward slot
        ("polar", 4, [0, 1, 8, 21], 0),
        ("polar", 4, [0, 1, 7, 19], 0),
        ("polar", 4, [0, 1, 8, 22], 0),
        ("polar", 4, [22, 8, 1, 0], 0),
        ("polar", 4, [9, 8, 7, 18], 0),
        ("polar", 4, [1, 7, 8, 9], 1),
        ("polar", 4, [1, 0, 4], 1),
        ("polar", 4, [7, 1, 2, 9], 2),
    ],
)
def test_turns_on_hand_drawn_paths(kind, size, path, turns):
    topology = topology_of(kind, size)
    assert reference_turns(step_kinds(topology), path) == turns
    assert count_turns(topology, path) == turns
