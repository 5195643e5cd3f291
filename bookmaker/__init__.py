"""bookmaker: printable maze puzzle books from one YAML file."""

__version__ = "0.1.0"
