"""Does a journey build as fast as the one-page mazes it replaces? And how much does Eller's
hold while it makes one a row of pages at a time?

    .venv/bin/python benchmarks/journey.py              # 5 runs each, interleaved
    .venv/bin/python benchmarks/journey.py --runs 9

A 12-page journey (76 x 63 cells, 4 pages across and 3 down, so 19 x 21 cells a page) on
KDP 8.5 x 11 in pages is built with `build` (front matter, answer key and preflight, as a
user builds it) beside a book of 12 one-page mazes of 19 x 21 cells: the same cells, the
same pages, the same algorithm. The two builds alternate, so a busy machine slows both
alike; the figures are medians, with the load average before and after. Goal (issue 30):
the journey within 1.5x the twelve mazes' time.

Then Eller's makes a tall journey (4 x 12 pages of 120 x 120 cells) a row of pages at a
time (``plan.journey.eller_pages``) and whole (``generate``); tracemalloc's peaks show
what each holds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookmaker.build import build  # noqa: E402
from bookmaker.maze import generate  # noqa: E402
from bookmaker.plan.journey import Tiling, eller_pages  # noqa: E402

GOAL = 1.5
BOOK = """
title: Benchmark
seed: 30
profile: kdp
page: {{size: 8.5x11}}
sections:
  - title: Mazes
    algorithm: wilson
{section}
"""
JOURNEY = "    journey: {pages: 12}\n    size: 76x63\n"
PAGES = "    size: 19x21\n    count: 12\n"


def built(folder: Path, name: str, section: str) -> float:
    """Seconds to build the book with ``section``, from its config to its checked files."""
    config = folder / f"{name}.yaml"
    config.write_text(BOOK.format(section=section), encoding="utf-8")
    start = time.perf_counter()
    build(config, folder / name / f"{name}.pdf")
    return time.perf_counter() - start


def peak(make) -> int:
    """Bytes tracemalloc saw held at most while ``make()`` ran."""
    tracemalloc.start()
    try:
        make()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    load_before = os.getloadavg()
    times: dict[str, list[float]] = {"journey": [], "pages": []}
    with tempfile.TemporaryDirectory() as folder:
        for name, section in (("journey", JOURNEY), ("pages", PAGES)):
            built(Path(folder), name, section)  # warm: fonts, catalogues, imports
        for _ in range(runs):
            for name, section in (("journey", JOURNEY), ("pages", PAGES)):
                times[name].append(built(Path(folder), name, section))
    load_after = os.getloadavg()
    journey, pages = statistics.median(times["journey"]), statistics.median(times["pages"])
    ratio = journey / pages
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}; {runs} runs, medians")
    print("| book | build s | ratio | goal |")
    print("|---|---|---|---|")
    print(f"| 12 one-page mazes, 19 x 21 cells | {pages:.3f} | 1.00 | |")
    print(
        f"| one 12-page journey, 76 x 63 cells | {journey:.3f} | {ratio:.2f} | "
        f"<= {GOAL} {'met' if ratio <= GOAL else 'NOT met'} |"
    )

    tiling = Tiling.of((480, 1440), 4, 12)
    width, height = tiling.size

    def by_rows() -> None:
        for _ in eller_pages(tiling, 7):
            pass

    rows, whole = peak(by_rows), peak(lambda: generate("eller", width, height, 7))
    print()
    print(f"Eller's, a {width} x {height} journey on {len(tiling.tiles())} pages (4 x 12):")
    print("| made | peak MB |")
    print("|---|---|")
    print(f"| a row of pages at a time | {rows / 1e6:.2f} |")
    print(f"| whole | {whole / 1e6:.2f} |")


if __name__ == "__main__":
    main()
