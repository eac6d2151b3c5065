# promptlint: `make demo` sets up and shows the tool on the bundled examples;
# `make test` runs the checks CI runs. Both work on a fresh machine.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint test-fast test-slow test-engine clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	@echo "== promptlint check examples/ (exit 1 means: findings) =="
	$(BIN)/promptlint check examples/ || test $$? -eq 1

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check promptlint rules pricing gpu_probe tests bench
	$(BIN)/mypy promptlint rules pricing gpu_probe

test-fast: $(STAMP)
	$(BIN)/pytest -q

test: lint test-fast

# Groups that need real services: PostgreSQL and headless Chromium (.ci/run installs them).
test-slow: $(STAMP)
	$(BIN)/pytest -q -m "postgres or browser" -p no:cacheprovider || test $$? -eq 5

# The real vLLM engine on CPU (minutes): builds .venv-vllm when missing.
test-engine: $(STAMP)
	$(BIN)/pytest -q -m engine -p no:cacheprovider || test $$? -eq 5

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
