"""The shapes a maze can take, by name, and the one way to build a topology from a user's size."""

from __future__ import annotations

from ..errors import BookmakerError
from .hex_grid import HexGrid
from .mask import Mask
from .polar_grid import PolarGrid
from .topology import SquareGrid, Topology
from .triangle_grid import TriangleGrid

SHAPES = ("square", "hex", "triangle", "polar")
_GRIDS = {"square": SquareGrid, "hex": HexGrid, "triangle": TriangleGrid}


def make_topology(
    shape: str, size: tuple[int, int] | None = None, rings: int | None = None, mask: Mask | None = None
) -> Topology:
    """The topology of ``shape``: grid shapes take ``size`` (width, height) and perhaps a
    ``mask``, polar ``rings``."""
    if shape == "polar":
        if mask is not None:
            raise BookmakerError(
                "a polar maze is already a disc and takes no mask; use a "
                "square, hex or triangle grid for a silhouette"
            )
        if rings is None:
            raise BookmakerError("a polar maze needs a number of rings, not a width and height")
        return PolarGrid(rings)
    if shape not in _GRIDS:
        raise BookmakerError(f"unknown shape '{shape}'; choose one of: {', '.join(SHAPES)}")
    if size is None:
        raise BookmakerError(f"a {shape} maze needs a size (width x height), not rings")
    return _GRIDS[shape](*size, mask=mask)
