"""Pydantic's validation errors, rewritten in plain words and pinned to YAML lines."""

from __future__ import annotations

import datetime
import re
import types
import typing
from typing import Any

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from ..wording import did_you_mean
from .models import Book
from .yaml_source import ConfigProblem, Path_, Source

_PLAIN = {
    "missing": "required key is missing",
    "string_type": "expected text",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "list_type": "expected a list (lines starting with '- ')",
    "dict_type": "expected a mapping of keys (key: value)",
    "model_type": "expected a mapping of keys (key: value)",
    "path_type": "expected a file path",
    "string_too_short": "must not be empty",
    "finite_number": "expected a finite number",
}
_PATTERNS = {  # what a regex in models.py means, by field name
    "id": "use lowercase letters, digits and dashes, starting with a letter or digit (e.g. 'easy-1')",
    "color": "write a colour as #RRGGBB (e.g. #D62728)",
}


def explain(errors: list[ErrorDetails], source: Source) -> list[ConfigProblem]:
    """One ConfigProblem per pydantic error, at the line of the key it is about."""
    problems = []
    for error in errors:
        path: Path_ = tuple(error["loc"]) + tuple(error.get("ctx", {}).get("at", ()))
        problems.append(ConfigProblem(source.line_of(path), path, _message(error, path)))
    return problems


def _message(error: ErrorDetails, path: Path_) -> str:
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx", {})
    if kind == "bookmaker":
        return ctx["message"]
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind == "extra_forbidden":
        return _unknown_key(path)
    if kind == "literal_error":
        choices = re.findall(r"'([^']*)'", ctx.get("expected", ""))
        hint = did_you_mean(str(value), choices)
        return f"{_show(value)} is not one of: {', '.join(choices)}{hint}"
    if kind == "string_pattern_mismatch":
        how = _PATTERNS.get(str(path[-1]), f"must match {ctx.get('pattern')}")
        return f"{_show(value)} does not fit: {how}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        limit = next(iter(ctx.values()))
        words = {
            "greater_than_equal": "at least",
            "greater_than": "more than",
            "less_than_equal": "at most",
            "less_than": "less than",
        }[kind]
        return f"must be {words} {_show(limit)}, got {_show(value)}"
    if kind == "too_short":
        return "needs at least one entry" if ctx.get("min_length") == 1 else error["msg"]
    if kind in _PLAIN:
        if kind == "missing":
            return _PLAIN[kind]
        return f"{_PLAIN[kind]}, got {_show(value)}{_quote_hint(kind, value)}"
    return error["msg"][0].lower() + error["msg"][1:]


def _unknown_key(path: Path_) -> str:
    key = str(path[-1])
    model = _model_at(path[:-1])
    fields = list(model.model_fields) if model else []
    hint = did_you_mean(key, fields) or f"; valid keys: {', '.join(fields)}"
    return f"unknown key '{key}'{hint}"


def _model_at(path: Path_) -> type[BaseModel] | None:
    """The model that validates the mapping at ``path``, following field annotations."""
    model: Any = Book
    for part in path:
        if isinstance(part, int):
            continue  # list items: _inner_model already looked inside the list
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or part not in model.model_fields:
            return None
        model = _inner_model(model.model_fields[part].annotation)
    return model if isinstance(model, type) and issubclass(model, BaseModel) else None


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    if origin in (list, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(annotation):
            found = _inner_model(arg)
            if found is not None:
                return found
    return None


def _show(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _quote_hint(kind: str, value: Any) -> str:
    # YAML reads `title: 2026`, `title: no` or `title: 2026-01-01` as non-text.
    if kind == "string_type" and isinstance(value, (int, float, bool, datetime.date)):
        return "; put it in quotes to make it text"
    if kind == "string_type" and isinstance(value, dict):  # `subtitle: {mazes}`
        return "; YAML reads a value starting with { as a mapping: put the text in quotes"
    return ""
