"""Deploy-time values: specs skip format checks on CDK tokens, which CloudFormation resolves later."""
from __future__ import annotations


def is_token(value: object) -> bool:
    """True for an unresolved CDK token string (a value only known at deploy time)."""
    return isinstance(value, str) and "${Token[" in value
