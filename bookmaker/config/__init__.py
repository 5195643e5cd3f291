"""The book config: YAML with line numbers, validated into a ``Book``.

from bookmaker.config import load_book, ConfigError
book = load_book("configs/default.yaml")   # -> Book, or ConfigError listing every problem
loaded = load_config("configs/default.yaml")  # the Book, and the line of every key:
raise loaded.error(problems)                  # later ConfigKeyErrors as FILE:LINE: key: what
"""

from .errors import ConfigError
from .load import LoadedConfig, load_book, load_config
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
    "AnswerKey",
    "Book",
    "ConfigError",
    "Font",
    "FrontMatter",
    "LoadedConfig",
    "Margins",
    "Page",
    "Section",
    "Worksheet",
    "load_book",
    "load_config",
]
