"""The composition users start from."""
from .cost import CostReport
from .plan import Plan, PlannedEndpoint
from .platform import HyperPodInferencePlatform

__all__ = ["CostReport", "HyperPodInferencePlatform", "Plan", "PlannedEndpoint"]
