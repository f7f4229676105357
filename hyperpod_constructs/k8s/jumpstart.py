"""JumpStartModel (inference.sagemaker.aws.amazon.com/v1): a SageMaker JumpStart model deployment's manifest."""
from __future__ import annotations

from typing import Any

from ..intent.jumpstart import API_VERSION, KIND
from ..intent.platform_model import ResolvedEndpoint
from ..intent.records import JumpStartSpec
from .operator_spec import common_spec, put


def jumpstart_manifest(endpoint: ResolvedEndpoint) -> dict[str, Any]:
    """The JumpStartModel as a plain dict (unset options omitted: the operator's defaults apply)."""
    jumpstart, shared = endpoint.spec, endpoint.shared
    assert isinstance(jumpstart, JumpStartSpec) and shared is not None  # a record endpoint_resolution built
    model: dict[str, Any] = {"modelId": jumpstart.model_id, "acceptEula": jumpstart.accept_eula}
    put(model, "modelHubName", jumpstart.hub_name)
    put(model, "modelVersion", jumpstart.model_version)
    put(model, "gatedModelDownloadRole", jumpstart.gated_model_role_arn)
    server: dict[str, Any] = {"instanceType": jumpstart.instance_type}
    put(server, "executionRole", jumpstart.execution_role_arn)
    put(server, "acceleratorPartitionType", jumpstart.accelerator_partition_type)
    spec: dict[str, Any] = {"model": model, "server": server}
    if shared.sagemaker_endpoint_name is not None:
        spec["sageMakerEndpoint"] = {"name": shared.sagemaker_endpoint_name}
    put(spec, "replicas", shared.replicas)
    put(spec, "maxDeployTimeInSeconds", shared.max_deploy_time_s)
    if jumpstart.environment:
        spec["environmentVariables"] = [{"name": key, "value": value} for key, value in jumpstart.environment]
    spec.update(common_spec(shared))
    return {"apiVersion": API_VERSION, "kind": KIND,
            "metadata": {"name": endpoint.name, "namespace": endpoint.namespace}, "spec": spec}
