"""Run the registered cross-resource rules the way the platform does, without synthesizing an app."""
from __future__ import annotations

from typing import Union

from hyperpod_constructs import rules
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


def with_endpoints(platform: ResolvedPlatform, *endpoints: Endpoint) -> ResolvedPlatform:
    for endpoint in endpoints:
        platform = platform.with_endpoint(resolve_endpoint(endpoint, platform))
    return platform


def endpoint_problems(platform: ResolvedPlatform, endpoint: Endpoint) -> list[str]:
    """The problems the platform lists about ``endpoint``: those whose location names it (or one of its sides)."""
    return [problem for problem in rules.problems(with_endpoints(platform, endpoint))
            if f"'{endpoint.name}" in problem.split(":", 1)[0]]
