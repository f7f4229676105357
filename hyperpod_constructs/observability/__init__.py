"""Inference observability as code: metric names, PromQL, Grafana dashboards and SLO alert rules.

Pure Python (no CDK): ``hyperpod_constructs.aws.observability.InferenceObservability`` renders these
into Amazon Managed Prometheus / Grafana resources.
"""
from __future__ import annotations

from hyperpod_constructs.observability.alerts import alert_manager_definition, rule_files, rule_groups, rule_groups_yaml
from hyperpod_constructs.observability.dashboards import build_dashboards, gpu_dashboard, inference_dashboard

__all__ = [
    "alert_manager_definition",
    "build_dashboards",
    "gpu_dashboard",
    "inference_dashboard",
    "rule_files",
    "rule_groups",
    "rule_groups_yaml",
]
