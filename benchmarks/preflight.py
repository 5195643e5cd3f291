"""Time the preflight on the 100-puzzle sample book.

    python benchmarks/preflight.py [--runs 9] [--config configs/activity-book.yaml]
                                   [--pdf FILE] [--profile NAME] [--against REV]

Builds the config's book once (skipping the build's own preflight), or takes
the PDF --pdf names, then times check_pdf on it --runs times and prints the
median wall time and pages checked per second (goal: well under 0.25 s for
the sample book, whose whole build should take about 1 s). --against REV
also times bookmaker/preflight.py as it was at git revision REV on the same
file, interleaving the runs, checks that both give the same report, and
prints the speed-up.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookmaker.build import build  # noqa: E402
from bookmaker.config import load_book  # noqa: E402
from bookmaker.preflight import check_pdf  # noqa: E402


def preflight_at(rev: str):
    """check_pdf from bookmaker/preflight.py at git revision ``rev``, loaded
    beside the current one (its relative imports resolve in today's package)."""
    source = subprocess.run(["git", "show", f"{rev}:bookmaker/preflight.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    name = "bookmaker._preflight_at_" + "".join(c if c.isalnum() else "_" for c in rev)
    module = types.ModuleType(name)
    module.__package__ = "bookmaker"
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, f"{rev}:bookmaker/preflight.py", "exec"), module.__dict__)
    return module.check_pdf


def timed(check, pdf: Path, profile: str) -> tuple[float, str]:
    start = time.perf_counter()
    report = check(pdf, profile)
    return time.perf_counter() - start, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--config", type=Path, default=ROOT / "configs" / "activity-book.yaml")
    parser.add_argument("--pdf", type=Path, help="check this PDF instead of building the config's book")
    parser.add_argument("--profile", help="printer profile (default: the config's)")
    parser.add_argument("--against", metavar="REV", help="also time the preflight of this git revision")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        pdf = args.pdf
        if pdf is None:
            pdf = Path(folder) / "book.pdf"
            build(args.config, pdf, preflight=False)
        profile = args.profile or (load_book(args.config).profile if args.pdf is None else "kdp")
        checks = {"current": check_pdf}
        if args.against:
            checks[args.against] = preflight_at(args.against)
        times: dict[str, list[float]] = {label: [] for label in checks}
        reports = {}
        for label, check in checks.items():  # warm up: imports, font metrics
            reports[label] = check(pdf, profile).format()
        for _ in range(args.runs):
            for label, check in checks.items():
                seconds, _ = timed(check, pdf, profile)
                times[label].append(seconds)
        pages = check_pdf(pdf, profile).pages
        size = pdf.stat().st_size

    print(f"{pdf.name if args.pdf else args.config.name}: {pages} pages, {size / 1024:.0f} KB, "
          f"profile {profile}, {args.runs} runs")
    medians = {}
    for label, values in times.items():
        medians[label] = median = statistics.median(values)
        print(f"{label:>10}: check_pdf median {median * 1000:.1f} ms (min {min(values) * 1000:.1f}, "
              f"max {max(values) * 1000:.1f}), {pages / median:.0f} pages/s")
    print(f"{'':>10}  report: {reports['current'].splitlines()[0]}")
    if args.against:
        same = reports[args.against] == reports["current"]
        print(f"speed-up over {args.against}: {medians[args.against] / medians['current']:.1f}x; "
              f"reports {'identical' if same else 'DIFFER'}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
