"""`bookmaker schema`: the config's JSON Schema, for editors that validate and complete YAML."""

from __future__ import annotations

import json

import typer

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def book_schema() -> dict:
    """The JSON Schema of a book config, descriptions included."""
    from ..config import Book  # loaded when the verb runs (see cli.py)

    return {"$schema": SCHEMA_DIALECT, **Book.model_json_schema()}


def schema() -> None:
    """Print the JSON Schema of the config file (e.g. for the YAML language server)."""
    typer.echo(json.dumps(book_schema(), indent=2, ensure_ascii=False))


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)
