"""Write a heavy "foreign" PDF: a book as another tool writes it, every line stroked on its own.

    python benchmarks/foreign_pdf.py OUT.pdf [--pages 1000] [--strokes 1500]

Each page of a KDP 6 x 9 in book with bleed holds ``strokes`` lines, each in a state of
its own: ``q 0.9 w 123.45 234.5 m 131.2 240.75 l S Q`` (1.5 million path operations in
1,000 pages, as exporters that save and restore the state around every object write
them), at varied places, lengths, angles and widths, all inside the safe area. A few
pages also draw what a preflight must find, each wrapped in states that change colour,
width, the transformation and the clip and are then restored, so that a checker which
restores a state wrongly finds something else:

- page 3: a stroke 0.25 pt wide (thin-line);
- page 5: a red stroke, in a black-and-white interior (colour);
- page 8: a stroke reaching past the outside margin, after a Q that restores a clip which
  would have hidden it (outside-safe-area);
- page 13: a stroke 0.4 pt wide drawn at twice the scale (0.8 pt: no finding), then one
  0.6 pt wide after the Q restores the scale (thin-line at 0.6 pt);
- page 21: a white fill, then text of 5 pt in Helvetica, not embedded, each in its own
  state (small-text, font-not-embedded);
- and 1,000 pages is more than KDP binds (page-count).

The file is written byte for byte the same from the same arguments: one seeded
random.Random, no dates, and Flate at a fixed level.
"""

from __future__ import annotations

import argparse
import random
import zlib
from pathlib import Path

INCH = 72.0
TRIM_W, TRIM_H = 6 * INCH, 9 * INCH
BLEED = 0.125 * INCH
# KDP's minimum margins with bleed for a book of 701-828 pages and more: the
# strokes stay at least a point inside them, their ink included.
INSIDE, EDGE = 0.875 * INCH, 0.375 * INCH
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def page_geometry(number: int) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """The MediaBox and the safe area of page ``number``: KDP bleeds on every side
    but the spine's, which is on the left of an odd page."""
    left_bleed = 0.0 if number % 2 else BLEED
    media = (0.0, 0.0, TRIM_W + BLEED, TRIM_H + 2 * BLEED)
    trim_x = left_bleed
    inside_left = number % 2 == 1
    safe = (
        trim_x + (INSIDE if inside_left else EDGE),
        BLEED + EDGE,
        trim_x + TRIM_W - (EDGE if inside_left else INSIDE),
        BLEED + TRIM_H - EDGE,
    )
    return media, safe


def _num(value: float) -> bytes:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode()


def strokes(rng: random.Random, safe: tuple[float, float, float, float], count: int) -> bytes:
    """``count`` lines, each ``q w m l S Q``, inside ``safe`` with room for their ink."""
    x0, y0, x1, y1 = safe[0] + 4, safe[1] + 4, safe[2] - 4, safe[3] - 4
    out = []
    for _ in range(count):
        width = (0.8, 1.0, 1.2, 1.5)[rng.randrange(4)]
        x, y = x0 + rng.random() * (x1 - x0), y0 + rng.random() * (y1 - y0)
        dx, dy = rng.uniform(-20, 20), rng.uniform(-20, 20)
        x2, y2 = min(max(x + dx, x0), x1), min(max(y + dy, y0), y1)
        out.append(b"q %s w %s %s m %s %s l S Q\n" % (_num(width), _num(x), _num(y), _num(x2), _num(y2)))
    return b"".join(out)


def findings(number: int, safe: tuple[float, float, float, float]) -> bytes:
    """What page ``number`` draws that a preflight must find, if anything."""
    left, bottom, right, top = safe
    mid_x, mid_y = (left + right) / 2, (bottom + top) / 2
    if number == 3:
        return b"q 0.25 w %s %s m %s %s l S Q\n" % (_num(mid_x), _num(mid_y), _num(mid_x + 30), _num(mid_y))
    if number == 5:
        return b"q 1 0 0 RG 1 w %s %s m %s %s l S Q\n" % (
            _num(mid_x),
            _num(mid_y),
            _num(mid_x + 30),
            _num(mid_y + 5),
        )
    if number == 8:
        # a clip to the safe area hides a stroke past the margin; after Q it shows
        clip = b"%s %s %s %s re W n" % (_num(left), _num(bottom), _num(right - left), _num(top - bottom))
        return (
            b"q %s 0.5 G 2 w q 1 0 0 1 -60 0 cm %s %s m %s %s l S Q Q\n"
            % (clip, _num(left + 10), _num(mid_y), _num(left + 40), _num(mid_y))
        ) + b"q 1 w %s %s m %s %s l S Q\n" % (
            _num(left - 12),
            _num(mid_y + 20),
            _num(left + 20),
            _num(mid_y + 20),
        )
    if number == 13:
        return b"q 2 0 0 2 %s %s cm 0.4 w 0 0 m 10 0 l S Q q 0.6 w %s %s m %s %s l S Q\n" % (
            _num(-mid_x),
            _num(-mid_y),
            _num(mid_x),
            _num(mid_y),
            _num(mid_x + 10),
            _num(mid_y),
        )
    if number == 21:
        return b"q 1 g %s %s 40 20 re f Q q BT /F1 5 Tf %s %s Td (small print) Tj ET Q\n" % (
            _num(mid_x),
            _num(mid_y),
            _num(mid_x),
            _num(mid_y),
        )
    return b""


def write_foreign_pdf(path: Path, pages: int = 1000, per_page: int = 1500, seed: int = 29) -> Path:
    """Write the book to ``path``, as described above."""
    rng = random.Random(seed)
    objects: list[bytes] = [b"", b""]  # 1: catalogue, 2: page tree; filled in at the end
    kids = []
    font = len(objects) + 1
    objects.append(FONT)
    for number in range(1, pages + 1):
        media, safe = page_geometry(number)
        trim_x = 0.0 if number % 2 else BLEED
        content = zlib.compress(b"0 G\n" + strokes(rng, safe, per_page) + findings(number, safe), 6)
        objects.append(
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream"
        )
        contents = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [%s] /TrimBox [%s] /BleedBox [%s] "
            b"/Resources << %s>> /Contents %d 0 R >>"
            % (
                b" ".join(map(_num, media)),
                b" ".join(map(_num, (trim_x, BLEED, trim_x + TRIM_W, BLEED + TRIM_H))),
                b" ".join(map(_num, media)),
                b"/Font << /F1 %d 0 R >> " % font if number == 21 else b"",
                contents,
            )
        )
        kids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Count %d /Kids [%s] >>" % (
        pages,
        b" ".join(b"%d 0 R" % kid for kid in kids),
    )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for index, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % index + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(bytes(out))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--strokes", type=int, default=1500, help="strokes a page")
    args = parser.parse_args()
    write_foreign_pdf(args.out, args.pages, args.strokes)


if __name__ == "__main__":
    main()
