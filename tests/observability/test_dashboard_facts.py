"""The metrics and labels our dashboards, alerts and triggers read are the ones HyperPod's own Grafana
"Inference" dashboard reads (facts carried in tests/data/schemas, see PROVENANCE.md there)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from hyperpod_constructs.observability import metrics
from support import reference_file


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    return json.loads(reference_file("hyperpod-grafana-inference-dashboard.facts.json").read_text())


def test_facts_are_hyperpods_inference_dashboard(facts: dict[str, Any]) -> None:
    assert (facts["uid"], facts["title"]) == ("inference-v2", "Inference")
    assert facts["queries"] > 10


@pytest.mark.parametrize("metric", [
    metrics.MODEL_INVOCATIONS_TOTAL, metrics.MODEL_ERRORS_TOTAL, metrics.MODEL_CONCURRENT_REQUESTS,
    metrics.MODEL_LATENCY_MS + metrics.BUCKET, metrics.MODEL_LATENCY_MS + metrics.COUNT,
    metrics.MODEL_TTFB_MS + metrics.BUCKET,
])
def test_invocation_metrics_are_the_ones_hyperpod_charts(facts: dict[str, Any], metric: str) -> None:
    assert metric in facts["metrics"]


def test_endpoint_labels_are_the_ones_hyperpod_selects_on(facts: dict[str, Any]) -> None:
    for label in (metrics.LABEL_RESOURCE_NAME, metrics.LABEL_RESOURCE_TYPE, metrics.LABEL_NAMESPACE):
        assert label in facts["labels_selected_by_variables"], label


def test_model_traffic_is_counted_as_post_requests_like_hyperpods_dashboard(facts: dict[str, Any]) -> None:
    assert [metrics.LABEL_METHOD, "=", metrics.INVOCATION_METHOD] in facts["fixed_label_matchers"]
