"""``platform.export()`` writes the dashboards of this run only: files an earlier run wrote for dashboards that no
longer exist (a renamed instance group's, or all of them once observability is off) are removed."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import aws_cdk as cdk

from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup, Observability


def export(out: Path, gpu_group: str, observability: Optional[Observability] = Observability()) -> list[str]:
    """Export a platform with one GPU group called ``gpu_group``; the dashboard file names left in ``out``."""
    stack = cdk.Stack(cdk.App(), "DashboardFiles")
    platform = HyperPodInferencePlatform(stack, "Platform", observability=observability, instance_groups=[
        InstanceGroup("system", "ml.m5.2xlarge", count=1), InstanceGroup(gpu_group, "ml.g6e.12xlarge", count=1)])
    platform.export(out, picture=False)
    return sorted(path.name for path in (out / "dashboards").glob("*.json"))


def test_a_renamed_group_leaves_no_dashboard_behind_and_other_files_stay(tmp_path: Path) -> None:
    assert export(tmp_path, "l40s") == ["hyperpod-gpu-l40s.json"]
    (tmp_path / "dashboards" / "team-overview.json").write_text(json.dumps({"title": "not ours"}))
    assert export(tmp_path, "l40s-serving") == ["hyperpod-gpu-l40s-serving.json", "team-overview.json"]


def test_without_observability_the_dashboards_of_an_earlier_export_are_removed(tmp_path: Path) -> None:
    assert export(tmp_path, "l40s") == ["hyperpod-gpu-l40s.json"]
    assert export(tmp_path, "l40s", observability=None) == []
