"""`text_size: large`: a book for young children sets what they read to solve it large.

Sizes are read back from the built PDF's text (pypdf's visitor), not from the drawing code.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from bookmaker.build import build

INSTRUCTIONS = "Start at the ball and find the way out by the double arrow."


def sizes_in(pdf) -> list[tuple[int, str, bool, float]]:
    """Every run of text: (page, text, bold, size in points)."""
    runs = []
    for number, page in enumerate(PdfReader(pdf).pages, 1):

        def visit(text, cm, tm, font, size, number=number):
            if text.strip():
                bold = "Bold" in str(font.get("/BaseFont", "")) if font else False
                runs.append((number, text.strip(), bold, size * abs(tm[3]) * abs(cm[3] or 1)))

        page.extract_text(visitor_text=visit)
    return runs


def book_config(tmp_path, layout: str, size: str | None) -> str:
    config = tmp_path / f"{layout}.yaml"
    config.write_text(
        f"title: Big Letters\nlayout: {layout}\n"
        + (f"text_size: {size}\n" if size else "")
        + ("front_matter: {title_page: false, contents: false}\n" if layout == "book" else "")
        + "sections:\n"
        f"  - {{title: First, size: 8x8, count: 4, per_page: 2, instructions: {INSTRUCTIONS}}}\n",
        encoding="utf-8",
    )
    return config


@pytest.mark.parametrize("layout", ["book", "worksheet"])
def test_large_text_sets_instructions_at_14_pt_and_maze_numbers_at_16(tmp_path, layout):
    result = build(book_config(tmp_path, layout, "large"), tmp_path / f"{layout}.pdf")
    runs = sizes_in(result.pdf)
    # The instructions may wrap: every run that is part of them, wherever it prints, and
    # the how-to page's text.
    instruction_runs = [size for _, text, _, size in runs if text in INSTRUCTIONS and len(text) > 3]
    assert instruction_runs and min(instruction_runs) >= 14
    how_to = next(page for page, text, _, _ in runs if text == "How to solve these mazes")
    how_to_runs = [
        size for page, text, bold, size in runs if page == how_to and not bold and not text.isdigit()
    ]
    assert how_to_runs and min(how_to_runs) >= 14
    # Maze numbers are the bold runs of digits (page numbers are regular).
    numbers = [size for _, text, bold, size in runs if bold and text.isdigit()]
    assert numbers and min(numbers) >= 16


def test_normal_text_keeps_the_smaller_sizes_that_fit_more_on_a_page(tmp_path):
    result = build(book_config(tmp_path, "book", None), tmp_path / "book.pdf")
    runs = sizes_in(result.pdf)
    numbers = [size for _, text, bold, size in runs if bold and text.isdigit()]
    assert numbers and max(numbers) == 11
    heads = [size for page, text, _, size in runs if text in INSTRUCTIONS and len(text) > 3]
    assert min(heads) == 9  # under the running head; 13 on the section's opening page
