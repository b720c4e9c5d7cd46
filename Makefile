# Pinfold. `make demo` and `make test` work on a fresh machine (Debian, Python 3.11+, root or sudo for apt).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
TODAY ?= $(shell date +%F)
DEMO_DIR := data/demo
PORT ?= 8000

.PHONY: install browser demo serve test lint format bench clean

$(BIN)/pinfold: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(BIN)/pinfold

# Debian's Chromium for the browser tests (a browser download cannot work here: Playwright drives this one).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-core >/dev/null; }

install: $(BIN)/pinfold browser

demo: install
	$(BIN)/pinfold demo-data $(DEMO_DIR) --today $(TODAY)
	$(BIN)/pinfold ingest $(DEMO_DIR) --db $(DEMO_DIR)/pinfold.db --private-db $(DEMO_DIR)/private.db
	$(BIN)/pinfold serve --db $(DEMO_DIR)/pinfold.db --host 127.0.0.1 --port $(PORT)

lint: $(BIN)/pinfold
	$(BIN)/ruff check ingest portal tests bench
	$(BIN)/ruff format --check ingest portal tests bench
	$(BIN)/mypy ingest portal

format: $(BIN)/pinfold
	$(BIN)/ruff format ingest portal tests bench
	$(BIN)/ruff check --fix ingest portal tests bench

test: install lint
	$(BIN)/pytest

bench: install
	$(BIN)/python bench/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) $(DEMO_DIR) .pytest_cache .mypy_cache .ruff_cache bench/out
