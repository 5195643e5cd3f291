"""`bookmaker build CONFIG`: the whole book, PDF and manifest, from one YAML file."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .jobs_option import JOBS, workers


def _progress_bar(quiet: bool):
    """A rich progress bar on stderr; returns (factory for build(), the bar to stop)."""
    if quiet or not sys.stderr.isatty():  # a log file or pipe wants only the errors
        return None, None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("{task.description:>6}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )

    def factory(label: str, total: int):
        task = bar.add_task(label, total=total)
        return lambda: bar.advance(task)

    return factory, bar


def build_command(
    config: Path = typer.Argument(..., metavar="CONFIG", help="The book's YAML config.", show_default=False),
    output: str | None = typer.Option(  # text: a trailing / says a folder
        None,
        "-o",
        "--output",
        metavar="PATH",
        help="PDF to write, or a folder (DIR/) for <config name>.pdf in it; default "
        "output/<config name>.pdf.",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="Override the book seed (0 to 2**63 - 1, as seed: in the config)."
    ),
    jobs: int = JOBS,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    timings: bool = typer.Option(
        False,
        "--timings",
        help="Print to stderr how many processes the build took and why, then the seconds each "
        "stage took (plan, mazes, pages, preflight, cover, write).",
    ),
) -> None:
    """Build the book: a print-ready PDF, its cover when the config has a cover: block, and
    its manifest. stdout lists the files written; stderr says what pages the printer's page
    count added and what a cover left out."""
    from ..build import build  # loaded when the verb runs (see cli.py)

    factory, bar = _progress_bar(quiet)
    if bar:
        with bar:
            result = build(config, output, seed=seed, jobs=workers(jobs), progress=factory)
    else:
        result = build(config, output, seed=seed, jobs=workers(jobs))
    for note in result.notes:
        typer.echo(note, err=True)
    if timings:
        for line in result.timings:
            typer.echo(line, err=True)
    for path in (result.pdf, result.key_pdf, result.cover, result.manifest):
        if path:
            typer.echo(str(path))


def register(app: typer.Typer) -> None:
    app.command("build")(build_command)
