"""``bookmaker studio``: a local web app that makes a book in the browser.

The YAML file stays the one source of the book: the form and the YAML tab both edit it
(``config_text``), the pages are the book's own, planned by ``prepare`` and drawn by the
renderer (``pages``), and Build is ``bookmaker build`` (``builds``). ``guard`` keeps it to
the user who started it and to the book's folder; ``server`` starts it.
"""
