"""The scale-up stabilization window of an endpoint that wakes from zero: filled once from its cold start's
load-and-start part (image, weights, engine) when none is declared, written to the endpoint's ``autoScalingSpec``
and shown in the plan; a declared window, a minimum above 0 or an unknown part leave it as declared."""
from __future__ import annotations

import math
from typing import Any, Callable, Optional

import pytest

from hyperpod_constructs.intent.autoscaling import Autoscaling
from hyperpod_constructs.resolve.endpoint import resolve_scaling
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from hyperpod_constructs.resolve.records import SharedSpec
from hyperpod_constructs.resolve.scale_up_window import with_scale_up_window
from hyperpod_constructs.k8s.operator_spec import autoscaling_spec


def _endpoint(**autoscaling: Any) -> ResolvedEndpoint:
    scaling = resolve_scaling(Autoscaling(**autoscaling), ResolvedPlatform(), "endpoint 'llama'")
    return ResolvedEndpoint(name="llama", max_replicas=scaling.max_replicas, shared=SharedSpec(autoscaling=scaling))


def _window(endpoint: ResolvedEndpoint) -> Optional[int]:
    assert endpoint.shared is not None and endpoint.shared.autoscaling is not None
    return autoscaling_spec(endpoint.shared.autoscaling).get("scaleUpStabilizationTime")


def test_an_endpoint_at_zero_waits_its_load_and_start_time_rounded_up() -> None:
    assert _window(with_scale_up_window(_endpoint(min_replicas=0, max_replicas=8), 329.4)) == 330


@pytest.mark.parametrize(("autoscaling", "load"), [
    ({"min_replicas": 0, "max_replicas": 8, "scale_up_stabilization_s": 60}, 329.4),  # yours wins
    ({"min_replicas": 1, "max_replicas": 8}, 329.4),                                   # not waking from zero
    ({"min_replicas": 0, "max_replicas": 8}, None),                                    # a part is unknown
])
def test_a_declared_window_a_floor_above_zero_or_an_unknown_part_leave_it_as_declared(
        autoscaling: dict[str, Any], load: Optional[float]) -> None:
    endpoint = _endpoint(**autoscaling)
    assert with_scale_up_window(endpoint, load) == endpoint


def test_the_scale_to_zero_example_carries_its_window_and_the_plan_shows_it(
        synthesized: Callable[[str], Any]) -> None:
    platform = synthesized("examples/scale_to_zero.py").platform
    estimate = next(e for e in platform.plan.cold_start_estimates() if e.endpoint.name == "mistral-7b")
    assert estimate.load_and_start_s is not None
    window = math.ceil(estimate.load_and_start_s)
    specs = [manifest["spec"] for manifests in platform.charts.values() for manifest in manifests
             if manifest.get("kind") == "InferenceEndpointConfig" and manifest["metadata"]["name"] == "mistral-7b"]
    assert [spec["autoScalingSpec"]["scaleUpStabilizationTime"] for spec in specs] == [window]
    assert f"scale-up stabilization: {window} s on the endpoint's autoscaling" in platform.plan.render()
