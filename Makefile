# The two commands a newcomer needs: `make run` and `make test`. Both are idempotent.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format system-deps browser clean help

help:
	@echo "make run   - install, migrate SQLite, load the demo and serve on http://$(HOST):$(PORT)/"
	@echo "make test  - install everything (incl. Chromium) and run the whole test suite"
	@echo "make lint  - ruff check and ruff format --check"

# The virtual environment is rebuilt only when pyproject.toml changes (stamp files).
$(VENV)/.created:
	@set -e; python=$$(scripts/find-python); echo "Creating $(VENV) with $$python"; \
	  "$$python" -m venv $(VENV); $(PY) -m pip install --quiet --upgrade pip; touch $@

$(VENV)/.installed-run: pyproject.toml $(VENV)/.created
	$(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.created
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@ $(VENV)/.installed-run

# Debian packages: Chromium for browser tests, poppler for PDF checks, Pango for WeasyPrint,
# zbar to read back the QR codes printed on result slips.
system-deps:
	@missing=""; \
	  [ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	  command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	  command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	  ldconfig -p | grep -q libpango-1.0 || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0"; \
	  fc-list 2>/dev/null | grep -qi dejavu || missing="$$missing fonts-dejavu-core"; \
	  if [ -n "$$missing" ]; then \
	    sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	    echo "Installing Debian packages:$$missing"; \
	    $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	  fi

run: $(VENV)/.installed-run
	@mkdir -p var
	DEBUG=$${DEBUG:-true} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-true} $(PY) manage.py load_demo --url http://$(HOST):$(PORT)
	DEBUG=$${DEBUG:-true} $(PY) manage.py runserver --noreload $(HOST):$(PORT)

test: $(VENV)/.installed-dev system-deps
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) var .pytest_cache
