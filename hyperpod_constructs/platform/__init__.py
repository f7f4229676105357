"""The composition users start from."""
from .cost import CostReport
from .plan import Plan, PlannedEndpoint
from .platform import HyperPodInferencePlatform, Observability

__all__ = ["CostReport", "HyperPodInferencePlatform", "Observability", "Plan", "PlannedEndpoint"]
