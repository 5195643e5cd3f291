"""Every sample builds to the same bytes a year later, under another hash seed and locale.

A buyer rebuilds a book from its config long after it was first built; a printer compares
re-uploads byte for byte. So nothing about the moment or the machine of a build may reach
the PDF, the cover, the answer key or the manifest: not the date or the time zone (a
fake clock, moved a year and some hours on, stands in for every way Python reads the time,
in the build and in any worker process it starts), not the order of Python's hashing
(another PYTHONHASHSEED), not the locale (the C locale with UTF-8 mode off, where files
opened without an encoding read ASCII; the samples are ASCII, so a copy of the default
book titled in French and German goes through both builds too). The first build is the suite's shared build of
every sample (conftest's ``sample_books``), made in this process; the second runs the
`bookmaker build` command for each sample in turn, in one process with everything above
changed, with two worker processes (`--jobs 2`, through tests.always_spread's rule, as the
samples are too small for a build to start them by itself) where the first build used none.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "configs").glob("*.yaml"))
YEAR_ON = 366 * 24 * 3600 + 5 * 3600 + 17 * 60  # a year, five hours and 17 minutes, seconds

# Loaded by every Python process started with this folder on PYTHONPATH: the build and any
# worker it starts. It moves every clock Python offers by BOOKMAKER_CLOCK_SHIFT seconds.
FAKE_CLOCK = """\
import datetime as _datetime
import os
import time as _time

_SHIFT = float(os.environ["BOOKMAKER_CLOCK_SHIFT"])
_time_now, _localtime, _gmtime = _time.time, _time.localtime, _time.gmtime
_strftime, _asctime, _ctime = _time.strftime, _time.asctime, _time.ctime


def _now():
    return _time_now() + _SHIFT


_time.time = _now
_time.time_ns = lambda: int(_now() * 1e9)
_time.localtime = lambda secs=None: _localtime(_now() if secs is None else secs)
_time.gmtime = lambda secs=None: _gmtime(_now() if secs is None else secs)
_time.ctime = lambda secs=None: _ctime(_now() if secs is None else secs)
_time.asctime = lambda t=None: _asctime(_time.localtime() if t is None else t)
_time.strftime = lambda fmt, t=None: _strftime(fmt, _time.localtime() if t is None else t)


class _Date(_datetime.date):
    @classmethod
    def today(cls):
        return cls.fromtimestamp(_now())


class _DateTime(_datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_now(), tz)

    @classmethod
    def utcnow(cls):
        return cls.fromtimestamp(_now(), _datetime.timezone.utc).replace(tzinfo=None)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_now())


_datetime.date, _datetime.datetime = _Date, _DateTime
"""


def shifted_environment(clock: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SOURCE_DATE_EPOCH", "PYTHONUTF8") and not key.startswith("LC_")
    }
    seed = os.environ.get("PYTHONHASHSEED", "")
    env.update(
        PYTHONPATH=os.pathsep.join(filter(None, [str(clock), os.environ.get("PYTHONPATH")])),
        BOOKMAKER_CLOCK_SHIFT=str(YEAR_ON),
        PYTHONHASHSEED=str(int(seed) + 1 if seed.isdigit() else 4242),
        LC_ALL="C",
        LANG="C",
        PYTHONUTF8="0",
        PYTHONCOERCECLOCALE="0",
        TZ="Pacific/Kiritimati",  # UTC+14: another date than most of the world's
    )
    return env


@pytest.fixture(scope="module")
def fake_clock(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fake-clock")
    (folder / "sitecustomize.py").write_text(FAKE_CLOCK, encoding="utf-8")
    return folder


def test_the_changed_environment_is_changed(fake_clock):
    """The second build's process sees the clock a year on, its own hash order and an
    ASCII locale, in every way the build could read them."""
    probe = (
        "import datetime, locale, sys, time; "
        "print(time.time(), time.time_ns() / 1e9, time.mktime(time.localtime()), "
        "datetime.datetime.now().timestamp(), "
        "datetime.datetime.combine(datetime.date.today(), datetime.time()).timestamp(), "
        "hash('bookmaker'), locale.getpreferredencoding(False), sys.flags.utf8_mode)"
    )
    env = shifted_environment(fake_clock)
    found = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, encoding="utf-8", check=True
    ).stdout.split()
    import time

    now = time.time()
    clocks = [float(value) for value in found[:5]]
    assert all(YEAR_ON - 60 < clock - now < YEAR_ON + 60 for clock in clocks[:4]), clocks
    assert YEAR_ON - 2 * 86400 < clocks[4] - now < YEAR_ON + 86400  # midnight of that day
    assert int(found[5]) != hash("bookmaker")
    assert found[6:] == ["ANSI_X3.4-1968", "0"]


BUILD_EACH = """
import json, sys
from bookmaker import processes
from bookmaker.cli import main
from tests.always_spread import ALWAYS_SPREAD
processes.WORTH_SPREADING = ALWAYS_SPREAD
for args in json.loads(sys.argv[1]):
    sys.argv = ["bookmaker", *args]
    try:
        main()
    except SystemExit as exit:
        if exit.code:
            raise
"""


@pytest.mark.timeout(900)
@pytest.mark.slow
@pytest.mark.xdist_group("sample_books")  # with test_output_hashes.py: the samples built once
def test_every_sample_builds_the_same_bytes_a_year_on_elsewhere(sample_books, fake_clock, tmp_path):
    assert sorted(sample_books) == [path.name for path in SAMPLES]
    builds = [
        ["build", f"configs/{config.name}", "-o", str(tmp_path / config.stem / f"{config.stem}.pdf")]
        + ["--quiet", "--jobs", "2"]
        for config in SAMPLES
    ]
    # One process runs every sample's `bookmaker build` through the CLI's entry point in
    # turn (a process a sample added only Python's start, ten times); each build must exit 0.
    subprocess.run(
        [sys.executable, "-c", BUILD_EACH, json.dumps(builds)],
        env=shifted_environment(fake_clock),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    differ = []
    for config in SAMPLES:
        out = tmp_path / config.stem / f"{config.stem}.pdf"
        first = {path.name: path.read_bytes() for path in sample_books[config.name].iterdir()}
        again = {path.name: path.read_bytes() for path in out.parent.iterdir()}
        assert sorted(again) == sorted(first), config.name
        assert any(name.endswith(".manifest.json") for name in first)
        differ += [f"{config.name}: {name}" for name in first if again[name] != first[name]]
    assert differ == [], f"built again a year on, elsewhere, these differ: {differ}"


def test_a_book_titled_beyond_ascii_builds_the_same_bytes_in_an_ascii_locale(
    fake_clock, tmp_path, monkeypatch
):
    from bookmaker.build import build

    config = tmp_path / "accents.yaml"
    text = (ROOT / "configs" / "default.yaml").read_text(encoding="utf-8")
    assert "title: Maze Book\n" in text
    config.write_text(
        text.replace("title: Maze Book\n", "title: Labyrinthes d’été · Märchen-Irrgärten\n", 1),
        encoding="utf-8",
    )
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = build(config, tmp_path / "first" / "book.pdf")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bookmaker",
            "build",
            str(config),
            "-o",
            str(tmp_path / "again" / "book.pdf"),
            "--quiet",
        ],
        env=shifted_environment(fake_clock),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    for path in first.pdf.parent.iterdir():
        assert (tmp_path / "again" / path.name).read_bytes() == path.read_bytes(), path.name
    assert "Labyrinthes d’été" in first.manifest.read_text(encoding="utf-8")
