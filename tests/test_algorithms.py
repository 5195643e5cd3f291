"""Every generator gives a perfect maze, the same one for the same seed, for ever.

Perfect: every cell reachable, no loops (connected with exactly w*h - 1
passages), each passage recorded on both of its cells, and no passage
through the outer wall, for every size from 1x1 up, including 1xN and Nx1.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tracemalloc
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, E, N, S, W, generate, generate_on
from bookmaker.maze.algorithms import eller, growing_tree, prim

NAMES = [
    "recursive-backtracker",
    "hunt-and-kill",
    "eller",
    "wilson",
    "growing-tree",
    "kruskal",
    "prim",
    "aldous-broder",
    "sidewinder",
    "binary-tree",
]

# Option values each property test draws from, beside the defaults.
OPTION_STRATEGIES = {
    "growing-tree": st.fixed_dictionaries(
        {"policy": st.sampled_from(growing_tree.POLICIES), "ratio": st.floats(0, 1)}
    ),
    "prim": st.fixed_dictionaries({"variant": st.sampled_from(prim.VARIANTS)}),
    "eller": st.fixed_dictionaries(
        {
            "horizontal": st.floats(0, 1, exclude_min=True),
            "vertical": st.floats(0, 1, exclude_min=True),
        }
    ),
}


def assert_perfect(maze) -> None:
    width, height, cells = maze.width, maze.height, maze.cells
    assert len(cells) == width * height
    passages = 0
    for i, bits in enumerate(cells):
        x, y = i % width, i // width
        assert bits < 16, f"stray bits {bits} at {(x, y)}"
        if bits & N:
            assert y > 0 and cells[i - width] & S, f"north of {(x, y)}"
        if bits & S:
            assert y < height - 1 and cells[i + width] & N, f"south of {(x, y)}"
            passages += 1
        if bits & E:
            assert x < width - 1 and cells[i + 1] & W, f"east of {(x, y)}"
            passages += 1
        if bits & W:
            assert x > 0 and cells[i - 1] & E, f"west of {(x, y)}"
    assert passages == width * height - 1, f"{passages} passages: a loop or a gap"
    seen = bytearray(width * height)
    seen[0] = 1
    queue = deque([0])
    while queue:
        i = queue.popleft()
        for bit, step in ((N, -width), (E, 1), (S, width), (W, -1)):
            if cells[i] & bit and not seen[i + step]:
                seen[i + step] = 1
                queue.append(i + step)
    assert all(seen), "not every cell is reachable"


def test_the_registry_holds_the_ten_algorithms():
    assert list(ALGORITHMS) == NAMES
    for name, algorithm in ALGORITHMS.items():
        assert algorithm.name == name
        assert algorithm.summary and "\n" not in algorithm.summary
        assert algorithm.uniform == (name in ("wilson", "aldous-broder"))
    assert ALGORITHMS["growing-tree"].options == {"policy": "mix", "ratio": 0.75}
    assert set(ALGORITHMS["eller"].options) == {"horizontal", "vertical"}
    assert ALGORITHMS["prim"].options == {"variant": "frontier"}


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), width=st.integers(1, 40), height=st.integers(1, 40), seed=st.integers(0, 2**64))
def test_every_maze_is_perfect(name, data, width, height, seed):
    options = data.draw(OPTION_STRATEGIES.get(name, st.just({})), label="options")
    assert_perfect(generate(name, width, height, seed, **options))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width, height", [(1, 1), (1, 2), (2, 1), (1, 37), (37, 1), (2, 2), (2, 9)])
def test_thin_grids_are_perfect(name, width, height):
    for seed in range(5):
        maze = generate(name, width, height, seed)
        assert_perfect(maze)
        if width == 1 or height == 1:  # only one maze fits: the straight corridor
            along = (N | S) if width == 1 else (E | W)
            assert all(bits & along == bits for bits in maze.cells)


@pytest.mark.parametrize("name", NAMES)
def test_seed_decides_the_maze(name):
    first = generate(name, 17, 11, 123)
    assert first.cells == generate(name, 17, 11, 123).cells
    assert len({bytes(generate(name, 17, 11, seed).cells) for seed in range(5)}) == 5
    assert first.algorithm == name and first.seed == 123


def test_generators_touch_no_global_random_state():
    random.seed(99)
    before = random.getstate()
    for name in NAMES:
        generate(name, 12, 9, 5)
    assert random.getstate() == before


FINGERPRINT_SCRIPT = """
import hashlib, json
from bookmaker.maze import ALGORITHMS, generate
print(json.dumps({name: hashlib.sha256(bytes(generate(name, 23, 14, seed).cells)).hexdigest()
                  for name in ALGORITHMS for seed in (0, 7)}, sort_keys=True))
"""


def fingerprints_in_fresh_process(hash_seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", FINGERPRINT_SCRIPT],
        env=env,
        capture_output=True,
        encoding="utf-8",
        check=True,
    )
    return json.loads(result.stdout)


def test_same_seed_same_maze_in_fresh_processes_whatever_the_hash_seed():
    runs = [fingerprints_in_fresh_process(seed) for seed in ("0", "1", "4242")]
    here = {
        name: hashlib.sha256(bytes(generate(name, 23, 14, seed).cells)).hexdigest()
        for name in ALGORITHMS
        for seed in (0, 7)
    }
    assert runs[0] == runs[1] == runs[2] == here


# --- Golden fingerprints: the seed -> maze mapping is a public contract -------------
#
# sha256 of bytes(generate(name, 30, 20, seed=2026, **options).cells). A change
# here means every book printed with these seeds changes: a format change.

GOLDEN = [
    ("recursive-backtracker", {}, "8dc3411392a9baee393d47ef9bee7e3a9d77d173535bf4463d9af2a833ae0092"),
    ("hunt-and-kill", {}, "9c383170ad07997472f916e112cf80cddd45432d16bfc65f0062e5f1e7fc491c"),
    ("eller", {}, "22fd53cde81c00b94998d9a6b4dff4aa45ffa27c85b2fc8b014a60cd91e22f5f"),
    (
        "eller",
        {"horizontal": 0.3, "vertical": 0.8},
        "cfa3313e591793cfb54e94b46856a4dbcb6de8d71514828f327300bf4bcb22c7",
    ),
    ("wilson", {}, "0c82b0c44651f2cb1719d4f44f7e7adf686e853174cded70ce7444600dc2b1de"),
    ("growing-tree", {}, "ca7926a1a584ad91c9096371939c0cbaea2504422d92749d1ed3951a9ab42cc3"),
    (
        "growing-tree",
        {"policy": "newest"},
        "b42a02ff9d5702c9e0281ce8c0eeec44d318f31549856c48dcf2b5043fe62e6e",
    ),
    (
        "growing-tree",
        {"policy": "random"},
        "c52a86dc668cd619c13535dfd0b780bb3dd61de99ac9bafbeb5d781d1795a420",
    ),
    (
        "growing-tree",
        {"policy": "oldest"},
        "01f7a221624c25dc5612dc42abe19289e0239a759b64db34da9a07ad17d7eb04",
    ),
    (
        "growing-tree",
        {"policy": "mix", "ratio": 0.5},
        "239a9c10daff7b194bf84cb636cbfa54471f08ea8be296bdd0ecff5f123dc91c",
    ),
    ("kruskal", {}, "fa75f3e45bfcbf1e1dba3ed2f248319afea0e5d0fdee3f8f920b795f27987aca"),
    ("prim", {}, "fdd2e336a9b1ca29d8672afccd509b38e01225689ef28792418b934fa90c570c"),
    ("prim", {"variant": "weights"}, "d0b000ccdb82c03120e5ffa6e5a4604612de1f45449b317c3bf53b7500639d96"),
    ("aldous-broder", {}, "1a84c68d803b1d11751658ce511e5a708610e95aa996be98bd0e0a6f95aac7da"),
    ("sidewinder", {}, "4d57b9d7fe630aec49d0730b7466e8464da65d824f7cc74a73344f2672b1454e"),
    ("binary-tree", {}, "b73ff147c947264bae41ef19a216a6dfe318cdbc326bb421293595111634a19e"),
]


@pytest.mark.parametrize("name, options, digest", GOLDEN, ids=[f"{n}{o}" for n, o, _ in GOLDEN])
def test_golden_fingerprints(name, options, digest):
    maze = generate(name, 30, 20, 2026, **options)
    assert hashlib.sha256(bytes(maze.cells)).hexdigest() == digest


# sha256 of bytes(generate_on(SHAPES[shape], name, seed=2026).cells): the same contract for the
# other shapes, on hex 12x9, triangle 15x8 and a 7-ring polar maze.
GOLDEN_SHAPES = [
    ("hex", "recursive-backtracker", "9a9a712ee5a165b42f5fc5d3fe5cb864b30624ca50be253da821ceff65959393"),
    ("hex", "hunt-and-kill", "a4c6a6d53107f15d4e845c95bd61514316e87922f61d831dea9d388982c5ed0a"),
    ("hex", "wilson", "a4e9c419c7c63cf8734b2bcb683395ac080d6657444d3b47da5994595e3d008d"),
    ("hex", "growing-tree", "7f960b5f37f0e6e6c8872336ab5388bb8a1cf566086965de8e30bb914c23094e"),
    ("hex", "kruskal", "85142cdeea76f4bdb753b9466ad6fe0fb54096b34f7f1ce693ee65ae53008263"),
    ("hex", "prim", "f21f18920128c4b80803e3cc88c3d2e4dd34602cef68a4274cbe3e1139597ff7"),
    ("hex", "aldous-broder", "a3e967a2ba2918f7ff7c0b0b6a3593fdcda79e9241d0935e466b28e4f7ec58d2"),
    ("triangle", "recursive-backtracker", "12254ec3885eb00eab751be84605dd0944f8fb1eafa1dd91852cf6f767290c20"),
    ("triangle", "hunt-and-kill", "705520ca3a70940d88630c8cce09d2b87f96fcf2ee21917bf667327131b7a1b6"),
    ("triangle", "wilson", "5c0e5f5b9214e7911962867d0e20dd0ab58cf365a0854fd44a7a5b7810efeb1b"),
    ("triangle", "growing-tree", "698c020c8f0829043555029bc411715c52e319d3c1b44c22fb00e02dbea6f3db"),
    ("triangle", "kruskal", "92442837a1152bee83d22d415fa4f5a5a881838852bb2f4ddc2c43d6b0fa9a04"),
    ("triangle", "prim", "a86399422de55d49e2d29ea019986d2a23bb9905f1d394e15c16fdcafa8a84a2"),
    ("triangle", "aldous-broder", "cab1ef731e9213181fb40151da53ecb2fd2949270d929b9abe59b97194afe4db"),
    ("polar", "recursive-backtracker", "11b147dc4a843d6745fd69721ba91360c7bd79000ba30ade28b2cee7dc7e6adb"),
    ("polar", "hunt-and-kill", "b1e84d0f199365ed9e61913618d40454ded983759404c3750a5b080c8b26c495"),
    ("polar", "wilson", "cbb41d4a761c27e45e0503da5cf7fc0efd3647e1896dea117104aa40716de333"),
    ("polar", "growing-tree", "5f33515e1826dfe4dfc0edb4a700a7596351f23af269b529c3d2d21f62aa58ba"),
    ("polar", "kruskal", "999f7bd5f3ae1383140dc1ceb692887bbe5ae6dca3f6043daad67c68650798c9"),
    ("polar", "prim", "401374df2af3347291b5e4303196b26fb6fc9262e1f532d43cb02a332b54521e"),
    ("polar", "aldous-broder", "0a02414b4c9218ea3afa7870971e7c39c5ead8bdde74a9e50e33201e3cf92752"),
]


@pytest.mark.parametrize(
    "shape, name, digest", GOLDEN_SHAPES, ids=[f"{shape}-{name}" for shape, name, _ in GOLDEN_SHAPES]
)
def test_golden_fingerprints_of_every_shape(shape, name, digest):
    from bookmaker.maze.shapes import make_topology

    topology = (
        make_topology("polar", rings=7)
        if shape == "polar"
        else make_topology(shape, (12, 9) if shape == "hex" else (15, 8))
    )
    maze = generate_on(topology, name, 2026)
    assert hashlib.sha256(bytes(maze.cells)).hexdigest() == digest


def test_golden_cover_every_algorithm_and_policy():
    assert {name for name, _, _ in GOLDEN} == set(NAMES)
    policies = {o.get("policy", "mix") for n, o, _ in GOLDEN if n == "growing-tree"}
    assert policies == set(growing_tree.POLICIES)


# --- Classic textures, checked cell by cell ---------------------------------------


def test_binary_tree_cells_each_open_north_or_west():
    maze = generate("binary-tree", 25, 15, 3)
    width = maze.width
    for i, bits in enumerate(maze.cells):
        x, y = i % width, i // width
        up_or_left = bits & (N | W)
        if x == 0 and y == 0:
            assert up_or_left == 0
        elif y == 0:
            assert up_or_left == W  # the top row is one corridor
        elif x == 0:
            assert up_or_left == N  # and so is the left column
        else:
            assert up_or_left in (N, W)


def test_sidewinder_runs_each_open_north_once():
    maze = generate("sidewinder", 25, 15, 3)
    width, cells = maze.width, maze.cells
    assert all(cells[x] & E for x in range(width - 1))  # the top row is one corridor
    for y in range(1, maze.height):
        row = cells[y * width : (y + 1) * width]
        run_norths = 0
        for x, bits in enumerate(row):
            run_norths += bool(bits & N)
            if not bits & E:  # the run ends here
                assert run_norths == 1, f"row {y}, run ending at {x}"
                run_norths = 0


def test_growing_tree_policies_give_their_textures():
    def longest_straight(name, **options) -> int:
        maze = generate(name, 40, 40, 1, **options)
        best = 0
        for y in range(40):
            run = 0
            for x in range(40):
                run = run + 1 if maze.cells[y * 40 + x] & E else 0
                best = max(best, run)
        return best

    def dead_ends(**options) -> int:
        return sum(1 for bits in generate("growing-tree", 40, 40, 1, **options).cells if bits in (1, 2, 4, 8))

    newest, random_, oldest = (dead_ends(policy=p) for p in ("newest", "random", "oldest"))
    assert oldest < newest < dead_ends(policy="mix", ratio=0.5) < random_
    assert dead_ends(policy="mix", ratio=1.0) == newest  # all newest: the same run of picks
    # Oldest-first sweeps breadth first: long straight corridors radiate.
    assert longest_straight("growing-tree", policy="oldest") > 10


def test_prim_variants_differ_in_texture():
    # Random frontier cells leave more stubs than a minimum spanning tree of random weights.
    shares = {}
    for options in ({}, {"variant": "weights"}):
        cells = b"".join(bytes(generate("prim", 60, 60, s, **options).cells) for s in range(3))
        shares[options.get("variant", "frontier")] = sum(b in (1, 2, 4, 8) for b in cells) / len(cells)
    assert shares["frontier"] > shares["weights"] + 0.03


# --- Eller's rows -------------------------------------------------------------------


@pytest.mark.parametrize(
    "width, height, options",
    [(1, 1, {}), (1, 6, {}), (9, 1, {}), (13, 8, {}), (20, 30, {"horizontal": 0.2, "vertical": 1.0})],
)
def test_eller_rows_make_up_the_maze(width, height, options):
    rows = list(eller.rows(width, height, random.Random(44), **options))
    assert len(rows) == height
    assert all(len(row) == width for row in rows)
    assert b"".join(rows) == generate("eller", width, height, 44, **options).cells


def test_eller_rows_stream_endlessly_tall_mazes():
    stream = eller.rows(50, 10**12, random.Random(1))
    first = [bytes(next(stream)) for _ in range(3)]
    assert all(len(row) == 50 for row in first)
    assert not any(bits & N for bits in first[0])  # nothing above the first row


def traced_peak(width: int, height: int) -> int:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        for _ in eller.rows(width, height, random.Random(5)):
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_eller_rows_memory_grows_with_width_not_height():
    # A taller maze would show no higher peak: at 5000 rows it is what it is at 1000.
    short, tall = traced_peak(1000, 10), traced_peak(1000, 1000)
    assert tall < 1.25 * short + 50_000, (short, tall)
    assert tall < 1000 * 1000 // 10  # a tenth of keeping the maze


# --- Options --------------------------------------------------------------------------

BAD_OPTIONS = [
    ("growing-tree", {"policy": "sideways"}, "policy"),
    ("growing-tree", {"policy": None}, "policy"),
    ("growing-tree", {"ratio": 1.5}, "ratio"),
    ("growing-tree", {"ratio": -0.1}, "ratio"),
    ("growing-tree", {"ratio": "lots"}, "ratio"),
    ("growing-tree", {"ratio": float("nan")}, "ratio"),
    ("growing-tree", {"ratio": True}, "ratio"),
    ("eller", {"horizontal": 0}, "horizontal"),
    ("eller", {"horizontal": 1.01}, "horizontal"),
    ("eller", {"vertical": 0.0}, "vertical"),
    ("eller", {"vertical": -1}, "vertical"),
    ("eller", {"vertical": "0.5"}, "vertical"),
    ("eller", {"horizontal": float("nan")}, "horizontal"),
    ("prim", {"variant": "true"}, "variant"),
    ("wilson", {"bias": 1}, "bias"),
    ("kruskal", {"policy": "newest"}, "policy"),
]


@pytest.mark.parametrize("name, options, option", BAD_OPTIONS, ids=[f"{n}{o}" for n, o, _ in BAD_OPTIONS])
def test_bad_options_are_one_line_errors_naming_the_option(name, options, option):
    with pytest.raises(BookmakerError) as caught:
        generate(name, 5, 5, 1, **options)
    message = str(caught.value)
    assert option in message and "\n" not in message


def test_errors_say_what_is_allowed():
    with pytest.raises(BookmakerError, match="newest, random, oldest, mix"):
        generate("growing-tree", 5, 5, 1, policy="sideways")
    with pytest.raises(BookmakerError, match="frontier, weights"):
        generate("prim", 5, 5, 1, variant="true")
    with pytest.raises(BookmakerError, match="above 0 and at most 1"):
        generate("eller", 5, 5, 1, horizontal=2)


def test_eller_rows_checks_its_options_before_the_first_row():
    with pytest.raises(BookmakerError, match="vertical"):
        eller.rows(5, 5, random.Random(1), vertical=0)  # no iteration needed


def test_edge_values_of_options_are_accepted():
    for options in ({"ratio": 0}, {"ratio": 1}, {"ratio": 0.0}, {"policy": "oldest", "ratio": 1}):
        assert_perfect(generate("growing-tree", 9, 7, 1, **options))
    assert_perfect(generate("eller", 9, 7, 1, horizontal=1, vertical=1))
    assert_perfect(generate("eller", 9, 7, 1, horizontal=1e-9, vertical=1e-9))
