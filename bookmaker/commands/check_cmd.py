"""`bookmaker check PDF --profile P`: preflight any PDF against a printer's rules."""

from __future__ import annotations

import logging
from pathlib import Path

import typer

from ..errors import BookmakerError
from ..layout.cover_geometry import CoverGeometry
from ..processes import IdleWatch
from ..profiles import INTERIORS, PROFILES, get_profile, parse_size
from ..wording import listing
from .cover_options import PAPER, SPINE, cover_barcode, cover_spine, pages_option
from .jobs_option import JOBS, check_workers

# Each printer's default interior, as the help gives it.
INTERIOR_DEFAULTS = ", ".join(
    f"{interior} for {listing(names, 'and')}"
    for interior in INTERIORS
    if (names := [name for name, profile in PROFILES.items() if profile.default_interior == interior])
)


def check(
    pdf: Path = typer.Argument(
        ..., metavar="PDF", help="The PDF to check (any PDF, not only ours).", show_default=False
    ),
    profile: str = typer.Option(
        ..., "--profile", "-p", help=f"Printer profile: {', '.join(PROFILES)}.", show_default=False
    ),
    trim: str = typer.Option(
        None,
        "--trim",
        help="Expected trim size, e.g. 6x9in, 148x210mm or a preset such as letter.",
        show_default=False,
    ),
    cover: bool = typer.Option(
        False,
        "--cover",
        help="The PDF is a full-wrap cover: check its size against the spine formula, its "
        "TrimBox, text in the bleed or over the folds, and the printer's barcode box. Needs "
        "--trim, and --pages (with --paper) or --spine-width.",
    ),
    interior: str | None = typer.Option(
        None,
        "--interior",
        help=f"How the interior prints: {' or '.join(INTERIORS)}; black-and-white reports any "
        f"colour. Default: {INTERIOR_DEFAULTS}.",
        show_default=False,
    ),
    pages: int | None = pages_option("--pages"),
    paper: str = PAPER,
    spine_width: str | None = SPINE,
    barcode: str | None = typer.Option(
        None,
        "--barcode",
        show_default=False,
        help="Covers: what the barcode box holds: kdp (the printer prints its barcode there, so "
        "the box must be plain), own (the publisher's own barcode, drawn on the cover) or none. "
        "Default: what the manifest beside a cover bookmaker built says, else what the "
        "profile's printer expects (kdp on kdp, own where an ISBN barcode is required).",
    ),
    jobs: int = JOBS,
) -> None:
    """Preflight a PDF for a printer: fonts, lines, transparency, boxes, margins, page count,
    and for a printer that prints from PDF/X, its colour, output intent, keys and ink.

    Prints one line per problem and exits 1 if there are any, 0 if the PDF passes.
    """
    watch = IdleWatch()  # the cores, watched while the preflight loads
    try:
        trim_size = parse_size(trim) if trim else None
    except BookmakerError as error:
        raise BookmakerError(f"--trim: {error}") from None
    if interior not in (None, *INTERIORS):
        raise BookmakerError(f"--interior: '{interior}' is not one of: {', '.join(INTERIORS)}")
    from ..preflight.interior import check_pdf  # loaded when the verb runs (see cli.py)

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are noise here
    if cover:
        report = _check_cover(pdf, profile, trim_size, pages, paper, spine_width, barcode)
    else:
        report = check_pdf(
            pdf, profile, trim=trim_size, interior=interior, workers=check_workers(jobs, pdf, watch)
        )
    typer.echo(report.format())
    if not cover and not report.ok and _may_be_a_cover(pdf):
        typer.echo(
            f"bookmaker: note: {pdf} is one page wider than tall, as a full-wrap cover is; "
            "check a cover with --cover --trim WxH (the interior's trim) and --pages N "
            "or --spine-width",
            err=True,
        )
    if not report.ok:
        raise typer.Exit(1)


def _may_be_a_cover(pdf: Path) -> bool:
    from ..preview import not_a_cover

    try:
        return not_a_cover(pdf) is None
    except BookmakerError:  # a file pdfium cannot read: the report has said what is wrong
        return False


def _check_cover(
    pdf: Path,
    profile: str,
    trim: tuple[float, float] | None,
    pages: int | None,
    paper: str,
    spine_width: str | None,
    barcode: str | None,
):
    if trim is None:
        raise BookmakerError("--cover needs --trim: the interior's trim size, e.g. 8.5x11in")
    rules = get_profile(profile).cover  # an unknown profile is named before any spine is worked out
    barcode = cover_barcode(pdf, barcode, profile)
    from ..preflight.cover import check_cover

    spine, pages = cover_spine(pdf, profile, pages, paper, spine_width, "--pages")
    return check_cover(pdf, profile, CoverGeometry(*trim, spine, rules), pages, barcode)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
