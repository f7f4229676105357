"""``platform.export()`` writes the dashboards of this run only: files an earlier run wrote for dashboards that no
longer exist (the GPU dashboard once no group has GPUs, an earlier version's per-group GPU dashboards, or all of them
once observability is off) are removed."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import aws_cdk as cdk

from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup, Observability


def export(out: Path, gpu_group: Optional[str], observability: Optional[Observability] = Observability()) -> list[str]:
    """Export a platform with one GPU group called ``gpu_group`` (None: no GPU group); the dashboard file names left
    in ``out``."""
    stack = cdk.Stack(cdk.App(), "DashboardFiles")
    groups = [InstanceGroup("system", "ml.m5.2xlarge", count=1)]
    if gpu_group is not None:
        groups.append(InstanceGroup(gpu_group, "ml.g6e.12xlarge", count=1))
    platform = HyperPodInferencePlatform(stack, "Platform", observability=observability, instance_groups=groups)
    platform.export(out, picture=False)
    return sorted(path.name for path in (out / "dashboards").glob("*.json"))


def test_a_dashboard_no_longer_built_leaves_no_file_behind_and_other_files_stay(tmp_path: Path) -> None:
    assert export(tmp_path, "l40s") == ["hyperpod-gpus.json"]
    (tmp_path / "dashboards" / "team-overview.json").write_text(json.dumps({"title": "not ours"}))
    (tmp_path / "dashboards" / "hyperpod-gpu-l40s.json").write_text("{}")  # an earlier version's per-group file
    assert export(tmp_path, None) == ["team-overview.json"]


def test_without_observability_the_dashboards_of_an_earlier_export_are_removed(tmp_path: Path) -> None:
    assert export(tmp_path, "l40s") == ["hyperpod-gpus.json"]
    assert export(tmp_path, "l40s", observability=None) == []
