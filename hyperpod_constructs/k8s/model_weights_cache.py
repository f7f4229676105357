"""ModelWeightsCacheConfig (inference.sagemaker.aws.amazon.com/v1, operator v3.3): the dump of its record, which
pre-warms the local NVMe of the nodes it selects with a model's weights."""
from __future__ import annotations

from typing import Any

import cdk8s

from ..intent.model_cache import API_VERSION, WEIGHTS_CACHE_KIND
from ..resolve.records import ModelWeightsCacheRecord
from .api_objects import MANAGED_BY_LABEL, add_typed_object
from .operator_spec import operator_object


def weights_cache_manifest(cache: ModelWeightsCacheRecord) -> dict[str, Any]:
    """The ModelWeightsCacheConfig as a plain dict, with the library's managed-by label."""
    manifest = operator_object(API_VERSION, WEIGHTS_CACHE_KIND, cache.name, cache.namespace, cache)
    manifest["metadata"]["labels"] = dict(MANAGED_BY_LABEL)
    return manifest


def add_weights_cache_object(chart: cdk8s.Chart, cache: ModelWeightsCacheRecord) -> cdk8s.ApiObject:
    """The ModelWeightsCacheConfig, added to ``chart`` as the class ``cdk8s import`` generated for it."""
    from .imports import model_weights_cache_config as mwcc  # loads its jsii assembly: only when one exists
    return add_typed_object(chart, mwcc.ModelWeightsCacheConfig, mwcc.ModelWeightsCacheConfigSpec,
                            weights_cache_manifest(cache), cache.where)
