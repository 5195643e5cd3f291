"""How much faster does `--jobs N` build a book? Wall time against --jobs 1, same bytes.

    .venv/bin/python benchmarks/jobs.py                  # 300 mazes, --jobs 1 and 2, 5 runs
    .venv/bin/python benchmarks/jobs.py --runs 7 --jobs 1,2,4 --mazes 600

Writes a config of three sections (backtracker, Wilson, Kruskal mazes of growing
size; the number of mazes split between them) with an answer key into a
temporary folder and builds it with each --jobs value in turn, run after run,
so a busy machine slows every value alike. Prints the median wall time per
value, its speed-up over the first value (goal: 1.6x for --jobs 2 on two cores),
where the time went, the machine's load average, and the SHA-256 of every file
written, which must be the same for every value. After each run it also times
equal CPU-bound tasks in one process and in two: the speed-up a second core gives
at that moment, which on a shared VM is often well under 2x, and which no build
can beat.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phases import DRAWING, STAGES, instrument, timed_build  # noqa: E402

from bookmaker.build import build  # noqa: E402

GOAL = 1.6  # speed-up of --jobs 2 over --jobs 1 on a two-core machine

CONFIG = """\
title: Three Hundred Mazes
seed: 11
profile: home
sections:
  - title: Winding
    algorithm: recursive-backtracker
    size: 20x25
    count: {first}
    per_page: 2
  - title: Uniform
    algorithm: wilson
    size: 30x38
    count: {second}
  - title: Wide Open
    algorithm: kruskal
    size: 40x50
    count: {third}
    endpoints: diameter
answer_key:
  per_page: 4
"""


def write_config(folder: Path, mazes: int) -> Path:
    third = mazes // 3
    config = folder / "book.yaml"
    config.write_text(CONFIG.format(first=mazes - 2 * third, second=third, third=third), encoding="utf-8")
    return config


def _spin(count: int) -> int:
    total = 0
    for number in range(count):
        total += number * number
    return total


def machine_ceiling(jobs: int, tasks: int = 4, count: int = 2_000_000) -> float:
    """The speed-up ``jobs`` processes give work that needs no coordination at all (a few
    equal CPU-bound tasks) on this machine now: on a shared VM a second core is not
    always a whole one, and no build can beat this."""
    start = time.perf_counter()
    for _ in range(tasks):
        _spin(count)
    alone = time.perf_counter() - start
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        start = time.perf_counter()
        list(pool.map(_spin, [count] * tasks))
        spread = time.perf_counter() - start
    return alone / spread


def digests(out: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(out.parent.iterdir())
        if path.suffix in (".pdf", ".json")
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="builds per --jobs value (median)")
    parser.add_argument("--jobs", default="1,2", help="--jobs values, comma-separated")
    parser.add_argument("--mazes", type=int, default=300, help="mazes in the book")
    args = parser.parse_args()
    values = [int(value) for value in args.jobs.split(",")]
    stage_times: dict[int, dict[str, list[float]]] = {
        jobs: {label: [] for label in STAGES} for jobs in values
    }
    calls = instrument()
    times: dict[int, list[float]] = {jobs: [] for jobs in values}
    outputs: dict[int, dict[str, str]] = {}
    ceilings: list[float] = []  # what two processes give perfectly parallel work, run by run
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        config = write_config(Path(folder), args.mazes)
        result = build(config, Path(folder) / "warm" / "book.pdf")  # imports, fonts
        for _ in range(args.runs):
            for jobs in values:
                out = Path(folder) / f"jobs{jobs}" / "book.pdf"
                total, stages = timed_build(calls, partial(build, config, out, jobs=jobs))
                times[jobs].append(total)
                for label, seconds in stages.items():
                    stage_times[jobs][label].append(seconds)
                outputs[jobs] = digests(out)
            if 2 in values:
                ceilings.append(machine_ceiling(2))
        pages = result.pages
    load_after = os.getloadavg()

    base = statistics.median(times[values[0]])
    print(
        f"book: {args.mazes} mazes, {pages} pages; {args.runs} runs per value; "
        f"{os.cpu_count()} cores; Python {sys.version.split()[0]}"
    )
    print(
        f"load average (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} "
        f"{load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}"
    )
    print()
    print("| --jobs | median wall s | min | max | speed-up | mazes s | drawing s | preflight s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for jobs in values:
        median = statistics.median(times[jobs])
        phases = [statistics.median(stage_times[jobs][label]) for label in STAGES]
        print(
            f"| {jobs} | {median:.2f} | {min(times[jobs]):.2f} | {max(times[jobs]):.2f} | "
            f"{base / median:.2f}x | " + " | ".join(f"{t:.2f}" for t in phases) + " |"
        )
    print()
    same = all(outputs[jobs] == outputs[values[0]] for jobs in values)
    for name, digest in outputs[values[0]].items():
        print(f"sha256 {name}: {digest}")
    print(f"identical output for every --jobs value: {'yes' if same else 'NO'}")
    if 2 in values and values[0] == 1:
        ratio = base / statistics.median(times[2])
        print(f"goal --jobs 2 >= {GOAL}x: {'met' if ratio >= GOAL else 'MISSED'} ({ratio:.2f}x)")
        ceiling = statistics.median(ceilings)
        print(
            f"the machine's own ceiling in the same runs: two processes run perfectly parallel "
            f"work {ceiling:.2f}x faster (min {min(ceilings):.2f}, max {max(ceilings):.2f}); "
            f"the build reaches {ratio / ceiling:.0%} of it"
        )
        # The mazes and the preflight's pages go to processes, the pages' compression to a
        # thread; drawing the pages and everything outside the stages stay in one process.
        two = statistics.median(times[2])
        drawing = statistics.median(stage_times[2][DRAWING])
        rest = two - sum(statistics.median(stage_times[2][label]) for label in STAGES)
        print(
            f"in one process at --jobs 2: drawing the pages {drawing:.2f} s and the rest "
            f"(planning, manifest, writing) {rest:.2f} s, {(drawing + rest) / two:.0%} of its "
            f"wall time"
        )
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
