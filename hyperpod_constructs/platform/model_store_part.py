"""The model store part: FSx for Lustre linked to an S3 prefix, which ``ModelSource.fsx(...)`` reads weights from."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aws_cdk import RemovalPolicy
from constructs import Construct

from ..aws.model_store import ModelStoreFileSystem
from ..aws.network import HyperPodNetwork
from ..intent.model_store import ModelStore


@dataclass(frozen=True)
class ModelStoreContext:
    spec: Optional[ModelStore]  # the ``model_store=`` given; None builds nothing
    network: HyperPodNetwork
    removal_policy: RemovalPolicy


def build_model_store(scope: Construct, context: ModelStoreContext) -> Optional[ModelStoreFileSystem]:
    """``<scope>/ModelStore`` in the network's first HyperPod subnet, or None without a model store."""
    if context.spec is None:
        return None
    return ModelStoreFileSystem(scope, "ModelStore", spec=context.spec, network=context.network,
                                removal_policy=context.removal_policy)
