"""The composition users start from."""
from .cost import CostReport
from .plan import Plan
from .platform import HyperPodInferencePlatform

__all__ = ["CostReport", "HyperPodInferencePlatform", "Plan"]
