"""The sha256 of every output the refactors promise not to change, and the recorder.

    .venv/bin/python -m tests.output_hashes         # re-record tests/fixtures/output_hashes.json
    .venv/bin/python -m tests.output_hashes shapes  # ... tests/fixtures/shape_hashes.json

Re-record only in a commit that changes a drawing on purpose, and say so in
its message. Outputs are made through the public entry points (`bookmaker
maze` and ``build``), so the fixture does not lean on any internal API.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "output_hashes.json"
# Hex, triangle, polar and masked mazes (issue 29's speed work on them): their own file,
# so these cases can be recorded without touching the square ones.
SHAPES_FIXTURE = ROOT / "tests" / "fixtures" / "shape_hashes.json"

ALGORITHMS = (
    "recursive-backtracker",
    "hunt-and-kill",
    "eller",
    "wilson",
    "growing-tree",
    "kruskal",
    "prim",
    "aldous-broder",
    "sidewinder",
    "binary-tree",
)
FORMATS = ("ascii", "json", "jsonl", "svg", "png", "pdf")
SIZES = ("1x1", "1x6", "6x1", "7x4", "16x12")
ENDPOINTS = (("none", False), ("border", True), ("diameter", False), ("corners", True))
# Non-default options, in the one format that records them.
OPTION_CASES = (
    ("growing-tree", "policy=newest"),
    ("growing-tree", "policy=random"),
    ("growing-tree", "policy=oldest"),
    ("growing-tree", "ratio=0.3"),
    ("prim", "variant=weights"),
    ("eller", "horizontal=0.3"),
    ("eller", "vertical=0.9"),
)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@contextmanager
def _clean_environment() -> Iterator[None]:
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def maze_cases() -> Iterator[tuple[str, list[str]]]:
    for index, (name, size, fmt, (ends, solution)) in enumerate(
        (n, s, f, e) for n in ALGORITHMS for s in SIZES for f in FORMATS for e in ENDPOINTS
    ):
        args = [
            "--algorithm",
            name,
            "--size",
            size,
            "--seed",
            str(index % 97),
            "--format",
            fmt,
            "--endpoints",
            ends,
            "-o",
            "-",
        ]
        if solution:
            args.append("--solution")
        yield " ".join(args), args
    for name, option in OPTION_CASES:
        args = [
            "--algorithm",
            name,
            "--size",
            "12x9",
            "--seed",
            "5",
            "--option",
            option,
            "--format",
            "json",
            "--endpoints",
            "border",
            "--solution",
            "-o",
            "-",
        ]
        yield " ".join(args), args


# (shape and mask arguments, endpoints): every shape, and each mask kind that goes through
# the picture sampler (an image and an outline) on each grid, at small sizes.
SHAPE_CASES = (
    ("--shape hex --size 9x7", "border"),
    ("--shape hex --size 1x1", "border"),
    ("--shape hex --size 6x1", "corners"),
    ("--shape triangle --size 11x6", "border"),
    ("--shape triangle --size 2x5", "diameter"),
    ("--shape polar --rings 7", "centre"),
    ("--shape polar --rings 2", "border"),
    ("--outline heart --size 14x12", "border"),
    ("--shape hex --outline fish --size 16x10", "opposite"),
    ("--shape triangle --outline tree --size 22x13", "border"),
    (f"--mask-image {ROOT / 'configs' / 'art' / 'owl.png'} --size 20x20", "border"),
    (f"--shape hex --mask-image {ROOT / 'configs' / 'art' / 'owl.png'} --size 16x14", "corners"),
    ("--shape triangle --mask-text Hi --size 20x9", "border"),
)
SHAPE_FORMATS = ("json", "svg", "png", "pdf", "pdf --page fit", "pdf --page a5")


def shape_cases() -> Iterator[tuple[str, list[str]]]:
    """The cases of ``SHAPES_FIXTURE``; the key names the image by its file name only, so
    it is the same in every checkout."""
    for index, ((shape, ends), fmt) in enumerate((c, f) for c in SHAPE_CASES for f in SHAPE_FORMATS):
        algorithm = ("recursive-backtracker", "wilson", "kruskal", "prim")[index % 4]
        args = [
            *shape.split(),
            "--algorithm",
            algorithm,
            "--seed",
            str(index % 89),
            "--endpoints",
            ends,
            "--solution",
            "--format",
            *fmt.split(),
            "-o",
            "-",
        ]
        if index % 3 == 0:
            args += ["--braid", "0.5"]
        yield " ".join(args).replace(str(ROOT) + os.sep, ""), args


def maze_hashes(cases: Iterator[tuple[str, list[str]]] | None = None) -> dict[str, str]:
    """`bookmaker maze ARGS` -> sha256 of its stdout, for ``cases`` (``maze_cases`` unless
    given). Every case makes a maze: one that fails raises, here and when recording."""
    from typer.testing import CliRunner

    from bookmaker.cli import click_group

    # The group built once (click_group), not typer's app, which CliRunner.invoke would
    # build again for each of the 1,207 cases: 8 ms each, most of this test's time.
    group, runner = click_group(), CliRunner()
    hashes = {}
    with _clean_environment():
        for key, args in maze_cases() if cases is None else cases:
            with runner.isolation() as (stdout, _, _):
                group.main(args=["maze", *args], prog_name="bookmaker", standalone_mode=False)
                hashes[key] = _digest(stdout.getvalue())
    return hashes


def build_sample(folder: Path, stem: str):
    """Build configs/<stem>.yaml into ``folder``/<stem>/, as a user in the checkout would
    (the manifest records the config path as given); -> its BuildResult."""
    from bookmaker.build import build

    with _clean_environment():
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            return build(Path("configs") / f"{stem}.yaml", Path(folder) / stem / f"{stem}.pdf")
        finally:
            os.chdir(cwd)


def sample_names() -> list[str]:
    """The file names of the sample configs, sorted."""
    return sorted(config.name for config in (ROOT / "configs").glob("*.yaml"))


def build_samples(folder: Path) -> dict[str, Path]:
    """Every sample config built by ``build_sample``; -> config file name: its folder."""
    return {name: build_sample(folder, Path(name).stem).pdf.parent for name in sample_names()}


def book_hashes(built: dict[str, Path] | None = None) -> dict[str, str]:
    """Every file ``build`` writes for each sample config -> sha256; from the folders of
    ``build_samples`` if given, else from a build of its own."""
    if built is None:
        with tempfile.TemporaryDirectory() as folder:
            return book_hashes(build_samples(Path(folder)))
    return {
        f"{name}: {written.name}": _digest(written.read_bytes())
        for name, out in built.items()
        for written in sorted(out.iterdir())
    }


def record_shapes() -> None:
    hashes = maze_hashes(shape_cases())
    SHAPES_FIXTURE.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{SHAPES_FIXTURE}: {len(hashes)} shape and mask outputs")


def record() -> None:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    data = {"books": book_hashes(), "mazes": maze_hashes()}
    FIXTURE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{FIXTURE}: {len(data['books'])} book files, {len(data['mazes'])} maze outputs")


if __name__ == "__main__":
    import sys

    record_shapes() if sys.argv[1:] == ["shapes"] else record()
