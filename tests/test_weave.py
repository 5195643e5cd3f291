"""Weave mazes (docs/design.md, "Weave"): crossings placed first, then Kruskal's.

The references here know nothing of ``weave.py``: they read passages as cell pairs, check
a spanning tree by union-find, and carve the documented seed -> maze contract again with a
plain sort and union-find, so the fast carving must agree with the slow one.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookmaker.config import load_book
from bookmaker.errors import BookmakerError
from bookmaker.geometry import maze_drawing
from bookmaker.geometry.primitives import solid_pieces
from bookmaker.language import Words
from bookmaker.maze import generate, generate_on, recipe
from bookmaker.maze.codes import read_code, recipe_code
from bookmaker.maze.solve import count_turns, distances_from, is_perfect, measure, solution, with_endpoints
from bookmaker.maze.topology import E, N, S, SquareGrid, W
from bookmaker.maze.weave import TUNNEL_E, TUNNEL_N, TUNNEL_S, TUNNEL_W, WeaveGrid, crossings
from bookmaker.plan.words import SectionFacts, how_to_text
from bookmaker.render.export import pdf_layout, to_pdf
from bookmaker.render.maze_json import maze_record
from tests.command_line import in_process
from tests.readback import page_texts


def woven(width: int, height: int, seed: int, share: float = 0.6, endpoints: str | None = None):
    maze = generate_on(SquareGrid(width, height), "kruskal", seed, weave=share)
    return with_endpoints(maze, endpoints) if endpoints else maze


def pairs(record: dict) -> set[tuple[int, int]]:
    return {(a, b) for a, b in record["passages"]}


def is_spanning_tree(cells: int, edges: set[tuple[int, int]]) -> bool:
    parent = list(range(cells))

    def find(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return len(edges) == cells - 1


def check_crossings(width: int, cells: bytes | bytearray, found: list) -> None:
    """Every tunnel runs under a straight crossing, and every crossing has its tunnel."""
    for cell, bits in enumerate(cells):
        for tunnel, step, back, over in ((TUNNEL_S, width, TUNNEL_N, E | W), (TUNNEL_E, 1, TUNNEL_W, N | S)):
            if bits & tunnel:
                middle = cell + step
                assert cells[middle + step] & back
                # the crossing cell: its over-passage straight through, nothing else
                assert cells[middle] == over
                assert (middle, "h" if over == E | W else "v") in found
    assert len(found) == sum(bin(bits & (TUNNEL_S | TUNNEL_E)).count("1") for bits in cells)


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(1, 9),
    height=st.integers(1, 9),
    seed=st.integers(0, 2**32),
    share=st.sampled_from([0.01, 0.3, 0.5, 0.99, 1.0]),
)
def test_woven_mazes_are_perfect_and_tunnel_only_under_straight_crossings(width, height, seed, share):
    maze = woven(width, height, seed, share)
    record = maze_record(maze)
    assert record["format"] == "bookmaker.maze/2" and record["perfect"] is True
    assert is_spanning_tree(width * height, pairs(record))
    assert is_perfect(maze)
    found = crossings(maze)
    assert record["crossings"] == [list(crossing) for crossing in found]
    assert found == sorted(found)
    check_crossings(width, maze.cells, found)


def test_a_full_weave_places_many_crossings_and_a_small_share_few():
    full = len(crossings(woven(30, 30, 1, 1.0)))
    few = len(crossings(woven(30, 30, 1, 0.1)))
    # every possible crossing: about one inner cell in eight; 0.1 a tenth of those
    assert 60 < full < 140 and full / 20 < few < full / 5


@pytest.mark.parametrize("seed", range(4))
def test_weave_zero_is_the_maze_without_weave(seed):
    plain = generate("kruskal", 15, 11, seed)
    unwoven = generate_on(SquareGrid(15, 11), "kruskal", seed, weave=0.0)
    assert unwoven.cells == plain.cells and not isinstance(unwoven.topology, WeaveGrid)
    assert maze_record(with_endpoints(unwoven, "opposite"))["format"] == "bookmaker.maze/1"


def reference_carve(width: int, height: int, seed: int, share: float) -> set[tuple[int, int]]:
    """weave.py's docstring, carved plainly: the passages, as cell pairs."""
    n = width * height
    rng = random.Random(seed)
    keys = rng.getrandbits(128 * n).to_bytes(16 * n, "little")
    word = [int.from_bytes(keys[4 * i : 4 * i + 4], "little") for i in range(4 * n)]
    parent = list(range(n))

    def find(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    def wall(a: int, b: int) -> int:
        a, b = min(a, b), max(a, b)
        return 2 * a + (b - a != 1)

    def inner(c: int) -> bool:
        return 0 < c % width < width - 1 and 0 < c // width < height - 1

    def crossing_key(c: int) -> int:
        return word[4 * c + 1] >> 5

    settled: dict[int, str] = {}  # wall -> 'open', 'closed', 'last'
    passages: set[tuple[int, int]] = set()
    possible = [
        c
        for c in range(n)
        if inner(c)
        and all(
            crossing_key(c) < crossing_key(c + dx + dy * width)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0) and inner(c + dx + dy * width)
        )
    ]
    for c in sorted(possible, key=lambda c: (crossing_key(c), c)):
        if share < 1 and word[4 * c + 3] >> 1 >= int(share * 2**31):
            continue
        w, e, up, down = c - 1, c + 1, c - width, c + width
        assert not any(wall(c, o) in settled for o in (w, e, up, down))
        rw, re, rn, rs = find(w), find(e), find(up), find(down)
        if rw == re or rn == rs or {rn, rs} <= {rw, re}:
            continue
        way = "h" if word[4 * c + 1] & 1 else "v"
        sides = (
            [wall(m, m + d) for m in (up, down) for d in (-1, 1)]
            if way == "h"
            else [wall(m, m + d) for m in (w, e) for d in (-width, width)]
        )
        over, under = ((w, e), (up, down)) if way == "h" else ((up, down), (w, e))
        for o in over:
            assert settled.get(wall(c, o)) is None
            settled[wall(c, o)] = "open"
            passages.add((min(c, o), max(c, o)))
            parent[find(o)] = find(c)
        for o in under:
            settled[wall(c, o)] = "closed"
        for x in sides:
            assert settled.get(x) != "open"
            settled[x] = "last"
        passages.add((min(under), max(under)))
        parent[find(under[0])] = find(under[1])

    def key(x: int) -> tuple[int, int]:
        return ((word[2 * x] >> 5) << 26 | word[2 * x + 1] >> 6, x)

    walls = [2 * c for c in range(n) if c % width < width - 1] + [2 * c + 1 for c in range(n - width)]
    free = sorted((x for x in walls if x not in settled), key=key)
    last = sorted((x for x in walls if settled.get(x) == "last"), key=key)
    for x in free + last:
        a = x // 2
        b = a + (width if x % 2 else 1)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            passages.add((a, b))
    return passages


@settings(max_examples=30, deadline=None)
@given(
    width=st.integers(1, 14),
    height=st.integers(1, 14),
    seed=st.integers(0, 2**32),
    share=st.sampled_from([0.2, 0.5, 1.0]),
)
def test_carving_follows_the_documented_contract(width, height, seed, share):
    record = maze_record(woven(width, height, seed, share))
    assert pairs(record) == reference_carve(width, height, seed, share)


def test_woven_mazes_are_the_same_for_the_same_seed_pinned():
    maze = woven(10, 8, 2026, 1.0)
    assert crossings(maze) == [
        (11, "h"), (13, "v"), (15, "h"), (18, "h"), (33, "v"),
        (36, "v"), (41, "v"), (48, "h"), (61, "v"), (64, "h"),
    ]  # fmt: skip
    assert bytes(maze.cells).hex() == (
        "0440020e084004044004070a2805820a0f0f0a0d0514020f08120d0114050107"
        "28058228058041012005820f0e0e0b0a0a0c020d020941070a0c14012005820e"
        "0a0904050708020b0a0910020b0b0b08"
    )


def test_tunnels_are_straight_single_steps_in_solutions_and_statistics():
    maze = woven(12, 10, 3, 1.0, "opposite")
    path = solution(maze)
    assert path is not None
    tunnels = [(a, b) for a, b in pairwise(path) if abs(a - b) in (2, 24)]
    assert tunnels, "this seed's solution goes through a tunnel"
    for a, b in tunnels:
        assert ((a + b) // 2, "h" if abs(a - b) == 24 else "v") in crossings(maze)

    # A tunnel is one step; it keeps the way it goes, so it is no turn.
    def way(a: int, b: int) -> tuple[bool, bool]:
        return b > a, abs(b - a) in (1, 2)  # forward, and across (not up or down)

    ways = [way(a, b) for a, b in pairwise(path)]
    assert count_turns(maze.topology, path) == sum(1 for x, y in pairwise(ways) if x != y)
    stats = measure(maze, path)
    assert stats.solution_length == len(path) and stats.loops == 0
    # A dead end has one passage, a tunnel included; a crossing cell has two.
    degree = [bin(bits).count("1") for bits in maze.cells]
    assert stats.dead_ends == degree.count(1)
    assert stats.junctions == sum(1 for d in degree if d >= 3)
    # the longest path is the tree's diameter, in cells, tunnels one step each
    assert stats.longest_path == 1 + max(
        max(distances_from(maze, cell)) for cell in range(maze.topology.cells)
    )


def test_json_round_trip_rebuilds_the_cell_bits():
    maze = woven(10, 8, 11, 0.8, "border")
    record = json.loads(json.dumps(maze_record(maze, solution=True)))
    width = record["shape"]["width"]
    cells = bytearray(record["cells"])
    for a, b in record["passages"]:
        step = b - a
        bit_a, bit_b = {1: (E, W), width: (S, N), 2: (TUNNEL_E, TUNNEL_W), 2 * width: (TUNNEL_S, TUNNEL_N)}[
            step
        ]
        cells[a] |= bit_a
        cells[b] |= bit_b
    assert cells == maze.cells
    assert record["solution"] == solution(maze)
    assert [tuple(c) for c in record["crossings"]] == crossings(maze)


def test_recipes_and_codes_carry_the_weave(tmp_path):
    maze = woven(14, 9, 77, 0.5, "opposite")
    assert recipe(maze) == "kruskal 14x9 seed 77 weave=0.5 opposite"
    code = recipe_code(maze)
    assert code is not None
    parts = read_code(code)
    assert (parts.algorithm, parts.width, parts.height, parts.seed, parts.weave) == (
        "kruskal",
        14,
        9,
        77,
        0.5,
    )
    by_code = in_process("maze", "--code", code, "--format", "json", cwd=tmp_path)
    by_flags = in_process(
        "maze",
        "-a",
        "kruskal",
        "--size",
        "14x9",
        "--seed",
        "77",
        "--weave",
        "0.5",
        "-f",
        "json",
        cwd=tmp_path,
    )
    assert by_code.returncode == 0 and by_code.stdout == by_flags.stdout
    assert pairs(json.loads(by_code.stdout)) == pairs(maze_record(maze))
    # an unwoven maze keeps its old code
    plain = with_endpoints(generate("kruskal", 14, 9, 77), "opposite")
    assert read_code(recipe_code(plain)).weave == 0.0  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-a", "wilson", "--weave", "0.5"],
            "--weave works on whole square grids carved by kruskal, not with wilson",
        ),
        (["-a", "kruskal", "--shape", "hex", "--weave", "0.5"], "not on hex grids"),
        (["-a", "kruskal", "--outline", "heart", "--size", "20x20", "--weave", "0.5"], "not with a mask"),
        (["-a", "kruskal", "--braid", "0.5", "--weave", "0.5"], "not with braid"),
        (["-a", "kruskal", "--weave", "2"], "--weave takes a share from 0 to 1, got 2"),
        (
            ["-a", "kruskal", "--weave", "0.5", "-f", "ascii"],
            "ascii has no way to draw a passage under another",
        ),
    ],
)
def test_the_maze_command_refuses_weave_where_it_cannot_go(tmp_path, args, message):
    done = in_process("maze", *args, cwd=tmp_path)
    assert done.returncode != 0 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


BOOK = """\
title: Woven
seed: 3
sections:
  - title: Over and under
    algorithm: {algorithm}
    size: 8x8
    count: 1
    weave: 0.5
{extra}"""


@pytest.mark.parametrize(
    ("algorithm", "extra", "line", "message"),
    [
        ("wilson", "", 8, "not with wilson; set algorithm: kruskal"),
        ("kruskal", "    braid: 0.3\n", 8, "not with braid"),
        ("kruskal", "    shape: hex\n", 8, "not on hex grids"),
    ],
)
def test_a_book_refuses_weave_where_it_cannot_go_naming_the_line(tmp_path, algorithm, extra, line, message):
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(algorithm=algorithm, extra=extra))
    with pytest.raises(BookmakerError) as error:
        load_book(path)
    text = str(error.value)
    assert f"book.yaml:{line}" in text and "weave" in text and message in text


def test_a_woven_book_records_and_regenerates_its_mazes(tmp_path):
    (tmp_path / "book.yaml").write_text(BOOK.format(algorithm="kruskal", extra="") + "answer_key: {}\n")
    done = in_process("build", "book.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "output" / "book.manifest.json").read_text())
    (entry,) = manifest["mazes"]
    assert entry["weave"] == 0.5 and entry["shape"] == {"kind": "square", "width": 8, "height": 8}
    again = in_process("maze", "--code", entry["code"], "-f", "json", cwd=tmp_path)
    record = json.loads(again.stdout)
    assert record["crossings"] and (record["start"], record["end"]) == (entry["start"], entry["end"])
    assert record["stats"]["solution_length"] == entry["solution_length"]
    # Its how-to page tells a reader how to read a crossing, and the answer key's dashes.
    text = " ".join(" ".join(page_texts(tmp_path / "output" / "book.pdf")).split())
    assert "In a woven maze, paths cross like bridges." in text
    assert "In the answers, the path is dashed where it runs" in text


def facts(woven: bool, answers: bool) -> SectionFacts:
    return SectionFacts("Over and under", "square", frozenset(), frozenset(), False, answers, woven=woven)


@pytest.mark.parametrize(
    ("language", "crossing", "dashed"),
    [
        ("en", "paths cross like bridges", "the path is dashed"),
        ("de", "kreuzen sich Wege wie Brücken", "ist der Weg gestrichelt"),
        ("pl", "drogi krzyżują się jak mosty", "droga jest przerywana"),
    ],
)
def test_the_how_to_page_explains_crossings_only_where_mazes_weave(language, crossing, dashed):
    words = Words(language)
    with_answers = how_to_text(words, [facts(False, True), facts(True, True)], False, True)
    assert crossing in with_answers and dashed in with_answers
    without_answers = how_to_text(words, [facts(True, False)], False, False)
    assert crossing in without_answers and dashed not in without_answers
    flat = how_to_text(words, [facts(False, True)], False, True)
    assert crossing not in flat and dashed not in flat


# Pixel readback: the PDF page rendered, each wall read where the JSON says it is.
CELL = 24.0  # points a cell: a 8.5 mm corridor; SCALE pixels a point
SCALE = 4


def page_pixels(maze, solution_page: bool = False):
    data = to_pdf(maze, solution=solution_page, cell=CELL)
    page = pdfium.PdfDocument(data)[1 if solution_page else 0]
    image = page.render(scale=SCALE, grayscale=True).to_pil()
    _, page_h, left, top, _ = pdf_layout(maze, CELL)

    def at(x: float, y: float) -> int:
        """The grey at cell coordinates (x, y), y down from the maze's top."""
        return image.getpixel((round((left + x * CELL) * SCALE), round((page_h - top + y * CELL) * SCALE)))

    return at


def test_the_drawing_shows_each_passage_and_each_crossing_over_passage_whole():
    maze = woven(9, 7, 4, 1.0)
    at = page_pixels(maze)
    record = maze_record(maze)
    width, height = 9, 7
    opened = pairs(record)
    found = dict(crossings(maze))
    assert found
    for cell in range(width * height):
        y, x = divmod(cell, width)
        for other, mid in ((cell + 1, (x + 1, y + 0.5)), (cell + width, (x + 0.5, y + 1))):
            if (other == cell + 1 and x == width - 1) or other >= width * height:
                continue
            dark = at(*mid) < 128
            assert dark == ((cell, other) not in opened), (cell, other)
    for cell, over in found.items():
        y, x = divmod(cell, width)
        if over == "h":  # its north and south walls unbroken, end to end
            whole = [(x + t, y + e) for e in (0, 1) for t in (0.05, 0.25, 0.5, 0.75, 0.95)]
            # the tunnel's mouths' side walls stop short of them: light just beside the crossing
            gaps = [(x + s, y + d) for s in (0, 1) for d in (-0.12, 1.12)]
        else:
            whole = [(x + e, y + t) for e in (0, 1) for t in (0.05, 0.25, 0.5, 0.75, 0.95)]
            gaps = [(x + d, y + s) for s in (0, 1) for d in (-0.12, 1.12)]
        assert all(at(*p) < 128 for p in whole), (cell, over)
        assert all(at(*p) > 200 for p in gaps), (cell, over)


def test_the_answer_runs_dashed_through_a_tunnel():
    maze = woven(12, 10, 3, 1.0, "opposite")
    path = solution(maze)
    drawing = maze_drawing(maze, path)
    assert drawing.solution_under
    assert len(solid_pieces(drawing)) == len(drawing.solution_under) + 1
    at = page_pixels(maze, solution_page=True)
    for x0, y0, x1, y1 in drawing.solution_under:
        along = [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for t in (i / 40 for i in range(4, 37))]
        inked = [at(*p) < 200 for p in along]
        # dashes: ink and gaps by turns along the stretch
        assert any(inked) and not all(inked)
        assert sum(1 for a, b in pairwise(inked) if a != b) >= 4
