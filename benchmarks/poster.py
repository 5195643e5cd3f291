"""Poster-size single mazes: wall time and peak memory of `bookmaker maze`, per algorithm and format.

    .venv/bin/python benchmarks/poster.py                  # 1000x1000: pdf, svg, png; 5 runs each
    .venv/bin/python benchmarks/poster.py --sizes 2000x2000 --runs 3
    .venv/bin/python benchmarks/poster.py --algorithms wilson kruskal --formats pdf
    .venv/bin/python benchmarks/poster.py --profile wilson pdf 1000x1000   # where the time goes
    .venv/bin/python benchmarks/poster.py --checkout /tmp/old --no-stages  # an older copy
    .venv/bin/python benchmarks/poster.py --braids              # braid 0.1/0.5/1 against unbraided
    .venv/bin/python benchmarks/poster.py --braids --quick      # the same at 300x300, for iterating

Each measurement is a fresh process, ``python -m bookmaker maze --size S
--algorithm A --seed 1 --endpoints border --solution -o FILE --timings`` (and ``--page fit``
for a pdf), so
its peak resident memory (``os.wait4``'s ``ru_maxrss``) is the whole
command's: the interpreter, its imports and the maze. Wall time is taken
around the process; the stages (carve, endpoints, solve, geometry, write) are
the command's own ``--timings``, the same code path, and leave out Python's
start-up and imports. Figures are medians over the runs; MB are 10^6 bytes.

Goals (issue 9): every algorithm but aldous-broder, in pdf, svg and png, at
most 3 s and 150 MB at 1000x1000, and 12 s and 500 MB at 2000x2000.

``--shapes`` measures hex, triangle and polar posters of about a million cells
against the square poster of as many cells, and masked posters (a picture and a
built-in outline) against the unmasked one (issue 29's goals: 2x and 1.5x, time
and memory); ``--shapes 200`` is the fast mode, 200x200 cells a grid. See
``shape_rows``.

``--profile ALGORITHM FORMAT SIZE`` runs the command once in-process under
cProfile (the top functions by their own time) and once under tracemalloc
(the most memory traced in each stage, and the lines that held the most at
the end). ``--checkout`` measures another copy of the package (its parent
folder goes first on PYTHONPATH), e.g. a snapshot taken before a change; add
``--no-stages`` if that copy has no ``--timings``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookmaker.maze import ALGORITHMS  # noqa: E402
from bookmaker.stopwatch import STAGES  # noqa: E402

FORMATS = ("pdf", "svg", "png")
# size -> (seconds, MB): the most a run may take.
GOALS = {"1000x1000": (3.0, 150.0), "2000x2000": (12.0, 500.0)}
SKIPPED = ("aldous-broder",)  # cover time ~ n log^2 n: no goal at poster size


def command(algorithm: str, fmt: str, size: str, out: Path, stages: bool) -> list[str]:
    return poster_command(["--size", size, "--algorithm", algorithm], fmt, out, stages)


def poster_command(maze: list[str], fmt: str, out: Path, stages: bool) -> list[str]:
    """`bookmaker maze` with ``maze``'s arguments (size or shape, algorithm, mask, braid) as
    every poster here is made: seed 1, border endpoints, the solution."""
    args = ["maze", *maze, "--seed", "1", "--endpoints", "border", "--solution", "-o", str(out)]
    if fmt == "pdf":  # a poster's page is cut to the maze, not a letter sheet
        args += ["--page", "fit"]
    return args + (["--timings"] if stages else [])


def environment(checkout: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("SOURCE_DATE_EPOCH", None)
    if checkout is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(checkout), env.get("PYTHONPATH")]))
    return env


def run_once(args: list[str], env: dict[str, str], folder: Path) -> tuple[float, float, dict[str, float]]:
    """Wall seconds, peak MB and the stage seconds of one `bookmaker` process."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "bookmaker", *args],
            env=env,
            cwd=folder,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        text = errors.read().decode(errors="replace")
    if process.returncode:
        raise SystemExit(f"bookmaker {' '.join(args)} failed:\n{text}")
    stages = {}
    for line in text.splitlines():  # "carve 0.412 s"
        name, _, rest = line.partition(" ")
        if name in STAGES and rest.endswith(" s"):
            stages[name] = float(rest[:-2])
    return wall, usage.ru_maxrss * 1024 / 1e6, stages


def measure(algorithm: str, fmt: str, size: str, runs: int, env: dict[str, str], stages: bool) -> dict:
    walls, peaks, laps = [], [], {stage: [] for stage in STAGES}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"poster.{fmt}"
        for _ in range(runs):
            wall, peak, took = run_once(command(algorithm, fmt, size, out, stages), env, Path(folder))
            walls.append(wall)
            peaks.append(peak)
            for stage, seconds in took.items():
                laps[stage].append(seconds)
    return {
        "wall": statistics.median(walls),
        "peak": statistics.median(peaks),
        "stages": {stage: statistics.median(values) for stage, values in laps.items() if values},
    }


def table(rows: list[tuple[str, str, str, dict]], stages: bool) -> str:
    head = ["algorithm", "format", "size", "wall s", "goal s", "peak MB", "goal MB", "met"]
    if stages:
        head += list(STAGES)
    lines = [
        "| " + " | ".join(head) + " |",
        "|" + "|".join("---" if i < 3 else "---:" for i in range(len(head))) + "|",
    ]
    for algorithm, fmt, size, result in rows:
        seconds, megabytes = GOALS.get(size, (None, None))
        met = (
            ""
            if seconds is None
            else "yes"
            if result["wall"] <= seconds and result["peak"] <= megabytes
            else "**no**"
        )
        cells = [
            algorithm,
            fmt,
            size,
            f"{result['wall']:.2f}",
            "" if seconds is None else f"{seconds:g}",
            f"{result['peak']:.0f}",
            "" if megabytes is None else f"{megabytes:g}",
            met,
        ]
        if stages:
            cells += [f"{result['stages'].get(stage, 0.0):.2f}" for stage in STAGES]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# Run in a child, so --checkout can point it at another copy of the package; one child a
# measurement, as a second run in the same process would find the first one's caches.
PROFILE = r"""
import cProfile, io, os, pstats, sys, tracemalloc
from bookmaker.cli import app
mode, top, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def run():
    try:
        app(args, standalone_mode=False)
    except SystemExit:
        pass

if mode == "cprofile":
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    lines = text.getvalue().splitlines()
    first = next(i for i, line in enumerate(lines) if "function calls" in line)
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("ncalls"))
    print("cProfile, by own time:")
    print("\n".join([lines[first], *lines[start:start + 1 + top]]))
elif mode == "tracemalloc":
    tracemalloc.start()  # after the imports: what the command itself allocates
    run()
    now, peak = tracemalloc.get_traced_memory()
    print(f"tracemalloc: peak {peak / 1e6:.1f} MB traced during the command, "
          f"{now / 1e6:.1f} MB still held after it, most by:")
    for stat in tracemalloc.take_snapshot().statistics("lineno")[:5]:
        print(f"  {stat}")
else:  # "stages": --timings under tracemalloc gives each stage's peak
    tracemalloc.start()
    run()
"""


def profile(algorithm: str, fmt: str, size: str, top: int, env: dict[str, str], stages: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"poster.{fmt}"
        args = command(algorithm, fmt, size, out, stages=False)
        for mode in ("cprofile", "tracemalloc", *(["stages"] if stages else [])):
            extra = ["--timings"] if mode == "stages" else []
            if mode == "stages":
                print("each stage's time (slowed by tracing) and peak traced memory:", flush=True)
            subprocess.run(
                [sys.executable, "-c", PROFILE, mode, str(top), *args, *extra],
                env=env,
                cwd=folder,
                check=True,
                stdout=None,
            )
            print(flush=True)


# Braided posters (issue 29): each braid share against the same poster unbraided, one fresh
# process a run, the shares interleaved run by run so a busy machine slows them alike. Peak
# memory is the process's own VmHWM (ru_maxrss would include what it inherited).
BRAIDS = (0.0, 0.1, 0.5, 1.0)
BRAID_GOAL = 1.5  # the most a braided poster may take of the unbraided one, time and memory
BRAIDED_CHILD = r"""
import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print(f"VmHWM {kb} kB", file=sys.stderr)
atexit.register(peak)
sys.argv = ["bookmaker", *sys.argv[1:]]
runpy.run_module("bookmaker", run_name="__main__", alter_sys=True)
"""


def braided_run(share: float, size: str, env: dict[str, str], folder: Path) -> tuple[float, float, dict]:
    """Wall seconds, VmHWM MB and stage seconds of one braided (or plain) pdf poster."""
    args = command("recursive-backtracker", "pdf", size, Path(folder) / "poster.pdf", stages=True)
    args += ["--braid", f"{share:g}"]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", BRAIDED_CHILD, *args], env=env, cwd=folder, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"bookmaker {' '.join(args)} failed:\n{done.stderr}")
    stages, peak = {}, 0.0
    for line in done.stderr.splitlines():  # "carve 0.412 s", "VmHWM 123456 kB"
        name, _, rest = line.partition(" ")
        if name in STAGES and rest.endswith(" s"):
            stages[name] = float(rest[:-2])
        elif name == "VmHWM":
            peak = int(rest.split()[0]) * 1024 / 1e6
    return wall, peak, stages


def braid_table(size: str, runs: int, env: dict[str, str]) -> str:
    """Braid 0.1, 0.5 and 1 against the unbraided poster: medians, ratios, load averages."""
    results: dict[float, list[tuple[float, float, dict]]] = {share: [] for share in BRAIDS}
    loads = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            for share in BRAIDS:
                results[share].append(braided_run(share, size, env, Path(folder)))
                loads.append(Path("/proc/loadavg").read_text().split()[0])
                wall, peak, _ = results[share][-1]
                print(
                    f"run {run + 1} braid {share:g}: {wall:.2f} s, {peak:.0f} MB", file=sys.stderr, flush=True
                )
    head = ["braid", "size", "wall s", "x plain", "peak MB", "x plain", "met", *STAGES]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    plain_wall = statistics.median(run[0] for run in results[0.0])
    plain_peak = statistics.median(run[1] for run in results[0.0])
    for share, measured in results.items():
        wall = statistics.median(run[0] for run in measured)
        peak = statistics.median(run[1] for run in measured)
        laps = [statistics.median(run[2].get(stage, 0.0) for run in measured) for stage in STAGES]
        met = (
            ""
            if not share
            else "yes"
            if max(wall / plain_wall, peak / plain_peak) <= BRAID_GOAL
            else "**no**"
        )
        cells = [f"{share:g}", size, f"{wall:.2f}", f"{wall / plain_wall:.2f}", f"{peak:.0f}"]
        cells += [f"{peak / plain_peak:.2f}", met, *(f"{lap:.2f}" for lap in laps)]
        lines.append("| " + " | ".join(cells) + " |")
    loads_text = " ".join(loads)
    lines.append(
        f"\nrecursive-backtracker pdf, medians of {runs} runs; 1-min load average after each: {loads_text}"
    )
    return "\n".join(lines)


# --- Shapes and masks (issue 29) ------------------------------------------------------

OWL = ROOT / "configs" / "art" / "owl.png"  # the sample picture mask
OUTLINE = "heart"  # a built-in outline that fills much of its box
# Goals: a shape's poster at most 2x the square one of as many cells, a masked poster at most
# 1.5x the unmasked one of the same grid; time and memory alike.
SHAPE_GOAL, MASK_GOAL = 2.0, 1.5


def shape_cases(side: int) -> list[tuple[str, str, list[str], float]]:
    """(name, reference name, the shape's `bookmaker maze` arguments, goal): every shape of
    about ``side`` squared cells, and the ``side`` x ``side`` square grid under each mask."""
    from bookmaker.maze.polar_grid import ring_counts

    rings = 1
    while sum(ring_counts(rings)) < side * side:
        rings += 1
    grid = ["--size", f"{side}x{side}"]
    return [
        ("square", "square", grid, 1.0),
        ("hex", "square", ["--shape", "hex", *grid], SHAPE_GOAL),
        ("triangle", "square", ["--shape", "triangle", *grid], SHAPE_GOAL),
        (f"polar {rings} rings", "square", ["--shape", "polar", "--rings", str(rings)], SHAPE_GOAL),
        ("square, picture mask", "square", ["--mask-image", str(OWL), *grid], MASK_GOAL),
        (f"square, {OUTLINE} outline", "square", ["--outline", OUTLINE, *grid], MASK_GOAL),
    ]


# One poster in a process of its own, which reports its peak resident memory (VmHWM: Linux
# keeps ru_maxrss across exec, so a child's would start at this script's own peak) and its
# CPU time with that of the process it may fork to write a poster's walls (render/canvas.py,
# ``_TextAside``), whose memory ``tree_peak`` adds.
SHAPE_CHILD = r"""
import resource, sys, time
start = time.perf_counter()
from bookmaker.cli import app
try:
    app(sys.argv[1:], standalone_mode=False)
except SystemExit as stop:
    if stop.code:
        raise
seconds = time.perf_counter() - start
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
cpu = sum(usage.ru_utime + usage.ru_stime for usage in map(
    resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
))
print(f"POSTER {seconds} {peak * 1024 / 1e6} {cpu}", file=sys.stderr)
"""


def tree_peak(process: subprocess.Popen, every: float = 0.05) -> float:
    """Wait for ``process``, watching it every ``every`` seconds: the most memory, in MB, it
    and the processes it forked held at once. A forked child shares its parent's pages
    until it writes to them, so the child adds what it holds alone (its private pages in
    /proc/PID/smaps_rollup) to the parent's resident memory. Sampled, not more often than
    that: a rollup of a 200 MB process takes 3 ms to read, on a core the poster would use.
    Take the parent's own exact peak (VmHWM) beside it."""
    page, peak = os.sysconf("SC_PAGE_SIZE"), 0
    while process.poll() is None:
        try:
            with open(f"/proc/{process.pid}/statm") as statm:
                held = int(statm.read().split()[1]) * page
        except (OSError, IndexError):  # ended meanwhile
            break
        try:
            with open(f"/proc/{process.pid}/task/{process.pid}/children") as children:
                forked = children.read().split()
        except OSError:  # ended meanwhile, or a kernel that does not list children
            forked = []
        for child in forked:
            try:
                with open(f"/proc/{child}/smaps_rollup") as rollup:
                    held += sum(
                        int(line.split()[1]) * 1024
                        for line in rollup
                        if line.startswith(("Private_Clean:", "Private_Dirty:"))
                    )
            except OSError:  # ended meanwhile
                pass
        peak = max(peak, held)
        time.sleep(every)
    process.wait()
    return peak / 1e6


def shape_run(
    args: list[str], fmt: str, env: dict[str, str], folder: Path
) -> tuple[float, float, float, dict]:
    """Seconds (imports included), peak MB (with a forked writer's, ``tree_peak``), CPU seconds
    (with the writer's) and the stages of one poster in a fresh process. CPU time suffers
    less than wall time from other work on a shared machine."""
    command = poster_command(args, fmt, Path(folder) / f"poster.{fmt}", stages=True)
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, "-c", SHAPE_CHILD, *command],
            env=env,
            cwd=folder,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        tree = tree_peak(process)
        errors.seek(0)
        text = errors.read().decode(errors="replace")
    if process.returncode:
        raise SystemExit(f"bookmaker {' '.join(command)} failed:\n{text}")
    stages, seconds, peak, cpu = {}, 0.0, 0.0, 0.0
    for line in text.splitlines():
        name, _, rest = line.partition(" ")
        if name == "POSTER":
            seconds, peak, cpu = map(float, rest.split())
        elif name in STAGES and rest.endswith(" s"):
            stages[name] = float(rest[:-2])
    return seconds, max(peak, tree), cpu, stages


def load() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def shape_rows(side: int, formats: list[str], runs: int, env: dict[str, str]) -> str:
    """Every case of ``shape_cases`` in each format, ``runs`` times, interleaved (each run
    goes through all cases before the next, so a busy spell slows all alike); the table of
    medians, each row's ratio to its reference's median, and the load averages seen."""
    cases = shape_cases(side)
    times: dict[tuple[str, str], list[float]] = {}
    peaks: dict[tuple[str, str], list[float]] = {}
    cpus: dict[tuple[str, str], list[float]] = {}
    stages: dict[tuple[str, str], list[dict]] = {}
    loads = [load()]
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            for fmt in formats:
                for name, _, args, _ in cases:
                    seconds, peak, cpu, took = shape_run(args, fmt, env, Path(folder))
                    times.setdefault((name, fmt), []).append(seconds)
                    cpus.setdefault((name, fmt), []).append(cpu)
                    peaks.setdefault((name, fmt), []).append(peak)
                    stages.setdefault((name, fmt), []).append(took)
                    print(
                        f"run {run + 1} {fmt} {name}: {seconds:.2f} s, {cpu:.2f} s CPU, {peak:.0f} MB "
                        f"(load {load()})",
                        file=sys.stderr,
                        flush=True,
                    )
            loads.append(load())
    head = ["case", "format", "s", "CPU s", "MB", "x time", "x CPU", "x memory", "goal", "met", *STAGES]
    lines = [
        f"{side}x{side}-cell grids (polar: as many cells), {runs} runs interleaved, medians; "
        f"load average {' -> '.join(loads)}",
        "",
        "| " + " | ".join(head) + " |",
        "|---|---|" + "---:|" * 8 + "---:|" * len(STAGES),
    ]
    for fmt in formats:
        for name, reference, _, goal in cases:
            seconds = statistics.median(times[name, fmt])
            peak = statistics.median(peaks[name, fmt])
            x_time = seconds / statistics.median(times[reference, fmt])
            x_peak = peak / statistics.median(peaks[reference, fmt])
            cpu = statistics.median(cpus[name, fmt])
            x_cpu = cpu / statistics.median(cpus[reference, fmt])
            met = "" if name == reference else "yes" if max(x_time, x_peak) <= goal else "**no**"
            laps = [statistics.median(took.get(stage, 0.0) for took in stages[name, fmt]) for stage in STAGES]
            lines.append(
                f"| {name} | {fmt} | {seconds:.2f} | {cpu:.2f} | {peak:.0f} | {x_time:.2f} | {x_cpu:.2f} | "
                f"{x_peak:.2f} | "
                f"{'' if name == reference else f'{goal:g}x'} | {met} | "
                + " | ".join(f"{lap:.2f}" for lap in laps)
                + " |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["1000x1000"], metavar="WxH")
    parser.add_argument("--formats", nargs="+", default=list(FORMATS), choices=FORMATS)
    parser.add_argument(
        "--algorithms",
        nargs="+",
        metavar="NAME",
        default=[name for name in ALGORITHMS if name not in SKIPPED],
    )
    parser.add_argument("--runs", type=int, default=5, help="runs a measurement (median)")
    parser.add_argument("--checkout", type=Path, help="measure the package in this folder")
    parser.add_argument(
        "--no-stages",
        dest="stages",
        action="store_false",
        help="do not ask for --timings (a copy without it)",
    )
    parser.add_argument("--profile", nargs=3, metavar=("ALGORITHM", "FORMAT", "SIZE"))
    parser.add_argument("--top", type=int, default=12, help="cProfile lines with --profile")
    parser.add_argument("--braids", action="store_true", help="braid 0.1/0.5/1 against unbraided (--runs 3)")
    parser.add_argument("--quick", action="store_true", help="with --braids: 300x300, for iterating")
    parser.add_argument(
        "--shapes",
        type=int,
        nargs="?",
        const=1000,
        metavar="SIDE",
        help="shapes and masks against square and unmasked posters of SIDE x SIDE cells (1000)",
    )
    options = parser.parse_args()
    env = environment(options.checkout)
    if options.braids:
        print(braid_table("300x300" if options.quick else options.sizes[0], options.runs, env))
        return
    if options.shapes:
        print(shape_rows(options.shapes, options.formats, options.runs, env))
        return
    if options.profile:
        profile(*options.profile, options.top, env, options.stages)
        return
    rows = []
    for size in options.sizes:
        for algorithm in options.algorithms:
            for fmt in options.formats:
                result = measure(algorithm, fmt, size, options.runs, env, options.stages)
                rows.append((algorithm, fmt, size, result))
                print(
                    f"{algorithm} {fmt} {size}: {result['wall']:.2f} s, {result['peak']:.0f} MB",
                    file=sys.stderr,
                    flush=True,
                )
    print(table(rows, options.stages))


if __name__ == "__main__":
    main()
