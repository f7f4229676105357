"""Cross-resource rules, each registered once by id and run over the resolved platform (see ``registry``).

"""
from __future__ import annotations

# Imported for registering their rules, in report order: the cluster's own rules, capacity, then each endpoint's.
from . import instance_groups, node_autoscaling, capacity, endpoints, disaggregation, inference_gateway  # noqa: F401, I001
from .registry import RULES, Rule, advice, problems

__all__ = ["RULES", "Rule", "advice", "problems"]
