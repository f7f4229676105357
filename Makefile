# Two commands are the contract: `make synth` and `make test` both set up from nothing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Node 22 from npm (jsii warns on the machine's Node 20) and the project's own cdk CLI come first.
export PATH := $(CURDIR)/node_modules/.bin:$(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: setup synth test test-fast bench constraints dist clean

setup: $(VENV)/.installed node_modules/.installed

# Versions are pinned: constraints.txt for Python, package-lock.json for npm, so a new aws-cdk-lib, cfn-lint or
# CDK CLI release does not change snapshots or checks until someone bumps them on purpose.
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test]"
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-fund --no-audit --loglevel=error
	touch $@

# cdk.json runs apps/quick_setup.py: CloudFormation to cdk.out/, manifests to dist/manifests/,
# dashboards to dist/dashboards/, the plan to dist/plan.txt.
synth: setup
	cdk synth --quiet
	@cat dist/plan.txt

# Everything: unit tests, every app and example synthesized and checked, the real cdk CLI, the wheel in a clean venv.
test: setup
	$(PY) -m pytest -q

# The inner loop: everything except the tests marked slow (subprocess synths: CLI, wheel, README examples).
test-fast: setup
	$(PY) -m pytest -q -m "not slow"

bench: setup
	$(PY) benchmarks/synth.py
	$(PY) benchmarks/mig_planner.py

# Re-resolve the newest versions pyproject.toml allows into a scratch venv and pin them (review the diff).
constraints:
	rm -rf build/constraints-venv
	$(PYTHON) -m venv build/constraints-venv
	build/constraints-venv/bin/python -m pip install --quiet --upgrade pip
	build/constraints-venv/bin/python -m pip install --quiet -e ".[test]"
	{ sed -n '/^#/p' constraints.txt; build/constraints-venv/bin/python -m pip freeze --exclude-editable; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	rm -rf build/constraints-venv

# A release's files (CONTRIBUTING.md "Releasing"): the sdist, the wheel built from it, both checked as PyPI checks them.
dist: setup
	rm -rf dist/release
	$(PY) -m build --outdir dist/release .
	$(PY) -m twine check --strict dist/release/*

clean:
	rm -rf cdk.out dist build *.egg-info
