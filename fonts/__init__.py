"""The bundled Andika fonts and their licence, installed as ``bookmaker.data.fonts``.

A package only so that pyproject.toml can map this folder into bookmaker and editable
installs find it too; bookmaker reads the files with ``importlib.resources``.
"""
