"""JumpStartModel (inference.sagemaker.aws.amazon.com/v1): a SageMaker JumpStart model deployment's manifest."""
from __future__ import annotations

from typing import Any

from ..intent.jumpstart import API_VERSION, KIND, JumpStartEndpoint
from ..intent.mig import normalize_partition
from ..intent.platform_model import ResolvedPlatform
from .operator_spec import common_spec, put


def jumpstart_manifest(endpoint: JumpStartEndpoint, platform: ResolvedPlatform) -> dict[str, Any]:
    """The JumpStartModel as a plain dict (unset options omitted: the operator's defaults apply)."""
    endpoint = endpoint.resolve()
    model: dict[str, Any] = {"modelId": endpoint.model_id, "acceptEula": endpoint.accept_eula}
    put(model, "modelHubName", endpoint.hub_name)
    put(model, "modelVersion", endpoint.model_version)
    put(model, "gatedModelDownloadRole", endpoint.gated_model_role_arn)
    server: dict[str, Any] = {"instanceType": endpoint.instance_type}
    put(server, "executionRole", endpoint.execution_role_arn)
    if endpoint.accelerator_partition is not None:
        server["acceleratorPartitionType"] = "mig-" + normalize_partition(endpoint.accelerator_partition,
                                                                           endpoint.where)
    spec: dict[str, Any] = {"model": model, "server": server}
    if endpoint.sagemaker_endpoint_name is not None:
        spec["sageMakerEndpoint"] = {"name": endpoint.sagemaker_endpoint_name}
    put(spec, "replicas", endpoint.replicas)
    put(spec, "maxDeployTimeInSeconds", endpoint.max_deploy_time_s)
    if endpoint.environment:
        spec["environmentVariables"] = [{"name": key, "value": value} for key, value in endpoint.environment.items()]
    spec.update(common_spec(endpoint, platform, endpoint.model_id))
    return {"apiVersion": API_VERSION, "kind": KIND,
            "metadata": {"name": endpoint.name, "namespace": endpoint.resolved_namespace(platform)}, "spec": spec}
