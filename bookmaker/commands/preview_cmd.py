"""`bookmaker preview BOOK.pdf`: render pages to PNG, or all of them on one contact sheet."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..errors import BookmakerError
from ..layout.cover_geometry import CoverGeometry
from ..preview import (
    PAGE_DPI,
    SHEET_DPI,
    SHEET_PAGES,
    check_dpi,
    default_output_dir,
    not_a_cover,
    page_count,
    page_size,
    parse_pages,
    render_cover_guides,
    render_journeys,
    render_pages,
    render_sheets,
)
from ..profiles import PROFILES, get_profile
from .cover_options import PAPER, SPINE, cover_profile, cover_spine, pages_option
from .folders import ready_folder

# The printers whose spine bookmaker computes from a page count and paper.
FORMULA_PROFILES = ", ".join(name for name, profile in PROFILES.items() if profile.cover.spine_per_page)


def preview(
    pdf: Path = typer.Argument(..., metavar="PDF", help="The PDF to render.", show_default=False),
    pages: str = typer.Option(
        None, "--pages", help="Pages to render, e.g. 1-4,7 (default: all).", show_default=False
    ),
    output: Path = typer.Option(
        None,
        "--output",
        "-o",
        help="Folder for the PNGs (default: output/preview/<pdf name>/ in the current folder).",
        show_default=False,
    ),
    dpi: int = typer.Option(
        None,
        "--dpi",
        show_default=False,
        help=f"Resolution in pixels per inch (default {PAGE_DPI}; {SHEET_DPI} with --sheet).",
    ),
    sheet: bool = typer.Option(
        False,
        "--sheet",
        help="Write a contact sheet, <pdf name>-sheet.png, with the pages as numbered thumbnails; "
        f"past {SHEET_PAGES} pages, one sheet for each {SHEET_PAGES}: <pdf name>-sheet-1.png, "
        "-sheet-2.png ...",
    ),
    columns: int = typer.Option(
        None, "--columns", help="Thumbnails per row on the sheet (default: up to 8).", show_default=False
    ),
    guides: bool = typer.Option(
        False,
        "--guides",
        help="A cover: write <pdf name>-guides.png with the trim, spine folds, safe areas and "
        "barcode box drawn over it. The spine comes from the manifest beside a cover bookmaker "
        "built, or from --interior-pages and --paper "
        f"({FORMULA_PROFILES}), or --spine-width.",
    ),
    journey: bool = typer.Option(
        False,
        "--journey",
        help="A book with journeys: write <pdf name>-journey-<number>.png with each journey's "
        "pages put side by side as its maze runs, cut at their outer walls (and -key.png for a "
        "key that shows it a page a tile); read from the manifest beside the PDF.",
    ),
    profile: str | None = typer.Option(
        None,
        "--profile",
        "-p",
        show_default=False,
        help="Covers: the printer, whose formula sets the spine and whose rules place the "
        "guides. Default: the profile in the manifest beside a cover bookmaker built, else kdp.",
    ),
    interior_pages: int | None = pages_option("--interior-pages"),
    paper: str = PAPER,
    spine_width: str | None = SPINE,
) -> None:
    """Render PDF pages to PNG files named <pdf name>-p001.png and so on; prints the paths written."""
    out_dir = output or default_output_dir(pdf)
    dpi = check_dpi(dpi) if dpi is not None else SHEET_DPI if sheet else PAGE_DPI
    if guides:
        profile = cover_profile(pdf, profile)
        spine, _ = cover_spine(pdf, profile, interior_pages, paper, spine_width, "--interior-pages")
        width, height = page_size(pdf)
        doubt = not_a_cover(pdf)
        if doubt:  # drawn all the same: where a cover of this page's size would fold and trim
            typer.echo(
                f"bookmaker: warning: {pdf} is not a full-wrap cover ({doubt}); the guides "
                "show where a cover's trim, folds and barcode box would fall on its first "
                "page",
                err=True,
            )
        geometry = CoverGeometry.of_page(width, height, spine, get_profile(profile).cover)
        ready_folder(out_dir)
        typer.echo(str(render_cover_guides(pdf, out_dir / f"{pdf.stem}-guides.png", geometry, dpi)))
        return
    if journey:
        manifest = _book_manifest(pdf)
        ready_folder(out_dir)
        for path in render_journeys(pdf, manifest, out_dir, dpi):
            typer.echo(str(path))
        return
    numbers = parse_pages(pages, page_count(pdf))
    ready_folder(out_dir)
    if sheet:
        written = render_sheets(pdf, out_dir, numbers, dpi, columns)
    else:
        written = render_pages(pdf, out_dir, numbers, dpi)
    for path in written:
        typer.echo(str(path))


def _book_manifest(pdf: Path) -> dict:
    """The manifest a build wrote beside the book ``pdf`` (``x.manifest.json``)."""
    path = pdf.with_name(f"{pdf.stem}.manifest.json")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise BookmakerError(
            f"{pdf}: --journey reads the manifest a build writes beside the PDF, {path.name}; none is there"
        ) from None
    except ValueError as error:
        raise BookmakerError(f"{path}: not a manifest bookmaker wrote: {error}") from None
    if not isinstance(manifest, dict):
        raise BookmakerError(f"{path}: not a manifest bookmaker wrote")
    return manifest


def register(app: typer.Typer) -> None:
    app.command("preview")(preview)
