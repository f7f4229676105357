"""The inference add-on's gateway controller: its IRSA role (it issues the gateway's certificate through cert-manager
and imports it into ACM) and the add-on configuration keys that turn it on.

AWS's Inference Gateway page: the role must exist before the add-on is installed or updated with
``inferenceGateway.enabled``, and carries the managed policy ``AmazonSageMakerHyperPodInferenceGatewayAccess``.
"""
from __future__ import annotations

from typing import Any

from aws_cdk import aws_iam as iam
from constructs import Construct

from .irsa import service_account_principal
from .nag import acknowledge, managed_policy

GATEWAY_NAMESPACE = "hyperpod-inference-system"
GATEWAY_CONTROLLER_SERVICE_ACCOUNT = "inference-gateway-controller"
GATEWAY_MANAGED_POLICY = "AmazonSageMakerHyperPodInferenceGatewayAccess"


class InferenceGatewayController(Construct):
    """The gateway controller's role; ``addon_configuration`` is what the add-on's configuration gets."""

    def __init__(self, scope: Construct, construct_id: str, *, oidc_provider: iam.IOidcProvider) -> None:
        super().__init__(scope, construct_id)
        self._role = iam.Role(
            self, "Role",
            assumed_by=service_account_principal(self, oidc_provider, GATEWAY_NAMESPACE,
                                                 GATEWAY_CONTROLLER_SERVICE_ACCOUNT),
            managed_policies=[iam.ManagedPolicy.from_aws_managed_policy_name(GATEWAY_MANAGED_POLICY)],
            description="HyperPod Inference Gateway controller: issues gateway certificates and imports them into ACM")
        acknowledge(self._role, "AwsSolutions-IAM4", f"{GATEWAY_MANAGED_POLICY} is the policy AWS documents for the "
                    "gateway controller.", managed_policy(GATEWAY_MANAGED_POLICY))

    @property
    def role(self) -> iam.Role:
        """The controller's IRSA role: it issues the gateway's certificate and imports it into ACM."""
        return self._role

    def addon_configuration(self) -> dict[str, Any]:
        """The add-on's ``inferenceGateway`` key."""
        return {"inferenceGateway": {"enabled": True, "serviceAccount": {"roleArn": self._role.role_arn}}}
