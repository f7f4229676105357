"""The composition users start from."""
from .platform import HyperPodInferencePlatform
from .plan import Plan, PlannedEndpoint

__all__ = ["HyperPodInferencePlatform", "Plan", "PlannedEndpoint"]
