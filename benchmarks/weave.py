"""How much slower is a woven maze than a plain Kruskal maze of the same size?

    .venv/bin/python benchmarks/weave.py                  # 200x200, 7 runs
    .venv/bin/python benchmarks/weave.py --size 300 --runs 5

Each run times, with the same seed and interleaved so a busy machine slows both alike,
a plain Kruskal maze and woven ones (weave 0.5 and 1) of the same size, twice over:
carving alone (``generate_on``), and the whole maze as a book or `bookmaker maze` makes
it (carving, ``opposite`` endpoints, the solution and the statistics). Figures are
median CPU seconds; ``ratio`` is a woven maze's median over the plain one's. Goal
(issue 30): a 200 x 200 weave maze within 1.5x a plain Kruskal maze.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookmaker.maze import generate_on  # noqa: E402
from bookmaker.maze.solve import measure, solution, with_endpoints  # noqa: E402
from bookmaker.maze.topology import SquareGrid  # noqa: E402

GOAL = 1.5
WEAVES = (0.0, 0.5, 1.0)


def carve(size: int, seed: int, weave: float) -> None:
    generate_on(SquareGrid(size, size), "kruskal", seed, weave=weave)


def whole_maze(size: int, seed: int, weave: float) -> None:
    maze = with_endpoints(generate_on(SquareGrid(size, size), "kruskal", seed, weave=weave), "opposite")
    measure(maze, solution(maze))


def cpu_seconds(work: Callable[[], None]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=200, help="cells a side (default 200)")
    parser.add_argument("--runs", type=int, default=7, help="runs, medians taken (default 7)")
    args = parser.parse_args()
    stages = {"carve": carve, "maze": whole_maze}
    times: dict[tuple[str, float], list[float]] = {(stage, w): [] for stage in stages for w in WEAVES}
    whole_maze(20, 0, 0.5)  # import and warm up outside the timings
    for run in range(args.runs):
        for stage, work in stages.items():
            for weave in WEAVES:
                times[stage, weave].append(cpu_seconds(lambda: work(args.size, run, weave)))  # noqa: B023
    with open("/proc/loadavg") as file:
        load = " ".join(file.read().split()[:3])
    print(f"{args.size}x{args.size}, median CPU seconds of {args.runs} runs, load average {load}")
    print()
    print("| stage | plain kruskal | weave 0.5 | ratio | weave 1 | ratio | goal |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for stage in stages:
        plain = statistics.median(times[stage, 0.0])
        cells = [f"{plain:.3f}"]
        worst = 0.0
        for weave in WEAVES[1:]:
            woven = statistics.median(times[stage, weave])
            worst = max(worst, woven / plain)
            cells += [f"{woven:.3f}", f"x{woven / plain:.2f}"]
        met = "met" if worst <= GOAL else f"not met (<= x{GOAL})"
        print(f"| {stage} | {' | '.join(cells)} | {met} |")


if __name__ == "__main__":
    main()
