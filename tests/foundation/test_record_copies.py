"""No declared field is dropped on its way to the manifest: every field of a record built with ``copied()`` is
copied from the declared value (same name), given by the resolver, or ``internal()``.

``copied()`` refuses any other field when the record is built; the table here pairs each record with the values it
is copied from, and the check reads the fields the resolvers give from their source (``ast``), so every pair is
proven without an app that happens to reach it.
"""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from support import REPO_ROOT, source_nodes

from hyperpod_constructs.crd_model import INTERNAL, crd, internal
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from hyperpod_constructs.intent.data_capture import DataCapture
from hyperpod_constructs.intent.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.operator_fields import Toleration
from hyperpod_constructs.intent.endpoint_options import HttpProbe, LoadBalancer, Metrics, RequestLimits, Tls
from hyperpod_constructs.intent.inference_gateway import (
    BodyBasedRouting, GatewayPodDefaults, GatewayScheduler, GatewayTls, InferenceGateway, JwtAuthentication,
    PluginsConfigMap, RequiredClaim, SchedulerWeights)
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.kv_cache import KvCache
from hyperpod_constructs.intent.model_cache import ModelCache, ModelWeightsCache
from hyperpod_constructs.intent.model_source import SecretKeyRef
from hyperpod_constructs.intent.wake_hold import WakeHold
from hyperpod_constructs.resolve import gateway_records, records
from hyperpod_constructs.resolve.copying import copied

RESOLVE = REPO_ROOT / "hyperpod_constructs" / "resolve"
# record -> the declared values it is copied from.
COPIED_FROM: dict[type, tuple[type, ...]] = {
    records.SharedSpec: (InferenceEndpoint, JumpStartEndpoint),
    records.CustomSpec: (InferenceEndpoint,),
    records.JumpStartSpec: (JumpStartEndpoint,),
    records.ModelWeightsCacheRecord: (ModelWeightsCache,),
    records.ModelCacheRecord: (ModelCache,),
    records.ScalingRecord: (Autoscaling,),
    records.WakeHoldRecord: (WakeHold,),
    records.PrometheusTriggerRecord: (PrometheusTrigger,),
    records.CloudWatchTriggerRecord: (CloudWatchTrigger,),
    records.KvCacheRecord: (KvCache,),
    records.TlsRecord: (Tls,),
    records.MetricsRecord: (Metrics,),
    records.DataCaptureRecord: (DataCapture,),
    records.DisaggregationRecord: (DisaggregatedServing,),
    records.SideRecord: (DisaggregatedWorker,),
    records.TopologyRecord: (Topology,),
    records.HttpProbeRecord: (HttpProbe,),
    records.LoadBalancerRecord: (LoadBalancer,),
    records.RequestLimitsRecord: (RequestLimits,),
    records.SecretRef: (SecretKeyRef,),
    records.TolerationRecord: (Toleration,),
    gateway_records.GatewayRecord: (InferenceGateway,),
    gateway_records.BbrRecord: (BodyBasedRouting,),
    gateway_records.GatewayTlsRecord: (GatewayTls,),
    gateway_records.JwtRecord: (JwtAuthentication,),
    gateway_records.RequiredClaimRecord: (RequiredClaim,),
    gateway_records.PodDefaultsRecord: (GatewayPodDefaults,),
    gateway_records.SchedulerRecord: (GatewayScheduler,),
    gateway_records.SchedulerWeightsRecord: (SchedulerWeights,),
    gateway_records.ConfigMapRefRecord: (PluginsConfigMap,),
}
PAIRS = [(record, declared) for record, values in COPIED_FROM.items() for declared in values]


def given_fields(folder: Path = RESOLVE) -> dict[str, set[str]]:
    """Record name -> the fields the resolvers give in their ``copied(Record, value, field=...)`` calls."""
    given: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in source_nodes(path.read_text()):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "copied":
                record = node.args[0]
                assert isinstance(record, ast.Name), f"{path.name}:{node.lineno}: copied() names its record class"
                assert all(keyword.arg for keyword in node.keywords), \
                    f"{path.name}:{node.lineno}: copied() gives each field by name (no **mapping)"
                given.setdefault(record.id, set()).update(str(keyword.arg) for keyword in node.keywords)
    return given


def declared_names(declared: type) -> set[str]:
    """The fields and properties of a declared value (what ``copied`` can read by name)."""
    fields = {field.name for field in dataclasses.fields(declared)} if dataclasses.is_dataclass(declared) else set()
    return fields | {name for name in dir(declared) if isinstance(getattr(declared, name, None), property)}


def unmatched_fields(record: type, declared: type, given: set[str]) -> list[str]:
    """The record's fields neither on ``declared``, nor given, nor internal: what would be left out."""
    names = declared_names(declared)
    return [field.name for field in dataclasses.fields(record)
            if field.name not in given and field.name not in names and field.metadata.get("crd") is not INTERNAL]


def test_the_table_pairs_every_record_the_resolvers_copy() -> None:
    assert set(given_fields()) == {record.__name__ for record in COPIED_FROM}


@pytest.mark.parametrize(("record", "declared"), PAIRS, ids=[f"{r.__name__}-{d.__name__}" for r, d in PAIRS])
def test_every_record_field_is_copied_given_or_internal(record: type, declared: type) -> None:
    assert unmatched_fields(record, declared, given_fields().get(record.__name__, set())) == []


# ---- a renamed declared field fails -------------------------------------------------------------------------------

def _renamed(declared: type, old: str, new: str) -> type:
    """``declared`` with field ``old`` renamed ``new`` (the mistake these checks are for)."""
    return dataclasses.make_dataclass(declared.__name__, [
        (new if field.name == old else field.name, field.type, dataclasses.field(default=None))
        for field in dataclasses.fields(declared)], frozen=True)


def test_a_renamed_declared_field_fails_the_check() -> None:
    renamed = _renamed(LoadBalancer, "idle_timeout_s", "idle_timeout_seconds")
    assert unmatched_fields(records.LoadBalancerRecord, renamed, set()) == ["idle_timeout_s"]
    assert unmatched_fields(records.SharedSpec, _renamed(InferenceEndpoint, "max_deploy_time_s", "deploy_timeout_s"),
                            given_fields()["SharedSpec"]) == ["max_deploy_time_s"]


def test_copied_refuses_a_renamed_declared_field_naming_record_field_and_fix() -> None:
    renamed = _renamed(LoadBalancer, "idle_timeout_s", "idle_timeout_seconds")(health_check_path="/health",
                                                                               idle_timeout_seconds=120)
    with pytest.raises(TypeError) as raised:
        copied(records.LoadBalancerRecord, renamed)
    assert str(raised.value) == (
        "copied(LoadBalancerRecord, LoadBalancer): LoadBalancerRecord.idle_timeout_s is neither a field of "
        "LoadBalancer, given, nor internal(); name the field 'idle_timeout_s' on LoadBalancer too, give it "
        "(copied(..., idle_timeout_s=...)), or declare it internal() if the custom resource does not have it")


def test_copied_takes_a_field_given_or_internal_instead() -> None:
    value = SimpleNamespace(health_check_path="/health", routing_algorithm=None)
    assert copied(records.LoadBalancerRecord, value, idle_timeout_s=60).idle_timeout_s == 60
    # An internal field the value does not have keeps the record's default (it is never written).
    record = copied(_ProbeRecord, SimpleNamespace(path="/health"), port=8000)
    assert (record.path, record.port, record.checked_by) == ("/health", 8000, "the library")


@dataclasses.dataclass(frozen=True, kw_only=True)
class _ProbeRecord:
    path: str
    port: int = crd("httpGet.port")
    checked_by: str = internal("the library")
