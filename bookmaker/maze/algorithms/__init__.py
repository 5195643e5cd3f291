"""The registry of maze generators, one module per algorithm.

Every module declares ``NAME``, ``CODE_ID`` (its number in maze codes, the next unused
one, 0 to 15), ``SUMMARY``, its ``OPTIONS`` (``Option``
values), the ``SHAPES`` it can carve (``ANY_SHAPE`` for the generators that
only walk the neighbour table) and ``carve(topology, rng, **options)``, which
returns a ``bytearray`` of passage bits (see ``bookmaker.maze.model``) forming
a perfect maze: every cell reachable, no loops. Randomness comes only from
``rng``, a ``random.Random`` the caller seeded.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ...errors import BookmakerError
from ..options import Option, check_options
from ..topology import Topology
from . import (
    aldous_broder,
    binary_tree,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    recursive_backtracker,
    sidewinder,
    wilson,
)
from .graph import ANY_SHAPE

Carve = Callable[..., bytearray]


@dataclass(frozen=True)
class Algorithm:
    name: str
    code_id: int  # its number in maze codes
    summary: str  # one line on the texture it gives: corridors, dead ends, bias, memory
    carve: Carve
    declared: tuple[Option, ...]  # its options, typed
    shapes: frozenset[str] | None  # topology kinds it can carve; None: any
    uniform: bool = False  # every perfect maze of the grid equally likely

    @property
    def options(self) -> Mapping[str, Any]:
        """Option name -> default value."""
        return {option.name: option.default for option in self.declared}

    def settings(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """All option values, the defaults filled in; a bad name or value is a one-line error."""
        return check_options(self.name, self.declared, given)

    def carves(self, kind: str) -> bool:
        """Whether it carves mazes of the shape called ``kind``."""
        return self.shapes is None or kind in self.shapes

    @property
    def takes_masks(self) -> bool:
        """Whether it carves a grid a mask has cut to a silhouette: only the generators that
        walk the neighbour table do; the others sweep whole rows and columns."""
        return self.shapes is None

    def supports(self, topology: Topology) -> bool:
        return self.carves(topology.kind) and (topology.mask is None or self.takes_masks)

    def check_supports(self, topology: Topology) -> None:
        """A one-line error naming the shapes it carves, unless it carves ``topology``."""
        if topology.mask is not None and not self.takes_masks:
            raise BookmakerError(mask_refusal(self.name))
        if not self.supports(topology):
            raise BookmakerError(
                f"{self.name} works on {' and '.join(sorted(self.shapes or ()))} grids only, "
                f"not {topology.kind}; use a generator that works on any shape, such as wilson"
            )

    def __call__(self, topology: Topology, rng: random.Random, **options: Any) -> bytearray:
        self.check_supports(topology)
        return self.carve(topology, rng, **options)


def mask_refusal(name: str) -> str:
    """Why ``name`` can't carve a masked grid, and what can."""
    anywhere = [other.name for other in ALGORITHMS.values() if other.takes_masks]
    return (
        f"{name} sweeps whole rows of a rectangle, so it can't carve a mask's silhouette; "
        f"use one of: {', '.join(anywhere)}"
    )


def _entry(module: ModuleType) -> Algorithm:
    return Algorithm(
        name=module.NAME,
        code_id=module.CODE_ID,
        summary=module.SUMMARY,
        carve=module.carve,
        declared=tuple(getattr(module, "OPTIONS", ())),
        shapes=None if module.SHAPES is ANY_SHAPE else frozenset(module.SHAPES),
        uniform=getattr(module, "UNIFORM", False),
    )


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in map(
        _entry,
        (
            recursive_backtracker,
            hunt_and_kill,
            eller,
            wilson,
            growing_tree,
            kruskal,
            prim,
            aldous_broder,
            sidewinder,
            binary_tree,
        ),
    )
}
