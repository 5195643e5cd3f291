"""Every class in bookmaker has a name of its own, so a reader (and an import) never takes
one for another: the config's ``Margins`` and ``Page`` are the YAML blocks they are named
after; a printer's or laid-out page's margins are ``TrimMargins``, a paginated page is
``PlannedPage``."""

from __future__ import annotations

import ast
from collections import defaultdict

import pytest

from .package_source import PACKAGE, modules, parsed


@pytest.mark.xdist_group("package_source")
def test_no_two_classes_in_bookmaker_share_a_name():
    defined: dict[str, list[str]] = defaultdict(list)
    for path in modules():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                defined[node.name].append(str(path.relative_to(PACKAGE.parent)))
    shared = {name: paths for name, paths in defined.items() if len(paths) > 1}
    assert not shared, f"classes sharing a name: {shared}"
