"""What the preflight would check, said without calling AWS: printed when there are no credentials, so a user (or CI
without an AWS role) still learns the quotas the plan needs per instance type and what else a deploy needs."""
from __future__ import annotations

from typing import Optional

from ..intent.tokens import is_token
from .account_checks import DEFAULT_QUALIFIER, quota_name
from .needs import PreflightNeeds


def planned_checks(needs: PreflightNeeds, toolkit_stack_name: str = "CDKToolkit") -> list[str]:
    """One line per check the preflight makes for ``needs``, with the value it would compare against."""
    lines = [f'SageMaker quota "{quota_name(instance_type)}" (service code sagemaker) >= {nodes} nodes, the plan\'s '
             "ceiling" for instance_type, nodes in sorted(needs.nodes_at_ceiling.items()) if nodes]
    if needs.bootstrap is not None:
        qualifier = needs.bootstrap.qualifier or DEFAULT_QUALIFIER
        lines.append(f"CDK bootstrap stack {toolkit_stack_name}: version >= {needs.bootstrap.version}, qualifier "
                     f"{qualifier}")
    for bucket in needs.buckets:
        if not bucket.created_by_stack and not is_token(bucket.name):
            lines.append(f"model bucket {bucket.name} ({bucket.used_by}): exists in the region and can be read")
    if needs.identity_center_for is not None:
        lines.append(f"IAM Identity Center: an instance in the region ({needs.identity_center_for})")
    cluster = needs.existing_cluster
    if cluster is not None and not is_token(cluster.name):
        lines.append(f"EKS cluster {cluster.name}: exists, authentication mode {cluster.authentication_mode}, "
                     f"Kubernetes {cluster.kubernetes_version}, add-ons and load-balancer subnet tags")
    return lines


def render_planned(needs: list[PreflightNeeds], region: Optional[str], why: str,
                   toolkit_stack_name: str = "CDKToolkit") -> str:
    """The text printed instead of results: ``why`` nothing was checked, then each check it would make."""
    where = f" in {region}" if region else ""
    lines = [f"NOT CHECKED ({why}); with credentials, the preflight checks{where}:"]
    lines += [f"  {line}" for platform in needs for line in planned_checks(platform, toolkit_stack_name)]
    return "\n".join(lines) + "\n"
