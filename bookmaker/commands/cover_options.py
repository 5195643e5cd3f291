"""A cover's spine as `check --cover` and `preview --guides` are told it: by the interior's
page count and paper, by a width, or by the manifest a build wrote beside the cover; and
what its barcode box holds, by a flag or by that manifest."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..errors import BookmakerError
from ..layout.cover_geometry import BARCODES, CHECKED_BARCODES, PRINTER_BARCODE, checked_barcode, spine_width
from ..profiles import PAPERS, get_profile
from ..units import parse_length


def pages_option(flag: str):
    """The interior's page count; `preview` already has a --pages of its own."""
    return typer.Option(
        None, flag, min=1, show_default=False, help="Covers: the interior's page count, which sets the spine."
    )


PAPER = typer.Option("white", "--paper", help=f"Covers: the interior's paper: {', '.join(PAPERS)}.")
SPINE = typer.Option(
    None,
    "--spine-width",
    show_default=False,
    help="Covers: the spine width, e.g. 0.25in, where the profile has no formula.",
)


def cover_spine(
    pdf: Path, profile: str, pages: int | None, paper: str, spine: str | None, pages_flag: str
) -> tuple[float, int | None]:
    """(spine width in points, interior pages or None if unknown) from the flags, else from
    ``x.manifest.json`` beside ``x.cover.pdf``; ``pages_flag`` is the page count's flag as
    the command names it, for its errors."""
    if paper not in PAPERS:
        raise BookmakerError(f"--paper: '{paper}' is not one of: {', '.join(PAPERS)}")
    if spine is not None:
        try:
            return parse_length(spine), pages
        except ValueError as error:
            raise BookmakerError(f"--spine-width: {error}") from None
    if pages is not None:
        try:
            return spine_width(get_profile(profile), paper, pages), pages
        except BookmakerError as error:
            raise BookmakerError(f"{pages_flag}: {error} with --spine-width") from None
    manifest = _manifest_beside(pdf)
    if manifest is None:
        raise BookmakerError(
            f"{pdf}: give {pages_flag} (and --paper) or --spine-width to place "
            "the spine; no manifest from a bookmaker build lies beside the cover"
        )
    return manifest["spine_width"], manifest["interior_pages"]


def cover_barcode(pdf: Path, barcode: str | None, profile: str) -> str:
    """What the barcode box of the cover ``pdf`` should hold (``CHECKED_BARCODES``): the
    flag's word, else what the build that wrote the manifest beside it put there, else what
    ``profile``'s printer expects: its own barcode where it prints one, the publisher's where
    it requires one, and nothing elsewhere."""
    if barcode is not None:
        if barcode not in CHECKED_BARCODES:
            raise BookmakerError(f"--barcode: '{barcode}' is not one of: {', '.join(CHECKED_BARCODES)}")
        return barcode
    manifest = _manifest_beside(pdf)
    built = manifest.get("barcode") if manifest else None
    if built in BARCODES:
        return checked_barcode(built)
    rules = get_profile(profile).cover
    return PRINTER_BARCODE if rules.prints_barcode else "own" if rules.requires_barcode else "none"


def cover_profile(pdf: Path, profile: str | None) -> str:
    """The printer whose rules place the guides over the cover ``pdf``: the flag's, else the
    profile of the build that wrote the manifest beside it, else KDP's (the flag's old
    default)."""
    if profile is not None:
        return profile
    built = _built_manifest(pdf)
    return str(built.get("profile", "kdp")) if built else "kdp"


def _manifest_beside(pdf: Path) -> dict | None:
    """The ``cover`` entry of the manifest a build wrote beside the cover ``pdf``, if any."""
    built = _built_manifest(pdf)
    return built["cover"] if built else None


def _built_manifest(pdf: Path) -> dict | None:
    """The manifest beside ``x.cover.pdf`` (``x.manifest.json``) if its cover is that file."""
    name = pdf.name.removesuffix(".cover.pdf")
    if name == pdf.name:
        return None
    path = pdf.with_name(f"{name}.manifest.json")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    cover = manifest.get("cover") if isinstance(manifest, dict) else None
    return manifest if isinstance(cover, dict) and cover.get("file") == pdf.name else None
