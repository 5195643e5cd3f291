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
# clone and the wheel have them without Babel's command line).
catalogue: $(BIN)/.installed
	$(BIN)/pybabel extract --no-default-keywords -k pgettext:1c,2 -k npgettext:1c,2,3 \
		--no-location --sort-output --project bookmaker -F babel.cfg -o bookmaker/locale/bookmaker.pot .
	$(BIN)/pybabel update --no-fuzzy-matching -D bookmaker -i bookmaker/locale/bookmaker.pot -d bookmaker/locale
	$(BIN)/pybabel compile --statistics -D bookmaker -d bookmaker/locale

test: $(BIN)/.installed
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

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

# The documentation site, into site/; --strict fails on a broken link or a page left out.
$(BIN)/.docs-installed: pyproject.toml $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

docs: $(BIN)/.docs-installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) output/*.pdf output/*.json
