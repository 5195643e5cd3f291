"""The book config: YAML with line numbers, validated into a ``Book``.

    from bookmaker.config import load_book, ConfigError
    book = load_book("configs/default.yaml")   # -> Book, or ConfigError listing every problem
"""

from .errors import ConfigError
from .load import load_book
from .models import (
    AnswerKey,
    Book,
    Font,
    FrontMatter,
    Margins,
    Page,
    Section,
    Worksheet,
)

__all__ = [
    "AnswerKey", "Book", "ConfigError", "Font", "FrontMatter", "Margins", "Page", "Section",
    "Worksheet", "load_book",
]
