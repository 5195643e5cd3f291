"""The config and CLI references, written from the code at every docs build so neither drifts.

mkdocs runs this file as a hook (``hooks:`` in mkdocs.yml): ``on_files`` adds two pages that
exist only in the built site, ``reference/config.md`` from the pydantic models' JSON Schema
(the one ``bookmaker schema`` prints, so editors and these pages say the same) and
``reference/cli.md`` from the typer app's click commands. ``tests/test_docs.py`` renders both
through ``config_reference()`` and ``cli_reference()`` and checks them against the models and
the app, so a key or flag added without a description still shows, and one removed goes.
"""

from __future__ import annotations

import json
from typing import Any

CONFIG_PAGE = "reference/config.md"
CLI_PAGE = "reference/cli.md"
POINTS_PER_MM = 72 / 25.4


# ---- the config ---------------------------------------------------------------------------


def _cell(text: str) -> str:
    """``text`` made safe for one cell of a Markdown table: one line, no column bar, and
    no ``<config name>`` read as an HTML tag."""
    return " ".join(str(text).split()).replace("|", "\\|").replace("<", "&lt;")


def _points(points: float) -> str:
    """A default length (the schema holds points, e.g. '22.6772pt') as a reader writes it."""
    millimetres = points / POINTS_PER_MM
    if points and abs(millimetres - round(millimetres)) < 1e-3:
        return f"{round(millimetres)}mm"
    inches = points / 72
    if abs(inches * 8 - round(inches * 8)) < 1e-6:
        return f"{inches:g}in"
    return f"{points:g}pt"


def _is_length(schema: dict[str, Any]) -> bool:
    return any(option.get("const") == 0 for option in schema.get("anyOf", ())) and any(
        "(in|mm|cm|pt)" in option.get("pattern", "") for option in schema.get("anyOf", ())
    )


def _without_null(schema: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``schema`` with an ``anyOf [X, null]`` unwrapped to X, and whether null was allowed."""
    options = schema.get("anyOf")
    if options and not _is_length(schema):
        kept = [option for option in options if option.get("type") != "null"]
        if len(kept) == 1 and len(kept) < len(options):
            merged = {key: value for key, value in schema.items() if key != "anyOf"}
            return {**kept[0], **merged}, True
    return schema, False


def _ref_name(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[1] if ref else None


def _type_text(schema: dict[str, Any]) -> str:
    """What kind of value a key takes, in the words the config guide uses."""
    if _ref_name(schema):
        return "mapping (its keys below)"
    if _is_length(schema):
        return "length (`0.5in`, `12mm`, `1cm`, `36pt`)"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items", {})
        if _ref_name(items):
            return "list of mappings (their keys below)"
        return f"list of {_type_text(items)}"
    if kind == "boolean":
        return "`true` or `false`"
    if kind in ("integer", "number"):
        words = "whole number" if kind == "integer" else "number"
        low = schema.get("minimum", schema.get("exclusiveMinimum"))
        high = schema.get("maximum", schema.get("exclusiveMaximum"))
        if low is not None and high is not None:
            high_text = "2^63 - 1" if high == 2**63 - 1 else f"{high:g}"
            return f"{words}, {low:g} to {high_text}"
        if low is not None:
            return f"{words}, at least {low:g}"
        return words
    if kind == "object":
        return "mapping"
    if kind == "string":
        pattern = schema.get("pattern", "")
        if pattern.startswith("^#"):
            return "colour `#RRGGBB` (quoted)"
        if "x×" in pattern:
            return "size `COLUMNSxROWS`"
        if schema.get("format") == "path":
            return "file path, relative to the config"
        length = []
        if "minLength" in schema:
            length.append(f"at least {schema['minLength']} character")
        if "maxLength" in schema:
            length.append(f"at most {schema['maxLength']}")
        return "text" + (f" ({', '.join(length)})" if length else "")
    if "const" in schema:
        return f"`{schema['const']}`"
    if "anyOf" in schema:
        return " or ".join(_type_text(option) for option in schema["anyOf"] if option.get("type") != "null")
    return "any"


def _default_text(schema: dict[str, Any], required: bool, nullable: bool) -> str:
    if required:
        return "**required**"
    if "default" not in schema:  # a default_factory: an empty mapping or list
        return {"object": "`{}`", "array": "`[]`"}.get(schema.get("type"), "")
    default = schema["default"]
    if isinstance(default, dict):
        return "see below" if default else "`{}`"
    if default is None:
        return "unset (see meaning)"
    if isinstance(default, str) and default.endswith("pt") and _is_length(schema):
        return f"`{_points(float(default[:-2]))}`"
    if isinstance(default, bool):
        return f"`{str(default).lower()}`"
    if isinstance(default, str):
        return '`""`' if default == "" else f"`{default}`"
    return f"`{json.dumps(default)}`"


def _model_rows(
    schema: dict[str, Any], definitions: dict[str, Any], prefix: str
) -> tuple[list[str], list[tuple[str, dict[str, Any]]]]:
    """The table rows of one model's keys, and the nested models found, with their paths."""
    rows, nested = [], []
    required = set(schema.get("required", ()))
    for name, raw in schema.get("properties", {}).items():
        field, nullable = _without_null(raw)
        path = f"{prefix}{name}"
        items = field.get("items", {})
        child = _ref_name(field) or (_ref_name(items) if field.get("type") == "array" else None)
        if child:
            nested.append((f"{path}[]" if field.get("type") == "array" else path, definitions[child]))
        rows.append(
            f"| `{path}` | {_cell(_type_text(field))} | "
            f"{_cell(_default_text(field, name in required, nullable))} | "
            f"{_cell(field.get('description', definitions.get(child, {}).get('description', '')))} |"
        )
    return rows, nested


def config_reference() -> str:
    """The config reference page: every key of the Book model, its type, default and meaning."""
    from bookmaker.config.models import Book

    schema = Book.model_json_schema()
    definitions = schema.get("$defs", {})
    lines = [
        "# Config reference",
        "",
        "Every key a book's YAML file may hold, written from bookmaker's own config models each",
        "time this site is built (the same descriptions `bookmaker schema` gives an editor).",
        "Keys nest as their paths show: `page.margins.inside` is `inside:` under `margins:` under",
        "`page:`, and `sections[]` is a list. The [config guide](../config.md) explains how to",
        "write values and what the choices do.",
        "",
    ]
    queue: list[tuple[str, str, dict[str, Any]]] = [("Top level", "", schema)]
    while queue:
        title, prefix, model = queue.pop(0)
        rows, nested = _model_rows(model, definitions, prefix)
        lines += [f"## {title}", ""]
        if prefix and model.get("description"):
            lines += [_cell(model["description"]), ""]
        lines += ["| Key | Takes | Default | Meaning |", "|---|---|---|---|", *rows, ""]
        queue += [(f"`{path}`", f"{path}.", child) for path, child in nested]
    return "\n".join(lines)


# ---- the command line ---------------------------------------------------------------------


def _param_row(param: Any, context: Any) -> str:
    """One argument or option as ``--help`` shows it: its names and metavar, then its help."""
    names, help_text = param.get_help_record(context) or (param.name.upper(), "")
    return f"| `{names}` | {_cell(help_text)} |"


def cli_reference() -> str:
    """The CLI reference page: every command, its usage, and every argument and option."""
    import typer.main

    from bookmaker.cli import app

    root = typer.main.get_command(app)
    # The command's own context class: typer brings its own copy of click, which may be the
    # only one installed, so this file names no click module.
    root_context = root.context_class(root, info_name="bookmaker")
    lines = [
        "# Command-line reference",
        "",
        "Every `bookmaker` command with all its arguments and options, written from the command",
        "line's own definitions each time this site is built; `bookmaker COMMAND --help` prints",
        "the same. The [commands page](../commands.md) tells what each does at more length.",
        "",
        "## `bookmaker`",
        "",
        _cell(root.help or ""),
        "",
        "| Option | What it does |",
        "|---|---|",
        *(_param_row(param, root_context) for param in root.params),
        "",
    ]
    for name, command in root.commands.items():
        context = command.context_class(command, info_name=name, parent=root_context)
        usage = " ".join(command.collect_usage_pieces(context))
        lines += [f"## `bookmaker {name}`", "", f"```\nbookmaker {name} {usage}\n```", ""]
        lines += [paragraph.replace("\n", " ") for paragraph in (command.help or "").split("\n\n")]
        lines.append("")
        if command.params:
            lines += ["| Argument or option | What it does |", "|---|---|"]
            lines += [_param_row(param, context) for param in command.params]
            lines.append("")
    return "\n".join(lines)


# ---- the hook -----------------------------------------------------------------------------


def on_files(files: Any, config: Any) -> Any:
    """Add the two generated pages to the site's files (they exist only in the build)."""
    from mkdocs.structure.files import File

    for path, render in ((CONFIG_PAGE, config_reference), (CLI_PAGE, cli_reference)):
        files.append(File.generated(config, path, content=render()))
    return files
