"""Where a journey's tiles and connectors go on their pages.

Every tile of a journey is drawn at one cell size, the largest tile's fit to the room a
page leaves once bands for the connectors are kept on every side: the east and west bands
hold a connector's whole line beside its row; the north and south bands hold
CONNECTOR_ROWS lines of them, staggered, since a connector is wider than a column.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from .page_geometry import Box, Placement, arrow_room, centred, fit_cell, slot_maze_area
from .typesetting import SetText, set_text

# Where a journey starts and finishes: the first page's top left, the last page's bottom right.
JOURNEY_ENDPOINTS = "corners"
CONNECTOR_PT = 12.0  # a connector's size where the rows are wide enough: a child reads it
LEAST_CONNECTOR_PT = 8.0  # above KDP's 7 pt floor; set smaller rows' connectors stay apart
CONNECTOR_SHARE = 0.8  # of a cell: a connector beside one row keeps clear of the next row's
CONNECTOR_GAP_PT = 3.0  # between a tile's outer wall and its connectors
CONNECTOR_ROWS = 4  # staggered lines of connectors above and below a tile, room kept for
# The narrowest cell a journey may have: its connectors, at LEAST_CONNECTOR_PT, one a row.
MIN_JOURNEY_CELL_PT = LEAST_CONNECTOR_PT / CONNECTOR_SHARE


def connector_size(cell: float) -> float:
    return max(LEAST_CONNECTOR_PT, min(CONNECTOR_PT, CONNECTOR_SHARE * cell))


def leading(size: float) -> float:
    """From one staggered line of connectors to the next: their ink (a capital over a
    descender, nearly an em) CONNECTOR_GAP_PT apart, past the 2 pt every text keeps."""
    return size + CONNECTOR_GAP_PT


def bands(widest: float) -> tuple[float, float]:
    """The room (beside, above and below) a tile keeps for connectors ``widest`` points
    wide at CONNECTOR_PT."""
    return CONNECTOR_GAP_PT + widest + 1, CONNECTOR_GAP_PT + CONNECTOR_ROWS * leading(CONNECTOR_PT)


def tile_slot(area: Box, beside: float, above: float) -> Box:
    """The part of a journey page's maze area a tile and its label and code go in."""
    x0, y0, x1, y1 = area
    return x0 + beside, y0 + above, x1 - beside, y1 - above


def tile_cell(slot: Box, width: int, height: int) -> float:
    """The cell a ``width`` x ``height`` tile gets in ``slot``, before rounding."""
    x0, y0, x1, y1 = slot_maze_area(slot)
    return fit_cell(x1 - x0, y1 - y0, width, height)


def tile_cells(slot: Box, cell: float) -> tuple[int, int]:
    """How many columns and rows of ``cell`` points fit ``slot`` with the start's and
    finish's arrows."""
    x0, y0, x1, y1 = slot_maze_area(slot)
    room = 2 * arrow_room(cell)
    return max(1, int((x1 - x0 - room) // cell)), max(1, int((y1 - y0 - room) // cell))


def place_tile(slot: Box, topology, cell: float) -> Placement:
    """A tile at ``cell`` points a cell, centred in ``slot``'s maze area."""
    return centred(slot, slot_maze_area(slot), topology, cell)


def set_connectors(
    placement: Placement, connectors: Sequence[tuple[str, int, str]], font: str
) -> list[SetText]:
    """Each connector (side, cell along that side, text) set beside its gap in the tile's
    outer wall: east and west on their row's middle, clear of the wall; north and south
    with the label's first letter over its column, on the nearest line where it overruns
    no other."""
    left, bottom, right, top = placement.bbox
    cell, size = placement.cell, connector_size(placement.cell)
    clear = placement.wall_width / 2 + CONNECTOR_GAP_PT
    step = leading(size)
    runs: list[SetText] = []
    line_ends: dict[str, list[float]] = {"N": [], "S": []}
    for side, at, text in sorted(connectors, key=lambda connector: (connector[0], connector[1])):
        if side in "EW":
            y = top - (at + 0.5) * cell - 0.35 * size  # a capital's middle on the row's
            x = right + clear if side == "E" else left - clear
            runs.append(set_text(x, y, text, font, size, "left" if side == "E" else "right"))
            continue
        middle = left + (at + 0.5) * cell
        x = middle - stringWidth(text[:1], font, size) / 2
        ends = line_ends[side]
        # The nearest line it overruns nothing on; a new one past them all (the band holds
        # CONNECTOR_ROWS; a rare crowd of corridors side by side takes the room beyond it).
        line = next((i for i, end in enumerate(ends) if end + size / 3 <= x), len(ends))
        if line == len(ends):
            ends.append(0.0)
        ends[line] = x + stringWidth(text, font, size)
        if side == "N":
            y = top + clear + 0.25 * size + line * step
        else:
            y = bottom - clear - 0.75 * size - line * step
        runs.append(set_text(x, y, text, font, size))
    return runs
