"""Grants for the user's own principals, on the principal's identity policy (``iam.Grant.add_to_principal``).

A principal without an identity policy (a service or account principal, ``iam.AnyPrincipal``) cannot take the
statement: ``iam.Grant.add_to_principal`` then returns a grant that did nothing, which aws-cdk-lib leaves to the
caller to check. Here it is an error at synth, naming the grantee, instead of a permission silently missing.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from aws_cdk import aws_iam as iam

from ..errors import require

PRINCIPAL_WITH_POLICY = ("a principal with an identity policy: an iam.Role (created or iam.Role.from_role_arn), "
                         "iam.User, iam.Group or a Lambda function; a service or account principal has none")


def grant_to_principal(where: str, grantee: iam.IGrantable, actions: Sequence[str], resource_arns: Sequence[str],
                       conditions: Optional[Mapping[str, Any]] = None) -> iam.Grant:
    """``actions`` on ``resource_arns`` (with ``conditions``) in ``grantee``'s own policy; raises naming ``grantee``
    when it has no identity policy to add them to."""
    grant = iam.Grant.add_to_principal(grantee=grantee, actions=list(actions), resource_arns=list(resource_arns),
                                       conditions=dict(conditions) if conditions else None)
    require(grant.success, where, "grantee", grantee, PRINCIPAL_WITH_POLICY)
    return grant
