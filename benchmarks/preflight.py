"""Time the preflight: the sample book, 1,000 pages of strokes, a heavy foreign file, and
the build's own check of every sample book.

    python benchmarks/preflight.py [--runs 5] [--config configs/activity-book.yaml]
                                   [--pdf FILE] [--profile NAME] [--pages 1000]
                                   [--cases book strokes foreign own] [--baseline DIR]
                                   [--profile-top 12] [--configs configs/*.yaml]

book, strokes: builds the config's book once (skipping the build's own preflight), or
takes the PDF --pdf names, and writes the stroke book: 1,000 KDP 6 x 9 in pages with
bleed, each of 1,500 lines stroked one by one (``x y m x y l S``, as reportlab's ``line``
and many exporters write them; about 19 MB), once with every line inside the margins and
once with them all over the page, so that every page has hundreds of lines past its
margins to measure exactly. It times check_pdf on each --runs times in this process and
prints a table of goal, median wall time and their ratio (measured / goal: under 1 meets
the goal).

foreign: writes benchmarks/foreign_pdf.py's heavy file (1,000 pages each of 1,500 lines
stroked in states of their own, ``q w m l S Q``, with findings on five pages; about
21 MB) and runs ``bookmaker check FILE --profile kdp`` with --jobs 1 and --jobs 2, each
run a fresh process (after one warm-up run, which caches the bytecode as an installed
bookmaker has it), the two interleaved, --runs times each. It prints the median wall
and CPU time (all the command's processes), the highest peak memory, the load average
(/proc/loadavg) around each row, the two-job speed-up, and what two processes gave
perfectly parallel work in the same runs (benchmarks/jobs.py's machine ceiling), which
no command can beat. Every run must print the very same report and exit code. With
--baseline DIR (another checkout of bookmaker, e.g. a ``git worktree`` of an older
commit) the same commands from there are interleaved with this checkout's and shown
beside them. --profile-top N also prints the top N lines (by own time) of a profile of
one one-job check of the file's first 100 pages, from each checkout.

own: the check ``bookmaker build`` runs on the interior it has just written, for each
sample book (--configs, all of configs/*.yaml by default). Each run, each checkout (this
one, and --baseline's interleaved with it) in a fresh process builds every book without
its preflight, then times check_pdf on it as the build calls it (the book's profile,
trim and interior inks, one job), CPU seconds of the process, the best of three checks.
It prints per book the median over --runs of the check, of the build without it, the
check's share of a whole build, the baseline's check and its ratio to this checkout's,
and the load average around the runs. Both checkouts must give every book the same
report. --profile-top N prints the top N lines of a profile of the checks of all books.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from foreign_pdf import write_foreign_pdf  # noqa: E402
from jobs import machine_ceiling  # noqa: E402

from bookmaker.build import build  # noqa: E402
from bookmaker.config import load_book  # noqa: E402
from bookmaker.layout.fonts import DEFAULT_REGULAR, register  # noqa: E402
from bookmaker.preflight.interior import check_pdf  # noqa: E402
from bookmaker.profiles import PROFILES  # noqa: E402

INCH = 72.0
BOOK_GOAL, STROKES_GOAL = 0.25, 10.0  # seconds; the second for 1,000 pages
# The heavy foreign file, 1,000 pages: at most this long with one job, and at least this
# much faster with two on an idle machine (issue 29).
FOREIGN_GOAL, SPEED_UP_GOAL = 20.0, 1.6
CASES = ("book", "strokes", "foreign", "own")


def stroke_book(path: Path, pages: int = 1000, lines: int = 1500, inside: bool = True, seed: int = 1) -> Path:
    """KDP 6 x 9 in pages with bleed, each of ``lines`` separately stroked
    1 pt lines 10 pt long at random places in the safe area, or anywhere on
    the page if not ``inside``."""
    kdp = PROFILES["kdp"]
    trim_w, trim_h = 6 * INCH, 9 * INCH
    margins = kdp.min_margins(pages, bleed=True)
    rng = random.Random(seed)
    canvas = Canvas(str(path), invariant=1, initialFontName=register(DEFAULT_REGULAR))
    for number in range(1, pages + 1):
        bleed = kdp.bleed_offsets(number, True)
        page_w, page_h = trim_w + bleed.left + bleed.right, trim_h + bleed.bottom + bleed.top
        canvas.setPageSize((page_w, page_h))
        x0, y0 = bleed.left, bleed.bottom
        canvas.setTrimBox((x0, y0, x0 + trim_w, y0 + trim_h))
        canvas.setLineWidth(1)
        # the lines' ends and sides (half a point wide) stay a point inside the margins
        left = x0 + (margins.inside if number % 2 else margins.outside) + 1
        width = trim_w - margins.inside - margins.outside - 12
        bottom, height = y0 + margins.bottom + 1, trim_h - margins.top - margins.bottom - 2
        if not inside:
            left, width, bottom, height = 0, page_w - 10, 0, page_h
        for _ in range(lines):
            x, y = round(left + rng.random() * width, 2), round(bottom + rng.random() * height, 2)
            canvas.line(x, y, x + 10, y)
        canvas.showPage()
    canvas.save()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--config", type=Path, default=ROOT / "configs" / "activity-book.yaml")
    parser.add_argument("--pdf", type=Path, help="check this PDF instead of building the config's book")
    parser.add_argument("--profile", help="printer profile (default: the config's)")
    parser.add_argument(
        "--pages", type=int, default=1000, help="pages of the stroke books and the foreign file"
    )
    parser.add_argument("--cases", nargs="+", choices=CASES, default=list(CASES))
    parser.add_argument(
        "--baseline", type=Path, help="another checkout whose check to time beside this one's"
    )
    parser.add_argument("--profile-top", type=int, default=0, help="print a profile's top lines")
    parser.add_argument(
        "--configs",
        type=Path,
        nargs="+",
        default=sorted((ROOT / "configs").glob("*.yaml")),
        help="the sample books of the own case",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        if "book" in args.cases or "strokes" in args.cases:
            in_process(args, Path(folder))
        if "foreign" in args.cases:
            foreign = Path(folder) / "foreign.pdf"
            start = time.perf_counter()
            write_foreign_pdf(foreign, pages=args.pages)
            print(f"\nforeign file written in {time.perf_counter() - start:.1f} s", flush=True)
            foreign_table(foreign, args.runs, args.pages, args.baseline)
            if args.profile_top:
                profile_top(Path(folder), args.profile_top, args.baseline)
        if "own" in args.cases:
            own_table(args.configs, Path(folder), args.runs, args.baseline, args.profile_top)


def in_process(args, folder: Path) -> None:
    """The sample book and the stroke books, timed in this process."""
    rows = []
    if "book" in args.cases:
        book = args.pdf
        if book is None:
            book = folder / "book.pdf"
            build(args.config, book, preflight=False)
        profile = args.profile or (load_book(args.config).profile if args.pdf is None else "kdp")
        rows.append(_time(BOOK_GOAL, book, profile, args.runs))
    if "strokes" in args.cases:
        start = time.perf_counter()
        strokes = stroke_book(folder / "strokes.pdf", pages=args.pages)
        strokes_past = stroke_book(folder / "strokes-past-margins.pdf", pages=args.pages, inside=False)
        print(f"stroke books written in {time.perf_counter() - start:.1f} s")
        goal = STROKES_GOAL * args.pages / 1000
        rows += [_time(goal, strokes, "kdp", args.runs), _time(goal, strokes_past, "kdp", args.runs)]

    print(f"\n{'case':<50} {'goal':>8} {'measured':>10} {'ratio':>6}")
    for case, goal, median in rows:
        print(f"{case:<50} {goal:>7.2f}s {median:>9.3f}s {median / goal:>6.2f}")
    print(f"(median wall time of check_pdf over {args.runs} runs; ratio = measured / goal)")


def _time(goal: float, pdf: Path, profile: str, runs: int) -> tuple[str, float, float]:
    report = check_pdf(pdf, profile)  # and warm up: imports, font metrics
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        check_pdf(pdf, profile)
        times.append(time.perf_counter() - start)
    case = f"{pdf.name}: {report.pages} pages, {pdf.stat().st_size / 1e6:.1f} MB, {profile}"
    print(f"{case}: {report.format().splitlines()[0]}")
    return case, goal, statistics.median(times)


# One `bookmaker check` in a process of its own, run from a checkout (the working
# directory): its report on stdout, then on stderr its exit code, wall and CPU time (s,
# all its processes) and peak resident memory (MB, the largest of its processes). VmHWM,
# not ru_maxrss, for the command itself: Linux keeps ru_maxrss across exec, so a process
# started by a parent that held the file would report the parent's peak as its own.
CHECK = """
import resource, runpy, sys, time
start = time.perf_counter()
sys.argv = ["bookmaker", "check", {pdf!r}, "--profile", "kdp", "--jobs", "{jobs}"]
try:
    runpy.run_module("bookmaker", run_name="__main__", alter_sys=True)
    code = 0
except SystemExit as stop:
    code = stop.code or 0
seconds = time.perf_counter() - start
usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
with open("/proc/self/status") as status:
    own = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
sys.stdout.flush()
print("MEASURED", code, seconds, sum(u.ru_utime + u.ru_stime for u in usage),
      max(own, usage[1].ru_maxrss) / 1024, file=sys.stderr)
"""


def check_command(pdf: Path, jobs: int, source: Path) -> tuple[str, int, float, float, float]:
    """One `bookmaker check` of ``pdf`` with ``jobs`` jobs, in a fresh process, from the
    checkout ``source``: its report, exit code, wall and CPU time, and peak memory."""
    code = CHECK.format(pdf=str(pdf), jobs=jobs)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=source, capture_output=True, text=True, env=INSTALLED
    )
    measured = done.stderr.strip().splitlines()[-1].split()
    if not measured or measured[0] != "MEASURED":
        raise SystemExit(f"bookmaker check failed in {source}:\n{done.stderr}")
    return done.stdout, int(measured[1]), float(measured[2]), float(measured[3]), float(measured[4])


# As an installed bookmaker runs: its modules' bytecode cached (written by the first run),
# not compiled afresh by every process where the environment says not to write it.
INSTALLED = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text(encoding="ascii").split()[:3])


def foreign_table(pdf: Path, runs: int, pages: int, baseline: Path | None) -> None:
    """The foreign file checked with one job and two, from this checkout (and the
    baseline's), interleaved run by run."""
    sources = [("this checkout", ROOT)] + ([("baseline", baseline.resolve())] if baseline else [])
    found: dict[tuple[str, int], list] = {(name, jobs): [] for name, _ in sources for jobs in (1, 2)}
    loads: dict[tuple[str, int], list[str]] = {key: [] for key in found}
    ceilings = []
    for _, source in sources:  # a warm-up, which also caches the bytecode
        check_command(pdf, 1, source)
    for run in range(runs):
        for name, source in sources:
            for jobs in (1, 2):
                before = loadavg()
                found[(name, jobs)].append(check_command(pdf, jobs, source))
                loads[(name, jobs)].append(f"{before} / {loadavg()}")
        ceilings.append(machine_ceiling(2))
        print(f"run {run + 1} of {runs} done; load average {loadavg()}", flush=True)
    reports = {(out, code) for results in found.values() for out, code, *_ in results}
    first_report, first_code = next(iter(found.values()))[0][:2]
    size = f"{pdf.stat().st_size / 1e6:.1f} MB"
    print(f"\n{pdf.name}: {pages} pages, {size}; the report (exit code {first_code}):")
    print("    " + first_report.rstrip("\n").replace("\n", "\n    "))
    if len(reports) > 1:
        print("!!! the runs did not all print the same report and exit code")
    goal = FOREIGN_GOAL * pages / 1000
    print(
        f"\n{'checkout':<14} {'jobs':>4} {'wall':>8} {'CPU':>8} {'peak RSS':>9}  load average before / after"
    )
    medians = {}
    for (name, jobs), results in found.items():
        wall, cpu = (statistics.median(result[k] for result in results) for k in (2, 3))
        peak = max(result[4] for result in results)
        medians[(name, jobs)] = wall
        load = "; ".join(loads[(name, jobs)])
        print(f"{name:<14} {jobs:>4} {wall:>7.2f}s {cpu:>7.2f}s {peak:>6.0f} MB  {load}")
    for name, _ in sources:
        one, two = medians[(name, 1)], medians[(name, 2)]
        print(
            f"{name}: one job {one:.2f} s (goal {goal:g} s: ratio {one / goal:.2f}); "
            f"--jobs 2 is {one / two:.2f}x faster (goal {SPEED_UP_GOAL:g}x)"
        )
    if baseline:
        faster = medians[("baseline", 1)] / medians[("this checkout", 1)]
        print(f"one job against the baseline: {faster:.1f}x faster")
    print(
        f"(`bookmaker check FILE --profile kdp --jobs N`, medians of {runs} runs each in a fresh process, "
        f"CPU of all its processes, the highest peak memory. The machine's ceiling in the same runs: two "
        f"processes ran perfectly parallel work {statistics.median(ceilings):.2f}x faster "
        f"(min {min(ceilings):.2f}, max {max(ceilings):.2f}))"
    )


# A profile of one check, in a process of its own, run from a checkout (the working directory).
PROFILE = """
import cProfile, pstats
from bookmaker.preflight.interior import check_pdf
profiler = cProfile.Profile()
profiler.runcall(check_pdf, {pdf!r}, "kdp")
pstats.Stats(profiler).sort_stats("tottime").print_stats({lines})
"""


def profile_top(folder: Path, lines: int, baseline: Path | None, pages: int = 100) -> None:
    """The top ``lines`` functions by own time in one one-job check of the foreign file's
    first ``pages`` pages (the same pages, written on their own), from each checkout."""
    part = write_foreign_pdf(folder / f"foreign-{pages}.pdf", pages=pages)
    for name, source in [("this checkout", ROOT)] + ([("baseline", baseline.resolve())] if baseline else []):
        code = PROFILE.format(pdf=str(part), lines=lines)
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=source, capture_output=True, text=True, env=INSTALLED
        )
        out = run.stdout
        print(f"\n{name}: profile of one check of the first {pages} pages (one job), by own time:")
        print(out.strip().split("\n\n", 1)[-1])


# The build's own check of each sample book, in a process of its own, run from a checkout
# (the working directory): each book built without its preflight, then checked as the build
# checks it. Prints one JSON line: per config, the build's and the check's CPU seconds and
# the check's report; with a profile, its top lines by own time on stderr.
OWN = """
import cProfile, json, pstats, sys, time
from pathlib import Path
from bookmaker.build import build
from bookmaker.config import load_book
from bookmaker.preflight.interior import check_pdf
configs, folder, lines = {configs!r}, Path({folder!r}), {lines}
found = {{}}
profiler = cProfile.Profile() if lines else None
for config in configs:
    pdf = folder / (Path(config).stem + ".pdf")
    start = time.process_time()
    build(config, pdf, preflight=False)
    built = time.process_time() - start
    book = load_book(config)
    trim = book.trim_size
    def check():
        return check_pdf(pdf, book.profile, trim=trim, interior=book.interior_inks)
    check()  # and warm up: font metrics, the tokenizer's vocabulary
    times = []
    for _ in range(3):
        start = time.process_time()
        report = check()
        times.append(time.process_time() - start)
    if profiler:
        profiler.runcall(check)
    found[config] = [built, min(times), report.format()]
print(json.dumps(found))
if profiler:
    pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(lines)
"""


def own_table(configs: list[Path], folder: Path, runs: int, baseline: Path | None, lines: int) -> None:
    """The build's check of its own interior, book by book, from this checkout (and the
    baseline's), interleaved run by run."""
    import json

    configs = [str(config.resolve()) for config in configs]
    sources = [("this checkout", ROOT)] + ([("baseline", baseline.resolve())] if baseline else [])
    results: dict[str, list[dict]] = {name: [] for name, _ in sources}
    loads = [loadavg()]
    profiles = {}
    for run in range(runs):
        for name, source in sources:
            out = folder / f"own-{name.replace(' ', '-')}"
            out.mkdir(exist_ok=True)
            code = OWN.format(configs=configs, folder=str(out), lines=lines if run == 0 else 0)
            done = subprocess.run(
                [sys.executable, "-c", code], cwd=source, capture_output=True, text=True, env=INSTALLED
            )
            if done.returncode:
                raise SystemExit(f"the own check failed in {source}:\n{done.stderr}")
            results[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
            if run == 0 and lines:
                profiles[name] = done.stderr.strip().split("\n\n", 1)[-1]
        loads.append(loadavg())
        print(f"run {run + 1} of {runs} done; load average {loads[-1]}", flush=True)
    print(f"\n{'book':<22} {'build':>7} {'check':>7} {'share':>6}", end="")
    print(f" {'baseline':>9} {'ratio':>6}" if baseline else "")
    totals = {"build": 0.0, "check": 0.0, "baseline": 0.0}
    for config in configs:
        build_s, check_s = (
            statistics.median(run[config][k] for run in results["this checkout"]) for k in (0, 1)
        )
        totals["build"] += build_s
        totals["check"] += check_s
        row = (
            f"{Path(config).stem:<22} {build_s:>6.3f}s {check_s:>6.3f}s {check_s / (build_s + check_s):>6.0%}"
        )
        if baseline:
            before = statistics.median(run[config][1] for run in results["baseline"])
            totals["baseline"] += before
            row += f" {before:>8.3f}s {check_s / before:>6.2f}"
            if {run[config][2] for runs_ in results.values() for run in runs_} != {
                results["this checkout"][0][config][2]
            }:
                row += "  !!! the reports differ"
        print(row)
    build_s, check_s = totals["build"], totals["check"]
    row = f"{'all':<22} {build_s:>6.3f}s {check_s:>6.3f}s {check_s / (build_s + check_s):>6.0%}"
    if baseline:
        row += f" {totals['baseline']:>8.3f}s {check_s / totals['baseline']:>6.2f}"
    print(row)
    print(
        f"(CPU seconds, medians of {runs} runs, each the best of three checks; build: without its "
        f"preflight; share: the check's of a build with it; ratio: this checkout's check / the "
        f"baseline's. Load average {' -> '.join(loads)})"
    )
    for name, text in profiles.items():
        print(f"\n{name}: profile of the checks of all books, by own time:\n{text}")


if __name__ == "__main__":
    main()
