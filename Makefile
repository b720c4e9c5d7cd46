# Pinfold. `make demo` and `make test` work on a fresh machine (Debian, Python 3.11+, root or sudo for apt).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
TODAY ?=# empty: today in India (pinfold demo-data's default), as every page is dated
DEMO_DIR := data/demo
PORT ?= 8000
INTAKE_PORT ?= 8001
MAIL_PORT ?= 8025# the demo's mailbox (demo/mailbox.py): the alerts' e-mail, printed to the terminal, never sent on

.PHONY: install debs demo serve test lint format bench load clean

$(BIN)/pinfold: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(BIN)/pinfold

# Debian packages the tests drive: Chromium for the browser tests (Playwright drives this one; a browser download
# cannot work here), nginx for the scaling test and strace to kill an ingest at each step of its switch. `make bench`
# adds wrk.
DEBS := chromium fonts-noto-core nginx-light strace openssl
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; fi
endef

debs:
	$(call apt_install,$(DEBS))

install: $(BIN)/pinfold debs

demo: install
	$(BIN)/pinfold demo-data $(DEMO_DIR) $(if $(TODAY),--today $(TODAY))
	[ -s $(DEMO_DIR)/pinfold.db ] || $(BIN)/pinfold ingest $(DEMO_DIR)/earlier --db $(DEMO_DIR)/pinfold.db --private-db $(DEMO_DIR)/private.db
	$(BIN)/pinfold ingest $(DEMO_DIR) --db $(DEMO_DIR)/pinfold.db --private-db $(DEMO_DIR)/private.db
	@pound=$$(sed -n 2p $(DEMO_DIR)/pounds.csv | cut -d, -f1); acc=$(DEMO_DIR)/accounts.db; pw=$(DEMO_DIR)/intake-password.txt; \
	[ -s $$pw ] || (umask 077; $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(12))" > $$pw); \
	$(BIN)/pinfold accounts list --accounts $$acc | grep -q '^clerk	' || \
	  $(BIN)/pinfold accounts add clerk --pound $$pound --accounts $$acc < $$pw; \
	echo "intake (pound staff): http://127.0.0.1:$(INTAKE_PORT)/  account: clerk, of pound $$pound; password in $$pw"
	$(BIN)/pinfold intake $(DEMO_DIR) --db $(DEMO_DIR)/pinfold.db --private-db $(DEMO_DIR)/private.db \
	  --accounts $(DEMO_DIR)/accounts.db --port $(INTAKE_PORT) --public-url http://127.0.0.1:$(PORT) & intake=$$!; \
	$(BIN)/python -m aiosmtpd -n -l 127.0.0.1:$(MAIL_PORT) -c demo.mailbox.Printed & mailbox=$$!; \
	trap "kill $$intake $$mailbox" EXIT INT TERM; \
	echo "e-mail alerts: the portal's form sends them to a mailbox on 127.0.0.1:$(MAIL_PORT) that prints each one here"; \
	$(BIN)/pinfold alerts serve --db $(DEMO_DIR)/pinfold.db --subscribers $(DEMO_DIR)/subscribers.db \
	  --smtp smtp://127.0.0.1:$(MAIL_PORT) --base-url http://127.0.0.1:$(PORT) --host 127.0.0.1 --port $(PORT)

lint: $(BIN)/pinfold
	$(BIN)/ruff check pinfold ingest portal intake alerts cli demo tests bench
	$(BIN)/ruff format --check pinfold ingest portal intake alerts cli demo tests bench
	$(BIN)/mypy pinfold ingest portal intake alerts cli demo

format: $(BIN)/pinfold
	$(BIN)/ruff format pinfold ingest portal intake alerts cli demo tests bench
	$(BIN)/ruff check --fix pinfold ingest portal intake alerts cli demo tests bench

test: install lint
	$(BIN)/pytest

# Ingest against sqlite-utils and executemany, then serving against Datasette, datasette-atom and datasette-ics,
# then what the history and the open data package cost (HISTORY_ARGS="--rows 100000" for a quick run).
bench: install
	$(call apt_install,wrk)
	$(BIN)/python bench/run.py $(BENCH_ARGS)
	$(BIN)/python bench/serve.py $(SERVE_ARGS)
	$(BIN)/python bench/pages.py $(PAGES_ARGS)
	$(BIN)/python bench/history.py $(HISTORY_ARGS)
	$(BIN)/python bench/alerts.py $(ALERTS_ARGS)

# 64 connections of mixed traffic for 60 s, then the same while ingests replace the database.
load: install
	$(call apt_install,wrk)
	$(BIN)/python bench/load.py $(LOAD_ARGS)

clean:
	rm -rf $(VENV) $(DEMO_DIR) .pytest_cache .mypy_cache .ruff_cache bench/out
