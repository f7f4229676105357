"""The CloudFormation type of a construct in the tree, with as few jsii round trips as possible.

Walking the tree (``node.find_all()``) and asking each resource its ``cfn_resource_type`` costs a round trip to
Node per resource. An L1 class knows its type (``CFN_RESOURCE_TYPE_NAME``), so it is read once per class; only a
plain ``CfnResource`` (custom resources) is asked one by one.

``is_a`` answers ``isinstance`` for a construct from its class's MRO, once per class: aws-cdk-lib's classes are
ABCs, and a negative ``isinstance`` against one walks every loaded subclass (hundreds of L1 classes) for each new
class it meets, which cost more than the walk of the tree itself.
"""
from __future__ import annotations

import functools
from typing import Optional

from aws_cdk import CfnResource
from constructs import IConstruct


@functools.cache
def _subclass(cls: type, base: type) -> bool:
    return base in cls.__mro__


def is_a(node: object, base: type) -> bool:
    """``isinstance(node, base)`` for a jsii class ``base`` (a construct's class is the class of its jsii type)."""
    return _subclass(type(node), base)


@functools.cache
def _type_of_class(cls: type) -> Optional[str]:
    name = getattr(cls, "CFN_RESOURCE_TYPE_NAME", None)
    return name if isinstance(name, str) else None


def resource_type(node: IConstruct) -> Optional[str]:
    """The CloudFormation type of ``node`` when it is a resource (``"AWS::EKS::Cluster"``), else None."""
    if not is_a(node, CfnResource):
        return None
    return _type_of_class(type(node)) or node.cfn_resource_type
