"""What does each maze generator's output look like? Texture figures for choosing one.

    .venv/bin/python benchmarks/character.py                      # 30x30 and 100x100, 20 seeds
    .venv/bin/python benchmarks/character.py --sizes 20x28,50x50 --seeds 20
    .venv/bin/python benchmarks/character.py --only wilson prim --no-variants
    .venv/bin/python benchmarks/character.py --output benchmarks/CHARACTER_RESULTS.md

For every algorithm (and a few notable option settings) and every size, mazes
with seeds 1..N are generated, given `border` endpoints (the book default) and
measured with `bookmaker.maze.solve.measure`, which counts as docs/design.md defines:

- dead ends: cells with one open passage, as a share of all cells;
- junctions: cells with three or four open passages, as a share of all cells;
- solution share: cells on the path from start to finish over all cells; the
  mean, and the lowest and highest seen (what `min_solution_share` works against);
- turns per solution cell: changes of direction along the solution over its
  length (0 is a straight corridor, 1 a staircase);
- longest path share: cells on the longest path between any two cells (what
  `endpoints: diameter` gives) over all cells.

The figures depend only on the seeds, not on the machine: the same command
prints the same table anywhere. Prints a markdown table on stdout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bookmaker.maze import ALGORITHMS, generate  # noqa: E402
from bookmaker.maze.solve import measure, solution, with_endpoints  # noqa: E402

# Option settings that change the texture enough to be a choice of their own.
VARIANTS = {
    "growing-tree": [{"policy": "newest"}, {"policy": "random"}, {"policy": "oldest"}],
    "prim": [{"variant": "weights"}],
}


@dataclass(frozen=True)
class Row:
    name: str
    size: str
    dead_ends: float
    junctions: float
    share: float
    share_low: float
    share_high: float
    turns: float
    longest: float


def measure_many(algorithm: str, options: dict, width: int, height: int, seeds: range) -> Row:
    cells = width * height
    dead, junctions, shares, turns, longest = [], [], [], [], []
    for seed in seeds:
        maze = with_endpoints(generate(algorithm, width, height, seed, **options), "border")
        stats = measure(maze, solution(maze))
        dead.append(stats.dead_ends / cells)
        junctions.append(stats.junctions / cells)
        shares.append(stats.solution_length / cells)
        turns.append(stats.turns / stats.solution_length)
        longest.append(stats.longest_path / cells)
    label = algorithm + "".join(f" {k}={v}" for k, v in options.items())
    mean = statistics.fmean
    return Row(
        label,
        f"{width}x{height}",
        mean(dead),
        mean(junctions),
        mean(shares),
        min(shares),
        max(shares),
        mean(turns),
        mean(longest),
    )


def table(rows: list[Row]) -> str:
    lines = [
        "| Algorithm | Size | Dead ends | Junctions | Solution share (min-max) "
        "| Turns per solution cell | Longest path share |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| `{r.name}` | {r.size} | {r.dead_ends:.1%} | {r.junctions:.1%} "
            f"| {r.share:.1%} ({r.share_low:.1%}-{r.share_high:.1%}) | {r.turns:.2f} "
            f"| {r.longest:.1%} |"
        )
    return "\n".join(lines)


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sizes", default="30x30,100x100", help="comma-separated COLUMNSxROWS (default 30x30,100x100)"
    )
    parser.add_argument("--seeds", type=int, default=20, help="seeds 1..N per size (default 20)")
    parser.add_argument("--only", nargs="+", metavar="ALGORITHM", help="just these algorithms")
    parser.add_argument(
        "--no-variants", action="store_true", help="defaults only, without the growing-tree and prim variants"
    )
    parser.add_argument("--output", type=Path, help="also write the table, with a heading, here")
    args = parser.parse_args(argv)

    sizes = [parse_size(s) for s in args.sizes.split(",")]
    names = args.only or list(ALGORITHMS)
    unknown = [n for n in names if n not in ALGORITHMS]
    if unknown:
        parser.error(f"unknown algorithm(s): {', '.join(unknown)}; choose from {', '.join(ALGORITHMS)}")
    settings = []
    for name in names:
        settings.append((name, {}))
        if not args.no_variants:
            settings += [(name, options) for options in VARIANTS.get(name, [])]

    started = time.perf_counter()
    rows = [
        measure_many(name, options, width, height, range(1, args.seeds + 1))
        for width, height in sizes
        for name, options in settings
    ]
    elapsed = time.perf_counter() - started
    body = table(rows)
    print(body)
    print(f"\n{len(rows) * args.seeds} mazes measured in {elapsed:.1f} s", file=sys.stderr)
    if args.output:
        command = "benchmarks/character.py " + " ".join(argv if argv is not None else sys.argv[1:])
        args.output.write_text(results_document(body, command.strip(), args.seeds), encoding="utf-8")
    return 0


def results_document(body: str, command: str, seeds: int) -> str:
    return f"""# Maze character by algorithm

    .venv/bin/python {command}

For each algorithm (and the notable option settings of `growing-tree` and
`prim`): seeds 1 to {seeds} at each size, with `border` endpoints, the book
default. The figures depend only on the seeds, so the command prints this
table on any machine.

- **Dead ends**, **Junctions**: cells with one open passage, and with three or
  four, as a share of all cells. Many dead ends make many short false turns;
  few make long corridors where a wrong choice costs a long walk back.
- **Solution share**: cells on the path from start to finish over all cells, the
  mean and, in brackets, the lowest and highest seen. `min_solution_share` asks
  for at least this much; a demand near the highest figure means many retries,
  one above it may fail the build.
- **Turns per solution cell**: changes of direction along the solution over its
  length: low means long straight runs (biased algorithms), high a twisty path.
- **Longest path share**: the longest path between any two cells over all cells,
  which is what `endpoints: diameter` gives.

{body}
"""


if __name__ == "__main__":
    sys.exit(main())
