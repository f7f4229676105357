"""Inference observability as code: metric names, PromQL, Grafana dashboards, SLO alert rules, the SLO series the
dashboards chart and GPU health alerts.

Pure Python (no CDK): ``hyperpod_constructs.aws.observability.InferenceObservability`` renders these
into Amazon Managed Prometheus / Grafana resources.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hyperpod_constructs.observability.alerts import (
    alert_manager_definition, gpu_health_rules, rule_files, rule_groups, rule_groups_yaml, rules_yaml,
)
from hyperpod_constructs.observability.slo_series import recording_rules

if TYPE_CHECKING:
    from hyperpod_constructs.observability.dashboards import (
        build_dashboards, gpu_dashboard, inference_dashboard, overview_dashboard,
    )

# The dashboards load grafana-foundation-sdk: imported on first use, not by every app that only synthesizes rules.
_DASHBOARD_NAMES = ("build_dashboards", "gpu_dashboard", "inference_dashboard", "overview_dashboard")

__all__ = [
    "alert_manager_definition",
    "build_dashboards",
    "gpu_dashboard",
    "gpu_health_rules",
    "inference_dashboard",
    "overview_dashboard",
    "recording_rules",
    "rule_files",
    "rule_groups",
    "rule_groups_yaml",
    "rules_yaml",
]


def __getattr__(name: str) -> Any:
    if name not in _DASHBOARD_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from hyperpod_constructs.observability import dashboards

    return getattr(dashboards, name)
