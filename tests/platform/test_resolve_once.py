"""An endpoint is resolved once: ``add_endpoint`` builds its record (its defaults worked out once), and nothing
downstream (rules, observability, the plan, IAM grants, the ``cdk deploy`` bundle, the GitOps export) works anything
out again: they read its record."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk
import pytest
import yaml
from aws_cdk import aws_s3 as s3

from hyperpod_constructs import (
    Autoscaling, DataCapture, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource, ModelStore,
    Observability, PrometheusTrigger)
from hyperpod_constructs.intent import endpoint as endpoint_module
from hyperpod_constructs.resolve.records import CustomSpec


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    work_out: Callable[..., Any] = endpoint_module.custom_defaults

    def counted(endpoint: Any) -> Any:
        calls[0] += 1
        return work_out(endpoint)
    monkeypatch.setattr(endpoint_module, "custom_defaults", counted)
    return calls


def test_a_custom_endpoint_is_resolved_once_across_add_endpoint_synth_and_export(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    app = cdk.App(outdir=str(tmp_path / "cdk.out"))
    stack = cdk.Stack(app, "Resolve", env=cdk.Environment(account="123456789012", region="us-west-2"))
    models = s3.Bucket(stack, "Models")
    platform = HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=1),
                                            InstanceGroup("gpu", "ml.g6e.12xlarge", count=0, max_count=2)],
        model_store=ModelStore(bucket=models), node_autoscaling=True, observability=Observability())
    # Every default the library works out is left to it: vLLM args, routing, KV cache, probes, request limits.
    llama = InferenceEndpoint("llama", model=ModelSource.fsx("models/llama/"), instance_type="ml.g6e.12xlarge", gpus=2,
                              autoscaling=Autoscaling(min_replicas=0, max_replicas=2, trigger=PrometheusTrigger(
                                  name="load", query="sum(x{{selector}})", target_value=5, activation_target_value=1)),
                              data_capture=DataCapture(bucket=models, prefix="capture/"))
    calls = _counting(monkeypatch)
    llama = dataclasses.replace(llama)  # a copy built while counting: its own rules on the defaults count too
    deployment = platform.add_endpoint(llama)
    app.synth()
    platform.export(tmp_path / "dist", picture=False)
    assert calls == [1]
    # What the one resolution produced is what the outputs hold; the handle keeps the endpoint as declared.
    (record,) = platform.resolved_platform.endpoints
    assert isinstance(record.spec, CustomSpec) and record.spec.args == ("/opt/ml/model", "--tensor-parallel-size", "2")
    assert platform.endpoints == [deployment.endpoint] and deployment.endpoint is llama
    (exported,) = yaml.safe_load_all((tmp_path / "dist" / "manifests" / "endpoint-default-llama.k8s.yaml").read_text())
    assert exported["spec"]["worker"]["args"] == list(record.spec.args)
    (trigger,) = exported["spec"]["autoScalingSpec"]["prometheusTriggerList"]
    assert trigger["query"] == 'sum(x{model_name="llama",namespace="default"})'
