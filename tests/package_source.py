"""bookmaker's own source files, each parsed once per process, for the tests that read the
code itself: its layers (test_layers.py), its class names, and where it would name a printer,
a shape or an output format. Those tests carry the xdist group ``package_source``, so one
worker parses the package once for all of them; they only read the trees."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bookmaker"


@functools.cache
def modules() -> tuple[Path, ...]:
    """Every module of the package, sorted."""
    return tuple(sorted(PACKAGE.rglob("*.py")))


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the module at ``path``."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))
