"""Data flows one way: no module imports one from a higher layer, and there are no cycles.

The layers of docs/design.md, top to bottom. Imports under ``if TYPE_CHECKING:``
run nothing, so they may name a type from a higher layer (a plan reads a config's
``Book``); but a circle of modules is a circle to a reader and a type checker
whether it runs or not, so the cycle test counts them too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .package_source import PACKAGE, modules, parsed

# Top to bottom; a module may import its own layer's modules or lower ones.
LAYERS = [
    # The studio is a second front end beside the CLI: it drives build and prepare as the
    # CLI's verbs do.
    ("cli", ["bookmaker.cli", "bookmaker.__main__", "bookmaker.commands", "bookmaker.studio"]),
    ("build", ["bookmaker.build", "bookmaker.prepare", "bookmaker.maze_files"]),
    (
        "drivers",
        [
            "bookmaker.config",
            "bookmaker.plan",
            "bookmaker.render",
            "bookmaker.preflight",
            "bookmaker.preview",
            "bookmaker.manifest",
        ],
    ),
    (
        "layout",
        [
            "bookmaker.layout",
            "bookmaker.files",
            "bookmaker.masks",
        ],
    ),
    ("geometry", ["bookmaker.geometry"]),
    ("maze", ["bookmaker.maze"]),
    (
        "base",
        [
            "bookmaker.profiles",
            "bookmaker.units",
            "bookmaker.colours",
            "bookmaker.errors",
            "bookmaker.wording",
            "bookmaker.language",
            "bookmaker.stopwatch",
            "bookmaker.processes",
            "bookmaker",
        ],
    ),
]
# Driven side by side by build: none of them imports another. The preflight package (content
# reader, marks, interior and cover rules) judges the PDF render wrote by reading the file, as
# a printer would, and never render's code, so a drawing bug cannot vouch for itself.
SIBLINGS = ["bookmaker.config", "bookmaker.plan", "bookmaker.render", "bookmaker.preflight"]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def owner(module: str, groups) -> str:
    """The longest listed prefix of ``module``: its layer entry."""
    best = max(
        (prefix for prefix in groups if module == prefix or module.startswith(prefix + ".")),
        key=len,
        default=None,
    )
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best


def rank(module: str) -> int:
    prefixes = {prefix: index for index, (_, names) in enumerate(LAYERS) for prefix in names}
    return prefixes[owner(module, prefixes)]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, type_checking: bool = False) -> set[str]:
    """The bookmaker modules ``path`` imports when it runs, and with ``type_checking`` also
    those it imports under ``if TYPE_CHECKING:``."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node) and not type_checking:
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name.startswith("bookmaker"))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("bookmaker"):
                    # `from . import x` may name a submodule: count it as the edge when it is one.
                    for alias in node.names:
                        sub = f"{target}.{alias.name}"
                        found.add(sub if _exists(sub) else target)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.stmt,)):
                    visit([child])

    visit(parsed(path).body)
    found.discard(module)
    return found


def _exists(module: str) -> bool:
    relative = Path(*module.split(".")[1:])
    return (PACKAGE / relative).with_suffix(".py").is_file() or (PACKAGE / relative / "__init__.py").is_file()


def graph(type_checking: bool = False) -> dict[str, set[str]]:
    return {module_name(path): imports_of(path, type_checking) for path in modules()}


@pytest.mark.xdist_group("package_source")
def test_every_import_points_down_the_layers():
    back_edges = [
        f"{module} ({LAYERS[rank(module)][0]}) imports {target} ({LAYERS[rank(target)][0]})"
        for module, targets in graph().items()
        for target in sorted(targets)
        if rank(target) < rank(module)
    ]
    assert not back_edges, "\n".join(back_edges)


@pytest.mark.xdist_group("package_source")
def test_the_modules_build_drives_import_none_of_one_another():
    crossing = []
    for module, targets in graph().items():
        if any(module == s or module.startswith(s + ".") for s in SIBLINGS):
            mine = owner(module, SIBLINGS)
            crossing += [
                f"{module} imports {target}"
                for target in sorted(targets)
                if any(target == s or target.startswith(s + ".") for s in SIBLINGS)
                and owner(target, SIBLINGS) != mine
            ]
    assert not crossing, "\n".join(crossing)


@pytest.mark.xdist_group("package_source")
def test_there_are_no_import_cycles():
    """Not even through imports made for type checking only."""
    edges = graph(type_checking=True)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles = []

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            target = target if target in edges else owner(target, edges)
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target) :] + [target]))
            elif target not in state:
                walk(target, path + [target])
        state[module] = 2

    for module in edges:
        if module not in state:
            walk(module, [module])
    assert not cycles, "\n".join(cycles)


def test_the_checker_sees_a_back_edge():
    """The test above would notice a lower module reaching up (so it is not vacuous)."""
    assert rank("bookmaker.layout") > rank("bookmaker.render")  # render is above layout
    assert "bookmaker.geometry" in imports_of(PACKAGE / "layout" / "page_geometry.py")
    assert "bookmaker.layout.page_geometry" in imports_of(PACKAGE / "plan" / "book.py")
    assert "bookmaker.config" not in imports_of(PACKAGE / "plan" / "book.py")  # TYPE_CHECKING only
    assert "bookmaker.config" in imports_of(PACKAGE / "plan" / "book.py", type_checking=True)


def test_the_title_art_is_a_planned_maze_recorded_in_the_manifest(sample_book):
    """The renderer no longer seeds the title page's maze: the plan does, and says how."""
    import json

    from bookmaker.plan import maze_seed

    result = sample_book("default")
    manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert manifest["title_art"] == {
        "algorithm": "wilson",
        "width": 24,
        "height": 14,
        "seed": maze_seed(manifest["seed"], "cover", 0),
        "endpoints": "opposite",
    }
