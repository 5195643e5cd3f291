"""The backtracker's hex kernel against its neighbour-table walk, carve alone, in-process.

    .venv/bin/python benchmarks/carve_kernels.py              # 1000 x 1000 hexagons, 5 runs
    .venv/bin/python benchmarks/carve_kernels.py --side 300 --runs 3

Each run carves the same seed both ways, interleaved, and checks the bytes agree. The
walk's time is given without and with building the neighbour table it walks (a fresh
grid builds it on first use; a poster then reuses it for endpoints and the solution).
Medians; the 1-minute load average is read after each run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookmaker.maze.algorithms.recursive_backtracker import carve_graph, carve_hex  # noqa: E402
from bookmaker.maze.hex_grid import HexGrid  # noqa: E402


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    side = args.side
    kernel, table, walk, loads = [], [], [], []
    for run in range(args.runs):
        start = time.perf_counter()
        fast = carve_hex(side, side, random.Random(run))
        kernel.append(time.perf_counter() - start)
        grid = HexGrid(side, side)
        start = time.perf_counter()
        grid.neighbours  # noqa: B018 - built on first use, timed apart
        table.append(time.perf_counter() - start)
        start = time.perf_counter()
        plain = carve_graph(grid, random.Random(run))
        walk.append(time.perf_counter() - start)
        assert fast == plain, f"run {run}: the kernel and the walk disagree"
        del fast, plain, grid
        loads.append(load())
    k, t, w = (statistics.median(times) for times in (kernel, table, walk))
    print(f"hex {side}x{side}, recursive-backtracker, {args.runs} runs, medians; load {' '.join(loads)}")
    print("| kernel s | walk s | table s | walk + table s | walk / kernel | (walk + table) / kernel |")
    print("|---:|---:|---:|---:|---:|---:|")
    print(f"| {k:.2f} | {w:.2f} | {t:.2f} | {w + t:.2f} | {w / k:.2f} | {(w + t) / k:.2f} |")


if __name__ == "__main__":
    main()
