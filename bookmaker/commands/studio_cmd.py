"""`bookmaker studio [CONFIG]`: make the book in the browser, with its pages live."""

from __future__ import annotations

from pathlib import Path

import typer


def studio(
    config: Path | None = typer.Argument(
        None,
        metavar="CONFIG",
        show_default=False,
        help="The book's YAML config; without it, the studio offers the samples and a blank book.",
    ),
    no_browser: bool = typer.Option(False, "--no-browser", help="Only print the address; open no browser."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on; anything but 127.0.0.1 is reachable by others."
    ),
    port: int = typer.Option(0, "--port", help="Port to listen on; default a free one."),
) -> None:
    """Edit a book in the browser: a form and the YAML side by side, every page kept current
    while you type, the problems validate finds, and a Build button that writes what build
    writes. Serves on this computer only, until Ctrl-C."""
    from ..studio.server import serve  # loaded when the verb runs (see cli.py)

    serve(config, host=host, port=port, open_browser=not no_browser, say=typer.echo)


def register(app: typer.Typer) -> None:
    app.command("studio")(studio)
