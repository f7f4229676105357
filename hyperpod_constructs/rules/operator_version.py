"""Fields and kinds newer than the operator add-on the platform pins: the add-on must carry the operator version
that first has them (``catalog/operator_versions.py``). v3.3's come from its CRD; v3.4-v3.7's are typed from the
documentation (``intent/operator_fields.py``); the table knows the add-on of v3.4 and earlier, so a v3.5+ field is
refused on an add-on version known to run an older operator and passes on one newer than the table."""
from __future__ import annotations

from typing import Iterator

from ..catalog.operator_versions import addon_predates, first_known_addon_for
from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.records import CustomSpec, SharedSpec
from .registry import problem_rule

V3_3 = "3.3"


def _operator_fields(shared: SharedSpec, spec: object) -> Iterator[tuple[str, object, str]]:
    """(field, value, first operator version) of each versioned operator field the endpoint sets."""
    if shared.model_cache is not None:
        yield "model_cache", "ModelCache(...)", V3_3
    if shared.load_balancer is not None and shared.load_balancer.idle_timeout_s is not None:
        yield "load_balancer.idle_timeout_s", shared.load_balancer.idle_timeout_s, V3_3
    for field in ("metrics_sidecar_resources", "metrics_collector_resources", "s3_uploader_resources"):
        if getattr(shared, field) is not None:
            yield field, "ContainerResources(...)", "3.4"
    if isinstance(spec, CustomSpec) and spec.pod_template_annotations:
        yield "pod_template_annotations", dict(spec.pod_template_annotations), "3.6"
    if shared.tolerations:
        yield "tolerations", f"{len(shared.tolerations)} toleration(s)", "3.7"
    if shared.lmcache_mode is not None:
        yield "lmcache_mode", shared.lmcache_mode, "3.7"


def needs_operator(operator: str, pinned: str) -> str:
    """What a field of ``operator`` needs, said to someone who pinned add-on ``pinned``."""
    first = first_known_addon_for(operator)
    pin = (f"pin {first} or later" if first is not None else
           "pin an add-on version that runs it (newer than the versions this library knows: "
           "aws eks describe-addon-versions --addon-name amazon-sagemaker-hyperpod-inference)")
    carried = f", which the add-on carries from {first}" if first is not None else ""
    return (f"the inference operator v{operator}{carried}; operator.addon_version={pinned!r} is older: {pin} in "
            "InferenceOperatorOptions(addon_version=...), or leave it unset")


@problem_rule("operator-version")
def operator_version(platform: ResolvedPlatform) -> list[str]:
    """An operator field or kind with an add-on version pinned below the one that carries its operator version."""
    pinned = platform.operator_addon_version
    if pinned is None:
        return []
    found = [format_problem(endpoint.where, field, value, f"{field} only with {needs_operator(operator, pinned)}")
             for endpoint in platform.endpoints if endpoint.shared is not None
             for field, value, operator in _operator_fields(endpoint.shared, endpoint.spec)
             if addon_predates(pinned, operator)]
    if addon_predates(pinned, V3_3):
        found += [format_problem(cache.where, "kind", "ModelWeightsCacheConfig",
                                 f"a ModelWeightsCacheConfig only with {needs_operator(V3_3, pinned)}")
                  for cache in platform.weights_caches]
    return found
