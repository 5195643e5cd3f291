"""A config that `validate` accepts builds, and every file the build writes passes `check`
for its printer; a config that `validate` refuses, `build` refuses with the same lines.

Every YAML file in the test tree and every sample goes through both commands, so a rule that
only the build (or only its preflight) knows shows up here as a config that validates and
then fails. ``tests/good_configs/`` holds books that use the features most likely to drift
apart that way: covers with an ISBN barcode on each printer, cover art given only a size,
braided sections beside perfect ones, and name mazes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bookmaker.prepare import prepare
from tests.test_validate_matches_build import assert_refused_alike, run

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "configs").glob("*.yaml"))
OTHERS = sorted(path for path in (ROOT / "tests").rglob("*.yaml") if "fonts" not in path.parts)
CONFIGS = SAMPLES + OTHERS


def test_the_corpus_holds_the_samples_the_bad_configs_and_the_good_ones():
    folders = {path.parent.name for path in CONFIGS}
    assert {"configs", "bad_configs", "good_configs"} <= folders
    assert len(CONFIGS) > 100


def _check(capsys, pdf: Path, profile: str, pages: int, *flags: str) -> None:
    code, out, err = run(capsys, "check", str(pdf), "--profile", profile, *flags)
    assert code == 0, f"{pdf.name}: {out}{err}"
    assert out == f"PDF passes the {profile} preflight: {pages} page{'s' * (pages != 1)}\n", out


def _passes_check(capsys, config: Path, pdf: Path) -> None:
    """The stand-alone preflight, as a publisher runs it before uploading, passes every file
    the build of ``config`` wrote beside ``pdf``, each for its printer, as the build's own
    preflight did."""
    manifest = json.loads(pdf.with_suffix(".manifest.json").read_text(encoding="utf-8"))
    profile = manifest["profile"]
    _check(capsys, pdf, profile, manifest["pages"])
    for extra in ("answer_key", "cover"):
        if extra in manifest:
            written = pdf.parent / manifest[extra]["file"]
            assert written.exists(), written
    if "answer_key" in manifest:  # a worksheet set's key of its own, for the teacher's printer
        key = manifest["answer_key"]
        _check(capsys, pdf.parent / key["file"], "home", key["pages"])
    if "cover" in manifest:
        book = prepare(config).book
        width, height = book.page.trim_size
        # The spine and what the barcode box holds come from the manifest beside the cover.
        _check(
            capsys,
            pdf.parent / manifest["cover"]["file"],
            profile,
            1,
            "--cover",
            "--trim",
            f"{width / 72:g}x{height / 72:g}in",
        )


def _validates(capsys, config: Path) -> bool:
    code, out, err = run(capsys, "validate", str(config))
    if code == 0:
        assert err == "" and out.startswith(f"{config}: ok")
    return code == 0


@pytest.mark.parametrize("config", OTHERS, ids=[str(path.relative_to(ROOT)) for path in OTHERS])
def test_what_validates_builds_and_passes_check(capsys, tmp_path, config):
    if not _validates(capsys, config) and config.parent.name != "good_configs":
        assert_refused_alike(capsys, tmp_path, config, keyed=False)
        return
    pdf = tmp_path / "book" / f"{config.stem}.pdf"
    code, out, err = run(capsys, "build", str(config), "-o", str(pdf), "--quiet")
    assert code == 0, err  # the build ran its own preflight of every file it wrote
    _passes_check(capsys, config, pdf)


@pytest.mark.parametrize("config", SAMPLES, ids=[str(path.relative_to(ROOT)) for path in SAMPLES])
def test_every_sample_validates_builds_and_passes_check(capsys, sample_book, config):
    """As above, with the build every test of a sample shares (conftest's ``sample_book``,
    made by ``build`` as `bookmaker build` makes it, its own preflight included):
    test_determinism.py runs `bookmaker build` on every sample and asserts it exits 0 with
    the same bytes."""
    assert _validates(capsys, config)
    _passes_check(capsys, config, sample_book(config.stem).pdf)
