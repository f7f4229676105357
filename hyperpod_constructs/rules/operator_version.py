"""Fields and kinds newer than the operator add-on the platform pins: the add-on must carry the operator version
that first has them (``catalog/operator_versions.py``)."""
from __future__ import annotations

from typing import Iterator

from ..catalog.operator_versions import addon_carries, first_addon_for
from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.records import SharedSpec
from .registry import problem_rule

V3_3 = "3.3"


def _v3_3_fields(shared: SharedSpec) -> Iterator[tuple[str, object]]:
    """(field, value) of each operator v3.3 field the endpoint sets."""
    if shared.model_cache is not None:
        yield "model_cache", "ModelCache(...)"
    if shared.load_balancer is not None and shared.load_balancer.idle_timeout_s is not None:
        yield "load_balancer.idle_timeout_s", shared.load_balancer.idle_timeout_s


@problem_rule("operator-version")
def operator_version(platform: ResolvedPlatform) -> list[str]:
    """A v3.3 field or kind with an add-on version pinned below the one that carries operator v3.3."""
    pinned = platform.operator_addon_version
    if pinned is None or addon_carries(pinned, V3_3):
        return []
    first = first_addon_for(V3_3)
    needs = (f"the inference operator v{V3_3}, which the add-on carries from {first}; "
             f"operator.addon_version={pinned!r} is older: pin {first} or later in "
             "InferenceOperatorOptions(addon_version=...), or leave it unset")
    found = [format_problem(endpoint.where, field, value, f"{field} only with {needs}")
             for endpoint in platform.endpoints if endpoint.shared is not None
             for field, value in _v3_3_fields(endpoint.shared)]
    found += [format_problem(cache.where, "kind", "ModelWeightsCacheConfig", f"a ModelWeightsCacheConfig only with {needs}")
              for cache in platform.weights_caches]
    return found
