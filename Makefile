# Two commands are the contract: `make synth` and `make test` both set up from nothing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Node 22 from npm (jsii warns on the machine's Node 20) and the project's own cdk CLI come first.
export PATH := $(CURDIR)/node_modules/.bin:$(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: setup synth test bench wheel clean

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

node_modules/.installed: package.json
	npm install --no-fund --no-audit --loglevel=error
	touch $@

# cdk.json runs apps/quick_setup.py: CloudFormation to cdk.out/, manifests to dist/manifests/,
# dashboards to dist/dashboards/, the plan to dist/plan.txt.
synth: setup
	cdk synth --quiet
	@cat dist/plan.txt

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/synth.py
	$(PY) benchmarks/mig_planner.py

wheel: setup
	$(PY) -m build --wheel --outdir dist/wheel .

clean:
	rm -rf cdk.out dist build *.egg-info
