"""Planners: compute layouts and instance counts from what endpoints ask for."""
from __future__ import annotations

from .mig_planner import MigDemand, MigPlan, plan_mig

__all__ = ["MigDemand", "MigPlan", "plan_mig"]
