"""A cross-resource problem found at export() or synth names the statement of the user's code that declared what it
is about (the endpoint, the tiered storage, the platform), not export() or app.synth(), which only found it."""
from __future__ import annotations

import re
from pathlib import Path

import aws_cdk as cdk
import pytest

from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource)
from hyperpod_constructs.errors import HyperPodProblems

HERE = Path(__file__).name


def _platform(stack: cdk.Stack) -> HyperPodInferencePlatform:
    return HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])


def _refused_endpoint() -> InferenceEndpoint:
    return InferenceEndpoint("qwen", model=ModelSource.fsx("qwen/"), instance_type="ml.g6e.12xlarge")  # no store


ENDPOINT_LINE = _refused_endpoint.__code__.co_firstlineno + 1  # the statement that built it


def test_export_names_the_statement_that_built_the_endpoint(tmp_path: Path) -> None:
    platform = _platform(cdk.Stack(cdk.App(), "Declared"))
    platform.add_endpoint(_refused_endpoint())
    with pytest.raises(HyperPodProblems) as raised:
        platform.export(tmp_path / "dist", picture=False)
    (problem,) = raised.value.problems
    assert problem.startswith("endpoint 'qwen': model='ModelSource.fsx()' is not allowed")
    (location,) = raised.value.locations
    assert location is not None and location.splitlines()[0].endswith(f"{HERE}:{ENDPOINT_LINE}"), location
    assert location.splitlines()[1].strip().startswith('return InferenceEndpoint("qwen", model=ModelSource.fsx(')
    assert str(raised.value) == f"{problem}\n  declared at {location}"


def test_cdk_synth_lists_each_problem_with_its_statement() -> None:
    app = cdk.App()
    stack = cdk.Stack(app, "Declared")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    platform.add_endpoint(_refused_endpoint())
    with pytest.raises(Exception) as raised:
        app.synth()
    report = str(raised.value)
    assert re.search(rf"\n +declared at \S*{HERE}:{ENDPOINT_LINE}\n +return InferenceEndpoint\(\"qwen\"", report), report


def test_a_problem_no_statement_declared_has_no_location(tmp_path: Path) -> None:
    from hyperpod_constructs.platform.declarations import Declarations
    declarations = Declarations()
    declarations.record("endpoint 'llama'", (__file__, 1))
    assert declarations.locations(["endpoint 'llama': x=1 is not allowed; y", "endpoint 'llama-2': x=1 ...",
                                   "endpoints 'a', 'b': x=1 ..."])[1:] == [None, None]
    assert declarations.statement_of("endpoint 'llama'.kv_cache: x=1") == (__file__, 1)
