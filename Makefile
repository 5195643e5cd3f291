# Two entry points that work on a fresh machine with only Python 3.11+ and make:
#   make book   set up, then build the default book into output/
#   make test   set up, then run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: book test bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

book: $(BIN)/.installed
	$(BIN)/bookmaker build configs/default.yaml

test: $(BIN)/.installed
	$(BIN)/python -m pytest -q

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/algorithms.py
	$(BIN)/python benchmarks/book.py
	$(BIN)/python benchmarks/preflight.py
	$(BIN)/python benchmarks/character.py

clean:
	rm -rf $(VENV) output/*.pdf output/*.json
