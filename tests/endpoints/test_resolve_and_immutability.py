"""Defaults that depend on other fields are worked out by pure functions into ``endpoint.defaults``, once per
endpoint; the endpoint stays as written, and values are immutable throughout."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterator, Mapping

import pytest

from endpoint_fixtures import VIEW
from hyperpod_constructs.errors import HyperPodTypeError, HyperPodValidationError, located
from support import stand_in_bucket
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger
from hyperpod_constructs.intent import deployment as deployment_module, endpoint as endpoint_module
from hyperpod_constructs.intent import jumpstart as jumpstart_module
from hyperpod_constructs.intent.deployment import EndpointBase
from hyperpod_constructs.intent.endpoint import AUTO, CustomDefaults, InferenceEndpoint, custom_defaults
from hyperpod_constructs.intent.endpoint_options import LoadBalancer, Tag
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.kv_cache import KvCache
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.intent.routing import IntelligentRouting, Routing
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint

S3 = ModelSource.s3(stand_in_bucket(), "llama/")
TGI = "ghcr.io/huggingface/text-generation-inference:3.3.4"


def endpoint(**overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": S3, "instance_type": "ml.g5.12xlarge", "gpus": 4}
    props.update(overrides)
    return InferenceEndpoint("llama-8b", **props)


def test_defaults_are_worked_out_apart_from_what_the_user_wrote() -> None:
    written = endpoint()
    defaults = written.defaults
    assert isinstance(defaults, CustomDefaults)  # a value of its own, not a copy of the endpoint
    assert (written.vllm_based, written.model_name, written.args, written.routing, written.kv_cache) == \
        (None, None, AUTO, AUTO, AUTO)
    assert defaults.vllm_based is True and defaults.model_name == "llama-8b"
    assert defaults.args == ("/opt/ml/model", "--tensor-parallel-size", "4")
    assert defaults.routing == IntelligentRouting(strategy=Routing.PREFIX_AWARE)
    assert defaults.kv_cache == KvCache() and defaults.invocation_path == "/v1/chat/completions"
    assert defaults.load_balancer is not None and defaults.load_balancer.health_check_path == "/health"
    assert defaults.request_limits is not None and defaults.probes is not None


def test_given_args_get_the_parallelism_flags_once() -> None:
    written = endpoint(routing=Routing.KV_AWARE, args=["/opt/ml/model"])
    assert written.args == ("/opt/ml/model",)
    assert written.defaults.args == ("/opt/ml/model", "--tensor-parallel-size", "4")
    assert custom_defaults(written) == written.defaults  # pure: working them out again gives the same


@pytest.mark.parametrize("written", [
    lambda: endpoint(), lambda: endpoint(image=TGI),
    lambda: JumpStartEndpoint("qwen", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                              instance_type="ml.g6e.12xlarge", routing=Routing.PREFIX_AWARE)],
    ids=["vllm", "tgi", "jumpstart"])
def test_defaults_are_worked_out_once_per_endpoint(written: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    for module, name in ((endpoint_module, "custom_defaults"), (jumpstart_module, "jumpstart_defaults")):
        function = getattr(module, name)
        monkeypatch.setattr(module, name, lambda item, function=function, name=name: calls.append(name) or function(item))
    built = written()  # its rules on the defaults run here
    record = resolve_endpoint(built, VIEW)
    built.warnings()
    assert len(calls) == 1 and built.defaults is built.defaults
    assert record == resolve_endpoint(dataclasses.replace(built), VIEW)  # a copy works them out again, the same


def test_an_endpoint_has_no_resolved_copy_form() -> None:
    for kind in (InferenceEndpoint, JumpStartEndpoint):
        assert not {"resolve", "is_resolved", "_resolution", "_with_defaults"} & set(dir(kind)), kind
    assert not hasattr(deployment_module, "on_resolved")


def test_replacing_the_image_re_derives_every_vllm_default() -> None:
    vllm = endpoint(routing=Routing.KV_AWARE)
    tgi = dataclasses.replace(vllm, image="mycorp/tgi:1.0", routing=AUTO).defaults
    assert vllm.defaults.kv_cache is not None  # the vLLM endpoint has them ...
    # ... the TGI one keeps none of vLLM's KV cache, routing, args, path, load balancer, limits or probes.
    assert (tgi.vllm_based, tgi.kv_cache, tgi.routing, tgi.args, tgi.invocation_path, tgi.load_balancer,
            tgi.request_limits, tgi.probes) == (False, None, None, None, None, None, None, None)
    assert dataclasses.replace(endpoint(), image="mycorp/tgi:1.0").defaults.kv_cache is None


def test_rendering_reads_the_defaults() -> None:
    vllm = endpoint()
    assert render_endpoint(resolve_endpoint(vllm, VIEW))["spec"]["worker"]["args"] == list(vllm.defaults.args or ())
    assert "args" not in render_endpoint(resolve_endpoint(endpoint(image=TGI), VIEW))["spec"]["worker"]


def test_triggers_are_bound_to_the_sagemaker_endpoint_in_the_defaults() -> None:
    trigger = CloudWatchTrigger.invocations_per_instance(target=10)
    written = endpoint(sagemaker_endpoint_name="llama-sm", autoscaling=Autoscaling(trigger=trigger))
    (bound,) = written.defaults.autoscaling.cloudwatch_triggers  # type: ignore[union-attr]
    assert bound.endpoint_name == "llama-sm"
    (unbound,) = written.autoscaling.cloudwatch_triggers  # type: ignore[union-attr]
    assert unbound is trigger
    jumpstart = JumpStartEndpoint("ds", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                  instance_type="ml.g5.8xlarge", routing="session", sagemaker_endpoint_name="ds-sm",
                                  autoscaling=Autoscaling(trigger=trigger))
    assert jumpstart.routing == "session"
    assert jumpstart.defaults.routing == IntelligentRouting(strategy=Routing.SESSION)
    assert jumpstart.defaults.autoscaling.cloudwatch_triggers[0].endpoint_name == "ds-sm"  # type: ignore[union-attr]


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
                 if isinstance(value, EndpointBase) or value is AUTO]
        assert not found, (name, found)
    # The walk sees what it should: a declared endpoint or AUTO placed in a record is found.
    assert any(isinstance(value, EndpointBase) for value in _values({"x": (endpoint,)}))
    assert any(value is AUTO for value in _values([AUTO]))
