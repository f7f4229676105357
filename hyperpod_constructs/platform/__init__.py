"""The composition users start from."""
from .plan import Plan, PlannedEndpoint
from .platform import HyperPodInferencePlatform, Observability

__all__ = ["HyperPodInferencePlatform", "Observability", "Plan", "PlannedEndpoint"]
