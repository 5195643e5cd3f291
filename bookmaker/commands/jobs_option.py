"""``--jobs``, as ``build`` and ``check`` take it: how many cores the work may use."""

from __future__ import annotations

import math
from pathlib import Path

import typer

from ..processes import WORTH_SPREADING, IdleWatch, choose_workers, usable_cores

JOBS = typer.Option(
    1,
    "--jobs",
    "-j",
    min=0,
    help="Processes to work in (mazes and preflight pages; page compression on a thread); 0 "
    "means one per core, and never more than the cores. The output is the same for every value. "
    "A small book or file, or a machine whose cores are busy, is done in one process, which "
    "is faster there (--timings says which was chosen).",
)


def workers(jobs: int) -> int:
    """The processes ``--jobs`` asks for: more than the cores this process may use only adds
    start-up time."""
    cores = math.ceil(usable_cores())
    return min(jobs or cores, cores)


def check_workers(jobs: int, pdf: Path, watch: IdleWatch) -> int:
    """The processes ``check`` takes for ``pdf`` at ``--jobs``: the rule ``build`` follows,
    with the work told by the file's size, and the cores as ``watch`` has seen them since
    the command began (loading the preflight is the watch, not a wait of its own)."""
    try:
        size = pdf.stat().st_size
    except OSError:  # the check itself says what is wrong with the path
        size = 0
    megabytes = f"{size / 1e6:.1f} MB"
    return choose_workers(
        workers(jobs), WORTH_SPREADING.check_seconds(size), "file", megabytes, watch.machine
    ).workers
