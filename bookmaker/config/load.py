"""``load_book``: a config file in, a validated Book out, or every problem at once."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import ValidationError

from .errors import ConfigError
from .messages import explain
from .models import Book
from .yaml_source import MAX_BYTES, ConfigProblem, YamlError, parse_yaml


def load_book(path: str | os.PathLike[str]) -> Book:
    """The Book a YAML config describes; font paths are read relative to its folder.

    Raises ConfigError listing every problem as ``FILE:LINE: key.path: what``.
    """
    file = str(path)
    text = _read(Path(path), file)
    try:
        source = parse_yaml(text)
    except YamlError as error:
        raise ConfigError([error.problem.render(file)]) from None
    problems = list(source.problems)
    book = None
    try:
        book = Book.model_validate(source.data, context={"base": Path(path).resolve().parent})
    except ValidationError as error:
        problems += explain(error.errors(), source)
    if problems:
        raise ConfigError(_render(problems, file))
    return book


def _read(path: Path, file: str) -> str:
    try:
        if path.is_dir():
            raise ConfigError([f"{file}: is a folder, not a config file"])
        if path.stat().st_size > MAX_BYTES:
            raise ConfigError([f"{file}: larger than {MAX_BYTES // 1000} KB; a config is a few KB"])
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError([f"{file}: no such file"]) from None
    except OSError as error:
        raise ConfigError([f"{file}: cannot read ({error.strerror or error})"]) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ConfigError([f"{file}:{line}: not UTF-8 text (byte {error.start}); save it as UTF-8"]) from None


def _render(problems: list[ConfigProblem], file: str) -> list[str]:
    # Top to bottom, as the user reads the file; aliased values can repeat a problem.
    ordered = sorted(dict.fromkeys(problems), key=lambda p: p.line)
    return [problem.render(file) for problem in ordered]
