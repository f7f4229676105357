"""Create-only properties: changing one replaces the resource. Warn when a deploy-time input feeds one.

The property lists are CloudFormation's ``createOnlyProperties`` for each type (the registry schemas cfn-lint
ships, read by ``create_only_paths``; a test keeps this table equal to them for the properties listed). A value
that comes from a ``CfnParameter``, an ``Fn::ImportValue`` or a dynamic reference can change at deploy time
without a code change; when it does, CloudFormation replaces the resource (a new HyperPod cluster, EKS cluster or file
system link), so the platform reports it as a warning at synth.
"""
from __future__ import annotations

import functools
import json
from typing import Any, Iterable, Mapping

from aws_cdk import Annotations, CfnParameter, CfnResource, Stack
from constructs import IConstruct

from .cfn_types import is_a, resource_type

# CloudFormation type -> (what is replaced, create-only top-level properties the platform sets)
CREATE_ONLY: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "AWS::SageMaker::Cluster": ("the HyperPod cluster (all its nodes)", ("ClusterName", "VpcConfig", "Orchestrator")),
    "AWS::EKS::Cluster": ("the EKS cluster (and every HyperPod cluster on it)",
                          ("Name", "RoleArn", "EncryptionConfig", "BootstrapSelfManagedAddons")),
    "AWS::FSx::FileSystem": ("the model store file system (its data)", ("SubnetIds", "SecurityGroupIds", "KmsKeyId")),
    "AWS::FSx::DataRepositoryAssociation": ("the model store's S3 link",
                                            ("FileSystemId", "FileSystemPath", "DataRepositoryPath",
                                             "BatchImportMetaDataOnCreate")),
}
WARNING_ID = "Annotation::hyperpod-constructs:replacement"
SCHEMA_REGION = "us-east-1"  # cfn-lint's schemas of this region hold every resource type


@functools.cache
def create_only_paths(type_name: str) -> tuple[tuple[str, ...], ...]:
    """CloudFormation's ``createOnlyProperties`` of a type as property paths (``("Orchestrator", "Eks")``; ``*``
    stands for every item of a list), from the registry schemas cfn-lint ships (``pip install cfn-lint``);
    ``()`` for a type it has no schema for."""
    return _schema_paths(type_name, "createOnlyProperties")


@functools.cache
def read_only_paths(type_name: str) -> tuple[tuple[str, ...], ...]:
    """The ``readOnlyProperties`` of a type, as ``create_only_paths`` gives them: what the service reports
    (``("InstanceGroups", "*", "CurrentCount")``), never something a template changes."""
    return _schema_paths(type_name, "readOnlyProperties")


def _schema_paths(type_name: str, key: str) -> tuple[tuple[str, ...], ...]:
    from cfnlint.schema import PROVIDER_SCHEMA_MANAGER, ResourceNotFoundError

    try:
        schema = PROVIDER_SCHEMA_MANAGER.get_resource_schema(SCHEMA_REGION, type_name).schema
    except ResourceNotFoundError:
        return ()
    return tuple(tuple(pointer.split("/")[2:]) for pointer in schema.get(key, []) if pointer.startswith("/properties/"))


def deploy_time_inputs(resolved: Any, parameters: Iterable[str]) -> list[str]:
    """Names of the deploy-time inputs a resolved CloudFormation value depends on."""
    names = set(parameters)
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            ref = value.get("Ref")
            if isinstance(ref, str) and ref in names:
                found.add(f"parameter {ref}")
            if "Fn::ImportValue" in value:
                found.add(f"import {json.dumps(value['Fn::ImportValue'], sort_keys=True)}")
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and "{{resolve:" in value:
            found.add(f"dynamic reference {value[value.index('{{resolve:'):].split('}}')[0]}}}}}")

    walk(resolved)
    return sorted(found)


def warn_replacements(scope: IConstruct) -> None:
    """Warn, on each resource under ``scope``, about create-only properties fed by deploy-time inputs."""
    stack = Stack.of(scope)
    parameters = [stack.get_logical_id(child) for child in stack.node.find_all() if is_a(child, CfnParameter)]
    for node in scope.node.find_all():
        kind = resource_type(node)
        if kind not in CREATE_ONLY:
            continue
        replaced, properties = CREATE_ONLY[kind]
        for name in properties:
            inputs = deploy_time_inputs(_property(stack, node, name), parameters)
            if inputs:
                Annotations.of(node).add_warning_v2(
                    WARNING_ID,
                    f"{node.node.path}: {name} is create-only and comes from {', '.join(inputs)}; changing "
                    f"that value at deploy time replaces {replaced}.")


def _property(stack: Stack, node: CfnResource, name: str) -> Any:
    """An L1 property by its Python attribute name (VpcConfig -> vpc_config), resolved."""
    attribute = "".join("_" + char.lower() if char.isupper() else char for char in name).lstrip("_")
    return stack.resolve(getattr(node, attribute, None))
