"""The CloudFormation type of a construct in the tree, with as few jsii round trips as possible.

Walking the tree (``node.find_all()``) and asking each resource its ``cfn_resource_type`` costs a round trip to
Node per resource. An L1 class knows its type (``CFN_RESOURCE_TYPE_NAME``), so it is read once per class; only a
plain ``CfnResource`` (custom resources) is asked one by one.
"""
from __future__ import annotations

import functools
from typing import Optional

from aws_cdk import CfnResource
from constructs import IConstruct


@functools.cache
def _type_of_class(cls: type) -> Optional[str]:
    name = getattr(cls, "CFN_RESOURCE_TYPE_NAME", None)
    return name if isinstance(name, str) else None


def resource_type(node: IConstruct) -> Optional[str]:
    """The CloudFormation type of ``node`` when it is a resource (``"AWS::EKS::Cluster"``), else None."""
    if not isinstance(node, CfnResource):
        return None
    return _type_of_class(type(node)) or node.cfn_resource_type
