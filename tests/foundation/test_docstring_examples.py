"""The API reference's main classes each show an example in their docstring, and every example runs (doctest):
an example that no longer works fails here, not in a user's first session."""
from __future__ import annotations

import doctest

import pytest

import hyperpod_constructs
from hyperpod_constructs import (
    Autoscaling, ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, JumpStartEndpoint,
    ModelSource, ModelStore, Observability, Prices)

# What a user builds a platform from: the classes the README and docs/ start from.
MAIN_CLASSES = (HyperPodInferencePlatform, InstanceGroup, InferenceEndpoint, JumpStartEndpoint, ModelSource, ModelStore,
                ClusterSettings, Autoscaling, Observability, Prices)


def run_examples(obj: object, name: str) -> doctest.TestResults:
    (test,) = doctest.DocTestFinder(recurse=False).find(obj, name, globs={})
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("cls", MAIN_CLASSES, ids=lambda cls: cls.__name__)
def test_the_class_docstring_has_an_example_that_runs(cls: type) -> None:
    assert cls.__name__ in hyperpod_constructs.__all__  # in the reference
    assert "Example:" in (cls.__doc__ or ""), f"{cls.__name__}: no example in its docstring"
    result = run_examples(cls, cls.__name__)
    assert result.attempted > 0 and result.failed == 0, f"{cls.__name__}: {result}"


# Every other exported name whose docstring shows an example: it runs too.
WITH_EXAMPLES = sorted(name for name in hyperpod_constructs.__all__
                       if "Example:" in (getattr(hyperpod_constructs, name).__doc__ or "")
                       and getattr(hyperpod_constructs, name) not in MAIN_CLASSES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_every_exported_example_runs(name: str) -> None:
    result = run_examples(getattr(hyperpod_constructs, name), name)
    assert result.attempted > 0 and result.failed == 0, f"{name}: {result}"


def test_a_failing_example_is_reported() -> None:
    class Broken:
        """Example:
            >>> 1 + 1
            3
        """
    (test,) = doctest.DocTestFinder(recurse=False).find(Broken, "Broken", globs={})
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False).failed == 1
