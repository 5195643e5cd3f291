"""The configs `bookmaker init` writes: the commented starter, or one of the sample books.

Both ship inside the package (``starter.yaml`` beside this module; the samples are the
checkout's ``configs/``, installed as ``bookmaker.data.configs``), so a pip-installed
bookmaker has them. A sample that names a file of its own (``art/owl.png`` in
silhouettes) gets that file copied beside the config at the same relative path, so the
copy builds wherever it is written, as the sample does in ``configs/``.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

import yaml

from .errors import BookmakerError
from .wording import did_you_mean

SAMPLES = files("bookmaker.data.configs")


def starter_text() -> str:
    return files("bookmaker").joinpath("starter.yaml").read_text(encoding="utf-8")


def example_names() -> list[str]:
    """Every sample book, by the name ``init --example`` takes: its file name without .yaml."""
    return sorted(
        entry.name.removesuffix(".yaml") for entry in SAMPLES.iterdir() if entry.name.endswith(".yaml")
    )


def check_example(name: str) -> None:
    """Refuse a name that is no sample's, suggesting the sample meant."""
    names = example_names()
    if name not in names:  # Shapes, shapes.yaml, configs/shapes.yaml: the sample's own name
        plain = PurePosixPath(name.lower()).name.removesuffix(".yaml").removesuffix(".yml")
        raise BookmakerError(
            f"no example '{name}'{did_you_mean(plain, names)}; choose one of: {', '.join(names)}"
        )


def example_text(name: str) -> str:
    check_example(name)
    return SAMPLES.joinpath(f"{name}.yaml").read_text(encoding="utf-8")


def own_files(text: str) -> list[str]:
    """The files a sample names that ship beside it (relative paths, in order of mention)."""
    found: list[str] = []

    def visit(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, str) and value not in found and _shipped(value) is not None:
            found.append(value)

    visit(yaml.safe_load(text))
    return found


def _shipped(relative: str) -> Traversable | None:
    """The samples' own file at ``relative``; None for any other text."""
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or ".." in parts:
        return None
    entry = SAMPLES.joinpath(*parts)
    try:
        return entry if entry.is_file() else None
    except OSError:  # text no file can be named, such as a long blurb
        return None


def write_config(path: Path, example: str | None = None, force: bool = False) -> list[Path]:
    """Write the starter, or the sample ``example``, to ``path``; return the files written.

    Nothing that exists is overwritten unless ``force``, and nothing is written when
    any target is in the way; a sample's file already there with the same bytes is kept.
    Missing folders are made.
    """
    text = starter_text() if example is None else example_text(example)
    if path.is_dir():
        raise BookmakerError(f"{path} is a folder; give a file name such as {path / 'book.yaml'}")
    targets = [(path, text.encode("utf-8"))]
    for name in own_files(text) if example is not None else []:
        shipped = _shipped(name)
        assert shipped is not None  # own_files names only the samples' own files
        target, data = path.parent / name, shipped.read_bytes()
        if not (target.is_file() and target.read_bytes() == data):  # the same art is shared
            targets.append((target, data))
    if not force:
        for target, _ in targets:
            if target.exists():
                raise BookmakerError(f"{target} already exists; use --force to overwrite it")
    for target, data in targets:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # the config's, or a sample's art/
        except OSError as error:
            raise BookmakerError(
                f"{target.parent}: cannot make the folder ({error.strerror or error})"
            ) from None
        try:
            # "x" fails if the file appeared after the check above.
            with open(target, "wb" if force else "xb") as out:
                out.write(data)
        except FileExistsError:
            raise BookmakerError(f"{target} already exists; use --force to overwrite it") from None
        except OSError as error:
            raise BookmakerError(f"{target}: cannot write ({error.strerror or error})") from None
    return [target for target, _ in targets]
