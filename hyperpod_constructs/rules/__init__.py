"""Cross-resource rules, each registered once by id and run over the resolved platform (see ``registry``).

"""
from __future__ import annotations

# Imported for registering their rules, in report order: the cluster's own rules, capacity, the network, then each endpoint's.
from . import (  # noqa: F401, I001
    instance_groups, node_autoscaling, capacity, network, endpoints, tiered_storage, disaggregation, operator_version,
    weights_cache, inference_gateway, request_path, pinning, patching, bring_up)
from .registry import RULES, Rule, advice, problems

__all__ = ["RULES", "Rule", "advice", "problems"]
