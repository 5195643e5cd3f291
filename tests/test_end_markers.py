"""Start and finish markers a child reads at a glance, read back from rendered pictures.

The start and finish arrows differ in shape, not only in direction; an end inside the maze
sits on a light patch as wide as an arrow is long, in a grey printers reproduce.
"""

from __future__ import annotations

import functools
import io
import json
import math
from itertools import combinations, pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.geometry import Arc
from bookmaker.layout.page_geometry import END_WORDS
from bookmaker.layout.typesetting import set_slot
from bookmaker.maze import generate
from bookmaker.maze.solve import with_endpoints
from bookmaker.plan.journey import tile_maze
from bookmaker.prepare import prepare
from bookmaker.render.export import export, png_layout

CELL = 40  # pixels


def picture(maze) -> tuple[Image.Image, int]:
    _, _, margin, _ = png_layout(maze.topology, CELL)
    return Image.open(io.BytesIO(export(maze, "png", cell=CELL))).convert("L"), margin


def ink(image: Image.Image, threshold: int = 128) -> Image.Image:
    return image.point(lambda value: 255 if value < threshold else 0)


def solid(mask: Image.Image) -> Image.Image:
    """A resized mask's blurred edge made solid again, half way."""
    return mask.point(lambda value: 255 if value >= 128 else 0)


def count_ink(mask: Image.Image) -> int:
    return mask.histogram()[255]


def test_start_and_finish_arrows_differ_in_shape_not_only_direction():
    # Seed 4: the start opens at the top of column 4, the finish at the bottom of column 7.
    maze = with_endpoints(generate("recursive-backtracker", 8, 6, 4), "opposite")
    grid = maze.topology
    assert (grid.coordinates(maze.start), grid.coordinates(maze.end)) == ((4, 0), (7, 5))
    image, margin = picture(maze)
    reach = margin - 4  # the band between the outer wall and the picture's edge
    top = image.crop((margin + 4 * CELL, 0, margin + 5 * CELL, reach))
    bottom = image.crop((margin + 7 * CELL, image.height - reach, margin + 8 * CELL, image.height))
    start, finish = ink(top), ink(bottom).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    assert count_ink(start) > 100 and count_ink(finish) > 100  # both arrows are drawn
    # Turned to point the same way and scaled to the same box, the two marks still cover
    # different pixels (two copies of one shape would match all but their edges).
    box = (64, 64)
    start = start.crop(start.getbbox()).resize(box)
    finish = finish.crop(finish.getbbox()).resize(box)
    overlap = count_ink(solid(ImageChops.multiply(start, finish)))
    union = count_ink(solid(ImageChops.lighter(start, finish)))
    assert overlap / union < 0.75
    # Far from the wall (the top rows of both, turned to point out upward) the start ends
    # in its round ball and the finish in its arrowhead's point.
    assert _width(start, 0.1) > 0.4 * box[0] > _width(finish, 0.1)


def _width(mark: Image.Image, share: float) -> int:
    """The mark's width ``share`` of its height down from its top."""
    y = round(share * (mark.height - 1))
    return sum(1 for x in range(mark.width) if mark.getpixel((x, y)) >= 128)


def test_an_end_inside_the_maze_is_as_visible_as_an_arrow():
    inside = with_endpoints(generate("recursive-backtracker", 8, 6, 7), "diameter")
    grid = inside.topology
    assert not grid.border[inside.start] and not grid.border[inside.end]
    image, margin = picture(inside)
    patch = sum(image.histogram()[180:226])  # the light grey under the ends
    arrows, arrow_margin = picture(with_endpoints(generate("recursive-backtracker", 8, 6, 4), "opposite"))
    band = arrows.crop((0, 0, arrows.width, arrow_margin - 4))  # the start pin, above the maze
    arrow_ink = count_ink(ink(band))
    assert patch >= 2 * 2 * arrow_ink  # each end's patch covers more than twice an arrow's ink
    # The patch surrounds the mark: grey on every side of the start cell's centre, a cell out.
    x, y = grid.coordinates(inside.start)
    cx, cy = margin + (x + 0.5) * CELL, margin + (y + 0.5) * CELL
    for dx, dy in ((0.8, 0), (-0.8, 0), (0, 0.8), (0, -0.8)):
        value = image.getpixel((round(cx + dx * CELL * 0.9), round(cy + dy * CELL * 0.9)))
        assert value < 128 or 180 <= value <= 225, (dx, dy, value)  # a wall, or the patch


def test_the_patch_prints_at_twenty_percent_grey_on_a_book_page(tmp_path):
    config = tmp_path / "inside.yaml"
    config.write_text(
        "title: Inside\nfront_matter: {title_page: false, how_to: false, contents: false}\n"
        "sections:\n  - {title: Middle, size: 8x6, count: 1, endpoints: diameter}\n",
        encoding="utf-8",
    )
    result = build(config, tmp_path / "inside.pdf")
    record = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"][0]
    x0, y0, x1, y1 = record["bbox"]
    cell = (x1 - x0) / 8
    scale = 4
    page = pdfium.PdfDocument(result.pdf)[record["page"] - 1]
    height = page.get_height()
    image = page.render(scale=scale).to_pil().convert("L")
    inner = [key for key in ("start", "end") if record[f"{key}_side"] is None]
    assert inner  # the diameter's ends of this seed lie inside
    for key in inner:
        x, y = record[key]
        # Half way between the mark and the cell's corner: patch, not mark, not wall.
        px = (x0 + (x + 0.5) * cell + 0.3 * cell) * scale
        py = (height - (y1 - (y + 0.5) * cell) + 0.3 * cell) * scale
        assert abs(image.getpixel((round(px), round(py))) - 0.8 * 255) <= 3, key


# ---- Markers a child can find, kept clear of everything printed around them ----------------

MM = 72 / 25.4
CLEAR = 2.0  # points: the least room the issue allows between any two printed things
SAMPLES = sorted((Path(__file__).parent.parent / "configs").glob("*.yaml"))


def planned_pages(config):
    """Every maze page of the book ``config`` describes, as the plan lays it out: (page
    number, slots, {id of a slot's drawing: its maze}) for the book and any separate key."""
    ready = prepare(config, mazes=False)
    plan = ready.plan
    made = ready.make(ready.maze_jobs + ready.art_jobs)
    art = made[len(ready.maze_jobs)] if ready.art_jobs else None
    printed = plan.number(ready.groups, made[: len(ready.maze_jobs)])
    ready.main.printed = printed
    if ready.key:
        ready.key.printed = printed
    plan.place(printed, ready.main, ready.key or ready.main)
    mazes = {}
    for item in printed:
        mazes[id(item.made.drawing)] = item.made.maze
        if item.made.answer is not None:
            mazes[id(item.made.answer)] = item.made.maze
    documents = [(ready.main, bool(ready.answers) and not plan.separate_key, False)]
    if ready.key:
        documents.append((ready.key, False, True))
    pages = []
    for doc, refs, is_key in documents:
        view = plan.view(
            doc,
            [],
            art,
            title="",
            outline=False,
            links=False,
            is_key=is_key,
            answer_refs=refs,
            book_pages=len(ready.main.pages),
        )
        for sheet, page in zip(view.sheets, doc.pages, strict=True):
            slots = getattr(sheet.view, "slots", None)
            if slots:
                if page.tile is not None:  # a journey's page: its tile is a maze of its own
                    made = printed[page.mazes[0]].made
                    tile = plan.tiling(made.job.section).tiles()[page.tile]
                    mazes[id(slots[0].drawing)] = tile_maze(made.maze, tile)
                pages.append((sheet.frame.number, slots, mazes))
    return ready.fonts, pages


@functools.cache
def planned_sample(config):
    """``planned_pages`` of a sample config, worked out once per process: several tests read
    each sample's pages, and none changes them."""
    return planned_pages(config)


def on_page(points, placement):
    return [(placement.left + x * placement.cell, placement.top - y * placement.cell) for x, y in points]


def arrows(item, maze):
    """The slot's start and finish markers that stand outside the maze (an end inside it is
    marked in its corridor, on a patch), in page points."""
    found = []
    for marker, cell, exit in (
        (item.drawing.start_marker, maze.start, False),
        (item.drawing.end_marker, maze.end, True),
    ):
        if marker and maze.topology.opening_side(cell, exit=exit) is not None:
            found.append(on_page(marker, item.placement))
    return found


def wall_lines(item):
    """The maze's walls as page-point segments."""
    lines = []
    for wall in item.drawing.walls:
        if isinstance(wall, Arc):
            points = on_page(wall.points(0.02), item.placement)
            lines += [(*a, *b) for a, b in pairwise(points)]
        else:
            (ax, ay), (bx, by) = on_page([wall[:2], wall[2:]], item.placement)
            lines.append((ax, ay, bx, by))
    return lines


def _point_segment(px, py, segment):
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / length))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


def _crosses(a, b):
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    p, q, r, s = a[:2], a[2:], b[:2], b[2:]
    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


def segment_distance(a, b) -> float:
    if _crosses(a, b):
        return 0.0
    return min(
        _point_segment(*a[:2], b),
        _point_segment(*a[2:], b),
        _point_segment(*b[:2], a),
        _point_segment(*b[2:], a),
    )


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def edges(polygon):
    return [(*a, *b) for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True)]


def box_polygon(box):
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def shape_distance(first, second) -> float:
    """Points between two polygons (0 when they overlap)."""
    if _inside(first[0], second) or _inside(second[0], first):
        return 0.0
    near = [(a, b) for a in edges(first) for b in edges(second)]
    return min(segment_distance(a, b) for a, b in near)


def bounds(polygon):
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def bounds_apart(a, b) -> float:
    """Points between two boxes: never more than between what they bound."""
    return math.hypot(max(0.0, a[0] - b[2], b[0] - a[2]), max(0.0, a[1] - b[3], b[1] - a[3]))


def lines_distance(polygon, lines, half_width) -> float:
    """Points between a polygon and the ink of lines ``2 * half_width`` wide around it, when
    under ``CLEAR``; lines farther away than that are not measured (inf when none is near)."""
    reach = CLEAR + half_width + 1
    x0, y0, x1, y1 = bounds(polygon)
    x0, y0, x1, y1 = x0 - reach, y0 - reach, x1 + reach, y1 + reach
    near = [
        line
        for line in lines
        if max(line[0], line[2]) >= x0
        and min(line[0], line[2]) <= x1
        and max(line[1], line[3]) >= y0
        and min(line[1], line[3]) <= y1
    ]
    if not near:
        return math.inf
    if any(_inside(line[:2], polygon) for line in near):
        return 0.0
    return min(segment_distance(a, b) for a in edges(polygon) for b in near) - half_width


def printed_things(slots, mazes, fonts):
    """What each slot prints, for the clearance check: (slot, kind, polygon) for its arrows,
    number, answer note, stars and code, and its walls as (slot, 'walls', lines, half width)."""
    things, walls = [], []
    for index, item in enumerate(slots):
        p = item.placement
        if item.markers != "words":
            for marker in arrows(item, mazes[id(item.drawing)]):
                things.append((index, "marker", marker))
        setting = set_slot(
            p,
            item.drawing,
            item.label,
            item.note,
            item.stars is not None,
            item.code,
            fonts.bold,
            fonts.regular,
            item.number_size,
            item.markers,
            item.word_size,
            item.style.wall_width,
        )
        for word in setting.words:
            things.append((index, word.text, box_polygon(word.box)))
        for connector in item.connectors:  # a journey's, beside a corridor off its page
            things.append((index, f"connector {connector.text}", box_polygon(connector.box)))
        things.append((index, "number", box_polygon(setting.number.box)))
        if setting.note:
            things.append((index, "answer note", box_polygon(setting.note.box)))
        if setting.stars_box:
            things.append((index, "stars", box_polygon(setting.stars_box)))
        if setting.code:
            x0 = min(line.box[0] for line in setting.code)
            x1 = max(line.box[2] for line in setting.code)
            things.append(
                (index, "code", box_polygon((x0, setting.code[-1].box[1], x1, setting.code[0].box[3])))
            )
        walls.append((index, wall_lines(item), item.style.wall_width / 2))
    return things, walls


def clearance_problems(slots, mazes, fonts, printed=None) -> list[str]:
    """Pairs of printed things closer than CLEAR; ``printed``: the slots' ``printed_things``,
    if the caller has them already."""
    things, walls = printed or printed_things(slots, mazes, fonts)
    boxes = [bounds(shape) for _, _, shape in things]
    problems = []
    for i, (slot, kind, shape) in enumerate(things):
        for j, (other_slot, other_kind, other) in enumerate(things[i + 1 :], i + 1):
            if bounds_apart(boxes[i], boxes[j]) >= CLEAR:  # so are the shapes
                continue
            gap = shape_distance(shape, other)
            if gap < CLEAR - 1e-6:
                problems.append(
                    f"maze {slots[slot].label} {kind} is {gap:.2f} pt from "
                    f"maze {slots[other_slot].label} {other_kind}"
                )
        for wall_slot, lines, half in walls:
            gap = lines_distance(shape, lines, half)
            if gap < CLEAR - 1e-6:
                problems.append(
                    f"maze {slots[slot].label} {kind} is {gap:.2f} pt from "
                    f"maze {slots[wall_slot].label}'s walls"
                )
    return problems


def caliper(points) -> float:
    """Least width across (independent of the drawing code). The narrowest way across a
    shape lies square to one of its convex hull's edges, and every hull edge joins two of its
    points: so the least, over every pair of points, of the width square to the pair."""
    best = math.inf
    for (ax, ay), (bx, by) in combinations(points, 2):
        length = math.hypot(bx - ax, by - ay)
        if length:
            nx, ny = (ay - by) / length, (bx - ax) / length
            across = [x * nx + y * ny for x, y in points]
            best = min(best, max(across) - min(across))
    return best


# Both tests of every sample's planned pages run on one xdist worker, which plans each
# sample once (planned_sample) instead of each worker planning most of them.
@pytest.mark.xdist_group("planned_samples")
@pytest.mark.parametrize("config", SAMPLES, ids=lambda path: path.stem)
def test_no_marker_in_any_sample_book_is_under_4_mm_across(config):
    _, pages = planned_sample(config)
    smallest = math.inf
    for _, slots, mazes in pages:
        for item in slots:
            maze = mazes[id(item.drawing)]
            for marker in arrows(item, maze):
                smallest = min(smallest, caliper(marker))
            # An end inside the maze is found by its patch, as wide as an arrow is long
            # (its dark mark must fit the corridor).
            for patch in item.drawing.halos:
                smallest = min(smallest, caliper(on_page(patch, item.placement)))
    assert smallest >= 4 * MM - 1e-6, smallest / MM


@pytest.mark.xdist_group("planned_samples")
@pytest.mark.parametrize("config", SAMPLES, ids=lambda path: path.stem)
def test_markers_walls_numbers_notes_stars_and_codes_keep_2_pt_apart_in_every_sample(config):
    fonts, pages = planned_sample(config)
    for number, slots, mazes in pages:
        problems = clearance_problems(slots, mazes, fonts)
        assert not problems, (number, problems[:5])


def _ring_is_blank(image, mask, scale) -> int:
    """Dark pixels within CLEAR points around ``mask`` (a 1-bit image of a shape), not on it."""
    # Less two pixels: ink exactly 2 pt away has an antialiased edge of a pixel, and so does
    # the shape's own, which greys the ring's rim from both sides.
    grow = (int(CLEAR * scale) - 2) * 2 + 1
    # Only the shape and the ring round it can count: filter that region of the page, not all
    # of it. Past the ring the mask is blank, so the region's edge changes no count.
    left, top, right, bottom = mask.getbbox() or (0, 0, 0, 0)
    pad = grow // 2 + 2
    region = (
        max(left - pad, 0),
        max(top - pad, 0),
        min(right + pad, mask.width),
        min(bottom + pad, mask.height),
    )
    image, mask = image.crop(region), mask.crop(region)
    near = mask.filter(ImageFilter.MaxFilter(grow))
    own = mask.filter(ImageFilter.MaxFilter(3))  # the shape's antialiased edge is its own
    ring = ImageChops.subtract(near, own)
    dark = image.point(lambda value: 255 if value < 160 else 0)
    return count_ink(ImageChops.multiply(ring, dark))


def test_on_a_rendered_page_nothing_comes_within_2_pt_of_an_arrow_or_a_line_of_text(sample_book):
    # Shapes p. 20: the triangle mazes 25 and 26, whose finish arrow sat on its code line.
    config = SAMPLES[[path.stem for path in SAMPLES].index("shapes")]
    result = sample_book("shapes")  # built through the preflight
    _, pages = planned_sample(config)
    slots = next(slots for number, slots, _ in pages if number == 20)
    mazes = next(mazes for number, _, mazes in pages if number == 20)
    scale = 4
    document = pdfium.PdfDocument(str(result.pdf))
    page = document[19]
    height = page.get_height()
    image = page.render(scale=scale).to_pil().convert("L")

    def pixel(x, y):
        return x * scale, (height - y) * scale

    checked = 0
    for item in slots:
        for marker in arrows(item, mazes[id(item.drawing)]):
            mask = Image.new("L", image.size, 0)
            ImageDraw.Draw(mask).polygon([pixel(x, y) for x, y in marker], fill=255)
            assert _ring_is_blank(image, mask, scale) == 0, item.label
            checked += 1
    # Each line of text, read back from the PDF: the glyphs' boxes, joined along the line.
    text = page.get_textpage()
    lines: list[list[float]] = []
    for index in range(text.count_chars()):
        if text.get_text_range(index, 1).isspace():
            continue
        x0, y0, x1, y1 = text.get_charbox(index, loose=False)
        line = next((box for box in lines if abs(box[1] - y0) < 2.5 and x0 - box[2] < 6), None)
        if line is None:
            lines.append([x0, y0, x1, y1])
        else:
            line[:] = [min(line[0], x0), min(line[1], y0), max(line[2], x1), max(line[3], y1)]
    # The text around the mazes (the running head and page number are not about markers).
    lines = [
        box
        for box in lines
        if any(
            item.placement.slot[0] <= box[0]
            and box[2] <= item.placement.slot[2]
            and item.placement.slot[1] <= box[1]
            and box[3] <= item.placement.slot[3]
            for item in slots
        )
    ]
    for x0, y0, x1, y1 in lines:
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rectangle([pixel(x0, y1), pixel(x1, y0)], fill=255)
        assert _ring_is_blank(image, mask, scale) == 0, (x0, y0, x1, y1)
    assert checked == 4 and len(lines) == 6  # two arrows, and three lines of text, a maze


# ---- markers: words / both --------------------------------------------------------------

WORDS_BOOK = """title: Words
front_matter: {title_page: false, how_to: false, contents: false}
sections:
  - {title: Words, size: 8x10, count: 2, per_page: 2, markers: words}
  - {title: Both, size: 14x18, count: 4, per_page: 4, endpoints: corners}
  - {title: Sides, size: 16x6, count: 2, per_page: 2, markers: words, endpoints: border}
markers: both
"""


def word_boxes(pdf, page_number: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each START and FINISH on a page, with the box its glyphs ink (PDF points)."""
    document = pdfium.PdfDocument(str(pdf))
    text = document[page_number - 1].get_textpage()
    found = []
    for word in ("START", "FINISH"):
        search = text.search(word, match_case=True, match_whole_word=True)
        while (hit := search.get_next()) is not None:
            index, count = hit
            boxes = [text.get_charbox(i, loose=False) for i in range(index, index + count)]
            found.append(
                (
                    word,
                    (
                        min(b[0] for b in boxes),
                        min(b[1] for b in boxes),
                        max(b[2] for b in boxes),
                        max(b[3] for b in boxes),
                    ),
                )
            )
    document.close()
    return found


def opening_point(record: dict, key: str) -> tuple[float, float]:
    """The middle of a square maze's gap in its outer wall, from the manifest alone."""
    x0, y0, x1, y1 = record["bbox"]
    cell = (x1 - x0) / record["width"]
    x, y = record[key]
    middle_x, middle_y = x0 + (x + 0.5) * cell, y1 - (y + 0.5) * cell
    return {"N": (middle_x, y1), "S": (middle_x, y0), "W": (x0, middle_y), "E": (x1, middle_y)}[
        record[f"{key}_side"]
    ]


def box_point_distance(box, point) -> float:
    x, y = point
    return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))


def test_start_and_finish_words_print_beside_each_opening_outside_the_wall(tmp_path):
    config = tmp_path / "words.yaml"
    config.write_text(WORDS_BOOK, encoding="utf-8")
    result = build(config, tmp_path / "words.pdf")  # runs the preflight
    records = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"]
    scale = 4
    document = pdfium.PdfDocument(str(result.pdf))
    for page_number in sorted({record["page"] for record in records}):
        words = word_boxes(result.pdf, page_number)
        on_page = [record for record in records if record["page"] == page_number]
        assert len(words) == 2 * len(on_page)  # one START and one FINISH a maze
        page = document[page_number - 1]
        height = page.get_height()
        image = page.render(scale=scale).to_pil().convert("L")
        for record in on_page:
            for key, word in (("start", "START"), ("end", "FINISH")):
                point = opening_point(record, key)
                box = min(
                    (box for text, box in words if text == word),
                    key=lambda box: box_point_distance(box, point),
                )
                # Beside its own opening: nearer to it than an arrow's length and a half ...
                assert box_point_distance(box, point) <= 25, (record["number"], word)
                # ... outside the outer wall ...
                x0, y0, x1, y1 = record["bbox"]
                assert box[2] <= x0 or box[0] >= x1 or box[3] <= y0 or box[1] >= y1
                # ... and with nothing inked within 2 pt of it.
                mask = Image.new("L", image.size, 0)
                ImageDraw.Draw(mask).rectangle(
                    [box[0] * scale, (height - box[3]) * scale, box[2] * scale, (height - box[1]) * scale],
                    fill=255,
                )
                assert _ring_is_blank(image, mask, scale) == 0, (record["number"], word)
    # In the book's own bold font, embedded (the preflight checked every font is).
    fonts = set()
    for pdf_page in PdfReader(str(result.pdf)).pages:
        pdf_page.extract_text(
            visitor_text=lambda text, cm, tm, font, size: (
                fonts.add(str(font.get("/BaseFont"))) if text.strip() in ("START", "FINISH") else None
            )
        )
    assert fonts and all(name.endswith("+Andika-Bold") for name in fonts)


def test_words_in_place_of_arrows_leave_the_openings_unmarked_by_arrows(tmp_path):
    config = tmp_path / "words.yaml"
    config.write_text(WORDS_BOOK, encoding="utf-8")
    result = build(config, tmp_path / "words.pdf")
    record = json.loads(result.manifest.read_text(encoding="utf-8"))["mazes"][0]  # words only
    scale = 4
    page = pdfium.PdfDocument(str(result.pdf))[record["page"] - 1]
    height = page.get_height()
    image = page.render(scale=scale).to_pil().convert("L")
    text = page.get_textpage()
    glyphs = [text.get_charbox(i, loose=False) for i in range(text.count_chars())]
    x0, y0, x1, y1 = record["bbox"]
    for key in ("start", "end"):
        px, py = opening_point(record, key)
        # Straight out of the gap, where an arrow would be, the paper is blank but for text.
        side = record[f"{key}_side"]
        dx, dy = {"N": (0, 1), "S": (0, -1), "W": (-1, 0), "E": (1, 0)}[side]
        for distance in range(4, 18):
            x, y = px + dx * distance, py + dy * distance
            if any(box_point_distance(box, (x, y)) < 1 for box in glyphs):
                continue
            assert image.getpixel((round(x * scale), round((height - y) * scale))) > 200, key


@pytest.mark.parametrize("mode", ["words", "both"])
@pytest.mark.parametrize("sample", ["shapes", "default", "classroom"])
def test_start_and_finish_words_keep_2_pt_from_walls_arrows_and_text(tmp_path, sample, mode):
    source = SAMPLES[[path.stem for path in SAMPLES].index(sample)]
    config = tmp_path / source.name
    config.write_text(
        source.read_text(encoding="utf-8").replace("\nsections:", f"\nmarkers: {mode}\nsections:", 1),
        encoding="utf-8",
    )
    fonts, pages = planned_pages(config)
    words = 0
    for number, slots, mazes in pages:
        printed = printed_things(slots, mazes, fonts)
        problems = clearance_problems(slots, mazes, fonts, printed)
        assert not problems, (number, problems[:5])
        # the words the slots print, as the book sets them (label, note, code and all)
        words += sum(kind in END_WORDS for _, kind, _ in printed[0])
    assert words
