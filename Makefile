# Two entry points that work on a fresh machine with only Python 3.11+ and make:
#   make book   set up, then build the default book into output/
#   make test   set up, then run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: book test lint bench pictures docs clean catalogue

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

book: $(BIN)/.installed
	$(BIN)/bookmaker build configs/default.yaml

# The printed words' catalogue (docs/languages.md): extract every Words.pgettext and
# Words.npgettext call into bookmaker/locale/bookmaker.pot, merge it into each language's
# .po, and compile the .po files to the .mo files bookmaker reads (committed, so a fresh
# clone and the wheel have them without Babel's command line). The template's header says
# who holds it and where to report a wrong English text, in place of Babel's placeholders;
# each .po keeps its own header, which `pybabel update` leaves as it is.
# Babel's extract has no options for the template's translator and team: set them after.
define CATALOGUE_AUTHORS
from babel.messages.pofile import read_po, write_po
with open("bookmaker/locale/bookmaker.pot", "rb") as file:
    template = read_po(file)
template.last_translator = template.language_team = "the bookmaker authors"
template.revision_date = template.creation_date
with open("bookmaker/locale/bookmaker.pot", "wb") as file:
    write_po(file, template, no_location=True, sort_output=True)
endef
export CATALOGUE_AUTHORS
CATALOGUE_HEADER := \# Translations template for bookmaker.\n\# Copyright (C) 2026 the bookmaker authors\n\# This file is distributed under the same license as the bookmaker project.\n\#
catalogue: $(BIN)/.installed
	$(BIN)/pybabel extract --no-default-keywords -k pgettext:1c,2 -k npgettext:1c,2,3 \
		--no-location --sort-output -F babel.cfg -o bookmaker/locale/bookmaker.pot \
		--project bookmaker --version "$$($(BIN)/python -c 'import bookmaker; print(bookmaker.__version__)')" \
		--msgid-bugs-address "the bookmaker issue tracker" \
		--header-comment "$$(printf '$(CATALOGUE_HEADER)')" .
	$(BIN)/python -c "$$CATALOGUE_AUTHORS"
	$(BIN)/pybabel update --no-fuzzy-matching -D bookmaker -i bookmaker/locale/bookmaker.pot -d bookmaker/locale
	$(BIN)/pybabel compile --statistics -D bookmaker -d bookmaker/locale

# The suite's processes keep their bytecode (bookmaker's and the tests' own, in __pycache__/,
# which git ignores), as Python does unless told otherwise: where the environment says
# PYTHONDONTWRITEBYTECODE, each xdist worker and each `python -m bookmaker` a test starts
# would compile every module it imports afresh, about 7 s of CPU a worker before its first
# test. An empty value is Python's "unset"; the first run compiles, the next ones read.
test: $(BIN)/.installed
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n auto --dist loadgroup

# Lint, formatting, then types, with the versions the lint extra pins; the first that
# finds anything fails the target. pyproject.toml configures all three.
lint: $(BIN)/.lint-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

$(BIN)/.lint-installed: $(BIN)/.installed pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[lint]'
	touch $@

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/algorithms.py
	$(BIN)/python benchmarks/shapes.py
	$(BIN)/python benchmarks/book.py
	$(BIN)/python benchmarks/jobs.py
	$(BIN)/python benchmarks/poster.py
	$(BIN)/python benchmarks/preflight.py
	$(BIN)/python benchmarks/scans.py
	$(BIN)/python benchmarks/character.py
	$(BIN)/python benchmarks/studio.py
	$(BIN)/python benchmarks/weave.py

# The pictures in the README and the docs, made by bookmaker itself.
pictures: $(BIN)/.installed
	$(BIN)/bookmaker maze --shape square --size 14x10 --algorithm wilson --seed 7 --endpoints border --solution --cell 16 -o docs/shapes/square.png
	$(BIN)/bookmaker maze --shape hex --size 12x9 --algorithm wilson --seed 7 --endpoints border --solution --cell 16 -o docs/shapes/hex.png
	$(BIN)/bookmaker maze --shape triangle --size 20x9 --algorithm wilson --seed 7 --endpoints border --solution --cell 28 -o docs/shapes/triangle.png
	$(BIN)/bookmaker maze --shape polar --rings 8 --algorithm wilson --seed 7 --endpoints centre --solution --cell 16 -o docs/shapes/polar.png
	$(BIN)/bookmaker maze --shape hex --size 22x18 --outline heart --algorithm wilson --seed 7 --endpoints border --solution --cell 10 -o docs/shapes/heart.png
	$(BIN)/bookmaker maze --size 30x30 --mask-image configs/art/owl.png --algorithm wilson --seed 7 --endpoints border --cell 8 -o docs/shapes/owl.png
	$(BIN)/bookmaker maze --mask-text Tom --algorithm wilson --seed 7 --endpoints border --cell 12 -o docs/shapes/name.png
	$(BIN)/bookmaker maze --size 20x20 --outline cat --algorithm recursive-backtracker --seed 3 --braid 1 --endpoints border --solution --cell 14 -o docs/shapes/braided.png
	$(BIN)/bookmaker build configs/activity-book.yaml --quiet
	$(BIN)/bookmaker preview output/activity-book.cover.pdf --guides --dpi 60 -o docs/covers
	$(BIN)/bookmaker build configs/shapes.yaml --quiet
	$(BIN)/bookmaker preview output/shapes.pdf --pages 1,10,16,22,25,33,39,44 --sheet --columns 4 --dpi 40 -o docs/images
	$(BIN)/python -m tests.studio_browser -o docs/images/studio.png

# The documentation site, into site/; --strict fails on a broken link or a page left out.
$(BIN)/.docs-installed: pyproject.toml $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

docs: $(BIN)/.docs-installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) output/*.pdf output/*.json
