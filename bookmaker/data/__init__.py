"""Files bookmaker ships inside the package, read with ``importlib.resources``.

``bookmaker.data.fonts`` is the checkout's ``fonts/`` folder and ``bookmaker.data.configs``
its ``configs/`` folder: pyproject.toml maps them here (``package-dir``), so the files are
kept once, where docs/design.md puts them, and an installed bookmaker never needs the checkout.
"""
