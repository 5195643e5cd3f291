"""How fast the studio's pages follow an edit, on the activity-book sample (100 mazes, 128 pages).

    python benchmarks/studio.py [--runs 5] [--config configs/activity-book.yaml]

The studio's own code path (``bookmaker.studio.pages.Pages``), without the browser and
HTTP around it: from the edited text to the PNG bytes the page shows. Each run edits to a
value no earlier run used, so no maze or picture comes from an earlier run's cache.

- one section's size: the chosen page (one of that section's, large) ready, goal 500 ms;
  every thumbnail ready (the changed ones drawn, the rest kept), goal 3 s;
- the title: the title page ready (large), goal 200 ms.

Prints the median of the runs, and each run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookmaker.studio import config_text  # noqa: E402
from bookmaker.studio.pages import Generation, Pages  # noqa: E402

SECTION = 2  # "Getting Tricky": 24 wilson mazes of 18x22, one a page
GOALS = {"size: chosen page": 0.5, "size: every thumbnail": 3.0, "title: title page": 0.2}


def section_page(generation: Generation, section: int) -> int:
    """The index of the first page that holds a maze of ``section``."""
    for index, page in enumerate(generation.pages):
        if any(generation.printed[maze["number"]].job.section == section for maze in page.mazes):
            return index
    raise SystemExit(f"no page holds a maze of section {section}")


def ready(pages: Pages, text: str) -> Generation:
    generation, problems = pages.update(text)
    if generation is None:
        raise SystemExit("\n".join(problem.text for problem in problems))
    return generation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--config", type=Path, default=ROOT / "configs" / "activity-book.yaml")
    args = parser.parse_args()
    text = args.config.read_text(encoding="utf-8")
    width, height = config_text.values(text)["sections"][SECTION]["size"].split("x")
    pages = Pages(args.config)
    start = time.perf_counter()
    first = ready(pages, text)
    for page in first.pages:
        pages.picture(page.version, "thumb")
    print(f"first look: {len(first.pages)} pages, every thumbnail in {time.perf_counter() - start:.2f} s")
    chosen = section_page(first, SECTION)
    times: dict[str, list[float]] = {name: [] for name in GOALS}
    for run in range(args.runs):
        edited = config_text.set_key(text, f"sections[{SECTION}].size", f"{int(width) + run + 1}x{height}")
        start = time.perf_counter()
        generation = ready(pages, edited)
        made = pages.made_last
        pages.picture(generation.pages[chosen].version, "large")
        times["size: chosen page"].append(time.perf_counter() - start)
        for page in generation.pages:
            pages.picture(page.version, "thumb")
        times["size: every thumbnail"].append(time.perf_counter() - start)
        titled = config_text.set_key(edited, "title", f"The Big Book of Mazes, take {run + 1}")
        start = time.perf_counter()
        generation = ready(pages, titled)
        pages.picture(generation.pages[0].version, "large")
        times["title: title page"].append(time.perf_counter() - start)
        print(f"run {run + 1}: the size edit made {made} mazes")
    print(f"\n{'after editing':<24} {'median':>8} {'goal':>6}  runs")
    for name, values in times.items():
        runs = " ".join(f"{value * 1000:.0f}" for value in values)
        median = statistics.median(values)
        verdict = "met" if median <= GOALS[name] else "MISSED"
        print(f"{name:<24} {median * 1000:>6.0f} ms {GOALS[name] * 1000:>4.0f} ms  {runs} ms  {verdict}")


if __name__ == "__main__":
    main()
