"""How fast is each maze generator? Cells per second, and the ratio to a plain reference.

    .venv/bin/python benchmarks/algorithms.py                  # 100x100, 300x300, 1000x1000
    .venv/bin/python benchmarks/algorithms.py --runs 3 --sizes 100,300
    .venv/bin/python benchmarks/algorithms.py --only wilson eller --variants
    .venv/bin/python benchmarks/algorithms.py --sizes 300 --table   # the neighbour-table path
    .venv/bin/python benchmarks/algorithms.py --stream-height 0   # skip the Eller memory test

The reference is the plainest pure-Python generator: an iterative
recursive backtracker on a flat bytearray that lists a cell's unvisited
neighbours and takes one with ``random.choice``. Each run times the
reference and then every generator with the same seed, so a busy machine
slows both alike; the figures are medians over the runs. ``ratio`` is the
reference's median time over the generator's: above 1 is faster.

Then Eller's streaming: peak traced memory (tracemalloc) while carving a
1000x1000 maze whole, and while consuming the rows of a 1000-wide,
100,000-tall maze one at a time without keeping them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookmaker.maze import ALGORITHMS, SquareGrid  # noqa: E402
from bookmaker.maze.algorithms import eller  # noqa: E402


class TableSquare(SquareGrid):
    """A square grid the generators must carve through the neighbour table, as they do every
    other shape: its type is not SquareGrid, so no square fast path takes it."""


# Non-default settings worth timing too (with --variants).
VARIANTS = {
    "growing-tree": [{"policy": "newest"}, {"policy": "random"}, {"policy": "oldest"}],
    "prim": [{"variant": "weights"}],
}
# Not linear in the number of cells: timed and reported, no speed goal.
NOT_LINEAR = {
    ("aldous-broder", ""): "no goal: cover time ~ n log^2 n",
    ("prim", "variant=weights"): "no goal: a heap, n log n",
}
GOAL_LINEAR = 1.2
# Generators with goals of their own, at one size: (ratio, size); no goal at other sizes.
OWN_GOALS = {
    "kruskal": (1.0, 300),  # a sort and a union-find over the walls, not a walk
    "wilson": (0.8, 1000),  # random walks, whose hitting times grow faster than the grid
}
GOAL_TABLE = 0.6  # recursive-backtracker and wilson through the neighbour table
TABLE_GOALS = ("recursive-backtracker", "wilson")


def reference(width: int, height: int, rng: random.Random) -> bytearray:
    """A plain iterative backtracker: the yardstick every generator is compared to."""
    n = width * height
    cells = bytearray(n)
    visited = bytearray(n)
    current = rng.randrange(n)
    visited[current] = 1
    stack = [current]
    while stack:
        current = stack[-1]
        x = current % width
        options = []
        if current >= width and not visited[current - width]:
            options.append(current - width)
        if x < width - 1 and not visited[current + 1]:
            options.append(current + 1)
        if current + width < n and not visited[current + width]:
            options.append(current + width)
        if x and not visited[current - 1]:
            options.append(current - 1)
        if not options:
            stack.pop()
            continue
        nxt = rng.choice(options)
        step = nxt - current
        if step == 1:
            cells[current] |= 2
            cells[nxt] |= 8
        elif step == -1:
            cells[current] |= 8
            cells[nxt] |= 2
        elif step > 0:
            cells[current] |= 4
            cells[nxt] |= 1
        else:
            cells[current] |= 1
            cells[nxt] |= 4
        visited[nxt] = 1
        stack.append(nxt)
    return cells


def timed(carve, seed: int) -> float:
    rng = random.Random(seed)
    start = time.process_time()
    carve(rng)
    return time.process_time() - start


def label(name: str, options: dict) -> str:
    return " ".join([name] + [f"{key}={value}" for key, value in options.items()])


def speed(sizes: list[int], runs: int, names: list[str], variants: bool, table: bool) -> list[tuple]:
    cases = []
    for name in names:
        cases.append((name, {}))
        if variants:
            cases += [(name, options) for options in VARIANTS.get(name, [])]
        if table and ALGORITHMS[name].shapes is None:
            cases.append((name, {"path": "table"}))
    rows = []
    for size in sizes:
        ref_times = []
        times: dict[int, list[float]] = {i: [] for i in range(len(cases))}
        for run in range(runs):
            ref_times.append(timed(partial(reference, size, size), run))
            for i, (name, options) in enumerate(cases):
                grid = (TableSquare if options.get("path") else SquareGrid)(size, size)
                settings = {k: v for k, v in options.items() if k != "path"}
                times[i].append(timed(partial(ALGORITHMS[name], grid, **settings), run))
        ref = statistics.median(ref_times)
        rows.append(("reference backtracker", size, ref, size * size / ref, 1.0, ""))
        for i, (name, options) in enumerate(cases):
            t = statistics.median(times[i])
            ratio = ref / t
            settings = " ".join(f"{key}={value}" for key, value in options.items())
            if settings == "path=table":
                goal = (
                    f"{'met' if ratio >= GOAL_TABLE else 'MISSED'} (>= {GOAL_TABLE}x)"
                    if name in TABLE_GOALS
                    else "no goal"
                )
            elif (name, settings) in NOT_LINEAR:
                goal = NOT_LINEAR[name, settings]
            elif name in OWN_GOALS and not settings:
                target, at = OWN_GOALS[name]
                goal = (
                    f"{'met' if ratio >= target else 'MISSED'} (>= {target}x)"
                    if size == at
                    else f"no goal here (>= {target}x at {at}x{at})"
                )
            else:
                goal = f"{'met' if ratio >= GOAL_LINEAR else 'MISSED'} (>= {GOAL_LINEAR}x)"
            rows.append((label(name, options), size, t, size * size / t, ratio, goal))
            print(
                f"  {label(name, options):32} {size:>5}  {size * size / t:>11,.0f} cells/s  "
                f"x{ratio:.2f}  {goal}",
                file=sys.stderr,
                flush=True,
            )
    return rows


def peak_memory(job) -> tuple[int, float]:
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.process_time()
    job()
    elapsed = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, elapsed


def eller_memory(width: int, height: int) -> list[tuple]:
    whole, t_whole = peak_memory(lambda: eller.carve(SquareGrid(width, width), random.Random(1)))

    def stream() -> None:
        for _ in eller.rows(width, height, random.Random(1)):
            pass

    streamed, t_stream = peak_memory(stream)
    return [
        (f"eller carve {width}x{width} (kept)", width * width, whole, t_whole),
        (f"eller rows {width}x{height} (streamed)", width * height, streamed, t_stream),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per size; medians are reported")
    parser.add_argument("--sizes", default="100,300,1000", help="square sizes, comma-separated")
    parser.add_argument("--only", nargs="*", choices=list(ALGORITHMS), help="these algorithms only")
    parser.add_argument("--variants", action="store_true", help="also time non-default options")
    parser.add_argument(
        "--table",
        action="store_true",
        help="also time the neighbour-table path (what hex, triangle and polar grids get) on square grids",
    )
    parser.add_argument("--stream-width", type=int, default=1000)
    parser.add_argument(
        "--stream-height", type=int, default=100_000, help="rows in the Eller streaming test; 0 skips it"
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    names = args.only or list(ALGORITHMS)

    print(f"Python {sys.version.split()[0]}, {args.runs} runs per size, median times\n")
    print("| algorithm | size | median s | cells/s | x reference | goal |")
    print("|---|---:|---:|---:|---:|---|")
    for name, size, t, rate, ratio, goal in speed(sizes, args.runs, names, args.variants, args.table):
        print(f"| {name} | {size}x{size} | {t:.3f} | {rate:,.0f} | {ratio:.2f} | {goal} |")

    if args.stream_height:
        print("\n| Eller, traced memory | cells | peak | seconds (under tracemalloc) |")
        print("|---|---:|---:|---:|")
        for what, cells, peak, t in eller_memory(args.stream_width, args.stream_height):
            print(f"| {what} | {cells:,} | {peak / 1e6:.2f} MB | {t:.1f} |")


if __name__ == "__main__":
    main()
