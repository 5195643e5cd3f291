"""`bookmaker check PDF --profile P`: preflight any PDF against a printer's rules."""

from __future__ import annotations

import logging
from pathlib import Path

import typer

from ..errors import BookmakerError
from ..preflight import check_pdf
from ..profiles import PROFILES, parse_size


def check(
    pdf: Path = typer.Argument(..., help="The PDF to check (any PDF, not only ours).", show_default=False),
    profile: str = typer.Option(
        ..., "--profile", "-p", help=f"Printer profile: {', '.join(PROFILES)}.", show_default=False
    ),
    trim: str = typer.Option(
        None, "--trim", help="Expected trim size, e.g. 6x9in, 148x210mm or a preset such as letter.",
        show_default=False,
    ),
) -> None:
    """Preflight a PDF for a printer: fonts, lines, transparency, boxes, margins, page count.

    Prints one line per problem and exits 1 if there are any, 0 if the PDF passes.
    """
    try:
        trim_size = parse_size(trim) if trim else None
    except BookmakerError as error:
        raise BookmakerError(f"--trim: {error}") from None
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are noise here
    report = check_pdf(pdf, profile, trim=trim_size)
    typer.echo(report.format())
    if not report.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
