"""One Lambda function for every custom resource that talks to the EKS cluster, so one kubectl/Helm layer ships.

``Custom::HyperPodHelmChart`` installs HyperPod's dependency Helm chart (``helm_installer``);
``Custom::HyperPodManifests`` applies the platform's rendered manifests (``manifest_applier``).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import helm_installer
import manifest_applier

HANDLERS: dict[str, Callable[[Mapping[str, Any], Any], dict[str, Any]]] = {
    "Custom::HyperPodHelmChart": helm_installer.handler,
    "Custom::HyperPodManifests": manifest_applier.handler,
}


def handler(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    resource_type = event.get("ResourceType", "")
    if resource_type not in HANDLERS:
        raise ValueError(f"this function handles {', '.join(sorted(HANDLERS))}, not {resource_type!r}")
    return HANDLERS[resource_type](event, context)
