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

.PHONY: serve test test-fast lint validate test-frontend test-abuse test-sqlite test-sqlite-rest \
	test-web test-engine test-postgres test-compose test-second-lane sandbox-image torch

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

# `arena serve` never migrates (it refuses a schema behind the code): the upgrade comes first.
serve: $(BIN)/arena $(DIST)
	$(BIN)/arena db upgrade
	$(BIN)/arena serve --port $(PORT)

# The Docker sandbox image (arena serve also builds it on first use when an engine answers).
sandbox-image: $(BIN)/arena
	$(BIN)/arena sandbox build --base $(SANDBOX_BASE)

# PyTorch for the process backend, which offers what its interpreter (this venv) has: optional,
# a submission that imports torch without it gets ModuleNotFoundError. The default takes the
# CPU build this project's machines keep on disk; elsewhere name PyTorch's CPU index, e.g.
# make torch TORCH='torch --index-url https://download.pytorch.org/whl/cpu'
# (PyPI's Linux wheel works too, CUDA and all: several GB).
TORCH ?= torch==2.13.0
torch: $(BIN)/arena
	$(BIN)/pip install --quiet $(TORCH)

lint: $(BIN)/arena
	$(BIN)/ruff check .

validate: $(BIN)/arena
	$(BIN)/arena challenges validate
	$(BIN)/arena lessons validate

test-frontend: $(DIST)
	node --test frontend/test/

# The whole suite on SQLite, then on PostgreSQL again what meets the database's own behaviour:
# the API and services, LTI, the live servers whose claims, locks and leases race, and the
# pages' one race (token limits). Left out there: the tiers that never use the app's database
# (engine, challenges, lessons, abuse, browser; the compose stack runs its own), the pages
# (they call the services tested there), and every test marked `any_database` (the OpenAPI
# document's shapes, the command line, the embedded server's runs: each says why).
#
# `make test` runs the abuse tier first and alone (it reads the host's state and times the
# page cache), then two lanes side by side: the app's API, browser and end-to-end tiers on
# SQLite, and the challenges' validation, the PostgreSQL pass, the pages and LTI on SQLite, the
# engine's tiers and the compose stacks (which bring their own PostgreSQL). Both wait on servers, sandboxes, browsers and containers much of the time,
# and two cores serve them both (what they share, Redis and Docker, each test names by a run
# of its own). What one lane prepares of the catalog, the other reads (ARENA_TEST_PREPARED,
# tests/prepared_store.py).
test-abuse: $(BIN)/arena $(DIST)
	$(BIN)/python -m pytest tests/abuse

test-sqlite-rest: $(BIN)/arena $(DIST)
	$(BIN)/python -m pytest --ignore=tests/abuse --ignore=tests/compose --ignore=tests/graders \
		--ignore=tests/challenges --ignore=tests/lessons --ignore=tests/web --ignore=tests/lti

# The pages and the LMS launch, on SQLite (in the second lane: the first is the longer).
test-web: $(BIN)/arena $(DIST)
	$(BIN)/python -m pytest tests/web tests/lti

# The tiers that use no app database: the grading engine, the challenges, the lessons.
test-engine: $(BIN)/arena
	$(BIN)/python -m pytest tests/graders tests/challenges tests/lessons

test-compose: $(BIN)/arena
	$(BIN)/python -m pytest tests/compose

test-sqlite: test-abuse test-sqlite-rest test-web test-engine test-compose

test-postgres: $(BIN)/arena $(DIST)
	ARENA_DATABASE_URL=$(POSTGRES_TEST_URL) $(BIN)/python -m pytest -m "not any_database" \
		tests/arena tests/lti tests/e2e tests/web/test_token_limits.py

# The second of `make test`'s lanes, beside test-sqlite-rest: about as long.
test-second-lane:
	$(MAKE) validate
	$(MAKE) test-postgres
	$(MAKE) test-web
	$(MAKE) test-engine
	$(MAKE) test-compose

test: lint test-frontend test-abuse
	shared=$$(mktemp -d) && export ARENA_TEST_PREPARED=$$shared/prepared.jsonl && \
		$(MAKE) -j2 --output-sync=line test-sqlite-rest test-second-lane; \
		status=$$?; rm -rf "$$shared"; exit $$status

# The fast loop (the README says how long it takes): SQLite, no learner code run, no front-end build.
# The markers (pyproject.toml) name the tiers it leaves out; `make test` runs them all.
test-fast: $(BIN)/arena
	$(BIN)/python -m pytest -m "not sandbox and not abuse and not browser and not compose"
