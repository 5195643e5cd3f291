"""bookmaker as pip installs it: a wheel in a fresh virtual environment, used from an empty
folder, with no way back to the checkout.

The wheel is built from a copy of the files packaging reads (so the checkout gets no
build/ folder) with this environment's setuptools, offline. The fresh venv takes the
wheel alone; its dependencies come from this test environment's site-packages through a
.pth line, which adds that folder to sys.path without running the editable install's
own hook there, so only the wheel's bookmaker can be imported. Deselect locally with
``-m 'not wheel'``; ``make test`` runs it.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

# one worker of a parallel run takes the module: the wheel and its venv are made once
pytestmark = [pytest.mark.wheel, pytest.mark.slow, pytest.mark.xdist_group("wheel")]

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = ["pyproject.toml", "README.md", "bookmaker", "fonts", "configs"]


def _run(*args, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, encoding="utf-8", timeout=300
    )
    assert result.returncode == 0, f"{args}: {result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    (work / "src").mkdir()
    for name in PACKAGED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, work / "src" / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
            )
        else:
            shutil.copy(source, work / "src" / name)
    _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "--wheel-dir",
        work / "dist",
        work / "src",
        cwd=work,
    )
    (built,) = (work / "dist").glob("bookmaker-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A virtual environment holding the wheel, and the dependencies through a .pth line."""
    folder = tmp_path_factory.mktemp("venv")
    _run(sys.executable, "-m", "venv", "--without-pip", folder, cwd=folder)
    python = folder / "bin" / "python"
    _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        wheel,
        cwd=folder,
    )
    purelib = _run(
        python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=folder
    ).stdout.strip()
    Path(purelib, "bookmaker-test-dependencies.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )
    return folder


@pytest.fixture
def shell(venv, tmp_path):
    """Runs a command of the venv in the test's empty folder, as a user's shell would."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return lambda command, *args: _run(venv / "bin" / command, *args, cwd=tmp_path, env=env)


def test_the_wheel_carries_every_package_the_fonts_and_the_samples(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {
        path.parent.relative_to(ROOT).as_posix() for path in (ROOT / "bookmaker").rglob("__init__.py")
    }
    assert {f"{package}/__init__.py" for package in packages} <= names
    assert {
        "bookmaker/starter.yaml",
        "bookmaker/data/fonts/Andika-Regular.ttf",
        "bookmaker/data/fonts/Andika-Bold.ttf",
        "bookmaker/data/fonts/OFL-Andika.txt",
        "bookmaker/data/configs/art/owl.png",
    } <= names
    assert {f"bookmaker/data/configs/{path.name}" for path in (ROOT / "configs").glob("*.yaml")} <= names
    # The printed words' catalogue: its template, and each language's .po and compiled .mo.
    locale = ROOT / "bookmaker" / "locale"
    catalogue = [*locale.glob("*.pot"), *locale.glob("*/LC_MESSAGES/bookmaker.*")]
    assert len(catalogue) >= 3 and {path.relative_to(ROOT).as_posix() for path in catalogue} <= names


def test_the_installed_bookmaker_reads_only_its_own_files(shell, venv):
    where = shell(
        "python",
        "-c",
        "import bookmaker, bookmaker.layout.fonts as f, bookmaker.samples as s;"
        "print(bookmaker.__file__, f.DEFAULT_REGULAR, f.DEFAULT_BOLD, s.SAMPLES)",
    )
    paths = [Path(p) for p in where.stdout.split()]
    assert len(paths) == 4
    for path in paths:
        assert path.is_relative_to(venv) and not path.is_relative_to(ROOT), path


def test_init_then_build_in_an_empty_folder(shell, tmp_path):
    assert shell("bookmaker", "init", "book.yaml").stdout.startswith("wrote book.yaml")
    written = shell("bookmaker", "build", "book.yaml").stdout.split()
    assert written == [os.path.join("output", "book.pdf"), os.path.join("output", "book.manifest.json")]
    pdf = tmp_path / "output" / "book.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    reader = PdfReader(pdf)
    assert len(reader.pages) > 4 and "My Maze Book" in reader.pages[0].extract_text()
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts and all("Andika" in name for name in fonts), fonts


def test_samples_and_their_art_come_out_of_the_package(shell, tmp_path):
    shell("bookmaker", "init", "--example", "activity-book", "a.yaml")
    assert shell("bookmaker", "validate", "a.yaml").stdout.startswith("a.yaml: ok (")
    sample = (ROOT / "configs" / "activity-book.yaml").read_bytes()
    assert (tmp_path / "a.yaml").read_bytes() == sample
    shell("bookmaker", "init", "--example", "silhouettes", "owls.yaml")
    art = (ROOT / "configs" / "art" / "owl.png").read_bytes()
    assert (tmp_path / "art" / "owl.png").read_bytes() == art
    shell("bookmaker", "build", "owls.yaml", "--quiet")
    assert PdfReader(tmp_path / "output" / "owls.pdf").pages
