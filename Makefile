# Two entry points: `make run` and `make test`. Everything they need is set up here.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run

.PHONY: run test checks test-stress lint typecheck pytest bench clean debian-packages js-lint node

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Playing needs the package; the study extra (the report's plots and Parquet) comes along so
# the README's study commands work after make run. The tests cover the other extras too (Ray,
# OpenSpiel and PettingZoo, and JAX for the training tests).
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[study]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,study,ray,research,train]'
	touch $(STAMP) $(RUN_STAMP)

# The server, with the browser client at the printed address (the SQLite database is made on
# first run). Terminal play: .venv/bin/crafthall play wordcraft --seat you --seat bot:greedy
run: $(RUN_STAMP)
	$(BIN)/crafthall serve

# Every check, and how long they took, pass or fail.
test:
	@start=$$(date +%s); $(MAKE) --no-print-directory checks; status=$$?; \
	took=$$(( $$(date +%s) - start )); \
	verdict=$$( [ $$status -eq 0 ] && echo passed || echo FAILED ); \
	echo "make test: $$verdict in $$((took / 60)) min $$((took % 60)) s"; exit $$status

checks: $(STAMP) lint typecheck js-lint pytest

lint: $(STAMP)
	$(BIN)/ruff check crafthall tests bench scripts
	$(BIN)/ruff format --check crafthall tests bench scripts

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy tests/server tests/web bench/bench_server.py bench/bench_hub.py

# The browser client's scripts and the games' boards: ESLint (eslint.config.js) and
# TypeScript's checker (jsconfig.json), at the exact versions of package-lock.json. npm ci runs
# again whenever the lock file is newer than node_modules' stamp.
NODE_STAMP := node_modules/.installed
JS_SCRIPTS := crafthall/web/static/js $(wildcard crafthall/games/*/board.js)
js-lint: $(NODE_STAMP)
	node_modules/.bin/eslint --max-warnings 0 eslint.config.js $(JS_SCRIPTS)
	node_modules/.bin/tsc --project jsconfig.json

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Node.js and npm from Debian when there is no node at all (Debian 12's Node 18 runs the checks).
node:
	@command -v node >/dev/null 2>&1 || { \
	  echo "Installing Debian's nodejs and npm for the JavaScript checks..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm >/dev/null; \
	}

# In file order (a shuffled order is make test-stress's); the 20 slowest tests listed at the end.
PYTEST := $(BIN)/pytest -n 2 --durations=20
pytest: $(STAMP) debian-packages
	$(PYTEST) -p no:randomly

# The suite as a loaded machine runs it: two spinning processes a core beside it, in a shuffled
# order (its seed is printed; --randomly-seed=N repeats it), STRESS_RUNS times over. Any failure
# here is a flake waiting for CI.
STRESS_RUNS ?= 3
test-stress: $(STAMP) debian-packages
	@for run in $$(seq $(STRESS_RUNS)); do \
	  seed=$$(od -An -N2 -tu2 /dev/urandom | tr -d ' '); \
	  echo "make test-stress: run $$run of $(STRESS_RUNS), under a CPU hog, --randomly-seed=$$seed"; \
	  $(BIN)/python -m tests.load $(PYTEST) -p randomly --randomly-seed=$$seed || exit 1; \
	done

# Debian packages the tests use: Chromium for the browser tests (Playwright's own browser
# downloads are not used), SCOWL and WordNet for the test that rebuilds the word lists.
DEBIAN_PACKAGES := chromium scowl wordnet-base
debian-packages:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	[ -z "$$missing" ] || { \
	  echo "Installing Debian's $$missing for the tests..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	} || echo "Could not install $$missing: the tests that need them say how to install them."

bench: $(STAMP)
	for f in bench/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
