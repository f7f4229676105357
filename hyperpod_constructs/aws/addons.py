"""EKS add-ons as the platform installs them.

A cluster often runs a copy of an add-on already (EKS's self-managed defaults, a copy applied with Helm or
kubectl): with EKS's default conflict resolution (``NONE``) a field that copy set fails the create or update.
The platform owns the add-ons it declares, so it overwrites such fields (``ResolveConflicts: OVERWRITE``,
which CloudFormation applies on create and on update). The L2 ``eks.Addon`` does not expose the property.
"""
from __future__ import annotations

from typing import Any

from aws_cdk import aws_eks_v2 as eks
from constructs import Construct

RESOLVE_CONFLICTS = "OVERWRITE"


def owned_addon(scope: Construct, construct_id: str, **props: Any) -> eks.Addon:
    """``eks.Addon(scope, construct_id, **props)`` that overwrites fields a pre-installed copy set."""
    addon = eks.Addon(scope, construct_id, **props)
    resource = addon.node.default_child
    assert isinstance(resource, eks.CfnAddon), resource  # what eks.Addon declares
    resource.resolve_conflicts = RESOLVE_CONFLICTS
    return addon
