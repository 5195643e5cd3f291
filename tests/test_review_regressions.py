"""Regressions found in review: edge cases of configs that broke a build or its pages."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from pypdf import PdfReader

from bookmaker.build import build


def _build(tmp_path: Path, yaml_text: str, name: str = "book"):
    config = tmp_path / f"{name}.yaml"
    config.write_text(textwrap.dedent(yaml_text))
    result = build(config, tmp_path / f"{name}.pdf")
    return result, json.loads(result.manifest.read_text())


def test_section_without_endpoints_is_not_sized_for_the_answer_key(tmp_path):
    # 60x80 fits one to a page, but not six to an answer page; it has no answer to show.
    result, manifest = _build(tmp_path, """
        title: Free and solved
        sections:
          - title: Free
            size: 60x80
            count: 1
            endpoints: none
          - title: Solved
            size: 10x10
            count: 1
    """)
    free, solved = manifest["mazes"]
    assert free["answer_page"] is None and solved["answer_page"] is not None
