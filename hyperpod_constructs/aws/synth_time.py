"""Work done once the app is complete (endpoints are added after the platform is constructed), and the assets it
stages.

``at_synth`` runs a callback from an aspect on an empty leaf construct, so it visits one node. Unless the app
enables aspect stabilization, other aspects (tags) do not visit what the callback creates: create only resources
that take no tags there (functions and roles are made beforehand).
"""
from __future__ import annotations

from typing import Callable

import jsii
from aws_cdk import AspectPriority, Aspects, IAspect
from constructs import Construct, IConstruct

from ..error_output import crossing_jsii

# The CDK context key tools like SAM set to make assets point at their sources instead of copies: the staging
# folder must then be kept.
DISABLE_ASSET_STAGING = "aws:cdk:disable-asset-staging"


def at_synth(scope: Construct, construct_id: str, callback: Callable[[], None]) -> None:
    """Call ``callback`` once the app is complete."""
    Aspects.of(Construct(scope, construct_id)).add(_AtSynth(callback), priority=AspectPriority.MUTATING)


def keeps_staging(scope: Construct) -> bool:
    """True when assets point at their source folders, so a temporary one must not be removed."""
    return bool(scope.node.try_get_context(DISABLE_ASSET_STAGING))


@jsii.implements(IAspect)
class _AtSynth:
    def __init__(self, callback: Callable[[], None]) -> None:
        self._callback = callback

    def visit(self, node: IConstruct) -> None:
        with crossing_jsii():  # an error here reaches the user through jsii: still printed as its message
            self._callback()
