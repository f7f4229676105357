"""Defaults that depend on other fields are worked out by a pure ``resolve()``; values are immutable throughout."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator, Mapping

import pytest

from endpoint_fixtures import VIEW
from hyperpod_constructs.errors import HyperPodTypeError, HyperPodValidationError, located
from support import stand_in_bucket
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger
from hyperpod_constructs.intent.deployment import DeploymentCommon
from hyperpod_constructs.intent.endpoint import AUTO, InferenceEndpoint
from hyperpod_constructs.intent.endpoint_options import LoadBalancer, Tag
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.kv_cache import KvCache
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.intent.routing import IntelligentRouting, Routing
from hyperpod_constructs.intent.endpoint_resolution import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint

S3 = ModelSource.s3(stand_in_bucket(), "llama/")
TGI = "ghcr.io/huggingface/text-generation-inference:3.3.4"


def endpoint(**overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": S3, "instance_type": "ml.g5.12xlarge", "gpus": 4}
    props.update(overrides)
    return InferenceEndpoint("llama-8b", **props)


def test_resolve_returns_a_new_endpoint_and_leaves_what_the_user_wrote() -> None:
    written = endpoint()
    resolved = written.resolve()
    assert resolved is not written
    assert (written.vllm_based, written.model_name, written.args, written.routing, written.kv_cache) == \
        (None, None, AUTO, AUTO, AUTO)
    assert resolved.vllm_based is True and resolved.model_name == "llama-8b"
    assert resolved.args == ("/opt/ml/model", "--tensor-parallel-size", "4")
    assert resolved.routing == IntelligentRouting(strategy=Routing.PREFIX_AWARE)
    assert resolved.kv_cache == KvCache() and resolved.invocation_path == "/v1/chat/completions"
    assert resolved.load_balancer is not None and resolved.load_balancer.health_check_path == "/health"
    assert resolved.request_limits is not None and resolved.probes is not None


def test_resolve_is_idempotent() -> None:
    resolved = endpoint(routing=Routing.KV_AWARE, args=["/opt/ml/model"]).resolve()
    assert resolved.resolve() is resolved
    assert resolved.args == ("/opt/ml/model", "--tensor-parallel-size", "4")  # flags appended once


@pytest.mark.parametrize("written", [
    endpoint(), endpoint(image=TGI),
    JumpStartEndpoint("qwen", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                      instance_type="ml.g6e.12xlarge", routing=Routing.PREFIX_AWARE)], ids=["vllm", "tgi", "jumpstart"])
def test_an_endpoint_is_resolved_once_into_a_copy_its_rules_accept(written: Any) -> None:
    resolved = written.resolve()
    assert written.resolve() is resolved and resolved.is_resolved  # kept, not worked out again
    assert written._with_defaults() == resolved  # the fields are frozen: working it out again gives the same
    assert dataclasses.replace(resolved) == resolved  # building it again runs every rule: none fails


def test_replacing_the_image_re_derives_every_vllm_default() -> None:
    vllm = endpoint(routing=Routing.KV_AWARE)
    tgi = dataclasses.replace(vllm, image="mycorp/tgi:1.0", routing=AUTO).resolve()
    assert vllm.resolve().kv_cache is not None  # the vLLM endpoint has them ...
    # ... the TGI one keeps none of vLLM's KV cache, routing, args, path, load balancer, limits or probes.
    assert (tgi.vllm_based, tgi.kv_cache, tgi.routing, tgi.args, tgi.invocation_path, tgi.load_balancer,
            tgi.request_limits, tgi.probes) == (False, None, None, None, None, None, None, None)
    assert dataclasses.replace(endpoint(), image="mycorp/tgi:1.0").resolve().kv_cache is None


def test_rendering_reads_the_resolved_endpoint() -> None:
    written = endpoint(image=TGI)
    assert render_endpoint(resolve_endpoint(written, VIEW)) == render_endpoint(resolve_endpoint(written.resolve(), VIEW))
    assert "args" not in render_endpoint(resolve_endpoint(written, VIEW))["spec"]["worker"]


def test_triggers_are_bound_to_the_sagemaker_endpoint_on_resolve() -> None:
    trigger = CloudWatchTrigger.invocations_per_instance(target=10)
    written = endpoint(sagemaker_endpoint_name="llama-sm", autoscaling=Autoscaling(trigger=trigger))
    (bound,) = written.resolve().autoscaling.cloudwatch_triggers  # type: ignore[union-attr]
    assert bound.endpoint_name == "llama-sm"
    (unbound,) = written.autoscaling.cloudwatch_triggers  # type: ignore[union-attr]
    assert unbound is trigger
    jumpstart = JumpStartEndpoint("ds", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                  instance_type="ml.g5.8xlarge", routing="session", sagemaker_endpoint_name="ds-sm",
                                  autoscaling=Autoscaling(trigger=trigger))
    assert jumpstart.routing == "session"
    assert jumpstart.resolve().routing == IntelligentRouting(strategy=Routing.SESSION)
    assert jumpstart.resolve().autoscaling.cloudwatch_triggers[0].endpoint_name == "ds-sm"  # type: ignore[union-attr]


def test_passed_in_lists_and_dicts_are_copied_frozen() -> None:
    args, env = ["/opt/ml/model"], {"HF_HOME": "/tmp"}
    affinity = {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["ml.g5.12xlarge"]}]}]}}
    tags = [Tag("team", "a")]
    ep = InferenceEndpoint("llama-8b", model=S3, node_affinity=affinity, args=args, environment=env, tags=tags)
    args.append("--bad")
    env["MORE"] = "x"
    tags.append(Tag("x", "y"))
    affinity["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"].clear()
    assert ep.args == ("/opt/ml/model",) and dict(ep.environment) == {"HF_HOME": "/tmp"} and ep.tags == (Tag("team", "a"),)
    terms = ep.node_affinity["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]  # type: ignore[index]
    assert len(terms) == 1 and isinstance(terms, tuple)
    with pytest.raises(TypeError):
        ep.environment["HF_HOME"] = "/other"  # type: ignore[index]
    with pytest.raises(TypeError):
        terms[0]["matchExpressions"][0]["values"] = ["ml.p5.48xlarge"]  # nested mappings are read-only too
    with pytest.raises(dataclasses.FrozenInstanceError):
        ep.args = ("x",)  # type: ignore[misc]
    # Rendering writes plain JSON again.
    spec = render_endpoint(resolve_endpoint(ep, VIEW))["spec"]
    assert spec["nodeAffinity"] == {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["ml.g5.12xlarge"]}]}]}}


def test_values_check_themselves_when_built() -> None:
    with pytest.raises(HyperPodValidationError, match=r"^S3ModelSource: bucket='s3://my-models/' is not allowed; "
                                                      r"an s3\.IBucket"):
        ModelSource.s3("s3://my-models/")
    with pytest.raises(HyperPodValidationError, match=r"^LoadBalancer: health_check_path='health' is not allowed"):
        LoadBalancer(health_check_path="health")
    with pytest.raises(HyperPodValidationError, match=r"^FsxModelSource: file_system='fs-123' is not allowed; "
                                                      r"an fsx\.IFileSystem"):
        ModelSource.fsx("llama/", file_system="fs-123")  # type: ignore[arg-type]


def test_a_parent_re_raises_a_child_error_at_its_own_location() -> None:
    child = HyperPodTypeError("DisaggregatedWorker", "args", "x", "a list of strings")
    with pytest.raises(HyperPodTypeError) as raised:
        with located("endpoint 'llama-70b'", "disaggregation.prefill"):
            raise child
    assert str(raised.value) == ("endpoint 'llama-70b': disaggregation.prefill.args='x' is not allowed; "
                                 "a list of strings")
    assert (raised.value.where, raised.value.field, raised.value.value) == \
        ("endpoint 'llama-70b'", "disaggregation.prefill.args", "x")


def _values(value: object) -> Iterator[object]:
    """Every value reachable from a record: dataclass fields, mapping values, sequence items."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _values(getattr(value, field.name))
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _values(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _values(item)


def test_a_record_holds_no_declared_endpoint_and_no_auto() -> None:
    from test_endpoint_manifests import ENDPOINTS  # every endpoint shape the manifest tests render

    assert len(ENDPOINTS) > 10
    for name, (endpoint, platform) in ENDPOINTS.items():
        found = [value for value in _values(resolve_endpoint(endpoint, platform))
                 if isinstance(value, DeploymentCommon) or value is AUTO]
        assert not found, (name, found)
    # The walk sees what it should: a declared endpoint or AUTO placed in a record is found.
    assert any(isinstance(value, DeploymentCommon) for value in _values({"x": (endpoint,)}))
    assert any(value is AUTO for value in _values([AUTO]))
