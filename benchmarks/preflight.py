"""Time the preflight on the 100-puzzle sample book and on 1,000 pages of strokes.

    python benchmarks/preflight.py [--runs 5] [--config configs/activity-book.yaml]
                                   [--pdf FILE] [--profile NAME] [--pages 1000]

Builds the config's book once (skipping the build's own preflight), or takes
the PDF --pdf names, and writes the stroke book: 1,000 KDP 6 x 9 in pages
with bleed, each of 1,500 lines stroked one by one (``x y m x y l S``, as
reportlab's ``line`` and many exporters write them; about 19 MB), once with
every line inside the margins and once with them all over the page, so that
every page has hundreds of lines past its margins to measure exactly. It times
check_pdf on each --runs times and prints a table of goal, median wall time
and their ratio (measured / goal: under 1 meets the goal).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookmaker.build import build  # noqa: E402
from bookmaker.config import load_book  # noqa: E402
from bookmaker.layout.fonts import DEFAULT_REGULAR, register  # noqa: E402
from bookmaker.preflight.interior import check_pdf  # noqa: E402
from bookmaker.profiles import PROFILES  # noqa: E402

INCH = 72.0
BOOK_GOAL, STROKES_GOAL = 0.25, 10.0  # seconds; the second for 1,000 pages


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
    parser.add_argument("--pages", type=int, default=1000, help="pages of the stroke book")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        book = args.pdf
        if book is None:
            book = Path(folder) / "book.pdf"
            build(args.config, book, preflight=False)
        start = time.perf_counter()
        strokes = stroke_book(Path(folder) / "strokes.pdf", pages=args.pages)
        strokes_past = stroke_book(Path(folder) / "strokes-past-margins.pdf", pages=args.pages, inside=False)
        print(f"stroke books written in {time.perf_counter() - start:.1f} s")
        profile = args.profile or (load_book(args.config).profile if args.pdf is None else "kdp")
        goal = STROKES_GOAL * args.pages / 1000
        rows = [
            _time(BOOK_GOAL, book, profile, args.runs),
            _time(goal, strokes, "kdp", args.runs),
            _time(goal, strokes_past, "kdp", args.runs),
        ]

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


if __name__ == "__main__":
    main()
