"""``load_book``: a config file in, a validated Book out, or every problem at once.

``load_config`` also keeps the line of every key, so problems found later (by the plan,
the layout, the fonts) are reported in the same ``FILE:LINE: key: what`` form.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ..errors import ConfigKeyError
from .errors import ConfigError
from .messages import explain
from .models import Book
from .yaml_source import MAX_BYTES, ConfigProblem, Source, YamlError, parse_yaml


@dataclass(frozen=True)
class LoadedConfig:
    """A validated Book with the file it came from and the line of each of its keys."""

    file: str
    book: Book
    source: Source

    def error(self, problems: Iterable[ConfigKeyError]) -> ConfigError:
        """``problems`` found past loading, each pinned to its key's line, top to bottom."""
        return ConfigError(
            _render(
                [
                    ConfigProblem(self.source.line_of(problem.key), problem.key, problem.message)
                    for problem in problems
                ],
                self.file,
            )
        )


def load_book(path: str | os.PathLike[str], *, seed: int | None = None) -> Book:
    """The Book a YAML config describes; font paths are read relative to its folder.

    ``seed`` replaces the config's ``seed:`` (``build --seed``) and is held to the same range.
    Raises ConfigError listing every problem as ``FILE:LINE: key.path: what``.
    """
    return load_config(path, seed=seed).book


def load_config(
    path: str | os.PathLike[str], *, seed: int | None = None, text: str | None = None
) -> LoadedConfig:
    """``load_book``, keeping the file's name and key lines for later problems. ``text``
    stands for the file's content when given (the studio's unsaved edit of ``path``): it is
    read as the file would be, its paths relative to the file's folder, its problems named
    by the file."""
    file = str(path)
    if text is None:
        text = _read(Path(path), file)
    elif len(text.encode("utf-8")) > MAX_BYTES:
        raise ConfigError([f"{file}: larger than {MAX_BYTES // 1000} KB; a config is a few KB"])
    try:
        source = parse_yaml(text)
    except YamlError as error:
        raise ConfigError([error.problem.render(file)]) from None
    problems = list(source.problems)
    data = source.data if seed is None else {**source.data, "seed": seed}
    book = None
    try:
        book = Book.model_validate(data, context={"base": Path(path).resolve().parent})
    except ValidationError as error:
        problems += [
            _from_command_line(problem) if seed is not None else problem
            for problem in explain(error.errors(), source)
        ]
    if problems:
        raise ConfigError(_render(problems, file))
    assert book is not None  # a config that fails validation always has problems
    return LoadedConfig(file, book, source)


def _from_command_line(problem: ConfigProblem) -> ConfigProblem:
    # A --seed replaces the file's seed: its problem says where the value came from.
    if problem.path[:1] == ("seed",):
        return problem._replace(message=f"{problem.message} (given by --seed)")
    return problem


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
