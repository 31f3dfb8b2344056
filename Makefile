# Two entry points: `make run` and `make test`. Everything they need is set up here.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The tests cover the optional extras too (study report, Ray, OpenSpiel and PettingZoo).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,study,ray,research]'
	touch $(STAMP)

# The server, with the browser client at the printed address (the SQLite database is made on
# first run). Terminal play: .venv/bin/crafthall play wordcraft --seat you --seat bot:greedy
run: $(STAMP)
	$(BIN)/crafthall serve

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check crafthall tests bench scripts
	$(BIN)/ruff format --check crafthall tests bench scripts

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy tests/server tests/web bench/bench_server.py

pytest: $(STAMP) chromium
	$(BIN)/pytest -n 2

# The browser tests drive Debian's Chromium (Playwright's own browser downloads are not used).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	} || echo "Could not install chromium: the browser tests will say how to install it."

bench: $(STAMP)
	for f in bench/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
