"""``--jobs``, as ``build`` and ``check`` take it: how many cores the work may use."""

from __future__ import annotations

import os

import typer

JOBS = typer.Option(
    1,
    "--jobs",
    "-j",
    min=0,
    help="Processes to work in (mazes and preflight pages; page compression on a thread); 0 "
    "means one per core, and never more than the cores. The output is the same for every value. "
    "Worth it for hundreds of mazes; a small book builds faster in one.",
)


def workers(jobs: int) -> int:
    """The processes ``--jobs`` asks for: more than there are cores only adds start-up time."""
    cores = os.cpu_count() or 1
    return min(jobs or cores, cores)
