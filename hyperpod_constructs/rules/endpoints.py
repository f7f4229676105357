"""Rules between each endpoint (or scaled workload) and the platform it runs on."""
from __future__ import annotations

from typing import Iterator, Optional

from ..catalog.operator_versions import REDIS_L2_IGNORED_BY, REDIS_L2_ISSUE, operator_version
from ..errors import format_problem
from ..intent.kv_cache import L2Backend
from ..resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from ..resolve.records import CustomSpec, JumpStartSpec, ScalingRecord
from ..resolve.tiered_kv_cache import (
    CACHE_BUFFER_GIB, DAEMON_NAME, DAEMON_NAMESPACE, daemon_sizing, l2_tiered_storage_types, memory_percent,
    resolve_tiered_kv_cache_daemon,
)
from .registry import advice_rule, problem_rule


def _endpoints(platform: ResolvedPlatform) -> Iterator[ResolvedEndpoint]:
    """The platform's endpoints' records (those built from a declaration: with a spec)."""
    return (endpoint for endpoint in platform.endpoints if endpoint.spec is not None and endpoint.shared is not None)


@problem_rule("instance-type-served")
def instance_type_served(platform: ResolvedPlatform) -> list[str]:
    """Every instance type an endpoint may run on is the type of some instance group."""
    served = ", ".join(sorted({group.instance_type for group in platform.instance_groups})) or "none"
    problems: list[str] = []
    for endpoint in _endpoints(platform):
        spec = endpoint.spec
        explicit = isinstance(spec, JumpStartSpec) or (isinstance(spec, CustomSpec) and spec.instance_type)
        types = (spec.instance_type,) if isinstance(spec, JumpStartSpec) else spec.placement_types  # type: ignore[union-attr]
        for index, name in enumerate(types):
            if not platform.groups_of_type(name):
                problems.append(format_problem(
                    endpoint.where, "instance_type" if explicit else f"instance_types[{index}]", name,
                    f"an instance type served by an instance group; the platform's groups run: {served}"))
    return problems


@problem_rule("fsx-needs-model-store")
def fsx_needs_model_store(platform: ResolvedPlatform) -> list[str]:
    """``ModelSource.fsx()`` without its own file system reads the platform's model store."""
    if platform.model_store is not None:
        return []
    return [format_problem(endpoint.where, "model", "ModelSource.fsx()",
                           "the platform has no model store: give the platform a ModelStore, or pass "
                           "file_system=fsx.IFileSystem")
            for endpoint in _endpoints(platform)
            if isinstance(endpoint.spec, CustomSpec) and endpoint.spec.model.reads_model_store]


@problem_rule("sagemaker-endpoint-names-unique")
def sagemaker_endpoint_names_unique(platform: ResolvedPlatform) -> list[str]:
    """Each endpoint registers a SageMaker endpoint name of its own: the names are unique in an account and region, and
    a CloudWatch trigger reads the traffic of the endpoint by that name (a second endpoint would scale on the first's)."""
    first: dict[str, str] = {}
    problems: list[str] = []
    for endpoint in _endpoints(platform):
        name = endpoint.shared.sagemaker_endpoint_name  # type: ignore[union-attr]
        if not name:
            continue
        owner = first.setdefault(name, endpoint.name)
        if owner != endpoint.name:
            problems.append(format_problem(
                endpoint.where, "sagemaker_endpoint_name", name,
                f"a name of its own: endpoint {owner!r} already registers SageMaker endpoint {name!r} (names are "
                "unique per account and region, and this endpoint's CloudWatch triggers would read the other's "
                f"traffic); use e.g. sagemaker_endpoint_name={endpoint.name!r}"))
    return problems


@problem_rule("fsx-path-in-model-store")
def fsx_path_in_model_store(platform: ResolvedPlatform) -> list[str]:
    """``ModelSource.fsx(path)`` on the model store names a path under its ``file_system_path``: the linked S3 objects
    appear there and nowhere else on the file system."""
    store = platform.model_store
    if store is None:
        return []
    folder = store.file_system_path.strip("/")
    problems: list[str] = []
    for endpoint in _endpoints(platform):
        model = endpoint.spec.model if isinstance(endpoint.spec, CustomSpec) else None
        if model is None or not model.reads_model_store:
            continue
        path = model.location or ""
        if path == folder or path.startswith(folder + "/"):
            continue
        linked = f" (the objects of {store.import_path})" if store.import_path else ""
        problems.append(format_problem(
            endpoint.where, "model.path", path or None,
            f"a path under the model store's file_system_path {store.file_system_path!r}, where its linked S3 "
            f"objects{linked} appear; the weights are not at {('/' + path) if path else 'the root'}: use "
            f"ModelSource.fsx({(folder + '/' + path + '/') if path else (folder + '/<model>/')!r})"))
    return problems


@problem_rule("l2-needs-tiered-storage")
def l2_needs_tiered_storage(platform: ResolvedPlatform) -> list[str]:
    """KV-cache L2 ``tieredstorage`` needs the cluster's tiered storage."""
    if platform.tiered_storage_enabled:
        return []
    return [format_problem(endpoint.where, "kv_cache.l2", "tieredstorage",
                           "L2 tiered storage needs the HyperPod cluster's TieredStorageConfig (Mode=Enable); "
                           "enable tiered storage on the platform or use L2Cache.redis(url)")
            for endpoint in _endpoints(platform)
            if endpoint.shared is not None and endpoint.shared.kv_cache is not None
            and endpoint.shared.kv_cache.l2_backend == L2Backend.TIERED_STORAGE.value]


@problem_rule("tiered-kv-cache-one-instance-type")
def tiered_kv_cache_one_instance_type(platform: ResolvedPlatform) -> list[str]:
    """HyperPod runs one tiered-storage daemon, sized as a share of one instance type's memory: the groups that serve
    L2 tiered-storage endpoints are all of one type."""
    served = [(where, name) for where, name in l2_tiered_storage_types(platform) if platform.groups_of_type(name)]
    types = sorted({name for _, name in served})
    if not platform.tiered_storage_enabled or len(types) < 2:
        return []
    return [format_problem(where, "kv_cache.l2", "tieredstorage",
                           "L2 tiered-storage endpoints on groups of one instance type: HyperPod's tiered-storage "
                           "daemon gets one memory size, a share of that type's memory; these endpoints run on "
                           f"{', '.join(types)} (use L2Cache.redis(url) on the others)")
            for where in sorted({where for where, _ in served})]


@problem_rule("tiered-kv-cache-room")
def tiered_kv_cache_room(platform: ResolvedPlatform) -> list[str]:
    """The cluster's tiered-storage share of an instance leaves the L2 cache at least 1 GiB past the daemon's own."""
    if not platform.tiered_storage_enabled:
        return []
    percent = memory_percent(platform)
    problems = []
    for name in sorted({name for _, name in l2_tiered_storage_types(platform)}):
        groups = platform.groups_of_type(name)
        if not groups:
            continue
        memory_gib = groups[0].info.memory_gib
        if daemon_sizing(memory_gib, percent)[1] < 1:
            # Every catalog type has 4 GiB or more, so some share up to 50 % leaves 1 GiB.
            least = next(value for value in range(1, 101) if daemon_sizing(memory_gib, value)[1] >= 1)
            problems.append(format_problem(
                "cluster.tiered_storage", "memory_percent", percent,
                f"at least {least} for L2 tiered-storage endpoints on {name} ({memory_gib} GiB): the daemon keeps "
                f"{CACHE_BUFFER_GIB} GiB of its share for itself and the cache needs at least 1 GiB"))
    return problems


@advice_rule("l2-redis-ignored")
def l2_redis_ignored(platform: ResolvedPlatform) -> list[str]:
    """Redis L2 on an operator that ignores it (or on an unpinned add-on, which may be one): the endpoint silently
    gets the node's tiered storage instead."""
    addon = platform.operator_addon_version
    operator = operator_version(addon) if addon is not None else None
    if addon is not None and operator not in REDIS_L2_IGNORED_BY:
        return []
    affected = ", ".join(f"v{version}" for version in sorted(REDIS_L2_IGNORED_BY))
    if addon is None:
        cause = (f"the inference operator add-on version is not pinned, and where EKS's default runs operator "
                 f"{affected} (still the newest add-on in some regions) the operator ignores it")
    else:
        cause = f"operator=InferenceOperatorOptions(addon_version={addon!r}) runs operator v{operator}, which ignores it"
    return [f"{endpoint.where}: kv_cache.l2=L2Cache.redis(...): {cause} ({REDIS_L2_ISSUE}, open): l2CacheBackend: "
            "redis is dropped and LMCache is pointed at the node's tiered storage, so the endpoint has no Redis L2 "
            "cache; pin addon_version to an operator you have checked carries the fix, or use "
            "L2Cache.tiered_storage() with the cluster's tiered storage"
            for endpoint in _endpoints(platform)
            if endpoint.shared is not None and endpoint.shared.kv_cache is not None
            and endpoint.shared.kv_cache.l2_backend == L2Backend.REDIS.value]


def tiered_kv_cache_daemon_step(platform: ResolvedPlatform) -> list[str]:
    """Advice where the stack does not configure HyperPod's tiered-storage daemon itself (GitOps delivery): it is
    sized and pinned after deploy, by the exported script. Not a registered rule: only the platform knows how its
    manifests are delivered."""
    daemon = resolve_tiered_kv_cache_daemon(platform)
    if daemon is None:
        return []
    return [f"L2 tiered-storage endpoints: HyperPod runs its tiered-storage daemon ({DAEMON_NAMESPACE}/{DAEMON_NAME}) "
            f"on every node, sized for no instance type, until it is configured; after cdk deploy, run tiered-kv-cache/"
            f"configure_daemon.sh from platform.export() with kubectl for the cluster: it keeps the daemon on "
            f"{', '.join(daemon.instance_groups)} ({daemon.instance_type}) with {daemon.memory} of memory and a "
            f"{daemon.cache_capacity} cache."]


def _scalers(platform: ResolvedPlatform) -> Iterator[Optional[ScalingRecord]]:
    """Every autoscaling spec (each knows where it is declared): endpoints, their routers and sides, workloads."""
    for endpoint in _endpoints(platform):
        shared = endpoint.shared
        assert shared is not None
        yield shared.routing.autoscaling if shared.routing is not None else None
        yield shared.autoscaling
        if isinstance(endpoint.spec, CustomSpec) and endpoint.spec.disaggregation is not None:
            for side in endpoint.spec.disaggregation.sides:
                yield side.autoscaling
    for workload in platform.scaled_workloads:
        yield workload.autoscaling


@problem_rule("prometheus-trigger-server")
def prometheus_trigger_server(platform: ResolvedPlatform) -> list[str]:
    """A Prometheus trigger needs an AMP query URL: its own, or the platform's workspace."""
    return [format_problem(autoscaling.where, f"autoscaling.triggers[{trigger.name!r}].server_address", None,
                           "set server_address (an AMP workspace's query URL), or turn on the platform's "
                           "observability=Observability(), whose AMP workspace the trigger then reads")
            for autoscaling in _scalers(platform) if autoscaling is not None
            for trigger in autoscaling.prometheus_triggers if trigger.server_address is None]


@problem_rule("jumpstart-gated-model-role")
def jumpstart_gated_model_role(platform: ResolvedPlatform) -> list[str]:
    """A gated JumpStart model needs a role that may download it."""
    return [format_problem(
        endpoint.where, "model_id", endpoint.spec.model_id,  # type: ignore[union-attr]
        "a gated model only with a role that may download it: pass operator="
        "InferenceOperatorOptions(jumpstart_gated_models=True) to the platform, or gated_model_role_arn=... "
        "on the endpoint; accept_eula=True alone does not grant access (set gated=False if this model is "
        "not gated)")
        for endpoint in _endpoints(platform)
        if isinstance(endpoint.spec, JumpStartSpec) and endpoint.spec.is_gated
        and endpoint.spec.gated_model_role_arn is None and not platform.jumpstart_gated_models]


@problem_rule("data-capture-endpoint")
def data_capture_endpoint(platform: ResolvedPlatform) -> list[str]:
    """The SageMaker endpoint tier of data capture needs a registered SageMaker endpoint."""
    return [format_problem(
        endpoint.where, "data_capture.sagemaker_endpoint", True,
        "False, or set sagemaker_endpoint_name on the endpoint: the SageMaker endpoint tier captures at the "
        "SageMaker runtime boundary, which exists only for a registered endpoint")
        for endpoint in _endpoints(platform)
        if endpoint.shared is not None and endpoint.shared.data_capture is not None
        and endpoint.shared.data_capture.sagemaker_endpoint and not endpoint.shared.sagemaker_endpoint_name]
