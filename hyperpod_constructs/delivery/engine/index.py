"""One Lambda function for every custom resource that talks to the EKS cluster, so one kubectl/Helm layer ships.

``Custom::HyperPodHelmChart`` installs HyperPod's dependency Helm chart (``helm_installer``);
``Custom::HyperPodManifests`` applies the platform's rendered manifests (``manifest_applier``);
``Custom::HyperPodTieredKvCache`` sizes HyperPod's tiered-storage daemon and pins it to its nodes
(``daemon_configurer``).
Both run under ``custom_resources.Provider`` with an ``isComplete`` handler: ``on_event`` checks the request and
stamps its deadline; ``is_complete`` does the work, as many times as the framework calls it, until it is done
(``{"IsComplete": True, "Data": ...}``), not yet (``{"IsComplete": False}``) or failed (an exception, whose
message CloudFormation shows).
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Mapping

import daemon_configurer
import fencing
import helm_installer
import manifest_applier
import reasons
import time_budget
from time_budget import DEADLINE_FIELD, Budget

# Each module has on_event(event) -> {"PhysicalResourceId": ...} and is_complete(event, budget).
HANDLERS: dict[str, ModuleType] = {
    "Custom::HyperPodHelmChart": helm_installer,
    "Custom::HyperPodManifests": manifest_applier,
    "Custom::HyperPodTieredKvCache": daemon_configurer,
}
TIMEOUT_PROPERTY = "TimeoutSeconds"  # how long after its first event a request may run before it fails


def _handler(event: Mapping[str, Any]) -> ModuleType:
    resource_type = event.get("ResourceType", "")
    if resource_type not in HANDLERS:
        raise ValueError(f"this function handles {', '.join(sorted(HANDLERS))}, not {resource_type!r}")
    return HANDLERS[resource_type]


class Failed(RuntimeError):
    """A request's failure, its reason cut to fit CloudFormation's response (``reasons.fit``)."""


def _fitting(event: Mapping[str, Any], context: Any, handle: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return handle()
    except Exception as error:  # noqa: BLE001 - every failure's reason reaches CloudFormation: it must fit
        message = str(error)
        fitted = reasons.fit(message, event, getattr(context, "function_name", ""))
        if fitted == message:
            raise
        raise Failed(fitted) from error


def on_event(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    return _fitting(event, context, lambda: _on_event(event))


def _on_event(event: Mapping[str, Any]) -> dict[str, Any]:
    response = _handler(event).on_event(event)
    timeout = str(event.get("ResourceProperties", {}).get(TIMEOUT_PROPERTY, ""))
    if not timeout.isdigit():
        raise ValueError(f"custom resource property {TIMEOUT_PROPERTY} must be a whole number of seconds, not {timeout!r}")
    started = time_budget.now()  # orders the requests of one resource: every handler's fencing reads it
    return {**response, DEADLINE_FIELD: started + int(timeout), fencing.STARTED_FIELD: started}


def is_complete(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    return _fitting(event, context, lambda: _is_complete(event, context))


def _is_complete(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    deadline = event.get(DEADLINE_FIELD)
    timeout = str(event.get("ResourceProperties", {}).get(TIMEOUT_PROPERTY, ""))
    started = deadline - int(timeout) if deadline is not None and timeout.isdigit() else None
    return _handler(event).is_complete(event, Budget(context, deadline, started))
