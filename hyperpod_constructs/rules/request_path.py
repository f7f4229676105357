"""Rules along the request path: the gateway's scheduler against the endpoint whose pods it selects, and an
endpoint's own vLLM arguments against its model mount (``resolve.request_path`` reads both once)."""
from __future__ import annotations

from typing import Iterator, Optional

from ..errors import format_problem
from ..resolve.gateway_records import GatewayRecord, SchedulerRecord
from ..resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from ..resolve.request_path import EngineView, engine_view, selected_endpoint
from .registry import advice_rule, problem_rule


def _scheduled(platform: ResolvedPlatform) -> Iterator[tuple[GatewayRecord, int, SchedulerRecord,
                                                            Optional[ResolvedEndpoint]]]:
    for gateway in platform.gateways:
        for index, scheduler in enumerate(gateway.schedulers):
            yield gateway, index, scheduler, selected_endpoint(scheduler.model_selector, gateway.namespace,
                                                               platform.endpoints)


def _views(platform: ResolvedPlatform) -> dict[str, EngineView]:
    return {endpoint.key: view for endpoint in platform.endpoints if (view := engine_view(endpoint)) is not None}


@problem_rule("gateway-scheduler-endpoint-known")
def gateway_scheduler_endpoint_known(platform: ResolvedPlatform) -> list[str]:
    """A scheduler selecting ``app=<name>`` selects the pods of an endpoint of the platform in the gateway's
    namespace (the operator labels an endpoint's pods ``app=<endpoint name>``); otherwise it has no pods."""
    problems = []
    for gateway, index, scheduler, endpoint in _scheduled(platform):
        app = dict(scheduler.model_selector).get("app")
        if app is None or endpoint is not None:
            continue
        known = sorted(other.name for other in platform.endpoints
                       if other.spec is not None and other.namespace == gateway.namespace)
        problems.append(format_problem(
            gateway.where, f"schedulers[{index}].model_selector", dict(scheduler.model_selector),
            f"app=<the name of an endpoint in namespace {gateway.namespace!r}> ({', '.join(known) or 'none yet'}): "
            f"add endpoint {app!r} to the platform, or select an existing one with "
            "GatewayScheduler.for_endpoint(<endpoint name>, ...)"))
    return problems


@problem_rule("gateway-model-name-served")
def gateway_model_name_served(platform: ResolvedPlatform) -> list[str]:
    """A scheduler's ``model_name`` is a name the selected engine serves: vLLM serves its model path unless
    ``--served-model-name`` says otherwise, and answers 404 to any other name."""
    views, problems = _views(platform), []
    for gateway, index, scheduler, endpoint in _scheduled(platform):
        view = views.get(endpoint.key) if endpoint is not None else None
        if view is None or scheduler.model_name in view.served_names:
            continue
        problems.append(format_problem(
            gateway.where, f"schedulers[{index}].model_name", scheduler.model_name,
            f"a name endpoint {endpoint.name!r} serves ({', '.join(view.served_names) or 'none'}): set "  # type: ignore[union-attr]
            f"model_name={view.served_names[0]!r}, or add '--served-model-name', {scheduler.model_name!r} to the "
            "endpoint's args" if view.served_names else "a name the endpoint's args serve"))
    return problems


@problem_rule("gateway-target-port")
def gateway_target_port(platform: ResolvedPlatform) -> list[str]:
    """A scheduler's ``target_port`` is the selected endpoint's container port, and the engine listens on it."""
    views, problems = _views(platform), []
    for gateway, index, scheduler, endpoint in _scheduled(platform):
        port = getattr(endpoint.spec, "port", None) if endpoint is not None else None
        if port is None or scheduler.target_port == port:
            continue
        problems.append(format_problem(
            gateway.where, f"schedulers[{index}].target_port", scheduler.target_port,
            f"endpoint {endpoint.name!r}'s port {port} (InferenceEndpoint.port): set target_port={port}"))  # type: ignore[union-attr]
    for endpoint in platform.endpoints:
        view = views.get(endpoint.key)
        port = getattr(endpoint.spec, "port", None)
        if view is not None and port is not None and view.port != port:
            problems.append(format_problem(
                endpoint.where, "args[--port]", view.port,
                f"the endpoint's port {port}: the engine listens on {view.port} while the operator sends requests "
                f"to {port}; drop --port from args (the library adds it) or set port={view.port}"))
    return problems


@problem_rule("gateway-lora-adapter-loaded")
def gateway_lora_adapter_loaded(platform: ResolvedPlatform) -> list[str]:
    """Each adapter a scheduler lists is loaded by the engine of the endpoint it selects (``--enable-lora`` and
    ``--lora-modules <name>=<path>``): a request naming it reaches that base model's pool and nowhere else."""
    views, problems = _views(platform), []
    loaders: dict[str, list[str]] = {}
    for endpoint in platform.endpoints:
        view = views.get(endpoint.key)
        for name in view.adapter_names if view is not None else ():
            loaders.setdefault(name, []).append(endpoint.name)
    for gateway, index, scheduler, endpoint in _scheduled(platform):
        view = views.get(endpoint.key) if endpoint is not None else None
        if view is None:
            continue
        for position, adapter in enumerate(scheduler.lora_adapters):
            if adapter in view.adapter_names and view.lora_enabled:
                continue
            if adapter in view.adapter_names:
                fix = f"add '--enable-lora' to endpoint {endpoint.name!r}'s args (vLLM loads no adapter without it)"  # type: ignore[union-attr]
            elif [other for other in loaders.get(adapter, []) if other != endpoint.name]:  # type: ignore[union-attr]
                others = ", ".join(other for other in loaders[adapter] if other != endpoint.name)  # type: ignore[union-attr]
                fix = (f"an adapter endpoint {endpoint.name!r} loads; endpoint(s) {others} load {adapter!r} on "  # type: ignore[union-attr]
                       "another base model: list it on that endpoint's scheduler")
            else:
                fix = (f"an adapter endpoint {endpoint.name!r}'s engine loads "  # type: ignore[union-attr]
                       f"({', '.join(view.adapter_names) or 'none'}): add '--enable-lora', '--lora-modules', "
                       f"'{adapter}=<adapter path under {view.mount_path}>' to its args, or drop the adapter")
            problems.append(format_problem(gateway.where, f"schedulers[{index}].lora_adapters[{position}]",
                                           adapter, fix))
    return problems


@problem_rule("engine-args-model-path")
def engine_args_model_path(platform: ResolvedPlatform) -> list[str]:
    """An endpoint's own vLLM args serve the model the operator mounts: the model path (first argument, or
    ``--model``) is the mount path or under it; without it vLLM serves its default model from the Hub."""
    problems = []
    for endpoint in platform.endpoints:
        view = engine_view(endpoint)
        if view is None:
            continue
        path = view.model_path
        mount = view.mount_path.rstrip("/")
        if path is not None and (path.rstrip("/") == mount or path.startswith(mount + "/")):
            continue
        problems.append(format_problem(
            endpoint.where, "args", path if path is not None else "(no model path)",
            f"the model path the operator mounts first: args=[{view.mount_path!r}, ...] (or a path under it); "
            "vLLM would otherwise load another model or none"))
    return problems


@advice_rule("gateway-pods-own-router")
def gateway_pods_own_router(platform: ResolvedPlatform) -> list[str]:
    """An endpoint whose pods a gateway's scheduler selects keeps its own intelligent router: two pickers then
    spread the same pods' requests without seeing each other's, and the router's own pods cost for nothing."""
    notes = []
    for gateway, index, scheduler, endpoint in _scheduled(platform):
        if endpoint is None or endpoint.shared is None or endpoint.shared.routing is None:
            continue
        notes.append(f"{endpoint.where}: routing={endpoint.shared.routing.strategy!r} while {gateway.where}'s "
                     f"scheduler {scheduler.name!r} (schedulers[{index}]) selects the same pods: requests through "
                     "the gateway bypass the router, and requests through the router bypass the scheduler; attach "
                     f"the endpoint with inference_gateway={gateway.name!r} (its router is then left off), or set "
                     "routing=None")
    return notes
