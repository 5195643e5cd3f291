"""A shape is added in one place: its ``Shape`` record (bookmaker.maze.shapes) and its entry in
``geometry.DRAWINGS``, next to the shape's own topology class.

Every registered shape has every part, and no module outside the registry decides anything by
comparing a shape's name: a new shape would silently fall into such a module's ``else``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bookmaker.geometry import DRAWINGS, halo_shape, maze_drawing
from bookmaker.language import Words
from bookmaker.maze import generate_on
from bookmaker.maze.codes import MAX_SHAPE_ID, read_code, recipe_code
from bookmaker.maze.shapes import (
    DEFAULT_SHAPE,
    GRID,
    MASKED_SHAPES,
    RINGS,
    SHAPE_NAMES,
    SHAPES,
    make_topology,
    shape_named,
)
from bookmaker.maze.solve import ENDPOINT_MODES, default_endpoints, solution, with_endpoints
from bookmaker.maze.topology import RectGrid, Topology
from bookmaker.plan.words import about_mazes

from .package_source import PACKAGE, modules, parsed

# The registry itself: the one place that may name shapes.
REGISTRY = {PACKAGE / "maze" / "shapes.py", PACKAGE / "geometry" / "__init__.py"}
PATCHES = ("circle", "square", "hexagon")  # what geometry.primitives.halo draws
# Words that are a shape's name and something else in one module: there, the something else.
NOT_SHAPES = {
    ("geometry/primitives.py", "square"): "the patch under a finish",
    ("masks/outlines.py", "triangle"): "an outline a mask may take",
    ("plan/words.py", "square"): "the patch under a finish, named on the how-to page",
}


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_NAMES)
def test_every_registered_shape_has_every_part(shape):
    assert shape is shape_named(shape.name) and shape.sizing in (GRID, RINGS)
    topology = shape.make(shape.title_art)
    assert isinstance(topology, Topology) and topology.kind == shape.name
    assert topology.dimensions == shape.title_art
    assert shape.make(shape.cover_sample).dimensions == shape.cover_sample
    assert isinstance(topology, RectGrid) == shape.takes_masks == (shape.name in MASKED_SHAPES)
    english = Words("en")
    assert shape.counted(english, 2).endswith("mazes") and shape.counted(english, 2) in about_mazes(
        english, 2, topology
    )
    assert shape.named(english).endswith("mazes")
    assert shape.endpoints in ENDPOINT_MODES and default_endpoints(shape.name) == shape.endpoints
    assert all(patch in PATCHES for patch in shape.end_patches)
    assert [halo_shape(shape.name, exit) for exit in (False, True)] == list(shape.end_patches)
    assert 0 <= shape.code_id <= MAX_SHAPE_ID
    assert shape in DRAWINGS
    # The parts work together: a maze of it is drawn, coded and read back.
    maze = with_endpoints(generate_on(topology, "wilson", 11), shape.endpoints)
    drawing = maze_drawing(maze, solution(maze))
    assert drawing.walls and drawing.bbox[2:] == topology.box
    parts = read_code(recipe_code(maze))
    assert parts.shape == shape.name
    assert shape.size_fields(topology.dimensions)[:2] == (
        (None, None) if shape.takes_rings else (parts.width, parts.height)
    )


def test_shapes_have_distinct_names_and_code_ids_and_the_drawings_no_stray_entry():
    assert len(set(SHAPE_NAMES)) == len(SHAPES)
    assert len({shape.code_id for shape in SHAPES}) == len(SHAPES)
    assert set(DRAWINGS) == set(SHAPES) and DEFAULT_SHAPE in SHAPES


def test_an_unknown_shape_is_one_line_naming_the_known_ones():
    with pytest.raises(
        Exception, match="unknown shape 'octagon'; choose one of: square, hex, triangle, polar"
    ):
        make_topology("octagon", (3, 3))


def _name_literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and node.value in SHAPE_NAMES:
        return node.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return next((name for item in node.elts if (name := _name_literal(item))), None)
    return None


def shape_dispatch(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Where ``path`` decides by a shape's name: compares with one (``kind == "polar"``,
    ``shape in ("hex", "triangle")``), keys a dict by one, or looks one up
    (``SIZES["square"]``)."""
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Compare):
            names = [_name_literal(side) for side in (node.left, *node.comparators)]
        elif isinstance(node, ast.Dict):
            names = [_name_literal(key) for key in node.keys if isinstance(key, ast.Constant)]
        elif isinstance(node, ast.Subscript):
            names = [_name_literal(node.slice)]
        else:
            continue
        found += [f"{path.relative_to(root)}:{node.lineno}: '{name}'" for name in names if name]
    return found


@pytest.mark.xdist_group("package_source")
def test_no_module_outside_the_registry_dispatches_on_a_shape_name():
    found = [
        place
        for path in modules()
        if path not in REGISTRY
        for place in shape_dispatch(path)
        if (path.relative_to(PACKAGE).as_posix(), place.split("'")[1]) not in NOT_SHAPES
    ]
    assert not found, "ask bookmaker.maze.shapes (or the topology) instead:\n" + "\n".join(found)


def test_the_dispatch_check_sees_each_kind_of_dispatch(tmp_path):
    """The test above is not vacuous: each form it looks for is found."""
    source = tmp_path / "probe.py"
    source.write_text(
        'if kind == "polar": pass\n'
        'if shape in ("hex", "triangle"): pass\n'
        'SIZES = {"square": (9, 9)}\n'
        'size = SIZES["triangle"]\n'
        'FINISH = "dot", "square"\n',  # a value, not a decision: not found
        encoding="utf-8",
    )
    found = shape_dispatch(source, tmp_path)
    assert found == [
        "probe.py:1: 'polar'",
        "probe.py:2: 'hex'",
        "probe.py:3: 'square'",
        "probe.py:4: 'triangle'",
    ]
