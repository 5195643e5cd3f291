"""Regressions found in review: edge cases of configs that broke a build or its pages."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.errors import BookmakerError


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


def test_contents_of_many_sections_stay_above_the_footer_on_a_small_page(tmp_path):
    # 28 lines fit a letter page; a 6x9 page holds fewer, and the rest ran off its foot.
    sections = "".join(f"""
          - title: Section {i}
            size: 3x3
            count: 1""" for i in range(30))
    result, _ = _build(tmp_path, """
        title: Many sections
        page:
          size: 6x9
        answer_key:
          enabled: false
        sections:""" + sections)  # the preflight in build() rejects text past the margin
    reader = PdfReader(result.pdf)
    contents = [page.extract_text() for page in reader.pages if "Contents" in page.extract_text()]
    assert len(contents) == 2
    listed = "\n".join(contents)
    assert all(f"Section {i}" in listed for i in range(30))


def test_a_top_margin_under_the_minimum_names_no_page_count(tmp_path):
    # Only the gutter follows the page count; the top margin is checked before pages are counted.
    config = tmp_path / "book.yaml"
    config.write_text(textwrap.dedent("""
        title: Thin top
        profile: kdp
        page:
          size: 6x9
          margins: {top: 0.1in}
        sections:
          - title: A
            size: 5x5
            count: 30
    """))
    with pytest.raises(BookmakerError) as error:
        build(config, tmp_path / "book.pdf")
    assert str(error.value) == "page.margins.top: 0.1in is under the kdp minimum of 0.25in"
