"""`bookmaker cover CONFIG`: only the full-wrap cover, byte for byte the one `build` writes."""

from __future__ import annotations

from pathlib import Path

import typer


def cover(
    config: Path = typer.Argument(
        ..., metavar="CONFIG", help="The book's YAML config, with a cover: block.", show_default=False
    ),
    output: str | None = typer.Option(  # text: a trailing / says a folder
        None,
        "-o",
        "--output",
        metavar="PATH",
        help="Cover PDF to write, or a folder (DIR/) for <config name>.cover.pdf in it; default "
        "output/<config name>.cover.pdf.",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="Override the book seed (0 to 2**63 - 1, as seed: in the config)."
    ),
) -> None:
    """Build the cover alone: the interior is planned to count its pages, but not drawn.
    stdout names the file; stderr says what pages the printer's page count added to the
    interior, and what the cover left out (spine text), and why."""
    from ..build import build_cover  # loaded when the verb runs (see cli.py)

    result = build_cover(config, output, seed=seed)
    for note in result.notes:
        typer.echo(note, err=True)
    typer.echo(str(result.cover))


def register(app: typer.Typer) -> None:
    app.command("cover")(cover)
