"""The sample books and their art, installed as ``bookmaker.data.configs``.

A package only so that pyproject.toml can map this folder into bookmaker and editable
installs find it too; ``bookmaker init --example NAME`` copies a sample out of it.
"""
