"""Braided posters of this copy against another, interleaved run by run (issue 29).

    git worktree add /tmp/before <commit>    # or: git archive <commit> bookmaker | tar -x -C /tmp/before
    .venv/bin/python benchmarks/braids_against.py /tmp/before --runs 3

Each braid share of ``poster.BRAIDS`` is run with the other copy (its folder first on
PYTHONPATH) and then with this one, share by share, so a busy machine slows both alike;
the table gives each copy's medians and its ratios to its own unbraided poster, as
``poster.py --braids`` does for one copy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import poster  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path, help="the other copy: a folder holding bookmaker/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1000x1000")
    options = parser.parse_args()
    envs = {"before": poster.environment(options.before), "after": poster.environment(None)}
    results: dict[tuple[str, float], list] = {(copy, share): [] for copy in envs for share in poster.BRAIDS}
    loads = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(options.runs):
            for share in poster.BRAIDS:
                for copy, env in envs.items():
                    results[copy, share].append(poster.braided_run(share, options.size, env, Path(folder)))
                    wall, peak, _ = results[copy, share][-1]
                    print(
                        f"run {run + 1} {copy} braid {share:g}: {wall:.2f} s, {peak:.0f} MB", file=sys.stderr
                    )
                loads.append(Path("/proc/loadavg").read_text().split()[0])
    head = ["copy", "braid", "wall s", "x plain", "peak MB", "x plain", "met", *poster.STAGES]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for copy in envs:
        plain = results[copy, 0.0]
        plain_wall = statistics.median(run[0] for run in plain)
        plain_peak = statistics.median(run[1] for run in plain)
        for share in poster.BRAIDS:
            measured = results[copy, share]
            wall = statistics.median(run[0] for run in measured)
            peak = statistics.median(run[1] for run in measured)
            laps = [statistics.median(run[2].get(stage, 0.0) for run in measured) for stage in poster.STAGES]
            worst = max(wall / plain_wall, peak / plain_peak)
            met = "" if not share else "yes" if worst <= poster.BRAID_GOAL else "**no**"
            cells = [copy, f"{share:g}", f"{wall:.2f}", f"{wall / plain_wall:.2f}", f"{peak:.0f}"]
            cells += [f"{peak / plain_peak:.2f}", met, *(f"{lap:.2f}" for lap in laps)]
            lines.append("| " + " | ".join(cells) + " |")
    lines.append(
        f"\n{options.size} recursive-backtracker pdf, medians of {options.runs} runs, the copies "
        f"interleaved; 1-min load average after each share: {' '.join(loads)}"
    )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
