"""Rules over the instance groups as a whole: unique names, one definition per MIG layout name, and MIG needing
HyperPod's GPU operator."""
from __future__ import annotations

from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from .registry import problem_rule


@problem_rule("instance-group-names-unique")
def check_unique_names(platform: ResolvedPlatform) -> list[str]:
    """Every instance group has a name of its own (HyperPod, dashboards and node pools refer to groups by name)."""
    first_index: dict[str, int] = {}
    problems: list[str] = []
    for index, group in enumerate(platform.instance_groups):
        first = first_index.setdefault(group.name, index)
        if first != index:
            problems.append(format_problem(
                "platform", f"instance_groups[{index}].name", group.name,
                f"a name of its own: duplicate of instance_groups[{first}].name (every instance group needs a "
                "unique name)"))
    return problems


@problem_rule("mig-needs-gpu-operator")
def check_gpu_operator(platform: ResolvedPlatform) -> list[str]:
    """MIG groups need the GPU operator of the dependency chart the platform installs."""
    if platform.gpu_operator is False and any(group.mig_layout is not None for group in platform.instance_groups):
        return [format_problem("platform", "operator.helm_chart.enable_gpu_operator", False,
                               "True while an instance group has mig_config (MIG needs HyperPod's GPU operator)")]
    return []


@problem_rule("mig-layout-names-unique")
def check_mig_layout_names(platform: ResolvedPlatform) -> list[str]:
    """Custom MIG layouts of the same name are the same layout (the MIG manager's ConfigMap has one entry a name)."""
    first_group: dict[str, tuple[int, object]] = {}
    problems: list[str] = []
    for index, group in enumerate(platform.instance_groups):
        layout = group.mig_layout
        if layout is None or layout.is_stock:
            continue
        first_index, first_layout = first_group.setdefault(layout.name, (index, layout))
        if first_layout != layout:
            problems.append(format_problem(
                "platform", f"instance_groups[{index}].mig_config.name", layout.name,
                f"a name of its own: instance_groups[{first_index}] has a different layout of this name "
                "(the MIG manager reads one definition per name)"))
    return problems
