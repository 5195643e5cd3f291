"""The registry of maze generators, one module per algorithm.

Every generator has the signature ``carve(width, height, rng, **options)`` and
returns a ``bytearray`` of passage bits (see ``bookmaker.maze.grid``) that
forms a perfect maze: every cell reachable, no loops. Randomness comes only
from ``rng``, a ``random.Random`` the caller seeded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

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

Carve = Callable[..., bytearray]


@dataclass(frozen=True)
class Algorithm:
    name: str
    summary: str  # one line on the texture it gives: corridors, dead ends, bias, memory
    carve: Carve
    options: Mapping[str, Any]  # option name -> default value
    uniform: bool = False  # every perfect maze of the grid equally likely

    def __call__(self, width: int, height: int, rng: random.Random, **options: Any) -> bytearray:
        return self.carve(width, height, rng, **options)


def _entry(module) -> Algorithm:
    return Algorithm(
        name=module.NAME,
        summary=module.SUMMARY,
        carve=module.carve,
        options=dict(getattr(module, "OPTIONS", {})),
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
