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
CONFIGS = sorted((ROOT / "configs").glob("*.yaml")) + sorted(
    path for path in (ROOT / "tests").rglob("*.yaml") if "fonts" not in path.parts
)
IDS = [str(path.relative_to(ROOT)) for path in CONFIGS]


def test_the_corpus_holds_the_samples_the_bad_configs_and_the_good_ones():
    folders = {path.parent.name for path in CONFIGS}
    assert {"configs", "bad_configs", "good_configs"} <= folders
    assert len(CONFIGS) > 100


def _check(capsys, pdf: Path, *flags: str) -> None:
    code, out, err = run(capsys, "check", str(pdf), *flags)
    assert code == 0, f"{pdf.name}: {out}{err}"
    assert out.startswith("PDF passes the "), out


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_what_validates_builds_and_passes_check(capsys, tmp_path, config):
    code, out, err = run(capsys, "validate", str(config))
    if code != 0 and config.parent.name != "good_configs":
        assert_refused_alike(capsys, tmp_path, config, keyed=False)
        return
    assert err == "" and out.startswith(f"{config}: ok")
    pdf = tmp_path / "book" / f"{config.stem}.pdf"
    code, out, err = run(capsys, "build", str(config), "-o", str(pdf), "--quiet")
    assert code == 0, err  # the build ran its own preflight of every file it wrote
    manifest = json.loads(pdf.with_suffix(".manifest.json").read_text(encoding="utf-8"))
    profile = manifest["profile"]
    # And the stand-alone preflight, as a publisher runs it before uploading, agrees.
    _check(capsys, pdf, "--profile", profile)
    for extra in ("key", "cover"):
        if extra in manifest:
            written = pdf.parent / manifest[extra]["file"]
            assert written.exists(), written
    if "key" in manifest:
        _check(capsys, pdf.parent / manifest["key"]["file"], "--profile", "home")
    if "cover" in manifest:
        book = prepare(config).book
        width, height = book.page.trim_size
        # The spine and what the barcode box holds come from the manifest beside the cover.
        _check(
            capsys,
            pdf.parent / manifest["cover"]["file"],
            "--profile",
            profile,
            "--cover",
            "--trim",
            f"{width / 72:g}x{height / 72:g}in",
        )
