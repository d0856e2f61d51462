# The two commands a newcomer needs: `make serve` runs the platform, `make test` passes the tests.
# While working, `make test-fast` runs every test that needs no sandbox, Docker or browser.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
POSTGRES_TEST_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test
SANDBOX_BASE ?= python:3.12-slim
PORT ?= 8000

DIST := platform/arena/web/static/dist/manifest.json
FRONTEND_SOURCES := $(shell find frontend/src frontend/build.mjs -type f 2>/dev/null)

.PHONY: serve test test-fast lint validate test-frontend test-sqlite test-postgres sandbox-image

$(BIN)/arena: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# The browser bundle (CodeMirror, KaTeX, our modules) from npm, built by esbuild. Its files have
# hashed names; the manifest naming them is written last, so its date is the bundle's.
$(DIST): package.json package-lock.json $(FRONTEND_SOURCES)
	npm ci --no-audit --no-fund --loglevel=error
	npm run build

serve: $(BIN)/arena $(DIST)
	$(BIN)/arena serve --port $(PORT)

# The Docker sandbox image (arena serve also builds it on first use when an engine answers).
sandbox-image: $(BIN)/arena
	$(BIN)/arena sandbox build --base $(SANDBOX_BASE)

lint: $(BIN)/arena
	$(BIN)/ruff check .

validate: $(BIN)/arena
	$(BIN)/arena challenges validate

# The whole suite on SQLite, then everything that touches the app's database again on
# PostgreSQL (the engine, challenge, abuse, browser and compose tiers never use it: the compose
# stack runs its own).
test-frontend: $(DIST)
	node --test frontend/test/

test-sqlite: $(BIN)/arena $(DIST)
	$(BIN)/python -m pytest

test-postgres: $(BIN)/arena $(DIST)
	ARENA_DATABASE_URL=$(POSTGRES_TEST_URL) $(BIN)/python -m pytest --ignore=tests/graders \
		--ignore=tests/challenges --ignore=tests/abuse --ignore=tests/browser --ignore=tests/compose

test: lint validate test-frontend test-sqlite test-postgres

# The fast loop, about two and a half minutes on 2 cores: SQLite, no learner code run, no front-end build.
# The markers (pyproject.toml) name the tiers it leaves out; `make test` runs them all.
test-fast: $(BIN)/arena
	$(BIN)/python -m pytest -m "not sandbox and not abuse and not browser and not compose"
