"""One maze as JSON: ``bookmaker.maze/1`` for square grids, ``bookmaker.maze/2`` for every shape.

Square mazes keep writing ``/1`` byte for byte as before shapes existed;
the other shapes write ``/2``, which lists passages between cell ids
instead of per-cell bits (docs/design.md, "Formats" and "Shapes"). Without
``solution`` the ``solution`` field is null, so handing out a JSON file never
gives the answer away; stats are always counted.
"""

from __future__ import annotations

import json

from ..errors import BookmakerError
from ..maze import changed_options
from ..maze.model import Maze
from ..maze.solve import measure
from ..maze.solve import solution as solve
from ..maze.topology import SquareGrid
from ..maze.weave import crossings
from ..stopwatch import Stopwatch

FORMAT_VERSION = "bookmaker.maze/1"
SHAPES_FORMAT_VERSION = "bookmaker.maze/2"


def answer(maze: Maze, solution: bool) -> list[int] | None:
    """The solution's cells when ``solution`` is asked for; without endpoints that is an error."""
    if not solution:
        return None
    if maze.start is None or maze.end is None:
        raise BookmakerError("a solution needs a start and an end: choose endpoints first")
    return solve(maze)


def _xy(maze: Maze, cell: int | None) -> list[int] | None:
    return None if cell is None else list(maze.topology.coordinates(cell))


def writes_v1(maze: Maze) -> bool:
    """Whether ``maze`` is written as ``bookmaker.maze/1``: a plain square grid, perfect,
    not woven (/1's four bits a cell have no tunnels)."""
    return (
        isinstance(maze.topology, SquareGrid)
        and maze.topology.mask is None
        and not maze.braid
        and not maze.weave
    )


def maze_record(maze: Maze, solution: bool = False) -> dict:
    """The maze's JSON object, keys in the documented order."""
    return (_record_v1 if writes_v1(maze) else _record_v2)(maze, solution)


def _record_v1(maze: Maze, solution: bool) -> dict:
    path = solve(maze)
    return {
        "format": FORMAT_VERSION,
        "algorithm": maze.algorithm,
        "width": maze.width,
        "height": maze.height,
        "seed": maze.seed,
        # Not in docs/design.md's list: without it a maze made with --option could not be remade.
        **({"options": changed_options(maze)} if changed_options(maze) else {}),
        "cells": maze.rows(),
        "start": _xy(maze, maze.start),
        "end": _xy(maze, maze.end),
        "solution": [_xy(maze, cell) for cell in path] if solution and path else None,
        "stats": measure(maze, path).as_json(),
    }


def passages(maze: Maze) -> list[list[int]]:
    """Every open passage once, as ``[a, b]`` with a < b, sorted."""
    topology, cells = maze.topology, maze.cells
    sides, table = topology.sides, topology.neighbours
    found = []
    for cell in range(topology.cells):
        bits, base = cells[cell], cell * sides
        for side in range(sides):
            if bits >> side & 1:
                other = table[base + side]
                if other > cell:
                    found.append([cell, other])
    found.sort()
    return found


def _record_v2(maze: Maze, solution: bool) -> dict:
    path = solve(maze)
    opened = passages(maze)
    stats = measure(maze, path)
    return {
        "format": SHAPES_FORMAT_VERSION,
        "shape": maze.topology.shape_json(),
        "algorithm": maze.algorithm,
        "seed": maze.seed,
        "options": changed_options(maze),
        "cells": maze.topology.cells,
        "mask": (
            None
            if maze.topology.mask is None
            else [cell for cell, on in enumerate(maze.topology.present) if on]
        ),
        "passages": opened,
        # Only a woven maze has crossings, so every other /2 document stays as it was.
        **({"crossings": [list(crossing) for crossing in crossings(maze)]} if maze.weave else {}),
        "perfect": stats.loops == 0,
        "start": maze.start,
        "end": maze.end,
        "solution": path if solution and path else None,
        # /2 counts loops too, so a braided maze says how many ways round it holds.
        "stats": {**stats.as_json(), "loops": stats.loops},
    }


def _dumps(value) -> str:
    return json.dumps(value, separators=(", ", ": "))


def to_json(maze: Maze, solution: bool = False, stopwatch: Stopwatch | None = None) -> str:
    """Indented JSON; ``/1`` cells one row a line, so a diff shows which rows changed."""
    watch = stopwatch or Stopwatch()
    record = maze_record(maze, solution)
    watch.lap("solve")  # the solution and the statistics
    fields = []
    for key, value in record.items():
        if key == "cells" and isinstance(value, list):
            text = "[\n" + ",\n".join(f"    {_dumps(row)}" for row in value) + "\n  ]"
        else:
            text = _dumps(value)
        fields.append(f"  {json.dumps(key)}: {text}")
    document = "{\n" + ",\n".join(fields) + "\n}\n"
    watch.lap("write")
    return document


def to_jsonl(maze: Maze, solution: bool = False, stopwatch: Stopwatch | None = None) -> str:
    """The same object on one compact line."""
    watch = stopwatch or Stopwatch()
    record = maze_record(maze, solution)
    watch.lap("solve")  # the solution and the statistics
    line = json.dumps(record, separators=(",", ":")) + "\n"
    watch.lap("write")
    return line
