"""Build time and size of the 100-puzzle sample book, against reportlab alone.

    python benchmarks/book.py [--runs 5] [--config configs/activity-book.yaml]

Prints the median wall time of a full build (generation, layout, drawing,
preflight, writing), the bytes per puzzle page, and the median time reportlab
alone takes to write the same wall paths on the same number of pages: the
builder's time as a ratio to it (goal: at most 1.5x; 3 s wall; 6 KB a page).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from phases import instrument, timed_build  # noqa: E402

from bookmaker.build import build  # noqa: E402
from bookmaker.geometry.square import wall_runs  # noqa: E402
from bookmaker.maze import generate  # noqa: E402
from bookmaker.maze.solve import shortest_path, with_endpoints  # noqa: E402

GOAL = 1.5  # a build's wall time over reportlab's alone, at most


def reportlab_alone(manifest: dict) -> float:
    """Write just the wall paths (puzzle and answer) with bare reportlab, as the book places them."""
    mazes = []
    for record in manifest["mazes"]:
        maze = with_endpoints(
            generate(
                record["algorithm"],
                record["width"],
                record["height"],
                record["seed"],
                **record.get("options", {}),
            ),
            record["endpoints"],
        )
        path = shortest_path(maze, maze.start, maze.end) if maze.start is not None else None
        mazes.append(
            (record, wall_runs(maze), [maze.topology.coordinates(cell) for cell in path] if path else None)
        )
    rl_config.useA85 = 0
    start = time.perf_counter()
    canvas = Canvas(io.BytesIO(), pagesize=tuple(manifest["page_size"]), invariant=1, pageCompression=1)
    by_page: dict[int, list] = {}
    for record, runs, path in mazes:
        by_page.setdefault(record["page"], []).append((record["bbox"], record["width"], runs, None))
        if record["answer_page"]:
            by_page.setdefault(record["answer_page"], []).append(
                (record["answer_bbox"], record["width"], runs, path)
            )
    for page in range(1, manifest["pages"] + 1):
        for (x0, _, x1, y1), width, runs, path in by_page.get(page, []):
            cell = (x1 - x0) / width
            canvas.saveState()
            canvas.translate(x0, y1)
            canvas.scale(cell, -cell)
            canvas.setLineWidth(1 / cell)
            p = canvas.beginPath()
            for a, b, c, d in runs:
                p.moveTo(a, b)
                p.lineTo(c, d)
            canvas.drawPath(p, stroke=1, fill=0)
            if path:
                line = canvas.beginPath()
                line.moveTo(path[0][0] + 0.5, path[0][1] + 0.5)
                for x, y in path[1:]:
                    line.lineTo(x + 0.5, y + 0.5)
                canvas.drawPath(line, stroke=1, fill=0)
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return time.perf_counter() - start


def puzzle_page_sizes(pdf: Path, manifest: dict) -> list[int]:
    """Compressed bytes of each puzzle page's content streams (what a page adds to the file)."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    pages = sorted({m["page"] for m in manifest["mazes"]})
    sizes = []
    for number in pages:
        contents = reader.pages[number - 1].get("/Contents")
        streams = contents if isinstance(contents, list) else [contents]
        sizes.append(sum(len(s.get_object()._data) for s in streams))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--config", type=Path, default=ROOT / "configs" / "activity-book.yaml")
    args = parser.parse_args()
    calls = instrument()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "book.pdf"
        build(args.config, out, jobs=args.jobs)  # warm caches: imports, font parsing
        load = os.getloadavg()
        builds, alone, stages = [], [], []
        manifest = None
        for _ in range(args.runs):
            total, stage = timed_build(calls, lambda: build(args.config, out, jobs=args.jobs))
            builds.append(total)
            stages.append(
                {**stage, "the rest (planning, cover, manifest, writing)": total - sum(stage.values())}
            )
            manifest = manifest or json.loads(out.with_name("book.manifest.json").read_text(encoding="utf-8"))
            alone.append(reportlab_alone(manifest))
        sizes = puzzle_page_sizes(out, manifest)
        total = out.stat().st_size
    build_s, alone_s = statistics.median(builds), statistics.median(alone)
    print(
        f"config: {args.config.name}, {manifest['pages']} pages, {len(manifest['mazes'])} mazes, "
        f"jobs {args.jobs}, {args.runs} runs"
    )
    print(f"build wall time, median: {build_s:.2f} s (min {min(builds):.2f}, max {max(builds):.2f})")
    print(f"reportlab alone, same wall and solution paths, median: {alone_s:.2f} s")
    ratio = build_s / alone_s
    print(
        f"ratio build / reportlab alone: {ratio:.2f}x; goal at most {GOAL}x: "
        f"{'met' if ratio <= GOAL else 'MISSED'}"
    )
    for label in stages[0]:
        print(f"  of which {label}: {statistics.median(s[label] for s in stages):.3f} s")
    print(
        f"load average (1, 5, 15 min) at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
        f"{os.cpu_count()} cores"
    )
    print(
        f"PDF: {total / 1024:.1f} KB for {manifest['pages']} pages, "
        f"{total / manifest['pages'] / 1024:.2f} KB a page"
    )
    print(
        f"puzzle page content streams: mean {statistics.mean(sizes) / 1024:.2f} KB, "
        f"max {max(sizes) / 1024:.2f} KB over {len(sizes)} pages"
    )


if __name__ == "__main__":
    main()
