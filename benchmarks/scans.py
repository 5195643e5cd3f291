"""Time the preflight, and measure its memory, on books of scanned pages.

    python benchmarks/scans.py [--runs 5] [--pages 100] [--jobs 1] [--keep FOLDER]

Writes two books the way scanning tools do, page by page from PNG files with img2pdf
(which keeps each PNG's compressed data as it is: Flate with PNG predictors), both
deterministic (seeded):

- rgb-scans-100.pdf: --pages pages of 6 x 9 in RGB scans at 300 dpi (1800 x 2700 pixels),
  grey text on grey paper written in RGB, so the colour check must look at every
  pixel to know the book is black and white;
- palette-scans-24.pdf: 24 pages of the same scans as 8-bit greyscale-palette PNGs
  (an Indexed colour space over a grey palette), as scanners save to keep files small.

Each is checked (check_pdf, KDP, black-and-white interior) --runs times, each run in a
fresh process, whose peak resident memory is read from the kernel. Prints a table of
goal, median wall and CPU time, the highest peak memory and the machine's load average;
the goal for the 100-page book is 10 s and 300 MB with one job. --keep writes the books
into a folder and keeps them; a later run with the same --keep and --pages checks them
again without writing.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import img2pdf
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
DPI = 300
WIDTH, HEIGHT = 6 * DPI, 9 * DPI  # a KDP 6 x 9 in page, no bleed
MARGIN = DPI * 3 // 4  # the scanned text keeps 0.75 in clear of every edge
# A random byte per pixel becomes the paper's shade: mostly 253, one in five 250 to 254,
# all lighter than what the preflight's renderer takes for ink.
GRAIN = bytes([253] * 204 + [250, 251, 252, 254] * 13)
GOAL_SECONDS, GOAL_MB = 10.0, 300.0  # for 100 pages with one job


def scan(number: int, seed: int) -> Image.Image:
    """A scanned page in greyscale: lines of words in dark grey on paper that is white
    but for the scanner's noise, with a grey band where the spine met the glass."""
    rng = random.Random(seed * 100_003 + number)
    page = Image.frombytes("L", (WIDTH, HEIGHT), rng.randbytes(WIDTH * HEIGHT).translate(GRAIN))
    draw = ImageDraw.Draw(page)
    draw.rectangle((MARGIN, MARGIN, MARGIN + 40, HEIGHT - MARGIN), fill=236)
    y = MARGIN + 60
    while y < HEIGHT - MARGIN - 40:
        x = MARGIN + 60
        while True:
            word = rng.randint(40, 220)
            if x + word > WIDTH - MARGIN:
                break
            draw.rectangle((x, y, x + word, y + 28), fill=rng.randint(20, 70))
            x += word + rng.randint(18, 30)
        y += rng.randint(52, 60)
    return page


def png(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def scans_book(path: Path, pages: int, mode: str, seed: int = 1) -> Path:
    """``pages`` scanned pages through img2pdf, each a PNG in ``mode``: "RGB" (grey
    written in RGB) or "P" (an 8-bit palette of greys)."""
    images = []
    for number in range(pages):
        picture = scan(number, seed)
        if mode == "RGB":
            picture = picture.convert("RGB")
        else:
            picture = picture.convert("P", palette=Image.Palette.ADAPTIVE, colors=256)
        images.append(png(picture))
    layout = img2pdf.get_fixed_dpi_layout_fun((DPI, DPI))
    path.write_bytes(img2pdf.convert(images, layout_fun=layout, creationdate=None, moddate=None))
    return path


# One check in a fresh process: its wall and CPU time and its peak resident memory (MB).
CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from bookmaker.preflight.interior import check_pdf
def cpu():
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(u.ru_utime + u.ru_stime for u in usage), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
def peak_kb():
    # VmHWM, not ru_maxrss: Linux keeps ru_maxrss across exec, so a process started by a
    # parent that held the books' pictures would report the parent's peak as its own
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
start, (before, _) = time.perf_counter(), cpu()
report = check_pdf({pdf!r}, "kdp", interior="black-and-white", workers={jobs})
seconds, (after, workers_kb) = time.perf_counter() - start, cpu()
print(seconds, after - before, max(peak_kb(), workers_kb) / 1024, repr(report.format().splitlines()[0]))
"""


def measure(pdf: Path, jobs: int) -> tuple[float, float, float, str]:
    """Wall time and CPU time (s) of one check, in a process of its own, its peak resident
    memory (MB), and the first line of its report."""
    code = CHILD.format(root=str(ROOT), pdf=str(pdf), jobs=jobs)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    seconds, cpu, megabytes, verdict = out.strip().split(" ", 3)
    return float(seconds), float(cpu), float(megabytes), verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", type=int, default=100, help="pages of the RGB book")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write the books into this folder and keep them")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        books = []
        for name, pages, mode in (
            (f"rgb-scans-{args.pages}.pdf", args.pages, "RGB"),
            ("palette-scans-24.pdf", 24, "P"),
        ):
            if not (folder / name).exists():  # written once into a folder --keep names
                scans_book(folder / name, pages, mode)
            books.append((folder / name, GOAL_SECONDS * pages / 100))
        rows = []
        load = os.getloadavg()[0]  # other work on the machine: wall times stretch with it
        for pdf, goal in books:
            runs = [measure(pdf, args.jobs) for _ in range(args.runs)]
            case = f"{pdf.name}: {pdf.stat().st_size / 1e6:.1f} MB, jobs {args.jobs}"
            print(f"{case}: {runs[0][3]}", flush=True)
            wall, cpu = (statistics.median(r[k] for r in runs) for k in (0, 1))
            rows.append((case, goal, wall, cpu, max(r[2] for r in runs)))

    print(f"\n{'case':<36} {'goal':>8} {'wall':>8} {'CPU':>8} {'peak RSS':>9}")
    for case, goal, wall, cpu, peak in rows:
        print(f"{case:<36} {goal:>7.1f}s {wall:>7.2f}s {cpu:>7.2f}s {peak:>6.0f} MB")
    print(
        f"(check_pdf, medians of {args.runs} runs, each in a fresh process, and the highest peak "
        f"memory; goal {GOAL_MB:g} MB. CPU time is the figure to compare on a busy machine: "
        f"the load average was {load:.1f} before and {os.getloadavg()[0]:.1f} after)"
    )


if __name__ == "__main__":
    main()
