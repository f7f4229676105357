"""The plan figures a template carries (``platform/plan_metadata.py`` writes them into ``Metadata``) and how two
versions' compare: the idle floor and the full-scale ceiling in nodes, GPUs and, with prices, $/month.

An idle floor with more GPUs than before is newly billed while idle: GPUs that run, and bill, with no traffic at all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..platform.plan_metadata import PLAN_METADATA_KEY

LEVELS = ("floor", "ceiling")


@dataclass(frozen=True)
class PlatformFigures:
    """One platform's figures, as ``plan_metadata.plan_figures`` wrote them."""

    figures: Mapping[str, Any]

    def total(self, level: str, unit: str) -> int:
        return int(self.figures.get(level, {}).get(unit, 0))

    def monthly(self, level: str) -> Optional[float]:
        cost = self.figures.get("costUsdPerMonth")
        return None if cost is None else float(cost[level])

    @property
    def unpriced_groups(self) -> tuple[str, ...]:
        """The instance groups the cost leaves out for want of a price (``group <name> (<type>)``)."""
        cost = self.figures.get("costUsdPerMonth") or {}
        return tuple(name for name in cost.get("unpriced") or () if str(name).startswith("group "))

    def group(self, name: str) -> Optional[Mapping[str, Any]]:
        return (self.figures.get("groups") or {}).get(name)

    @property
    def endpoint_count(self) -> int:
        """How many endpoints (or disaggregated sides) the platform has."""
        return int(self.figures.get("endpoints") or 0)


@dataclass(frozen=True)
class StackFigures:
    """Every platform's figures of one stack: what the instance group changes look up."""

    platforms: Mapping[str, PlatformFigures]
    placement: Optional[Mapping[str, frozenset[str]]] = None
    """Endpoint name -> the instance types it may run on, from OLD's manifests; None when they are not at hand."""

    def endpoints_on(self, group: Mapping[str, Any]) -> tuple[str, ...]:
        """The endpoints that may run on ``group``'s nodes: named from OLD's manifests, else counted from its figures
        (the template names no endpoint)."""
        instance_type = group.get("InstanceType")
        if self.placement is not None:
            return tuple(sorted(name for name, types in self.placement.items() if instance_type in types))
        figures = self.group(group.get("InstanceGroupName", "")) or {}
        count = int(figures.get("endpoints") or 0)
        return (f"{count} (pass --old-manifests to name them)",) if count else ()

    def group(self, name: str) -> Optional[Mapping[str, Any]]:
        return next((group for platform in self.platforms.values() for group in [platform.group(name)] if group), None)


def platform_figures(template: Mapping[str, Any]) -> Optional[dict[str, PlatformFigures]]:
    """Platform construct path -> its figures; None when the template carries none (synthesized by a version of
    the library that did not write them, or not a platform's template)."""
    found = (template.get("Metadata") or {}).get(PLAN_METADATA_KEY)
    if not isinstance(found, dict):
        return None
    return {path: PlatformFigures(figures) for path, figures in found.items() if isinstance(figures, dict)}


@dataclass(frozen=True)
class FiguresChange:
    """One platform's figures before and after (``old`` None: a new platform)."""

    path: str
    old: Optional[PlatformFigures]
    new: PlatformFigures

    @property
    def newly_billed_idle_gpus(self) -> int:
        """GPUs the idle floor adds: billed around the clock whether or not anything calls the endpoints."""
        before = self.old.total("floor", "gpus") if self.old is not None else 0
        return max(0, self.new.total("floor", "gpus") - before)

    @property
    def changed(self) -> bool:
        return self.old is None or any(
            self.old.total(level, unit) != self.new.total(level, unit) or self.old.monthly(level) != self.new.monthly(level)
            for level in LEVELS for unit in ("nodes", "gpus"))

    def lines(self) -> list[str]:
        lines = []
        for level, name in (("floor", "idle floor"), ("ceiling", "ceiling")):
            after = self._level(self.new, level)
            before = self._level(self.old, level) if self.old is not None else "none"
            lines.append(f"{name}: {before} -> {after}" if before != after else f"{name}: {after} (unchanged)")
        unpriced = [(side, figures.unpriced_groups) for side, figures in (("OLD", self.old), ("NEW", self.new))
                    if figures is not None and figures.unpriced_groups]
        if unpriced:  # a group left out of a total makes it lower: that is no saving
            lines.append("cost not comparable: no price for " + "; ".join(
                f"{', '.join(groups)} in {side}" for side, groups in unpriced) + " (left out of its totals, not $0)")
        return lines

    @staticmethod
    def _level(figures: PlatformFigures, level: str) -> str:
        nodes, gpus = figures.total(level, "nodes"), figures.total(level, "gpus")
        monthly = figures.monthly(level)
        unpriced = " + unpriced" if figures.unpriced_groups else ""
        cost = f", ${monthly:,.2f}/month{unpriced}" if monthly is not None else ""
        return f"{nodes} node{'' if nodes == 1 else 's'}, {gpus} GPU{'' if gpus == 1 else 's'}{cost}"


def figures_changes(old: Optional[Mapping[str, PlatformFigures]],
                    new: Optional[Mapping[str, PlatformFigures]]) -> tuple[FiguresChange, ...]:
    """Per platform of NEW, its figures against OLD's (old side None for a platform OLD does not hold)."""
    if new is None:
        return ()
    return tuple(FiguresChange(path, (old or {}).get(path), figures) for path, figures in sorted(new.items()))
