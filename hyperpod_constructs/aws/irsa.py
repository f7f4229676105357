"""IAM roles for Kubernetes service accounts (IRSA): the trust a pod's service account needs to assume a role."""
from __future__ import annotations

from aws_cdk import CfnJson, aws_iam as iam
from constructs import Construct


def service_account_principal(scope: Construct, oidc: iam.IOidcProvider, namespace: str, service_account: str,
                              like: bool = False) -> iam.IPrincipal:
    """Trust for ``system:serviceaccount:<namespace>:<service_account>`` through the cluster's OIDC provider.

    ``like`` allows wildcards in namespace/name. The issuer is a deploy-time value, so the condition keys go
    through ``CfnJson`` (a plain dict cannot have a token as a key).
    """
    issuer = oidc.open_id_connect_provider_issuer
    subject = f"system:serviceaccount:{namespace}:{service_account}"
    conditions = CfnJson(scope, f"Trust{namespace}{service_account}".replace("*", "Any").replace("-", ""), value={
        f"{issuer}:sub": subject, f"{issuer}:aud": "sts.amazonaws.com"})
    return iam.OpenIdConnectPrincipal(oidc, {"StringLike" if like else "StringEquals": conditions})
