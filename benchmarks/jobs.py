"""Is `--jobs 2` never slower than `--jobs 1`? Wall time of small, medium and large books, same bytes.

    .venv/bin/python benchmarks/jobs.py                     # 40, 150 and 300 mazes, 3 runs
    .venv/bin/python benchmarks/jobs.py --runs 7 --mazes 300 --jobs 4

Writes configs of three sections (backtracker, Wilson, Kruskal mazes of growing size; the
number of mazes split between them) with an answer key into a temporary folder and builds
each book three ways in turn, run after run, so a busy machine slows every way alike:
``--jobs 1``; ``--jobs N`` as the build decides it (bookmaker/processes.py's rule may keep it
to one process, and the table shows what it chose and why); and ``--jobs N`` forced to N
processes whatever the rule says, as builds did before the rule. Prints median wall times,
the speed-ups over ``--jobs 1``, /proc/loadavg before and after each book, and whether every
file written is the same for every way (SHA-256). After each run it also times equal
CPU-bound tasks in one process and in N: the speed-up more cores give at that moment, the
machine's own ceiling, which on a shared VM is often well under Nx and which no build can
beat.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import pickle
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bookmaker.build as build_module  # noqa: E402
from bookmaker.build import build  # noqa: E402
from bookmaker.plan import make_mazes  # noqa: E402
from bookmaker.prepare import prepare  # noqa: E402
from bookmaker.processes import Choice, in_processes  # noqa: E402
from bookmaker.render.canvas import write_ahead  # noqa: E402

CONFIG = """\
title: Many Mazes
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
    config = folder / f"book{mazes}.yaml"
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


def start_up(config: Path, jobs: int) -> tuple[float, int, float]:
    """What spreading costs before it saves anything: the seconds to start a pool of ``jobs``
    workers and have each do nothing (median of three), and the bytes and seconds (pickling
    and unpickling) of sending every maze of ``config`` back from the workers."""
    pools = []
    for _ in range(3):
        start = time.perf_counter()
        list(in_processes(len, range(jobs * 4), jobs))
        pools.append(time.perf_counter() - start)
    ready = prepare(config, mazes=False)
    made = make_mazes(ready.maze_jobs, prepare_drawing=write_ahead)
    start = time.perf_counter()
    pickle.loads(sent := pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
    return statistics.median(pools), len(sent), time.perf_counter() - start


def digests(out: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(out.parent.iterdir())
        if path.suffix in (".pdf", ".json")
    }


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text(encoding="ascii").split()[:3])


def timed_build(config: Path, out: Path, jobs: int, forced: bool) -> tuple[float, str]:
    """Wall time of one build, and its line on the processes it took."""
    forcing = mock.patch.object(
        build_module, "choose_workers", lambda asked, *rest: Choice(asked, "forced by the benchmark")
    )
    with forcing if forced else contextlib.nullcontext():
        start = time.perf_counter()
        result = build(config, out, jobs=jobs)
        return time.perf_counter() - start, result.timings[0]


WAYS = ("--jobs 1", "--jobs N", "--jobs N forced")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds per book and way (median)")
    parser.add_argument("--jobs", type=int, default=2, help="N, the --jobs value against --jobs 1")
    parser.add_argument("--mazes", default="40,150,300", help="books' maze counts, comma-separated")
    args = parser.parse_args()
    sizes = [int(value) for value in args.mazes.split(",")]
    ways = {WAYS[0]: (1, False), WAYS[1]: (args.jobs, False), WAYS[2]: (args.jobs, True)}
    times = {(mazes, way): [] for mazes in sizes for way in ways}
    chosen: dict[int, set[str]] = {mazes: set() for mazes in sizes}
    loads: dict[int, list[str]] = {mazes: [] for mazes in sizes}
    outputs: dict[tuple[int, str], dict[str, str]] = {}
    pages: dict[int, int] = {}
    ceilings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        configs = {mazes: write_config(Path(folder), mazes) for mazes in sizes}
        for mazes, config in configs.items():  # imports, fonts
            pages[mazes] = build(config, Path(folder) / "warm" / "book.pdf").pages
        for _ in range(args.runs):
            for mazes, config in configs.items():
                loads[mazes].append(loadavg())
                for way, (jobs, forced) in ways.items():
                    out = Path(folder) / f"{mazes}-{way.replace(' ', '')}" / "book.pdf"
                    seconds, line = timed_build(config, out, jobs, forced)
                    times[mazes, way].append(seconds)
                    if not forced and jobs > 1:
                        chosen[mazes].add(line)
                    outputs[mazes, way] = digests(out)
            ceilings.append(machine_ceiling(args.jobs))
        pool, sent, pickling = start_up(configs[sizes[-1]], args.jobs)

    print(
        f"{args.runs} runs per book and way, interleaved; {os.cpu_count()} cores; "
        f"Python {sys.version.split()[0]}; N = {args.jobs}"
    )
    print()
    print(
        "| book | pages | --jobs 1 | --jobs N | speed-up | --jobs N forced | speed-up | "
        "/proc/loadavg at each run |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    same = True
    for mazes in sizes:
        medians = {way: statistics.median(times[mazes, way]) for way in ways}
        base = medians[WAYS[0]]
        same &= all(outputs[mazes, way] == outputs[mazes, WAYS[0]] for way in ways)
        print(
            f"| {mazes} mazes | {pages[mazes]} | {base:.2f} s | {medians[WAYS[1]]:.2f} s | "
            f"{base / medians[WAYS[1]]:.2f}x | {medians[WAYS[2]]:.2f} s | "
            f"{base / medians[WAYS[2]]:.2f}x | {'; '.join(loads[mazes])} |"
        )
    print()
    for mazes in sizes:
        for line in sorted(chosen[mazes]):
            print(f"{mazes} mazes, --jobs {args.jobs} chose: {line}")
    print(
        f"the machine's own ceiling after each run: {args.jobs} processes ran perfectly parallel "
        f"work {statistics.median(ceilings):.2f}x faster (median; "
        f"{', '.join(f'{c:.2f}' for c in ceilings)})"
    )
    print(
        f"start-up: a pool of {args.jobs} workers doing nothing took {pool:.3f} s (median of 3); "
        f"the {sizes[-1]} mazes' results are {sent / 1e6:.1f} MB pickled, {pickling:.3f} s to "
        f"pickle and unpickle"
    )
    print(f"identical output for every way and book: {'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
