"""Pure decisions of the HyperPod Helm chart installer: URLs, values, helm command lines.

No AWS calls and no subprocesses here, so every decision is unit-testable; ``helm_installer`` does the I/O.
Standard library only: the Lambda Python runtime has no PyYAML.
"""
from __future__ import annotations

import copy
import json
import posixpath
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from cluster_plan import HELM

HELM_TIMEOUT = "10m"  # leaves ~5 of the Lambda's 15 minutes for download and dependency update
# Local sub-charts whose own remote dependencies `helm dependency update` on the parent does not fetch:
# (sub-chart folder under charts/, the parent value that enables it).
SUBCHARTS_WITH_REMOTE_DEPENDENCIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gpu-operator", ("gpu-operator", "enabled")),
)
GPU_OPERATOR_REGIONAL_VALUES = "charts/gpu-operator/regional-values/values-{region}.yaml"


@dataclass(frozen=True)
class InstallRequest:
    """The custom resource's properties, parsed once."""

    cluster_name: str
    repository: str
    chart_path: str
    git_ref: str
    release: str
    namespace: str
    values: dict[str, Any]
    wait: bool


def parse_properties(props: Mapping[str, Any]) -> InstallRequest:
    """CloudFormation sends every property as a string; fail loudly on a missing one."""
    required = ("ClusterName", "Repository", "ChartPath", "GitRef", "Release", "Namespace", "Values")
    missing = [name for name in required if not props.get(name)]
    if missing:
        raise ValueError(f"custom resource properties missing: {', '.join(missing)}")
    values = json.loads(props["Values"])
    if not isinstance(values, dict):
        raise ValueError("custom resource property Values must be a JSON object")
    return InstallRequest(
        cluster_name=props["ClusterName"], repository=props["Repository"], chart_path=props["ChartPath"],
        git_ref=props["GitRef"], release=props["Release"], namespace=props["Namespace"], values=values,
        wait=str(props.get("Wait", "false")).lower() == "true",
    )


def physical_resource_id(request: InstallRequest) -> str:
    """One id per (cluster, namespace, release): changing any of them makes CloudFormation delete the old release."""
    return f"{request.cluster_name}/{request.namespace}/{request.release}"


def parse_physical_resource_id(physical_id: str) -> Optional[tuple[str, str, str]]:
    """(cluster, namespace, release) from an id this handler issued, or None for anything else."""
    parts = physical_id.split("/")
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 and all(parts) else None


def tarball_url(repository: str, git_ref: str) -> str:
    """GitHub's archive of one commit or tag; no git binary and no API token needed."""
    return f"https://codeload.github.com/{repository}/tar.gz/{git_ref}"


def chart_member_path(member_name: str, chart_path: str) -> Optional[str]:
    """Where an archive member lands relative to the chart folder, or None if it is outside the chart.

    GitHub archives put everything under one top folder whose name depends on the ref
    (``repo-<sha>`` or ``repo-<tag without v>``), so the first component is dropped whatever it is.
    """
    parts = member_name.split("/", 1)
    if len(parts) != 2:
        return None
    inside = posixpath.normpath(parts[1])
    prefix = chart_path.strip("/")
    if inside == prefix:
        return "."
    if not inside.startswith(prefix + "/"):
        return None
    relative = inside[len(prefix) + 1:]
    if relative.startswith("/") or relative == ".." or relative.startswith("../"):
        return None
    return relative


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Helm's own rule for values files: maps merge key by key, anything else is replaced by ``override``."""
    merged: dict[str, Any] = copy.deepcopy(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def region_defaults(region: str) -> dict[str, Any]:
    """The region the chart's images come from.

    Without it the health-monitoring agent looks the region up from node labels, and before the HyperPod
    cluster exists there are no nodes, so it falls back to us-east-1's image.
    """
    return {"global": {"region": region}, "health-monitoring-agent": {"region": region}}


def value_at(values: Mapping[str, Any], path: Sequence[str]) -> Any:
    """The value at a key path, or None."""
    current: Any = values
    for key in path:
        if not isinstance(current, Mapping) or key not in current:
            return None
        current = current[key]
    return current


def gpu_operator_enabled(values: Mapping[str, Any]) -> bool:
    return value_at(values, ("gpu-operator", "enabled")) is True


def subcharts_to_prepare(values: Mapping[str, Any]) -> list[str]:
    """Enabled local sub-charts that need their own ``helm dependency update`` first."""
    return [f"charts/{folder}" for folder, switch in SUBCHARTS_WITH_REMOTE_DEPENDENCIES if value_at(values, switch) is True]


def gpu_operator_regional_values_path(region: str) -> str:
    """The chart's per-region image mirrors for the GPU operator, relative to the chart folder."""
    return GPU_OPERATOR_REGIONAL_VALUES.format(region=region)


def nest_values_yaml(text: str, key: str) -> str:
    """Put a sub-chart's values file under its key in the parent (Helm has no flag to target a sub-chart).

    Block YAML nests by indentation, so two spaces per line is enough; document markers are dropped.
    """
    lines = [line for line in text.splitlines() if line.strip() not in ("---", "...")]
    body = "\n".join(("  " + line) if line.strip() else "" for line in lines)
    return f"{key}:\n{body}\n"


def dependency_update_argv(chart_dir: str) -> list[str]:
    # `update`, not `build`: the chart ships no Chart.lock, and AWS's own instructions use update.
    return [HELM, "dependency", "update", chart_dir]


def upgrade_argv(request: InstallRequest, chart_dir: str, values_files: Sequence[str], kubeconfig: str) -> list[str]:
    """`helm upgrade --install`: the same command for create and update, so re-runs converge."""
    argv = [
        HELM, "upgrade", "--install", request.release, chart_dir,
        "--namespace", request.namespace, "--create-namespace",
        "--kubeconfig", kubeconfig, "--timeout", HELM_TIMEOUT,
    ]
    for path in values_files:
        argv += ["--values", path]
    if request.wait:
        argv.append("--wait=watcher")  # Helm 4 syntax; the flag takes a strategy
    return argv


def uninstall_argv(release: str, namespace: str, kubeconfig: str) -> list[str]:
    return [
        HELM, "uninstall", release, "--namespace", namespace, "--kubeconfig", kubeconfig,
        "--ignore-not-found", "--timeout", HELM_TIMEOUT,
    ]





def response_data(request: InstallRequest) -> dict[str, str]:
    """Attributes other stacks and constructs can read with GetAtt."""
    return {
        "ChartPath": request.chart_path,
        "GitRef": request.git_ref,
        "Repository": request.repository,
        "Release": request.release,
        "Namespace": request.namespace,
    }
